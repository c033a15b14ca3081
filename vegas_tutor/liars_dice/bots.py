"""Opponents for Liar's Dice at three levels, each deciding from its own observation only.

- ``easy``, a beginner: bids its own most common face (stars counted), a little above what it holds;
  raises that face by one step; challenges when the bid looks big against its rough count of the table
  (its matches plus one die in three of those it cannot see); never shows.
- ``medium``, the rule a good player uses: challenges a bid less likely true than not (exact odds from
  its cup and the shown dice); otherwise raises to the bid most likely true, now and then one step
  higher on it as a bluff; after a bid that needs other players' dice it shows its matching dice and
  re-rolls the rest, which makes the bid both likelier and more credible.
- ``hard``: the coach's choice (:func:`vegas_tutor.liars_dice.coach.evaluate`): reads the other players'
  bids into a posterior over their cups, values each challenge, raise and show in expected dice lost,
  with the next player's answer modelled (two deep with two players). It is deterministic (the seed
  changes nothing) except in the 1v1 endgame, one die each: there it plays the solved equilibrium
  (:mod:`.endgame_table`), a mixed strategy drawn with the seed.

>>> from vegas_tutor.liars_dice import new_game
>>> s = new_game(2, dice=5, seed=4)
>>> choose_action(s, "hard", seed=1)
Roll(faces=None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, get_args

import numpy as np

from vegas_tutor.core.dice import Rng, make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll, Show
from vegas_tutor.liars_dice.coach import best_option, evaluate
from vegas_tutor.liars_dice.endgame_table import one_die_strategy
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.equilibrium import Key, Policy
from vegas_tutor.liars_dice.observation import Observation
from vegas_tutor.liars_dice.odds import bid_odds
from vegas_tutor.liars_dice.rules import count_matches, counts_for
from vegas_tutor.liars_dice.track import ALL_BIDS, NUMBER_FACES, STAR, Bid

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[str, ...] = get_args(Level)
EASY_NERVE = 0.3
"""How often the easy level lets one more die of doubt pass before it challenges."""
MEDIUM_CREDIT = {False: 1 / 2, True: 1 / 3}
"""The medium level's odds that each of the bidder's hidden dice matches the bid (a fair die: 1/3, a star 1/6)."""
MEDIUM_BLUFF = 0.1
"""How often the medium level raises one step past its most likely bid (if that is still even odds)."""


def choose_action(state: State, level: str, *, seed: int | None = None) -> Action:
    """The action of the player to act at ``level``: the bare roll while dice must be rolled.

    Decides from ``state.observation(current_player)`` only. The same state, level and seed always
    give the same action; the state is not changed.
    """
    _check_level(level)
    if not isinstance(state, State):
        raise ConfigError(_("choose_action needs a Liar's Dice State, got {kind}", kind=type(state).__name__))
    seat = state.current_player
    if seat is None:
        raise IllegalActionError(_("the game is over: there is nothing left to choose"))
    if state.is_chance:
        return Roll()
    return choose_from_observation(state.observation(seat), level, make_rng(seed))


def choose_from_observation(obs: Observation, level: str, rng: Rng) -> Action:
    """The choice of ``obs.player``, who must be the one to act, at ``level``."""
    _check_level(level)
    if not isinstance(obs, Observation):
        raise InvalidActionError(_("a bot decides from an Observation, got {kind}", kind=type(obs).__name__))
    if obs.current_player != obs.player:
        raise IllegalActionError(_("seat {seat} is not the one to act (seat {other} is)", seat=obs.player,
                                   other=obs.current_player))
    if obs.phase == "roll":
        return Roll()
    if obs.phase == "over":
        raise IllegalActionError(_("the game is over: there is nothing left to choose"))
    if level == "hard":
        solved = one_die_strategy(obs)
        if solved is not None:
            return _draw(solved, rng)
        return best_option(evaluate(obs)).action
    if obs.phase == "show":
        return NoShow() if level == "easy" else _medium_show(obs)
    return _easy_bid(obs, rng) if level == "easy" else _medium_bid(obs, rng)


def action_probabilities(obs: Observation, level: str, rng: Rng, *, solved: bool = True) -> dict[Action, float]:
    """The level's move as probabilities: the solved endgame's mix for ``hard`` where it applies, else the
    seeded choice with probability 1. ``solved=False``: ``hard`` as it plays outside the solved endgames."""
    _check_level(level)
    if level == "hard" and isinstance(obs, Observation) and obs.current_player == obs.player:
        mix = one_die_strategy(obs) if solved else None
        if mix is not None:
            return mix
        if not solved and obs.phase in ("bid", "show"):
            return {best_option(evaluate(obs)).action: 1.0}
    return {choose_from_observation(obs, level, rng): 1.0}


def _draw(mix: dict[Action, float], rng: Rng) -> Action:
    """One action of ``mix`` drawn with ``rng`` (in the mix's order, so a seed repeats it)."""
    actions = list(mix)
    weights = np.array([mix[a] for a in actions])
    pick = int(np.searchsorted(np.cumsum(weights) / weights.sum(), rng.random(), side="right"))
    return actions[min(pick, len(actions) - 1)]


def _check_level(level: object) -> None:
    if level not in LEVELS:
        raise ConfigError(_("unknown level {level!r}: choose one of {choices}", level=level, choices=", ".join(LEVELS)))


def _guess(obs: Observation, face: int) -> float:
    """A rough count of ``face`` on the table: what you see plus a third (a sixth for stars) of the rest."""
    return count_matches(obs.known, face) + obs.unknown / (6 if face == STAR else 3)


def _favourite(obs: Observation) -> int:
    """The number face with the most matches in the player's own cup (the higher face on ties)."""
    return max(NUMBER_FACES, key=lambda f: (count_matches(obs.own_hidden, f), f))


def _easy_bid(obs: Observation, rng: Rng) -> Action:
    face = _favourite(obs)
    last = obs.last_bid
    if last is None:
        return Bid(max(1, count_matches(obs.own_hidden, face) + obs.unknown // 6), face)
    slack = 1 + (1 if rng.random() < EASY_NERVE else 0)
    if last.rank == len(ALL_BIDS) - 1 or last.quantity > _guess(obs, last.face) + slack:
        return Challenge()
    raise_to = next(b for b in ALL_BIDS[last.rank + 1:] if b.face == face)
    if raise_to.quantity > _guess(obs, face) + slack:
        return Challenge()
    return raise_to


def _chance(obs: Observation, bid: Bid) -> float:
    return float(bid_odds(bid.quantity, bid.face, known=obs.known, unknown=obs.unknown).at_least)


def _credited(obs: Observation, bid: Bid, bidder: int) -> float:
    """P(``bid`` true) if each of the bidder's hidden dice matches with :data:`MEDIUM_CREDIT` odds (a bidder
    usually holds some of what they bid) and every other hidden die is fair."""
    hidden = obs.dice_counts[bidder] - len(obs.shown[bidder])
    p = MEDIUM_CREDIT[bid.is_star]
    theirs = np.ones(1)
    for _die in range(hidden):
        theirs = np.convolve(theirs, [1 - p, p])
    rest = bid_odds(1, bid.face, known=obs.known, unknown=obs.unknown - hidden).distribution
    need = bid.quantity
    return float(sum(float(pr) * theirs[max(0, need - c):].sum() for c, pr in rest.items()))


def _medium_bid(obs: Observation, rng: Rng) -> Action:
    last, bidder = obs.last_bid, obs.bidder
    if last is not None and bidder is not None and (
            last.rank == len(ALL_BIDS) - 1 or _credited(obs, last, bidder) < 0.5):
        return Challenge()
    start = last.rank + 1 if last is not None else 0
    chances = [_chance(obs, b) for b in ALL_BIDS[start:]]
    top = max(range(len(chances)), key=lambda i: (chances[i], -i))
    choice = ALL_BIDS[start + top]
    if rng.random() < MEDIUM_BLUFF:
        bluff = next((b for b in ALL_BIDS[choice.rank + 1:] if b.face == choice.face), None)
        if bluff is not None and _chance(obs, bluff) >= 0.5:
            return bluff
    return choice


def _medium_show(obs: Observation) -> Action:
    bid = obs.last_bid
    assert bid is not None
    matching = tuple(d for d in obs.own_hidden if counts_for(d, bid.face))
    shown = sum(count_matches(cup, bid.face) for cup in obs.shown)
    needs_others = bid.quantity > len(matching) + shown
    if needs_others and 0 < len(matching) < len(obs.own_hidden):
        return Show(matching)
    return NoShow()


def bot_policy(level: str, *, seed: int = 0, solved: bool = True) -> Policy:
    """A bot level as a fixed policy (for :mod:`.equilibrium`'s best response), each decision asked once per
    observation.

    Its mixed endgame strategy (the solved table, see :mod:`.endgame_table`) is given as probabilities;
    elsewhere the level's own (seeded) choice has probability 1. ``solved=False``: ``hard`` without the
    table (the coach's search everywhere, as before the table).
    """
    cache: dict[Key, Mapping[Action, float]] = {}

    def policy(state: State) -> Mapping[Action, float]:
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        key = (obs.player, obs.own_hidden, obs.shown, obs.bids, obs.phase, obs.dice_counts)
        found = cache.get(key)
        if found is None:
            found = action_probabilities(obs, level, make_rng(seed), solved=solved)
            cache[key] = found
        return found

    return policy
