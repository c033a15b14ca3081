"""The base every game's ``State`` is built on (after OpenSpiel's Game/State split and python-chess's push/pop).

A game is a plain, copyable record of what changes (each engine's ``Data``) plus the rules as functions on
it. This base adds what all three engines share, written once:

- the history: each entry keeps the action as asked and as played, the record before it and the dice
  generator's state before it, so :meth:`GameStateBase.undo` is exact (a bare roll undone and rolled again
  gives the same dice, also after loading a saved game);
- a checked :meth:`~GameStateBase.apply` that plays on a copy and keeps it only if every check passed
  (one rollback strategy), and :meth:`~GameStateBase.apply_unchecked`, the fast path of odds and bots, after
  which the history is gone (undo and saving refuse, on that state only);
- :meth:`~GameStateBase.copy`, ``is_chance``, and one sealed record format: ``config``, ``origin`` (how the
  game began), ``history`` (the played actions as text), ``rngs`` (the generator state before each) and
  ``rng`` (the generator now). Loading replays the history through the rules; any bad record raises
  :class:`~vegas_tutor.core.errors.RecordError` with a reason, and nothing else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from vegas_tutor.core.dice import Rng, clone_rng, rng_from_state, rng_state
from vegas_tutor.core.errors import IllegalActionError, RecordError, VegasTutorError
from vegas_tutor.core.record import dump_record, load_record
from vegas_tutor.i18n import _

A = TypeVar("A")


class Copyable(Protocol):
    def copy(self) -> Self: ...


D = TypeVar("D", bound=Copyable)


@dataclass(frozen=True)
class HistoryEntry(Generic[A]):
    """One step of a game's history."""

    asked: A
    """The action as it was given (a bare roll stays bare)."""
    played: A
    """The action as it was played (a roll with its result): what the record keeps."""
    rng_before: dict[str, Any]
    """The dice generator's state before the action; undo rewinds it."""


