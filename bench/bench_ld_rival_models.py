"""The Liar's Dice coach's model of each opponent level (``coach.LEVEL_MODELS``), fitted and checked on play.

The coach reads a rival as an odds-minded player with noise (:class:`~vegas_tutor.liars_dice.coach.Model`):
it challenges a bid the more surely the less likely it looks from its own cup (and the less surely the better
its best raise looks), raises by a softmax of each bid's chance of being true (leaning to lower bids), and now
and then acts at random. This bench plays seeded games of mixed tables (easy, medium and hard seats; 2-4 players
of 3-5 dice), records every bid-phase decision of each level with what that seat saw, and fits the model's six
numbers (:data:`FITTED`) to each level by maximum
likelihood on the first half of the games. Then, on the other half (decisions the fit never saw), it prints
each level's log loss per decision and how often the model's likeliest move is the move played, for the
shipped one-for-all model (:data:`~vegas_tutor.liars_dice.coach.MODEL`), the shipped per-level models and the
fresh fit.

It also measures what the coach counts when, with three players or more, the round goes on past the next
player (``coach.CARRY_DICE``): after a bid is raised over, the dice its bidder goes on to lose in the round and
the dice each of its rivals loses, per bid raised over.

Run: ``python bench/bench_ld_rival_models.py [--games 600] [--seed 1000]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

import numpy as np

from vegas_tutor.liars_dice import State
from vegas_tutor.liars_dice.actions import Challenge
from vegas_tutor.liars_dice.bots import LEVELS, choose_action
from vegas_tutor.liars_dice.coach import (
    CARRY_DICE,
    LEVEL_MODELS,
    MODEL,
    N_BIDS,
    Model,
    Rival,
    level_model,
    rival_truth,
)
from vegas_tutor.liars_dice.track import Bid

TABLES = ((("easy", "medium", "hard"), 3), (("easy", "easy", "medium"), 3), (("easy", "hard"), 4),
          (("medium", "hard", "easy", "medium"), 5), (("hard", "medium"), 5), (("easy", "medium", "easy"), 4))
"""Seats' levels and the dice each starts with, in turn."""


@dataclass
class Seen:
    """One level's bid-phase decisions: each seat's chance of every bid being true from its view, the last
    bid's rank (-1: opening) and the move's rank (-1: challenge)."""

    truth: list[np.ndarray]
    prev: list[int]
    move: list[int]


def play(seed: int) -> tuple[dict[str, Seen], np.ndarray]:
    """One seeded game's bid-phase decisions, by level; and, with three players or more alive, the bids raised
    over, the dice their bidders went on to lose in the round and the dice each of their rivals lost."""
    levels, dice = TABLES[seed % len(TABLES)]
    state = State.start([dice] * len(levels), seed=seed)
    out = {level: Seen([], [], []) for level in LEVELS}
    carried = np.zeros(3)
    raised_over: list[int] = []  # this round's bidders whose bid the next seat raised
    counts = state.dice_counts
    k = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = choose_action(state, levels[seat], seed=(seed * 997 + k) % 2**31)
        k += 1
        if isinstance(action, Bid) and state.phase == "bid" and state.bidder is not None:
            raised_over.append(state.bidder)
        if state.phase == "bid" and not state.is_chance:
            obs = state.observation(seat)
            seen = out[levels[seat]]
            seen.truth.append(rival_truth(obs))
            seen.prev.append(obs.last_bid.rank if obs.last_bid is not None else -1)
            seen.move.append(-1 if isinstance(action, Challenge) else action.rank if isinstance(action, Bid) else -2)
        state.apply(action)
        if state.dice_counts != counts:  # the round ended
            lost = np.subtract(counts, state.dice_counts)
            alive = sum(1 for c in counts if c > 0)
            if alive >= 3:
                for bidder in raised_over:
                    carried += (1, lost[bidder], (lost.sum() - lost[bidder]) / (alive - 1))
            raised_over, counts = [], state.dice_counts
    return out, carried


FITTED = ("sharpness", "lean_low", "doubt", "threshold", "noise", "held_back")
"""The :class:`Model` fields fitted, in the order of a parameter vector."""


def model_of(params: np.ndarray) -> Model:
    return Model(**{name: float(x) for name, x in zip(FITTED, params, strict=True)})


def params_of(model: Model) -> np.ndarray:
    return np.array([getattr(model, name) for name in FITTED])


