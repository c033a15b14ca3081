"""``LasVegasBoard``: the Las Vegas board widget, its odds panel and its what-if mode.

The engine's ``State`` stays in Python. The browser gets small JSON projections (``board``, ``odds``,
``outlook``) and sends intents (``{"type": "place", "face": 3}``); every intent is checked here and by
the engine. A rejected one sets ``error`` to a plain-words reason and changes nothing.

>>> board = LasVegasBoard(players=3, seed=4, bots="greedy")
>>> board.handle({"type": "roll"}), board.board["phase"]
(True, 'place')
>>> board.handle({"type": "place", "face": 9}), board.error
(False, "message 'place': face must be between 1 and 6, got 9")
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import traitlets as t

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.las_vegas.actions import Place, Roll
from vegas_tutor.las_vegas.engine import State, new_game
from vegas_tutor.las_vegas.odds import EXACT_DICE, bill_outlook, dice_left, placement_odds
from vegas_tutor.las_vegas.policies import check_policy, choose_face
from vegas_tutor.las_vegas.rules import DEFAULT_NAMES
from vegas_tutor.tutor.assets import module_source, style_source
from vegas_tutor.tutor.intents import (
    ASSUMPTIONS,
    Intent,
    NewGameIntent,
    OptionIntent,
    PlaceIntent,
    ResetIntent,
    RollIntent,
    StepIntent,
    WhatIfIntent,
    parse_intent,
)
from vegas_tutor.tutor.projection import JSON, board_view, odds_view, outlook_view, waiting
from vegas_tutor.tutor.widget import TutorWidget

ODDS_TARGET_STDERR = 1_500.0
"""Dollars: the placement odds' simulations stop once every face's standard error is at most this."""
OUTLOOK_ROLLOUTS = 2_000
SLOW_EXACT_DICE = 3
"""From this many dice left to roll, the exact count of the rest of a round can take a second: it is done in
the background (up to :data:`vegas_tutor.las_vegas.odds.EXACT_DICE`, beyond which the odds only simulate)."""
"""Rollouts behind the what-if "by the end of the round" expectations."""
MAX_BOT_MOVES = 200
"""A safety bound on automatic moves in one go (a whole game has fewer than 4 x 5 x 8 x 2 = 320...
but bots hand back to the learner long before)."""


def default_names(players: int, humans: Sequence[int]) -> tuple[str, ...]:
    """The rulebook's names, with the learner's seat called "You" when they play a single seat."""
    return tuple(
        "You" if len(humans) == 1 and seat in humans else DEFAULT_NAMES[seat] for seat in range(players)
    )


class LasVegasBoard(TutorWidget):
    """A game of Las Vegas in the browser: six casinos, everyone's dice, the roll as buttons, the odds.

    ``humans`` are the seats the learner plays; the others are played by ``bots`` (``"random"`` or
    ``"greedy"``) as soon as it is their turn. Give ``state`` to show or continue any position.
    Set ``interactive=False`` for a board that only shows positions (the scenario stepper).
    """

    _esm = module_source("las_vegas.js")
    _css = style_source("las_vegas.css")

    board = t.Dict().tag(sync=True)
    """The state's projection (see :func:`vegas_tutor.tutor.projection.board_view`)."""
    odds = t.Dict().tag(sync=True)
    """The placement odds of the learner's roll, or why there are none."""
    outlook = t.Dict().tag(sync=True)
    """What-if mode: each casino's bill per owner now and by the end of the round."""
    assumption = t.Enum(ASSUMPTIONS, default_value="random").tag(sync=True)
    """How the odds assume everyone else plays the rest of the round."""
    auto_roll = t.Bool(False).tag(sync=True)
    """Roll the learner's dice for them as soon as it is their turn."""

    def __init__(
        self,
        state: State | None = None,
        *,
        players: int = 4,
        neutral: bool = False,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        humans: Sequence[int] = (0,),
        bots: str = "random",
        show_odds: bool = True,
        assumption: str = "random",
        auto_roll: bool = False,
        interactive: bool = True,
        **kwargs: Any,
    ) -> None:
        self._bots = check_policy(bots)
        self._seeds = make_rng(seed)
        self._bot_rng = make_rng(self._next_seed())
        if state is None:
            humans = tuple(humans)
            state = new_game(players, neutral=neutral, seed=self._next_seed(),
                             names=names if names is not None else default_names(players, humans))
        self._humans = tuple(h for h in humans if isinstance(h, int) and 0 <= h < state.players)
        if len(self._humans) != len(tuple(humans)):
            raise ConfigError(f"humans must be seats 0..{state.players - 1}, got {tuple(humans)!r}")
        self._state = state.copy()
        self._explored: State | None = None
        self._log_from = 0
        self._highlight: tuple[str, ...] = ()
        self._revision = 0
        self._explore_revision = 0
        self._cache: dict[tuple[object, ...], JSON] = {}
        self._pending: set[tuple[object, ...]] = set()
        self._previews: dict[tuple[object, ...], JSON] = {}
        self.background = True
        """Compute slow projections off the kernel's event loop (when running in one)."""
        self._quiet = True
        super().__init__(show_odds=show_odds, assumption=check_policy(assumption), auto_roll=auto_roll,
                         interactive=interactive, **kwargs)
        if self.interactive:
            self._play_others()
        self._quiet = False
        self._refresh()

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> State:
        """A copy of the real game (what-if changes are never in it)."""
        return self._state.copy()

    @property
    def shown_state(self) -> State:
        """A copy of the state on the board: the what-if position in what-if mode, else the real game."""
        return (self._explored or self._state).copy()

    @property
    def humans(self) -> tuple[int, ...]:
        return self._humans

    @property
    def bots(self) -> str:
        """How the opponents play: ``"random"`` or ``"greedy"`` (a change applies from their next move)."""
        return self._bots

    @bots.setter
    def bots(self, policy: str) -> None:
        self._bots = check_policy(policy)
        self._refresh()

    # ------------------------------------------------------------------ intents
    _parse = staticmethod(parse_intent)

    def roll(self) -> None:
        """Roll for the learner (Python side of the Roll button); raises when refused."""
        self._raise_if_refused({"type": "roll"})

    def place(self, face: int) -> None:
        """Place the learner's dice showing ``face``; raises when refused."""
        self._raise_if_refused({"type": "place", "face": face})

    def set_state(self, state: State, *, highlight: Sequence[str] = ()) -> None:
        """Show another position (what-if changes are dropped); bots play on if it is their turn."""
        self._state = state.copy()
        self._revision += 1
        self._set_explored(None)
        self._highlight = tuple(highlight)
        self._log_from = max(0, len(state.log) - 1)
        if self.interactive:
            self._play_others()
        self.error = ""
        self._refresh()

    def _carry_out(self, intent: Intent) -> None:
        if isinstance(intent, OptionIntent):
            self._set_option(intent)
        elif isinstance(intent, StepIntent):
            self._step(intent.to)
        elif isinstance(intent, WhatIfIntent):
            if not self.what_if:
                raise IllegalActionError("switch on what-if mode first to move dice freely")
            base = self._explored or self._state
            self._set_explored(base.with_dice(intent.casino, intent.owner, intent.count))
            self._highlight = (f"casino:{intent.casino}",)
        elif isinstance(intent, ResetIntent):
            if not self.what_if:
                raise IllegalActionError("there is nothing to reset: the board shows the real game")
            self._set_explored(None)
            self._highlight = ()
        elif isinstance(intent, NewGameIntent):
            self._check_playable(what_if_ok=True)
            s = self._state
            self._state = new_game(s.players, neutral=s.neutral, seed=self._next_seed(), names=s.names)
            self._revision += 1
            self._set_explored(None)
            self._log_from = 0
            self._play_others()
        else:
            self._play_learner(intent)

    def _play_learner(self, intent: RollIntent | PlaceIntent) -> None:
        self._check_playable()
        s = self._state
        seat = s.current_player
        if seat is None:
            raise IllegalActionError("the game is over: start a new game to play again")
        if seat not in self._humans:
            raise IllegalActionError(f"it is {s.names[seat]}'s turn, not yours: wait for them to play")
        action = Roll() if isinstance(intent, RollIntent) else Place(intent.face)
        if isinstance(action, Place) and s.phase in ("roll", "spare"):
            raise IllegalActionError(f"roll first: there is no roll to place yet ({s.describe()})")
        if isinstance(action, Roll) and s.phase == "place":
            raise IllegalActionError("you have rolled already: choose a face of the roll to place")
        log_before = len(s.log)
        s.apply(action)  # raises with the engine's plain reason and changes nothing
        self._revision += 1
        self._log_from = log_before
        self._highlight = (f"casino:{intent.face}",) if isinstance(intent, PlaceIntent) else ("roll",)
        self._play_others()

    def _check_playable(self, *, what_if_ok: bool = False) -> None:
        if not self.interactive:
            raise IllegalActionError("this board shows a position: it does not take moves")
        if self.what_if and not what_if_ok:
            raise IllegalActionError("leave what-if mode to play: the board shows an imagined position")

    def _set_explored(self, state: State | None) -> None:
        self._explored = state
        self._explore_revision += 1

    def _set_option(self, intent: OptionIntent) -> None:
        if intent.name == "assumption":
            self.assumption = str(intent.value)
        elif intent.name == "bots":
            if not self.interactive:
                raise IllegalActionError("this board shows a position: it has no opponents to change")
            self.bots = str(intent.value)
        elif intent.name in ("what_if", "auto_roll", "show_odds"):
            if intent.name == "what_if" and not self.interactive:
                raise IllegalActionError("what-if mode needs a board that takes moves")
            setattr(self, intent.name, intent.value)

    def _step(self, to: str) -> None:
        raise IllegalActionError("this board is not playing a scenario: there are no steps")

    # ------------------------------------------------------------------ the others' turns
    def _play_others(self) -> None:
        """Bots move (and the learner's dice are rolled when ``auto_roll``) until the learner must act."""
        s = self._state
        for _ in range(MAX_BOT_MOVES):
            seat = s.current_player
            if seat is None:
                return
            if seat in self._humans:
                if not (self.auto_roll and s.phase in ("roll", "spare")):
                    return
                s.apply(Roll())
                self._revision += 1
                continue
            s.apply(Roll() if s.phase in ("roll", "spare") else choose_face(s, self._bots, self._bot_rng))
            self._revision += 1
        raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves in a row")  # pragma: no cover

    def _next_seed(self) -> int:
        return int(self._seeds.integers(2**32))

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
        shown = self._explored or self._state
        with self.hold_sync():
            self.board = {
                **board_view(shown, humans=self._humans, highlight=self._highlight, log_from=self._log_from,
                             bots=self.interactive),
                "what_if": self.what_if,
                "explored": self._explored is not None,
                "bots": self._bots,
            }
            self.odds = self._odds_projection()
            self.outlook = self._outlook_projection(shown)
            self.version += 1

    def _odds_projection(self) -> JSON:
        s = self._state
        if not self.show_odds:
            return waiting("The odds are hidden.", status="off")
        if self.what_if:
            return waiting("What-if mode: see each casino's outlook below.")
        if s.is_over:
            return waiting("The game is over.")
        seat = s.current_player
        assert seat is not None
        if seat not in self._humans:
            return waiting(f"{s.names[seat]} is playing.")
        if s.phase != "place":
            return waiting("Roll your dice to see what each choice is worth.")
        key = ("odds", self._revision, self.assumption)
        position, policy = s.copy(), self.assumption

        def compute() -> JSON:
            odds = placement_odds(position, policy=policy, target_stderr=ODDS_TARGET_STDERR)
            return odds_view(odds, position)

        def simulated() -> JSON:
            odds = placement_odds(position, policy=policy, target_stderr=ODDS_TARGET_STDERR, exact=False)
            return {**odds_view(odds, position), "exact_pending": True}

        return self._projection(key, compute, slow=counts_exactly_after_placing(s), preview=simulated)

    def _outlook_projection(self, shown: State) -> JSON:
        if not self.what_if:
            return waiting("Switch on what-if mode to explore.", status="off")
        if shown.is_over:
            return waiting("The game is over: no casino will pay again.")
        key = ("outlook", self._revision, self._explore_revision, self.assumption)
        position, policy = shown.copy(), self.assumption

        def compute() -> JSON:
            return outlook_view(bill_outlook(position, policy=policy, n=OUTLOOK_ROLLOUTS), position)

        def simulated() -> JSON:
            outlook = bill_outlook(position, policy=policy, n=OUTLOOK_ROLLOUTS, exact=False)
            return {**outlook_view(outlook, position), "exact_pending": True}

        return self._projection(key, compute, slow=SLOW_EXACT_DICE <= dice_left(shown) <= EXACT_DICE,
                                preview=simulated)

    def _projection(
        self, key: tuple[object, ...], compute: Callable[[], JSON], *, slow: bool,
        preview: Callable[[], JSON] | None = None,
    ) -> JSON:
        """A cached projection. A slow one (an exact count of many cases) is computed off the kernel's event
        loop when there is one, so the board answers at once: meanwhile ``preview`` (the simulated figures)
        is shown, or a note that the figures follow."""
        if key in self._cache:
            return self._cache[key]
        loop = _running_loop()
        if not slow or loop is None or not self.background:
            self._keep(key, compute())
            return self._cache[key]
        if key not in self._pending:
            self._pending.add(key)
            future = loop.run_in_executor(None, compute)
            future.add_done_callback(lambda done: self._computed(key, done))
        if preview is not None:
            if key not in self._previews:  # one preview per kind (odds, outlook): only the current one is shown
                self._previews = {k: v for k, v in self._previews.items() if k[0] != key[0]}
                self._previews[key] = preview()
            return self._previews[key]
        return waiting("Counting every way the rest of the round can go: the exact figures follow in a moment.",
                       status="computing")

    def _keep(self, key: tuple[object, ...], view: JSON) -> None:
        """Cache one projection per kind (odds, outlook): only the current position is ever asked again."""
        self._cache = {k: v for k, v in self._cache.items() if k[0] != key[0]}
        self._cache[key] = view

    def _computed(self, key: tuple[object, ...], done: asyncio.Future[JSON]) -> None:
        """Back on the event loop: keep a finished background projection and show it if still current."""
        self._pending.discard(key)
        if done.cancelled() or done.exception() is not None:
            self.error = f"the odds could not be computed: {done.exception()!r}"
            self.version += 1
            return
        self._keep(key, done.result())
        self._refresh()

    async def settled(self) -> None:
        """Wait until no projection is being computed in the background (for notebooks and tests)."""
        while self._pending:
            await asyncio.sleep(0.01)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from it (a widget message, a cell), else None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def counts_exactly_after_placing(state: State) -> bool:
    """Whether placing some face of the roll leaves few enough dice that the odds count them exactly
    (and a lot of cases: at least :data:`SLOW_EXACT_DICE`)."""
    roll = state.current_roll
    if roll is None:
        return False
    left = dice_left(state)
    own, white = roll
    return any(SLOW_EXACT_DICE <= left - own[f] - white[f] <= EXACT_DICE for f in range(6) if own[f] + white[f])
