"""Every LOV-* worked example of docs/rules.md is a scenario, with the rulebook's numbers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vegas_tutor.core.scenario import Scenario
from vegas_tutor.lords_of_vegas import GAME_END, Gamble, Reorganize, Sprawl, State
from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
BLUE, GREEN, RED, YELLOW = range(4)


def test_every_catalogue_id_has_a_scenario() -> None:
    ids = re.findall(r"^\| (LOV-[A-Z0-9-]+) \|", RULES.read_text(encoding="utf-8"), flags=re.M)
    assert ids and list(SCENARIOS) == ids


@pytest.mark.parametrize("key", list(SCENARIOS))
def test_scenarios_are_well_formed_and_replayable(key: str) -> None:
    scenario = SCENARIOS[key]
    assert isinstance(scenario, Scenario) and scenario.id == key and scenario.title
    for step in scenario.steps:
        assert step.narration and isinstance(step.state, State)
        assert all(isinstance(h, str) and ":" in h for h in step.highlight)
        assert State.from_json(step.state.to_json()).to_json() == step.state.to_json()


def last(key: str) -> State:
    return SCENARIOS[key].steps[-1].state


def test_setup_numbers() -> None:
    s = SCENARIOS["LOV-SETUP"].steps[1].state
    assert s.money(BLUE) == 4 + 7 and s.marker("B4") == BLUE and s.marker("A1") == BLUE
    assert s.draws_before_end == 30 and len(s.deck_cards()) == 41 and GAME_END in s.deck_cards()
    assert last("LOV-SETUP").turn == GREEN


def test_draw_d8_numbers() -> None:
    before, after = (step.state for step in SCENARIOS["LOV-DRAW-D8"].steps)
    gained = [after.money(p) - before.money(p) for p in range(4)]
    assert gained == [2, 1 + 6, 0, 1 + 6]
    assert [after.score(p) for p in range(4)] == [0, 3, 0, 1]


def test_strip_numbers() -> None:
    s = last("LOV-STRIP")
    strip = {c.key: c.strip for c in s.casinos()}
    assert strip == {"A1": False, "A3": True, "C3": True, "D9": False}
    assert [s.score(p) for p in range(4)] == [3, 0, 1, 0]


def test_track_numbers() -> None:
    scores = [step.state.score(RED) for step in SCENARIOS["LOV-TRACK"].steps]
    assert scores == [8, 10, 10, 12, 12, 8]


def test_build_sprawl_remodel_reorganize_numbers() -> None:
    build = last("LOV-BUILD")
    assert build.money(RED) == 50 - 6 and build.tile("A2") == "gold" and build.die("A2") == (RED, 2)
    before, after = (step.state for step in SCENARIOS["LOV-SPRAWL"].steps)
    assert Sprawl("A3", "gold") not in before.legal_actions()
    assert before.money(RED) - after.money(RED) == 18
    before, after = (step.state for step in SCENARIOS["LOV-REMODEL"].steps)
    assert before.money(RED) - after.money(RED) == 10
    assert after.casinos()[0].boss == YELLOW and after.casinos()[0].colour == "brown"
    steps = SCENARIOS["LOV-REORG"].steps
    assert steps[0].state.money(RED) - steps[1].state.money(RED) == 10
    done = steps[-1].state
    assert done.casinos()[0].boss == RED and Reorganize("A2") not in done.legal_actions()


def test_gamble_numbers() -> None:
    steps = SCENARIOS["LOV-GAMBLE"].steps
    assert max(a.bet for a in steps[0].state.legal_actions() if isinstance(a, Gamble)) == 15
    assert steps[-1].state.money(YELLOW) - steps[0].state.money(YELLOW) == 4
    assert steps[0].state.money(RED) - steps[-1].state.money(RED) == 4


def test_tie_numbers() -> None:
    steps = SCENARIOS["LOV-TIE"].steps
    assert steps[1].state.pending_dice == ("C2", "C4")
    (casino,) = last("LOV-TIE").casinos()
    assert casino.boss == GREEN and casino.colour == "brown" and casino.size == 5
    assert sorted(v for _, _, v in casino.dice) == [2, 2, 3, 3, 4]


def test_end_numbers() -> None:
    steps = SCENARIOS["LOV-END"].steps
    assert steps[1].state.is_over and steps[1].state.winners == [GREEN]
    assert steps[2].state.winners == [BLUE]
    assert steps[3].state.winners == [RED] and steps[3].state.score(RED) == 90


def test_scenario_states_are_independent_copies() -> None:
    s = SCENARIOS["LOV-BUILD"].steps[0].state.copy()
    s.apply("build aqua on A2")
    assert SCENARIOS["LOV-BUILD"].steps[0].state.marker("A2") == RED
