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
  with the next player's answer modelled (two deep with two players). With one rival left and four dice or
  fewer on the table it reads that rival's bids warily (:data:`ENDGAME_READING`): a bid that, believed,
  would give a bluffer the round tells it little. It is deterministic (the seed changes nothing) except in
  the 1v1 endgame, one die each: there it plays the solved equilibrium (:mod:`.endgame_table`), a mixed
  strategy drawn with the seed.

>>> from vegas_tutor.liars_dice import new_game
>>> s = new_game(2, dice=5, seed=4)
>>> choose_action(s, "hard", seed=1)
Roll(faces=None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Literal, get_args

import numpy as np

from vegas_tutor.core.dice import Rng, make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll, Show
from vegas_tutor.liars_dice.coach import MODEL, best_in_dice
from vegas_tutor.liars_dice.endgame_table import one_die_strategy
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.equilibrium import Key, Policy
from vegas_tutor.liars_dice.level_play import (
    EASY_NERVE,
    MEDIUM_BLUFF,
    View,
    easy_doubts,
    easy_raise,
    matches,
    medium_best,
    medium_bluff,
    medium_doubts,
)
from vegas_tutor.liars_dice.observation import Observation
from vegas_tutor.liars_dice.rules import count_matches, counts_for
from vegas_tutor.liars_dice.track import ALL_BIDS

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[str, ...] = get_args(Level)
ENDGAME_READING = replace(MODEL, sharpness=2.0)
"""How ``hard`` reads its last rival once the table holds :data:`ENDGAME_DICE` dice or fewer (but one die each, where
it plays the solved table): as the coach reads every rival (:data:`.coach.MODEL`), but a bid tells far less of the
bidder's cup (a softmax weight of 2 on a raise's chance of being true, not 20). Read as the coach reads them, a
rival's bids steered hard there: a bluffed bid of a face made it raise that face into a bid it then lost, and a
best response took 0.625 (1v2) and 0.651 (2v1) of a game from it (``bench/bench_ld_equilibrium.py --bigger``).
With more dice, or two rivals or more, a bid is read as the coach reads it: a warier reading there lost games to
honest bidders (the easy bot, hard itself) and left the exploiter most of its gains
(``bench/bench_ld_local_best_response.py``)."""
ENDGAME_DICE = 4


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
        return hard_choice(obs)
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
            return {hard_choice(obs): 1.0}
    return {choose_from_observation(obs, level, rng): 1.0}


def hard_choice(obs: Observation) -> Action:
    """``hard``'s choice outside the solved endgame: the coach's best in dice, a last rival read warily in the endgame
    (:func:`reads_warily`)."""
    return best_in_dice(obs, ENDGAME_READING if reads_warily(obs) else MODEL)


def reads_warily(obs: Observation) -> bool:
    """Whether ``hard`` reads its rival with :data:`ENDGAME_READING`: one rival left and :data:`ENDGAME_DICE` dice or
    fewer on the table."""
    rivals = sum(1 for seat, dice in enumerate(obs.dice_counts) if dice > 0 and seat != obs.player)
    return rivals == 1 and sum(obs.dice_counts) <= ENDGAME_DICE


def _draw(mix: dict[Action, float], rng: Rng) -> Action:
    """One action of ``mix`` drawn with ``rng`` (in the mix's order, so a seed repeats it)."""
    actions = list(mix)
    weights = np.array([mix[a] for a in actions])
    pick = int(np.searchsorted(np.cumsum(weights) / weights.sum(), rng.random(), side="right"))
    return actions[min(pick, len(actions) - 1)]


def _check_level(level: object) -> None:
    if level not in LEVELS:
        raise ConfigError(_("unknown level {level!r}: choose one of {choices}", level=level, choices=", ".join(LEVELS)))


def _view(obs: Observation) -> View:
    """The player's own cup as the one row of a :class:`~.level_play.View`."""
    return View(matches(obs.own_hidden), matches(tuple(d for cup in obs.shown for d in cup))[0], obs.unknown)


def _easy_bid(obs: Observation, rng: Rng) -> Action:
    view = _view(obs)
    to = easy_raise(view)[0]
    last = obs.last_bid
    if last is None:
        return ALL_BIDS[int(to[0])]
    nerve = rng.random() < EASY_NERVE  # one more die of doubt let pass
    if easy_doubts(view)[0, last.rank + 1, int(nerve)]:
        return Challenge()
    return ALL_BIDS[int(to[last.rank + 1])]


def _medium_bid(obs: Observation, rng: Rng) -> Action:
    last, bidder = obs.last_bid, obs.bidder
    view = _view(obs)
    col = 0 if last is None else last.rank + 1
    if last is not None and bidder is not None and medium_doubts(
            view, obs.dice_counts[bidder] - len(obs.shown[bidder]))[0, col]:
        return Challenge()
    truth = view.truth()
    best = medium_best(truth)
    choice = int(best[0, col])
    if rng.random() < MEDIUM_BLUFF:
        bluff = int(medium_bluff(truth, best)[0, col])
        if bluff >= 0:
            return ALL_BIDS[bluff]
    return ALL_BIDS[choice]


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
