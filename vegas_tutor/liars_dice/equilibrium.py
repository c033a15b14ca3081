"""Exact two-player Liar's Dice endgames: the game tree from the engine, solved in sequence form.

A two-player round is walked through :class:`~vegas_tutor.liars_dice.engine.State` itself: chance from
``chance_outcomes()``, moves from ``legal_actions()``, transitions by the engine's fast path
(``apply_unchecked``). Each player's information set is what that player saw, in order: their own
rolls, the fact of the other's rolls, and every public move (perfect recall by construction).

**Value** is the probability that a seat **wins the whole game** from the start of the round (all cups
still to roll, the given opener). In 1v1 every challenge ends the game, so the round is the game; in
bigger endgames a challenge that leaves both players with dice leads to the next round, worth the
value given for it in ``continuation`` (the solved value of that smaller endgame).

**Bids that cannot be true.** The tree keeps the bids whose quantity is at most the dice in play
(:func:`possible_bids`). With one die each this loses nothing: a challenged bid above the dice in play
costs the bidder their last die, so challenging it gives the responder the most the game can give,
and making it gives the bidder the least. :func:`build_tree` says when that argument holds
(:attr:`SequenceForm.exact`).

Solvers: CFR+ (:func:`cfr_plus`, numpy only), a sequence-form linear programme (:func:`solve_lp`,
needs scipy, the ``bench`` extra) and the exact best response to any realization plan
(:func:`best_response_value`) or to any fixed policy (:func:`best_response_to_policy`).

>>> game = build_tree((1, 1), opener=0, bids=possible_bids(2)[:3])
>>> solution = cfr_plus(game, iterations=300)
>>> solution.gap < 1e-3
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, Roll
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.track import ALL_BIDS, Bid

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Key = tuple[Any, ...]
Policy = Callable[[State], Mapping[Action, float]]
"""A fixed player's move: each action it may take in ``state`` with its probability."""


def possible_bids(total: int) -> tuple[Bid, ...]:
    """The bids that can be true with ``total`` dice in play (quantity at most ``total``), track order.

    >>> [str(b) for b in possible_bids(2)][5:8]
    ['one star', 'two 2s', 'two 3s']
    """
    return tuple(b for b in ALL_BIDS if b.quantity <= total)


@dataclass
class Treeplex:
    """One player's sequences: sequence 0 is the empty one; each information set owns a block of them."""

    keys: list[Key] = field(default_factory=list)
    actions: list[tuple[Action, ...]] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)
    """The sequence leading to each information set."""
    first: list[int] = field(default_factory=list)
    index: dict[Key, int] = field(default_factory=dict)
    n_seq: int = 1

    def infoset(self, key: Key, actions: tuple[Action, ...], parent: int) -> int:
        found = self.index.get(key)
        if found is not None:
            if self.actions[found] != actions or self.parent[found] != parent:
                raise AssertionError(f"imperfect recall at {key!r}")  # pragma: no cover - keys are histories
            return found
        i = len(self.keys)
        self.index[key] = i
        self.keys.append(key)
        self.actions.append(actions)
        self.parent.append(parent)
        self.first.append(self.n_seq)
        self.n_seq += len(actions)
        return i

    @property
    def n_infosets(self) -> int:
        return len(self.keys)


@dataclass
class SequenceForm:
    """A two-player zero-sum game in sequence form; payoffs are seat 0's probability of winning the game."""

    counts: tuple[int, int]
    opener: int
    players: tuple[Treeplex, Treeplex]
    leaf0: Ints
    leaf1: Ints
    win: Floats
    """Per leaf: chance (and fixed-policy) probability times seat 0's value there."""
    reach: Floats
    """Per leaf: chance (and fixed-policy) probability."""
    exact: bool
    """True when leaving out the bids that cannot be true provably changes no value (one die each)."""
    nodes: int
    _levels: list[list[tuple[Ints, Ints, Ints, Ints]]] = field(default_factory=list, repr=False)

    def levels(self, p: int) -> list[tuple[Ints, Ints, Ints, Ints]]:
        """Player ``p``'s information sets grouped bottom-up: (infosets, their sequences, segment starts,
        each sequence's position in the group)."""
        if not self._levels:
            self._levels = [_levels(t) for t in self.players]
        return self._levels[p]

    def utility(self, p: int, opponent_plan: Floats) -> Floats:
        """Per sequence of ``p``: its value to ``p`` summed over leaves ending there (opponent's plan folded in)."""
        if p == 0:
            mine, theirs, gain = self.leaf0, self.leaf1, self.win
        else:
            mine, theirs, gain = self.leaf1, self.leaf0, self.reach - self.win
        out: Floats = np.bincount(mine, weights=gain * opponent_plan[theirs],
                                  minlength=self.players[p].n_seq).astype(np.float64)
        return out


