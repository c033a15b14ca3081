"""Lords of Vegas speed.

1. Random full games per second (4 players, uniform random choice among the legal actions, every chance
   event resolved by the state's own generator), through the checked ``apply`` (with undo history) and
   through the unchecked fast path ``apply_unchecked`` that odds and bots use.
2. Exact reorganize odds (who ends up boss, tie re-rolls included, and expected pips) for a 6-die
   casino, for several splits of the dice between owners; the cache is cleared before each timing.

Run: ``python bench/bench_lords_of_vegas.py [--games N]``. CPU time is reported beside wall time, since
the machine may be shared.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from vegas_tutor.lords_of_vegas import State, new_game
from vegas_tutor.lords_of_vegas.odds import _settle, _step, reorganize_odds

T = TypeVar("T")


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


def six_die_casino(owners: tuple[int, ...]) -> State:
    lots = ("C1", "C2", "C4", "C5", "C7", "C8")
    values = (6, 5, 4, 3, 2, 1)
    tiles = {lot: ("gold", owner, value) for lot, owner, value in zip(lots, owners, values, strict=True)}
    return State.position(4, tiles=tiles, money=[30, 30, 30, 30], turn=owners[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()

    print(f"1. random full 4-player games ({args.games} each way)")
    for checked in (True, False):
        wall, cpu, actions = timed(partial(play_games, args.games, checked))
        label = "checked apply  " if checked else "apply_unchecked"
        print(
            f"   {label}: {args.games / wall:6.1f} games/s wall, {args.games / cpu:6.1f} games/s CPU "
            f"({actions} actions, {actions / args.games:.0f} per game)"
        )

    print("2. exact reorganize odds, 6-die casino")
    for owners in ((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 1, 1), (0, 0, 0, 1, 1, 1), (0, 0, 1, 1, 2, 2), (0, 0, 1, 1, 2, 3)):
        state = six_die_casino(owners)
        _step.cache_clear()
        _settle.cache_clear()
        wall, cpu, result = timed(partial(reorganize_odds, state, "C1"))
        split = "+".join(str(owners.count(o)) for o in sorted(set(owners)))
        boss = ", ".join(f"{p}: {float(q):.4f}" for p, q in result.boss.items())
        print(f"   dice split {split:7s}: {wall:7.2f} s wall, {cpu:7.2f} s CPU; P(boss) {boss}")


if __name__ == "__main__":
    main()
