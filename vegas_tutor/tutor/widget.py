"""``TutorWidget``: what every game board shares — the message loop, refusals, the synced basics, and the
game kept in the browser.

The browser sends intents; :meth:`TutorWidget.handle` checks each one with the game's parser and carries it
out through the engine. A refused message sets ``error`` to a plain-words reason and changes nothing else.
A game's board subclasses it (``TutorWidget[State]``, its engine's state) and provides ``_parse`` (the message
checker), ``_carry_out``, ``_refresh``, ``_auto_move`` (one move of chance or a bot, or a stop for the learner),
``_is_learner`` (whether a seat is the learner's), ``MAX_MOVES`` (its engine's longest game) and ``show_state``
(show another position).

The others' turns: :meth:`TutorWidget._play_others` plays the board's ``_auto_move`` until it says stop (the
learner acts, or the game is over); more than ``MAX_MOVES`` automatic moves in a row is a bug, and raises.

Nothing lost: after every accepted move a playable board puts its game's sealed record in ``saved``; the
page keeps it in its local storage under ``board_id`` and, when the page comes back, offers to ``resume``
it. The record is opened by the engine's ``from_json``: a tampered one is refused with the reason, and a new
game starts. ``saved`` also carries the learner's ``options`` (the opponents' level, the coach switch, a pace): the page
keeps them with the game and, after a resume, sends them back as the ordinary option messages (a bad stored
value is refused like any message and changes nothing).

Nothing silent: the page sends ``ping`` messages and the board answers ``pong``; before work that can take a
while (the opponents' moves, the odds, the coach) the board sends ``{"type": "busy", "what": ...}`` so the page
can say what the lesson is doing if it stops answering for a moment (see ``shared.js``).

Answer first: :meth:`TutorWidget._after_answer` takes the slow projections (odds, coach, review) out of the
answer to a move. On the kernel's event loop they are computed by a callback scheduled with ``call_soon``,
after the board's own projection has been synced, and ``updating`` is true until they arrive; a newer move
drops the callback of an older one, so stale panels never overwrite newer ones. Without a running loop (a
test, a script) they are computed at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

import traitlets as t

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError, RecordError, VegasTutorError
from vegas_tutor.i18n import _
from vegas_tutor.tutor.assets import WordedWidget, plotly_bundle
from vegas_tutor.tutor.class_relay import recorder
from vegas_tutor.tutor.event_loop import running_loop
from vegas_tutor.tutor.messages import (
    MAX_RECORD_CHARS,
    NewGameIntent,
    PingIntent,
    PlotlyIntent,
    ResumeIntent,
    shared_intent,
)
from vegas_tutor.warmup import simulator_ready

if TYPE_CHECKING:
    from vegas_tutor.tutor.coaching import Coach

_log = logging.getLogger("vegas_tutor")


class SavedGame(Protocol):
    """What a board needs of its engine's ``State`` to keep the game in the browser."""

    GAME_ID: ClassVar[str]

    @property
    def players(self) -> int: ...

    @property
    def history(self) -> tuple[Any, ...]: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def undo(self) -> Any: ...

    def copy(self) -> Self: ...

    def to_json(self) -> str: ...

    @classmethod
    def from_json(cls, text: str) -> Self: ...


G = TypeVar("G", bound=SavedGame)
"""A board's game: its engine's ``State``."""


@dataclass(frozen=True)
class UndoPlan:
    """What an Undo would take back: ``steps`` history entries, ending with the learner's ``decision``.

    ``steps == 0``: nothing can be taken back, and ``reason`` says why in plain words.
    """

    steps: int
    decision: Any = None
    reason: str = ""


def plan_undo(
    state: SavedGame,
    is_decision: Callable[[Any, int | None], bool],
    barrier: Callable[[Any, int | None], str],
    *,
    nothing: str = "",
) -> UndoPlan:
    """Walk back from the end of ``state``'s history to the learner's last decision.

    Each entry is judged with the seat that played it (the state's ``current_player`` before it):
    ``barrier(action, seat)`` returns why the walk may not cross that entry ("" when it may; a roll of the
    learner's dice, for one); ``is_decision(action, seat)`` says whether it is the learner's decision to
    take back. The state itself is not touched (the walk undoes a copy). ``nothing`` is the reason when no
    decision is found (a translated text; by default that nothing was decided since the last roll).
    """
    probe = state.copy()
    for steps in range(1, len(state.history) + 1):
        action = probe.undo().played
        seat = probe.current_player
        why = barrier(action, seat)
        if why:
            return UndoPlan(0, reason=why)
        if is_decision(action, seat):
            return UndoPlan(steps, action)
    never = _("there is nothing to take back: you have not decided anything since your last roll")
    return UndoPlan(0, reason=nothing or never)