def _levels(t: Treeplex) -> list[tuple[Ints, Ints, Ints, Ints]]:
    n = t.n_infosets
    owner = np.full(t.n_seq, -1, dtype=np.int64)
    for i in range(n):
        owner[t.first[i]:t.first[i] + len(t.actions[i])] = i
    height = np.zeros(n, dtype=np.int64)
    for i in range(n - 1, -1, -1):  # children are created after their parents
        par = t.parent[i]
        if par > 0:
            up = owner[par]
            height[up] = max(height[up], height[i] + 1)
    out = []
    for h in range(int(height.max()) + 1 if n else 0):
        infs = np.flatnonzero(height == h)
        sizes = np.array([len(t.actions[i]) for i in infs], dtype=np.int64)
        seqs = np.concatenate([np.arange(t.first[i], t.first[i] + len(t.actions[i])) for i in infs])
        starts = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
        pos = np.repeat(np.arange(len(infs)), sizes)
        out.append((infs.astype(np.int64), seqs.astype(np.int64), starts, pos))
    return out


def build_tree(
    counts: Sequence[int],
    *,
    opener: int,
    bids: Sequence[Bid] | None = None,
    continuation: Mapping[tuple[tuple[int, int], int], float] | None = None,
    fixed: tuple[int, Policy] | None = None,
) -> SequenceForm:
    """The sequence form of one two-player round from the engine's ``State.start(counts, opener=opener)``.

    ``bids``: the bids the tree keeps (default :func:`possible_bids`); challenges are always kept.
    ``continuation[(counts, opener)]``: seat 0's value of a next round (needed unless one die each).
    ``fixed = (seat, policy)``: that seat plays ``policy`` (its probabilities join the leaf weights and
    its treeplex stays empty), for a best response to it; the policy may bid anything legal.
    """
    counts = tuple(counts)
    if len(counts) != 2 or not all(c in (1, 2, 3, 4, 5) for c in counts):
        raise ConfigError(_("an endgame is two players with 1..5 dice each, got {counts}", counts=list(counts)))
    if opener not in (0, 1):
        raise ConfigError(_("the opener is seat 0 or 1, got {opener!r}", opener=opener))
    total = sum(counts)
    keep = frozenset(bids if bids is not None else possible_bids(total))
    values = dict(continuation or {})
    players = (Treeplex(), Treeplex())
    leaf0: list[int] = []
    leaf1: list[int] = []
    win: list[float] = []
    reach: list[float] = []
    nodes = 0

    def end(state: State, seq: list[int], prob: float) -> None:
        if state.is_over:
            value = 1.0 if state.winners == [0] else 0.0
        else:
            key = ((state.dice_counts[0], state.dice_counts[1]), state.opener)
            if key not in values:
                raise ConfigError(_("no value given for the next round {key}", key=str(key)))
            value = values[key]
        leaf0.append(seq[0])
        leaf1.append(seq[1])
        win.append(prob * value)
        reach.append(prob)

    def walk(state: State, seq: list[int], prob: float, seen: tuple[Key, Key]) -> None:
        nonlocal nodes
        nodes += 1
        if state.is_chance:
            for roll, p in state.chance_outcomes():
                assert isinstance(roll, Roll)
                child = state.copy()
                child.apply_unchecked(roll)
                walk(child, seq, prob * float(p), observe(seen, state, roll))
            return
        player = state.current_player
        assert player is not None
        legal = tuple(a for a in state.legal_actions() if not isinstance(a, Bid) or a in keep)
        if fixed is not None and fixed[0] == player:
            allowed = state.legal_actions()
            for action, share in fixed[1](state).items():
                if action not in allowed:
                    raise ConfigError(_("the fixed policy plays {action}, not legal here", action=str(action)))
                if share > 0:
                    _follow(state, action, seq, prob * share, seen)
            return
        table = players[player]
        i = table.infoset((player, seen[player]), legal, seq[player])
        for k, action in enumerate(legal):
            child_seq = list(seq)
            child_seq[player] = table.first[i] + k
            _follow(state, action, child_seq, prob, seen)

    def _follow(state: State, action: Action, seq: list[int], prob: float, seen: tuple[Key, Key]) -> None:
        child = state.copy()
        child.apply_unchecked(action)
        if isinstance(action, Challenge):
            end(child, seq, prob)
            return
        walk(child, seq, prob, observe(seen, state, action))

    root = State.start(list(counts), opener=opener)
    walk(root, [0, 0], 1.0, ((), ()))
    return SequenceForm(
        counts=(counts[0], counts[1]), opener=opener, players=players,
        leaf0=np.array(leaf0, dtype=np.int64), leaf1=np.array(leaf1, dtype=np.int64),
        win=np.array(win), reach=np.array(reach),
        exact=bids is None and counts == (1, 1), nodes=nodes,
    )


