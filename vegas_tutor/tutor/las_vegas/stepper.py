"""``ScenarioStepper``: a rulebook example played step by step on the board, with Back / Next / Restart, and
a whole round played by bots to watch the same way (:func:`watch_round`).

The narration sits beside the board and the step's change is highlighted. The board only shows the
positions: it takes no moves.

>>> stepper = ScenarioStepper("LV-TIE-1")
>>> stepper.index, stepper.stepper["count"]
(0, 2)
>>> stepper.next(); stepper.index
1
>>> stepper.handle({"type": "step", "to": "next"}), stepper.error
(False, 'this is the last step of LV-TIE-1: go back or restart')
>>> round_one = watch_round(players=3, seed=2)
>>> round_one.id, round_one.steps[0].highlight, round_one.steps[-1].state.round
('LV-WATCH', ('casinos',), 2)
"""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Roll
from vegas_tutor.las_vegas.engine import State, new_game
from vegas_tutor.las_vegas.policies import check_policy, choose_face
from vegas_tutor.las_vegas.rules import MIN_STAKE, money
from vegas_tutor.las_vegas.scenarios import SCENARIOS
from vegas_tutor.las_vegas.words import say_all
from vegas_tutor.tutor.las_vegas.board import LasVegasBoard
from vegas_tutor.tutor.stepping import Stepping
from vegas_tutor.tutor.stepping import find_scenario as find_in


def find_scenario(scenario: str | Scenario[State]) -> Scenario[State]:
    """A scenario by its catalogue id (``"LV-TIE-1"``), or the scenario itself."""
    return find_in(scenario, SCENARIOS, "Las Vegas")


class ScenarioStepper(Stepping[State], LasVegasBoard):
    """Plays one ``Scenario`` of Las Vegas states: narration, highlight, Back / Next / Restart."""

    def __init__(self, scenario: str | Scenario[State], *, start: int = 0, **kwargs: Any) -> None:
        self._start_at(find_scenario(scenario), start)
        kwargs.setdefault("show_odds", False)
        super().__init__(self._scenario.steps[start].state, humans=(), interactive=False, **kwargs)
        self._show_step()

    def _after_step(self, previous: State | None) -> None:
        """The log shows what this step added (all of it when the step is not a continuation)."""
        continues = previous is not None and len(previous.log) <= len(self._state.log)
        self._log_from = len(previous.log) if previous is not None and continues else 0


def watch_round(
    players: int = 4, *, seed: int = 0, policy: str = "greedy", neutral: bool = False
) -> Scenario[State]:
    """Round 1 of a seeded game played by ``policy`` bots: one step per turn (the roll and the face chosen).

    The narration is the engine's own log lines for the turn; the last step is the payout.
    """
    chosen = check_policy(policy)
    rng = make_rng(seed)
    state = new_game(players, neutral=neutral, seed=seed)
    steps = [Step(
        _("The bills are dealt: each casino has at least {stake}. Every player holds 8 dice of their colour. "
          "{name} starts.", stake=money(MIN_STAKE), name=state.names[0]),
        state.copy(), ("casinos",),
    )]
    while state.round == 1 and not state.is_over:
        seen = len(state.events)
        state.apply(Roll())
        while state.phase != "place":  # the spare white dice of a 3-player variant game come first
            state.apply(Roll())
        action = choose_face(state, chosen, rng)
        state.apply(action)
        lines = say_all([e for e in state.events[seen:] if e.kind != "bills_dealt"], state.names)
        text = " ".join(line + "." for line in lines)
        highlight: tuple[str, ...] = (f"casino:{action.face}",)
        if state.round != 1:
            placed = len(lines) - len(state.payouts[-1]) - 1  # the turn's own lines, before the payout
            turn = " ".join(line + "." for line in lines[:placed])
            text = _("{turn} That was the last die: the round is over and the casinos pay (the payout is shown "
                     "above the casinos, which are dealt afresh). {last}.", turn=turn, last=lines[-1])
            highlight = ("payout",)
        elif state.current_player is not None:
            text += " " + _("Next: {name}.", name=state.names[state.current_player])
        steps.append(Step(text, state.copy(), highlight))
    title = (_("A whole round, played by greedy bots") if chosen == "greedy"
             else _("A whole round, played by random bots"))
    return Scenario("LV-WATCH", title, tuple(steps))

