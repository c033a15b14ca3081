"""The board is the printed board (docs/lords_of_vegas_board.csv), lot for lot; the score track from every space."""

from __future__ import annotations

import csv
import itertools
from collections import Counter
from pathlib import Path

import pytest

from vegas_tutor.lords_of_vegas import COLOURS, LOT_IDS, LOTS, SCORE_TRACK, advance_score
from vegas_tutor.lords_of_vegas.board import BUILD_COST, COMPANIES, ORDER

CSV = Path(__file__).resolve().parents[2] / "docs" / "lords_of_vegas_board.csv"
"""The printed board as checked against its image, kept apart from the package's own board.csv."""
BLOCK_SHAPES = {"A": (2, 3), "B": (2, 3), "C": (4, 3), "D": (3, 3), "E": (2, 3), "F": (3, 3)}


def _csv_rows() -> list[dict[str, str]]:
    with CSV.open(newline="") as f:
        return list(csv.DictReader(f))


def test_every_lot_matches_the_printed_board_csv() -> None:
    rows = _csv_rows()
    assert [r["lot"] for r in rows] == list(LOT_IDS)
    for r in rows:
        lot = LOTS[r["lot"]]
        assert (lot.block, lot.row, lot.col) == (r["block"], int(r["row"]), int(r["col"]))
        assert (lot.die, lot.cost, lot.card) == (int(r["die"]), int(r["cost"]), r["card"])
        assert lot.strip is (r["strip_adjacent"] == "yes")


def test_board_shape_and_numbering() -> None:
    assert len(LOTS) == 48
    for block, (rows, cols) in BLOCK_SHAPES.items():
        ids = [lot for lot in LOT_IDS if LOTS[lot].block == block]
        assert ids == [f"{block}{i}" for i in range(1, rows * cols + 1)]
        assert [(LOTS[x].row, LOTS[x].col) for x in ids] == [(r, c) for r in range(rows) for c in range(cols)]
    assert [ORDER[x] for x in LOT_IDS] == list(range(48))


def test_cards_and_costs() -> None:
    cards = Counter(lot.card for lot in LOTS.values())
    assert cards == {**{c: 9 for c in COLOURS}, "strip": 3}
    assert sorted(x for x in LOTS if LOTS[x].card == "strip") == ["A6", "D5", "F8"]
    assert all(lot.cost == BUILD_COST[lot.die] for lot in LOTS.values())
    assert sorted({lot.setup_value for lot in LOTS.values()}) == [4, 5, 6, 7, 8, 9]
    assert set(COMPANIES) == set(COLOURS)


def test_neighbours_are_orthogonal_within_a_block_only() -> None:
    for lot in LOTS.values():
        for near in lot.neighbours:
            other = LOTS[near]
            assert other.block == lot.block
            assert abs(other.row - lot.row) + abs(other.col - lot.col) == 1
            assert lot.id in other.neighbours
    assert LOTS["A2"].neighbours == {"A1", "A3", "A5"}
    assert LOTS["C5"].neighbours == {"C2", "C4", "C6", "C8"}
    assert LOTS["A3"].neighbours == {"A2", "A6"}  # B1 is across the Strip
    assert LOTS["C12"].neighbours == {"C9", "C11"}  # E3 is across a street
    assert sum(len(lot.neighbours) for lot in LOTS.values()) == 2 * (7 + 7 + 17 + 12 + 7 + 12)


def test_strip_side_is_the_inner_column() -> None:
    for lot in LOTS.values():
        inner = 2 if lot.block in "ACE" else 0
        assert lot.strip is (lot.col == inner)


def test_score_track_spaces_and_gaps() -> None:
    assert SCORE_TRACK[:9] == tuple(range(9))
    gaps = [b - a for a, b in itertools.pairwise(SCORE_TRACK)]
    assert gaps == [1] * 8 + [2] * 6 + [3] * 4 + [4] * 3 + [5] * 2 + [6] * 2 + [7, 8, 9]
    assert SCORE_TRACK[-1] == 90


@pytest.mark.parametrize("position", SCORE_TRACK)
def test_advance_from_every_space(position: int) -> None:
    # Each space costs its gap, so the gaps telescope: a marker lands on the last space <= position + points.
    for points in range(0, 100):
        expected = max(s for s in SCORE_TRACK if s <= position + points)
        assert advance_score(position, points) == expected


def test_rulebook_track_example() -> None:
    assert [advance_score(8, p) for p in (1, 2, 3, 4, 5)] == [8, 10, 10, 12, 12]
    three_single_tiles = advance_score(advance_score(advance_score(8, 1), 1), 1)
    assert three_single_tiles == 8


@pytest.mark.parametrize("bad", [(9, 1), (-1, 1), (8, -1), (8, 1.5), (True, 1), (8, False)])
def test_advance_rejects_bad_input(bad: tuple[object, object]) -> None:
    with pytest.raises(ValueError):
        advance_score(*bad)  # type: ignore[arg-type]
