"""The hard level's search, compiled with numba on the array of :mod:`.compiled`.

Medium's first choice and its best ranked other decisions (and ending the turn) are each played out with
every seat playing medium (the policy the search expects of everyone, itself included after this
decision; a rival the table says plays easy or random plays so: :func:`playout_levels`), until the turn
has come back to the deciding player ``rounds`` times or the game ends. Playout j of every candidate
starts from random seed ``seed + j`` (common random numbers), so the playouts can be run in slices, as an
anytime search does, with the same figures as in one go. A playout that ends the
game scores the seat's share of the win; one cut short scores the **leaf value**: the chance of finishing
1st that a logistic curve fitted on medium self-play gives the seat's standing (:func:`.bots_compiled.standing`)
against the best and the average rival, per stage of the game (:data:`LEAF`, made by :func:`.selfplay.fit_leaf`).

Nothing looks ahead at the deck: every simulated draw is uniform over the unseen cards.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c

Floats = NDArray[np.float64]

STAGES = np.array([3, 7, 12, 18, 25], dtype=np.int64)
"""Bounds of the stages of the leaf value, in lot cards left to draw: 0-2, 3-6, 7-11, 12-17, 18-24, 25+."""
LEAF = np.array(
    [
        [-0.6412, 0.1955, 0.0412],
        [-0.9027, 0.0606, 0.0404],
        [-1.0213, 0.0243, 0.0333],
        [-1.0791, 0.0111, 0.0287],
        [-1.1184, 0.0035, 0.0291],
        [-1.1192, -0.0001, 0.0258],
    ],
    dtype=np.float64,
)
"""Per stage: intercept and weights of the lead over the best rival and over the average rival (points of
standing) in the logistic chance of 1st place; fitted by :func:`.selfplay.fit_leaf` on 3,000 medium games (seed 99)."""


MEDIUM_SEATS = np.full(4, bc.MEDIUM, dtype=np.int64)
"""Every seat plays medium in the playouts (unless the table says otherwise: :func:`playout_levels`)."""
KNOWN_PLAY = {"random": bc.RANDOM, "easy": bc.EASY, "medium": bc.MEDIUM}
"""The playout level of a seat the table says plays that way; any other seat (hard, a person) plays medium."""


def playout_levels(players: int, seat: int, seats: Sequence[str | None] | None = None) -> c.Ints:
    """The level each seat plays in the playouts of ``seat``'s search: the searcher and the unknown medium, a rival
    the table says plays easy or random (``seats``: one level, ``"random"`` or None per seat) by that level.

    >>> playout_levels(4, 0, ["hard", "easy", None, "random"]).tolist() == [bc.MEDIUM, bc.EASY, bc.MEDIUM, bc.RANDOM]
    True
    """
    out = MEDIUM_SEATS.copy()
    if seats is not None:
        for q in range(players):
            if q != seat:
                out[q] = KNOWN_PLAY.get(seats[q] or "", bc.MEDIUM)
    return out


@c._jit
def stage(s: c.Ints) -> int:
    """The leaf value's stage of position ``s``."""
    left = bc.draws_left(s)
    k = 0
    while k < STAGES.shape[0] and left >= STAGES[k]:
        k += 1
    return k


@c._jit
def _leads(out: Floats, seat: int, players: int) -> tuple[float, float]:
    best = -1e18
    total = 0.0
    for q in range(players):
        if q != seat:
            total += out[q]
            if out[q] > best:
                best = out[q]
    return out[seat] - best, out[seat] - total / (players - 1)


@c._jit
def leaf_value(s: c.Ints, seat: int, prm: Floats, leaf: Floats, out: Floats, gid: c.Ints, info: c.Ints) -> float:
    """``seat``'s chance of finishing 1st: its share of the win once the game is over, else the fitted curve."""
    players = s[c.PLAYERS]
    if s[c.PHASE] == c.OVER:
        winners = 0
        for q in range(players):
            winners += s[c.WINNERS + q]
        return float(s[c.WINNERS + seat] / winners) if winners > 0 else 0.0
    bc.standing(s, prm, out, gid, info)
    best, mean = _leads(out, seat, players)
    w = leaf[stage(s)]
    return float(1.0 / (1.0 + np.exp(-(w[0] + w[1] * best + w[2] * mean))))


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
    out = np.zeros(4, np.float64)
    gid = np.empty(c.N, np.int64)
    info = np.empty((c.N, 8), np.int64)
    for j in range(reps):
        for i in range(k):
            np.random.seed(seed + first + j)
            work[:] = s
            c.play(work, cands[i, 0], cands[i, 1], cands[i, 2], cands[i, 3])
            bc.playout(work, levels, prm, tab, rows, rounds, seat)
            result[i, j] = leaf_value(work, seat, prm, leaf, out, gid, info)
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
             rounds: int = 1, first: int = 0, levels: c.Ints = MEDIUM_SEATS) -> tuple[Floats, int]:
    """The anytime search both the hard level and the coach run: playouts ``first .. first + reps - 1`` after
    each candidate decision (rows of ``cands``), each seat playing its level in ``levels`` (every seat medium
    unless told: :func:`playout_levels`), one shared playout at a time
    (playout j starts from seed ``seed + j`` for every candidate) until all are done or the wall clock
    (``time.monotonic``) has passed ``deadline`` after at least ``least`` of them; the deciding seat's leaf
    values, shape (k, reps), and how many columns were played."""
    result = np.zeros((cands.shape[0], reps), np.float64)
    done = 0
    while done < reps:
        result[:, done] = playouts(s, cands, 1, seed, first + done, levels, bc.PARAMS, bc.REORG_TABLE, rounds,
                                   LEAF)[:, 0]
        done += 1
        if done >= least and time.monotonic() >= deadline:
            break
    return result, done
