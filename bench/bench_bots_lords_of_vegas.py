"""Measured strength and decision time of the Lords of Vegas opponents, and the coach's latency.

4 players. Each line gives the share of games the tested bot finishes 1st (a shared first place counts as
a share), with a 95% Wilson interval; parity is 25%; the tested seat rotates round the table.

1. The ladder, on the compiled rules (:func:`.selfplay.match`, equal to the engine by the simulate tests),
   each level against three of the level below: easy vs random, medium vs easy (``--games``) and hard vs
   medium (``--hard-games``; goal >= 60% with the interval above 55%); with ``--told-games``, hard against
   three easy on the same games twice, told they play easy (as a table tells it) and not. Hard here always finishes its
   :data:`.bots.HARD_PLAYOUTS` playouts: the product's hard does the same unless its 1 s budget runs out
   first (the decision-time table says how often that happens). ``--workers`` splits the games over
   processes (the same games, the same figures).
2. Through the checked engine (:class:`State`, ``bots.choose_action`` with the product's 1 s budget): hard
   against three medium for ``--timed-games``, with every decision's wall and CPU time (p50/p95/max, real
   choices only; goal hard <= 1 s wall p95), and the coach's latency (``review`` of the last legal decision
   every 7th decision; goal <= 500 ms p95). The load average is printed beside it.

Run: ``python bench/bench_bots_lords_of_vegas.py [--games 2000] [--hard-games 500] [--timed-games 4]
[--workers 1] [--told-games 0] [--candidates 8] [--playouts 64] [--rounds 1]`` (the last three try another search in the
compiled matches; the timed games always play the product's).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from vegas_tutor.lords_of_vegas import bots, new_game, search, selfplay
from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas.bots import choose_action
from vegas_tutor.lords_of_vegas.coach import review
from vegas_tutor.lords_of_vegas.rules import Data

WALL: dict[str, list[float]] = defaultdict(list)
CPU: dict[str, list[float]] = defaultdict(list)
CODES = {"random": bc.RANDOM, "easy": bc.EASY, "medium": bc.MEDIUM, "hard": selfplay.HARD}


def wilson(hits: float, n: int) -> tuple[float, float, float]:
    """The share ``hits / n`` and its 95% Wilson interval."""
    p = hits / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def line(label: str, hits: float, n: int, goal: float | None = None, floor: float | None = None) -> None:
    """One result; ``goal``: the share wanted, shown when the interval's low end reaches ``floor`` (or the goal)."""
    p, lo, hi = wilson(hits, n)
    verdict = ""
    if goal is not None:
        low = goal if floor is None else floor
        verdict = f"  goal >= {goal:.0%}" + ("" if floor is None else f" (interval above {floor:.0%})") + ": " + (
            "met" if p >= goal and lo >= low else "not shown" if p >= goal else "MISSED")
    print(f"  {label:<22} 1st {p:6.1%}  [{lo:5.1%}, {hi:5.1%}]  ({n} games){verdict}", flush=True)


PRODUCT_SEARCH = {"candidates": bots.HARD_CANDIDATES, "playouts": bots.HARD_PLAYOUTS, "rounds": bots.HARD_ROUNDS}
"""The hard level's search as the product plays it."""
SEARCH = dict(PRODUCT_SEARCH)
"""Hard's search in the compiled matches: the product's, unless ``--candidates``/``--playouts``/``--rounds`` try
another (passed to every worker process)."""


def _chunk(args: tuple[str, str, int, int, dict[str, int], bool]) -> tuple[float, int, float]:
    """Games ``seed .. seed + games - 1`` of :func:`.selfplay.match`: hits, decisions, CPU seconds."""
    tested, others, games, seed, size, told = args
    start = c.encode(Data(players=4, money=[0] * 4, score=[0] * 4))
    began = time.process_time()
    share, decisions = selfplay.match(games, start, CODES[tested], CODES[others], seed, size["candidates"],
                                      size["playouts"], size["rounds"], bc.PARAMS, bc.REORG_TABLE, search.LEAF, told)
    return float(share.sum()), int(decisions.sum()), time.process_time() - began


def compiled_match(tested: str, others: str, games: int, seed: int, workers: int,
                   told: bool = False) -> tuple[float, int, float]:
    """One tested level against three ``others`` on the compiled rules, games split into blocks of 4 (so
    every block rotates the seat fully) over ``workers`` processes (``told``: hard is told their level, as a
    table tells it): hits, decisions, CPU seconds."""
    blocks = -(-games // 4)
    per = -(-blocks // workers) * 4
    parts = [(tested, others, min(per, games - k), seed + k, SEARCH, told) for k in range(0, games, per)]
    if workers == 1:
        results = [_chunk(part) for part in parts]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_chunk, parts))
    return sum(r[0] for r in results), sum(r[1] for r in results), sum(r[2] for r in results)


