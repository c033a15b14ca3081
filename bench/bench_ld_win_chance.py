"""The Liar's Dice chance of winning (``liars_dice/win_chance.py``): its round model fitted and checked on play.

Plays hard-against-hard games (2, 3 and 4 players of 5 dice in turn, seeded, ``--workers`` processes) and
records every round: the dice each seat held, who bid, who challenged, what each seat lost. Then:

1. **The fit.** From the first half of the games: the share of perfect bids by seats left; the perfect
   bidder's weight (maximum likelihood); how many dice a loser loses (from losers holding three or more, so
   the cap does not hide it); how much more often a seat with fewer dice loses, by the Brier score of the
   games' winners. Printed beside the shipped numbers (:data:`~vegas_tutor.liars_dice.win_chance.ROUNDS`).
2. **The check**, on the other half (games the fit never saw): at the start of every round after the first,
   each seat's chance of winning from the shipped model against whether that seat went on to win. Brier score
   beside two plainer guesses (every player alike; each seat's share of the dice), and the calibration by
   bins of the predicted chance (predicted mean against the share that won).

Run: ``python bench/bench_ld_win_chance.py [--games 1200] [--seed 1] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import math
import resource
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from vegas_tutor.liars_dice import new_game
from vegas_tutor.liars_dice.bots import choose_action
from vegas_tutor.liars_dice.win_chance import ROUNDS, RoundModel, win_chances

Round = dict[str, Any]
Game = tuple[list[Round], tuple[int, ...]]


def play(seed: int) -> Game:
    """One hard self-play game: its rounds and its winners."""
    state = new_game(2 + seed % 3, dice=5, seed=seed)
    rounds: list[Round] = []
    k = 0
    while not state.is_over:
        before = state.dice_counts
        state.apply(choose_action(state, "hard", seed=(seed * 1000 + k) % 2**31))
        k += 1
        if state.dice_counts != before:
            c = state.last_challenge
            assert c is not None
            rounds.append({"before": before, "bidder": c.bidder, "losses": c.losses, "perfect": c.perfect})
    return rounds, tuple(state.winners)


def fit(games: list[Game]) -> RoundModel:
    """The round model from ``games``: counted shares, the perfect bidder's weight by maximum likelihood, and
    ``fewer`` by the Brier score of the games' winners (losing rounds compounds over a game)."""
    perfect, rounds = Counter[int](), Counter[int]()
    bidders: list[tuple[tuple[int, ...], int]] = []
    lost = Counter[int]()
    for game, _winners in games:
        for r in game:
            alive = sum(1 for c in r["before"] if c > 0)
            rounds[alive] += 1
            if r["perfect"]:
                perfect[alive] += 1
                bidders.append((r["before"], r["bidder"]))
                continue
            seat = max(range(len(r["losses"])), key=lambda s: r["losses"][s])
            if r["before"][seat] >= 3:
                lost[min(r["losses"][seat], 3)] += 1

    def likelihood(a: float) -> float:
        return sum(math.log(b[s] ** a / sum(c ** a for c in b if c > 0)) for b, s in bidders)

    bidder = max((x / 10 for x in range(-10, 21)), key=likelihood)
    n = sum(lost.values())
    shares = (perfect[2] / rounds[2], perfect[3] / rounds[3], perfect[4] / rounds[4])
    base = RoundModel(shares, round(bidder, 1), 0.0, (lost[1] / n, lost[2] / n, lost[3] / n))
    return min((replace(base, fewer=x / 10) for x in range(0, 16)), key=lambda m: brier(games, m)[0])


def brier(games: list[Game], model: RoundModel) -> tuple[float, float, float, int]:
    """The Brier scores (model, every player alike, share of the dice) over every seat with dice at the start
    of every round after the first, against whether it won; and how many such pairs."""
    ours, alike, share, n = 0.0, 0.0, 0.0, 0
    for game, winners in games:
        for r in game[1:]:
            counts = r["before"]
            chances = win_chances(counts, model)
            alive = [s for s, c in enumerate(counts) if c > 0]
            for s in alive:
                won = 1.0 if s in winners else 0.0
                ours += (chances[s] - won) ** 2
                alike += (1 / len(alive) - won) ** 2
                share += (counts[s] / sum(counts) - won) ** 2
                n += 1
    return ours / n, alike / n, share / n, n


def check(games: list[Game]) -> None:
    ours, alike, share, n = brier(games, ROUNDS)
    bins: dict[int, list[float]] = {}
    for game, winners in games:
        for r in game[1:]:
            chances = win_chances(r["before"])
            for s, c in enumerate(r["before"]):
                if c > 0:
                    cell = bins.setdefault(min(int(chances[s] * 10), 9), [0.0, 0.0, 0.0])
                    cell[0] += chances[s]
                    cell[1] += 1.0 if s in winners else 0.0
                    cell[2] += 1
    print(f"check of the shipped model on {len(games)} held-out games, {n} (seat, round) pairs; Brier score (lower "
          "is better):")
    print(f"  the model {ours:.4f}   every player alike {alike:.4f}   each seat's share of the dice {share:.4f}")
    print("  predicted    won    pairs")
    for b in sorted(bins):
        p, w, m = bins[b]
        print(f"  {p / m:8.3f}  {w / m:6.3f}  {int(m):7d}")


def show(model: RoundModel) -> str:
    return (f"perfect {', '.join(f'{p:.3f}' for p in model.perfect)} (2, 3, 4 left)  bidder {model.bidder:.1f}  "
            f"fewer {model.fewer:.1f}  lost {', '.join(f'{p:.3f}' for p in model.lost)}")


def cpu_now() -> float:
    """CPU seconds of this process and of its finished workers."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    wall, cpu = time.perf_counter(), cpu_now()
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play, seeds, chunksize=20))
    wall, cpu = time.perf_counter() - wall, cpu_now() - cpu
    half = len(games) // 2
    fitted = fit(games[:half])
    rounds = sum(len(g) for g, _w in games)
    print(f"{args.games} hard self-play games (seeds {args.seed}..{args.seed + args.games - 1}), {rounds} rounds; "
          f"played in {wall:.0f} s wall, {cpu:.0f} s CPU ({args.workers} workers)")
    print(f"fitted on the first {half}: {show(fitted)}")
    print(f"shipped:                {show(ROUNDS)}")
    check(games[half:])


if __name__ == "__main__":
    main()
