"""Liar's Dice speed against OpenSpiel, one process, interleaved and repeated; CPU time beside wall time.

1. **One action at a time (the headline).** Single rounds of 2 players x 5 dice from a fresh state, every
   decision uniformly random among the legal ones, driven from Python by the same loop on both sides
   (``random.Random``: one ``choice`` per decision), as search bots and the coach use an engine:

   - *like-for-like*: the decisions OpenSpiel's game has, raise or challenge; our bidder's show decision
     is played too (as its own action, always "no show"), so our rounds hold one action more per bid;
   - *all legal*: ours uniform over every legal action, shows (and their re-rolls) included.

   Ours: :class:`~vegas_tutor.liars_dice.fast.FastState` (integer actions; ``apply_unchecked`` and the
   checked ``apply``) and the engine :class:`~vegas_tutor.liars_dice.engine.State` (action objects;
   ``apply_unchecked``; and the checked ``apply`` with its undo history). Our chance nodes are bare rolls
   of a whole cup by the state's own generator. OpenSpiel's chance nodes are single dice, sampled by the
   driver: ``randrange(6)`` (its fastest Python driving; the ratios are against it) and the general way,
   ``chance_outcomes()`` then ``random.choices``.
2. **Batched**, beside it and labelled so: :func:`~vegas_tutor.liars_dice.simulate_rounds` (numpy, every
   round of a batch played at once), all legal actions uniform, the same rounds.
3. The exact odds table: 20 quantities x 6 faces of :func:`bid_odds` (goal: <= 1 ms), cold and warm.

**The rules differ** (each side plays its own game): OpenSpiel's ``liars_dice`` (``numdice=5``,
``bidding_rule=reset-face``) is one round, 60 bids (quantity 1..10 x face 1..6), the 6 wild, the bid stands
when at least its quantity matches; no star bids, no show and re-roll, no perfect-bid rule; chance one die
at a time (10 chance nodes a round). Ours is the board edition (docs/rules.md section 2): 110 bids on the
track (numeric spaces 1..20 x faces 2..6, star spaces 1..10), the star (1) wild for number faces, a show
decision after each bid by a player with two or more hidden dice (no show, or a show and a re-roll of the
rest), the perfect bid (everyone else loses a die, Die Hard), losses equal to the miss; chance one whole
cup at a time. A "round" is up to the first challenge on both sides.

Every rate is the median over ``--repeats`` passes; each pass runs every contender once, in an order
rotated from pass to pass; a ratio is the median of the per-pass ratios (CPU and wall apart). Many short
passes (41 of 1,000 rounds, about 0.1 s each) keep each pair of runs close in time: with 7 passes of 3,000
rounds the same code's ratio moved from 0.94x to 1.26x between runs on a quiet machine.

Run: ``python bench/bench_liars_dice.py [--rounds 1000] [--repeats 41]`` (needs ``pip install open-spiel``;
without it the bench stops with a message and exit status 1).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vegas_tutor.liars_dice import Challenge, NoShow, Roll, State, bid_odds, odds_table, simulate_rounds
from vegas_tutor.liars_dice import odds as odds_module
from vegas_tutor.liars_dice.fast import CHALLENGE, NO_SHOW, FastState

KNOWN = (1, 2, 5, 5, 6)
UNKNOWN = 15
Run = Callable[[int, random.Random], int]
"""Plays ``n`` rounds with the driver's generator; returns the actions played (chance nodes included)."""


def load_openspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        sys.exit(f"bench_liars_dice: OpenSpiel is the peer and is not importable ({exc}); pip install open-spiel")
    return pyspiel.load_game("liars_dice", {"players": 2, "numdice": 5})


# ----------------------------------------------------------------------------------- ours, integer fast path
def fast_rounds(*, shows: bool, checked: bool) -> Run:
    def run(n: int, rnd: random.Random) -> int:
        choice = rnd.choice
        actions = 0
        for _ in range(n):
            s = FastState([5, 5])
            play = s.apply if checked else s.apply_unchecked
            while True:
                if s.is_chance:
                    s.roll()
                    actions += 1
                    continue
                legal = s.legal_actions()
                a = NO_SHOW if not shows and legal[0] == NO_SHOW else choice(legal)
                play(a)
                actions += 1
                if a == CHALLENGE:
                    break
        return actions
    return run


