"""``ScenarioStepper``: Back / Next / Restart within bounds, narration and highlight, no moves taken."""

from __future__ import annotations

import itertools

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.las_vegas.scenarios import SCENARIOS
from vegas_tutor.tutor import ScenarioStepper, watch_round
from vegas_tutor.tutor.las_vegas.projection import board_view
from vegas_tutor.tutor.las_vegas.stepper import paying, round_end_view


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
        shown = paying(scenario.steps, index)
        if shown is not None:  # a payout step: the round's last picture (tested below)
            expected = {**expected, **round_end_view(step.state, *shown)}
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
    turns, payout = steps[:-8], steps[-8:]  # the turns, then the last die, each casino paying, the deal
    assert steps[0].state.round == 1 and steps[-1].state.round == 2
    assert [s.highlight[0] for s in payout] == ["round-end", *(f"casino:{c}" for c in range(1, 7)), "casinos"]
    assert "That was the last die: the round is over" in payout[0].narration
    assert payout[1].narration.startswith("Casino 1, Golden Nugget, pays. ")
    assert "Round 2: Benno takes the start-player card." in payout[-1].narration
    for before, after in itertools.pairwise([*turns, payout[0]]):  # each step is exactly one more turn
        assert len(after.state.history) == len(before.state.history) + 2
    assert {s.state.to_json() for s in payout} == {payout[0].state.to_json()}  # the payout: one position
    placed = sum(sum(turns[-1].state.placed_on(c)[:4]) for c in range(1, 7))
    assert placed == 31  # the step after the turns places the 32nd die
    stepper = ScenarioStepper(scenario)
    assert stepper.stepper["id"] == "LV-WATCH" and stepper.stepper["count"] == len(steps)


def test_a_watched_round_pays_on_the_board_casino_by_casino() -> None:
    """Issue 22.3: while the narration pays round 1, the board keeps each casino's dice and bills (not the next
    round's deal), the money grows casino by casino, and only the last step shows the fresh deal."""
    scenario = watch_round(players=4, seed=2024, policy="greedy")
    steps = scenario.steps
    first = len(steps) - 8
    paid_state = steps[-1].state
    payouts = paid_state.payouts[-1]
    stepper = ScenarioStepper(scenario, start=first)
    board = stepper.board
    assert board["round"] == 1 and board["describe"].startswith("Round 1 is over")
    assert [c["dice"] for c in board["casinos"]] == [list(p.dice) for p in payouts]
    assert sum(sum(c["dice"][:4]) for c in board["casinos"]) == 32  # every die still on its casino
    assert [c["bills"] for c in board["casinos"]] == [list(p.bills) for p in payouts]
    assert [h["money"] for h in board["hands"]] == [0, 0, 0, 0] and board["last_payout"] is None
    pile_before = board["pile"]
    for casino in range(1, 7):
        stepper.next()
        board = stepper.board
        assert board["highlight"] == [f"casino:{casino}"] and board["round"] == 1
        for c, p in zip(board["casinos"], payouts, strict=True):
            assert c["dice"] == list(p.dice)
            assert c["bills"] == ([] if c["number"] < casino else list(p.bills))  # paid before: bills gone
        here = board["casinos"][casino - 1]
        assert here["tied"] == list(payouts[casino - 1].cancelled)
        assert [here["now"][s] for s in range(4)] == [payouts[casino - 1].takes.get(s, 0) for s in range(4)]
        so_far = [sum(p.takes.get(s, 0) for p in payouts[:casino]) for s in range(4)]
        assert [h["money"] for h in board["hands"]] == so_far
        assert [c["number"] for c in board["last_payout"]["casinos"]] == list(range(1, casino + 1))
        assert board["pile"] == pile_before + sum(len(p.returned) for p in payouts[:casino])
    stepper.next()  # the deal of round 2: fresh bills, no dice, everything paid
    board = stepper.board
    assert board["round"] == 2 and board["just_paid"] and not any(sum(c["dice"]) for c in board["casinos"])
    assert board["pile"] + sum(len(c["bills"]) for c in board["casinos"]) == pile_before + sum(
        len(p.returned) for p in payouts)  # the deal takes the next round's bills from that pile
    assert [h["money"] for h in board["hands"]] == [paid_state.money(s) for s in range(4)]


def test_the_rulebook_payouts_show_the_paying_casino_with_its_dice_and_bills() -> None:
    """LV-TIE-1's payout step and lesson 01.02's step-through (its examples one after another)."""
    tie = ScenarioStepper("LV-TIE-1", start=1)
    caesars = tie.board["casinos"][1]
    assert (caesars["dice"], caesars["bills"], caesars["tied"]) == ([5, 3, 3, 1], [80_000, 30_000, 10_000], [1, 2])
    assert caesars["now"] == [80_000, 0, 0, 30_000] and tie.board["round"] == 1
    assert tie.board["turn"]["seat"] is None and "Round 2" not in tie.board["describe"]
    examples = ("LV-TIE-1", "LV-PAY-1", "LV-TIE-2", "LV-PAY-2", "LV-PAY-3")
    before = SCENARIOS["LV-TIE-1"].steps[0].state
    steps = (Step("Denny is about to place his last die.", before, ("seat:3",)),
             *(SCENARIOS[e].steps[-1] for e in examples))
    lesson = ScenarioStepper(Scenario(", ".join(examples), "One round's payout, casino by casino", steps))
    assert lesson.board["round"] == 1 and sum(sum(c["dice"]) for c in lesson.board["casinos"]) == 31
    bills_seen = []
    for _example in examples:
        lesson.next()
        bills_seen.append([c["bills"] for c in lesson.board["casinos"]])
        assert sum(sum(c["dice"]) for c in lesson.board["casinos"]) == 32 and lesson.board["round"] == 1
    assert bills_seen[0][1] == [80_000, 30_000, 10_000] == bills_seen[1][1]  # Caesars pays in two steps
    assert bills_seen[2][1] == [] and bills_seen[2][0] == [60_000]  # then Golden Nugget: Caesars has paid
    assert bills_seen[4][0] == bills_seen[4][1] == bills_seen[4][4] == [] and bills_seen[4][5] == [70_000, 20_000]
    assert [h["money"] for h in lesson.board["hands"]] == [80_000, 60_000, 70_000, 30_000]


def test_a_watched_neutral_round_includes_the_spare_roll() -> None:
    scenario = watch_round(players=3, seed=2, neutral=True, policy="random")
    assert "spare white dice" in scenario.steps[1].narration
    again = watch_round(players=3, seed=2, neutral=True, policy="random")
    assert [s.narration for s in again.steps] == [s.narration for s in scenario.steps]  # seeded
