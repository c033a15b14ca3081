"""The odds panel's numbers: exact where enumerable, simulated elsewhere, and the two agreeing."""

from fractions import Fraction

import pytest

from vegas_tutor.las_vegas import ConfigError, IllegalActionError, Roll, State, new_game
from vegas_tutor.las_vegas.odds import (
    EXACT_DICE,
    bill_outlook,
    bills_now,
    dice_left,
    exact_round_bills,
    placement_odds,
)

BILLS = [[60_000], [80_000, 30_000, 10_000], [50_000], [90_000], [40_000, 40_000], [70_000, 20_000]]
PLACED = {1: [2, 1, 2, 1], 2: [5, 3, 3, 1], 3: [1, 0, 0, 0], 4: [0, 0, 0, 4], 5: [0, 2, 0, 0], 6: [0, 2, 3, 1]}


def test_bills_if_the_round_ended_now():
    state = State.position(4, casino_bills=BILLS, placed=PLACED, turn=3)
    now = bills_now(state)
    assert now[1] == (80_000, 0, 0, 30_000)  # Caesars Palace: Benno and Carla cancel
    assert now[0] == (0, 0, 0, 0)  # Golden Nugget: everyone cancels
    assert now[4] == (0, 40_000, 0, 0)
    assert now[5] == (0, 20_000, 70_000, 0)


def test_the_last_die_is_worth_exactly_what_it_wins():
    state = State.position(4, casino_bills=BILLS, placed=PLACED, turn=3)
    exact = exact_round_bills(state, "random")
    # Denny's last die: on 4 he keeps the $90k anyway; on 1 he breaks the 1-1 tie with Benno... and so on.
    # Whatever the face, the expected bills are the average of the six outcomes:
    outcomes = []
    for face in range(1, 7):
        s = state.copy()
        s.apply(Roll(own=tuple(int(f == face) for f in range(1, 7))))
        s.apply(s.legal_actions()[0])
        outcomes.append({p.casino: p.takes for p in s.payouts[-1]})
    for c in range(6):
        expected = sum(Fraction(o[c + 1].get(3, 0)) for o in outcomes) / 6
        assert exact[c][3] == expected


def test_placement_odds_reach_the_target_error():
    state = new_game(4, seed=3)
    state.apply(Roll())
    odds = placement_odds(state, target_stderr=1_000, seed=2)
    assert [f.face for f in odds.faces] == [a.face for a in state.legal_actions()]
    for face in odds.faces:
        assert face.stderr <= 1_000 or face.rollouts == 200_000
        assert face.exact is None  # far too many dice left to enumerate
        for casino, chances in enumerate(face.win_chance, start=1):
            assert [b for b, _ in chances] == list(dict.fromkeys(state.bills_on(casino)))
            assert 0 <= sum(p for _, p in chances) <= 1 + 1e-9
    assert odds.best() in odds.faces


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_placement_odds_exact_and_simulated_agree(policy):
    placed = {1: [2, 1, 2, 1], 2: [4, 3, 3, 1], 3: [1, 0, 0, 0], 4: [0, 0, 0, 4], 5: [0, 2, 0, 0], 6: [0, 1, 3, 1]}
    state = State.position(4, casino_bills=BILLS, placed=placed, turn=0)
    assert dice_left(state) == 3
    state.apply(Roll(own=(0, 1, 0, 0, 0, 0)))
    odds = placement_odds(state, policy=policy, target_stderr=300, seed=5)
    for face in odds.faces:
        assert face.exact is not None
        assert abs(float(face.exact) - face.expected) <= 4.5 * face.stderr + 1e-9


def test_a_placement_that_ends_the_round_is_certain():
    state = State.position(4, casino_bills=BILLS, placed=PLACED, turn=3)
    state.apply(Roll(own=(0, 0, 0, 1, 0, 0)))
    (face,) = placement_odds(state).faces
    assert face.stderr == 0 and face.exact == face.expected == 30_000 + 90_000
    assert (90_000, 1.0) in face.win_chance[3]


def test_bill_outlook_exact_and_simulated_agree():
    placed = {1: [2, 1, 2, 1], 2: [4, 3, 3, 1], 3: [1, 0, 0, 0], 4: [0, 0, 0, 4], 5: [0, 2, 0, 0], 6: [0, 1, 3, 1]}
    state = State.position(4, casino_bills=BILLS, placed=placed, turn=0)
    outlook = bill_outlook(state, n=30_000, seed=1)
    assert outlook.exact_by_end is not None and outlook.now == bills_now(state)
    for c in range(6):
        for o in range(4):
            err = abs(float(outlook.exact_by_end[c][o]) - outlook.by_end[c][o])
            assert err <= 4.5 * outlook.by_end_stderr[c][o] + 1e-9
    state.apply(Roll(own=(0, 1, 0, 0, 0, 0)))  # with a roll waiting, the player's choice follows the policy too
    after = bill_outlook(state, n=30_000, seed=1)
    assert after.exact_by_end is not None
    for c in range(6):
        for o in range(4):
            assert abs(float(after.exact_by_end[c][o]) - after.by_end[c][o]) <= 4.5 * after.by_end_stderr[c][o] + 1e-9


def test_odds_refuse_impossible_requests():
    state = new_game(4, seed=1)
    with pytest.raises(IllegalActionError, match="roll to place"):
        placement_odds(state)
    state.apply(Roll())
    with pytest.raises(ConfigError):
        placement_odds(state, policy="psychic")
    assert EXACT_DICE >= 3


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_without_the_exact_count_the_simulated_figures_are_the_same(policy):
    placed = {1: [2, 1, 2, 1], 2: [4, 3, 3, 1], 3: [1, 0, 0, 0], 4: [0, 0, 0, 4], 5: [0, 2, 0, 0], 6: [0, 1, 3, 1]}
    state = State.position(4, casino_bills=BILLS, placed=placed, turn=0)
    state.apply(Roll(own=(0, 1, 0, 0, 0, 0)))
    full = placement_odds(state, policy=policy, target_stderr=1_500, seed=4)
    quick = placement_odds(state, policy=policy, target_stderr=1_500, seed=4, exact=False)
    for a, b in zip(quick.faces, full.faces, strict=True):
        assert (a.face, a.expected, a.stderr, a.win_chance, a.rollouts) == (
            b.face, b.expected, b.stderr, b.win_chance, b.rollouts)
        assert b.exact is not None and a.exact is None
    outlook = bill_outlook(state, policy=policy, n=2_000, exact=False)
    assert outlook.exact_by_end is None and outlook.by_end == bill_outlook(state, policy=policy, n=2_000).by_end


def test_bills_now_gives_white_the_bill_it_blocks() -> None:
    """White (owner 4) with the most dice blocks the $80k now: the table must show it, not 0."""
    s = State.position(4, neutral=True,
                       casino_bills=[[60_000], [50_000], [80_000, 30_000], [90_000], [30_000, 20_000],
                                     [70_000, 40_000]],
                       placed={3: [0, 2, 0, 0, 3]}, white_hand=[2, 1, 1, 1], turn=0, seed=1)
    assert bills_now(s)[2] == (0, 30_000, 0, 0, 80_000)
    assert bill_outlook(s, n=200, exact=False).now == bills_now(s)
