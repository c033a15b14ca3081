"""``LasVegasBoard``: the Las Vegas board widget, its odds panel and its what-if mode.

The engine's ``State`` stays in Python. The browser gets small JSON projections (``board``, ``odds``,
``outlook``) and sends intents (``{"type": "place", "face": 3}``); every intent is checked here and by
the engine. A rejected one sets ``error`` to a plain-words reason and changes nothing.

The opponents play at a level of :mod:`vegas_tutor.las_vegas.bots` (``easy``, ``medium`` by default,
``hard``; the older policies ``random`` and ``greedy`` too). With the coach on (``coach=True`` or the Coach
switch), each placement of the learner gets a verdict, a Hint gives the coach's choice first, and the game's
end brings a review (:mod:`vegas_tutor.tutor.coaching`; the thresholds in :mod:`.coaching`).

>>> board = LasVegasBoard(players=3, seed=4, bots="greedy")
>>> board.handle({"type": "roll"}), board.board["phase"]
(True, 'place')
>>> board.handle({"type": "place", "face": 9}), board.error
(False, "message 'place': face must be between 1 and 6, got 9")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets as t

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.core.events import Event
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Place, Roll, describe_action
from vegas_tutor.las_vegas.engine import MAX_MOVES, State, new_game
from vegas_tutor.las_vegas.policies import check_policy
from vegas_tutor.las_vegas.rules import DEFAULT_NAMES
from vegas_tutor.tutor.assets import module_source, style_source
from vegas_tutor.tutor.coaching import COACH_INTENTS, Coach, with_coach
from vegas_tutor.tutor.event_loop import running_loop
from vegas_tutor.tutor.las_vegas.bot_reasons import placement_reason
from vegas_tutor.tutor.las_vegas.coaching import LAS_VEGAS_COACH, check_opponents, opponent_action
from vegas_tutor.tutor.las_vegas.intents import (
    ASSUMPTIONS,
    Intent,
    NewGameIntent,
    OptionIntent,
    PlaceIntent,
    ResetIntent,
    RollIntent,
    StepIntent,
    UndoIntent,
    WhatIfIntent,
    parse_intent,
)
from vegas_tutor.tutor.las_vegas.odds_panel import (
    Projections,
    counts_exactly_after_placing,
    outlook_is_slow,
    outlook_panel,
    placement_panel,
    waiting,
    warm_up_simulator,
    warmed_up,
)
from vegas_tutor.tutor.las_vegas.projection import JSON, board_view, learner_seat, seat_name, you_name
from vegas_tutor.tutor.widget import TutorWidget, UndoPlan, fast_simulator_ready, plan_undo, preparing_simulator


def simulator_loaded() -> bool:
    """Whether the odds can be computed without compiling first: the compiled simulator is cached or loaded,
    or this kernel's warm-up of it has finished."""
    return fast_simulator_ready("las_vegas") or warmed_up()


def default_names(players: int, humans: Sequence[int]) -> tuple[str, ...]:
    """The rulebook's names, with the learner's seat called "You" ("Tú") when they play a single seat."""
    return tuple(
        you_name() if len(humans) == 1 and seat in humans else DEFAULT_NAMES[seat] for seat in range(players)
    )


def seats_played(humans: Sequence[int] | None, learner: int | None) -> tuple[int, ...]:
    """The seats the learner plays: ``learner`` alone (the three boards' name for the learner's seat), or
    ``humans`` for several seats at one screen; seat 0 when neither is given."""
    if learner is None:
        return (0,) if humans is None else tuple(humans)
    if humans is not None and tuple(humans) != (learner,):
        raise ConfigError(_("give the learner's seat or the seats played, not both (learner={learner!r}, "
                            "humans={humans!r})", learner=learner, humans=tuple(humans)))
    return (learner,)


