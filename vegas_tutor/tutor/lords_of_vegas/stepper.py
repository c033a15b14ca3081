"""``LordsOfVegasStepper``: a rulebook example of Lords of Vegas played step by step on the board, and a
turn played by random bots to watch the same way.

The board only shows the positions (it takes no moves); the odds panel shows the options of the player to
act in each step.

>>> stepper = LordsOfVegasStepper("LOV-BUILD")
>>> stepper.next(); stepper.board["lots"]["A2"]["die"]
{'owner': 2, 'value': 2}
>>> stepper.handle({"type": "step", "to": "next"}), stepper.error
(False, 'this is the last step of LOV-BUILD: go back or restart')
"""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.i18n import _, _n, catalog, language, tr
from vegas_tutor.lords_of_vegas.actions import Gamble
from vegas_tutor.lords_of_vegas.engine import State, new_game
from vegas_tutor.lords_of_vegas.names import player
from vegas_tutor.lords_of_vegas.policies import random_action
from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
from vegas_tutor.tutor.lords_of_vegas.board import LordsOfVegasBoard
from vegas_tutor.tutor.lords_of_vegas.projection import event_words
from vegas_tutor.tutor.stepping import Stepping
from vegas_tutor.tutor.stepping import find_scenario as find_in

WATCH_ID = "LOV-WATCH"


def find_scenario(scenario: str | Scenario[State]) -> Scenario[State]:
    """A scenario by its catalogue id (``"LOV-GAMBLE"``), or the scenario itself."""
    return find_in(scenario, SCENARIOS, "Lords of Vegas")


class LordsOfVegasStepper(Stepping[State], LordsOfVegasBoard):
    """Plays one ``Scenario`` of Lords of Vegas states: narration, highlight, Back / Next / Restart."""

    def __init__(self, scenario: str | Scenario[State], *, start: int = 0, **kwargs: Any) -> None:
        self._start_at(find_scenario(scenario), start)
        kwargs.setdefault("show_odds", False)
        super().__init__(self._scenario.steps[start].state, interactive=False, **kwargs)
        self._show_step()

    def _coming_bet(self) -> Gamble | None:
        """The bet the example makes next, if any: the odds panel shows that one."""
        steps = self._scenario.steps
        if self._index + 1 >= len(steps):
            return None
        bet = steps[self._index + 1].state.pending_bet
        return None if bet is None else Gamble(bet[0], bet[1])

    def _after_step(self, previous: State | None) -> None:
        self._inspect = self._coming_bet()

    def _stepper_view(self) -> dict[str, Any]:
        """The step's title and narration in the language in force: a catalogue example's texts are marked
        where they are written (``N_``) and read here; a watched turn is told in the language it was made in."""
        view = super()._stepper_view()
        return {**view, "title": _localized(view["title"]), "narration": _localized(view["narration"])}


def _localized(text: str) -> str:
    """A marked text in the language in force; a text already in it (not a catalogue message) as it is."""
    if language() == "en" or text not in catalog(language()):
        return text
    return tr(text)


def watch_turn(players: int = 4, *, seed: int = 0, turns: int = 1, skip: int = 0) -> Scenario[State]:
    """A seeded game set up, then ``turns`` turns (after ``skip`` unseen ones) played by random bots, told
    action by action in the engine's own words."""
    if not is_int(turns) or turns < 1:
        raise ConfigError(_("watch at least one turn, not {value}", value=repr(turns)))
    rng = make_rng(seed)
    state = new_game(players, seed=seed)
    while state.phase in ("deal", "start_roll"):
        state.apply(random_action(state, rng))
    for _skipped in range(skip):
        turn = state.turn
        while not state.is_over and state.turn == turn:
            state.apply(random_action(state, rng))
    who = state.names[state.turn]
    steps = [Step(_("The cards are dealt and the start rolls made; it is {name}'s turn. Every turn has two steps: "
                    "draw a card (the casinos of its colour pay), then build, sprawl, remodel, reorganize or gamble "
                    "as often as you like, and end the turn.", name=player(state.turn)), state.copy(),
                  (f"player:{who}",))]
    for _turn in range(turns):
        turn = state.turn
        while not state.is_over and state.turn == turn:
            action = random_action(state, rng)
            state.apply(action)
            lots = tuple(f"lot:{lot}" for lot in (getattr(action, "lot", None),) if lot)
            steps.append(Step(event_words(state, action, turn), state.copy(), lots))
    return Scenario(WATCH_ID, _n("{n} turn played by random players", "{n} turns played by random players", turns),
                    tuple(steps))
