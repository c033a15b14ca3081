"""Fast play of many Lords of Vegas games: the rules compiled with numba (:mod:`.compiled`), one loop per game.

The unchecked fast path for bots, the coach and strategy studies; the checked
:class:`~vegas_tutor.lords_of_vegas.engine.State` stays the reference and the tests hold the two together
(the same legal actions and the same position after every action of hundreds of games, and whole games
that agree in distribution). Chance comes from numba's own generator, seeded by ``seed`` for repeatability.

>>> games = simulate_games(3, players=2, seed=1)
>>> games.money.shape, games.score.shape, bool((games.actions > 0).all())
((3, 2), (3, 2), True)
>>> simulate_games(2, policy="medium", seed=1).score.shape
(2, 4)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas.rules import Data

POLICIES = ("random", "easy", "medium")
"""``random``: uniformly at random among the legal actions (chance resolved by the generator); ``easy`` and
``medium``: the bots' levels of :mod:`.bots`, compiled in :mod:`.bots_compiled`."""


class Games(NamedTuple):
    """The end of ``n`` games: each seat's money and score-track space, shape (n, players), and each game's
    number of actions (chance steps included)."""

    money: c.Ints
    score: c.Ints
    actions: c.Ints


@c._jit
def _playout(s: c.Ints, values: c.Ints, choices: c.Ints) -> int:
    """Play ``s`` to the end, random decisions and chance; return the number of actions."""
    steps = 0
    while s[c.PHASE] != c.OVER:
        if c.is_chance(s):
            c.chance_step(s, values)
        else:
            n = c.legal(s, choices)
            pick = np.random.randint(0, n)
            c.play(s, choices[pick, 0], choices[pick, 1], choices[pick, 2], choices[pick, 3])
        steps += 1
    return steps


@c._jit
def _games(n: int, start: c.Ints, seed: int) -> tuple[c.Ints, c.Ints, c.Ints]:
    np.random.seed(seed)
    players = start[c.PLAYERS]
    money = np.zeros((n, players), np.int64)
    score = np.zeros((n, players), np.int64)
    actions = np.zeros(n, np.int64)
    s = np.empty_like(start)
    values = np.zeros(16, np.int64)
    choices = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    for g in range(n):
        s[:] = start
        actions[g] = _playout(s, values, choices)
        money[g] = s[c.MONEY : c.MONEY + players]
        score[g] = s[c.SCORE : c.SCORE + players]
    return money, score, actions


def _run(n: int, start: c.Ints, policy: str, seed: int) -> Games:
    if policy == "random":
        return Games(*_games(n, start, seed))
    levels = np.full(4, bc.CODES[policy], dtype=np.int64)
    money, score, _, actions = bc.games(n, start, levels, seed, bc.PARAMS, bc.REORG_TABLE)
    return Games(money, score, actions)


def _check(n: int, policy: str) -> None:
    if not is_int(n) or n < 0:
        raise ConfigError(_("n must be a whole number >= 0, got {value}", value=repr(n)))
    if policy not in POLICIES:
        raise ConfigError(_("unknown policy {value}: choose one of {choices}", value=repr(policy),
                            choices=", ".join(POLICIES)))


def simulate_games(n: int, *, players: int = 4, policy: str = "random", seed: int = 0) -> Games:
    """Play ``n`` whole games from the setup deal with ``policy`` at every seat."""
    _check(n, policy)
    if not is_int(players) or not 2 <= players <= 4:
        raise ConfigError(_("Lords of Vegas is for 2 to 4 players, not {value}", value=repr(players)))
    start = c.encode(Data(players=players, money=[0] * players, score=[0] * players))
    return _run(n, start, policy, int(seed))


def playouts(data: Data, n: int, *, policy: str = "random", seed: int = 0) -> Games:
    """Play the game on from position ``data`` (left unchanged) to its end, ``n`` times."""
    _check(n, policy)
    if data.phase == "over":
        raise IllegalActionError(_("the game is over: nothing to play out"))
    return _run(n, c.encode(data), policy, int(seed))


def playout(data: Data, rng: Rng, policy: str = "random") -> Data:
    """One game played on from ``data`` to its end (a new record; ``rng`` seeds the compiled generator)."""
    _check(1, policy)
    s = c.encode(data)
    if data.phase != "over":
        c._seed(int(rng.integers(2**62)))
        rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
        if policy == "random":
            _playout(s, np.zeros(16, np.int64), rows)
        else:
            bc.playout(s, np.full(4, bc.CODES[policy], dtype=np.int64), bc.PARAMS, bc.REORG_TABLE, rows)
    return c.decode(s)