# ----------------------------------------------------------------------------------- ours, the engine's State
def state_rounds(*, shows: bool, checked: bool) -> Run:
    def run(n: int, rnd: random.Random) -> int:
        choice = rnd.choice
        actions = 0
        for i in range(n):
            s = State.start([5, 5], seed=i)
            play = s.apply if checked else s.apply_unchecked
            while True:
                if s.is_chance:
                    play(Roll())
                    actions += 1
                    continue
                if not shows and s.phase == "show":
                    a: Any = NoShow()
                else:
                    a = choice(s.legal_actions())
                play(a)
                actions += 1
                if type(a) is Challenge:
                    break
        return actions
    return run


# ----------------------------------------------------------------------------------- the peer
def openspiel_rounds(game: Any, *, general_chance: bool) -> Run:
    def run(n: int, rnd: random.Random) -> int:
        choice, randrange, choices = rnd.choice, rnd.randrange, rnd.choices
        actions = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    if general_chance:
                        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                        state.apply_action(choices(outcomes, probs)[0])
                    else:
                        state.apply_action(randrange(6))
                else:
                    state.apply_action(choice(state.legal_actions()))
                actions += 1
        return actions
    return run


# ----------------------------------------------------------------------------------- measurement
@dataclass
class Contender:
    name: str
    run: Run
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    actions: int = 0
    rounds: int = 0


