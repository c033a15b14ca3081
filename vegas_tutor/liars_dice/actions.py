"""The actions of Liar's Dice besides bids: challenge, show (and re-roll) or not, and the chance action roll.

Dice are written as faces sorted lowest first, the star as ``1`` (printed ``★``).

>>> parse_action("show ★ 6"), parse_action("challenge"), parse_action("roll 2 2 5")
(Show(faces=(1, 6)), Challenge(), Roll(faces=(2, 2, 5)))
>>> parse_action("five 5s")
Bid(5, 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.track import FACES, Bid, face_text


def check_faces(value: object, what: str) -> tuple[int, ...]:
    """``value`` as sorted die faces 1..6, or :class:`InvalidActionError`."""
    if not isinstance(value, tuple | list) or any(
        not is_int(f) or f not in FACES for f in value
    ):
        raise InvalidActionError(_("{what} must be die faces 1..6 (1 = ★), got {value!r}", what=what, value=value))
    return tuple(sorted(value))


def faces_text(faces: tuple[int, ...]) -> str:
    """``(1, 4, 4)`` -> ``"★ 4 4"``."""
    return " ".join(face_text(f) for f in faces)


def _read_faces(tokens: list[str], text: str) -> tuple[int, ...]:
    out = []
    for token in tokens:
        if token in {"★", "*", "star"}:
            out.append(1)
        elif token in {"1", "2", "3", "4", "5", "6"}:
            out.append(int(token))
        else:
            raise InvalidActionError(_("{token!r} in {text!r} is not a die face (★ or 1..6)", token=token, text=text))
    return tuple(sorted(out))


@dataclass(frozen=True)
class Challenge:
    """Call the last bid: everyone reveals and the dice are counted."""

    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True)
class Show:
    """Right after your own bid: put these hidden dice out in view, then re-roll the rest (at least one)."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        faces = check_faces(self.faces, "Show.faces")
        if not faces:
            raise InvalidActionError(_("a show puts out at least one die"))
        object.__setattr__(self, "faces", faces)

    def __str__(self) -> str:
        return f"show {faces_text(self.faces)}"


@dataclass(frozen=True)
class NoShow:
    """Right after your own bid: keep every die in the cup (the next player then raises or challenges)."""

    def __str__(self) -> str:
        return "no show"


@dataclass(frozen=True)
class Roll:
    """The chance action. Bare, the state's own generator rolls; with ``faces``, that is the result.

    A pending roll is one player's hidden dice: at the start of a round each player with dice rolls in
    turn (from the opener), and after a show the bidder re-rolls the dice left in the cup.
    """

    faces: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.faces is not None:
            object.__setattr__(self, "faces", check_faces(self.faces, "Roll.faces"))

    @property
    def is_bare(self) -> bool:
        return self.faces is None

    def __str__(self) -> str:
        return "roll" if self.faces is None else f"roll {faces_text(self.faces)}"


Action = Bid | Challenge | Show | NoShow | Roll
ACTION_TYPES = (Bid, Challenge, Show, NoShow, Roll)


def parse_action(text: str) -> Action:
    """Read any action back from its ``str`` (bids also in the short forms :meth:`Bid.parse` accepts)."""
    if not isinstance(text, str):
        raise InvalidActionError(_("an action must be text, got {kind}", kind=type(text).__name__))
    words = " ".join(text.strip().lower().split())
    tokens = words.split(" ")
    if words in {"challenge", "call", "liar"}:
        return Challenge()
    if words in {"no show", "keep"}:
        return NoShow()
    if tokens[0] == "roll":
        return Roll() if len(tokens) == 1 else Roll(_read_faces(tokens[1:], text))
    if tokens[0] == "show":
        return Show(_read_faces(tokens[1:], text))
    return Bid.parse(words)
