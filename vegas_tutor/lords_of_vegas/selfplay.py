"""Compiled self-play for measuring and fitting the hard level's search (:mod:`.search`): :func:`match`, the
games the bench plays between levels (with :func:`hard_pick`, hard deciding in one go), and :func:`fit_leaf`,
which fits the search's leaf value on the ends of turns :func:`record` keeps.

Kept apart from :mod:`.search` because a learner's kernel never runs them: the warm-up compiles what the boards
use (and checks that every compiled function of those modules is ready), and these compile on first use.
"""

from __future__ import annotations

import numpy as np

from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas.search import (
    LEAF_WEIGHTS,
    STAGES,
    Floats,
    best_mean,
    candidates,
    leaf_features,
    playouts,
)


@c._jit
def hard_pick(s: c.Ints, rows: c.Ints, n: int, seed: int, k: int, reps: int, rounds: int, prm: Floats, tab: Floats,
              leaf: Floats) -> int:  # fmt: skip
    """The hard level's decision with all ``reps`` playouts done (what the anytime search of
    :func:`.bots.choose_action` reaches when its time is enough); the index into ``rows[:n]``."""
    if n == 1:
        return 0
    idx = np.empty(k + 1, np.int64)
    m = candidates(s, rows, n, seed, k, prm, tab, idx)
    if m == 1:
        return int(idx[0])
    cands = np.empty((m, 4), np.int64)
    for t in range(m):
        cands[t] = rows[idx[t]]
    levels = np.full(4, bc.MEDIUM, np.int64)
    result = playouts(s, cands, reps, seed, 0, levels, prm, tab, rounds, leaf)
    return int(idx[best_mean(result, reps)])


HARD = 3
"""The level code of hard in :func:`match` (beside :data:`.bots_compiled.RANDOM`, ``EASY``, ``MEDIUM``)."""


@c._jit
def match(games: int, start: c.Ints, tested: int, others: int, seed: int, k: int, reps: int, rounds: int,
          prm: Floats, tab: Floats, leaf: Floats) -> tuple[Floats, c.Ints]:  # fmt: skip
    """``games`` games from ``start`` (before the deal) of one ``tested`` level against ``others`` in the
    other seats, the tested seat rotating (game g: seat g % players); the tested seat's share of 1st place
    in each game, and its decisions with a real choice. Game g is played from seed ``seed + g``; hard
    decides as :func:`hard_pick` with seed ``(seed + g) * 1000 + step``."""
    players = start[c.PLAYERS]
    share = np.zeros(games, np.float64)
    decisions = np.zeros(games, np.int64)
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    scratch = np.zeros(c.MAX_ACTIONS, np.float64)
    values = np.zeros(16, np.int64)
    s = np.empty_like(start)
    for g in range(games):
        seat = g % players
        s[:] = start
        np.random.seed(seed + g)
        step = 0
        while s[c.PHASE] != c.OVER:
            if c.is_chance(s):
                c.chance_step(s, values)
            else:
                n = c.legal(s, rows)
                p = c.current_player(s)
                level = tested if p == seat else others
                if level == HARD:
                    i = hard_pick(s, rows, n, (seed + g) * 1000 + step, k, reps, rounds, prm, tab, leaf)
                    np.random.seed((seed + g) * 7919 + step)  # the game's chance goes on unaffected by the search
                else:
                    i = bc.pick(s, rows, n, level, prm, tab, scratch)
                if p == seat and n > 1:
                    decisions[g] += 1
                c.play(s, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
            step += 1
        winners = 0
        for q in range(players):
            winners += s[c.WINNERS + q]
        share[g] = s[c.WINNERS + seat] / winners
    return share, decisions


@c._jit
def record(games: int, start: c.Ints, seed: int, prm: Floats, tab: Floats) -> tuple[Floats, Floats, c.Ints, Floats]:
    """Medium self-play: at each end of a turn, every seat's leaf features (:func:`.search.leaf_features`,
    shape (ends, players, features)) and holding (:func:`.bots_compiled.parts`, (ends, players, parts)), the
    draws left then, and the seats' shares of 1st place in that game."""
    players = start[c.PLAYERS]
    cap = games * 40
    features = np.zeros((cap, players, LEAF_WEIGHTS), np.float64)
    holdings = np.zeros((cap, players, bc.PARTS), np.float64)
    left = np.zeros(cap, np.int64)
    won = np.zeros((cap, players), np.float64)
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    scratch = np.zeros(c.MAX_ACTIONS, np.float64)
    values = np.zeros(16, np.int64)
    held = np.zeros((4, bc.PARTS), np.float64)
    gid = np.empty(c.N, np.int64)
    info = np.empty((c.N, 8), np.int64)
    s = np.empty_like(start)
    r = 0
    np.random.seed(seed)
    for _g in range(games):
        s[:] = start
        first = r
        while s[c.PHASE] != c.OVER:
            if c.is_chance(s):
                c.chance_step(s, values)
                continue
            n = c.legal(s, rows)
            i = bc.pick(s, rows, n, bc.MEDIUM, prm, tab, scratch)
            c.play(s, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
            if rows[i, 0] == c.END_TURN and s[c.END_AFTER] >= 0 and r < cap:
                for q in range(players):
                    leaf_features(s, q, held, gid, info, features[r, q])
                holdings[r] = held[:players]
                left[r] = bc.draws_left(s)
                r += 1
        winners = 0
        for q in range(players):
            winners += s[c.WINNERS + q]
        for t in range(first, r):
            for q in range(players):
                won[t, q] = s[c.WINNERS + q] / winners
    return features[:r], holdings[:r], left[:r], won[:r]


def fit_leaf(games: int = 3_000, seed: int = 99, players: int = 4) -> Floats:
    """:data:`.search.LEAF` fitted afresh: logistic regression (Newton's method) of each seat's share of 1st
    place on its leaf features at the ends of turns of ``games`` medium games, stage by stage."""
    from vegas_tutor.lords_of_vegas.rules import Data

    start = c.encode(Data(players=players, money=[0] * players, score=[0] * players))
    features, _held, left, won = record(games, start, seed, bc.PARAMS, bc.REORG_TABLE)
    return fit_stages(features, left, won)


def fit_stages(features: Floats, left: c.Ints, won: Floats) -> Floats:
    """Per stage of :data:`.search.STAGES`, the logistic regression (Newton's method) of each seat's share of
    1st place (``won``, (ends, players)) on its ``features`` ((ends, players, weights)); (stages, weights)."""
    players, weights = features.shape[1], features.shape[2]
    x = features.reshape(-1, weights)
    target = won.reshape(-1)
    at = np.repeat(np.searchsorted(STAGES, left, side="right"), players)
    out = np.zeros((len(STAGES) + 1, weights), np.float64)
    for k in range(len(out)):
        sel = at == k
        w = np.zeros(weights)
        for _ in range(40):
            p = 1.0 / (1.0 + np.exp(-(x[sel] @ w)))
            hessian = x[sel].T @ (x[sel] * (p * (1 - p) + 1e-9)[:, None]) + 1e-4 * np.eye(weights)
            w += np.linalg.solve(hessian, x[sel].T @ (target[sel] - p))
        out[k] = w
    return out
