"""The protocol every game state follows (after python-chess and OpenSpiel).

Each engine's ``State`` offers the members below. Chance is explicit: while dice must be rolled,
``legal_actions()`` offers the roll and ``chance_outcomes()`` lists every result with its exact
probability; applying the bare roll resolves it with the state's own seeded generator, and applying
a listed outcome sets it (for scenarios, exact enumeration and "what if" play).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Protocol, Self


class GameState(Protocol):
    """What lessons, widgets, odds and bots may rely on, whatever the game."""

    @property
    def current_player(self) -> int | None:
        """The seat to act (or to roll), ``None`` once the game is over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> list[int]: ...

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions, in a fixed order; each has a readable ``str``."""

    def apply(self, action: Any) -> None:
        """Check and play ``action``; on error raise and leave the state untouched."""

    def undo(self) -> Any:
        """Take back the last action and return it."""

    def chance_outcomes(self) -> Sequence[tuple[Any, Fraction]]:
        """While a roll is pending, every outcome with its exact probability; else empty."""

    def copy(self) -> Self: ...

    def to_json(self) -> str: ...

    @classmethod
    def from_json(cls, text: str) -> Self: ...
