"""The hard bot's search: every face of the roll, then playouts of the rest of the round.

Each legal face is placed and the round is played out (:mod:`.playouts`) with every seat (the searcher's
later turns included) playing ``leader``, the relative-score greedy rule: close the gap to whoever leads,
counting the money already won (it plays exactly as the ``lasvegas`` package's ``greedy_first``), but the
rivals whose play the table knows (``seats``): an easy or medium bot, a greedy or a random player is played out
by its own rule (:data:`KNOWN_PLAY`; against three medium, 2,400 base games: 48.6% of 1st places where modelling
them as ``leader`` took 47.4%, and 600 neutral games 59.0% against 61.7%, both within the noise; about a quarter
less CPU). Each
ending is valued by the chance of finishing first: read off the ending in the last round; before it,
from the coach's model of the rounds left (each seat's later gains independent normal, the spread of
:data:`.coach.ROUND_SPREAD` widened by :data:`.coach.LATER_ROUNDS_SPREAD`, as the coach counts: one model for
both; against three ``greedy_first`` in the base game, 400 games of seed 11, hard took 51.7% of 1st places with
it and 47.2% with the greedy spread alone). The face with the best chance is chosen, then the best margin over the
richest rival, then the lowest face. Playouts to the end of the game (:data:`DEPTH` ``None``) are
available but measured weaker at this budget (their values are too noisy early in the game).

The budget is counted in placements, so late positions (short playouts) get more playouts than early
ones and a decision takes about the same time all game.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.polynomial.hermite_e import hermegauss

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Place
from vegas_tutor.las_vegas.coach import LATER_ROUNDS_SPREAD, ROUND_SPREAD
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.rules import DICE_PER_PLAYER, ROUNDS

DEPTH: int | None = 0
"""Rounds played out after the current one (``None``: to the end of the game). When the playouts stop
before the end, the rounds left are valued by the coach's model: each seat's later gains independent
normal with the coach's spread, so only the money standings count."""
BUDGET = 30_000
"""Placements (about) the search may play out per decision, shared between the faces."""
MIN_PLAYOUTS = 40
"""Playouts per face at least, whatever the budget."""
MAX_PLAYOUTS = 2_000
"""Playouts per face at most (the end of the last round is short)."""
_NODES, _WEIGHTS = hermegauss(16)
KNOWN_PLAY = {"easy": "easy", "medium": "medium", "greedy": "greedy", "random": "random"}
"""The playout rule of a seat the table says plays that way (a level or a policy); any other seat, a person's
included, is played out as ``leader``."""


def playout_seats(state: State, seats: Sequence[str | None] | None = None) -> list[str]:
    """The playout rule of each seat: the searcher and the unknown as ``leader``, the known by :data:`KNOWN_PLAY`."""
    if seats is not None and len(seats) != state.players:
        raise ConfigError(_("seats: one level, policy or None per seat ({players} seats), got {seats!r}",
                            players=state.players, seats=seats))
    me = state.current_player
    return ["leader" if seats is None or s == me else KNOWN_PLAY.get(seats[s] or "", "leader")
            for s in range(state.players)]


def playouts_per_face(state: State, budget: int = BUDGET, rounds: int | None = None) -> int:
    """How many playouts each face gets: ``budget`` placements over the faces and the playout length."""
    roll = state.current_roll
    if roll is None:
        raise IllegalActionError(_("there is no roll to place ({state})", state=state.describe()))
    faces = sum(1 for f in range(6) if roll[0][f] + roll[1][f] > 0)
    dice_left = sum(state.in_hand(s) + state.white_in_hand(s) for s in range(state.players))
    later = (ROUNDS - state.round if rounds is None else min(rounds, ROUNDS - state.round)) * state.players
    later *= DICE_PER_PLAYER
    placements = 1 + (dice_left + later) / 2.5  # about 2.5 dice leave the hand at each placement
    return int(np.clip(budget / (faces * placements), MIN_PLAYOUTS, MAX_PLAYOUTS))


def face_values(state: State, playouts: int, *, seed: int = 0, rounds: int | None = None,
                seats: Sequence[str | None] | None = None) -> dict[int, tuple[float, float]]:
    """Per legal face: (chance the player finishes first, mean margin over the richest rival in dollars
    where the playouts stop), from ``playouts`` playouts per face through ``rounds`` more rounds, the seats
    played out as :func:`playout_seats` says."""
    from vegas_tutor.las_vegas.playouts import face_playouts  # numba loads on first use
    from vegas_tutor.las_vegas.simulate import win_shares

    if not is_int(playouts) or playouts < 1:
        raise ConfigError(_("n must be a whole number >= 1, got {n!r}", n=playouts))
    faces, money, bills = face_playouts(state, playouts, policy=playout_seats(state, seats), seed=seed,
                                        rounds=rounds)
    seat = state.current_player
    assert seat is not None
    left = 0 if rounds is None else max(0, ROUNDS - state.round - rounds)
    if left:
        zero = np.zeros(state.players, dtype=np.int64)
        spread = ROUND_SPREAD[(state.players, state.neutral)] * LATER_ROUNDS_SPREAD.get(left, 1.0)
        first = win_shares(money, bills, zero, zero, seat, left, spread, _NODES, _WEIGHTS)
    else:
        # One number per (money, bills) pair: bills never exceed 54, so the money in units of $10k leads.
        score = money * 64 + bills
        first = score[:, :, seat] >= np.delete(score, seat, axis=2).max(axis=2)
    margin = money[:, :, seat] - np.delete(money, seat, axis=2).max(axis=2)
    return {f: (float(first[k].mean()), float(margin[k].mean())) for k, f in enumerate(faces)}


def search_face(state: State, *, budget: int | None = None, seed: int = 0,
                seats: Sequence[str | None] | None = None) -> Place:
    """The searched face: the best share of first places, then the best margin, then the lowest face.

    ``budget`` defaults to :data:`BUDGET`; the playouts go :data:`DEPTH` rounds deep; ``seats``: how each seat
    plays where the table knows it (:func:`playout_seats`)."""
    n = playouts_per_face(state, BUDGET if budget is None else budget, DEPTH)
    values = face_values(state, n, seed=seed, rounds=DEPTH, seats=seats)
    return Place(max(values, key=lambda f: (values[f][0], values[f][1], -f)))