def probabilities(params: np.ndarray, truth: np.ndarray, prev: np.ndarray, move: np.ndarray) -> np.ndarray:
    """The model's probability of each recorded move (``params``: the :data:`FITTED` fields), as the coach reads
    a rival's moves (:meth:`Rival.move_likelihood`, one row per decision)."""
    rows = len(prev)
    rival = Rival.read(0, model_of(params), np.zeros((rows, 6), dtype=np.int64), np.ones(rows),
                       np.array(truth, dtype=float))
    return np.asarray(rival.move_likelihood(prev, move))


def log_loss(params: np.ndarray, seen: tuple[np.ndarray, np.ndarray, np.ndarray]) -> float:
    return float(-np.mean(np.log(np.maximum(probabilities(params, *seen), 1e-300))))


def likeliest_hits(model: Model, seen: tuple[np.ndarray, np.ndarray, np.ndarray]) -> float:
    """How often the model's likeliest move is the move played."""
    truth, prev, move = seen
    hits = 0
    for i in range(len(prev)):
        moves = np.array([-1] * int(prev[i] >= 0) + list(range(prev[i] + 1, N_BIDS)))
        n = len(moves)
        p = probabilities(params_of(model), np.repeat(truth[i:i + 1], n, 0), np.full(n, prev[i]), moves)
        hits += int(moves[int(np.argmax(p))] == move[i])
    return hits / len(prev)


def fit(seen: tuple[np.ndarray, np.ndarray, np.ndarray], start: Model) -> Model:
    """The :data:`FITTED` numbers by maximum likelihood, within :data:`BOUNDS`."""
    from scipy.optimize import minimize

    x0 = np.clip(params_of(start), [b[0] for b in BOUNDS], [b[1] for b in BOUNDS])
    found = minimize(log_loss, x0, args=(seen,), method="Nelder-Mead", bounds=BOUNDS,
                     options={"maxiter": 6000, "xatol": 1e-3, "fatol": 1e-7})
    return model_of(found.x)


BOUNDS = ((0.0, 100.0), (0.0, 5.0), (0.0, 100.0), (0.0, 1.0), (0.02, 0.5), (0.0, 100.0))
"""Sharpness, doubt and held_back at most 100 (steeper overflows nothing but reads no better); noise at least
2%, so no move a rival makes is ever impossible to the coach's reading of its bids."""


def stack(parts: list[dict[str, Seen]], level: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    truth = [t for p in parts for t in p[level].truth]
    prev = [x for p in parts for x in p[level].prev]
    move = [x for p in parts for x in p[level].move]
    keep = [i for i, m in enumerate(move) if m >= -1]
    return (np.array([truth[i] for i in keep]), np.array([prev[i] for i in keep]), np.array([move[i] for i in keep]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    try:
        import scipy  # noqa: F401
    except ImportError:
        print("bench_ld_rival_models: scipy is missing (pip install 'vegas-tutor[bench]')", file=sys.stderr)
        return 2
    wall, cpu = time.perf_counter(), time.process_time()
    played = [play(args.seed + g) for g in range(args.games)]
    games = [seen for seen, _carried in played]
    half = len(games) // 2
    print(f"{args.games} games (seeds {args.seed}-{args.seed + args.games - 1}); fit on the first {half}, "
          f"checked on the other {len(games) - half}")
    print("| level | decisions fitted / checked | model | sharpness | lean_low | doubt | threshold | noise "
          "| held_back | log loss (checked) | likeliest = played |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for level in LEVELS:
        train, test = stack(games[:half], level), stack(games[half:], level)
        fresh = fit(train, LEVEL_MODELS.get(level, MODEL))
        for name, model in (("one for all (MODEL)", MODEL), ("shipped for the level", level_model(level)),
                            ("fitted now", fresh)):
            numbers = " | ".join(f"{v:.3g}" for v in params_of(model))
            print(f"| {level} | {len(train[1])} / {len(test[1])} | {name} | {numbers} "
                  f"| {log_loss(params_of(model), test):.4f} | {likeliest_hits(model, test):.1%} |")
    bids, bidder, rivals = sum(carried for _seen, carried in played)
    print(f"\nThree players or more, a bid raised over ({bids:.0f} bids): its bidder goes on to lose "
          f"{bidder / bids:.3f} dice in the round, each of its rivals {rivals / bids:.3f} (shipped CARRY_DICE: "
          f"{CARRY_DICE[0]:.3f}, {CARRY_DICE[1]:.3f})")
    print(f"\nwall {time.perf_counter() - wall:.0f} s, CPU {time.process_time() - cpu:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
