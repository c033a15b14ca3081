"""Liar's Dice: how much the hard bot can be exploited in games too big to solve (a local best response).

The exploiter (:mod:`vegas_tutor.liars_dice.local_best_response`) reads hard's cup from hard's own moves and looks
one exchange ahead through the engine. It plays real games against hard, half at each seat (seat 0 opens), seeded.
Printed per line: hard's share of wins at seat 0 and at seat 1 (95% Wilson intervals), and the summed
exploitability bound ``1 - h0 - h1`` with the interval its two Wilson intervals give (the bound's low end from
both shares' high ends): hard is at least this exploitable (the
exploiter is one strategy among those a best response would weigh). The 1v1 line is the check: there hard plays
the solved equilibrium, so the bound must include 0. CPU time beside wall time (summed over the workers).

Run: ``python bench/bench_ld_local_best_response.py [--lines 1v1,2v2,5v5] [--games N] [--workers 2] [--seed S]``
(``--seed``: the first game's seed, 1000 by default; another gives games held out from any tuning).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from vegas_tutor.liars_dice.local_best_response import play
from vegas_tutor.tutor.lab import wilson

LINES = {"1v1": 1000, "1v2": 400, "2v1": 400, "2v2": 400, "3v3": 200, "5v5": 60}
"""Each line (dice at seat 0, at seat 1) and its default number of games."""
SEED = 1000


def one(args: tuple[tuple[int, int], int, int]) -> tuple[int, bool, float]:
    """Game ``g``: the exploiter at seat ``g % 2``; (hard's seat, whether hard won, CPU seconds)."""
    dice, g, seed = args
    start = time.process_time()
    seat = g % 2
    return 1 - seat, play(dice, seat, seed=seed + g), time.process_time() - start


def line(name: str, games: int, workers: int, seed: int = SEED) -> None:
    dice = tuple(int(d) for d in name.split("v"))
    assert len(dice) == 2
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        rows = list(pool.map(one, [((dice[0], dice[1]), g, seed) for g in range(games)], chunksize=4))
    wall = time.perf_counter() - start
    cpu = sum(r[2] for r in rows)
    shares = []
    for seat in (0, 1):
        won = [r[1] for r in rows if r[0] == seat]
        p = sum(won) / len(won)
        lo, hi = wilson(sum(won), len(won))
        shares.append((p, lo, hi))
        print(f"  {name}: hard at seat {seat} wins {p:6.1%} [{lo:5.1%}, {hi:5.1%}] of {len(won)} games")
    bound = 1 - shares[0][0] - shares[1][0]
    low, high = 1 - shares[0][2] - shares[1][2], 1 - shares[0][1] - shares[1][1]
    goal = "the check: must include 0" if name == "1v1" else "goal 0.02"
    print(f"  {name}: summed exploitability >= {bound:.3f} [{low:.3f}, {high:.3f}]  ({goal}); "
          f"wall {wall:.0f} s, CPU {cpu:.0f} s ({cpu / games:.2f} s a game)", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", default=",".join(LINES), help=f"comma-separated among {', '.join(LINES)}")
    parser.add_argument("--games", type=int, help="games per line (default: each line's own)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=SEED, help=f"the first game's seed (default {SEED})")
    args = parser.parse_args(argv)
    names = args.lines.split(",")
    if not set(names) <= set(LINES):
        parser.error(f"--lines: choose among {', '.join(LINES)}")
    if args.games is not None and args.games < 2:
        parser.error("--games: at least 2 (one at each seat)")
    print("Liar's Dice, two players: hard against a local best response (seat 0 opens; seeds from "
          f"{args.seed})", flush=True)
    for name in names:
        line(name, args.games or LINES[name], args.workers, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
