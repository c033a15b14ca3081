"""Liar's Dice endgames against the equilibrium: exact values and how much the hard bot can be exploited.

Value = the probability that a seat wins the whole game from the start of a round (cups still to roll,
the opener known). Two players, one or two dice each: these are the real ends of a game. A challenge
that leaves both with dice starts the next round, worth its own value (the smaller endgame).

What it prints:

1. The 1v1 endgame solved exactly, by two methods: the sequence-form linear programme (scipy, the
   ``bench`` extra) and CFR+ to a proven gap (best responses to both average strategies).
2. Hard's exploitability in 1v1, per seat and opener: the equilibrium value minus what hard wins against
   its exact best response, for hard as it plays elsewhere (the coach's search, ``solved=False``) and as
   it plays now (the solved table).
3. The bigger endgames (1v2, 2v1, 2v2): their tree sizes; with ``--bigger`` (1v2 and 2v1 with seat 0
   opening, which covers seat 1 opening by swapping seats; about half an hour) hard's exploitability
   summed over both seats, 1 - h0 - h1, where h_s is what hard wins at seat s against its best
   response (that sum needs no equilibrium: the two seats' equilibrium values add up to one). The best
   response there picks among the bids that can be true only, so the figure is a lower bound (hard is
   at least this exploitable).

Run: ``python bench/bench_ld_equilibrium.py [--bigger]`` (heavy: run it under ``nice``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from math import comb
from typing import Any

GOAL = 0.02


def timed(what: str, fn: Callable[[], Any]) -> Any:
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    print(f"  [{what}: wall {time.perf_counter() - wall:.1f} s, CPU {time.process_time() - cpu:.1f} s]", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bigger", action="store_true", help="also the best response to hard in 1v2 and 2v1")
    parser.add_argument("--games", type=int, default=2000, help="games of the check by play (hard now)")
    parser.add_argument("--cfr-gap", type=float, default=1e-4, help="CFR+ runs until its proven gap is this small")
    args = parser.parse_args(argv)
    try:
        import scipy  # noqa: F401
    except ImportError:
        print("bench_ld_equilibrium: scipy is missing (pip install 'vegas-tutor[bench]')", file=sys.stderr)
        return 2
    from vegas_tutor.liars_dice.bots import bot_policy
    from vegas_tutor.liars_dice.equilibrium import (
        best_response_to_policy,
            build_tree,
        cfr_plus,
        possible_bids,
        solve_lp,
    )

    print(__doc__.split("\n\n")[1].replace("\n", " "))
    print("\n## 1v1 (one die each): the equilibrium")
    game = timed("tree from the engine", lambda: build_tree((1, 1), opener=0))
    p0, p1 = game.players
    print(f"  engine nodes {game.nodes}, leaves {len(game.win)}, sequences {p0.n_seq} + {p1.n_seq}, "
          f"information sets {p0.n_infosets} + {p1.n_infosets}; leaving out impossible bids is exact: {game.exact}")
    lp = timed("linear programme (HiGHS)", lambda: solve_lp(game))
    print(f"  LP: opener wins {lp.value:.10f} (proven interval [{lp.lower:.10f}, {lp.upper:.10f}])")
    cfr = timed("CFR+", lambda: cfr_plus(game, iterations=20000, target=args.cfr_gap))
    print(f"  CFR+: {cfr.iterations} iterations, opener wins in [{cfr.lower:.6f}, {cfr.upper:.6f}] (gap {cfr.gap:.2e})")
    agree = cfr.lower - 1e-9 <= lp.value <= cfr.upper + 1e-9
    print(f"  the two methods agree: {agree}")
    if not agree:
        print("bench_ld_equilibrium: LP and CFR+ disagree", file=sys.stderr)
        return 1
    value = {((1, 1), 0): lp.value, ((1, 1), 1): 1.0 - lp.value}  # seat 0's value; seat 1 opening swaps seats

    print("\n## 1v1: hard against its exact best response (value = hard's probability of winning the game)")
    print(f"  {'hard':<22} {'hard seat':>9} {'opener':>6} {'equilibrium':>11} {'vs best resp.':>13} "
          f"{'exploitability':>14}  goal <= {GOAL}")
    worst: dict[str, float] = {}
    for label, solved in (("coach search (before)", False), ("solved table (now)", True)):
        for seat in (0, 1):
            for opener in (0, 1):
                policy = bot_policy("hard", solved=solved)
                got, _tree = best_response_to_policy((1, 1), opener=opener, seat=seat, policy=policy)
                eq = value[((1, 1), opener)] if seat == 0 else 1.0 - value[((1, 1), opener)]
                gap = eq - got
                worst[label] = max(worst.get(label, 0.0), gap)
                print(f"  {label:<22} {seat:>9} {opener:>6} {eq:>11.6f} {got:>13.6f} {gap:>14.6f}  "
                      f"{'met' if gap <= GOAL else 'MISSED'}", flush=True)
    for label, gap in worst.items():
        print(f"  worst 1v1 exploitability, {label}: {gap:.6f} ({'met' if gap <= GOAL else 'missed'})")
    timed("check by play", lambda: check_by_play(args.games))

    print("\n## 1v2, 2v1, 2v2: sizes (bids that can be true only; the full track has 110 bids)")
    for counts in ((1, 2), (2, 1), (2, 2)):
        total = sum(counts)
        bids = len(possible_bids(total))
        deals = comb(counts[0] + 5, 5) * comb(counts[1] + 5, 5)
        print(f"  {counts[0]}v{counts[1]}: {bids} possible bids -> {2 ** bids:,} bid sequences x {deals} deals "
              f"= {2 ** bids * deals:,} leaves before any show and re-roll: not solved exactly here "
              f"(1v1 has {2 ** 12 * 36:,})")
    if args.bigger:
        bigger(bot_policy, best_response_to_policy)
    return 0


def check_by_play(games: int) -> None:
    """The exact best response to hard (opener, seat 0) played through the engine against the real bot
    (``choose_action``, seeded) wins as often as computed: the second method for the 1v1 figures."""
    import numpy as np

    from vegas_tutor.core.dice import make_rng
    from vegas_tutor.liars_dice import Roll, State
    from vegas_tutor.liars_dice.bots import action_probabilities, bot_policy, choose_action
    from vegas_tutor.liars_dice.equilibrium import best_response_actions, best_response_to_policy, observe

    runs = (("coach search (before)", False, max(100, games // 10)), ("solved table (now)", True, games))
    for label, solved, n in runs:
        value, game = best_response_to_policy((1, 1), opener=0, seat=0, policy=bot_policy("hard", solved=solved))
        reply = best_response_actions(game, 1, np.ones(1))
        wins = 0
        for seed in range(n):
            rng = make_rng(seed)
            state = State.start([1, 1], opener=0, seed=seed)
            seen: tuple[Any, Any] = ((), ())
            while not state.is_over:
                if state.is_chance:
                    action: Any = Roll((int(rng.integers(1, 7)),))
                elif state.current_player == 0:
                    if solved:
                        action = choose_action(state, "hard", seed=seed * 100 + len(state.bids))
                    else:
                        action = next(iter(action_probabilities(state.observation(0), "hard", rng, solved=False)))
                else:
                    action = reply[(1, seen[1])]
                seen = observe(seen, state, action)
                state.apply(action)
            wins += state.winners == [0]
        rate = wins / n
        half = 1.96 * max(rate * (1 - rate), 1 / n) ** 0.5 / n ** 0.5
        print(f"  by play, {label} as opener against its best response: wins {rate:.4f} +- {half:.4f} "
              f"({n} games; exact {value:.4f}): {'agrees' if abs(rate - value) <= half else 'DISAGREES'}")


def bigger(bot_policy: Any, best_response_to_policy: Any) -> None:
    """Hard's summed exploitability (both seats) in 1v2 and 2v1, chained through the 1v1 endgame."""
    print("\n## 1v2, 2v1: hard (now) against its best response, summed over the two seats")
    won: dict[int, dict[tuple[tuple[int, int], int], float]] = {0: {}, 1: {}}  # hard's seat -> seat 0's value
    for counts in ((1, 1), (1, 2), (2, 1)):
        for opener in (0, 1) if counts == (1, 1) else (0,):  # seat 1 opening 1v2 is 2v1 with seats swapped
            hard = []
            for seat in (0, 1):
                def run(c: tuple[int, int] = counts, o: int = opener, s: int = seat) -> Any:
                    return best_response_to_policy(c, opener=o, seat=s, policy=bot_policy("hard"), continuation=won[s])

                got, _tree = timed(f"{counts} opener {opener} hard seat {seat}", run)
                won[seat][(counts, opener)] = got if seat == 0 else 1.0 - got
                hard.append(got)
            total = 1.0 - hard[0] - hard[1]
            if counts == (1, 1):
                continue
            print(f"  {counts[0]}v{counts[1]} opener {opener}: hard wins {hard[0]:.4f} at seat 0, {hard[1]:.4f} at "
                  f"seat 1 against best responses; summed exploitability >= {total:.4f} "
                  f"({'met' if total <= GOAL else 'MISSED'})", flush=True)
    print("  2v2: not measured (its best-response tree against hard is far beyond this bench's budget)")


if __name__ == "__main__":
    sys.exit(main())
