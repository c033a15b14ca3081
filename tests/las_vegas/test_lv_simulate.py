"""The compiled fast path against the engine: same payout rule, same policies, same games."""

import numpy as np
import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.las_vegas import ConfigError, IllegalActionError, Place, Roll, State, new_game, settle_casino
from vegas_tutor.las_vegas.odds import exact_round_bills
from vegas_tutor.las_vegas.policies import POLICIES, choose_face, face_weights
from vegas_tutor.las_vegas.simulate import _choose, owner_bills, rollouts, simulate_games


def test_owner_bills_matches_settle_casino():
    rng = make_rng(0)
    for _ in range(3000):
        owners = int(rng.integers(2, 7))
        counts = rng.integers(0, 6, size=owners).astype(np.int64)
        bills = np.zeros(5, dtype=np.int64)
        k = int(rng.integers(1, 6))
        bills[:k] = np.sort(rng.choice([10, 20, 30, 40, 50, 60, 70, 80, 90], size=k))[::-1] * 1000
        out = np.zeros(owners, dtype=np.int64)
        owner_bills(counts, bills, out)
        takes, _ = settle_casino({str(o): int(c) for o, c in enumerate(counts)}, [int(b) for b in bills[:k]])
        assert [takes.get(str(o), 0) for o in range(owners)] == out.tolist()


def _mid_round_states(n, seed):
    rng = make_rng(seed)
    for i in range(n):
        players, neutral = [(4, False), (3, True), (2, True), (5, False)][i % 4]
        state = new_game(players, neutral=neutral, seed=int(rng.integers(1 << 30)))
        for _ in range(int(rng.integers(0, 30))):
            if state.phase == "place":
                state.apply(choose_face(state, "random", rng))
            else:
                state.apply(Roll())
        if state.phase != "place":
            state.apply(Roll())
        yield state


def test_compiled_greedy_choice_is_the_engines_greedy_choice():
    checked = 0
    for state in _mid_round_states(150, 1):
        if state.phase != "place":
            continue
        own, white = state.current_roll
        placed = np.array([state.placed_on(c) for c in range(1, 7)], dtype=np.int64)
        bills = np.zeros((6, 5), dtype=np.int64)
        for c in range(1, 7):
            bills[c - 1, : len(state.bills_on(c))] = state.bills_on(c)
        work = np.zeros(state.owners, dtype=np.int64)
        paid = np.zeros(state.owners, dtype=np.int64)
        allowed = set(face_weights(state, "greedy"))
        for _ in range(4):
            face = _choose(POLICIES.index("greedy"), placed, bills, state.current_player,
                           state.players if state.neutral else -1, np.array(own), np.array(white), work, paid)
            assert face + 1 in allowed
        checked += 1
    assert checked > 100


def _engine_games(n, players, neutral, policy, seed):
    rng = make_rng(seed)
    money = np.zeros((n, players))
    for g in range(n):
        state = new_game(players, neutral=neutral, seed=int(rng.integers(1 << 30)))
        while not state.is_over:
            state.apply(choose_face(state, policy, rng) if state.phase == "place" else Roll())
        money[g] = [state.money(s) for s in range(players)]
    return money


@pytest.mark.parametrize(("players", "neutral", "policy"), [(4, False, "random"), (3, True, "greedy"),
                                                            (2, True, "random"), (5, False, "greedy")])
def test_simulate_games_plays_the_engines_game(players, neutral, policy):
    engine = _engine_games(120, players, neutral, policy, seed=players)
    fast = simulate_games(20_000, players=players, neutral=neutral, policy=policy, seed=players)
    assert fast.shape == (20_000, players)
    for seat in range(players):
        se = np.sqrt(engine[:, seat].var(ddof=1) / len(engine) + fast[:, seat].var(ddof=1) / len(fast))
        assert abs(engine[:, seat].mean() - fast[:, seat].mean()) < 4.5 * se
    # totals are a sharper check: the money handed out per game
    tot_e, tot_f = engine.sum(1), fast.sum(1)
    se = np.sqrt(tot_e.var(ddof=1) / len(tot_e) + tot_f.var(ddof=1) / len(tot_f))
    assert abs(tot_e.mean() - tot_f.mean()) < 4.5 * se
    assert (fast >= 0).all() and (fast % 10_000 == 0).all()


def test_simulate_games_is_seeded_and_checked():
    assert np.array_equal(simulate_games(50, seed=3), simulate_games(50, seed=3))
    assert not np.array_equal(simulate_games(50, seed=3), simulate_games(50, seed=4))
    with pytest.raises(ConfigError):
        simulate_games(10, policy="clever")
    with pytest.raises(ConfigError):
        simulate_games(10, players=5, neutral=True)
    with pytest.raises(ConfigError):
        simulate_games(-1)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_rollouts_agree_with_exact_enumeration(policy):
    bills = [[60_000], [80_000, 30_000, 10_000], [50_000], [90_000], [40_000, 40_000], [70_000, 20_000]]
    state = State.position(3, neutral=True, casino_bills=bills,
                           placed={1: [3, 2, 2, 0], 2: [2, 3, 2, 1], 3: [1, 1, 2, 1], 5: [1, 1, 1, 2]},
                           white_hand=[1, 0, 0], turn=0)
    exact = exact_round_bills(state, policy)
    pay = rollouts(state, 40_000, policy=policy, seed=1)
    mean, se = pay.mean(0), pay.std(0, ddof=1) / np.sqrt(len(pay))
    for c in range(6):
        for o in range(state.owners):
            assert abs(float(exact[c][o]) - mean[c, o]) <= 4.5 * se[c, o] + 1e-9


def test_rollouts_need_a_roll_pending():
    state = new_game(4, seed=1)
    state.apply(Roll())
    with pytest.raises(IllegalActionError):
        rollouts(state, 10)
    state.apply(state.legal_actions()[0])
    assert rollouts(state, 10).shape == (10, 6, 4)
    assert isinstance(state.legal_actions()[0], Roll) and not isinstance(state.legal_actions()[0], Place)
