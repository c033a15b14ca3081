"""``LiarsDiceStepper``: a rulebook example of Liar's Dice played step by step on the table, and a whole
round played by bots to watch the same way.

The table shows each step from "You"'s seat only: the other cups stay hidden until a challenge lifts them.

>>> stepper = LiarsDiceStepper("LD-CHALLENGE-1")
>>> stepper.next(); stepper.next(); stepper.table["reveal"]["losses"]
[2, 0, 0, 0]
>>> stepper.handle({"type": "step", "to": "next"}), stepper.error
(False, 'this is the last step of LD-CHALLENGE-1: go back or restart')
"""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.liars_dice.actions import Challenge, NoShow, Roll, Show
from vegas_tutor.liars_dice.engine import State, new_game
from vegas_tutor.liars_dice.policies import bot_action, check_policy
from vegas_tutor.liars_dice.scenarios import SCENARIOS, SEAT_NAMES
from vegas_tutor.tutor.liars_dice.board import DEFAULT_NAMES, LiarsDiceTable
from vegas_tutor.tutor.liars_dice.projection import dice_words, reveal_view
from vegas_tutor.tutor.stepping import Stepping
from vegas_tutor.tutor.stepping import find_scenario as find_in

WATCH_ID = "LD-WATCH"


def find_scenario(scenario: str | Scenario[State]) -> Scenario[State]:
    """A scenario by its catalogue id (``"LD-SHOW"``), or the scenario itself."""
    return find_in(scenario, SCENARIOS, "Liar's Dice")


class LiarsDiceStepper(Stepping[State], LiarsDiceTable):
    """Plays one ``Scenario`` of Liar's Dice states: narration, highlight, Back / Next / Restart."""

    def __init__(self, scenario: str | Scenario[State], *, start: int = 0, names: tuple[str, ...] | None = None,
                 **kwargs: Any) -> None:
        self._start_at(find_scenario(scenario), start)
        players = self._scenario.steps[start].state.players
        if names is None:
            names = SEAT_NAMES.get(self._scenario.id, DEFAULT_NAMES[:players])
        kwargs.setdefault("show_odds", False)
        viewer = names.index("You") if "You" in names else 0
        super().__init__(self._scenario.steps[start].state, names=names, viewer=viewer, interactive=False, **kwargs)
        self._show_step()


def watch_round(players: int = 4, *, dice: int = 5, seed: int = 0, policy: str = "odds") -> Scenario[State]:
    """One round of a seeded game played by ``policy`` bots, told action by action from "You"'s seat.

    Steps: the roll, every bid (and show), the challenge with its reveal.
    """
    chosen = check_policy(policy)
    names = DEFAULT_NAMES[:players]
    rng = make_rng(seed)
    state = new_game(players, dice=dice, seed=seed)
    while state.is_chance:
        state.apply(Roll())
    steps = [Step(
        f"Everyone shakes {dice} dice under a cup and looks only at their own. There are "
        f"{players * dice} dice in play; you see your {dice} and nobody else's. {names[0]} open"
        f"{'' if names[0] == 'You' else 's'} the bidding.",
        state.copy(), ("cup:0",),
    )]
    while state.last_challenge is None:
        if state.is_chance:
            state.apply(Roll())
            continue
        seat = state.current_player
        assert seat is not None
        action = bot_action(state, chosen, rng)
        state.apply(action)
        if isinstance(action, NoShow):
            continue
        if isinstance(action, Show):
            state.apply(Roll())
            text = (f"{names[seat]} put{'' if names[seat] == 'You' else 's'} {dice_words(len(action.faces))} "
                    "out in view and re-roll the rest under the cup.")
            steps.append(Step(text, state.copy(), (f"shown:{seat}",)))
        elif isinstance(action, Challenge):
            result = state.last_challenge
            assert result is not None
            steps.append(Step(reveal_view(result, names)["words"], state.copy(), ("count",)))
        else:
            verb = "bid" if names[seat] == "You" else "bids"
            raised = len(state.bids) > 1
            steps.append(Step(f"{names[seat]} {verb} {action}{' (a raise)' if raised else ''}. The red die moves "
                              "to that space on the track.", state.copy(), ("bid",)))
    return Scenario(WATCH_ID, f"A whole round, played by {chosen} bots", tuple(steps))
