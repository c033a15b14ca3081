"""Cold start: how long a fresh process takes to its first odds and its first hard move, per game.

Each measurement is a fresh Python process with its own numba cache folder (``NUMBA_CACHE_DIR`` in a
temporary directory), timed from its start to its first answer (imports included):

- ``las_vegas:odds``: the first :func:`vegas_tutor.las_vegas.odds.placement_odds` after a roll (simulated odds);
- ``liars_dice:odds``: the first :func:`vegas_tutor.liars_dice.odds.action_odds` of a 4 x 5-dice game (the
  table's odds panel), after the cups are rolled and one bid;
- ``liars_dice:hard``: the first ``hard`` decision of :func:`vegas_tutor.liars_dice.bots.choose_action`
  (the coach's evaluation), answering that bid;
- ``lords_of_vegas:odds``: the first :func:`vegas_tutor.lords_of_vegas.odds.next_card_odds` after the setup;
- ``lords_of_vegas:hard``: the first hard decision of :func:`vegas_tutor.lords_of_vegas.bots.choose_action`.

``python -c pass`` (the interpreter alone) is timed first, as the floor. Three situations: (a) cold, an empty
cache; (b) warm, after ``python -m vegas_tutor.warmup`` finished in that folder; (c) racing, the warm-up
started (at its usual low priority) at the same moment as one process (``racing``) or :data:`CROWD`
processes (``crowd``, like preheated lesson kernels), which compile what is not cached yet alongside it.
Liar's Dice has no compiled code: its lines measure imports and first computations only.
Each line prints the wall seconds, the process's CPU seconds (user + system), and the seconds inside the
process from its first statement (``inner``).

Run: ``python bench/bench_cold_start.py [--game liars_dice] [--only cold,warm,racing,crowd]``. A process
that fails stops the bench with its error and a non-zero exit status.
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
    "las_vegas:odds": """
from vegas_tutor.las_vegas import Roll, new_game
from vegas_tutor.las_vegas.odds import placement_odds
game = new_game(4, seed=0)
game.apply(Roll(own=(3, 1, 2, 1, 1, 0)))
placement_odds(game, policy="greedy", exact=False)
""",
    "liars_dice:odds": """
from vegas_tutor.liars_dice import Bid, Roll, action_odds, new_game
game = new_game(4, dice=5, seed=0)
for cup in ((1, 2, 5, 5, 6), (2, 3, 3, 4, 6), (1, 1, 4, 5, 6), (2, 2, 3, 5, 6)):
    game.apply(Roll(cup))
game.apply(Bid(4, 5)); game.apply("no show")
assert action_odds(game.observation(1))
""",
    "liars_dice:hard": """
from vegas_tutor.liars_dice import Bid, Roll, new_game
from vegas_tutor.liars_dice.bots import choose_action
game = new_game(4, dice=5, seed=0)
for cup in ((1, 2, 5, 5, 6), (2, 3, 3, 4, 6), (1, 1, 4, 5, 6), (2, 2, 3, 5, 6)):
    game.apply(Roll(cup))
game.apply(Bid(4, 5)); game.apply("no show")
assert choose_action(game, "hard", seed=0) in game.legal_actions()
""",
    "lords_of_vegas:odds": """
import random
from vegas_tutor.lords_of_vegas import new_game
from vegas_tutor.lords_of_vegas.odds import next_card_odds
state, pick = new_game(4, seed=3), random.Random(0)
while state.draws_before_end is None:  # the setup deal, by random legal moves
    state.apply(pick.choice(state.legal_actions()))
next_card_odds(state)
""",
    "lords_of_vegas:hard": """
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


def first_answer(what: str, cache: Path) -> tuple[float, float, float]:
    """Wall seconds from the start of a fresh process to its first answer, its CPU seconds, and the seconds
    inside it from its first statement."""
    body = FIRST_ANSWER.get(what, what)
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-c", TIMED.format(body=body)], env=_env(cache),
                          capture_output=True, text=True)  # fmt: skip
    wall = time.monotonic() - began
    if done.returncode != 0:
        raise RuntimeError(f"the {what!r} process failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return wall, float(figures["cpu"]), float(figures["inner"])


def line(what: str, situation: str, figures: tuple[float, float, float]) -> None:
    wall, cpu, inner = figures
    print(f"{what:20} {situation:42} wall {wall:6.2f} s  CPU {cpu:6.2f} s  inner {inner:6.2f} s", flush=True)


def run_warmup(cache: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(warmup.warmup_command(), env=_env(cache), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    games = sorted({what.split(":")[0] for what in FIRST_ANSWER})
    parser.add_argument("--game", action="append", choices=games, help="default: every game")
    parser.add_argument("--only", default="cold,warm,racing,crowd",
                        help="comma-separated situations to measure")  # fmt: skip
    args = parser.parse_args(argv)
    chosen = [what for what in FIRST_ANSWER if args.game is None or what.split(":")[0] in args.game]
    situations = args.only.split(",")
    unknown = set(situations) - {"cold", "warm", "racing", "crowd"}
    if unknown:
        parser.error(f"unknown situations {sorted(unknown)}")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="vegas-cold-") as tmp:
        root = Path(tmp)
        line("python -c pass", "the interpreter alone", first_answer("pass", root / "floor"))
        warmed = False
        for what in chosen:
            if "cold" in situations:
                line(what, "(a) cold cache", first_answer(what, root / f"cold-{what}"))
            if "warm" in situations:
                cache = root / "warm"  # one warm-up (it compiles every game) serves every line
                if not warmed:
                    warmed = True
                    began = time.monotonic()
                    done = run_warmup(cache)
                    out, _ = done.communicate()
                    took = time.monotonic() - began
                    if done.returncode != 0:
                        print(out)
                        print(f"bench_cold_start: the warm-up failed (exit {done.returncode})", file=sys.stderr)
                        return 1
                    print(f"{'warm-up':20} {'python -m vegas_tutor.warmup (all games)':42} wall {took:6.2f} s",
                          flush=True)
                line(what, "(b) after warm-up", first_answer(what, cache))
            for crowd in (1, CROWD):
                name = "racing" if crowd == 1 else "crowd"
                if name not in situations:
                    continue
                cache = root / f"{name}-{what}"
                racing = run_warmup(cache)
                try:
                    with ThreadPoolExecutor(crowd) as pool:
                        jobs = [pool.submit(first_answer, what, cache) for _ in range(crowd)]
                        answers = [job.result() for job in jobs]
                finally:
                    racing.kill()  # the rest of the warm-up (other games) is not measured here
                    racing.communicate()
                for figures in answers:
                    line(what, f"(c) during warm-up, {crowd} process(es) at once", figures)
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
