"""An easy or medium Liar's Dice bot's move as probabilities, from the bot's own code: each level draws one random
number per decision (easy its nerve, medium its bluff), so running it with a draw of 0 (the rare branch) and of
0.999 gives every move it can make, weighed by how often it makes it."""

from __future__ import annotations

from vegas_tutor.liars_dice.bots import choose_from_observation
from vegas_tutor.liars_dice.level_play import EASY_NERVE, MEDIUM_BLUFF
from vegas_tutor.liars_dice.observation import Observation


class Draw:
    """A stand-in random source whose every draw is ``u``."""

    def __init__(self, u: float) -> None:
        self.u = u

    def random(self) -> float:
        return self.u


def level_mix(obs: Observation, level: str) -> dict[object, float]:
    """The move of the ``level`` bot (easy or medium) deciding from ``obs``, as probabilities."""
    rare = EASY_NERVE if level == "easy" else MEDIUM_BLUFF
    mix: dict[object, float] = {}
    for u, p in ((0.0, rare), (0.999, 1 - rare)):
        move = choose_from_observation(obs, level, Draw(u))  # type: ignore[arg-type]
        mix[move] = mix.get(move, 0.0) + p
    return mix