def _sweep(game: SequenceForm, p: int, u: Floats, strategy: Floats | None) -> tuple[float, Floats, Floats]:
    """Bottom-up over ``p``'s treeplex: root value, each sequence's counterfactual value and each
    infoset's value; an infoset's value follows ``strategy`` (behavioural, per sequence) or, if None,
    its best action."""
    t = game.players[p]
    below = np.zeros(t.n_seq)
    cfv = np.zeros(t.n_seq)
    inf_value = np.zeros(t.n_infosets)
    parent = np.asarray(t.parent, dtype=np.int64)
    for infs, seqs, starts, _pos in game.levels(p):
        v = u[seqs] + below[seqs]
        cfv[seqs] = v
        vals = np.maximum.reduceat(v, starts) if strategy is None else np.add.reduceat(strategy[seqs] * v, starts)
        inf_value[infs] = vals
        np.add.at(below, parent[infs], vals)
    return float(u[0] + below[0]), cfv, inf_value


def best_response_value(game: SequenceForm, p: int, opponent_plan: Floats) -> float:
    """The most ``p`` can win (seat 0: its win probability; seat 1: its own) against the other's plan."""
    value, _cfv, _inf = _sweep(game, p, game.utility(p, opponent_plan), None)
    return value


def best_response_actions(game: SequenceForm, p: int, opponent_plan: Floats) -> dict[Key, Action]:
    """A best response of ``p`` to the other's plan: the best action at each of ``p``'s information sets
    (keyed as in the tree: ``(seat, what the seat saw)``), the first in legal order on ties."""
    _value, cfv, _inf = _sweep(game, p, game.utility(p, opponent_plan), None)
    t = game.players[p]
    out: dict[Key, Action] = {}
    for i, key in enumerate(t.keys):
        block = cfv[t.first[i]:t.first[i] + len(t.actions[i])]
        out[key] = t.actions[i][int(np.argmax(block))]
    return out


def observe(seen: tuple[Key, Key], state: State, action: Action) -> tuple[Key, Key]:
    """Both seats' information keys after ``action`` is played in ``state`` (before it is applied), as
    :func:`build_tree` extends them: a roll's faces for the roller only, every other move for both."""
    if isinstance(action, Roll):
        roller = state.current_player
        mine, other = (*seen[roller or 0], ("roll", action.faces)), (*seen[1 - (roller or 0)], ("roll",))
        return (mine, other) if roller == 0 else (other, mine)
    text = str(action)
    return (*seen[0], text), (*seen[1], text)


