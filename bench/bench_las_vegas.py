"""Las Vegas speed, side by side in one run.

1. Whole games per second: our compiled ``simulate_games`` (4 players, random policy) against the
   ``lasvegas`` 0.2.0 package from the package index (``lasvegas.Game(num_players=4).run()``), and the ratio.
2. The odds panel: time to compute every option of a turn at standard error <= $1,000.

Run: ``pip install --no-deps lasvegas==0.2.0`` (it pins numpy 1.x, yet runs on numpy 2), then
``python bench/bench_las_vegas.py``. CPU time of this process is reported beside wall time, since the
machine may be shared.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from vegas_tutor.core.dice import make_rng
from vegas_tutor.las_vegas import Roll, new_game, simulate_games
from vegas_tutor.las_vegas.odds import placement_odds
from vegas_tutor.las_vegas.policies import choose_face


def rate(run: object, seconds: float = 3.0) -> tuple[float, float]:
    """Calls per second of ``run`` (wall, CPU) over about ``seconds``."""
    assert callable(run)
    wall0, cpu0, n = time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - wall0 < seconds:
        n += run()
    return n / (time.perf_counter() - wall0), n / (time.process_time() - cpu0)


def main() -> None:
    import lasvegas  # type: ignore[import-untyped]

    simulate_games(10, players=4)  # compile (or load the on-disk cache) before timing

    def ours() -> int:
        simulate_games(50_000, players=4, policy="random", seed=int(time.time_ns() % 2**31))
        return 50_000

    def peer() -> int:
        lasvegas.Game(num_players=4).run()
        return 1

    ours_wall, ours_cpu = rate(ours)
    peer_wall, peer_cpu = rate(peer)
    print("Whole games per second, 4 players, random play")
    print(f"  vegas_tutor simulate_games : {ours_wall:12,.0f} (CPU {ours_cpu:12,.0f})")
    print(f"  lasvegas 0.2.0 Game.run()  : {peer_wall:12,.0f} (CPU {peer_cpu:12,.0f})")
    ratio, cpu_ratio = ours_wall / peer_wall, ours_cpu / peer_cpu
    print(f"  ratio                      : {ratio:12,.1f}x (CPU {cpu_ratio:,.1f}x)  goal >= 100x")

    def greedy() -> int:
        simulate_games(20_000, players=4, policy="greedy")
        return 20_000

    print(f"  ours, greedy policy        : {rate(greedy)[0]:12,.0f}")

    rng = make_rng(7)
    times, errors = [], []
    for i in range(30):
        state = new_game(4, seed=i)
        for _ in range(int(rng.integers(0, 16))):  # a position somewhere in round 1
            state.apply(choose_face(state, "random", rng) if state.phase == "place" else Roll())
        if state.phase != "place":
            state.apply(Roll())
        t0 = time.perf_counter()
        odds = placement_odds(state, policy="random", target_stderr=1_000, seed=i)
        times.append((time.perf_counter() - t0) * 1000)
        errors.append(max(f.stderr for f in odds.faces))
    times.sort()
    print("\nOdds panel: every face of a roll at standard error <= $1,000 (30 positions, random assumption)")
    print(f"  median {statistics.median(times):.1f} ms, p95 {np.percentile(times, 95):.1f} ms, "
          f"max {times[-1]:.1f} ms  (goal <= 150 ms); largest standard error ${max(errors):,.0f}")


if __name__ == "__main__":
    main()
