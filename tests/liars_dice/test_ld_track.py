"""The bid track as data, bid ordering, notation and parsing."""

import pytest

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.liars_dice import ALL_BIDS, STAR, TRACK, Bid, Challenge, Roll, Show, parse_action
from vegas_tutor.liars_dice.track import Space


def test_track_layout_is_the_rules_decision() -> None:
    assert [str(s) for s in TRACK[:11]] == ["1", "★1", "2", "3", "★2", "4", "5", "★3", "6", "7", "★4"]
    assert sum(1 for s in TRACK if s.star) == 10
    assert sum(1 for s in TRACK if not s.star) == 20
    for n in range(1, 11):  # star space n sits between numeric spaces 2n-1 and 2n
        i = TRACK.index(Space(n, True))
        assert TRACK[i - 1] == Space(2 * n - 1, False)
        assert TRACK[i + 1] == Space(2 * n, False)
    assert TRACK[-1] == Space(20, False)


def test_all_bids_sorted_and_ranked() -> None:
    assert len(ALL_BIDS) == 20 * 5 + 10
    assert list(ALL_BIDS) == sorted(ALL_BIDS)
    assert all(b.rank == i for i, b in enumerate(ALL_BIDS))
    assert ALL_BIDS[0] == Bid(1, 2)
    assert ALL_BIDS[-1] == Bid(20, 6)


def test_rulebook_orderings() -> None:
    four_threes = Bid(4, 3)
    assert four_threes < Bid(4, 4) < Bid(4, 5) < Bid(4, 6)
    assert Bid(4, 2) < four_threes
    assert four_threes < Bid(5, 2) and four_threes < Bid(6, 5) and four_threes < Bid(7, 3)
    assert four_threes < Bid(3, STAR)
    assert Bid(2, STAR) < four_threes
    assert Bid(3, STAR) < Bid(6, 2)
    assert Bid(5, 6) < Bid(3, STAR)
    assert max(Bid(3, STAR), Bid(4, 6), Bid(5, 2)) == Bid(3, STAR)


@pytest.mark.parametrize(
    ("bid", "text"),
    [(Bid(5, 5), "five 5s"), (Bid(3, STAR), "three stars"), (Bid(1, STAR), "one star"),
     (Bid(1, 4), "one 4"), (Bid(14, 2), "fourteen 2s"), (Bid(20, 6), "twenty 6s")],
)
def test_notation_round_trips(bid: Bid, text: str) -> None:
    assert str(bid) == text
    assert Bid.parse(text) == bid
    assert eval(repr(bid), {"Bid": Bid}) == bid
    assert parse_action(text) == bid


@pytest.mark.parametrize(
    ("text", "bid"),
    [("5 5s", Bid(5, 5)), ("5 x 5", Bid(5, 5)), ("5 \u00d7 5", Bid(5, 5)), ("3 ★", Bid(3, STAR)),
     ("  Three   STARS ", Bid(3, STAR)), ("seven 3's", Bid(7, 3)), ("10 *", Bid(10, STAR))],
)
def test_short_forms(text: str, bid: Bid) -> None:
    assert Bid.parse(text) == bid


@pytest.mark.parametrize("args", [(0, 5), (21, 5), (11, STAR), (3, 7), (3, 0), (True, 3), (2.0, 3)])
def test_invalid_bids(args: tuple[object, object]) -> None:
    with pytest.raises(InvalidActionError):
        Bid(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "five", "five 7s", "eleven stars", "twenty-one 5s", "lots of 5s"])
def test_unparsable(text: str) -> None:
    with pytest.raises(InvalidActionError):
        Bid.parse(text)


def test_other_actions_notation() -> None:
    for action in (Challenge(), Show((6, 1)), Roll(), Roll((5, 2, 2, 1))):
        assert parse_action(str(action)) == action
        assert eval(repr(action), {"Challenge": Challenge, "Show": Show, "Roll": Roll}) == action
    assert str(Show((6, 1))) == "show ★ 6"
    assert str(Roll((5, 2, 2, 1))) == "roll ★ 2 2 5"
    with pytest.raises(InvalidActionError):
        Show(())
    with pytest.raises(InvalidActionError):
        Show((0, 3))
    with pytest.raises(InvalidActionError):
        parse_action("show 7")
    with pytest.raises(InvalidActionError):
        parse_action(5)  # type: ignore[arg-type]
