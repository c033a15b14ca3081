"""How computer players choose in Lords of Vegas, on the engine's ``State``.

``random_action``: uniformly at random among the legal actions (a bare draw or roll where chance acts).

>>> from vegas_tutor.core.dice import make_rng
>>> from vegas_tutor.lords_of_vegas import new_game
>>> game, rng = new_game(2, seed=1), make_rng(0)
>>> random_action(game, rng)
DrawCard(card=None)
>>> while game.is_chance:
...     game.apply(random_action(game, rng))
>>> game.phase, random_action(game, rng) in game.legal_actions()
('play', True)
"""

from __future__ import annotations

from vegas_tutor.core.dice import Rng
from vegas_tutor.lords_of_vegas.actions import Action, DrawCard, RollDice
from vegas_tutor.lords_of_vegas.engine import State


def random_action(state: State, rng: Rng) -> Action:
    """One of the legal actions, uniformly at random; at a chance step, a bare draw or roll (the state's own
    generator decides the outcome)."""
    if state.is_chance:
        return DrawCard() if state.phase in ("deal", "draw") else RollDice()
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]