def ladder(games: int, hard_games: int, workers: int, seed: int = 1, told_games: int = 0) -> None:
    print("Lords of Vegas, 4 players, compiled rules: share of 1st places (95% Wilson interval; parity 25%)")
    product = SEARCH == PRODUCT_SEARCH
    print(f"  hard: {SEARCH['candidates']} candidates + ending the turn, {SEARCH['playouts']} playouts each, "
          f"{SEARCH['rounds']} round(s) deep, fitted leaf value ({'the product' if product else 'NOT the product'}'s "
          "search)", flush=True)
    for tested, others, n, goal, floor, told in (("easy", "random", games, 0.65, None, False),
                                                 ("medium", "easy", games, 0.65, None, False),
                                                 ("hard", "medium", hard_games, 0.6, 0.55, False),
                                                 ("hard", "easy", told_games, None, None, True),
                                                 ("hard", "easy", told_games, None, None, False)):
        if n <= 0:
            continue
        wall = time.perf_counter()
        hits, decisions, cpu = compiled_match(tested, others, n, seed, workers, told)
        label = f"{tested} vs 3x {others}" + ((", told" if told else ", not told") if others == "easy" else "")
        line(label, hits, n, goal, floor)
        print(f"    ({time.perf_counter() - wall:.0f} s wall, {cpu:.0f} s CPU; {tested}: {decisions / n:.1f} "
              f"decisions a game, {cpu / max(decisions, 1) * 1000:.1f} ms CPU each)", flush=True)


def play(levels: Sequence[str], seed: int, coach_every: int = 0) -> list[int]:
    """One game through the engine, seat s at ``levels[s]``, every decision timed; the winners."""
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
            wall, cpu = time.perf_counter(), time.process_time()
            review(state, state.legal_actions()[-1])
            WALL["coach"].append(time.perf_counter() - wall)
            CPU["coach"].append(time.process_time() - cpu)
        wall, cpu = time.perf_counter(), time.process_time()
        action = choose_action(state, level, seed=seed * 1_000 + k)
        if real:
            WALL[level].append(time.perf_counter() - wall)
            CPU[level].append(time.process_time() - cpu)
        k += 1
        state.apply(action)
    return state.winners


def timed(games: int, seed: int = 70_000) -> None:
    """Hard against three medium through the engine with the product's budget; the decision-time table."""
    if games <= 0:
        return
    hits = 0.0
    for g in range(games):
        levels = ["medium"] * 4
        levels[g % 4] = "hard"
        winners = play(levels, seed + g, coach_every=7)
        hits += (g % 4 in winners) / len(winners)
    print(f"Through the engine, hard's budget {bots.HARD_BUDGET:.1f} s (playouts stop at "
          f"{bots.SEARCH_SHARE:.0%} of it); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    line("hard vs 3x medium", hits, games)
    goals = {"hard": 1.0, "coach": 0.5}
    print("  Decision time (ms, decisions with a real choice): wall p50 / p95 / max, CPU p95")
    for level in ("medium", "hard", "coach"):
        wall, cpu = WALL.get(level), CPU.get(level)
        if not wall or not cpu:
            continue
        p50, p95 = np.percentile(wall, 50) * 1000, np.percentile(wall, 95) * 1000
        goal = goals.get(level)
        met = "met" if goal is not None and p95 <= goal * 1000 else "MISSED"
        verdict = "" if goal is None else f"  goal wall p95 <= {goal * 1000:.0f} ms: {met}"
        cpu95 = np.percentile(cpu, 95) * 1000
        print(f"  {level:<7} {p50:7.1f} / {p95:7.1f} / {max(wall) * 1000:7.1f}   CPU {cpu95:7.1f}"
              f"  ({len(wall)} decisions){verdict}", flush=True)


def lords_of_vegas(games: int, hard_games: int | None = None, timed_games: int = 4, workers: int = 1,
                   told_games: int = 0) -> None:
    """Every table of this bench (``bench_bots.py --game lords_of_vegas`` calls this)."""
    play(["hard", "medium", "easy", "medium"], 0)  # compile and load the compiled code first
    WALL.clear()
    CPU.clear()
    ladder(games, games if hard_games is None else hard_games, workers, told_games=told_games)
    timed(timed_games)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2_000, help="games of easy vs random, medium vs easy (2000)")
    parser.add_argument("--hard-games", type=int, default=500, help="games of hard vs medium, compiled (500)")
    parser.add_argument("--timed-games", type=int, default=4, help="games of hard vs medium through the engine (4)")
    parser.add_argument("--workers", type=int, default=1, help="processes for the compiled games (1)")
    parser.add_argument("--told-games", type=int, default=0,
                        help="games of hard vs easy, hard told the rivals play easy and not told, compiled (0)")
    for name, value in PRODUCT_SEARCH.items():
        parser.add_argument(f"--{name}", type=int, default=value, help=f"hard's {name} in the compiled games ({value})")
    args = parser.parse_args(argv)
    if min(args.games, args.hard_games, args.timed_games, args.told_games) < 0 or args.workers < 1:
        parser.error("game counts are >= 0 and workers >= 1")
    if args.candidates < 1 or args.playouts < 1 or args.rounds < 1:
        parser.error("hard's candidates, playouts and rounds are >= 1")
    SEARCH.update(candidates=args.candidates, playouts=args.playouts, rounds=args.rounds)
    lords_of_vegas(args.games, args.hard_games, args.timed_games, args.workers, args.told_games)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
