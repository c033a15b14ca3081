"""The hard level's search, compiled with numba on the array of :mod:`.compiled`.

Medium's first choice and its best ranked other decisions (and ending the turn) are each played out with
every seat playing medium (the policy the search expects of everyone, itself included after this
decision), until the turn has come back to the deciding player ``rounds`` times or the game ends. Playout
j of every candidate starts from random seed ``seed + j`` (common random numbers), so the playouts can be
run in slices, as an anytime search does, with the same figures as in one go. A playout that ends the
game scores the seat's share of the win; one cut short scores the **leaf value**: the chance of finishing
1st that a logistic curve fitted on medium self-play gives the seat's holding part by part
(:func:`.bots_compiled.parts`: score, money, the points its casinos and the dollars its dice and markers will
still bring) against the best and the average rival, and its place after the seat to move, per stage of the
game (:data:`LEAF`, made by :func:`.selfplay.fit_leaf`).

Nothing looks ahead at the deck: every simulated draw is uniform over the unseen cards.
"""

from __future__ import annotations

import math
import time

import numpy as np
from numpy.typing import NDArray

from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c

Floats = NDArray[np.float64]

STAGES = np.array([3, 7, 12, 18, 25], dtype=np.int64)
"""Bounds of the stages of the leaf value, in lot cards left to draw: 0-2, 3-6, 7-11, 12-17, 18-24, 25+."""
LEAF_WEIGHTS = 1 + 2 * bc.PARTS + 3
"""The leaf value's weights per stage: the intercept, a lead over the best and over the average rival in
each of the :data:`.bots_compiled.PARTS`, and one for each place after the seat to move (1 to 3)."""


LEAF = np.array(
    [
        [-0.0063, 0.2837, 0.0334, -0.0008, 0.0093, 0.0707, 0.0979,
         0.0188, -0.0029, -0.0077, 0.0585, -0.2858, -0.6661, -0.6839],
        [-0.4329, 0.1285, 0.0537, 0.0002, 0.0044, 0.0261, 0.0309,
         0.0072, 0.0105, -0.0019, 0.0244, -0.1956, -0.3855, -0.5665],
        [-0.6646, 0.0811, 0.0548, 0.0014, 0.0034, 0.0097, 0.0177,
         0.0032, 0.0139, -0.0010, 0.0193, -0.1294, -0.2674, -0.5027],
        [-0.7764, 0.0546, 0.0610, 0.0003, 0.0080, 0.0024, 0.0170,
         0.0033, 0.0140, -0.0037, 0.0233, -0.2410, -0.3804, -0.5117],
        [-0.7917, 0.0591, 0.0690, -0.0001, 0.0116, -0.0013, 0.0203,
         0.0003, 0.0188, -0.0018, 0.0239, -0.2159, -0.4612, -0.7107],
        [-0.6173, 0.0452, 0.1154, -0.0016, 0.0069, -0.0109, 0.0364,
         0.0025, 0.0191, -0.0014, 0.0330, -0.3811, -0.7108, -1.0671],
    ],
    dtype=np.float64,
)
"""Per stage (rows), the weights of :func:`leaf_features` (:data:`LEAF_WEIGHTS` columns) in the logistic
chance of 1st place; fitted by :func:`.selfplay.fit_leaf` on 3,000 medium games (seed 99)."""


MEDIUM_SEATS = np.full(4, bc.MEDIUM, dtype=np.int64)
"""Every seat plays medium in the playouts."""


@c._jit
def stage(s: c.Ints) -> int:
    """The leaf value's stage of position ``s``."""
    left = bc.draws_left(s)
    k = 0
    while k < STAGES.shape[0] and left >= STAGES[k]:
        k += 1
    return k


@c._jit
def leaf_features(s: c.Ints, seat: int, held: Floats, gid: c.Ints, info: c.Ints, x: Floats) -> None:
    """The leaf value's features of ``seat`` in ``s`` into ``x`` (:data:`LEAF_WEIGHTS` of them)."""
    players = s[c.PLAYERS]
    bc.parts(s, held, gid, info)
    x[:] = 0.0
    x[0] = 1.0
    for k in range(bc.PARTS):
        best = -1e18
        total = 0.0
        for q in range(players):
            if q != seat:
                total += held[q, k]
                best = max(best, held[q, k])
        x[1 + 2 * k] = held[seat, k] - best
        x[2 + 2 * k] = held[seat, k] - total / (players - 1)
    after = (seat - s[c.TURN]) % players
    if after > 0:
        x[2 * bc.PARTS + after] = 1.0


