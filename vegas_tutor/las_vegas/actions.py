"""The actions of Las Vegas: small frozen values with readable notation that parses back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.rules import CASINO_NAMES

Counts = tuple[int, int, int, int, int, int]
"""How many dice show each face 1..6."""


def _check_counts(value: object, what: str) -> Counts | None:
    if value is None:
        return None
    if (
        not isinstance(value, tuple)
        or len(value) != 6
        or any(not is_int(c) or c < 0 for c in value)
    ):
        raise InvalidActionError(_("{what} must be six counts >= 0 (dice per face 1..6), got {value!r}",
                                   what=what, value=value))
    return (value[0], value[1], value[2], value[3], value[4], value[5])


def _faces_text(counts: Counts) -> str:
    return " ".join(str(face) for face in range(1, 7) for _ in range(counts[face - 1]))


def _faces_counts(text: str) -> Counts:
    counts = [0] * 6
    for token in text.split():
        if token not in {"1", "2", "3", "4", "5", "6"}:
            raise InvalidActionError(_("{token!r} is not a die face 1..6", token=token))
        counts[int(token) - 1] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


@dataclass(frozen=True)
class Roll:
    """Roll the dice in hand. Bare, the state's own generator decides; with counts, the result is given.

    ``own`` and ``white`` count the dice per face 1..6 (the player's colour and the neutral white dice).
    A roll of only ``white`` is the start player's roll of the spare white dice in a 3-player variant game.
    """

    own: Counts | None = None
    white: Counts | None = None

    def __post_init__(self) -> None:
        _check_counts(self.own, "Roll.own")
        _check_counts(self.white, "Roll.white")

    @property
    def is_bare(self) -> bool:
        return self.own is None and self.white is None

    def __str__(self) -> str:
        if self.is_bare:
            return "roll"
        parts = []
        if self.own is not None:
            parts.append(_faces_text(self.own) or "-")
        if self.white is not None and (any(self.white) or self.own is None):
            parts.append("white " + (_faces_text(self.white) or "-"))
        return "roll " + " + ".join(parts)


@dataclass(frozen=True)
class Place:
    """Put all dice showing ``face`` (own and white) on the casino with that number."""

    face: int

    def __post_init__(self) -> None:
        if not is_int(self.face) or not 1 <= self.face <= 6:
            raise InvalidActionError(_("a face must be a whole number 1..6, got {face!r}", face=self.face))

    def __str__(self) -> str:
        return f"place the {self.face}s on casino {self.face} ({CASINO_NAMES[self.face]})"


Action = Roll | Place

_PLACE = re.compile(r"place(?: the)? ([1-6])s?\b.*")
_ROLL = re.compile(r"roll(?: (?P<own>[-1-6 ]*?))?(?: ?\+? ?white (?P<white>[-1-6 ]*))?")


def parse_action(text: str) -> Action:
    """Read an action back from its ``str`` (or the short forms ``"place 3"`` and ``"roll"``).

    >>> parse_action("place the 3s on casino 3 (The Mirage)")
    Place(face=3)
    >>> parse_action("roll 3 3 5 + white 6")
    Roll(own=(0, 0, 2, 0, 1, 0), white=(0, 0, 0, 0, 0, 1))
    """
    if not isinstance(text, str):
        raise InvalidActionError(_("an action must be text, got {kind}", kind=type(text).__name__))
    words = " ".join(text.strip().lower().split())
    if m := _PLACE.fullmatch(words):
        return Place(int(m.group(1)))
    if (m := _ROLL.fullmatch(words)) is not None:
        own_text, white_text = m.group("own"), m.group("white")
        if own_text is None and white_text is None:
            return Roll()
        own = None if not (own_text or "").strip() else _faces_counts(own_text.replace("-", ""))
        white = None if white_text is None else _faces_counts(white_text.replace("-", ""))
        return Roll(own, white)
    raise InvalidActionError(_("cannot read {text!r} as a Las Vegas action (try 'roll' or 'place 3')", text=text))


def describe_action(action: Action) -> str:
    """An action in the language in force (its ``str`` is the English notation that parses back).

    >>> describe_action(Place(3)), describe_action(Roll(own=(0, 0, 2, 0, 1, 0), white=(0, 0, 0, 0, 0, 1)))
    ('place the 3s on casino 3 (The Mirage)', 'roll 3 3 5 + white 6')
    """
    if isinstance(action, Place):
        return _("place the {face}s on casino {face} ({casino})", face=action.face, casino=CASINO_NAMES[action.face])
    if action.is_bare:
        return _("roll")
    own = None if action.own is None else _faces_text(action.own) or "-"
    white = None if action.white is None else _faces_text(action.white) or "-"
    if own is None:
        return _("roll white {white}", white=white)
    if white is None or action.white is None or not any(action.white):
        return _("roll {faces}", faces=own)
    return _("roll {faces} + white {white}", faces=own, white=white)
