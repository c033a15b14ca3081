"""How long a fresh process waits for the compiled simulators: cold, after the warm-up, and during it.

Each measurement is a fresh Python process with its own numba cache folder (``NUMBA_CACHE_DIR`` in a
temporary directory), timed from its start to its first answer:

- ``las_vegas``: the first :func:`vegas_tutor.las_vegas.odds.placement_odds` after a roll (simulated odds);
- ``lords_of_vegas``: the first hard decision of :func:`vegas_tutor.lords_of_vegas.bots.choose_action`.

Three situations: (a) cold, an empty cache; (b) warm, after ``python -m vegas_tutor.warmup`` finished in
that folder; (c) racing, the warm-up started (at its usual low priority) at the same moment as one process
(``racing``) or :data:`CROWD` processes (``crowd``, like preheated lesson kernels), which compile what is
not cached yet alongside it.
Each line prints the wall seconds and the process's CPU seconds (user + system).

Run: ``python bench/bench_cold_start.py [--game las_vegas] [--only cold,warm,racing,crowd]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from vegas_tutor import warmup

FIRST_ANSWER = {
    "las_vegas": """
from vegas_tutor.las_vegas import Roll, new_game
from vegas_tutor.las_vegas.odds import placement_odds
game = new_game(4, seed=0)
game.apply(Roll(own=(3, 1, 2, 1, 1, 0)))
placement_odds(game, policy="greedy", exact=False)
""",
    "lords_of_vegas": """
from vegas_tutor.lords_of_vegas import new_game
from vegas_tutor.lords_of_vegas.bots import choose_action
state = new_game(4, seed=3)
while state.is_chance or len(state.legal_actions()) < 3:
    state.apply(choose_action(state, "medium", seed=0))
choose_action(state, "hard", seed=0)
""",
}
CROWD = 3
"""Processes that need the same compiled code at once in the crowd situations (preheated lesson kernels)."""
TIMED = """
import json, resource, time
t0 = time.monotonic()
{body}
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"cpu": usage.ru_utime + usage.ru_stime, "inner": time.monotonic() - t0}}))
"""


def _env(cache: Path) -> dict[str, str]:
    return {**os.environ, "NUMBA_CACHE_DIR": str(cache)}


def first_answer(game: str, cache: Path) -> tuple[float, float]:
    """Wall seconds from the start of a fresh process to its first ``game`` answer, and its CPU seconds."""
    began = time.monotonic()
    out = subprocess.run([sys.executable, "-c", TIMED.format(body=FIRST_ANSWER[game])], env=_env(cache),
                         check=True, capture_output=True, text=True).stdout  # fmt: skip
    wall = time.monotonic() - began
    return wall, float(json.loads(out.strip().splitlines()[-1])["cpu"])


def run_warmup(cache: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(warmup.warmup_command(), env=_env(cache), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=tuple(FIRST_ANSWER), help="default: both")
    parser.add_argument("--only", default="cold,warm,racing,crowd",
                        help="comma-separated situations to measure")  # fmt: skip
    args = parser.parse_args(argv)
    games = args.game or list(FIRST_ANSWER)
    situations = args.only.split(",")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="vegas-cold-") as tmp:
        root = Path(tmp)
        for game in games:
            if "cold" in situations:
                wall, cpu = first_answer(game, root / f"cold-{game}")
                print(f"{game:15} (a) cold cache      wall {wall:6.1f} s  CPU {cpu:6.1f} s", flush=True)
            if "warm" in situations:
                cache = root / f"warm-{game}"
                began = time.monotonic()
                done = run_warmup(cache)
                out, _ = done.communicate()
                took = time.monotonic() - began
                if done.returncode != 0:
                    print(out)
                    return 1
                print(f"{game:15}     warm-up (all games) wall {took:6.1f} s", flush=True)
                wall, cpu = first_answer(game, cache)
                print(f"{game:15} (b) after warm-up   wall {wall:6.1f} s  CPU {cpu:6.1f} s", flush=True)
            for crowd in (1, CROWD):
                name = "racing" if crowd == 1 else "crowd"
                if name not in situations:
                    continue
                cache = root / f"{name}-{game}"
                racing = run_warmup(cache)
                with ThreadPoolExecutor(crowd) as pool:
                    jobs = [pool.submit(first_answer, game, cache) for _ in range(crowd)]
                    answers = [job.result() for job in jobs]
                racing.kill()  # the rest of the warm-up (other games) is not measured here
                racing.communicate()
                for wall, cpu in answers:
                    print(f"{game:15} (c) during warm-up, {crowd} process(es) at once: wall {wall:6.1f} s  "
                          f"CPU {cpu:6.1f} s", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
