"""Batched play of single rounds in numpy, for evaluating policies over many rounds at once.

Every round starts fresh: ``players`` seats with ``dice`` dice each, seat 0 opens, and the round
ends at the first challenge. The named policies are those of :mod:`vegas_tutor.liars_dice.policies`
(``"random"``: uniform over the legal actions at each decision, the bidder's show decision included;
``"odds"``). The rules are the
engine's; tests check the batch against rounds played through :class:`State`. One round at a time:
:func:`play_round` through :class:`State` (the reference), :func:`play_fast_round` through the integer
fast path :class:`~vegas_tutor.liars_dice.fast.FastState` (what playouts of search bots use).

>>> r = simulate_rounds(1000, players=2, dice=5, policy="random", seed=1)
>>> r.lost.shape, bool((r.lost.sum(axis=1) >= 1).all())
((1000, 2), True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import cast

import numpy as np
import numpy.typing as npt

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import Rng, make_rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Challenge, Show
from vegas_tutor.liars_dice.engine import Config, State
from vegas_tutor.liars_dice.fast import CHALLENGE, N_BIDS, NO_SHOW, FastState
from vegas_tutor.liars_dice.observation import ChallengeResult
from vegas_tutor.liars_dice.policies import (
    BID_FACE,
    BID_QUANTITY,
    POLICIES,
    check_policy,
    choose,
    odds_choices,
    odds_policy,
    stand_probabilities,
)
from vegas_tutor.liars_dice.track import ALL_BIDS, Bid

IntArray = npt.NDArray[np.int64]
_N_BIDS = len(ALL_BIDS)
_SIXTH = [1 / 6] * 6


@dataclass(frozen=True)
class RoundResults:
    """Plain arrays, one row per simulated round."""

    lost: IntArray
    """``(n, players)``: dice each seat lost."""
    bids: IntArray
    """Bids made in the round."""
    shows: IntArray
    """Shows (with re-rolls) in the round."""
    final_bid: IntArray
    """Rank in :data:`~vegas_tutor.liars_dice.track.ALL_BIDS` of the challenged bid."""
    bidder: IntArray
    challenger: IntArray
    count: IntArray
    """Dice in play matching the challenged bid."""


def _check(n: int, players: int, dice: int, policy: str) -> None:
    if not is_int(n) or n < 0:
        raise ConfigError(_("the number of rounds must be a whole number >= 0, got {n!r}", n=n))
    Config(players, dice)
    if policy not in POLICIES:
        raise ConfigError(_("unknown policy {policy!r}; choose one of {choices}", policy=policy,
                          choices=", ".join(POLICIES)))


def simulate_rounds(n: int, *, players: int = 2, dice: int = 5, policy: str = "random",
                    seed: int | None = None) -> RoundResults:
    """Play ``n`` independent single rounds, every seat following ``policy``; seeded and batched."""
    _check(n, players, dice, policy)
    rng = make_rng(seed)
    hidden = rng.multinomial(dice, _SIXTH, size=(n, players)).astype(np.int64)
    return play_batch(hidden, policy, rng)


def _random_sub_multisets(cups: IntArray, rng: Rng) -> IntArray:
    """For each row of face counts, a uniform sub-multiset with at least one die taken and one left."""
    sizes = cups.sum(axis=1)
    take = np.zeros_like(cups)
    undrawn = np.arange(len(cups))
    while len(undrawn):
        draw = np.floor(rng.random((len(undrawn), 6)) * (cups[undrawn] + 1)).astype(np.int64)
        k = draw.sum(axis=1)
        ok = (k > 0) & (k < sizes[undrawn])
        take[undrawn[ok]] = draw[ok]
        undrawn = undrawn[~ok]
    return take


def play_batch(hidden: IntArray, policy: str, rng: Rng) -> RoundResults:
    """Play one round from each row of ``hidden`` (``(n, players, 6)`` face counts per seat)."""
    if policy not in POLICIES:
        raise ConfigError(_("unknown policy {policy!r}; choose one of {choices}", policy=policy,
                          choices=", ".join(POLICIES)))
    hidden = np.array(hidden, dtype=np.int64)
    n, players, _faces = hidden.shape
    dice = hidden.sum(axis=2)  # dice held per seat (fixed during a round)
    shown = np.zeros_like(hidden)
    bid = np.full(n, -1, dtype=np.int64)
    turn = np.zeros(n, dtype=np.int64)
    bidder = np.full(n, -1, dtype=np.int64)
    window = np.zeros(n, dtype=bool)
    out = RoundResults(
        lost=np.zeros((n, players), dtype=np.int64), bids=np.zeros(n, dtype=np.int64),
        shows=np.zeros(n, dtype=np.int64), final_bid=np.zeros(n, dtype=np.int64),
        bidder=np.zeros(n, dtype=np.int64), challenger=np.zeros(n, dtype=np.int64),
        count=np.zeros(n, dtype=np.int64),
    )
    live = np.arange(n)
    while len(live):
        deciding = window[live]
        if deciding.any():  # the last bidder decides whether to show (the odds policy never does)
            rows = live[deciding]
            if policy == "random":
                cups = hidden[rows, bidder[rows]]
                n_show = np.prod(cups + 1, axis=1) - 2
                showing = np.floor(rng.random(len(rows)) * (n_show + 1)).astype(np.int64) > 0
                _show(rows[showing], hidden, shown, bidder, rng, out)
            window[rows] = False
        b, t = bid[live], turn[live]
        if policy == "random":
            n_raise = _N_BIDS - (b + 1)
            n_challenge = (b >= 0).astype(np.int64)
            pick = np.floor(rng.random(len(live)) * (n_raise + n_challenge)).astype(np.int64)
            raising = pick < n_raise
            new_bid = b + 1 + pick
        else:
            known = hidden[live, t] + shown[live].sum(axis=1)
            unknown = dice[live].sum(axis=1) - known.sum(axis=1)
            probs = stand_probabilities(known, unknown)
            new_bid = odds_choices(probs, b)
            raising = new_bid >= 0
        challenging = ~raising

        rows = live[raising]
        if len(rows):
            seats = turn[rows]
            bid[rows] = new_bid[raising]
            bidder[rows] = seats
            turn[rows] = (seats + 1) % players
            window[rows] = hidden[rows, seats].sum(axis=1) >= 2
            out.bids[rows] += 1

        rows = live[challenging]
        if len(rows):
            _resolve(rows, hidden, shown, dice, bid, bidder, turn, out)
        live = live[~challenging]
    return out


def _show(rows: IntArray, hidden: IntArray, shown: IntArray, bidder: IntArray, rng: Rng,
          out: RoundResults) -> None:
    """The bidders of ``rows`` show a uniformly random sub-multiset of their cup and re-roll the rest."""
    if not len(rows):
        return
    seats = bidder[rows]
    cups = hidden[rows, seats]
    take = _random_sub_multisets(cups, rng)
    shown[rows, seats] += take
    left = cups.sum(axis=1) - take.sum(axis=1)
    hidden[rows, seats] = rng.multinomial(left, _SIXTH)
    out.shows[rows] += 1


def _resolve(rows: IntArray, hidden: IntArray, shown: IntArray, dice: IntArray, bid: IntArray,
             bidder: IntArray, turn: IntArray, out: RoundResults) -> None:
    faces = (hidden[rows] + shown[rows]).sum(axis=1)
    face, quantity = BID_FACE[bid[rows]], BID_QUANTITY[bid[rows]]
    # Stars are wild (rules.count_matches), counted here on whole arrays of face counts at once: a Python
    # call per row would undo the batching. The face's count, plus the stars' (column 0) for a number bid.
    count = faces[np.arange(len(rows)), face - 1] + np.where(face != 1, faces[:, 0], 0)
    challenger, who_bid = turn[rows], bidder[rows]
    held = dice[rows]
    seat_ids = np.arange(held.shape[1])[None, :]
    lost = np.zeros_like(held)
    over = np.maximum(count - quantity, 0)
    under = np.maximum(quantity - count, 0)
    lost += (seat_ids == challenger[:, None]) * np.minimum(over[:, None], held)
    lost += (seat_ids == who_bid[:, None]) * np.minimum(under[:, None], held)
    perfect = (count == quantity)[:, None]
    die_hard_ok = (held > 1) | (seat_ids == challenger[:, None])
    lost += perfect & (seat_ids != who_bid[:, None]) & (held > 0) & die_hard_ok
    out.lost[rows] = lost
    out.final_bid[rows] = bid[rows]
    out.bidder[rows] = who_bid
    out.challenger[rows] = challenger
    out.count[rows] = count


def play_round(state: State, policy: str, rng: Rng) -> tuple[ChallengeResult, int, int]:
    """Play ``state`` through its current round with ``policy`` (reference path, one action at a time).

    Returns the challenge result, the number of bids and the number of shows.
    """
    bids = shows = 0
    while True:
        action = choose(policy, state, rng)
        state.apply_unchecked(action)
        if isinstance(action, Challenge):
            result = state.last_challenge
            assert result is not None
            return result, bids, shows
        if isinstance(action, Show):
            shows += 1
        elif isinstance(action, Bid):
            bids += 1


def play_fast_round(state: FastState, policy: str, rng: random.Random) -> tuple[ChallengeResult, int, int]:
    """:func:`play_round` on the integer fast path: pending rolls from ``state``'s own generator, the
    ``"random"`` policy's choices from ``rng``; the ``"odds"`` policy reads the same observation as there.

    Returns the challenge result, the number of bids and the number of shows.
    """
    check_policy(policy)
    bids = shows = 0
    while True:
        if state.is_chance:
            state.roll()
            continue
        if policy == "random":
            legal = state.legal_actions()
            a = legal[int(rng.random() * len(legal))]
        else:  # odds_policy reads only is_chance, current_player and observation(), which FastState offers
            a = state.action_id(odds_policy(cast(State, state)))
        state.apply_unchecked(a)
        if a == CHALLENGE:
            result = state.last_challenge
            assert result is not None
            return result, bids, shows
        if a < N_BIDS:
            bids += 1
        elif a > NO_SHOW:
            shows += 1
