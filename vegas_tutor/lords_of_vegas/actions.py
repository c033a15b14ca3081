"""The actions of Lords of Vegas: small frozen values whose ``str`` is readable and parses back.

Chance is an action too: :class:`DrawCard` and :class:`RollDice` are bare (the state's own generator
decides) or carry a given outcome (scenarios, exact odds, "what if" play).

>>> parse_action("build gold on A2")
Build(lot='A2', colour='gold', move_from=None)
>>> str(Gamble("C3", 4))
'gamble $4 at C3'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import N_, _, tr
from vegas_tutor.lords_of_vegas.board import COLOURS, GAME_END, LOTS


def _lot(value: object, what: str) -> None:
    if not isinstance(value, str) or value not in LOTS:
        raise InvalidActionError(_("{what} must be a lot id A1..F9 of the board, got {value}", what=tr(what),
                                   value=repr(value)))


def _colour(value: object) -> None:
    if not isinstance(value, str) or value not in COLOURS:
        raise InvalidActionError(_("a casino colour must be one of {choices}, got {value}", choices=", ".join(COLOURS),
                                   value=repr(value)))


def _whole(value: object) -> bool:
    return is_int(value)


@dataclass(frozen=True)
class DrawCard:
    """Draw the next property card (setup deal or step 1). ``card`` None: the generator draws."""

    card: str | None = None

    def __post_init__(self) -> None:
        if self.card is not None and self.card != GAME_END:
            _lot(self.card, N_("a card"))

    def __str__(self) -> str:
        return "draw" if self.card is None else f"draw {self.card}"


@dataclass(frozen=True)
class RollDice:
    """Roll the pending dice; ``values`` None: a bare roll by the state's generator.

    Given values are: two faces for a start or gamble 2d6 (any order); for a tie re-roll, one face per
    tied die in board order of their lots; for a reorganize, one face per die grouped by owner in seat
    order (each owner's faces in any order: the owner then chooses where each goes).
    """

    values: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.values is not None and (
            not isinstance(self.values, tuple)
            or not self.values
            or any(not _whole(v) or not 1 <= v <= 6 for v in self.values)
        ):
            raise InvalidActionError(_("rolled values must be a non-empty tuple of faces 1..6: {value}",
                                       value=repr(self.values)))

    def __str__(self) -> str:
        return "roll" if self.values is None else "roll " + " ".join(map(str, self.values))


def _move_text(move_from: str | None) -> str:
    return "" if move_from is None else f", moving the die from {move_from}"


@dataclass(frozen=True)
class Build:
    """Build a ``colour`` tile on a lot you mark; ``move_from``: your die to move when none is left."""

    lot: str
    colour: str
    move_from: str | None = None

    def __post_init__(self) -> None:
        _lot(self.lot, N_("the lot to build on"))
        _colour(self.colour)
        if self.move_from is not None:
            _lot(self.move_from, N_("the lot to move a die from"))

    def __str__(self) -> str:
        return f"build {self.colour} on {self.lot}{_move_text(self.move_from)}"


@dataclass(frozen=True)
class Sprawl:
    """Sprawl a ``colour`` casino you boss into the empty, unowned ``lot`` beside it (double cost)."""

    lot: str
    colour: str
    move_from: str | None = None

    def __post_init__(self) -> None:
        _lot(self.lot, N_("the lot to sprawl into"))
        _colour(self.colour)
        if self.move_from is not None:
            _lot(self.move_from, N_("the lot to move a die from"))

    def __str__(self) -> str:
        return f"sprawl {self.colour} into {self.lot}{_move_text(self.move_from)}"


@dataclass(frozen=True)
class Remodel:
    """Change every tile of the casino on ``lot`` (which you boss) to ``colour``, $5 a tile."""

    lot: str
    colour: str

    def __post_init__(self) -> None:
        _lot(self.lot, N_("a lot of the casino to remodel"))
        _colour(self.colour)

    def __str__(self) -> str:
        return f"remodel {self.lot} to {self.colour}"


@dataclass(frozen=True)
class Reorganize:
    """Re-roll every die of the casino on ``lot`` (you have a die in it), $1 a pip."""

    lot: str

    def __post_init__(self) -> None:
        _lot(self.lot, N_("a lot of the casino to reorganize"))

    def __str__(self) -> str:
        return f"reorganize {self.lot}"


@dataclass(frozen=True)
class Gamble:
    """Bet ``bet`` dollars at the casino on ``lot``, bossed by another player (once a turn)."""

    lot: str
    bet: int

    def __post_init__(self) -> None:
        _lot(self.lot, N_("a lot of the casino to gamble at"))
        if not _whole(self.bet) or self.bet < 1:
            raise InvalidActionError(_("a bet must be a whole number of dollars >= 1, got {value}",
                                       value=repr(self.bet)))

    def __str__(self) -> str:
        return f"gamble ${self.bet} at {self.lot}"


@dataclass(frozen=True)
class LayOff:
    """The boss's answer to a bet: lay off half of it to the bank, or take it whole."""

    half: bool

    def __post_init__(self) -> None:
        if not isinstance(self.half, bool):
            raise InvalidActionError(_("LayOff.half must be True or False, got {value}", value=repr(self.half)))

    def __str__(self) -> str:
        return "lay off half" if self.half else "take the whole bet"


@dataclass(frozen=True)
class PlaceDie:
    """After a reorganize: put your highest re-rolled die not yet placed back on your tile ``lot``."""

    lot: str

    def __post_init__(self) -> None:
        _lot(self.lot, N_("the tile to place the die on"))

    def __str__(self) -> str:
        return f"place on {self.lot}"


@dataclass(frozen=True)
class MoveDie:
    """Step 1 with all 12 dice on the board: take your die from ``lot`` to the drawn tile."""

    lot: str

    def __post_init__(self) -> None:
        _lot(self.lot, N_("the lot to move a die from"))

    def __str__(self) -> str:
        return f"move die from {self.lot}"


@dataclass(frozen=True)
class EndTurn:
    """Finish step 2; the next player draws."""

    def __str__(self) -> str:
        return "end turn"


Action = DrawCard | RollDice | Build | Sprawl | Remodel | Reorganize | Gamble | LayOff | PlaceDie | MoveDie | EndTurn
ACTION_TYPES: tuple[type[Any], ...] = (
    DrawCard, RollDice, Build, Sprawl, Remodel, Reorganize, Gamble, LayOff, PlaceDie, MoveDie, EndTurn,
)  # fmt: skip

_L = r"([A-F]\d{1,2})"
_C = r"([a-z]+)"
_MOVE = rf"(?:, moving the die from {_L})?"
_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"draw"), lambda m: DrawCard()),
    (re.compile(rf"draw ({_L[1:-1]}|END)"), lambda m: DrawCard(m[1])),
    (re.compile(r"roll"), lambda m: RollDice()),
    (re.compile(r"roll ((?:\d+ )*\d+)"), lambda m: RollDice(tuple(int(v) for v in m[1].split()))),
    (re.compile(rf"build {_C} on {_L}{_MOVE}"), lambda m: Build(m[2], m[1], m[3])),
    (re.compile(rf"sprawl {_C} into {_L}{_MOVE}"), lambda m: Sprawl(m[2], m[1], m[3])),
    (re.compile(rf"remodel {_L} to {_C}"), lambda m: Remodel(m[1], m[2])),
    (re.compile(rf"reorganize {_L}"), lambda m: Reorganize(m[1])),
    (re.compile(rf"gamble \$(\d+) at {_L}"), lambda m: Gamble(m[2], int(m[1]))),
    (re.compile(r"lay off half"), lambda m: LayOff(True)),
    (re.compile(r"take the whole bet"), lambda m: LayOff(False)),
    (re.compile(rf"place on {_L}"), lambda m: PlaceDie(m[1])),
    (re.compile(rf"move die from {_L}"), lambda m: MoveDie(m[1])),
    (re.compile(r"end turn"), lambda m: EndTurn()),
)


_KEEP_CASE = re.compile(r"[A-F]|END")


def parse_action(text: str) -> Action:
    """Read an action back from its ``str`` form (surrounding spaces and case of words are forgiven)."""
    if not isinstance(text, str):
        raise InvalidActionError(_("an action must be given as text, got {value}", value=type(text).__name__))
    cleaned = " ".join(text.split())
    words = re.sub(r"[A-Za-z]+", lambda w: w[0] if _KEEP_CASE.fullmatch(w[0]) else w[0].lower(), cleaned)
    for pattern, make in _PATTERNS:
        match = pattern.fullmatch(words)
        if match:
            action: Action = make(match)
            return action
    raise InvalidActionError(_("cannot read {text} as a Lords of Vegas action", text=repr(text)))
