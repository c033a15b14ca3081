"""Two named policies for Liar's Dice, played one decision at a time through :class:`State`.

- ``"random"``: uniform over ``state.legal_actions()``: after its own bid, over no show and every show;
  else over the raises and the challenge.
- ``"odds"``: from the player's own observation, challenge the current bid if it is less likely true
  than not (P(stands) < 1/2) or cannot be raised; otherwise raise to the legal bid most likely to be
  true, the lowest such bid on the track on ties. It never shows. The opener bids the same way.

:mod:`vegas_tutor.liars_dice.simulate` plays the same policies batched in numpy; both read the
probabilities from :func:`stand_probabilities` so their choices agree exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.odds import _fractions
from vegas_tutor.liars_dice.rules import MAX_DICE, MAX_PLAYERS
from vegas_tutor.liars_dice.track import ALL_BIDS, STAR

POLICIES = ("random", "odds")
MAX_UNKNOWN = MAX_PLAYERS * MAX_DICE

BID_QUANTITY = np.array([b.quantity for b in ALL_BIDS], dtype=np.int64)
BID_FACE = np.array([b.face for b in ALL_BIDS], dtype=np.int64)
BID_STAR = np.array([b.face == STAR for b in ALL_BIDS], dtype=np.int64)


@cache
def tail_table() -> npt.NDArray[np.float64]:
    """``T[star, unknown, k]`` = P(at least k of ``unknown`` hidden dice match), k clipped to 0..MAX+1."""
    table = np.zeros((2, MAX_UNKNOWN + 1, MAX_UNKNOWN + 2))
    for star in (0, 1):
        for unknown in range(MAX_UNKNOWN + 1):
            _, tails = _fractions(unknown, bool(star))
            table[star, unknown, : unknown + 1] = [float(t) for t in tails]
    return table


def stand_probabilities(known_counts: npt.NDArray[np.int64], unknown: npt.NDArray[np.int64]) -> npt.NDArray[
        np.float64]:
    """P(each bid of :data:`ALL_BIDS` stands), rows of known face counts ``(m, 6)``, ``unknown`` ``(m,)``.

    Floats from the exact tables, for fast decisions; :func:`~vegas_tutor.liars_dice.odds.bid_odds`
    gives the exact values.
    """
    stars = known_counts[:, 0:1]
    matches = known_counts + stars  # a number face counts its stars
    matches[:, 0] = known_counts[:, 0]  # a star bid counts stars once
    need = BID_QUANTITY[None, :] - matches[:, BID_FACE - 1]
    need = np.clip(need, 0, MAX_UNKNOWN + 1)
    result: npt.NDArray[np.float64] = tail_table()[BID_STAR[None, :], unknown[:, None], need]
    return result


def odds_choices(probs: npt.NDArray[np.float64], last_rank: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The odds policy on rows of :func:`stand_probabilities`: ``-1`` = challenge, else the bid's rank."""
    ranks = np.arange(len(ALL_BIDS))
    best = np.argmax(np.where(ranks[None, :] > last_rank[:, None], probs, -1.0), axis=1)
    current = probs[np.arange(len(probs)), np.maximum(last_rank, 0)]
    challenge = (last_rank >= 0) & ((current < 0.5) | (last_rank == len(ALL_BIDS) - 1))
    result: npt.NDArray[np.int64] = np.where(challenge, -1, best)
    return result


def _known_counts(dice: Sequence[int]) -> npt.NDArray[np.int64]:
    return np.bincount(np.asarray(dice, dtype=np.int64), minlength=7)[1:].reshape(1, 6)


def odds_policy(state: State) -> Action:
    """The ``"odds"`` policy's action for the player to act (a bare roll at a chance node)."""
    if state.is_chance:
        return Roll()
    me = state.current_player
    if me is None:
        raise ConfigError(_("the game is over: nobody acts"))
    seen = state.observation(me)
    if seen.may_show:
        return NoShow()
    probs = stand_probabilities(_known_counts(seen.known), np.array([seen.unknown]))[0]
    last = seen.last_bid
    choice = int(odds_choices(probs[None, :], np.array([last.rank if last is not None else -1]))[0])
    return Challenge() if choice < 0 else ALL_BIDS[choice]


def random_policy(state: State, rng: Rng) -> Action:
    """The ``"random"`` policy: uniform over the legal actions."""
    legal = state.legal_actions()
    if not legal:
        raise ConfigError(_("the game is over: nobody acts"))
    return legal[int(rng.integers(len(legal)))]


def choose(policy: str, state: State, rng: Rng) -> Action:
    """The action of the named policy in ``state``."""
    if policy == "random":
        return random_policy(state, rng)
    if policy == "odds":
        return odds_policy(state)
    raise ConfigError(_("unknown policy {policy!r}; choose one of {choices}", policy=policy,
                          choices=", ".join(POLICIES)))


def check_policy(policy: object) -> str:
    """``policy`` if it names one of :data:`POLICIES`, else ``ConfigError``."""
    if policy not in POLICIES:
        raise ConfigError(_("unknown policy {policy!r}; choose one of {choices}", policy=policy,
                          choices=", ".join(POLICIES)))
    return str(policy)


def bot_action(state: State, policy: str, rng: Rng) -> Action:
    """A computer player's move: the named policy's action for the seat to act, a bare roll at a chance node.

    >>> from vegas_tutor.liars_dice import Roll, new_game
    >>> from vegas_tutor.core.dice import make_rng
    >>> game = new_game(2, dice=2, seed=1); game.apply(Roll((2, 5))); game.apply(Roll((1, 6)))
    >>> bot_action(game, "odds", make_rng(0)), bot_action(new_game(2, seed=1), "random", make_rng(0))
    (Bid(1, 2), Roll(faces=None))
    """
    if state.is_chance:
        return Roll()
    return choose(check_policy(policy), state, rng)
