"""The simulated placement odds the board shows first are exactly ``placement_odds``' simulated figures."""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.las_vegas import State, new_game
from vegas_tutor.las_vegas.odds import placement_odds
from vegas_tutor.tutor.preview import simulated_placement_odds


def _positions() -> list[State]:
    early = new_game(4, seed=12)
    early.apply("roll")
    late = State.position(  # placing leaves 0, 2 or 3 dice: certain, exact and simulated, exact only
        2, casino_bills=[[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]],
        placed={1: [2, 1], 2: [1, 3], 3: [2, 3]}, turn=0, seed=3,
    )
    late.apply("roll 3 5 6")
    last = State.position(
        2, casino_bills=[[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]],
        placed={1: [3, 1], 2: [1, 4], 3: [2, 3], 4: [1, 0]}, turn=0, seed=4,
    )
    last.apply("roll 2")
    neutral = new_game(2, neutral=True, seed=8)
    neutral.apply("roll")
    return [early, late, last, neutral]


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("index", range(4))
def test_the_preview_is_placement_odds_without_the_exact_count(policy: str, index: int) -> None:
    state = _positions()[index]
    full = placement_odds(state, policy=policy, target_stderr=1_500, seed=4)
    quick = simulated_placement_odds(state, policy=policy, target_stderr=1_500, seed=4)
    assert quick.seat == full.seat and quick.policy == full.policy
    for a, b in zip(quick.faces, full.faces, strict=True):
        assert (a.face, a.dice, a.white, a.expected, a.stderr, a.win_chance, a.rollouts) == (
            b.face, b.dice, b.white, b.expected, b.stderr, b.win_chance, b.rollouts)
        assert a.exact == (b.exact if b.rollouts == 0 else None)  # only a certain payout is exact at once


def test_no_roll_no_odds() -> None:
    with pytest.raises(IllegalActionError, match="need a roll to place"):
        simulated_placement_odds(new_game(3, seed=1), policy="random", target_stderr=1_500)
