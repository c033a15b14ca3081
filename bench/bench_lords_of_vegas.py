"""Lords of Vegas speed, against the goals of issue 12 (no other Lords of Vegas engine exists to compare with).

1. Random full 4-player games per second (uniform random choice among the legal actions, every chance
   event resolved by the generator): the checked ``apply`` (with undo history), the unchecked
   ``apply_unchecked``, and the compiled fast path ``simulate_games`` (numba; compiled, or loaded from
   numba's cache, before timing). Goal: 1,000 games/s. The three run interleaved: ``--repeats`` passes,
   each running all three in an order rotated from pass to pass, each on its own seeds; every line gives
   the median over the passes and the slowest..fastest pass, CPU time beside wall time.
2. Exact reorganize odds (who ends up boss, tie re-rolls included, and expected pips) for 6-die casinos
   with several splits of the dice between owners, and for 9 dice (the largest casino a block can hold);
   the cache is cleared before each timing, the median of ``--repeats`` timings is printed. Goal: 50 ms for
   6 dice x 4 owners.

Run: ``python bench/bench_lords_of_vegas.py [--games N] [--fast-games N] [--repeats N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
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


def play_games(games: int, checked: bool, first_seed: int = 0) -> int:
    return sum(random_game(seed, checked) for seed in range(first_seed, first_seed + games))


def timed(run: Callable[[], T]) -> tuple[float, float, T]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return time.perf_counter() - wall, max(time.process_time() - cpu, 1e-9), result


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):9.1f} [{min(values):.1f}..{max(values):.1f}]"


def casino(owners: tuple[int, ...]) -> State:
    """A gold casino in block C with one die per entry of ``owners`` (values kept tie-free)."""
    values = (6, 5, 4, 3, 2, 1, 1, 1, 1)
    tiles = {lot: ("gold", o, v) for lot, o, v in zip(LOTS, owners, values[: len(owners)], strict=False)}
    return State.position(4, tiles=tiles, money=[30, 30, 30, 30], turn=owners[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pass for apply / apply_unchecked")
    parser.add_argument("--fast-games", type=int, default=10000, help="games per pass for simulate_games")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved passes")
    args = parser.parse_args()
    if min(args.games, args.fast_games, args.repeats) < 1:
        raise SystemExit("bench_lords_of_vegas: --games, --fast-games and --repeats must be at least 1")

    simulate_games(10, seed=0)  # compile (or load the numba cache) first
    random_game(10_000, True)  # warm the engine's caches
    runs: dict[str, tuple[int, Callable[[int], tuple[float, float, int]]]] = {
        "checked apply   ": (args.games, lambda rep: timed(partial(play_games, args.games, True, rep * args.games))),
        "apply_unchecked ": (args.games, lambda rep: timed(partial(play_games, args.games, False, rep * args.games))),
        "simulate_games  ": (args.fast_games, lambda rep: timed(
            lambda: int(simulate_games(args.fast_games, seed=1 + rep).actions.sum()))),
    }
    walls: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    actions: dict[str, int] = dict.fromkeys(runs, 0)
    names = list(runs)
    for rep in range(args.repeats):
        k = rep % len(names)
        for name in names[k:] + names[:k]:
            games, run = runs[name]
            wall, cpu, played = run(rep)
            walls[name].append(games / wall)
            cpus[name].append(games / cpu)
            actions[name] += played
    print(f"1. random full 4-player games (goal {GAMES_GOAL:,.0f} games/s); median [slowest..fastest] of "
          f"{args.repeats} interleaved passes")
    for name in names:
        games = runs[name][0]
        print(f"   {name}: {spread(cpus[name])} games/s CPU, {spread(walls[name])} wall "
              f"({games} games a pass, {actions[name] / (games * args.repeats):.0f} actions each): "
              f"{statistics.median(cpus[name]) / GAMES_GOAL:.2f}x the goal (CPU)")

    print(f"2. exact reorganize odds (goal {ODDS_GOAL * 1000:.0f} ms for 6 dice), median of {args.repeats}, "
          "cache cleared each time")
    splits = ((0, 0, 0, 0, 0, 1), (0, 0, 0, 1, 1, 1), (0, 0, 1, 1, 2, 2), (0, 0, 1, 1, 2, 3), (0, 0, 0, 1, 2, 3),
              (0, 0, 1, 1, 2, 2, 3, 3, 0), (0, 0, 0, 1, 1, 1, 2, 2, 3))  # fmt: skip
    for owners in splits:
        state = casino(owners)
        timings = []
        for _ in range(args.repeats):
            _groups.cache_clear()
            timings.append(timed(partial(reorganize_odds, state, "C1")))
        wall = statistics.median(t[0] for t in timings)
        cpu = statistics.median(t[1] for t in timings)
        result = timings[-1][2]
        split = "+".join(str(owners.count(o)) for o in sorted(set(owners), key=lambda o: -owners.count(o)))
        boss = ", ".join(f"{p}: {float(q):.4f}" for p, q in result.boss.items())
        goal = f"{ODDS_GOAL / wall:5.1f}x under the goal" if len(owners) == 6 else "(above the 6-die goal)"
        print(f"   {len(owners)} dice {split:9s}: {wall * 1000:7.1f} ms wall, {cpu * 1000:7.1f} ms CPU, {goal}; "
              f"P(boss) {boss}")  # fmt: skip


if __name__ == "__main__":
    main()