SIMULATOR_POLL_SECONDS = 1.0
"""How often a board whose odds wait for the compiled simulator checks whether it is ready."""

MAX_ERROR_CHARS = 400
"""The longest refusal a board shows (the values it echoes are cut shorter, see ``messages.echo``)."""


class TutorWidget(WordedWidget, Generic[G]):
    """The message loop, the others' turns and the traits every board syncs."""

    stepper = t.Dict().tag(sync=True)
    """A scenario's title, step and narration (empty unless the board plays a scenario)."""
    error = t.Unicode("").tag(sync=True)
    """The plain-words reason the last intent was refused ("" after an accepted one)."""
    show_odds = t.Bool(True).tag(sync=True)
    what_if = t.Bool(False).tag(sync=True)
    interactive = t.Bool(True).tag(sync=True)
    """False for a board that only shows positions (a scenario stepper)."""
    version = t.Int(0).tag(sync=True)
    """Bumped after every update (the browser tests and the benchmarks wait on it)."""
    board_id = t.Unicode("").tag(sync=True)
    """Names this board's saved game in the page's storage (with the page's address); by default the game
    and the board's rank among the playable boards of that game made in this kernel ("las_vegas-1")."""
    updating = t.Bool(False).tag(sync=True)
    """True while the odds, the coach or the review of the last answer are still being computed (answer first);
    ``version`` is bumped once they are synced, so it marks a whole update."""
    saved = t.Dict().tag(sync=True)
    """The real game as a sealed record after the last accepted move: ``record``, ``moves`` (actions played),
    ``game``, ``options`` (the opponents' level ``bots``, the ``coach`` switch, Lords of Vegas's ``pace``);
    ``too_long`` (the record's length, no record) past ``MAX_RECORD_CHARS``; ``refused`` (why) right after a
    kept game was refused. Empty on a stepper."""

    practice_found = t.Dict().tag(sync=True)
    """The learner's exercises of the game just finished (``exercises``, each as
    :meth:`~vegas_tutor.practice.exercise.Exercise.to_dict` gives it; ``moves``, the game's length): the page
    keeps them in its practice inbox for the Practice page. Empty until a game ends."""
    collect_exercises: ClassVar[bool | None] = None
    """Whether a finished game's exercises are made: ``None`` on a kernel's event loop only (in a worker thread,
    off the click path), ``True`` also without one (at once), ``False`` never."""

    _in_game = False
    """Whether the learner has made a decision in the game on the board (then New game and leaving the page
    ask first, while the game is not over)."""

    _made: ClassVar[Counter[str]] = Counter()
    """How many playable boards of each game this kernel made (the default ``board_id``)."""

    _parse: Callable[[object], Any]
    """The game's message checker: a message in, an intent out, or ``InvalidActionError``."""
    _carry_out: Callable[[Any], None]
    """Carry out a checked intent through the engine; raises ``VegasTutorError`` when it is refused."""
    _refresh: Callable[[], None]
    """Rebuild the synced projections from the state."""
    _auto_move: Callable[[], bool]
    """Play one automatic move (a chance outcome, or a bot's move for the seat to act) and say ``True``; or play
    nothing and say ``False``: the learner acts now (or the game is over, or the board waits)."""
    _is_learner: Callable[[int | None], bool]
    """Whether a seat is played by the learner (each board says which seats are theirs)."""
    MAX_MOVES: ClassVar[int]
    """The most moves a game of the board's game has (its engine's ``MAX_MOVES``): the others' turns stop there."""
    _noun = "board"
    """What the learner calls this widget in a refusal: "board" or "table" (each refusal is written for both)."""
    _state: G
    """The real game."""
    _coach: Coach
    """The board's coach (made in each board's ``__init__``)."""
    show_state: Callable[..., None]
    """Show another position (``show_state(state, highlight=...)``); bots play on if it is their turn."""

    answer_first = True
    """Compute the slow projections after the answer, on the event loop (when there is one running)."""
    _answer_number = 0
    """Counts the answers given: a scheduled panel computation for an older answer is dropped."""
    _busy_said = ""
    """The last ``busy`` message sent in the current answer (each text is sent once per answer)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> G:
        """A copy of the real game (the whole truth, never synced; what-if changes are never in it)."""
        return self._state.copy()

    @property
    def coach(self) -> Coach:
        """The board's coach (its decisions and reviews; switch it with ``coach.on`` or the Coach switch)."""
        return self._coach

    # ------------------------------------------------------------------ the others' turns
    def _play_others(self) -> None:
        """Let chance and the bots play until the learner must act (or the game ends): the board's
        ``_auto_move``, at most ``MAX_MOVES`` times in a row (more than any game has)."""
        for _move in range(self.MAX_MOVES):
            if not self._auto_move():
                return
        raise RuntimeError(f"the bots made {self.MAX_MOVES} moves in a row, more than a game "
                           f"of {self._state.GAME_ID} has")  # pragma: no cover

    # ------------------------------------------------------------------ answer first
    def _after_answer(self, panels: Callable[[], None]) -> None:
        """Run ``panels`` (which syncs the slow projections) after the answer to the current message.

        On a running event loop it is scheduled with ``call_soon``: the board's projection, synced before,
        reaches the page first, and ``updating`` says the rest follows; a newer answer makes this one's
        computation stale, and it is dropped. The page is told (``busy``) just before computing.
        """
        self._answer_number += 1
        number = self._answer_number
        loop = running_loop()
        if loop is None or not self.answer_first:
            panels()
            if self.updating:
                self.updating = False
            return
        if not self.updating:
            self.updating = True

        def later() -> None:
            if number != self._answer_number:
                return  # a newer answer has scheduled its own panels
            self._say_busy(_("Working out the odds and the coach"))
            try:
                with self.hold_sync():
                    try:
                        panels()
                    finally:
                        self.updating = False  # a failure is logged by the loop; the page never waits for ever
            finally:
                self._busy_said = ""

        loop.call_soon(later)

    _simulator_poll = False
    """A check that the compiled simulator is ready is scheduled (then the panels are drawn again)."""

    def _when_ready(self, ready: Callable[[], bool]) -> None:
        """Draw the board again once ``ready()`` (the compiled simulator is loaded; checked every second on
        the kernel's event loop; nothing without a running loop)."""
        loop = running_loop()
        if loop is None or self._simulator_poll:
            return
        self._simulator_poll = True

        def check() -> None:
            if not ready():
                loop.call_later(SIMULATOR_POLL_SECONDS, check)
                return
            self._simulator_poll = False
            self._refresh()

        loop.call_later(SIMULATOR_POLL_SECONDS, check)

    async def answered(self) -> None:
        """Wait until the last answer's slow projections are synced and no odds wait for the simulator."""
        while self.updating or self._simulator_poll:
            await asyncio.sleep(0.01)

    async def settled(self) -> None:
        """Wait until nothing of the last answer is still being computed (for notebooks and tests)."""
        await self.answered()
        coach = getattr(self, "_coach", None)
        if coach is not None:
            await coach.settled()
            await self.answered()

    def _say_opponents_play(self, compiled: str = "") -> None:
        """Tell the page the opponents are choosing their moves (a hard bot may think for a while); when their
        moves need ``compiled``'s simulator and it is not ready yet, that it is being prepared."""
        if compiled and not fast_simulator_ready(compiled):
            self._say_busy(preparing_simulator())
        else:
            self._say_busy(_("The opponents are playing"))

    def _say_busy(self, what: str) -> None:
        """Tell the page what the lesson is about to do that may take a while (once per answer)."""
        if self._busy_said == what:
            return
        self._busy_said = what
        self.send({"type": "busy", "what": what})

    def _begin(self, seed: int | None) -> None:
        """Start of a board's ``__init__``: its seeded generators, and no projections until :meth:`_ready`."""
        self._seeds = make_rng(seed)
        self._bot_rng = make_rng(self._next_seed())
        self._quiet = True
        """While true, ``_refresh`` does nothing (the board is being built or changed in several steps)."""

    def _ready(self) -> None:
        """End of a board's ``__init__``: the others play up to the learner, then the first projections."""
        if self.interactive:
            self._play_others()
            if not self.board_id:
                game = self._state.GAME_ID
                TutorWidget._made[game] += 1
                self.board_id = f"{game}-{TutorWidget._made[game]}"
        self._quiet = False
        self._save_record()
        self._refresh()

    def _next_seed(self) -> int:
        """A fresh seed from the board's own seeded generator (new games, simulations)."""
        return int(self._seeds.integers(2**32))

    def _check_playable(self) -> None:
        if not self.interactive:
            why = self._says(_("this board shows a position: it does not take moves"),
                             _("this table shows a position: it does not take moves"))
            raise IllegalActionError(why)

    def _says(self, board: str, table: str) -> str:
        """The refusal written for a board, or the one written for a table (see ``_noun``)."""
        return table if self._noun == "table" else board

    def _step(self, to: str) -> None:
        why = self._says(_("this board is not playing an example: there are no steps"),
                         _("this table is not playing an example: there are no steps"))
        raise IllegalActionError(why)

    def handle(self, content: object) -> bool:
        """Carry out one message from the browser; ``False`` (and ``error`` set) when it is refused."""
        try:
            intent = self._read(content)
            if isinstance(intent, PingIntent):
                self.send({"type": "pong", "n": intent.n})  # changes nothing, not even the error line
                return True
            if isinstance(intent, PlotlyIntent):
                self.send({"type": "plotly"}, [plotly_bundle()])  # for the review's chart; changes nothing
                return True
            if isinstance(intent, ResumeIntent):
                self._resume(intent.record)
            else:
                was_over = not self.interactive or self._state.is_over
                self._carry_out(intent)
                if not was_over and self._state.is_over:  # played to the end now: class mode records it
                    recorder.game_over(self)
                    self._collect_exercises()
        except VegasTutorError as refusal:
            self._refuse(str(refusal))
            return False
        finally:
            self._busy_said = ""
        self.error = ""
        with self.hold_sync():
            self._save_record()
            self._refresh()
        return True

    def _read(self, content: object) -> Any:
        """The intent of a message: a shared one (resume, ping) or the game's; any failure is a refusal."""
        try:
            return shared_intent(content) or self._parse(content)
        except VegasTutorError:
            raise
        except Exception as exc:  # a message is untrusted input: whatever breaks the checker refuses it
            raise InvalidActionError(_("this message could not be read ({kind})", kind=type(exc).__name__)) from None

    def _refuse(self, reason: str) -> None:
        self.error = reason if len(reason) <= MAX_ERROR_CHARS else reason[:MAX_ERROR_CHARS] + "…"
        self.version += 1

    # ------------------------------------------------------------------ the game kept in the browser
    def _save_record(self) -> None:
        """Put the real game's sealed record in ``saved`` (playable boards only)."""
        if not self.interactive:
            if self.saved:
                self.saved = {}
            return
        state = self._state
        text = state.to_json()
        saved: dict[str, Any] = {"game": state.GAME_ID, "moves": len(state.history), "over": bool(state.is_over),
                                 "options": self._kept_options()}
        if len(text) > MAX_RECORD_CHARS:
            saved["too_long"] = len(text)
        else:
            saved["record"] = text
        self.saved = saved

    def _opponents(self) -> str:
        """The opponents' level or policy (each playable board says where it keeps it)."""
        return str(getattr(self, "_bots", ""))

    def _kept_options(self) -> dict[str, Any]:
        """The learner's choices kept with the saved game: the opponents' level and the coach switch."""
        coach = getattr(self, "_coach", None)
        return {"bots": self._opponents(), "coach": bool(coach is not None and coach.on)}

    def _resume(self, record: str) -> None:
        """Go on with a saved game; a record the engine refuses starts a new game and says why."""
        if not self.interactive:
            why = self._says(_("this board shows a position: there is no game to resume"),
                             _("this table shows a position: there is no game to resume"))
            raise IllegalActionError(why)
        kind = type(self._state)
        try:
            state = kind.from_json(record)
            if state.players != self._state.players:
                players, seats = state.players, self._state.players
                why = self._says(
                    _("it is a {players}-player game; this board seats {seats}", players=players, seats=seats),
                    _("it is a {players}-player game; this table seats {seats}", players=players, seats=seats))
                raise RecordError(why)
        except RecordError as bad:
            self._carry_out(NewGameIntent())
            self._in_game = False
            with self.hold_sync():
                self._save_record()
                self.saved = {**self.saved, "refused": str(bad)}  # the page says it above the board
                self._refresh()
            raise IllegalActionError(_("your saved game was refused ({reason}); a new game has started",
                                       reason=bad)) from None
        self.show_state(state)
        self._in_game = bool(state.history)

    # ------------------------------------------------------------------ exercises for the Practice page
    def learner_seat(self) -> int | None:
        """The seat the learner plays, when they play exactly one (a hot-seat game has no single learner)."""
        seats = [seat for seat in range(self._state.players) if self._is_learner(seat)]
        return seats[0] if len(seats) == 1 else None

    def _answered_decisions(self) -> list[tuple[Any, Any]]:
        """The learner's decisions of this game that its history does not show, ``(position, choice)`` (a board
        with trades hands in the trades answered); none by default."""
        return []

    def _collect_exercises(self) -> None:
        """Make the exercises of the game just finished (see ``practice_found``)."""
        seat = self.learner_seat()
        loop = running_loop()
        if seat is None or self.collect_exercises is False or (loop is None and not self.collect_exercises):
            return
        state = self._state.copy()
        answered = self._answered_decisions()
        rivals = self._opponents()  # (kept with each exercise when the game's coach reads rivals by level)

        def make() -> list[dict[str, Any]]:
            from vegas_tutor.practice.exercise import exercises_from_game

            return [exercise.to_dict()
                    for exercise in exercises_from_game(state, seat, answered=answered, rivals=rivals)]

        def found(exercises: list[dict[str, Any]]) -> None:
            self.practice_found = {"moves": len(state.history), "exercises": exercises}

        if loop is None:
            found(make())
            return

        def done(future: asyncio.Future[list[dict[str, Any]]]) -> None:
            if future.cancelled() or future.exception() is not None:
                _log.warning("vegas-tutor: the exercises of a finished game could not be made: %r",
                             None if future.cancelled() else future.exception())
                return
            found(future.result())

        loop.run_in_executor(None, make).add_done_callback(done)

    # ------------------------------------------------------------------ undo
    def _undo_plan(self) -> UndoPlan:
        """What Undo would take back now (each playable board says what a decision and a barrier are)."""
        return UndoPlan(0, reason=_("this board has no undo"))

    def _undo(self) -> UndoPlan:
        """Take back the learner's last decision and every move after it, exactly (the engine's undo)."""
        self._check_playable()
        plan = self._undo_plan()
        if not plan.steps:
            raise IllegalActionError(_("nothing was undone: {reason}", reason=plan.reason))
        for _step in range(plan.steps):
            self._state.undo()
        return plan

    def _undo_view(self) -> dict[str, Any]:
        """The Undo button's projection: whether it works, what it takes back or why not; whether a game is
        in progress (New game and leaving the page ask first)."""
        if not self.interactive:
            return {"can": False, "what": "", "reason": "", "in_progress": False}
        plan = self._undo_plan()
        return {"can": plan.steps > 0, "what": self._decision_words(plan.decision) if plan.steps else "",
                "reason": plan.reason, "in_progress": self._in_game and not self._state.is_over}

    def _decision_words(self, action: Any) -> str:
        """The learner's decision in a few words, for the Undo button ("your placement of the 4s")."""
        return str(action)

    def _raise_if_refused(self, content: dict[str, Any]) -> None:
        if not self.handle(content):
            refusal = self.error  # already in the language in force
            raise IllegalActionError(refusal)

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.handle(content)


def preparing_simulator() -> str:
    """What the board says while a game's compiled simulator is loaded or compiled (a fresh install)."""
    return _("Preparing the fast simulator (first start only)")


def fast_simulator_ready(game: str) -> bool:
    """Whether ``game``'s compiled simulator is loaded or cached (``vegas_tutor.warmup.simulator_ready``)."""
    return simulator_ready(game)

