"""Compiled self-play for measuring and fitting the hard level's search (:mod:`.search`): :func:`match`, the
games the bench plays between levels (with :func:`hard_pick`, hard deciding in one go), and :func:`fit_leaf`,
which fits the search's leaf value.

Kept apart from :mod:`.search` because a learner's kernel never runs them: the warm-up compiles what the boards
use (and checks that every compiled function of those modules is ready), and these compile on first use.
"""

from __future__ import annotations

import numpy as np

from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas.search import STAGES, Floats, best_mean, candidates, playouts


@c._jit
def hard_pick(s: c.Ints, rows: c.Ints, n: int, seed: int, k: int, reps: int, rounds: int, prm: Floats, tab: Floats,
              leaf: Floats, levels: c.Ints) -> int:  # fmt: skip
    """The hard level's decision with all ``reps`` playouts done, each seat played out at its level in ``levels``
    (what the anytime search of :func:`.bots.choose_action` reaches when its time is enough, told those levels:
    :func:`.search.playout_levels`); the index into ``rows[:n]``."""
    if n == 1:
        return 0
    idx = np.empty(k + 1, np.int64)
    m = candidates(s, rows, n, seed, k, prm, tab, idx)
    if m == 1:
        return int(idx[0])
    cands = np.empty((m, 4), np.int64)
    for t in range(m):
        cands[t] = rows[idx[t]]
    result = playouts(s, cands, reps, seed, 0, levels, prm, tab, rounds, leaf)
    return int(idx[best_mean(result, reps)])


HARD = 3
"""The level code of hard in :func:`match` (beside :data:`.bots_compiled.RANDOM`, ``EASY``, ``MEDIUM``)."""


@c._jit
def match(games: int, start: c.Ints, tested: int, others: int, seed: int, k: int, reps: int, rounds: int,
          prm: Floats, tab: Floats, leaf: Floats, told: bool = False) -> tuple[Floats, c.Ints]:  # fmt: skip
    """``games`` games from ``start`` (before the deal) of one ``tested`` level against ``others`` in the
    other seats, the tested seat rotating (game g: seat g % players); the tested seat's share of 1st place
    in each game, and its decisions with a real choice. Game g is played from seed ``seed + g``; hard
    decides as :func:`hard_pick` with seed ``(seed + g) * 1000 + step``, its rivals played out as medium, or
    at their level when ``told`` (easy or random: as a table tells it)."""
    players = start[c.PLAYERS]
    levels = np.full(4, bc.MEDIUM, np.int64)
    share = np.zeros(games, np.float64)
    decisions = np.zeros(games, np.int64)
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    scratch = np.zeros(c.MAX_ACTIONS, np.float64)
    values = np.zeros(16, np.int64)
    s = np.empty_like(start)
    for g in range(games):
        seat = g % players
        for q in range(players):
            levels[q] = others if told and q != seat and others != HARD else bc.MEDIUM
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
                    i = hard_pick(s, rows, n, (seed + g) * 1000 + step, k, reps, rounds, prm, tab, leaf, levels)
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
def _record(games: int, start: c.Ints, seed: int, prm: Floats, tab: Floats) -> tuple[Floats, c.Ints, c.Ints, Floats]:
    """Medium self-play: every seat's standing at each end of a turn, the draws left then, the game's number,
    and each game's shares of 1st place."""
    cap = games * 40
    values_at = np.zeros((cap, 4), np.float64)
    left = np.zeros(cap, np.int64)
    game = np.zeros(cap, np.int64)
    won = np.zeros((games, 4), np.float64)
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    scratch = np.zeros(c.MAX_ACTIONS, np.float64)
    values = np.zeros(16, np.int64)
    out = np.zeros(4, np.float64)
    gid = np.empty(c.N, np.int64)
    info = np.empty((c.N, 8), np.int64)
    s = np.empty_like(start)
    players = start[c.PLAYERS]
    r = 0
    np.random.seed(seed)
    for g in range(games):
        s[:] = start
        while s[c.PHASE] != c.OVER:
            if c.is_chance(s):
                c.chance_step(s, values)
                continue
            n = c.legal(s, rows)
            i = bc.pick(s, rows, n, bc.MEDIUM, prm, tab, scratch)
            c.play(s, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
            if rows[i, 0] == c.END_TURN and s[c.END_AFTER] >= 0 and r < cap:
                bc.standing(s, prm, out, gid, info)
                values_at[r] = out
                left[r] = bc.draws_left(s)
                game[r] = g
                r += 1
        winners = 0
        for q in range(players):
            winners += s[c.WINNERS + q]
        for q in range(players):
            won[g, q] = s[c.WINNERS + q] / winners
    return values_at[:r], left[:r], game[:r], won


def fit_leaf(games: int = 3_000, seed: int = 99, players: int = 4) -> Floats:
    """:data:`LEAF` fitted afresh: logistic regression (Newton's method) of each seat's share of 1st place
    on its lead over the best and the average rival at the ends of turns of ``games`` medium games."""
    from vegas_tutor.lords_of_vegas.rules import Data

    start = c.encode(Data(players=players, money=[0] * players, score=[0] * players))
    values_at, left, game, won = _record(games, start, seed, bc.PARAMS, bc.REORG_TABLE)
    best, mean, stages, y = [], [], [], []
    bounds = [0, *STAGES.tolist(), 10**6]
    for q in range(players):
        others = np.delete(values_at[:, :players], q, axis=1)
        best.append(values_at[:, q] - others.max(axis=1))
        mean.append(values_at[:, q] - others.mean(axis=1))
        stages.append(np.searchsorted(bounds, left, side="right") - 1)
        y.append(won[game, q])
    x_best, x_mean, at, target = (np.concatenate(v) for v in (best, mean, stages, y))
    out = np.zeros((len(bounds) - 1, 3), np.float64)
    for k in range(len(bounds) - 1):
        sel = at == k
        features = np.column_stack([np.ones(sel.sum()), x_best[sel], x_mean[sel]])
        w = np.zeros(3)
        for _ in range(30):
            p = 1.0 / (1.0 + np.exp(-(features @ w)))
            hessian = features.T @ (features * (p * (1 - p) + 1e-9)[:, None]) + 1e-6 * np.eye(3)
            w += np.linalg.solve(hessian, features.T @ (target[sel] - p))
        out[k] = w
    return out
