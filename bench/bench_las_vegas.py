"""Las Vegas speed against the ``lasvegas`` 0.2.0 package, interleaved in one process, same rules.

1. Whole games per second, 4 players, the rulebook's 54 bills on both sides, in both rule sets, each
   labelled: **base** (no neutral dice; the package's ``num_xtr_players=0``) and **neutral** (2 white
   dice per player; the package's default for 4 players). Three pairings:

   - random play: our compiled ``simulate_games`` in batches against ``lasvegas.Game(...).run()``
     (one ``Game`` built once, ``run()`` called again and again, as its ``confront`` does);
   - random play, one game per call: ``simulate_games(1, ...)`` from Python each time, the cost a
     caller pays for a single game;
   - ``greedy_first`` play: our playouts' ``leader`` rule (:mod:`vegas_tutor.las_vegas.playouts`, the same
     choices as the package's ``greedy_first``) against four ``greedy_first`` players in the package.

   Ours and the peer alternate in slices of about ``--slice`` seconds, the order flipping every
   repetition, ``--reps`` times. Each slice's rate is taken on the wall clock and on this process's CPU
   clock; the ratio is printed as the median over repetitions with its range, wall and CPU.
2. The odds panel: time to compute every option of a turn at standard error <= $1,000 (wall and CPU).

Run: ``pip install --no-deps lasvegas==0.2.0 tabulate tqdm`` (it pins numpy 1.x, yet runs on numpy 2),
then ``python bench/bench_las_vegas.py [--reps 7] [--slice 0.5]``. Without the package, or if the
package does not play the rules asked for, the bench stops with an error (non-zero exit).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from vegas_tutor.core.dice import make_rng
from vegas_tutor.las_vegas import BILLS, Roll, new_game, simulate_games
from vegas_tutor.las_vegas.odds import placement_odds
from vegas_tutor.las_vegas.playouts import playout_games
from vegas_tutor.las_vegas.policies import choose_face

RULES = {"base": False, "neutral": True}
Run = Callable[[], int]


def timed(run: Run, seconds: float) -> tuple[float, float]:
    """Games per second of ``run`` (it returns the games it played) over about ``seconds``: (wall, CPU)."""
    wall0, cpu0, n = time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - wall0 < seconds:
        n += run()
    return n / (time.perf_counter() - wall0), n / max(time.process_time() - cpu0, 1e-9)


def peer_game(neutral: bool, policy: str) -> Run:
    """A ``lasvegas`` game with our rules (54 bills; white dice or none), ``policy`` at every seat."""
    try:
        import lasvegas  # type: ignore[import-untyped]
        from lasvegas.act.policy import greedy_first  # type: ignore[import-untyped]
    except ImportError:
        sys.exit("bench_las_vegas: the peer is missing: pip install --no-deps lasvegas==0.2.0 tabulate tqdm")
    if lasvegas.__version__ != "0.2.0":
        sys.exit(f"bench_las_vegas: lasvegas 0.2.0 is the peer measured, found {lasvegas.__version__}")
    func = greedy_first if policy == "greedy_first" else None
    players = [lasvegas.BasePlayer(play_func=func, name=f"p{i}") for i in range(4)]
    game = lasvegas.Game(players, bills_pool=list(BILLS), num_xtr_players=1 if neutral else 0)
    env = game.env
    if env.num_players != 4 or len(env.bills_pool) != len(BILLS) or env.num_xtr_players != int(neutral) or (
            neutral and list(env.starting_dice[:, 4]) != [2, 2, 2, 2]):
        sys.exit(f"bench_las_vegas: the peer does not play the rules asked for: {env.get_rules()!r}")

    def run() -> int:
        game.run()
        return 1

    return run


def ours_batch(neutral: bool, policy: str, batch: int) -> Run:
    seed = [0]

    def run() -> int:
        seed[0] += 1
        if policy == "leader":
            playout_games(batch, players=4, neutral=neutral, policy="leader", seed=seed[0])
        else:
            simulate_games(batch, players=4, neutral=neutral, policy=policy, seed=seed[0])
        return batch

    return run


def pairings(neutral: bool) -> list[tuple[str, Run, Run]]:
    return [
        ("random play, ours in batches of 5,000", ours_batch(neutral, "random", 5_000), peer_game(neutral, "random")),
        ("random play, ours one game per call", ours_batch(neutral, "random", 1), peer_game(neutral, "random")),
        ("greedy_first play (ours: leader, batches of 1,000)", ours_batch(neutral, "leader", 1_000),
         peer_game(neutral, "greedy_first")),
    ]


def speed(reps: int, seconds: float) -> None:
    for neutral in (False, True):  # compile, or load the on-disk cache, before timing
        simulate_games(2, players=4, neutral=neutral)
        playout_games(2, players=4, neutral=neutral, policy="leader")
    print(f"Whole games per second, 4 players, 54 bills, ours and lasvegas 0.2.0 interleaved ({reps} repetitions "
          f"of ~{seconds:g} s slices each, order flipped every repetition); ratio = ours / peer, median [range]")
    for rules, neutral in RULES.items():
        for label, ours, peer in pairings(neutral):
            rows: list[tuple[float, float, float, float]] = []
            for rep in range(reps):
                order: Sequence[Run] = (ours, peer) if rep % 2 == 0 else (peer, ours)
                rates = {id(run): timed(run, seconds) for run in order}
                rows.append((*rates[id(ours)], *rates[id(peer)]))
            arr = np.array(rows)
            wall, cpu = arr[:, 0] / arr[:, 2], arr[:, 1] / arr[:, 3]
            print(f"  {rules:<7} {label}")
            print(f"          ours {np.median(arr[:, 0]):11,.0f}/s (CPU {np.median(arr[:, 1]):11,.0f}/s)   "
                  f"peer {np.median(arr[:, 2]):8,.1f}/s (CPU {np.median(arr[:, 3]):8,.1f}/s)")
            print(f"          ratio wall {np.median(wall):9,.1f}x [{wall.min():,.1f}, {wall.max():,.1f}]   "
                  f"CPU {np.median(cpu):9,.1f}x [{cpu.min():,.1f}, {cpu.max():,.1f}]", flush=True)


def odds_panel() -> None:
    rng = make_rng(7)
    times, cpu, errors = [], [], []
    warm = new_game(4, seed=0)
    warm.apply(Roll())
    placement_odds(warm, policy="random", target_stderr=1_000, seed=0)  # compiled code loaded before timing
    for i in range(30):
        state = new_game(4, seed=i)
        for _ in range(int(rng.integers(0, 16))):  # a position somewhere in round 1
            state.apply(choose_face(state, "random", rng) if state.phase == "place" else Roll())
        if state.phase != "place":
            state.apply(Roll())
        t0, c0 = time.perf_counter(), time.process_time()
        odds = placement_odds(state, policy="random", target_stderr=1_000, seed=i)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        errors.append(max(f.stderr for f in odds.faces))
    print("\nOdds panel (base game): every face of a roll at standard error <= $1,000 (30 positions, random "
          "assumption)")
    print(f"  wall median {statistics.median(times):.1f} ms, p95 {np.percentile(times, 95):.1f} ms, "
          f"max {max(times):.1f} ms; CPU median {statistics.median(cpu):.1f} ms, p95 {np.percentile(cpu, 95):.1f} ms "
          f"(goal <= 150 ms); largest standard error ${max(errors):,.0f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=7, help="repetitions of each pairing (default 7)")
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per side per repetition (default 0.5)")
    args: Any = parser.parse_args(argv)
    if args.reps < 1 or args.slice <= 0:
        parser.error("--reps must be >= 1 and --slice > 0")
    speed(args.reps, args.slice)
    odds_panel()


if __name__ == "__main__":
    main()
