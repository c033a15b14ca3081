"""The compiled fast path against the rules: the same legal actions and the same position after every action
of whole games (the checked engine and the plain rules), then whole simulated games against the engine's."""

from __future__ import annotations

import random

import numpy as np
import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.lords_of_vegas import DrawCard, RollDice, State, compiled, new_game, rules
from vegas_tutor.lords_of_vegas.chance import bare_roll, cards_to_draw, dice_to_roll
from vegas_tutor.lords_of_vegas.engine import _execute
from vegas_tutor.lords_of_vegas.rules import Data
from vegas_tutor.lords_of_vegas.simulate import playout, playouts, simulate_games

ROWS = np.zeros((compiled.MAX_ACTIONS, 4), np.int64)


def _same(d: Data, s: compiled.Ints) -> None:
    mine = compiled.decode(s)
    d.events, d.groups_cache, d.casino_cache = [], None, None
    assert mine == d


def _chance(d: Data, rng: random.Random) -> DrawCard | RollDice:
    """A chance outcome picked by the test (the same one is given to both sides)."""
    if d.phase in ("deal", "draw"):
        return DrawCard(rng.choice(cards_to_draw(d)))
    return RollDice(bare_roll(d, [rng.randint(1, 6) for _ in range(dice_to_roll(d))]))


def _apply_compiled(s: compiled.Ints, action: DrawCard | RollDice) -> None:
    if isinstance(action, DrawCard):
        assert action.card is not None
        compiled.draw(s, compiled._lot_code(action.card))
    else:
        assert action.values is not None
        compiled.roll(s, np.array(action.values, np.int64), len(action.values))


def _both(seed: int, players: int, checked: bool) -> int:
    """Play one random game through the rules and the compiled copy side by side; return its length."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    d = Data(players=players, money=[0] * players, score=[0] * players)
    s = compiled.encode(d)
    steps = 0
    while d.phase != "over":
        if d.phase in rules.CHANCE_PHASES:
            action = _chance(d, rng)
            _apply_compiled(s, action)
        else:
            legal = rules.legal_actions(d)
            n = compiled.legal(s, ROWS)
            assert [compiled.action_of(row) for row in ROWS[:n]] == legal
            pick = rng.randrange(n)
            action = legal[pick]
            compiled.play(s, *(int(v) for v in ROWS[pick]))
        if checked:
            state.apply(action)
            d = state.data()
        else:
            d.events = []
            _execute(d, action, np.random.default_rng(0))
        _same(d.copy(), s)
        steps += 1
    return steps


def test_the_compiled_rules_follow_the_checked_engine_action_by_action() -> None:
    lengths = [_both(seed, players, checked=True) for seed, players in zip(range(12), (4, 3, 2) * 4, strict=True)]
    assert min(lengths) > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_compiled_rules_follow_the_rules_action_by_action(players: int) -> None:
    for seed in range(100, 170):
        _both(seed, players, checked=False)


def test_positions_translate_both_ways() -> None:
    state = State.position(3, markers={"A1": 0}, tiles={"C1": ("gold", 1, 4), "C2": ("gold", 2, 3)}, money=[9, 8, 7],
                           turn=1, phase="draw")  # fmt: skip
    d = state.data()
    _same(d.copy(), compiled.encode(d))


def test_simulated_games_match_the_engine_in_distribution() -> None:
    n_fast, n_slow = 4000, 60
    fast = simulate_games(n_fast, seed=3)
    assert fast.money.shape == (n_fast, 4) and fast.score.shape == (n_fast, 4)
    slow_len, slow_score = [], []
    for seed in range(n_slow):
        rng = np.random.default_rng(seed)
        state = new_game(4, seed=seed)
        steps = 0
        while not state.is_over:
            if state.is_chance:
                state.apply_unchecked(DrawCard() if state.phase in ("deal", "draw") else RollDice())
            else:
                actions = state.legal_actions()
                state.apply_unchecked(actions[int(rng.integers(len(actions)))])
            steps += 1
        slow_len.append(steps)
        slow_score.append(sum(state.score(p) for p in range(4)) / 4)
    for fast_values, slow_values in ((fast.actions, slow_len), (fast.score.mean(axis=1), slow_score)):
        f, s = np.asarray(fast_values, float), np.asarray(slow_values, float)
        spread = np.sqrt(f.var() / len(f) + s.var() / len(s))
        assert abs(f.mean() - s.mean()) < 4.5 * spread
    assert len(set(fast.actions.tolist())) > 50  # games differ
    assert (simulate_games(50, seed=3).money == fast.money[:50]).all()  # the seed repeats a run
    two = simulate_games(200, players=2, seed=1)
    assert two.money.shape == (200, 2) and (two.score.max(axis=1) > 0).all()


def test_playouts_from_a_position() -> None:
    state = State.position(4, tiles={"C1": ("gold", 0, 6), "C2": ("gold", 1, 2)}, money=[20, 20, 20, 20],
                           phase="draw", draws_before_end=4)  # fmt: skip
    d = state.data()
    before = compiled.encode(d)
    games = playouts(d, 300, seed=5)
    assert (compiled.encode(d) == before).all()  # the position is left unchanged
    assert games.money.shape == (300, 4) and games.actions.min() >= 5  # four turns at least, then the Game End
    end = playout(d, np.random.default_rng(1))
    assert end.phase == "over" and end.seen[-1] == "END" and end.winners


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ConfigError):
        simulate_games(3, players=5)
    with pytest.raises(ConfigError):
        simulate_games(-1)
    with pytest.raises(ConfigError):
        simulate_games(3, policy="greedy")
    over = Data(players=2, money=[0, 0], score=[0, 0], phase="over")
    with pytest.raises(IllegalActionError):
        playouts(over, 3)
