"""``LiarsDiceBoard``: the Liar's Dice table widget, its odds panel, "place your bet" and what-if modes.

The engine's ``State`` stays in Python. The browser gets small JSON projections built from the learner's
own observation (``table``, ``odds``, ``simulation``, ``bet``) and sends intents (``{"type": "bid",
"quantity": 5, "face": 5}``); each is checked here and by the engine, and a refused one sets ``error`` to a
plain-words reason and changes nothing. The other seats are bots at a level of :mod:`vegas_tutor.liars_dice.bots`
(``easy``, ``medium`` by default, ``hard``; the older policies ``random`` and ``odds`` too). With the coach
on (``coach=True`` or the Coach switch), each decision of the learner gets a verdict from their own
observation, a Hint gives the coach's choice first, and the game's end brings a review
(:mod:`vegas_tutor.tutor.coaching`; the thresholds in :mod:`.coaching`).

>>> table = LiarsDiceBoard(players=3, dice=3, seed=2, bots="odds")
>>> table.table["players"][0]["own"] is not None, table.table["players"][1]["own"]
(True, None)
>>> table.handle({"type": "bid", "quantity": 0, "face": 5}), table.error
(False, "message 'bid': quantity must be between 1 and 20, got 0")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import traitlets as t

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.core.state import HistoryEntry
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll, Show, faces_text
from vegas_tutor.liars_dice.engine import MAX_MOVES, State, new_game
from vegas_tutor.liars_dice.scenarios import SEAT_NAMES
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.liars_dice.words import bid_words, seat_name
from vegas_tutor.tutor.assets import module_source, style_source
from vegas_tutor.tutor.coaching import COACH_INTENTS, Coach, with_coach
from vegas_tutor.tutor.liars_dice.bot_reasons import decision_reason
from vegas_tutor.tutor.liars_dice.coaching import check_opponents, opponent_action, table_coach
from vegas_tutor.tutor.liars_dice.intents import (
    BetIntent,
    BidIntent,
    ChallengeIntent,
    Intent,
    KeepIntent,
    NewGameIntent,
    NextRoundIntent,
    OptionIntent,
    ResetIntent,
    ShowIntent,
    SimulateIntent,
    SkipIntent,
    StepIntent,
    UndoIntent,
    WhatIfIntent,
    parse_intent,
)
from vegas_tutor.tutor.liars_dice.odds_panel import (
    CountSimulation,
    OddsView,
    bid_panel,
    choices_panel,
    starting_bid,
)
from vegas_tutor.tutor.liars_dice.projection import table_view
from vegas_tutor.tutor.widget import TutorWidget, UndoPlan, plan_undo

DEFAULT_NAMES = SEAT_NAMES["LD-COUNT"]
"""You, Shane, Mike, Mary: the rulebook's table."""


def default_names(players: int, learner: int) -> tuple[str, ...]:
    """The rulebook's table around the learner: "You" at the learner's seat, Shane, Mike and Mary in the others."""
    rivals = iter(DEFAULT_NAMES[1:])
    return tuple(DEFAULT_NAMES[0] if seat == learner else next(rivals) for seat in range(players))


def learner_or_viewer(learner: int | None, viewer: int | None) -> int:
    """The learner's seat, given by its name or by its former one (``viewer``), seat 0 when neither is given."""
    if learner is not None and viewer is not None and learner != viewer:
        raise ConfigError(_("give the learner's seat once, not learner={learner!r} and viewer={viewer!r}",
                            learner=learner, viewer=viewer))
    return learner if learner is not None else viewer if viewer is not None else 0


def _joined(bid: str, show: str) -> str:
    """A bid's reason and that of the show or keep decision after it, the level's name said once."""
    if not bid or bid == show:
        return bid or show
    level, sep, rest = show.partition(": ")
    if sep and bid.startswith(level + sep):
        show = rest
    return _("{bid}; {show}", bid=bid, show=show)