def _plan(game: SequenceForm, p: int, strategy: Floats) -> Floats:
    """The realization plan of a behavioural strategy (per sequence probabilities)."""
    t = game.players[p]
    x = np.zeros(t.n_seq)
    x[0] = 1.0
    parent = np.asarray(t.parent, dtype=np.int64)
    for infs, seqs, _starts, pos in reversed(game.levels(p)):
        x[seqs] = x[parent[infs]][pos] * strategy[seqs]
    return x


def behaviour(game: SequenceForm, p: int, plan: Floats) -> Floats:
    """Per sequence: the probability of its action at its infoset (uniform where the plan never gets)."""
    t = game.players[p]
    out = np.zeros(t.n_seq)
    parent = np.asarray(t.parent, dtype=np.int64)
    for infs, seqs, starts, pos in game.levels(p):
        mass = plan[parent[infs]]
        sizes = np.diff(np.append(starts, len(seqs)))
        share = np.where(mass[pos] > 1e-300, plan[seqs] / np.where(mass[pos] > 1e-300, mass[pos], 1.0),
                         1.0 / sizes[pos])
        out[seqs] = share
    return out


@dataclass(frozen=True)
class Solution:
    """A solved endgame: both players' plans, and the value interval their best responses prove."""

    game: SequenceForm
    plans: tuple[Floats, Floats]
    lower: float
    """Seat 0 wins at least this against any play of seat 1 (seat 0's plan)."""
    upper: float
    """Seat 1 keeps seat 0 to at most this whatever seat 0 does (seat 1's plan)."""
    iterations: int

    @property
    def value(self) -> float:
        """Seat 0's equilibrium value (the middle of the proven interval)."""
        return (self.lower + self.upper) / 2

    @property
    def gap(self) -> float:
        """The sum of both plans' exploitabilities: the game value is proven within this."""
        return self.upper - self.lower

    def strategy(self, p: int) -> Floats:
        return behaviour(self.game, p, self.plans[p])


def bounds(game: SequenceForm, plan0: Floats, plan1: Floats) -> tuple[float, float]:
    """(seat 0's guaranteed value with ``plan0``, the most seat 0 gets against ``plan1``)."""
    lower = 1.0 - best_response_value(game, 1, plan0)
    upper = best_response_value(game, 0, plan1)
    return lower, upper


def cfr_plus(game: SequenceForm, *, iterations: int = 1000, target: float = 0.0, check_every: int = 50) -> Solution:
    """CFR+ (regret matching+, alternating updates, linearly weighted average) until the proven gap is at
    most ``target`` (checked every ``check_every`` iterations) or ``iterations`` are done."""
    n = (game.players[0].n_seq, game.players[1].n_seq)
    regret = [np.zeros(n[0]), np.zeros(n[1])]
    avg = [np.zeros(n[0]), np.zeros(n[1])]
    strategy = [_matching(game, 0, regret[0]), _matching(game, 1, regret[1])]
    plans = [_plan(game, 0, strategy[0]), _plan(game, 1, strategy[1])]
    lower, upper, done = 0.0, 1.0, 0
    for it in range(1, iterations + 1):
        for p in (0, 1):
            u = game.utility(p, plans[1 - p])
            _v, cfv, inf_value = _sweep(game, p, u, strategy[p])
            owner_value = _owner_values(game, p, inf_value)
            regret[p] = np.maximum(regret[p] + cfv - owner_value, 0.0)
            regret[p][0] = 0.0
            strategy[p] = _matching(game, p, regret[p])
            plans[p] = _plan(game, p, strategy[p])
            avg[p] += it * plans[p]
        done = it
        if it % check_every == 0 or it == iterations:
            lower, upper = bounds(game, avg[0] / avg[0][0], avg[1] / avg[1][0])
            if upper - lower <= target:
                break
    final = (avg[0] / avg[0][0], avg[1] / avg[1][0])
    return Solution(game, final, lower, upper, done)


def _owner_values(game: SequenceForm, p: int, inf_value: Floats) -> Floats:
    t = game.players[p]
    out = np.zeros(t.n_seq)
    for infs, seqs, _starts, pos in game.levels(p):
        out[seqs] = inf_value[infs][pos]
    return out


