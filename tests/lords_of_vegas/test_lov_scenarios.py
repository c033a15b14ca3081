"""Every LOV-* worked example of docs/rules.md is a scenario, with the rulebook's numbers.

The numbers are checked here, not while the scenarios are built: each assertion's message names the fact, so
a wrong narration or an engine change fails a test and the module still imports.
"""

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


def test_setup_numbers() -> None:
    steps = SCENARIOS["LOV-SETUP"].steps
    dealt = steps[1].state
    assert dealt.money(BLUE) == 4 + 7, "Blue's cards B4 ($4) and A1 ($7) give $11"
    assert dealt.marker("B4") == BLUE and dealt.marker("A1") == BLUE
    assert len(dealt.deck_cards()) == 41 and GAME_END in dealt.deck_cards()
    assert steps[2].state.draws_before_end == 30, "40 cards in 4 piles of 10; Game End on top of the 4th"
    started = steps[3].state
    assert started.turn == GREEN and started.phase == "draw", "the highest start roll begins"


def test_draw_d8_numbers() -> None:
    after = SCENARIOS["LOV-DRAW-D8"].steps[1].state
    assert after.marker("D8") == YELLOW, "Yellow marks D8"
    assert after.money(GREEN) == after.money(YELLOW) == 10 + 1 + 6, "markers $1; gold dice $6 each"
    assert after.money(BLUE) == 10 + 2 and after.money(RED) == 10, "Blue's die pays $2; brown and purple do not pay"
    assert [after.score(p) for p in range(4)] == [0, 3, 0, 1], "1 point for the 1-tile casino, 3 for the 3-tile one"


def test_strip_numbers() -> None:
    steps = SCENARIOS["LOV-STRIP"].steps
    for step in steps:  # (a drawn card changes no casino)
        strip = {c.key: c.strip for c in step.state.casinos()}
        assert strip == {"A1": False, "A3": True, "C3": True, "D9": False}, "which casinos touch the Strip"
    s = steps[1].state
    assert s.money(RED) == 5 and s.money(BLUE) == 10 and s.money(GREEN) == 4, "Strip casinos pay their dice"
    assert s.money(YELLOW) == 1 and [s.score(p) for p in range(4)] == [3, 0, 1, 0], "D9 and A1 pay nothing"


def test_track_numbers() -> None:
    steps = SCENARIOS["LOV-TRACK"].steps
    assert len(steps) == 6
    for i, (points, to) in enumerate(((1, 8), (2, 10), (3, 10), (4, 12), (5, 12))):
        assert steps[i].state.score(RED) == to, f"8 + {points} points lands on {to}"
    assert steps[5].state.score(RED) == 8, "three 1-tile casinos score one at a time: 8 stays 8"


def test_build_sprawl_remodel_reorganize_numbers() -> None:
    build = SCENARIOS["LOV-BUILD"].steps[1].state
    assert build.money(RED) == 50 - 6 and build.tile("A2") == "gold" and build.die("A2") == (RED, 2), (
        "build A2 for $6, die 2")
    before, after = (step.state for step in SCENARIOS["LOV-SPRAWL"].steps)
    assert Sprawl("A3", "gold") not in before.legal_actions(), "no sprawl into A3, which Yellow owns"
    assert before.money(RED) - after.money(RED) == 18 and after.die("A5") == (RED, 3), (
        "sprawl into A5 for $18 (double $9)")
    before, after = (step.state for step in SCENARIOS["LOV-REMODEL"].steps)
    assert before.money(RED) - after.money(RED) == 10, "remodel 2 tiles for $10"
    (casino,) = after.casinos()
    assert casino.lots == ("A2", "A3", "A5") and casino.boss == YELLOW, "merged; Yellow's 5 beats Red's 3"
    assert casino.colour == "brown"
    steps = SCENARIOS["LOV-REORG"].steps
    assert steps[0].state.money(RED) - steps[1].state.money(RED) == 10, "reorganize for $10 (10 pips)"
    done = steps[3].state
    assert done.casinos()[0].boss == RED and done.die("A5") == (RED, 5), "Red's 5 makes Red the boss"
    assert Reorganize("A2") not in done.legal_actions(), "no second reorganize of the same casino this turn"


def test_gamble_numbers() -> None:
    steps = SCENARIOS["LOV-GAMBLE"].steps
    assert max(a.bet for a in steps[0].state.legal_actions() if isinstance(a, Gamble)) == 15, (
        "$5 per tile: $15 at a 3-tile casino")
    paid = steps[3].state
    assert paid.money(YELLOW) == 24 and paid.money(RED) == 16, "a 3 wins: Yellow takes $4 from Red"


def test_tie_numbers() -> None:
    steps = SCENARIOS["LOV-TIE"].steps
    tied = steps[1].state
    assert tied.phase == "tie_roll" and tied.pending_dice == ("C2", "C4"), "the two 5s tie for the top"
    settled = steps[2].state
    (casino,) = settled.casinos()
    assert settled.phase == "play" and casino.boss == GREEN and casino.size == 5, "Green's 4 is highest"
    assert casino.colour == "brown" and sorted(v for _, _, v in casino.dice) == [2, 2, 3, 3, 4]


def test_end_numbers() -> None:
    steps = SCENARIOS["LOV-END"].steps
    over = steps[1].state
    assert over.is_over and over.score(BLUE) == 12 and over.score(GREEN) == 14, "the Strip pays one last time"
    assert over.winners == [GREEN], "most points wins"
    assert steps[2].state.winners == [BLUE], "equal points: more money wins"
    ninety = steps[3].state
    assert ninety.is_over and ninety.winners == [RED] and ninety.score(RED) == 90, "90 points wins at once"


def test_scenario_states_are_independent_copies() -> None:
    s = SCENARIOS["LOV-BUILD"].steps[0].state.copy()
    s.apply("build aqua on A2")
    assert SCENARIOS["LOV-BUILD"].steps[0].state.marker("A2") == RED