class LasVegasBoard(TutorWidget[State]):
    """A game of Las Vegas in the browser: six casinos, everyone's dice, the roll as buttons, the odds.

    ``learner`` is the learner's seat (seat 0 by default), called "You"; ``humans`` instead gives several seats
    played at one screen, named as the game names them. The others are played by ``bots`` (a level: ``"easy"``,
    ``"medium"``, ``"hard"``; or the policy ``"random"`` or ``"greedy"``) as soon as it is their turn.
    Give ``state`` to show or continue any position.
    Set ``interactive=False`` for a board that only shows positions (the scenario stepper).
    """

    MAX_MOVES = MAX_MOVES
    _esm = module_source("las_vegas.js")
    _css = style_source("las_vegas.css")

    board = t.Dict().tag(sync=True)
    """The state's projection (see :func:`vegas_tutor.tutor.las_vegas.projection.board_view`)."""
    odds = t.Dict().tag(sync=True)
    """The placement odds of the learner's roll, or why there are none."""
    outlook = t.Dict().tag(sync=True)
    """What-if mode: each casino's bill per owner now and by the end of the round."""
    assumption = t.Enum(ASSUMPTIONS, default_value="random").tag(sync=True)
    """How the odds assume everyone else plays the rest of the round."""
    auto_roll = t.Bool(False).tag(sync=True)
    """Roll the learner's dice for them as soon as it is their turn."""
    coaching = t.Dict().tag(sync=True)
    """The coach: the last verdict, the hint, the end-of-game review (see :meth:`Coach.view`)."""

    def __init__(
        self,
        state: State | None = None,
        *,
        players: int = 4,
        neutral: bool = False,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        humans: Sequence[int] | None = None,
        learner: int | None = None,
        bots: str = "medium",
        show_odds: bool = True,
        assumption: str = "random",
        auto_roll: bool = False,
        interactive: bool = True,
        coach: bool = False,
        **kwargs: Any,
    ) -> None:
        self._bots = check_opponents(bots)
        self._begin(seed)
        self._coach = Coach(LAS_VEGAS_COACH, self._refresh, on=bool(coach) and interactive)
        humans = seats_played(humans, learner)
        if state is None:
            state = new_game(players, neutral=neutral, seed=self._next_seed(),
                             names=names if names is not None else default_names(players, humans))
        self._humans = tuple(h for h in humans if is_int(h) and 0 <= h < state.players)
        if len(self._humans) != len(humans):
            if learner is not None:
                raise ConfigError(_("learner must be a seat 0..{last}, got {value}", last=state.players - 1,
                                    value=repr(learner)))
            raise ConfigError(_("humans must be seats 0..{last}, got {humans!r}", last=state.players - 1,
                                humans=humans))
        self._state = state.copy()
        self._explored: State | None = None
        self._log_from = 0
        self._highlight: tuple[str, ...] = ()
        self._reasons: dict[int, tuple[Event, str]] = {}
        """The opponents' placements (by the event's id, with the event) and the rule each followed."""
        self._revision = 0
        self._explore_revision = 0
        self._panels = Projections(self._refresh, self._show_failure)
        super().__init__(show_odds=show_odds, assumption=check_policy(assumption), auto_roll=auto_roll,
                         interactive=interactive, **kwargs)
        if interactive and show_odds:
            warm_up_simulator()  # the first roll's odds need the compiled simulator: load it meanwhile
        self._ready()

    # ------------------------------------------------------------------ reading
    @property
    def shown_state(self) -> State:
        """A copy of the state on the board: the what-if position in what-if mode, else the real game."""
        return (self._explored or self._state).copy()

    @property
    def humans(self) -> tuple[int, ...]:
        return self._humans

    @property
    def learner(self) -> int | None:
        """The learner's own seat, called "You": the seat of a learner who plays one (``None`` with several)."""
        return learner_seat(self._humans)

    @property
    def bots(self) -> str:
        """How the opponents play: a level or a policy (a change applies from their next move)."""
        return self._bots

    @bots.setter
    def bots(self, policy: str) -> None:
        self._bots = check_opponents(policy)
        self._refresh()

    def _is_learner(self, seat: int | None) -> bool:
        return seat in self._humans

    # ------------------------------------------------------------------ intents
    _parse = staticmethod(with_coach(parse_intent))

    def roll(self) -> None:
        """Roll for the learner (Python side of the Roll button); raises when refused."""
        self._raise_if_refused({"type": "roll"})

    def place(self, face: int) -> None:
        """Place the learner's dice showing ``face``; raises when refused."""
        self._raise_if_refused({"type": "place", "face": face})

    def show_state(self, state: State, *, highlight: Sequence[str] = ()) -> None:
        """Show another position (what-if changes are dropped); bots play on if it is their turn."""
        self._state = state.copy()
        self._revision += 1
        self._set_explored(None)
        self._highlight = tuple(highlight)
        self._log_from = max(0, len(state.log) - 1)
        self._in_game = False
        if self.interactive:
            self._play_others()
        self.error = ""
        self._save_record()
        self._refresh()

    def _carry_out(self, intent: Intent) -> None:
        self._coach.guard(intent)
        if isinstance(intent, COACH_INTENTS):
            self._check_playable(what_if_ok=True)
            self._coach.carry_out(intent, self._state, self._is_learner)
        elif isinstance(intent, OptionIntent):
            self._set_option(intent)
        elif isinstance(intent, StepIntent):
            self._step(intent.to)
        elif isinstance(intent, WhatIfIntent):
            if not self.what_if:
                raise IllegalActionError(_("switch on what-if mode first to move dice freely"))
            base = self._explored or self._state
            self._set_explored(base.with_dice(intent.casino, intent.owner, intent.count))
            self._highlight = (f"casino:{intent.casino}",)
        elif isinstance(intent, ResetIntent):
            if not self.what_if:
                raise IllegalActionError(_("there is nothing to reset: the board shows the real game"))
            self._set_explored(None)
            self._highlight = ()
        elif isinstance(intent, NewGameIntent):
            self._check_playable(what_if_ok=True)
            s = self._state
            self._state = new_game(s.players, neutral=s.neutral, seed=self._next_seed(), names=s.names)
            self._revision += 1
            self._set_explored(None)
            self._highlight = ()  # the last game's "here" mark does not belong on the new board
            self._log_from = 0
            self._in_game = False
            self._play_others()
        elif isinstance(intent, UndoIntent):
            self._check_playable()
            plan = self._undo()
            self._revision += 1
            self._log_from = len(self._state.log)
            self._highlight = (f"casino:{plan.decision.face}",)
        else:
            self._play_learner(intent)

    def _play_learner(self, intent: RollIntent | PlaceIntent) -> None:
        self._check_playable()
        s = self._state
        seat = s.current_player
        if seat is None:
            raise IllegalActionError(_("the game is over: start a new game to play again"))
        if seat not in self._humans:
            raise IllegalActionError(_("it is {name}'s turn, not yours: wait for them to play", name=s.names[seat]))
        action = Roll() if isinstance(intent, RollIntent) else Place(intent.face)
        if isinstance(action, Place) and s.phase in ("roll", "spare"):
            raise IllegalActionError(_("roll first: there is no roll to place yet ({state})", state=s.describe()))
        if isinstance(action, Roll) and s.phase == "place":
            raise IllegalActionError(_("you have rolled already: choose a face of the roll to place"))
        log_before = len(s.log)
        s.apply(action)  # raises with the engine's plain reason and changes nothing
        self._in_game = True
        self._revision += 1
        self._log_from = log_before
        self._highlight = (f"casino:{intent.face}",) if isinstance(intent, PlaceIntent) else ("roll",)
        self._play_others()

    def _undo_plan(self) -> UndoPlan:
        """Undo takes back the learner's last placement (and the bots' moves after it), never a roll."""
        humans = self._humans

        def barrier(action: object, seat: int | None) -> str:
            if isinstance(action, Roll) and seat in humans:
                if self.auto_roll:
                    return _("a roll is never taken back: undo takes back a placement only until your next roll "
                             "(switch off 'Roll my dice for me' to keep a moment to undo)")
                return _("a roll is never taken back: undo takes back a placement only until your next roll")
            return ""

        return plan_undo(self._state, lambda action, seat: isinstance(action, Place) and seat in humans, barrier,
                         nothing=_("you have not placed any dice yet in this game"))

    def _decision_words(self, action: Any) -> str:
        if isinstance(action, Place):
            return _("your placement of the {face}s", face=action.face)
        return describe_action(action)

    def _check_playable(self, *, what_if_ok: bool = False) -> None:
        super()._check_playable()
        if self.what_if and not what_if_ok:
            raise IllegalActionError(_("leave what-if mode to play: the board shows an imagined position"))

    def _set_explored(self, state: State | None) -> None:
        self._explored = state
        self._explore_revision += 1

    def _set_option(self, intent: OptionIntent) -> None:
        if intent.name == "assumption":
            self.assumption = str(intent.value)
        elif intent.name == "bots":
            if not self.interactive:
                raise IllegalActionError(_("this board shows a position: it has no opponents to change"))
            self.bots = str(intent.value)
        elif intent.name in ("what_if", "auto_roll", "show_odds"):
            if intent.name == "what_if" and not self.interactive:
                raise IllegalActionError(_("what-if mode needs a board that takes moves"))
            setattr(self, intent.name, intent.value)

    # ------------------------------------------------------------------ the others' turns
    def _auto_move(self) -> bool:
        """A bot's move, or the learner's roll when ``auto_roll``; the learner's placement is theirs."""
        s = self._state
        seat = s.current_player
        if seat is None:
            return False
        if seat in self._humans:
            if not (self.auto_roll and s.phase in ("roll", "spare")):
                return False
            s.apply(Roll())
            self._revision += 1
            return True
        self._say_opponents_play()
        seats = [None if other in self._humans else self._bots for other in range(s.players)]
        action = opponent_action(s, self._bots, self._bot_rng, seats)
        reason = placement_reason(s, action.face, self._bots) if isinstance(action, Place) else ""
        events_before = len(s.events)
        s.apply(action)
        if reason:  # the log says which simple rule the placement followed
            placed = next((e for e in s.events[events_before:] if e.kind == "place"), None)
            if placed is not None:
                self._reasons[id(placed)] = (placed, reason)
        self._revision += 1
        return True

    # ------------------------------------------------------------------ the projections
    @t.observe("show_odds", "assumption", "what_if", "auto_roll")
    def _option_changed(self, change: dict[str, Any]) -> None:
        if change["name"] == "what_if":
            self._set_explored(None)
        if change["name"] == "auto_roll" and self.interactive and not self.what_if:
            self._play_others()
        self._refresh()

    def _refresh(self) -> None:
        if self._quiet:
            return
        self._coach.sync(self._state, self._is_learner)
        replay = self._coach.replay_state()
        shown = replay or self._explored or self._state
        highlight = () if replay is not None else self._highlight  # a replayed position has no last move marked
        with self.hold_sync():
            self.board = {
                **board_view(shown, humans=self._humans, highlight=highlight, log_from=self._log_from,
                             reasons=self._live_reasons(shown),
                             bots=self.interactive),
                "what_if": self.what_if,
                "explored": self._explored is not None,
                "bots": self._bots,
                "undo": self._undo_view(),
            }
            self._after_answer(lambda: self._refresh_panels(shown))

    def _live_reasons(self, shown: State) -> dict[int, str]:
        """The reasons of the placements still in ``shown``'s log, by their place in it (an undone or
        replaced game's are dropped)."""
        real = {id(e) for e in self._state.events}
        self._reasons = {k: v for k, v in self._reasons.items() if k in real}
        return {i: self._reasons[id(e)][1] for i, e in enumerate(shown.events)
                if id(e) in self._reasons and self._reasons[id(e)][0] is e}

    def _refresh_panels(self, shown: State) -> None:
        """The slow projections of the answer: the odds, the what-if outlook, the coach (answer first)."""
        self.odds = self._odds_projection()
        self.outlook = self._outlook_projection(shown)
        self.coaching = self._coach.view(self._state, self._is_learner, lambda q: seat_name(
            self._state, q, self.learner)) if self.interactive else {}
        self.version += 1

    def _odds_projection(self) -> JSON:
        s = self._state
        if not self.show_odds:
            return waiting(_("The odds are hidden."), status="off")
        if self.what_if:
            return waiting(_("What-if mode: see each casino's outlook below."))
        if s.is_over:
            return waiting(_("The game is over."))
        seat = s.current_player
        assert seat is not None
        if seat not in self._humans:
            return waiting(_("{name} is playing.", name=s.names[seat]))
        if s.phase != "place":
            return waiting(_("Roll your dice to see what each choice is worth."))
        if not simulator_loaded() and running_loop() is not None:  # in a kernel: never wait for numba here
            warm_up_simulator()
            self._when_ready(simulator_loaded)
            return waiting(preparing_simulator(), status="preparing")
        position, policy, you = s.copy(), self.assumption, self.learner
        return self._panels.get(("odds", self._revision, policy), lambda: placement_panel(position, policy, you=you),
                                slow=counts_exactly_after_placing(s),
                                preview=lambda: placement_panel(position, policy, exact=False, you=you))

    def _outlook_projection(self, shown: State) -> JSON:
        if not self.what_if:
            return waiting(_("Switch on what-if mode to explore."), status="off")
        if shown.is_over:
            return waiting(_("The game is over: no casino will pay again."))
        key = ("outlook", self._revision, self._explore_revision, self.assumption)
        position, policy = shown.copy(), self.assumption
        return self._panels.get(key, lambda: outlook_panel(position, policy), slow=outlook_is_slow(shown),
                                preview=lambda: outlook_panel(position, policy, exact=False))

    def _show_failure(self, reason: str) -> None:
        self.error = reason
        self.version += 1

    async def settled(self) -> None:
        """Wait until no odds are being computed in the background (for notebooks and tests)."""
        await self.answered()
        await self._panels.settled()
        await self._coach.settled()
        await self.answered()