def _matching(game: SequenceForm, p: int, regret: Floats) -> Floats:
    out = np.zeros(game.players[p].n_seq)
    for _infs, seqs, starts, _pos in game.levels(p):
        r = regret[seqs]
        total = np.add.reduceat(r, starts)
        sizes = np.diff(np.append(starts, len(seqs)))
        pos = np.repeat(np.arange(len(starts)), sizes)
        out[seqs] = np.where(total[pos] > 0, r / np.where(total[pos] > 0, total[pos], 1.0), 1.0 / sizes[pos])
    return out


def solve_lp(game: SequenceForm) -> Solution:
    """The exact equilibrium by the sequence-form linear programme (scipy's HiGHS), both seats' plans."""
    try:
        from scipy.optimize import linprog  # type: ignore[import-untyped,unused-ignore]
        from scipy.sparse import coo_matrix, csr_matrix, hstack, vstack  # type: ignore[import-untyped,unused-ignore]
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ConfigError(_("the linear programme needs scipy (pip install 'vegas-tutor[bench]')")) from error

    def constraints(t: Treeplex) -> Any:
        rows, cols, vals = [0], [0], [1.0]
        for i in range(t.n_infosets):
            rows.append(i + 1)
            cols.append(t.parent[i])
            vals.append(-1.0)
            for s in range(t.first[i], t.first[i] + len(t.actions[i])):
                rows.append(i + 1)
                cols.append(s)
                vals.append(1.0)
        return csr_matrix(coo_matrix((vals, (rows, cols)), shape=(t.n_infosets + 1, t.n_seq)))

    def plan_for(p: int) -> tuple[Floats, float]:
        me, them = game.players[p], game.players[1 - p]
        if p == 0:
            a = coo_matrix((game.win, (game.leaf0, game.leaf1)), shape=(me.n_seq, them.n_seq))
        else:
            a = coo_matrix((game.reach - game.win, (game.leaf1, game.leaf0)), shape=(me.n_seq, them.n_seq))
        e, f = constraints(me), constraints(them)
        nx, nq = me.n_seq, them.n_infosets + 1
        # max f.q  s.t.  F^T q - A^T x <= 0,  E x = e,  x >= 0, q free
        upper = hstack([-a.T.tocsr(), f.T.tocsr()]).tocsr()
        equal = hstack([e, csr_matrix((e.shape[0], nq))]).tocsr()
        cost = np.zeros(nx + nq)
        cost[nx] = -1.0
        rhs_eq = np.zeros(e.shape[0])
        rhs_eq[0] = 1.0
        res = linprog(cost, A_ub=upper, b_ub=np.zeros(them.n_seq), A_eq=vstack([equal]).tocsr(), b_eq=rhs_eq,
                      bounds=[(0, None)] * nx + [(None, None)] * nq, method="highs")
        if res.status != 0:
            raise ConfigError(_("the linear programme failed: {msg}", msg=str(res.message)))
        return np.maximum(np.asarray(res.x[:nx], dtype=np.float64), 0.0), float(-res.fun)

    x, _v0 = plan_for(0)
    y, _v1 = plan_for(1)
    lower, upper = bounds(game, x, y)
    return Solution(game, (x, y), lower, upper, 0)


def best_response_to_policy(
    counts: Sequence[int],
    *,
    opener: int,
    seat: int,
    policy: Policy,
    bids: Sequence[Bid] | None = None,
    continuation: Mapping[tuple[tuple[int, int], int], float] | None = None,
) -> tuple[float, SequenceForm]:
    """The fixed ``policy`` at ``seat`` against its exact best response: (``seat``'s win probability, tree).

    The responder picks among the kept bids (default :func:`possible_bids`) and the challenge; the
    policy's own moves are whatever it plays. ``continuation`` is seat 0's value of later rounds.
    """
    game = build_tree(counts, opener=opener, bids=bids, continuation=continuation, fixed=(seat, policy))
    other = 1 - seat
    empty = np.ones(1)
    best = best_response_value(game, other, empty)
    return min(1.0, max(0.0, 1.0 - best)), game
