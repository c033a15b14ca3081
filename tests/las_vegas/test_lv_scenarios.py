"""Every Las Vegas example of the rulebook, replayed by the engine, with the rulebook's numbers."""

import re
from pathlib import Path

import pytest

from vegas_tutor.las_vegas import Place, State
from vegas_tutor.las_vegas.scenarios import SCENARIOS

IDS = ["LV-SETUP", "LV-ROLL", "LV-PASS", "LV-TIE-1", "LV-TIE-2", "LV-PAY-1", "LV-PAY-2", "LV-PAY-3", "LV-ROUND",
       "LV-END", "LV-NEUTRAL-ROLL", "LV-NEUTRAL-PAY-1", "LV-NEUTRAL-PAY-2", "LV-NEUTRAL-3P"]
RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_every_catalogue_id_has_a_scenario():
    assert sorted(SCENARIOS) == sorted(IDS)
    catalogue = re.findall(r"^\| (LV-[A-Z0-9-]+) \|", RULES.read_text(encoding="utf-8"), flags=re.M)
    assert catalogue == IDS


@pytest.mark.parametrize("sid", IDS)
def test_scenarios_are_well_formed(sid):
    scenario = SCENARIOS[sid]
    assert scenario.id == sid and scenario.title and len(scenario.steps) >= 2
    for step in scenario.steps:
        assert isinstance(step.state, State) and len(step.narration) > 20
        assert step.narration[0].isupper()


def payout(state, casino):
    return state.payouts[-1][casino - 1]


def test_setup():
    steps = SCENARIOS["LV-SETUP"].steps
    assert all(not s.state.bills_on(c) for s in steps[:1] for c in range(1, 7))
    final = steps[-1].state
    for c in range(1, 7):
        assert sum(final.bills_on(c)) >= 50_000
        assert list(final.bills_on(c)) == sorted(final.bills_on(c), reverse=True)
    assert final.bills_on(1) == (30_000, 20_000, 10_000)
    assert len(final.pile) == 54 - sum(len(final.bills_on(c)) for c in range(1, 7))


def test_roll_all_dice_of_a_face():
    steps = SCENARIOS["LV-ROLL"].steps
    rolled = steps[1].state
    assert rolled.current_roll[0] == (0, 0, 4, 0, 1, 0)
    assert rolled.legal_actions() == [Place(3), Place(5)]  # never a subset of the 3s
    assert steps[2].state.placed_on(3)[1] == 4 and steps[2].state.in_hand(1) == 1
    last = steps[4].state
    assert last.current_player == 1 and last.legal_actions() == [Place(5)]


def test_pass_and_several_turns():
    steps = SCENARIOS["LV-PASS"].steps
    assert [steps[i].state.current_player for i in (2, 4, 6)] == [1, 1, 1]
    assert steps[-1].state.round == 2


def test_ties_cancel():
    paid = SCENARIOS["LV-TIE-1"].steps[-1].state
    assert payout(paid, 2).cancelled == (1, 2)  # Benno and Carla, 3 dice each
    paid = SCENARIOS["LV-TIE-2"].steps[-1].state
    assert payout(paid, 1).cancelled == (0, 1, 2, 3) and payout(paid, 1).takes == {}


def test_payouts():
    paid = SCENARIOS["LV-PAY-1"].steps[-1].state
    assert payout(paid, 2).takes == {0: 80_000, 3: 30_000} and payout(paid, 2).returned == (10_000,)
    paid = SCENARIOS["LV-PAY-2"].steps[-1].state
    assert payout(paid, 5).takes == {1: 40_000} and payout(paid, 5).returned == (40_000,)
    paid = SCENARIOS["LV-PAY-3"].steps[-1].state
    assert payout(paid, 6).takes == {2: 70_000, 1: 20_000} and 3 not in payout(paid, 6).takes


def test_next_round():
    start, _, paid = (s.state for s in SCENARIOS["LV-ROUND"].steps)
    assert start.round == 1 and start.start_player == 0
    assert paid.round == 2 and paid.start_player == 1 and paid.current_player == 1
    assert all(sum(paid.bills_on(c)) >= 50_000 for c in range(1, 7))
    assert [paid.in_hand(s) for s in range(4)] == [8, 8, 8, 8]


def test_end():
    _, won_on_bills, shared = (s.state for s in SCENARIOS["LV-END"].steps)
    assert won_on_bills.is_over and won_on_bills.money(0) == won_on_bills.money(1) == 330_000
    assert len(won_on_bills.bills_won(0)) == 6 and len(won_on_bills.bills_won(1)) == 5
    assert won_on_bills.winners == [0]
    assert shared.winners == [0, 1]


def test_neutral_roll():
    rolled = SCENARIOS["LV-NEUTRAL-ROLL"].steps[1].state
    assert rolled.current_player == 2
    assert rolled.legal_actions() == [Place(1), Place(5), Place(6)]
    own, white = rolled.current_roll
    assert own[0] + white[0] == 3 and own[5] == 0 and white[5] == 1
    after = SCENARIOS["LV-NEUTRAL-ROLL"].steps[2].state
    assert after.placed_on(6)[4] == 1 and after.placed_on(6)[2] == 0


def test_neutral_payouts():
    paid = SCENARIOS["LV-NEUTRAL-PAY-1"].steps[-1].state
    assert payout(paid, 3).white_bill == 80_000 and payout(paid, 3).takes == {1: 30_000}
    assert 80_000 in payout(paid, 3).returned
    paid = SCENARIOS["LV-NEUTRAL-PAY-2"].steps[-1].state
    assert payout(paid, 6).takes == {2: 70_000} and payout(paid, 6).white_bill == 40_000
    assert 0 not in payout(paid, 6).takes


def test_three_player_spares():
    spare, rolled = (s.state for s in SCENARIOS["LV-NEUTRAL-3P"].steps)
    assert spare.phase == "spare" and spare.current_player == 0
    assert rolled.placed_on(2)[3] == 1 and rolled.placed_on(5)[3] == 1 and rolled.phase == "roll"