class GameStateBase(ABC, Generic[D, A]):
    """History, checked apply with rollback, exact undo, copy and sealed records, for every game."""

    GAME_ID: ClassVar[str]
    RECORD_VERSION: ClassVar[int] = 2

    def __init__(self, data: D, rng: Rng, origin: dict[str, Any]) -> None:
        self._d = data
        self._rng = rng
        self._origin = origin
        self._history: list[tuple[HistoryEntry[A], D]] = []
        self._tracked = True

    # ------------------------------------------------------------------------ what each game supplies
    @abstractmethod
    def _coerce(self, action: object) -> A:
        """``action`` (or its text) as one of the game's actions; else :class:`InvalidActionError`."""

    @abstractmethod
    def _play(self, d: D, action: A) -> A:
        """Check ``action`` against ``d`` and play it there (``d`` is a private copy); return it as played."""

    @abstractmethod
    def _execute(self, d: D, action: A) -> None:
        """Play a legal ``action`` on ``d`` without checks (the fast path)."""

    @abstractmethod
    def _config_json(self) -> dict[str, Any]:
        """The game's settings as plain JSON data."""

    @classmethod
    @abstractmethod
    def _from_record(cls, config: Any, origin: Any) -> Self:
        """The state a record starts from; raise a :class:`VegasTutorError` if it is not sound."""

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def is_chance(self) -> bool:
        """Whether dice must be rolled (or a card drawn) before anyone decides."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def legal_actions(self) -> Sequence[A]: ...

    @abstractmethod
    def chance_outcomes(self) -> Sequence[tuple[A, Fraction]]: ...

    # ------------------------------------------------------------------------ shared
    @property
    def history(self) -> tuple[A, ...]:
        """Every action played since the start, as played (rolls with their results)."""
        return tuple(entry.played for entry, _ in self._history)

    @property
    def entries(self) -> tuple[HistoryEntry[A], ...]:
        return tuple(entry for entry, _ in self._history)

    def apply(self, action: A | str) -> None:
        """Check and play ``action`` (or its text); on any error raise and change nothing."""
        asked = self._coerce(action)
        self._commit(asked, lambda work: self._play(work, asked))

    def _commit(self, asked: A, play: Any) -> None:
        work = self._d.copy()
        before = rng_state(self._rng)
        try:
            played = play(work)
        except BaseException:
            self._rng.bit_generator.state = before
            raise
        self._history.append((HistoryEntry(asked, played, before), self._d))
        self._d = work

    def apply_unchecked(self, action: A) -> None:
        """Play a legal action (from :meth:`legal_actions` or :meth:`chance_outcomes`) without checks.

        The fast path of odds and bots: no copy, no history. :meth:`undo` and :meth:`to_json` refuse
        afterwards on this state (take a :meth:`copy` first to keep one that can).
        """
        self._tracked = False
        self._execute(self._d, action)

    def undo(self) -> HistoryEntry[A]:
        """Take back the last action, dice generator included, and return its history entry."""
        self._check_tracked(_("cannot undo: this state keeps no history (moves played with apply_unchecked, "
                              "or a deal for play-outs)"))
        if not self._history:
            raise IllegalActionError(_("nothing to undo: this is the starting position"))
        entry, before = self._history.pop()
        self._d = before.copy()  # the kept record stays untouched: copies of this state may share it
        self._rng.bit_generator.state = entry.rng_before
        return entry

    def copy(self) -> Self:
        """An independent copy: its own generator in the same state, the same history; branch freely."""
        twin = self._twin()
        twin._d = self._d.copy()
        twin._rng = clone_rng(self._rng)
        twin._history = list(self._history)
        twin._tracked = self._tracked
        return twin

    def _twin(self) -> Self:
        """A shallow copy of ``self`` (subclasses with more fields may refine it)."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        return twin

    def _check_tracked(self, refusal: str) -> None:
        """Raise ``refusal`` (a translated text) when the history is gone (after ``apply_unchecked``)."""
        if not self._tracked:
            raise IllegalActionError(refusal)

    # ------------------------------------------------------------------------ records
    def to_json(self) -> str:
        """A sealed record: settings, starting point, every action with the generator before it, the generator."""
        self._check_tracked(_("cannot save: this state keeps no history (moves played with apply_unchecked, "
                              "or a deal for play-outs)"))
        body = {
            "config": self._config_json(),
            "origin": self._origin,
            "history": [str(entry.played) for entry, _ in self._history],
            "rngs": [entry.rng_before for entry, _ in self._history],
            "rng": rng_state(self._rng),
        }
        return dump_record(self.GAME_ID, self.RECORD_VERSION, body)

    def _replay(self, text: str) -> None:
        """Play one history entry of a record (games with other kinds of entries refine this)."""
        self.apply(text)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Open a record of :meth:`to_json` by replaying it through the rules; a bad one raises RecordError."""
        body = load_record(text, cls.GAME_ID, cls.RECORD_VERSION)
        if not isinstance(body, dict) or set(body) != {"config", "origin", "history", "rngs", "rng"}:
            raise RecordError(_("saved game body must hold config, origin, history, rngs and rng"))
        history, rngs = body["history"], body["rngs"]
        if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
            raise RecordError(_("saved game history must be a list of action texts"))
        if not isinstance(rngs, list) or len(rngs) != len(history):
            raise RecordError(_("saved game must hold one generator state per action"))
        try:
            state = cls._from_record(body["config"], body["origin"])
            for i, (entry, rng_before) in enumerate(zip(history, rngs, strict=True)):
                state._rng = rng_from_state(rng_before)
                state._replay_played(i, entry)
            state._rng = rng_from_state(body["rng"])
        except RecordError:
            raise
        except VegasTutorError as exc:
            raise RecordError(_("saved game does not replay: {problem}", problem=exc)) from None
        except Exception as exc:  # a record is untrusted input: whatever breaks is a bad record
            why = _("saved game is not sound ({kind}: {problem})", kind=type(exc).__name__, problem=exc)
            raise RecordError(why) from None
        return state

    def _replay_played(self, i: int, text: str) -> None:
        count = len(self._history)
        self._replay(text)
        if len(self._history) != count + 1:
            raise RecordError(_("saved game: entry {i} ({text!r}) did not play as one step", i=i, text=text))
        played = self._history[-1][0].played
        if str(played) != text:
            raise RecordError(_("saved game: entry {i} ({text!r}) does not give its result (it played {played})", i=i,
                                  text=text, played=played))
