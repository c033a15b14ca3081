"""Step-through worked examples: a title, then steps that each say what happened and show the state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

S = TypeVar("S")


@dataclass(frozen=True)
class Step(Generic[S]):
    """One step of a worked example: the teacher's words, and the state after it."""

    narration: str
    state: S
    highlight: tuple[str, ...] = ()
    """Names of what changed in this step, for the board to light up (e.g. ``"casino:3"``)."""


@dataclass(frozen=True)
class Scenario(Generic[S]):
    """A rulebook example replayed move by move. ``id`` is the catalogue id in docs/rules.md."""

    id: str
    title: str
    steps: Sequence[Step[S]] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"scenario {self.id} has no steps")
