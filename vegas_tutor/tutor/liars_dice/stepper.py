"""``LiarsDiceStepper``: a rulebook example of Liar's Dice played step by step on the table, and a whole
round played by bots to watch the same way.

The table shows each step from the learner's seat (:data:`~vegas_tutor.liars_dice.scenarios.LEARNER_SEAT`, "You")
only: the other cups stay hidden until a challenge lifts them.

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
from vegas_tutor.i18n import _, tr
from vegas_tutor.liars_dice.actions import Challenge, NoShow, Roll, Show
from vegas_tutor.liars_dice.engine import State, new_game
from vegas_tutor.liars_dice.policies import bot_action, check_policy
from vegas_tutor.liars_dice.scenarios import LEARNER_SEAT, SCENARIOS, SEAT_NAMES
from vegas_tutor.liars_dice.words import action_words, dice_words
from vegas_tutor.tutor.liars_dice.board import LiarsDiceBoard, default_names
from vegas_tutor.tutor.liars_dice.coaching import policy_name
from vegas_tutor.tutor.liars_dice.projection import reveal_view
from vegas_tutor.tutor.stepping import Stepping
from vegas_tutor.tutor.stepping import find_scenario as find_in

WATCH_ID = "LD-WATCH"


def find_scenario(scenario: str | Scenario[State]) -> Scenario[State]:
    """A scenario by its catalogue id (``"LD-SHOW"``), or the scenario itself."""
    return find_in(scenario, SCENARIOS, _("Liar's Dice"))


class LiarsDiceStepper(Stepping[State], LiarsDiceBoard):
    """Plays one ``Scenario`` of Liar's Dice states: narration, highlight, Back / Next / Restart."""

    def __init__(self, scenario: str | Scenario[State], *, start: int = 0, names: tuple[str, ...] | None = None,
                 learner: int = LEARNER_SEAT, **kwargs: Any) -> None:
        self._start_at(find_scenario(scenario), start)
        players = self._scenario.steps[start].state.players
        if names is None:
            names = SEAT_NAMES.get(self._scenario.id, default_names(players, learner))
        kwargs.setdefault("show_odds", False)
        super().__init__(self._scenario.steps[start].state, names=names, learner=learner, interactive=False, **kwargs)
        self._show_step()

    def _stepper_view(self) -> dict[str, Any]:
        """The step's view, its title and narration in the language in force (the catalogue's examples are
        marked with ``N_``; a watched round is told in the language it was played in)."""
        step = self._scenario.steps[self._index]
        title, narration = self._scenario.title, step.narration
        if SCENARIOS.get(self._scenario.id) is self._scenario:
            title, narration = tr(title), tr(narration)
        return {"id": self._scenario.id, "title": title, "index": self._index, "count": len(self._scenario.steps),
                "narration": narration, "highlight": list(step.highlight)}


def watch_round(players: int = 4, *, dice: int = 5, seed: int = 0, policy: str = "odds") -> Scenario[State]:
    """One round of a seeded game played by ``policy`` bots, told action by action from the learner's seat.

    Steps: the roll, every bid (and show), the challenge with its reveal.
    """
    chosen = check_policy(policy)
    you = LEARNER_SEAT
    names = default_names(players, you)
    rng = make_rng(seed)
    state = new_game(players, dice=dice, seed=seed)
    while state.is_chance:
        state.apply(Roll())
    opener = state.current_player
    assert opener is not None
    opens = _("You open the bidding.") if opener == you else _("{name} opens the bidding.", name=names[opener])
    steps = [Step(
        _("Everyone shakes {dice} dice under a cup and looks only at their own. There are {total} dice in play; "
          "you see your {dice} and nobody else's. {opens}", dice=dice, total=players * dice, opens=opens),
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
            if seat == you:
                text = _("You put {dice} out in view and re-roll the rest under the cup.",
                         dice=dice_words(len(action.faces)))
            else:
                text = _("{name} puts {dice} out in view and re-rolls the rest under the cup.", name=names[seat],
                         dice=dice_words(len(action.faces)))
            steps.append(Step(text, state.copy(), (f"shown:{seat}",)))
        elif isinstance(action, Challenge):
            result = state.last_challenge
            assert result is not None
            steps.append(Step(reveal_view(result, names, you)["words"], state.copy(), ("count",)))
        else:
            raised = len(state.bids) > 1
            bid = action_words(action)
            if seat == you:
                text = _("You bid {bid} (a raise).", bid=bid) if raised else _("You bid {bid}.", bid=bid)
            else:
                text = _("{name} bids {bid} (a raise).", name=names[seat], bid=bid) if raised else \
                    _("{name} bids {bid}.", name=names[seat], bid=bid)
            steps.append(Step(_("{move} The red die moves to that space on the track.", move=text), state.copy(),
                              ("bid",)))
    return Scenario(WATCH_ID, _("A whole round, played by {policy} bots", policy=policy_name(chosen)), tuple(steps))
