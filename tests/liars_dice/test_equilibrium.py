"""The exact endgame solver: proven value bounds, two methods agreeing, best responses checked by play."""

from collections.abc import Mapping

import numpy as np
import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.liars_dice import Challenge, State
from vegas_tutor.liars_dice.actions import Action, Roll
from vegas_tutor.liars_dice.bots import bot_policy
from vegas_tutor.liars_dice.endgame_table import SCALE, one_die_bids, one_die_strategy, one_die_table
from vegas_tutor.liars_dice.equilibrium import (
    Key,
    SequenceForm,
    Solution,
    best_response_actions,
    best_response_to_policy,
    build_tree,
    cfr_plus,
    observe,
    possible_bids,
    solve_lp,
)
from vegas_tutor.liars_dice.policies import odds_policy

SMALL = possible_bids(2)[:4]
"""A 1v1 round restricted to the bids one 2 .. one 5 (plus the challenge): a small real game."""
ONE_DIE_OPENER = 251 / 516
"""The opener's equilibrium value of the whole 1v1 endgame, from bench/bench_ld_equilibrium.py (LP and CFR+)."""


@pytest.fixture(scope="module")
def small() -> SequenceForm:
    return build_tree((1, 1), opener=0, bids=SMALL)


@pytest.fixture(scope="module")
def solved(small: SequenceForm) -> Solution:
    return cfr_plus(small, iterations=4000, target=1e-6)


def test_possible_bids_are_the_ones_that_can_be_true() -> None:
    assert [str(b) for b in possible_bids(2)] == [
        "one 2", "one 3", "one 4", "one 5", "one 6", "one star",
        "two 2s", "two 3s", "two 4s", "two 5s", "two 6s", "two stars"]
    assert [b.quantity for b in possible_bids(3)][-1] == 3 and len(possible_bids(4)) == 24


def test_cfr_plus_proves_the_small_value(solved: Solution) -> None:
    assert solved.gap <= 1e-6
    assert 0.0 < solved.lower <= solved.upper < 1.0


def test_linear_programme_agrees_with_cfr_plus(small: SequenceForm, solved: Solution) -> None:
    pytest.importorskip("scipy")
    exact = solve_lp(small)
    assert exact.gap < 1e-9
    assert solved.lower - 1e-9 <= exact.value <= solved.upper + 1e-9


def test_seats_swap_with_the_opener(solved: Solution) -> None:
    """Seat 1 opening is the same game with the seats swapped: the values add up to one."""
    other = cfr_plus(build_tree((1, 1), opener=1, bids=SMALL), iterations=4000, target=1e-6)
    assert solved.value + other.value == pytest.approx(1.0, abs=2e-6)


def _play(strategies: Mapping[int, object], seed: int, game_bids: tuple[object, ...] | None = None) -> int:
    """One 1v1 game through the engine; each seat's strategy maps its information key to action probabilities
    (a dict) or is a policy of the state; returns the winner."""
    rng = make_rng(seed)
    state = State.start([1, 1], opener=0, seed=seed)
    seen: tuple[Key, Key] = ((), ())
    while not state.is_over:
        if state.is_chance:
            action: Action = Roll((int(rng.integers(1, 7)),))
        else:
            seat = state.current_player
            assert seat is not None
            strategy = strategies[seat]
            if callable(strategy):
                action = next(iter(strategy(state)))
            else:
                assert isinstance(strategy, dict)
                mix = strategy[(seat, seen[seat])]
                if isinstance(mix, dict):
                    actions = list(mix)
                    action = actions[int(rng.choice(len(actions), p=np.array([mix[a] for a in actions])))]
                else:
                    action = mix
        seen = observe(seen, state, action)
        state.apply(action)
    return state.winners[0]


def _mixes(solution_game: SequenceForm, strategy: np.ndarray, p: int) -> dict[Key, dict[Action, float]]:
    t = solution_game.players[p]
    out = {}
    for i, key in enumerate(t.keys):
        probs = np.maximum(strategy[t.first[i]:t.first[i] + len(t.actions[i])], 0.0)
        out[key] = {a: float(q) for a, q in zip(t.actions[i], probs / probs.sum(), strict=True)}
    return out


def test_the_solved_value_holds_in_play(small: SequenceForm, solved: Solution) -> None:
    """Both solved strategies played against each other through the engine win as often as the value says."""
    solution = solved
    strategies = {0: _mixes(small, solution.strategy(0), 0), 1: _mixes(small, solution.strategy(1), 1)}
    games = 1200
    wins = sum(_play(strategies, seed) == 0 for seed in range(games))
    spread = 4 * (solution.value * (1 - solution.value) / games) ** 0.5
    assert abs(wins / games - solution.value) < spread + solution.gap


def test_best_response_to_the_odds_policy_agrees_with_play() -> None:
    """The exact best response to the fixed ``odds`` policy, played through the engine, wins what it computes."""
    def odds(state: State) -> dict[Action, float]:
        return {odds_policy(state): 1.0}

    value, game = best_response_to_policy((1, 1), opener=0, seat=0, policy=odds, bids=SMALL)
    reply = best_response_actions(game, 1, np.ones(1))
    games = 1200
    wins = sum(_play({0: odds, 1: reply}, seed) == 1 for seed in range(games))
    assert 0.0 < value < 1.0
    spread = 4 * ((1 - value) * value / games) ** 0.5
    assert abs(wins / games - (1 - value)) < spread


def test_the_shipped_table_is_a_valid_strategy() -> None:
    table = one_die_table()
    bids = one_die_bids()
    assert len(table) > 1000
    for key, row in table.items():
        assert int(row.sum()) == SCALE
        mask = key % 4096
        last = max((c for c in range(12) if mask >> c & 1), default=-1)
        assert not row[:last + 1].any()  # only raises
        assert (row[12] == 0) if mask == 0 else True  # no challenge before the first bid
    assert len(bids) == 12


def test_hard_plays_the_table_within_the_bound() -> None:
    """The exact best response to hard (solved table) as the 1v1 opener leaves it within 1e-4 of the value."""
    value, _game = best_response_to_policy((1, 1), opener=0, seat=0, policy=bot_policy("hard"))
    assert ONE_DIE_OPENER - 1e-4 <= value <= ONE_DIE_OPENER + 1e-9


def test_the_table_applies_to_one_die_each_only() -> None:
    s = State.start([1, 1], opener=1)
    s.apply(Roll((3,)))
    s.apply(Roll((5,)))
    mix = one_die_strategy(s.observation(1))
    assert mix is not None and sum(mix.values()) == pytest.approx(1.0)
    assert all(a in s.legal_actions() for a in mix) and Challenge() not in mix
    bigger = State.start([1, 2], opener=0)
    bigger.apply(Roll((3,)))
    bigger.apply(Roll((5, 6)))
    assert one_die_strategy(bigger.observation(0)) is None


def test_bad_endgames_are_refused() -> None:
    with pytest.raises(ConfigError):
        build_tree((1, 1, 1), opener=0)
    with pytest.raises(ConfigError):
        build_tree((1, 1), opener=2)
    with pytest.raises(ConfigError, match="no value given"):
        build_tree((1, 2), opener=0, bids=SMALL)


def test_an_illegal_fixed_policy_is_refused() -> None:
    def cheat(state: State) -> dict[Action, float]:
        return {Challenge(): 1.0}  # the opener has no bid to challenge

    with pytest.raises(ConfigError, match="not legal"):
        build_tree((1, 1), opener=0, bids=SMALL, fixed=(0, cheat))
