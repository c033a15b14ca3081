"""The bid track of the board edition, and bids: frozen values ordered by their place on the track.

The track is data. :data:`TRACK_LAYOUT` lists its spaces in order, ``"3"`` for the numeric space of
quantity 3 and ``"*2"`` for the star space of quantity 2; change that one line to change the board.
docs/rules.md decides the layout 1, ★1, 2, 3, ★2, 4, 5, ★3, ... (star space n between numeric spaces
2n-1 and 2n), numeric spaces 1..20, star spaces 1..10.

A bid on a numeric space names a face 2..6; a bid on a star space names the star (``STAR = 1``).
One bid is higher than another if its space is later on the track, or it is on the same numeric
space with a higher face.

>>> Bid(4, 3) < Bid(4, 5) < Bid(5, 2) < Bid(3, STAR)
True
>>> str(Bid(5, 5)), str(Bid(3, STAR))
('five 5s', 'three stars')
>>> Bid.parse("seven 3s")
Bid(7, 3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _

STAR = 1
"""The wild star, the face that takes the place of the 1."""

FACES = (1, 2, 3, 4, 5, 6)
NUMBER_FACES = (2, 3, 4, 5, 6)

TRACK_LAYOUT = "1 *1 2 3 *2 4 5 *3 6 7 *4 8 9 *5 10 11 *6 12 13 *7 14 15 *8 16 17 *9 18 19 *10 20"
"""The spaces of the bid track in order (``*n`` = star space n). The one line to edit for another board."""


class Space(NamedTuple):
    """One space of the bid track: a quantity, on a numeric or a star space."""

    quantity: int
    star: bool

    def __str__(self) -> str:
        return f"★{self.quantity}" if self.star else str(self.quantity)


def _parse_layout(layout: str) -> tuple[Space, ...]:
    spaces = tuple(
        Space(int(token[1:]), True) if token.startswith("*") else Space(int(token), False)
        for token in layout.split()
    )
    if len(set(spaces)) != len(spaces) or any(s.quantity < 1 for s in spaces):
        raise ValueError(f"bad bid track layout {layout!r}")
    return spaces


TRACK: tuple[Space, ...] = _parse_layout(TRACK_LAYOUT)
"""The spaces of the bid track, lowest first."""

_SPACE_INDEX = {space: i for i, space in enumerate(TRACK)}

_WORDS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
]


def quantity_words(n: int) -> str:
    """``5`` -> ``"five"`` (digits beyond twenty)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def face_text(face: int) -> str:
    """How a single die reads: ``"★"`` for the star, else its number."""
    return "★" if face == STAR else str(face)


@dataclass(frozen=True, eq=True, order=False)
class Bid:
    """A claim that at least ``quantity`` dice in play show ``face`` (stars count for number faces).

    Bids are totally ordered by the track; ``repr`` round-trips (``Bid(5, 5)``), ``str`` reads like the
    rulebook and :meth:`parse` reads it back.
    """

    quantity: int
    face: int

    def __post_init__(self) -> None:
        q, f = self.quantity, self.face
        if not is_int(q) or not is_int(f):
            raise InvalidActionError(_("a bid needs a whole quantity and face, got {q!r} and {f!r}", q=q, f=f))
        if f not in FACES:
            raise InvalidActionError(_("a bid's face must be ★ (1) or 2..6, got {f}", f=f))
        if Space(q, f == STAR) not in _SPACE_INDEX:
            if f == STAR:
                raise InvalidActionError(_("the bid track has no star space {q} (bid {q} x {face})", q=q, face="★"))
            raise InvalidActionError(_("the bid track has no numeric space {q} (bid {q} x {face})", q=q, face=f))

    @property
    def space(self) -> Space:
        """The track space this bid sits on."""
        return Space(self.quantity, self.face == STAR)

    @property
    def is_star(self) -> bool:
        return self.face == STAR

    @property
    def rank(self) -> int:
        """Position of this bid among all bids, lowest 0 (see :data:`ALL_BIDS`)."""
        return _RANK[(self.quantity, self.face)]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.rank <= other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.rank > other.rank

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.rank >= other.rank

    def __repr__(self) -> str:
        return f"Bid({self.quantity}, {self.face})"

    def __str__(self) -> str:
        words = quantity_words(self.quantity)
        if self.face == STAR:
            return f"{words} star" if self.quantity == 1 else f"{words} stars"
        return f"{words} {self.face}" if self.quantity == 1 else f"{words} {self.face}s"

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read a bid: ``"five 5s"``, ``"5 5s"``, ``"5 x 5"``, ``"three stars"``, ``"3 ★"``."""
        if not isinstance(text, str):
            raise InvalidActionError(_("a bid must be text, got {kind}", kind=type(text).__name__))
        words = " ".join(text.strip().lower().replace("\u00d7", " x ").split())
        m = _BID_TEXT.fullmatch(words)
        if m is None:
            raise InvalidActionError(_("cannot read {text!r} as a bid (try 'five 5s' or 'three stars')", text=text))
        qty_text, face_text_ = m.group("q"), m.group("f")
        quantity = int(qty_text) if qty_text.isdigit() else _WORDS.index(qty_text)
        face = STAR if face_text_ in {"star", "stars", "★", "*", "1", "1s", "1's"} else int(face_text_[0])
        return cls(quantity, face)


_BID_TEXT = re.compile(
    r"(?P<q>\d+|" + "|".join(_WORDS[1:]) + r")(?: x)? (?P<f>stars?|★|\*|[1-6](?:'?s)?)"
)

_RANK: dict[tuple[int, int], int] = {}


def _all_bids() -> tuple[Bid, ...]:
    out: list[Bid] = []
    for space in TRACK:
        faces = (STAR,) if space.star else NUMBER_FACES
        for face in faces:
            _RANK[(space.quantity, face)] = len(out)
            out.append(Bid(space.quantity, face))
    return tuple(out)


# Bid() validates against the track only, so ranks can be filled while the bids are built.
ALL_BIDS: tuple[Bid, ...] = _all_bids()
"""Every bid the track allows, lowest first: ``ALL_BIDS[bid.rank] == bid``."""
