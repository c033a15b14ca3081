"""Lords of Vegas speed, against the goals of issue 12.

1. Random full 4-player games per second (uniform random choice among the legal actions, every chance
   event resolved by the generator): the checked ``apply`` (with undo history), the unchecked
   ``apply_unchecked``, and the compiled fast path ``simulate_games`` (numba; compiled before timing).
   Goal: 1,000 games/s.
2. Exact reorganize odds (who ends up boss, tie re-rolls included, and expected pips) for 6-die casinos
   with several splits of the dice between owners, and for 9 dice (the largest casino a block can hold);
   the cache is cleared before each timing. Goal: 50 ms for 6 dice x 4 owners.

Run: ``python bench/bench_lords_of_vegas.py [--games N] [--fast-games N]``. CPU time is reported beside wall
time, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from vegas_tutor.lords_of_vegas import State, new_game
from vegas_tutor.lords_of_vegas.odds import _groups, reorganize_odds
from vegas_tutor.lords_of_vegas.simulate import simulate_games

T = TypeVar("T")
GAMES_GOAL = 1000.0
ODDS_GOAL = 0.050
LOTS = ("C1", "C2", "C4", "C5", "C7", "C8", "C10", "C11", "C3")


def random_game(seed: int, checked: bool) -> int:
    """Play one random 4-player game to the end; return the number of actions."""
    rng = random.Random(seed)
    s = new_game(4, seed=seed)
    n = 0
    while not s.is_over:
        action = rng.choice(s.legal_actions())
        if checked:
            s.apply(action)
        else:
            s.apply_unchecked(action)
        n += 1
    return n


def play_games(games: int, checked: bool) -> int:
    return sum(random_game(seed, checked) for seed in range(games))


def timed(run: Callable[[], T]) -> tuple[float, float, T]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def casino(owners: tuple[int, ...]) -> State:
    """A gold casino in block C with one die per entry of ``owners`` (values kept tie-free)."""
    values = (6, 5, 4, 3, 2, 1, 1, 1, 1)
    tiles = {lot: ("gold", o, v) for lot, o, v in zip(LOTS, owners, values[: len(owners)], strict=False)}
    return State.position(4, tiles=tiles, money=[30, 30, 30, 30], turn=owners[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--fast-games", type=int, default=20000)
    args = parser.parse_args()

    print(f"1. random full 4-player games (goal {GAMES_GOAL:,.0f} games/s)")
    for checked in (True, False):
        wall, cpu, actions = timed(partial(play_games, args.games, checked))
        label = "checked apply   " if checked else "apply_unchecked "
        print(f"   {label}: {args.games / wall:8.1f} games/s wall, {args.games / cpu:8.1f} CPU "
              f"({args.games} games, {actions / args.games:.0f} actions each)")  # fmt: skip
    simulate_games(10, seed=0)  # compile (or load the numba cache) first
    wall, cpu, games = timed(partial(simulate_games, args.fast_games, seed=1))
    rate = args.fast_games / cpu
    print(f"   simulate_games  : {args.fast_games / wall:8.1f} games/s wall, {rate:8.1f} CPU "
          f"({args.fast_games} games, {games.actions.mean():.0f} actions each): "
          f"{rate / GAMES_GOAL:.1f}x the goal (CPU)")  # fmt: skip

    print(f"2. exact reorganize odds (goal {ODDS_GOAL * 1000:.0f} ms for 6 dice)")
    splits = ((0, 0, 0, 0, 0, 1), (0, 0, 0, 1, 1, 1), (0, 0, 1, 1, 2, 2), (0, 0, 1, 1, 2, 3), (0, 0, 0, 1, 2, 3),
              (0, 0, 1, 1, 2, 2, 3, 3, 0), (0, 0, 0, 1, 1, 1, 2, 2, 3))  # fmt: skip
    for owners in splits:
        state = casino(owners)
        _groups.cache_clear()
        wall, cpu, result = timed(partial(reorganize_odds, state, "C1"))
        split = "+".join(str(owners.count(o)) for o in sorted(set(owners), key=lambda o: -owners.count(o)))
        boss = ", ".join(f"{p}: {float(q):.4f}" for p, q in result.boss.items())
        goal = f"{ODDS_GOAL / wall:5.1f}x under the goal" if len(owners) == 6 else "(above the 6-die goal)"
        print(f"   {len(owners)} dice {split:9s}: {wall * 1000:7.1f} ms wall, {cpu * 1000:7.1f} ms CPU, {goal}; "
              f"P(boss) {boss}")  # fmt: skip


if __name__ == "__main__":
    main()
