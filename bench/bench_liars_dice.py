"""Liar's Dice benchmark, side by side in one run.

1. The exact odds table: 20 quantities x 6 faces of :func:`bid_odds` (goal: <= 1 ms), cold (caches
   cleared) and warm, from one player's view in a 4 x 5-dice game (5 known dice, 15 unknown).
2. Single-round play with uniform random legal actions, 2 players x 5 dice: our batched
   ``simulate_rounds`` and our one-action-at-a-time ``State`` against OpenSpiel's ``liars_dice``
   (``numdice=5``) driven from Python the usual way (sample chance outcomes, pick a uniform legal
   action, ``apply_action``). Goal: at least OpenSpiel's rate.

The games differ in detail (OpenSpiel: 6s wild, no star bids, no show-and-re-roll; ours: the board
edition's track with star bids and shows), so the comparison is of engines playing one round each.

Run: ``/work/venv/bin/python bench/bench_liars_dice.py`` (OpenSpiel: ``pip install open-spiel``).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from vegas_tutor.core.dice import make_rng
from vegas_tutor.liars_dice import bid_odds, new_game, odds_table, simulate_rounds
from vegas_tutor.liars_dice import odds as odds_module
from vegas_tutor.liars_dice.simulate import play_round

KNOWN = (1, 2, 5, 5, 6)
UNKNOWN = 15


def _clear_caches() -> None:
    for cached in (odds_module._weights, odds_module._fractions, odds_module._distribution):
        cached.cache_clear()


def _per_call(fn: Callable[[], object], repeat: int, *, cold: bool = False) -> float:
    """Median seconds per call over ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        if cold:
            _clear_caches()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _table_by_calls() -> None:
    for q in range(1, 21):
        for f in range(1, 7):
            bid_odds(q, f, known=KNOWN, unknown=UNKNOWN)


def _table() -> None:
    odds_table(KNOWN, UNKNOWN)


def bench_odds() -> None:
    print("Exact odds table, 20 quantities x 6 faces (Fractions), 5 known dice + 15 unknown")
    rows = [
        ("120 x bid_odds, cold caches", _per_call(_table_by_calls, 50, cold=True)),
        ("120 x bid_odds, warm", _per_call(_table_by_calls, 300)),
        ("odds_table(), cold caches", _per_call(_table, 50, cold=True)),
        ("odds_table(), warm", _per_call(_table, 300)),
    ]
    for name, seconds in rows:
        verdict = "ok" if seconds <= 1e-3 else "over the 1 ms goal"
        print(f"  {name:32s} {seconds * 1e3:8.3f} ms   ({verdict})")


def ours_batched(n: int) -> float:
    start = time.perf_counter()
    simulate_rounds(n, players=2, dice=5, policy="random", seed=1)
    return n / (time.perf_counter() - start)


def ours_state(n: int) -> float:
    rng = make_rng(2)
    start = time.perf_counter()
    for i in range(n):
        play_round(new_game(2, dice=5, seed=i), "random", rng)
    return n / (time.perf_counter() - start)


def openspiel(n: int) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        print(f"  OpenSpiel not available ({exc}); pip install open-spiel")
        return None
    game = pyspiel.load_game("liars_dice", {"players": 2, "numdice": 5})
    rnd = random.Random(3)
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rnd.choices(outcomes, probs)[0])
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
    return n / (time.perf_counter() - start)


def bench_rounds() -> None:
    print("Single rounds, uniform random legal actions, 2 players x 5 dice")
    ours_batched(2_000)  # warm up
    batched = max(ours_batched(200_000) for _ in range(3))  # best of 3 on a shared machine, for each
    state = max(ours_state(2_000) for _ in range(3))
    peers = [openspiel(5_000) for _ in range(3)]
    peer = None if None in peers else max(p for p in peers if p is not None)
    print(f"  vegas-tutor simulate_rounds (batched numpy) {batched:12,.0f} rounds/s")
    print(f"  vegas-tutor State, one action at a time     {state:12,.0f} rounds/s")
    if peer is not None:
        print(f"  OpenSpiel liars_dice (numdice=5)            {peer:12,.0f} rounds/s")
        print(f"  ratio batched / OpenSpiel                   {batched / peer:12.1f} x")
        print(f"  ratio State / OpenSpiel                     {state / peer:12.2f} x")


if __name__ == "__main__":
    bench_odds()
    print()
    bench_rounds()
