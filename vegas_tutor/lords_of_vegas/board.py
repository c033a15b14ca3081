"""The Lords of Vegas board: 48 lots in six blocks, the casino colours, and the score track.

The lots come from ``board.csv`` shipped beside this module (a transcription of the printed board).
Lots touch up/down/left/right inside their block only: streets separate the blocks, so a casino never
spans two blocks. The Strip runs between the left blocks (A, C, E; their right column touches it) and
the right blocks (B, D, F; their left column).

>>> LOTS["D8"].die, LOTS["D8"].cost, LOTS["D8"].card
(2, 6, 'gold')
>>> sorted(LOTS["A2"].neighbours)
['A1', 'A3', 'A5']
>>> advance_score(8, 3)
10
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType

from vegas_tutor.core.checks import is_int

COLOURS: tuple[str, ...] = ("aqua", "brown", "gold", "purple", "silver")
"""The five casino colours (tiles and property cards)."""

STRIP = "strip"
"""The card value of the three lot cards that Pay the Strip."""

GAME_END = "END"
"""The Game End card: it takes no lot, and pays the Strip one last time."""

COMPANIES: Mapping[str, str] = MappingProxyType(
    {"purple": "Albion", "gold": "Sphinx", "aqua": "Vega", "silver": "Tivoli", "brown": "Pioneer"}
)
"""The development company printed on each colour's cards."""

TILES_PER_COLOUR = 9
BUILD_COST: Mapping[int, int] = MappingProxyType({1: 8, 2: 6, 3: 9, 4: 12, 5: 15, 6: 20})
"""A lot's build cost depends only on its printed die."""


@dataclass(frozen=True)
class Lot:
    """One printed lot: where it is, its die and build cost, its property card, and its neighbours."""

    id: str
    block: str
    row: int
    col: int
    die: int
    cost: int
    card: str
    """A casino colour, or ``"strip"`` for the three cards that Pay the Strip."""
    strip: bool
    """Whether the lot has an edge on the Strip."""
    neighbours: frozenset[str]

    @property
    def setup_value(self) -> int:
        """Money this lot's card gives when dealt at setup: 10 minus the die ($4..$9)."""
        return 10 - self.die


def _load() -> dict[str, Lot]:
    text = resources.files(__package__).joinpath("board.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO("".join(ln for ln in text.splitlines(True) if ln[:1] != "#"))))
    at = {(r["block"], int(r["row"]), int(r["col"])): r["lot"] for r in rows}
    lots: dict[str, Lot] = {}
    for r in rows:
        block, row, col = r["block"], int(r["row"]), int(r["col"])
        near = (at.get((block, row + dr, col + dc)) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        lots[r["lot"]] = Lot(
            id=r["lot"],
            block=block,
            row=row,
            col=col,
            die=int(r["die"]),
            cost=int(r["cost"]),
            card=r["card"],
            strip=r["strip"] == "yes",
            neighbours=frozenset(n for n in near if n is not None),
        )
    return lots


LOTS: Mapping[str, Lot] = MappingProxyType(_load())
"""Every lot by id, in board order (A1..A6, B1..B6, C1..C12, D1..D9, E1..E6, F1..F9)."""

LOT_IDS: tuple[str, ...] = tuple(LOTS)
ORDER: Mapping[str, int] = MappingProxyType({lot: i for i, lot in enumerate(LOT_IDS)})
"""Board order of each lot id, for sorting."""

SCORE_TRACK: tuple[int, ...] = (
    *range(0, 9),
    *range(10, 21, 2),
    *range(23, 33, 3),
    *range(36, 45, 4),
    49,
    54,
    60,
    66,
    73,
    81,
    90,
)
"""The spaces of the score track; the gaps between them grow ("breaks")."""

WINNING_SCORE = SCORE_TRACK[-1]
_SPACE_INDEX = {space: i for i, space in enumerate(SCORE_TRACK)}


def advance_score(position: int, points: int) -> int:
    """Move a score marker from ``position`` by ``points``: each space costs its gap from the previous one.

    Points that cannot pay for the next space are lost, and 90 is the end of the track.

    >>> [advance_score(8, p) for p in range(6)]
    [8, 8, 10, 10, 12, 12]
    """
    if not is_int(position) or position not in _SPACE_INDEX:
        raise ValueError(f"{position!r} is not a space of the score track")
    if not is_int(points) or points < 0:
        raise ValueError(f"points must be a whole number >= 0, got {points!r}")
    i = _SPACE_INDEX[position]
    while i + 1 < len(SCORE_TRACK) and points >= SCORE_TRACK[i + 1] - SCORE_TRACK[i]:
        points -= SCORE_TRACK[i + 1] - SCORE_TRACK[i]
        i += 1
    return SCORE_TRACK[i]
