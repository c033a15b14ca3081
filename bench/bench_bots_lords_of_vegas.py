"""Measured strength and decision time of the Lords of Vegas opponents, and the coach's latency.

4 players, every game through the checked engine (:class:`State`) with each seat's action from
``bots.choose_action`` (chance by the engine's generator), the tested seat rotating round the table. Each
line gives the share of games the tested bot finishes 1st (a shared first place counts as a share), with
a 95% Wilson interval; parity is 25%.

1. medium against three easy. Goal: >= 60%.
2. hard against three medium. Goal: >= 60%. (Hard takes up to ~1 s a decision: ``--hard-games``.)
3. Decision time per level (p50/p95 in ms, decisions with more than one legal choice). Goal: hard <= 1 s p95.
4. The coach's latency: ``review`` of the last legal decision at every decision of medium games.
   Goal: <= 500 ms p95.

Run: ``python bench/bench_bots_lords_of_vegas.py [--games 1000] [--hard-games 200]``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from vegas_tutor.lords_of_vegas import new_game
from vegas_tutor.lords_of_vegas.bots import choose_action
from vegas_tutor.lords_of_vegas.coach import review

TIMES: dict[str, list[float]] = defaultdict(list)


def wilson(hits: float, n: int) -> tuple[float, float, float]:
    """The share ``hits / n`` and its 95% Wilson interval."""
    p = hits / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def line(label: str, hits: float, n: int, goal: float | None = None) -> None:
    p, lo, hi = wilson(hits, n)
    verdict = ""
    if goal is not None:
        verdict = f"  goal >= {goal:.0%}: " + ("met" if lo >= goal else "not shown" if p >= goal else "MISSED")
    print(f"  {label:<30} 1st {p:6.1%}  [{lo:5.1%}, {hi:5.1%}]  ({n} games){verdict}", flush=True)


def play(levels: Sequence[str], seed: int, coach_every: int = 0) -> list[int]:
    """One game, seat s at ``levels[s]``; the winners. ``coach_every`` > 0: time the coach every n-th decision."""
    state = new_game(len(levels), seed=seed)
    k = 0
    while not state.is_over:
        if state.is_chance:
            state.apply(choose_action(state, "easy", seed=seed))
            continue
        seat = state.current_player
        assert seat is not None
        level = levels[seat]
        real = len(state.legal_actions()) > 1
        if real and coach_every and k % coach_every == 0:
            start = time.perf_counter()
            review(state, state.legal_actions()[-1])
            TIMES["coach"].append(time.perf_counter() - start)
        start = time.perf_counter()
        action = choose_action(state, level, seed=seed * 1_000 + k)
        if real:
            TIMES[level].append(time.perf_counter() - start)
        k += 1
        state.apply(action)
    return state.winners


def match(tested: str, others: str, games: int, seed: int, coach_every: int = 0) -> float:
    """Games of one ``tested`` bot against three ``others``, the tested seat rotating: its share of 1st places."""
    hits = 0.0
    for g in range(games):
        seat = g % 4
        levels = [others] * 4
        levels[seat] = tested
        winners = play(levels, seed + g, coach_every)
        if seat in winners:
            hits += 1 / len(winners)
    return hits


def strength(games: int, hard_games: int, seed: int = 1) -> None:
    print("Lords of Vegas, 4 players: share of 1st places (95% Wilson interval; parity 25%)", flush=True)
    start = time.perf_counter()
    line("medium vs 3x easy", match("medium", "easy", games, seed, coach_every=7), games, 0.6)
    print(f"    ({time.perf_counter() - start:.0f} s)", flush=True)
    start = time.perf_counter()
    line("hard vs 3x medium", match("hard", "medium", hard_games, seed + 50_000), hard_games, 0.6)
    print(f"    ({time.perf_counter() - start:.0f} s)", flush=True)


def decision_times() -> None:
    goals = {"hard": 1.0, "coach": 0.5}
    print("Decision time (ms, decisions with a real choice)")
    for level in ("easy", "medium", "hard", "coach"):
        times = TIMES.get(level)
        if not times:
            continue
        p50, p95 = np.percentile(times, 50) * 1000, np.percentile(times, 95) * 1000
        goal = goals.get(level)
        met = "met" if goal is not None and p95 <= goal * 1000 else "MISSED"
        verdict = "" if goal is None else f"  goal p95 <= {goal * 1000:.0f} ms: {met}"
        print(f"  {level:<7} p50 {p50:7.1f}  p95 {p95:7.1f}  max {max(times) * 1000:7.1f}  ({len(times)} decisions)"
              f"{verdict}")  # fmt: skip


def lords_of_vegas(games: int, hard_games: int | None = None) -> None:
    """Every table of this bench (``bench_bots.py --game lords_of_vegas`` calls this)."""
    play(["hard", "medium", "easy", "medium"], 0)  # compile and load the compiled code first
    TIMES.clear()
    strength(games, games if hard_games is None else hard_games)
    decision_times()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000, help="games of medium vs easy (default 1000)")
    parser.add_argument("--hard-games", type=int, default=200, help="games of hard vs medium (default 200)")
    args = parser.parse_args(argv)
    lords_of_vegas(args.games, args.hard_games)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