@c._jit
def leaf_value(s: c.Ints, seat: int, leaf: Floats, held: Floats, gid: c.Ints, info: c.Ints, x: Floats) -> float:
    """``seat``'s chance of finishing 1st: its share of the win once the game is over, else the fitted curve
    (``held``, ``x``: scratch of :func:`.bots_compiled.parts` and :func:`leaf_features`)."""
    players = s[c.PLAYERS]
    if s[c.PHASE] == c.OVER:
        winners = 0
        for q in range(players):
            winners += s[c.WINNERS + q]
        return float(s[c.WINNERS + seat] / winners) if winners > 0 else 0.0
    leaf_features(s, seat, held, gid, info, x)
    w = leaf[stage(s)]
    z = 0.0
    for k in range(x.shape[0]):
        z += w[k] * x[k]
    return float(1.0 / (1.0 + np.exp(-z)))


def chance_of_first(s: c.Ints, seat: int) -> float:
    """:func:`leaf_value` of ``seat`` in ``s`` by :data:`LEAF`, its scratch included."""
    return float(leaf_value(s, seat, LEAF, np.zeros((4, bc.PARTS), np.float64), np.empty(c.N, np.int64),
                            np.empty((c.N, 8), np.int64), np.zeros(LEAF_WEIGHTS, np.float64)))


@c._jit
def candidates(s: c.Ints, rows: c.Ints, n: int, seed: int, k: int, prm: Floats, tab: Floats, idx: c.Ints) -> int:
    """Write into ``idx`` medium's choice, then its best ranked other decisions (no bets) up to ``k`` in all,
    then ending the turn (in play, if not among them); return how many."""
    scratch = np.zeros(n, np.float64)
    np.random.seed(seed)
    first = bc.pick(s, rows, n, bc.MEDIUM, prm, tab, scratch)
    bc.gains(s, rows, n, prm, tab, 4, False, scratch)
    order = np.argsort(-scratch[:n], kind="mergesort")  # best gain first, then legal order
    idx[0] = first
    m = 1
    for t in range(n):
        if m >= k:
            break
        i = order[t]
        if i != first and rows[i, 0] != c.GAMBLE:
            idx[m] = i
            m += 1
    if s[c.PHASE] == c.PLAY:
        for t in range(m):
            if idx[t] == n - 1:
                return m
        idx[m] = n - 1
        m += 1
    return m


@c._jit
def playouts(
    s: c.Ints, cands: c.Ints, reps: int, seed: int, first: int, levels: c.Ints, prm: Floats, tab: Floats,
    rounds: int, leaf: Floats,
) -> Floats:
    """Playouts ``first`` .. ``first + reps - 1`` after each candidate decision (row of ``cands``), each to
    the end of the game or ``rounds`` rounds (see :func:`.bots_compiled.playout`); the deciding seat's leaf
    values (:func:`leaf_value`), shape (k, reps)."""
    seat = c.current_player(s)
    k = cands.shape[0]
    result = np.zeros((k, reps), np.float64)
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    work = np.empty_like(s)
    held = np.zeros((4, bc.PARTS), np.float64)
    x = np.zeros(LEAF_WEIGHTS, np.float64)
    gid = np.empty(c.N, np.int64)
    info = np.empty((c.N, 8), np.int64)
    for j in range(reps):
        for i in range(k):
            np.random.seed(seed + first + j)
            work[:] = s
            c.play(work, cands[i, 0], cands[i, 1], cands[i, 2], cands[i, 3])
            bc.playout(work, levels, prm, tab, rows, rounds, seat)
            result[i, j] = leaf_value(work, seat, leaf, held, gid, info, x)
    return result



@c._jit
def best_mean(result: Floats, done: int) -> int:
    """The row of ``result`` with the highest mean over its first ``done`` columns (the first such row)."""
    best = 0
    top = -np.inf
    for t in range(result.shape[0]):
        total = 0.0
        for j in range(done):
            total += result[t, j]
        if total / done > top:
            top = total / done
            best = t
    return best


def play_out(s: c.Ints, cands: c.Ints, reps: int, seed: int, *, deadline: float = math.inf, least: int = 1,
             rounds: int = 1) -> tuple[Floats, int]:
    """The anytime search both the hard level and the coach run: playouts ``0 .. reps - 1`` after each
    candidate decision (rows of ``cands``), every seat playing medium, one shared playout at a time (playout
    j starts from seed ``seed + j`` for every candidate) until all are done or the wall clock
    (``time.monotonic``) has passed ``deadline`` after at least ``least`` of them; the deciding seat's leaf
    values, shape (k, reps), and how many columns were played."""
    result = np.zeros((cands.shape[0], reps), np.float64)
    done = 0
    while done < reps:
        result[:, done] = playouts(s, cands, 1, seed, done, MEDIUM_SEATS, bc.PARAMS, bc.REORG_TABLE, rounds,
                                   LEAF)[:, 0]
        done += 1
        if done >= least and time.monotonic() >= deadline:
            break
    return result, done
