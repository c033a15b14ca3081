"""The lessons' own Lords of Vegas step-throughs (``LOV-X-*``) do what their narration says.

These checks were made while the examples were built, at import; as tests, a wrong narration fails here and
the module still imports.
"""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.core.scenario import Scenario
from vegas_tutor.i18n import using
from vegas_tutor.lords_of_vegas import rules
from vegas_tutor.lords_of_vegas.actions import Reorganize
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.scenarios import EXAMPLES, SCENARIOS, market_position
from vegas_tutor.lords_of_vegas.trades import Offer, Trade

BLUE, GREEN, RED, YELLOW = range(4)


def at(key: str, step: int) -> State:
    return EXAMPLES[key].steps[step].state


def test_the_examples_are_their_own_catalogue_and_well_formed() -> None:
    assert list(EXAMPLES) == ["LOV-X-TRADE-LOT", "LOV-X-TRADE-LAYOFF", "LOV-X-TRADE-ACTION", "LOV-X-TILE-DRAW",
                              "LOV-X-DICE", "LOV-X-TWO", "LOV-X-SHORT", "LOV-X-MARKERS"]
    assert not set(EXAMPLES) & set(SCENARIOS)
    for key, example in EXAMPLES.items():
        assert isinstance(example, Scenario) and example.id == key and example.title and example.steps
        assert all(step.narration and isinstance(step.state, State) for step in example.steps)


def test_the_old_home_still_exports_them() -> None:
    from vegas_tutor.tutor.lords_of_vegas import examples

    assert examples.EXAMPLES is EXAMPLES and examples.market_position is market_position


def test_trade_a_lot() -> None:
    bought = at("LOV-X-TRADE-LOT", 1)
    assert bought.marker("A5") == YELLOW and bought.money(RED) == 11 and bought.money(YELLOW) == 12
    casino = at("LOV-X-TRADE-LOT", 2).casino_at("A5")
    assert casino is not None and casino.size == 3 and casino.boss == YELLOW


def test_trade_while_a_lay_off_is_pending() -> None:
    asked = at("LOV-X-TRADE-LAYOFF", 0)
    assert asked.phase == "layoff" and asked.current_player == RED
    with using("en"), pytest.raises(IllegalActionError, match="only money and lots"):
        asked.copy().propose_trade(Trade(RED, GREEN, Offer(dice=("C2",)), Offer(money=4)))
    assert at("LOV-X-TRADE-LAYOFF", 1).to_json() == asked.to_json()  # (the refused offer changed nothing)
    sold = at("LOV-X-TRADE-LAYOFF", 2)
    assert sold.money(RED) == 8 and sold.marker("B2") == GREEN
    paid = at("LOV-X-TRADE-LAYOFF", 3)
    assert paid.money(RED) == 3 and paid.money(BLUE) == 25  # a lay-off: Red pays $5, the bank $5


def test_sell_an_action_of_this_turn() -> None:
    assert Reorganize("D1") in at("LOV-X-TRADE-ACTION", 0).legal_actions()
    after = at("LOV-X-TRADE-ACTION", 1)
    assert after.turn == RED and after.money(GREEN) == 25


def test_draw_a_lot_that_holds_a_tile() -> None:
    drawn = at("LOV-X-TILE-DRAW", 1)
    casino = drawn.casino_at("A2")
    assert drawn.die("A2") == (GREEN, 5) and casino is not None and casino.boss == GREEN
    assert at("LOV-X-TILE-DRAW", 2).die("A5") == (GREEN, 3)  # a tile without a die: the printed value


def test_the_dice_supply() -> None:
    assert at("LOV-X-DICE", 0).dice_left(BLUE) == 0
    moved = at("LOV-X-DICE", 1)
    assert moved.die("A2") == (BLUE, 2) and moved.die("C1") is None and moved.tile("C1") == "aqua"
    choosing = at("LOV-X-DICE", 2)
    assert choosing.phase == "draw_move" and choosing.current_player == BLUE
    done = at("LOV-X-DICE", 3)
    assert done.die("A3") == (BLUE, 4) and done.die("C2") is None


def test_the_game_for_two() -> None:
    start = at("LOV-X-TWO", 0)
    assert not any(rules.in_play(start.data(), f"F{i}") for i in range(1, 10))
    after = at("LOV-X-TWO", 1)  # an F card pays, then its drawer draws again
    assert after.phase == "draw" and after.turn == BLUE and after.marker("F3") is None and after.money(BLUE) == 8


def test_a_boss_short_of_money() -> None:
    paid = at("LOV-X-SHORT", 2)
    assert paid.money(RED) == 0 and paid.money(YELLOW) == 23


def test_markers_run_out() -> None:
    assert at("LOV-X-MARKERS", 0).markers_left(BLUE) == 0
    drawn = at("LOV-X-MARKERS", 1)
    assert drawn.marker("D4") is None and drawn.money(BLUE) == 15 and drawn.money(GREEN) == 8


def test_the_market_position() -> None:
    s = market_position()
    assert s.players == 4 and s.phase == "play" and s.turn == BLUE and s.money(BLUE) == 24
