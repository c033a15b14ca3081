"""Batched round simulation against rounds played one action at a time through State."""

import numpy as np
import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.liars_dice import ALL_BIDS, Challenge, Roll, State, new_game
from vegas_tutor.liars_dice.policies import choose, odds_policy, random_policy
from vegas_tutor.liars_dice.simulate import play_batch, play_round, simulate_rounds


def faces_of(counts: np.ndarray) -> tuple[int, ...]:
    return tuple(f for f in range(1, 7) for _ in range(int(counts[f - 1])))


def test_shape_and_invariants() -> None:
    r = simulate_rounds(2000, players=4, dice=3, policy="random", seed=3)
    assert r.lost.shape == (2000, 4) and r.lost.dtype.kind == "i"
    assert (r.lost.sum(axis=1) >= 1).all() and (r.lost <= 3).all() and (r.lost >= 0).all()
    assert (r.bids >= 1).all() and (r.challenger == (r.bidder + 1) % 4).all()
    assert (r.final_bid >= 0).all() and (r.final_bid < len(ALL_BIDS)).all()
    again = simulate_rounds(2000, players=4, dice=3, policy="random", seed=3)
    assert (again.lost == r.lost).all()  # seeded
    assert simulate_rounds(0, players=2, dice=5, policy="odds", seed=1).lost.shape == (0, 2)


@pytest.mark.parametrize(
    "kwargs",
    [dict(n=-1), dict(n=1.5), dict(players=1), dict(players=5), dict(dice=0), dict(dice=11),
     dict(policy="greedy")],
)
def test_bad_settings(kwargs: dict[str, object]) -> None:
    settings: dict[str, object] = dict(n=10, players=2, dice=5, policy="random", seed=0) | kwargs
    n = settings.pop("n")
    with pytest.raises(ConfigError):
        simulate_rounds(n, **settings)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "dice"), [(2, 5), (3, 2), (4, 1)])
def test_odds_policy_batch_equals_engine_round_by_round(players: int, dice: int) -> None:
    rng = make_rng(99)
    hidden = rng.multinomial(dice, [1 / 6] * 6, size=(300, players))
    batch = play_batch(hidden, "odds", make_rng(0))
    for i in range(300):
        s = State.start([dice] * players, seed=0)
        while s.is_chance:
            s.apply(Roll(faces_of(hidden[i, s.current_player])))
        result, bids, shows = play_round(s, "odds", make_rng(0))
        assert tuple(batch.lost[i]) == result.losses
        assert batch.bids[i] == bids and shows == 0 and batch.shows[i] == 0
        assert ALL_BIDS[batch.final_bid[i]] == result.bid and batch.count[i] == result.count


def _state_rounds(n: int, players: int, dice: int, policy: str, seed: int) -> dict[str, np.ndarray]:
    rng = make_rng(seed)
    lost, bids, shows, perfect = [], [], [], []
    for _ in range(n):
        s = new_game(players, dice=dice, seed=int(rng.integers(2**31)))
        result, b, sh = play_round(s, policy, rng)
        lost.append(result.losses)
        bids.append(b)
        shows.append(sh)
        perfect.append(result.perfect)
    return {"lost": np.array(lost), "bids": np.array(bids), "shows": np.array(shows),
            "perfect": np.array(perfect, dtype=float)}


@pytest.mark.parametrize(("players", "dice", "n_state"), [(2, 5, 1500), (3, 2, 1500)])
def test_random_policy_batch_agrees_with_engine(players: int, dice: int, n_state: int) -> None:
    ref = _state_rounds(n_state, players, dice, "random", seed=players * 10 + dice)
    r = simulate_rounds(40_000, players=players, dice=dice, policy="random", seed=7)
    fast = {"lost": r.lost, "bids": r.bids, "shows": r.shows,
            "perfect": (r.count == np.array([b.quantity for b in ALL_BIDS])[r.final_bid]).astype(float)}
    for key in ("bids", "shows", "perfect", "lost"):
        a, b = ref[key], fast[key]
        pooled = np.concatenate([a, b]).var(axis=0)  # rare events: the sample that saw none has var 0
        se = np.sqrt(pooled * (1 / len(a) + 1 / len(b))) + 1e-12
        z = np.abs(a.mean(axis=0) - b.mean(axis=0)) / se
        assert (z < 4.5).all(), (key, a.mean(axis=0), b.mean(axis=0), z)


def test_policies_through_state() -> None:
    s = new_game(3, dice=2, seed=4)
    rng = make_rng(1)
    assert odds_policy(s) == Roll() and random_policy(s, rng) == Roll()
    while s.is_chance:
        s.apply(Roll())
    first = odds_policy(s)
    assert first in s.legal_actions() and first != Challenge()
    with pytest.raises(ConfigError):
        choose("greedy", s, rng)
    over = State.start([1, 1], seed=0)
    over.apply(Roll((2,)))
    over.apply(Roll((3,)))
    over.apply("two 6s")
    over.apply("challenge")
    assert over.is_over
    with pytest.raises(ConfigError):
        odds_policy(over)
    with pytest.raises(ConfigError):
        random_policy(over, rng)
