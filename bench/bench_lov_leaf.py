"""How well the Lords of Vegas search's leaf value predicts who finishes 1st, on games it was not fitted on.

The leaf value (:func:`.search.leaf_value`) scores a playout cut short: the chance of finishing 1st a logistic
curve gives a seat's position. Two curves are fitted stage by stage (:func:`.selfplay.fit_stages`) on the ends
of turns of ``--games`` medium self-play games (seed 99, as :data:`.search.LEAF`) and scored on ``--held-out``
other games (seed 6), every seat at every end of a turn:

- **standing**: the seat's standing (:func:`.bots_compiled.standing`, dollars counted at medium's rate)
  ahead of the best and of the average rival (the leaf the search used before);
- **parts** (the leaf now): each part of its holding (:func:`.bots_compiled.parts`) ahead of the best and
  of the average rival, and its place after the seat to move.

It prints the log loss and the Brier score (lower is better) beside those of the parity guess (1 / players),
and the share of the parity guess's log loss each curve removes.

Run: ``python bench/bench_lov_leaf.py [--games 3000] [--held-out 1500]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas import search, selfplay
from vegas_tutor.lords_of_vegas.rules import Data

Floats = np.ndarray


def standing_features(held: Floats, left: np.ndarray) -> Floats:
    """The earlier leaf's features: 1, the standing's lead over the best and over the average rival."""
    lam = bc.RATE * (left + 1) / 31.0 + bc.RATE_FLOOR  # bots_compiled.rate, per end of a turn
    value = held[:, :, 0] + held[:, :, 2] + lam[:, None] * (held[:, :, 1] + held[:, :, 3] + held[:, :, 4])
    players = value.shape[1]
    out = np.ones((len(value), players, 3))
    for q in range(players):
        rivals = np.delete(value, q, axis=1)
        out[:, q, 1] = value[:, q] - rivals.max(axis=1)
        out[:, q, 2] = value[:, q] - rivals.mean(axis=1)
    return out


def chances(leaf: Floats, features: Floats, left: np.ndarray) -> Floats:
    """Every seat's chance of 1st at every end of a turn by the stage's weights."""
    at = np.searchsorted(search.STAGES, left, side="right")
    z = np.einsum("rqk,rk->rq", features, leaf[at])
    out: Floats = 1.0 / (1.0 + np.exp(-z))
    return out


def scores(p: Floats, won: Floats) -> tuple[float, float]:
    """Log loss and Brier score of the chances ``p`` against the shares of 1st place ``won``."""
    p = np.clip(p, 1e-9, 1 - 1e-9)
    loss = -(won * np.log(p) + (1 - won) * np.log(1 - p)).mean()
    return float(loss), float(((p - won) ** 2).mean())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3_000, help="games the curves are fitted on (3000)")
    parser.add_argument("--held-out", type=int, default=1_500, help="games they are scored on (1500)")
    args = parser.parse_args(argv)
    if args.games < 100 or args.held_out < 100:
        parser.error("fit on and score on at least 100 games each")
    start = c.encode(Data(players=4, money=[0] * 4, score=[0] * 4))
    wall, cpu = time.perf_counter(), time.process_time()
    fit = selfplay.record(args.games, start, 99, bc.PARAMS, bc.REORG_TABLE)
    test = selfplay.record(args.held_out, start, 6, bc.PARAMS, bc.REORG_TABLE)
    played = (time.perf_counter() - wall, time.process_time() - cpu)
    features, held, left, won = fit
    t_features, t_held, t_left, t_won = test
    parts_leaf = selfplay.fit_stages(features, left, won)
    if not np.allclose(parts_leaf, search.LEAF, atol=5e-4):
        print("note: the stored leaf (search.LEAF) differs from this fit: run selfplay.fit_leaf() again")
    standing_leaf = selfplay.fit_stages(standing_features(held, left), left, won)
    players = won.shape[1]
    base = scores(np.full(t_won.shape, 1 / players), t_won)
    print(f"Lords of Vegas leaf value, {players} players: fitted on {args.games:,} medium games ({len(left):,} ends "
          f"of turns), scored on {args.held_out:,} others ({len(t_left):,} ends of turns x {players} seats)")
    print(f"  (self-play {played[0]:.0f} s wall, {played[1]:.0f} s CPU)")
    print(f"  {'curve':<10} {'log loss':>9} {'Brier':>7}  of the parity guess's log loss removed")
    print(f"  {'parity':<10} {base[0]:9.4f} {base[1]:7.4f}")
    for name, leaf, x in (("standing", standing_leaf, standing_features(t_held, t_left)),
                          ("parts", parts_leaf, t_features)):
        loss, brier = scores(chances(leaf, x, t_left), t_won)
        print(f"  {name:<10} {loss:9.4f} {brier:7.4f}  {(base[0] - loss) / base[0]:.1%}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
