"""``LordsOfVegasBoard``: the Lords of Vegas board widget and its odds panel; bots play the other seats (a
level of :mod:`vegas_tutor.lords_of_vegas.bots`: ``easy``, ``medium`` by default, ``hard``; or ``random``)
and trade by :mod:`vegas_tutor.lords_of_vegas.trade_value`, the bots' and the coach's valuation too, in the
words of :mod:`.trading`. With the coach on (``coach=True`` or the Coach switch), each
decision of the learner gets a verdict, a Hint gives the coach's choice first, and the game's end brings a
review (:mod:`vegas_tutor.tutor.coaching`; the thresholds in :mod:`.coaching`).

The engine's ``State`` stays in Python. The browser gets one JSON projection (``board``, built on
:func:`.projection.public_view`) and the ``odds`` panel, and sends intents (``{"type": "act", "action": "end turn"}``);
each is checked here and by the engine, and a refused one sets ``error`` to a plain-words reason and
changes nothing. Trades: the learner proposes one (``{"type": "trade", "trade": "trade blue: ..."}``), the engine
checks it and the other player accepts or refuses it by its own count, saying why; the other players offer
trades at the start of the learner's turn or when asked (``ask_offers``), and trade among themselves at the
start of their own turns. ``pace``: the others' turns are shown half a turn at a time (the card, then the
actions) at each ``next`` (``"next"``), after a short pause in the browser (``"pause"``), or all at once.
``short_game``: new games are played with the short game variant (the Game End card halfway down the deck;
see :class:`~vegas_tutor.lords_of_vegas.engine.Config`), also switched on the board. Undo (``{"type":
"undo"}``) takes back the learner's last decision (a build, sprawl, remodel, a gamble not yet rolled, a trade,
the end of a turn) and the others' moves after it, by the engine's exact undo; never a card drawn or dice rolled.

>>> board = LordsOfVegasBoard(players=3, seed=4, pace="all")
>>> board.board["phase"], board.board["actions"][0]["kind"]
('draw', 'draw')
>>> board.handle({"type": "act", "action": "end turn"}), board.error
(False, "end turn: press 'draw' now")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets as t

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.lords_of_vegas.actions import Action, DrawCard, RollDice
from vegas_tutor.lords_of_vegas.engine import MAX_MOVES, State, new_game
from vegas_tutor.lords_of_vegas.names import describe, players, seat_word
from vegas_tutor.lords_of_vegas.trades import Trade
from vegas_tutor.tutor.assets import module_source, style_source
from vegas_tutor.tutor.coaching import COACH_INTENTS, Coach, with_coach
from vegas_tutor.tutor.lords_of_vegas.coaching import LORDS_OF_VEGAS_COACH, check_opponents, opponent_action
from vegas_tutor.tutor.lords_of_vegas.intents import (
    PACES,
    ActIntent,
    AnswerIntent,
    AskIntent,
    InspectIntent,
    Intent,
    NewGameIntent,
    NextIntent,
    TradeHintIntent,
    TradeIntent,
    UndoIntent,
    parse_intent,
)
from vegas_tutor.tutor.lords_of_vegas.odds_panel import odds_panel
from vegas_tutor.tutor.lords_of_vegas.projection import (
    board_view,
    event_words,
    learner_actions,
    sentences,
    trade_view,
)
from vegas_tutor.tutor.lords_of_vegas.table import TradeTable
from vegas_tutor.tutor.lords_of_vegas.turn_log import TurnLog
from vegas_tutor.tutor.messages import OptionIntent, StepIntent
from vegas_tutor.tutor.widget import TutorWidget, UndoPlan, plan_undo


class LordsOfVegasBoard(TradeTable, TutorWidget[State]):
    """A game of Lords of Vegas in the browser: the 48 lots, casinos, dice, players, score track and odds.

    The learner plays seat ``learner`` (shown as "You"); the other seats are bots playing at ``bots``, shown at ``pace``
    (``"next"``, ``"pause"`` or ``"all"``). Give ``state`` to show or continue any position.
    ``interactive=False`` makes a board that only shows positions (the scenario stepper).
    """

    MAX_MOVES = MAX_MOVES
    _esm = module_source("lords_of_vegas.js")
    _css = style_source("lords_of_vegas.css")

    board = t.Dict().tag(sync=True)
    """The board (see :func:`~vegas_tutor.tutor.lords_of_vegas.projection.board_view`)."""
    odds = t.Dict().tag(sync=True)
    """The exact odds of the options of the seat to act (see :mod:`.odds_panel`)."""
    coaching = t.Dict().tag(sync=True)
    """The coach: the last verdict, the hint, the end-of-game review (see :meth:`Coach.view`)."""
    _parse = staticmethod(with_coach(parse_intent))

    def __init__(
        self,
        state: State | None = None,
        *,
        players: int = 4,
        seed: int | None = None,
        learner: int = 0,
        show_odds: bool = True,
        interactive: bool = True,
        pace: str = "next",
        bots: str = "medium",
        coach: bool = False,
        short_game: bool = False,
        **kwargs: Any,
    ) -> None:
        if pace not in PACES:
            raise ConfigError(_("pace must be one of {choices}, got {value}", choices=", ".join(PACES),
                                value=repr(pace)))
        self._bots = check_opponents(bots)
        self._begin(seed)
        self._coach = Coach(LORDS_OF_VEGAS_COACH, self._refresh, on=bool(coach) and interactive)
        if not isinstance(short_game, bool):
            raise ConfigError(_("short_game must be True or False, got {value}", value=repr(short_game)))
        if state is None:
            state = new_game(players, seed=self._next_seed(), short_game=short_game)
        self._short_game = state.config.short_game
        """Whether the next new game is a short game (the Short game switch)."""
        if not is_int(learner) or not 0 <= learner < state.players:
            raise ConfigError(_("learner must be a seat 0..{last}, got {value}", last=state.players - 1,
                                value=repr(learner)))
        self._learner = learner
        self._state = state.copy()
        self._highlight: tuple[str, ...] = ()
        self._log = TurnLog(state.players)
        self._logs: dict[int, tuple[list[dict[str, Any]], int]] = {}
        """The log as the learner saw it at each length of the history (Undo puts it back as it was)."""
        self._inspect: Action | None = None
        self._pace = pace
        self._start_table()
        super().__init__(show_odds=show_odds, interactive=interactive, **kwargs)
        self._ready()

    # ------------------------------------------------------------------ reading
    @property
    def learner(self) -> int:
        return self._learner

    def _is_learner(self, seat: int | None) -> bool:
        return seat == self._learner

    @property
    def names(self) -> list[str]:
        seats = players(self._state.players)
        if not self.interactive:
            return seats
        return [_("You ({name})", name=seat_word(p)) if p == self._learner else n for p, n in enumerate(seats)]

    # ------------------------------------------------------------------ intents
    def act(self, action: Action | str) -> None:
        """Play an action for the learner (Python side of the action buttons); raises when refused."""
        self._raise_if_refused({"type": "act", "action": str(action)})

    def show_state(self, state: State, *, highlight: Sequence[str] = ()) -> None:
        """Show another position."""
        self._state = state.copy()
        if self.interactive:
            self._short_game = state.config.short_game  # (a resumed game goes on, and starts again, as it was)
        self._highlight = tuple(highlight)
        self._inspect = None
        self._log.clear()
        self._log.add(sentences(state.events, self.names, self._you), seat=state.turn, setup=False)
        self._logs = {}
        self._start_table()
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
            if intent.name == "bots":
                if not self.interactive:
                    raise IllegalActionError(_("this board shows a position: it has no opponents to change"))
                self._bots = str(intent.value)
            elif intent.name == "short_game":
                self._check_playable()
                self._short_game = bool(intent.value)
                if not self._in_game:  # nothing decided yet: the switch starts the game it names at once
                    self._new_game()
            elif intent.name == "pace":
                self._pace = str(intent.value)
                if self._pace == "all" and self.interactive:
                    self._waiting = False
                    self._play_others()
            else:
                self.show_odds = bool(intent.value)
        elif isinstance(intent, TradeIntent):
            self._check_playable()
            before = len(self._state.history)
            self._propose(intent.trade)
            self._in_game = self._in_game or len(self._state.history) > before
        elif isinstance(intent, AnswerIntent):
            self._check_playable()
            before = len(self._state.history)
            self._answer_offer(intent.accept)
            self._in_game = self._in_game or len(self._state.history) > before
        elif isinstance(intent, AskIntent):
            self._check_playable()
            self._ask_offers()
        elif isinstance(intent, TradeHintIntent):
            self._check_playable()
            self._trade_hint()
        elif isinstance(intent, NextIntent):
            self._check_playable()
            self._go_on()
        elif isinstance(intent, StepIntent):
            self._step(intent.to)
        elif isinstance(intent, InspectIntent):
            panel = odds_panel(self._state, self._state.current_player, self.names, intent.action)
            gamble = panel["gamble"]
            if gamble is None or gamble["action"] != str(intent.action):
                raise IllegalActionError(_("{action}: the odds panel shows only a gamble you may make now",
                                           action=describe(intent.action)))
            self._inspect = intent.action
        elif isinstance(intent, NewGameIntent):
            self._check_playable()
            self._new_game()
        elif isinstance(intent, UndoIntent):
            self._undo()
            self._after_undo()
        else:
            self._play_learner(intent)

    def _new_game(self) -> None:
        self._state = new_game(self._state.players, seed=self._next_seed(), short_game=self._short_game)
        self._highlight = ()
        self._log.clear()
        self._logs = {}
        self._inspect = None
        self._in_game = False
        self._start_table()
        self._play_others()

    # ------------------------------------------------------------------ undo
    def _undo_plan(self) -> UndoPlan:
        """Undo takes back the learner's last decision or trade (and the others' moves after it); never a card
        drawn nor dice rolled, whoever drew or rolled them."""
        me = self._learner
        nothing = _("you have not decided anything yet in this game")
        if not self._in_game:
            return UndoPlan(0, reason=nothing)

        def barrier(action: object, _seat: int | None) -> str:
            if isinstance(action, DrawCard):
                return _("a card drawn is never taken back: undo takes back what you did since the last card")
            if isinstance(action, RollDice):
                return _("dice rolled are never taken back: undo takes back what you did since the last roll")
            return ""

        def is_decision(action: object, seat: int | None) -> bool:
            if isinstance(action, Trade):
                return me in (action.first, action.second)
            return seat == me

        return plan_undo(self._state, is_decision, barrier, nothing=nothing)

    def _after_undo(self) -> None:
        """After an undo: the log as it was at that moment, no offer, nothing waiting, no marks."""
        kept = self._logs.get(len(self._state.history))
        if kept is None:
            self._log.clear()  # (a moment the board never showed: start the log afresh rather than keep undone lines)
        else:
            groups, turns = kept
            self._log.groups, self._log.turns = [dict(g, lines=list(g["lines"])) for g in groups], turns
        self._logs = {n: v for n, v in self._logs.items() if n <= len(self._state.history)}
        n = len(self._state.history)
        answered = [(b, c) for b, c in self._answered if len(b.history) + c.accept <= n]  # (an accepted one: undone)
        self._start_table()
        self._answered = answered
        self._offered_at = len(self._state.seen_cards())  # (the offer made at this turn's start is not made again)
        self._highlight, self._inspect = (), None
        self._play_others()

    def _decision_words(self, action: Any) -> str:
        if isinstance(action, Trade):
            other = action.second if action.first == self._learner else action.first
            return _("your trade with {name}", name=self.names[other])
        return _("“{action}”", action=describe(action))  # ("Takes back “build gold on A2”.")

    def _keep_log(self) -> None:
        """Remember the log as the learner sees it now (for an undo back to this moment); forget the moments
        before the last card or roll, which no undo reaches."""
        history = self._state.history
        last = len(history)
        while last and not isinstance(history[last - 1], DrawCard | RollDice):
            last -= 1
        self._logs = {n: kept for n, kept in self._logs.items() if n >= last - 1}
        self._logs[len(history)] = ([dict(g, lines=list(g["lines"])) for g in self._log.groups], self._log.turns)

    def _play_learner(self, intent: ActIntent) -> None:
        self._check_playable()
        s, me = self._state, self._learner
        if s.is_over:
            raise IllegalActionError(_("the game is over: start a new game to play again"))
        if s.current_player != me:
            who = s.current_player
            if who is None:
                raise IllegalActionError(_("it is nobody's turn, not yours"))
            raise IllegalActionError(_("it is {name}'s turn, not yours", name=self.names[who]))
        allowed = learner_actions(s, me)
        if s.is_chance and intent.action not in allowed:
            if allowed:
                raise IllegalActionError(_("{action}: press '{button}' now", action=describe(intent.action),
                                           button=describe(allowed[0])))
            raise IllegalActionError(_("{action}: nothing is yours to draw or roll now",
                                       action=describe(intent.action)))
        self._apply(intent.action)  # the engine says why a decision is refused, and changes nothing
        self._in_game = True
        self._inspect = None
        self._offer = None  # an offer lapses with the next action
        self._highlight = ()
        self._play_others()

    @property
    def _you(self) -> int | None:
        return self._learner if self.interactive else None

    def _apply(self, action: Action) -> None:
        s = self._state
        who, turn, setup = s.current_player, s.turn, s.phase in ("deal", "start_roll")
        s.apply(action)
        self._log.add(event_words(s, action, who, self.names, self._you), seat=turn, setup=setup)
        if who != self._learner:
            played = s.history[-1]
            lots = (getattr(played, "lot", None), getattr(played, "move_from", None),
                    played.card if isinstance(played, DrawCard) else None)
            self._highlight = (*self._highlight, *(f"lot:{lot}" for lot in lots if lot))

    # ------------------------------------------------------------------ the others' turns
    def _auto_move(self) -> bool:
        """Chance or a bot's move, or another player's trade; the board stops when the learner must act (or
        answer an offer) and, at the "next" and "pause" paces, before each half of another player's turn (its
        card, then its actions)."""
        s, me = self._state, self._learner
        if s.is_over or self._offer is not None:
            return False
        if learner_actions(s, me):
            self._offers_at_turn_start()
            return False
        key = (s.phase, len(s.seen_cards()))
        if s.turn != me and s.phase in ("draw", "play") and key != self._passed:
            if self._pace != "all" and not self._go:
                self._waiting = True
                return False
            self._go, self._waiting, self._passed, self._highlight = False, False, key, ()
            if s.phase == "draw":
                self._bots_trade(s.turn)
                return True  # (a trade may change the position: look again)
        self._say_opponents_play(compiled="lords_of_vegas")  # the bots play out moves with compiled code
        seats = [None if self._is_learner(other) else self._bots for other in range(s.players)]
        self._apply(opponent_action(s, self._bots, self._bot_rng, seats))
        return True

    def _kept_options(self) -> dict[str, Any]:
        """The kept choices of every board, and the pace the others' turns are shown at."""
        return {**super()._kept_options(), "pace": self._pace}

    # ------------------------------------------------------------------ the projections
    @t.observe("show_odds")
    def _option_changed(self, _change: dict[str, Any]) -> None:
        self._refresh()

    def _refresh(self) -> None:
        if self._quiet:
            return
        if self.interactive:
            self._keep_log()
        self._coach.sync(self._state, self._is_learner)
        s = self._coach.replay_state() or self._state
        names = self.names
        kinds = [("you" if p == self._learner else "bot") if self.interactive else "none" for p in range(s.players)]
        learner = self._learner if self.interactive else None
        with self.hold_sync():
            self.board = board_view(s, learner=learner, names=names, kinds=kinds, highlight=self._highlight,
                                    log=self._log.view(names, self._you), you=self._you)
            self.board = {**self.board, "pace": self._pace, "waiting": self._waiting and self.interactive,
                          "bots": self._bots,
                          "undo": self._undo_view(),
                          "short_game": {"now": s.config.short_game, "next": self._short_game},
                          "trade": {**trade_view(s, self._learner, names, self._offer_view(), self._answer),
                                    "coach": self._coach.on, "advice": self._advice_view()}
                          if self.interactive else None}
            self._after_answer(lambda: self._refresh_panels(s, names))

    def _refresh_panels(self, s: State, names: list[str]) -> None:
        """The slow projections of the answer: the odds and the coach."""
        if not self.show_odds:
            self.odds = {"status": "off"}
        else:
            seat = s.current_player if not self.interactive else (
                self._learner if s.current_player == self._learner else None)
            self.odds = odds_panel(s, seat, names, self._inspect)
        self.coaching = (self._coach.view(self._state, self._is_learner, self.names.__getitem__) if self.interactive
                         else {})
        self.version += 1
