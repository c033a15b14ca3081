"""The payout rule, dealing and the action notation."""

import pytest

from vegas_tutor.las_vegas import (
    BILLS,
    WHITE,
    InvalidActionError,
    Place,
    Roll,
    parse_action,
    settle_casino,
)
from vegas_tutor.las_vegas.engine import deal


def test_the_54_bills():
    assert len(BILLS) == 54
    assert sum(BILLS) == 5 * (60 + 70 + 80 + 90) * 1000 + 6 * (10 + 40 + 50) * 1000 + 8 * (20 + 30) * 1000


def test_ties_cancel_caesars_palace():  # LV-TIE-1 then LV-PAY-1
    takes, back = settle_casino({"Anna": 5, "Benno": 3, "Carla": 3, "Denny": 1}, [80_000, 30_000, 10_000])
    assert takes == {"Anna": 80_000, "Denny": 30_000}
    assert back == [10_000]


def test_everyone_tied_golden_nugget():  # LV-TIE-2
    takes, back = settle_casino({"Anna": 2, "Carla": 2, "Benno": 1, "Denny": 1}, [60_000])
    assert takes == {}
    assert back == [60_000]


def test_more_bills_than_players():  # LV-PAY-2
    assert settle_casino({"Benno": 2}, [40_000, 40_000]) == ({"Benno": 40_000}, [40_000])


def test_more_players_than_bills():  # LV-PAY-3
    takes, back = settle_casino({"Carla": 3, "Benno": 2, "Denny": 1}, [20_000, 70_000])
    assert takes == {"Carla": 70_000, "Benno": 20_000}
    assert back == []


def test_white_is_an_imaginary_player():  # LV-NEUTRAL-PAY-1 and -2
    assert settle_casino({WHITE: 3, "Benno": 2}, [80_000, 30_000]) == ({"Benno": 30_000}, [80_000])
    assert settle_casino({"Carla": 4, WHITE: 2, "Anna": 1}, [70_000, 40_000]) == ({"Carla": 70_000}, [40_000])


def test_a_tie_lets_lower_counts_move_up():
    takes, back = settle_casino({"A": 4, "B": 4, "C": 2, "D": 1}, [90_000, 50_000, 10_000])
    assert takes == {"C": 90_000, "D": 50_000}
    assert back == [10_000]


@pytest.mark.parametrize(("dice", "bills"), [({"A": -1}, [10_000]), ({"A": 1.5}, [10_000]), ({"A": 1}, [0])])
def test_settle_rejects_bad_input(dice, bills):
    with pytest.raises(InvalidActionError):
        settle_casino(dice, bills)


def test_deal_until_50k_and_sorted():
    pile = [10_000, 30_000, 20_000, 90_000, 40_000, 10_000, 50_000, 20_000, 20_000, 10_000, 60_000, 70_000]
    casinos: list[list[int]] = [[] for _ in range(6)]
    deal(pile, casinos)
    assert casinos == [[30_000, 20_000, 10_000], [90_000], [40_000, 10_000], [50_000], [20_000, 20_000, 10_000],
                       [60_000]]
    assert pile == [70_000]


def test_deal_when_the_pile_runs_out():
    pile = [20_000, 20_000, 90_000]
    casinos: list[list[int]] = [[] for _ in range(6)]
    deal(pile, casinos)
    assert casinos[0] == [90_000, 20_000, 20_000] and all(c == [] for c in casinos[1:]) and pile == []


@pytest.mark.parametrize("action", [Roll(), Place(3), Roll(own=(1, 0, 0, 0, 2, 0)),
                                    Roll(own=(2, 0, 0, 0, 1, 0), white=(1, 0, 0, 0, 0, 1)),
                                    Roll(white=(0, 1, 0, 0, 1, 0))])
def test_notation_round_trips(action):
    assert parse_action(str(action)) == action
    assert eval(repr(action)) == action


def test_notation_reads_like_the_rulebook():
    assert str(Place(3)) == "place the 3s on casino 3 (The Mirage)"
    assert str(Roll(own=(0, 0, 4, 0, 1, 0))) == "roll 3 3 3 3 5"
    assert parse_action("place 6") == Place(6)


@pytest.mark.parametrize("bad", ["place 7", "fly", "roll 3 9", "", 42])
def test_notation_rejects_garbage(bad):
    with pytest.raises(InvalidActionError):
        parse_action(bad)


@pytest.mark.parametrize("bad", [lambda: Place(0), lambda: Place(True), lambda: Roll(own=(1, 2)),
                                 lambda: Roll(own=(1, 0, 0, 0, 0, -1))])
def test_malformed_actions(bad):
    with pytest.raises(InvalidActionError):
        bad()