def measure(contenders: list[Contender], rounds: int, repeats: int) -> None:
    """``repeats`` passes; each runs every contender for ``rounds`` rounds, the order rotated per pass."""
    for c in contenders:
        c.run(max(50, rounds // 20), random.Random(0))  # warm caches (show options, cup tables)
    for rep in range(repeats):
        k = rep % len(contenders)
        for c in contenders[k:] + contenders[:k]:
            rnd = random.Random(1000 + rep)
            wall, cpu = time.perf_counter(), time.process_time()
            c.actions += c.run(rounds, rnd)
            c.walls.append(rounds / (time.perf_counter() - wall))
            c.cpus.append(rounds / max(time.process_time() - cpu, 1e-9))
            c.rounds += rounds


def ratio(ours: Contender, peer: Contender, cpu: bool) -> float:
    a, b = (ours.cpus, peer.cpus) if cpu else (ours.walls, peer.walls)
    return statistics.median(x / y for x, y in zip(a, b, strict=True))


def report(contenders: list[Contender], peer: Contender, general: Contender) -> None:
    print(f"  {'':44s} {'rounds/s CPU':>13s} {'rounds/s wall':>14s} {'actions/round':>14s} "
          f"{'x OpenSpiel CPU':>16s} {'wall':>6s} {'x general CPU':>14s}")
    for c in contenders:
        line = (f"  {c.name:44s} {statistics.median(c.cpus):13,.0f} {statistics.median(c.walls):14,.0f} "
                f"{c.actions / c.rounds:14.1f}")
        if c is not peer and c is not general:
            line += f" {ratio(c, peer, True):15.2f}x {ratio(c, peer, False):5.2f}x {ratio(c, general, True):13.2f}x"
        print(line)


def bench_rounds(rounds: int, repeats: int) -> None:
    game = load_openspiel()
    version = importlib.metadata.version("open_spiel")
    peer = Contender(f"OpenSpiel {version} liars_dice, randrange chance", openspiel_rounds(game, general_chance=False))
    general = Contender("OpenSpiel, chance_outcomes + choices", openspiel_rounds(game, general_chance=True))
    like = [
        Contender("ours FastState.apply_unchecked", fast_rounds(shows=False, checked=False)),
        Contender("ours FastState.apply (checked)", fast_rounds(shows=False, checked=True)),
        Contender("ours State.apply_unchecked (Action objects)", state_rounds(shows=False, checked=False)),
        Contender("ours State.apply (checked, undo history)", state_rounds(shows=False, checked=True)),
        peer, general,
    ]
    every = [
        Contender("ours FastState.apply_unchecked", fast_rounds(shows=True, checked=False)),
        Contender("ours FastState.apply (checked)", fast_rounds(shows=True, checked=True)),
        Contender("ours State.apply_unchecked (Action objects)", state_rounds(shows=True, checked=False)),
        peer, general,
    ]
    print(f"1. One action at a time: single rounds, 2 players x 5 dice, uniform random decisions "
          f"({rounds:,} rounds per run, median of {repeats} interleaved passes)")
    print("  a. like-for-like: raise or challenge on both sides (ours also plays 'no show' after each bid)")
    measure(like, rounds, repeats)
    report(like, peer, general)
    print("  b. all legal actions (ours: shows and re-rolls too; OpenSpiel has none, its runs repeated here)")
    peer.walls, peer.cpus, peer.actions, peer.rounds = [], [], 0, 0
    general.walls, general.cpus, general.actions, general.rounds = [], [], 0, 0
    measure(every, rounds, repeats)
    report(every, peer, general)

    print("2. Batched (numpy, all rounds of a batch at once), all legal actions, 2 players x 5 dice")
    simulate_rounds(2_000, players=2, dice=5, policy="random", seed=0)  # warm up
    batch = 100_000
    walls, cpus, ratios = [], [], []
    for rep in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        simulate_rounds(batch, players=2, dice=5, policy="random", seed=rep)
        walls.append(batch / (time.perf_counter() - wall))
        cpus.append(batch / max(time.process_time() - cpu, 1e-9))
        c0 = time.process_time()
        peer.run(rounds, random.Random(rep))
        ratios.append(cpus[-1] / (rounds / max(time.process_time() - c0, 1e-9)))
    print(f"  {'ours simulate_rounds (batched numpy)':44s} {statistics.median(cpus):13,.0f} "
          f"{statistics.median(walls):14,.0f} rounds/s; {statistics.median(ratios):.1f}x OpenSpiel one action "
          f"at a time (CPU, interleaved; not like-for-like: no per-action calls)")


# ----------------------------------------------------------------------------------- the odds table
def _clear_caches() -> None:
    for cached in (odds_module._weights, odds_module._fractions, odds_module._distribution):
        cached.cache_clear()


def _per_call(fn: Callable[[], object], repeat: int, *, cold: bool = False) -> tuple[float, float]:
    """Median wall and CPU seconds per call over ``repeat`` calls."""
    walls, cpus = [], []
    for _ in range(repeat):
        if cold:
            _clear_caches()
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _table_by_calls() -> None:
    for q in range(1, 21):
        for f in range(1, 7):
            bid_odds(q, f, known=KNOWN, unknown=UNKNOWN)


def _table() -> None:
    odds_table(KNOWN, UNKNOWN)


def bench_odds() -> None:
    print("3. Exact odds table, 20 quantities x 6 faces (Fractions), 5 known dice + 15 unknown (goal <= 1 ms)")
    rows = [
        ("120 x bid_odds, cold caches", _per_call(_table_by_calls, 50, cold=True)),
        ("120 x bid_odds, warm", _per_call(_table_by_calls, 300)),
        ("odds_table(), cold caches", _per_call(_table, 50, cold=True)),
        ("odds_table(), warm", _per_call(_table, 300)),
    ]
    for name, (wall, cpu) in rows:
        verdict = "ok" if wall <= 1e-3 else "over the 1 ms goal"
        print(f"  {name:32s} {wall * 1e3:8.3f} ms wall {cpu * 1e3:8.3f} ms CPU  ({verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per contender per pass")
    parser.add_argument("--repeats", type=int, default=41, help="interleaved passes")
    args = parser.parse_args()
    if args.rounds < 1 or args.repeats < 1:
        sys.exit("bench_liars_dice: --rounds and --repeats must be at least 1")
    bench_rounds(args.rounds, args.repeats)
    print()
    bench_odds()


if __name__ == "__main__":
    main()
