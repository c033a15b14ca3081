"""Each player's chance of winning a Liar's Dice game from the dice everyone holds: the coach's one scale.

Between two rounds, all that is left of a game is the dice each seat holds. For players of equal skill a
round ends in one of two ways, as fitted on the hard bot's self-play (``bench/bench_ld_win_chance.py``
plays the games, fits these numbers and checks the chances it gives against who went on to win):

- **a perfect bid** (:attr:`RoundModel.perfect`, by the number of seats left): the bidder is any seat with
  dice, the likelier the more it holds; every other seat with dice loses one, except a seat down to its
  last die that is not the challenger (the next seat with dice after the bidder), which keeps it;
- otherwise **one seat loses**, the likelier the fewer dice it holds (who holds less sees less of the
  table), and it loses one, two or three dice (:attr:`RoundModel.lost`; never more than it holds).

:func:`win_chances` solves that chain exactly: dice only go down, so every state is reached once.

>>> [round(p, 3) for p in win_chances((1, 1))]
[0.5, 0.5]
>>> [round(p, 3) for p in win_chances((5, 5, 5))]
[0.333, 0.333, 0.333]
>>> round(win_chances((4, 5))[0], 3)
0.325
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.rules import MAX_DICE, MAX_PLAYERS


@dataclass(frozen=True)
class RoundModel:
    """How a round between equal players ends (see the module's text)."""

    perfect: tuple[float, float, float] = (0.307, 0.310, 0.289)
    """The share of rounds that end on a perfect bid, with 2, 3, 4 seats left."""
    bidder: float = 0.2
    """How much more often a seat with more dice makes the perfect bid: its weight is ``held ** bidder``."""
    fewer: float = 1.1
    """How much more often a seat with fewer dice loses a challenge: its weight is ``held ** -fewer`` (fitted
    on who went on to win the games, not round by round: losing rounds compounds)."""
    lost: tuple[float, float, float] = (0.674, 0.283, 0.043)
    """The chance that the loser of a challenge loses one, two, three dice (before the cap of what it holds)."""


ROUNDS = RoundModel()
"""The shipped model: fitted by the bench's ``fit`` on 1,300 hard self-play games (seeds 1-300 and 5001-6000)."""


def win_chances(counts: Sequence[int], model: RoundModel = ROUNDS) -> tuple[float, ...]:
    """Each seat's chance of winning the game from the start of a round where seat ``i`` holds ``counts[i]``
    dice (0: out). The chances sum to 1; a seat with no dice has none.

    >>> win_chances((0, 3, 0))
    (0.0, 1.0, 0.0)
    """
    held = tuple(counts)
    if not 2 <= len(held) <= MAX_PLAYERS or any(not isinstance(c, int) or not 0 <= c <= MAX_DICE for c in held) \
            or not any(held):
        raise ConfigError(_("win chances need 2 to {players} seats of 0 to {dice} dice, some with dice; got {counts}",
                            players=MAX_PLAYERS, dice=MAX_DICE, counts=list(held)))
    return _solve(held, model)


def perfect_losses(counts: Sequence[int], bidder: int) -> tuple[int, ...]:
    """The dice each seat loses when ``bidder``'s bid proves perfect (the challenger: the next seat with dice)."""
    n = len(counts)
    challenger = next((bidder + i) % n for i in range(1, n) if counts[(bidder + i) % n] > 0)
    return tuple(1 if s != bidder and c > 0 and (c > 1 or s == challenger) else 0 for s, c in enumerate(counts))


@cache
def _solve(counts: tuple[int, ...], model: RoundModel) -> tuple[float, ...]:
    alive = [s for s, c in enumerate(counts) if c > 0]
    if len(alive) == 1:
        return tuple(1.0 if s == alive[0] else 0.0 for s in range(len(counts)))
    out = [0.0] * len(counts)

    def add(weight: float, losses: Sequence[int]) -> None:
        after = _solve(tuple(c - lost for c, lost in zip(counts, losses, strict=True)), model)
        for s, p in enumerate(after):
            out[s] += weight * p

    perfect = model.perfect[len(alive) - 2]
    bidders = {s: counts[s] ** model.bidder for s in alive}
    for bidder, weight in bidders.items():
        add(perfect * weight / sum(bidders.values()), perfect_losses(counts, bidder))
    weights = {s: counts[s] ** -model.fewer for s in alive}
    total = sum(weights.values())
    for s in alive:
        for k, p in enumerate(model.lost, 1):
            losses = [0] * len(counts)
            losses[s] = min(k, counts[s])
            add((1 - perfect) * weights[s] / total * p, losses)
    return tuple(out)