class LiarsDiceBoard(TutorWidget[State]):
    """A game of Liar's Dice in the browser: the cups, the bid track, the bids, the reveal and the odds.

    The learner plays seat ``learner`` (called "You"; ``viewer`` is its former name); the other seats are played
    by ``bots`` as soon as it is their turn. Give ``state`` to show or continue any position.
    ``interactive=False`` makes a table that only shows positions (the scenario stepper). Everything synced comes
    from ``state.observation(learner)``.
    """

    _noun = "table"
    MAX_MOVES = MAX_MOVES
    _esm = module_source("liars_dice.js")
    _css = style_source("liars_dice.css")

    table = t.Dict().tag(sync=True)
    """The viewer's view of the table (see :func:`~vegas_tutor.tutor.liars_dice.projection.table_view`)."""
    odds = t.Dict().tag(sync=True)
    """The exact odds of the current bid from the viewer's view (or the what-if view), and the choices."""
    simulation = t.Dict().tag(sync=True)
    """The seeded simulation beside the exact odds (grows on demand)."""
    bet = t.Dict().tag(sync=True)
    """"Place your bet" mode: whether the learner must guess before the odds show, and the guesses so far."""
    what_if_view = t.Dict().tag(sync=True)
    """The imagined view in what-if mode (own dice, hidden dice, bid)."""
    bet_mode = t.Bool(False).tag(sync=True)
    bots_policy = t.Unicode("medium").tag(sync=True)
    coaching = t.Dict().tag(sync=True)
    """The coach: the last verdict, the hint, the end-of-game review (see :meth:`Coach.view`)."""

    def __init__(
        self,
        state: State | None = None,
        *,
        players: int = 4,
        dice: int = 5,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        learner: int | None = None,
        viewer: int | None = None,
        bots: str = "medium",
        show_odds: bool = True,
        bet_mode: bool = False,
        what_if: bool = False,
        interactive: bool = True,
        coach: bool = False,
        **kwargs: Any,
    ) -> None:
        self._begin(seed)
        seat = learner_or_viewer(learner, viewer)
        self._coach = Coach(table_coach(lambda: self.bots_policy, seat if is_int(seat) else -1), self._refresh,
                            on=bool(coach) and interactive)
        if state is None:
            state = new_game(players, dice=dice, seed=self._next_seed())
        if not is_int(seat) or not 0 <= seat < state.players:
            raise ConfigError(_("learner must be a seat 0..{last}, got {value}", last=state.players - 1,
                                value=repr(seat)))
        names = tuple(names) if names is not None else default_names(state.players, seat)
        if len(names) != state.players or len(set(names)) != len(names):
            raise ConfigError(_("give {n} distinct names, got {names!r}", n=state.players, names=list(names)))
        self._names = names
        self._learner = seat
        self._state = state.copy()
        self._after_challenge = False
        self._skipping = False
        """The learner is out and chose to skip to the end: the bots play on without stopping at reveals."""
        self._highlight: tuple[str, ...] = ()
        self._imagined: OddsView | None = None
        self._sim: CountSimulation | None = None
        self._sim_view: OddsView | None = None
        self._start_dice = max(state.dice_counts)
        self._bet_key: tuple[Any, ...] | None = None
        self._guess: bool | None = None
        self._tally = {"made": 0, "agreed": 0}
        self._reasons: dict[int, tuple[HistoryEntry[Action], str]] = {}
        """The rule each bot decision followed, by the id of its history entry (the entry kept to check it)."""
        super().__init__(show_odds=show_odds, bet_mode=bet_mode, interactive=interactive,
                         bots_policy=check_opponents(bots), **kwargs)
        self.what_if = bool(what_if)
        self._ready()

    # ------------------------------------------------------------------ reading
    @property
    def learner(self) -> int:
        """The learner's seat: the table is drawn from its observation."""
        return self._learner

    viewer = learner
    """The former name of :attr:`learner`."""

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    def _is_learner(self, seat: int | None) -> bool:
        return seat == self._learner

    def odds_view(self) -> OddsView:
        """What the odds panel computes from: the what-if view, or the viewer's real observation."""
        return self._imagined or OddsView.of(self._state.observation(self._learner))

    def _panel_view(self, view: OddsView) -> OddsView:
        """The view the odds are shown for: in what-if mode with nobody's bid yet, the bid the editor starts
        from (so the panel shows its odds at once, not "nobody has bid")."""
        if self.what_if and view.bid is None:
            return replace(view, bid=starting_bid(view))
        return view

    # ------------------------------------------------------------------ intents
    _parse = staticmethod(with_coach(parse_intent))

    def bid(self, bid: Bid | str) -> None:
        """Bid for the learner (Python side of the bid buttons); raises when refused."""
        b = bid if isinstance(bid, Bid) else Bid.parse(bid)
        self._raise_if_refused({"type": "bid", "quantity": b.quantity, "face": b.face})

    def challenge(self) -> None:
        self._raise_if_refused({"type": "challenge"})

    def show(self, faces: Sequence[int]) -> None:
        self._raise_if_refused({"type": "show", "faces": list(faces)})

    def keep(self) -> None:
        self._raise_if_refused({"type": "keep"})

    def show_state(self, state: State, *, highlight: Sequence[str] = ()) -> None:
        """Show another position (what-if changes and the simulation are dropped)."""
        self._state = state.copy()
        self._after_challenge = False
        self._skipping = False
        self._in_game = False
        self._imagined = None
        self._sim = None
        self._highlight = tuple(highlight)
        if self.interactive:
            self._play_others()
        self.error = ""
        self._save_record()
        self._refresh()

    def _carry_out(self, intent: Intent) -> None:
        self._coach.guard(intent)
        if isinstance(intent, COACH_INTENTS):
            self._check_playable()
            self._coach.carry_out(intent, self._state, self._is_learner)
        elif isinstance(intent, OptionIntent):
            self._set_option(intent)
        elif isinstance(intent, StepIntent):
            self._step(intent.to)
        elif isinstance(intent, BetIntent):
            self._place_bet(intent.guess)
        elif isinstance(intent, SimulateIntent):
            self._simulate(intent.n)
        elif isinstance(intent, WhatIfIntent):
            if not self.what_if:
                raise IllegalActionError(_("switch on what-if mode first to change the dice or the bid"))
            bid = Bid(intent.quantity, intent.face)  # raises on a space the track does not have
            real = OddsView.of(self._state.observation(self._learner))
            self._imagined = OddsView(intent.own, real.shown, intent.unknown, bid)
        elif isinstance(intent, ResetIntent):
            if not self.what_if:
                raise IllegalActionError(_("there is nothing to reset: the odds are those of the real game"))
            self._imagined = None
        elif isinstance(intent, NewGameIntent):
            self._check_playable()
            s = self._state
            self._state = State.start([self._start_dice] * s.players, seed=self._next_seed())
            self._after_challenge = False
            self._skipping = False
            self._in_game = False
            self._imagined = None
            self._sim = None
            self._highlight = ()
            self._play_others()
        elif isinstance(intent, UndoIntent):
            self._undo()
            self._highlight = ("bid",) if self._state.last_bid is not None else ()
        else:
            self._play_learner(intent)

    @property
    def _awaiting_show(self) -> bool:
        """Whether the learner, having just bid, decides on a show and re-roll."""
        return self.interactive and self._state.may_show == self._learner

    def _play_learner(
        self, intent: BidIntent | ChallengeIntent | ShowIntent | KeepIntent | NextRoundIntent | SkipIntent
    ) -> None:
        self._check_playable()
        s, me = self._state, self._learner
        if s.is_over:
            raise IllegalActionError(_("the game is over: start a new game to play again"))
        if isinstance(intent, NextRoundIntent | SkipIntent):
            if not self._after_challenge:
                raise IllegalActionError(_("there is no reveal to leave: the round is being played"))
            if isinstance(intent, SkipIntent):
                if s.dice_counts[me] > 0:
                    raise IllegalActionError(_("you are still in the game: press 'Next round' to play on"))
                self._skipping = True
            self._after_challenge = False
            self._highlight = ()
            self._play_others()
            return
        if self._after_challenge:
            raise IllegalActionError(_("the cups are lifted: press 'Next round' to play on"))
        if isinstance(intent, ShowIntent | KeepIntent):
            if not self._awaiting_show:
                raise IllegalActionError(_("you may show and re-roll only right after your own bid"))
            if isinstance(intent, ShowIntent):
                s.apply(Show(intent.faces))  # the engine says why a show is refused, and changes nothing
                self._highlight = (f"shown:{me}", f"cup:{me}")
            else:
                s.apply(NoShow())
                self._highlight = ()
            self._play_others()  # the re-roll of a show is chance: it is rolled there
            return
        if self._awaiting_show:
            raise IllegalActionError(_("first choose: show some dice and re-roll, or keep your cup"))
        if s.current_player != me:
            who = s.current_player
            if who is None:
                raise IllegalActionError(_("it is nobody's turn, not yours: wait for them to play"))
            raise IllegalActionError(_("it is {name}'s turn, not yours: wait for them to play",
                                       name=seat_name(who, self._names, you=self._learner)))
        action: Action = Challenge() if isinstance(intent, ChallengeIntent) else Bid(intent.quantity, intent.face)
        s.apply(action)  # the engine refuses a bid that does not raise, or a challenge with no bid
        self._in_game = True
        self._highlight = ("count",) if isinstance(action, Challenge) else ("bid",)
        if self._awaiting_show:
            return
        self._after_challenge = isinstance(action, Challenge) and self._pauses()
        self._play_others()

    def _pauses(self) -> bool:
        """Whether the table waits after a challenge for the learner to read the reveal: while the game goes on,
        unless the learner is out of it and chose to skip to the end."""
        return self.interactive and not self._state.is_over and not (
            self._skipping and self._state.dice_counts[self._learner] == 0)

    def _undo_plan(self) -> UndoPlan:
        """Undo takes back the learner's last bid, show choice or challenge (and the bots' moves after it);
        never across a roll of the learner's dice nor a challenge (the cups were lifted)."""
        me, s = self._learner, self._state
        if s.last_challenge is not None and not s.bids and s.dice_counts[me] > 0:
            return UndoPlan(0, reason=_("the cups were lifted at the last challenge: a finished round is never "
                                        "taken back"))

        def barrier(action: object, seat: int | None) -> str:
            if isinstance(action, Challenge):
                return _("the cups were lifted at the last challenge: what they showed cannot be taken back")
            if isinstance(action, Roll) and seat == me:
                return _("you have decided nothing since your dice were rolled, and a roll is never taken back")
            return ""

        return plan_undo(self._state, lambda action, seat: seat == me and not isinstance(action, Roll), barrier,
                         nothing=_("you have not decided anything yet in this round"))

    def _undo_view(self) -> dict[str, Any]:
        view = super()._undo_view()
        view["in_progress"] = view["in_progress"] and self._state.dice_counts[self._learner] > 0  # out: nothing to lose
        return view

    def _opponents(self) -> str:
        return self.bots_policy

    def _decision_words(self, action: Any) -> str:
        if isinstance(action, Bid):
            return _("your bid {bid}", bid=bid_words(action))
        if isinstance(action, Show):
            return _("your show {faces}", faces=faces_text(action.faces))
        return _("keeping your cup") if isinstance(action, NoShow) else _("your challenge")

    def _set_option(self, intent: OptionIntent) -> None:
        if intent.name == "bots":
            if not self.interactive:
                raise IllegalActionError(_("this table shows a position: it has no opponents to change"))
            self.bots_policy = str(intent.value)
        elif intent.name == "what_if":
            self.what_if = bool(intent.value)
        elif intent.name == "bet_mode":
            self.bet_mode = bool(intent.value)
        else:
            self.show_odds = bool(intent.value)

    def _place_bet(self, guess: bool) -> None:
        if not self.bet_mode:
            raise IllegalActionError(_("switch on 'place your bet' mode first"))
        if self.what_if:
            raise IllegalActionError(_("bets are on the real game's bid: leave what-if mode to bet"))
        view = self.odds_view()
        if view.bid is None:
            raise IllegalActionError(_("there is no bid to bet on yet"))
        if self._state.bidder == self._learner:
            raise IllegalActionError(_("the last bid is your own: bets are on the others' bids"))
        if self._guess is not None and self._bet_key == self._current_bet_key():
            raise IllegalActionError(_("you have placed your bet on this bid already"))
        self._bet_key = self._current_bet_key()
        self._guess = guess
        panel = bid_panel(view)
        self._tally["made"] += 1
        self._tally["agreed"] += int((panel["at_least"]["p"] >= 0.5) == guess)

    def _simulate(self, n: int) -> None:
        view = self._panel_view(self.odds_view())
        if view.bid is None:
            raise IllegalActionError(_("there is no bid to simulate yet"))
        if self._sim is None or self._sim_view is None or CountSimulation.key(view) != CountSimulation.key(
                self._sim_view):
            self._sim = CountSimulation(view, seed=self._next_seed())
            self._sim_view = view
        self._sim.run(n)

    # ------------------------------------------------------------------ the others' turns
    def _auto_move(self) -> bool:
        """A pending cup's roll or a bot's move; the table stops at the learner's turn and, after a challenge,
        waits (so the learner can read the reveal) until 'Next round'."""
        s, me = self._state, self._learner
        if s.is_over:
            return False
        if s.is_chance:
            s.apply(Roll())
            return True
        if s.current_player == me:
            self._after_challenge = False
            return False
        if self._after_challenge:
            return False
        self._say_opponents_play()
        action = opponent_action(s, self.bots_policy, self._bot_rng)
        reason = decision_reason(s, action, self.bots_policy)
        s.apply(action)
        if reason:  # the table says which simple rule the decision followed
            entry = s.entries[-1]
            self._reasons[id(entry)] = (entry, reason)
        if isinstance(action, Challenge):
            self._highlight = ("count",)
            self._after_challenge = self._pauses()
        return True

    # ------------------------------------------------------------------ the projections
    @t.observe("show_odds", "bet_mode", "what_if")
    def _option_changed(self, change: dict[str, Any]) -> None:
        if change["name"] == "what_if":
            self._imagined = None
        self._refresh()

    def _current_bet_key(self) -> tuple[Any, ...]:
        view = self.odds_view()
        return (view, len(self._state.history))

    def _round_reasons(self, shown: State) -> tuple[list[str], str]:
        """The bots' reasons for ``shown``'s bids this round (a show or keep decision joined to its bid), in
        the order of its bids, and for its last challenge; the reasons of undone or replaced games are dropped."""
        real = {id(e) for e in self._state.entries}
        self._reasons = {k: v for k, v in self._reasons.items() if k in real}

        def why(entry: HistoryEntry[Action]) -> str:
            kept = self._reasons.get(id(entry))
            return kept[1] if kept is not None and kept[0] is entry else ""

        entries = shown.entries
        last = max((i for i, e in enumerate(entries) if isinstance(e.played, Challenge)), default=-1)
        bids: list[str] = []
        for i in range(last + 1, len(entries)):
            played = entries[i].played
            if isinstance(played, Bid):
                bids.append(why(entries[i]))
            elif isinstance(played, Show | NoShow) and bids and why(entries[i]):
                bids[-1] = _joined(bids[-1], why(entries[i]))
        count = len(shown.bids)
        bids = ([""] * count + bids)[-count:] if count else []
        return bids, why(entries[last]) if last >= 0 else ""

    def _refresh(self) -> None:
        if self._quiet:
            return
        self._coach.sync(self._state, self._is_learner)
        s, me = self._coach.replay_state() or self._state, self._learner
        obs = s.observation(me)
        learner_to_act = (self.interactive and not self._awaiting_show and not self._after_challenge
                          and obs.phase == "bid" and obs.current_player == me)
        kinds = [("you" if seat == me else "bot") if self.interactive else "none" for seat in range(s.players)]
        view = self.odds_view()
        if self._bet_key != self._current_bet_key():
            self._guess = None
        hide = (self.bet_mode and not self.what_if and view.bid is not None and self._guess is None
                and obs.bidder != me)
        reasons, challenge_reason = self._round_reasons(s)
        with self.hold_sync():
            self.table = {**table_view(obs, names=self._names, players=kinds, highlight=self._highlight,
                                       reasons=reasons, challenge_reason=challenge_reason,
                                       awaiting_show=self._awaiting_show, learner_to_act=learner_to_act,
                                       paused=self._after_challenge and self.interactive),
                          "undo": self._undo_view()}
            self._after_answer(lambda: self._refresh_panels(obs, view, hide, learner_to_act))

    def _refresh_panels(self, obs: Any, view: OddsView, hide: bool, learner_to_act: bool) -> None:
        """The slow projections of the answer: the what-if panel, the odds, the bet, the coach, the simulation."""
        start = view.bid or starting_bid(view)
        self.what_if_view = ({"own": list(view.own), "shown": list(view.shown), "unknown": view.unknown,
                              "bid": {"quantity": start.quantity, "face": start.face, "text": bid_words(start)},
                              "real_bid": view.bid is not None,
                              "explored": self._imagined is not None} if self.what_if else {})
        if not self.show_odds and not self.what_if:  # what-if mode is for watching the odds move
            self.odds = {"status": "off", "reason": _("The odds are hidden.")}
        elif hide and view.bid is not None:
            self.odds = {"status": "bet", "reason": _("Place your bet first: is the bid true or false?"),
                         "bid": {"text": bid_words(view.bid)}}
        else:
            odds = bid_panel(self._panel_view(view))
            choices = choices_panel(obs) if learner_to_act and self._imagined is None else {
                "status": "waiting", "rows": []}
            self.odds = {**odds, "choices": choices, "what_if": self._imagined is not None}
        self.bet = {"mode": self.bet_mode, "guess": self._guess, **self._tally}
        self.coaching = self._coach.view(self._state, self._is_learner, lambda q: seat_name(
            q, self._names, you=self._learner)) if self.interactive else {}
        shown = self._panel_view(view)
        sim = self._sim if self._sim_view is not None and CountSimulation.key(shown) == CountSimulation.key(
            self._sim_view) else None
        self.simulation = sim.view(shown.bid) if sim is not None and not hide else {"status": "off", "n": 0}
        self.version += 1


LiarsDiceTable = LiarsDiceBoard
"""The board's former name (the lessons import it)."""
