"""``ScenarioStepper``: Back / Next / Restart within bounds, narration and highlight, no moves taken."""

from __future__ import annotations

import itertools

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.las_vegas.scenarios import SCENARIOS
from vegas_tutor.tutor import ScenarioStepper, watch_round
from vegas_tutor.tutor.las_vegas.projection import board_view


@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_every_scenario_steps_forward_and_back_within_bounds(sid: str) -> None:
    scenario = SCENARIOS[sid]
    stepper = ScenarioStepper(sid)
    count = len(scenario.steps)
    for index, step in enumerate(scenario.steps):
        assert stepper.index == index
        assert stepper.stepper["narration"] == step.narration and stepper.stepper["count"] == count
        assert stepper.board["highlight"] == list(step.highlight)
        expected = board_view(step.state, humans=(), highlight=step.highlight, bots=False)
        assert stepper.board["casinos"] == expected["casinos"] and stepper.board["phase"] == expected["phase"]
        assert stepper.shown_state.to_json() == step.state.to_json()
        if index < count - 1:
            stepper.next()
    version = stepper.version
    assert stepper.handle({"type": "step", "to": "next"}) is False
    assert "last step" in stepper.error and stepper.index == count - 1 and stepper.version == version + 1
    for index in range(count - 2, -1, -1):
        assert stepper.handle({"type": "step", "to": "back"})
        assert stepper.index == index and stepper.error == ""
    with pytest.raises(IllegalActionError, match="first step"):
        stepper.back()
    assert stepper.index == 0


def test_restart_goes_back_to_the_first_step() -> None:
    stepper = ScenarioStepper("LV-PASS")
    stepper.next()
    stepper.next()
    stepper.restart()
    assert stepper.index == 0 and stepper.stepper["index"] == 0
    assert stepper.board["highlight"] == list(SCENARIOS["LV-PASS"].steps[0].highlight)


@pytest.mark.parametrize("message", [
    {"type": "roll"},
    {"type": "place", "face": 5},
    {"type": "new_game"},
    {"type": "option", "name": "what_if", "value": True},
])
def test_a_stepper_takes_no_moves(message: dict[str, object]) -> None:
    stepper = ScenarioStepper("LV-ROLL", start=1)  # a roll is waiting to be placed
    before = (stepper.shown_state.to_json(), stepper.index, dict(stepper.board))
    assert stepper.handle(message) is False
    assert stepper.error
    assert (stepper.shown_state.to_json(), stepper.index, dict(stepper.board)) == before


def test_the_log_shows_what_this_step_did() -> None:
    stepper = ScenarioStepper("LV-ROLL", start=2)
    assert stepper.board["log"] == ["Benno places 4 dice on casino 3 (The Mirage)"]
    assert stepper.board["owners"][1]["player"] == "none"


def test_unknown_scenario_and_bad_start() -> None:
    with pytest.raises(ConfigError, match="no Las Vegas scenario 'LV-NOPE'"):
        ScenarioStepper("LV-NOPE")
    with pytest.raises(ConfigError, match=r"steps 0\.\.1"):
        ScenarioStepper("LV-TIE-1", start=2)


def test_a_watched_round_is_a_scenario_too() -> None:
    scenario = watch_round(players=4, seed=5, policy="greedy")
    steps = scenario.steps
    assert steps[0].state.round == 1 and steps[-1].state.round == 2
    assert steps[-1].highlight == ("payout",)
    assert "the round is over and the casinos pay" in steps[-1].narration
    assert steps[-1].narration.endswith("Round 2: Benno takes the start-player card.")
    for before, after in itertools.pairwise(steps):  # each step is exactly one more turn
        assert len(after.state.history) == len(before.state.history) + 2
    placed = sum(sum(steps[-2].state.placed_on(c)[:4]) for c in range(1, 7))
    assert placed == 31  # the last step places the 32nd die
    stepper = ScenarioStepper(scenario)
    assert stepper.stepper["id"] == "LV-WATCH" and stepper.stepper["count"] == len(steps)


def test_a_watched_neutral_round_includes_the_spare_roll() -> None:
    scenario = watch_round(players=3, seed=2, neutral=True, policy="random")
    assert "spare white dice" in scenario.steps[1].narration
    again = watch_round(players=3, seed=2, neutral=True, policy="random")
    assert [s.narration for s in again.steps] == [s.narration for s in scenario.steps]  # seeded
