"""The Lords of Vegas board widget without a browser: the projection of the printed board, the learner's
actions, refusals that change nothing, random bots to the end of a game, the odds panel, the stepper on
every rulebook example, and the widget's front-end files."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.lords_of_vegas import LOTS, Gamble, LayOff, RollDice
from vegas_tutor.lords_of_vegas.odds import gamble_odds, reorganize_odds
from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard, LordsOfVegasStepper, odds_panel, watch_turn
from vegas_tutor.tutor.lords_of_vegas.intents import parse_intent
from vegas_tutor.tutor.lords_of_vegas.projection import board_view

SYNCED = ("board", "odds", "stepper", "show_odds", "interactive")


def snapshot(widget: LordsOfVegasBoard) -> str:
    state: dict[str, Any] = widget.get_state()
    return json.dumps({k: state[k] for k in SYNCED}, sort_keys=True) + repr(widget.state.history)


def every_action(board: LordsOfVegasBoard) -> list[str]:
    return [text for group in board.board["actions"] for text in group["actions"]]


# ----------------------------------------------------------------------------------------- projection
def test_the_projection_draws_the_printed_board() -> None:
    view = LordsOfVegasBoard(players=4, seed=1).board
    assert len(view["lots"]) == 48
    assert view["lots"]["D8"]["printed"] == {"die": 2, "cost": 6, "card": "gold", "code": "Go", "strip": False}
    assert [b for b, _ in view["blocks"]["left"]] == ["A", "C", "E"]
    assert [b for b, _ in view["blocks"]["right"]] == ["B", "D", "F"]
    assert view["blocks"]["left"][1][1][0] == ["C1", "C2", "C3"] and len(view["blocks"]["left"][1][1]) == 4
    placed = sorted(lot for block in (*view["blocks"]["left"], *view["blocks"]["right"]) for row in block[1]
                    for lot in row)
    assert placed == sorted(LOTS)
    assert [p["letter"] for p in view["players"]] == ["B", "G", "R", "Y"]
    assert view["players"][0]["name"] == "You (blue)" and view["players"][1]["kind"] == "bot"
    assert json.loads(json.dumps(view)) == view  # plain JSON


def test_casinos_are_outlined_with_their_boss() -> None:
    state = SCENARIOS["LOV-REMODEL"].steps[1].state
    view = board_view(state, learner=None)
    (casino,) = [c for c in view["casinos"] if "A2" in c["lots"]]
    assert casino["size"] == 3 and casino["colour"] == "brown" and casino["boss_name"] == "Yellow"
    assert view["lots"]["A2"]["casino"] == casino["key"]
    # A2, A3, A5: A2 touches A3 (right) and A5 (below) inside the casino, so those sides are not outlined.
    assert "right" not in view["lots"]["A2"]["edges"] and "bottom" not in view["lots"]["A2"]["edges"]
    assert {"top", "left"} <= set(view["lots"]["A2"]["edges"])


def test_the_last_card_and_the_two_player_block_f() -> None:
    view = board_view(SCENARIOS["LOV-DRAW-D8"].steps[1].state, learner=None)
    assert view["last_card"] == {"card": "D8", "end": False, "colour": "gold", "code": "Go"}
    two = LordsOfVegasBoard(players=2, seed=5).board
    assert not two["lots"]["F1"]["in_play"] and two["lots"]["A1"]["in_play"]


# ----------------------------------------------------------------------------------------- playing
def test_the_learner_draws_then_acts_then_the_bots_play() -> None:
    board = LordsOfVegasBoard(players=3, seed=4, pace="all")
    assert board.board["actions"] == [{"kind": "draw", "title": "Draw a card", "actions": ["draw"],
                                     "labels": ["draw"]}]
    assert board.board["describe"] == "You draw a card (step 1 of the turn)."
    board.act("draw")
    assert board.state.phase == "play" and board.state.current_player == 0
    kinds = [g["kind"] for g in board.board["actions"]]
    assert kinds[-1] == "end" and board.board["log"]
    board.act("end turn")
    # the bots played their turns: it is the learner's draw again (or the game went on to its end)
    assert board.state.is_over or (board.state.turn == 0 and board.state.phase == "draw")
    assert board.board["learner_to_act"] == (not board.state.is_over)
    titles = [g["title"] for g in board.board["log"]]
    assert titles == ["Setup", "Round 1 · your turn", "Round 1 · Green's turn", "Round 1 · Red's turn"]


def test_the_bots_are_told_who_plays_how_the_learner_unknown() -> None:
    # The hard level plays out rivals the table says play easy (or random) by that level: the board says the
    # others are bots of its level and the learner's seat is a person's.
    from unittest import mock

    from vegas_tutor.tutor.lords_of_vegas import coaching

    told = []
    real = coaching.choose_action

    def spy(state: Any, level: str, **kw: Any) -> Any:
        told.append(kw.get("seats"))
        return real(state, level, **kw)

    with mock.patch.object(coaching, "choose_action", spy):
        board = LordsOfVegasBoard(players=3, seed=4, pace="all", bots="easy")
        board.act("draw")
        board.act("end turn")
    assert told and all(seats == [None, "easy", "easy"] for seats in told)


def test_the_others_turns_are_shown_half_a_turn_at_a_time() -> None:
    board = LordsOfVegasBoard(players=3, seed=4)  # pace "next" by default
    board.act("draw")
    board.act("end turn")
    assert board.board["waiting"] and board.state.turn == 1 and board.state.phase == "draw"
    assert not board.board["learner_to_act"] and board.board["describe"].startswith("Green draws a card")
    board.handle({"type": "next"})  # Green's card and its payouts
    assert board.board["waiting"] and board.state.turn == 1 and board.state.phase == "play"
    assert board.board["log"][-1]["title"] == "Round 1 · Green's turn"
    assert board.board["log"][-1]["lines"][0].startswith("Green draws the card")
    assert any(h.startswith("lot:") for h in board.board["highlight"])  # the drawn lot is marked
    board.handle({"type": "next"})  # Green's actions, to the end of its turn
    assert board.state.turn == 2 and board.board["waiting"]
    assert board.board["log"][-1]["lines"][-1] == "Green ends the turn."
    assert not board.handle({"type": "act", "action": "draw"}) and "not yours" in board.error
    assert board.handle({"type": "option", "name": "pace", "value": "all"})  # the rest at once
    assert board.state.is_over or (board.state.turn == 0 and board.board["learner_to_act"])
    assert not board.handle({"type": "next"}) and "nothing is waiting" in board.error


def test_the_log_keeps_the_last_whole_round() -> None:
    board = LordsOfVegasBoard(players=3, seed=4, pace="all")
    for _ in range(4):
        board.act("draw")
        board.act("end turn")
    groups = board.board["log"]
    assert len(groups) == 4 and all(g["lines"] for g in groups)  # 3 players: a whole round and the one before
    assert [g["title"] for g in groups] == ["Round 3 · Red's turn", "Round 4 · your turn", "Round 4 · Green's turn",
                                            "Round 4 · Red's turn"]


def test_random_play_reaches_the_end_of_a_game() -> None:
    board = LordsOfVegasBoard(players=4, seed=8, pace="all")
    rng = make_rng(8)
    answers = []
    for _ in range(2_000):
        if board.board["trade"]["offer"]:  # an offer from another player waits: accept one in two
            answers.append(bool(rng.integers(2)))
            assert board.handle({"type": "answer", "accept": answers[-1]}), board.error
            continue
        actions = every_action(board)
        if not actions:
            break
        board.act(actions[int(rng.integers(len(actions)))])
    assert board.state.is_over and board.board["winners"] and not board.board["learner_to_act"]
    with pytest.raises(IllegalActionError, match="game is over"):
        board.act("end turn")
    board.handle({"type": "new_game"})
    assert board.state.phase == "draw" and not board.error


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("hello", "a message must be an object"),
        ({"type": "teleport"}, "unknown message type"),
        ({"type": "act"}, "missing action"),
        ({"type": "act", "action": "draw", "extra": 1}, "unexpected fields: extra"),
        ({"type": "act", "action": ["draw"]}, "action must be an action's text"),
        ({"type": "act", "action": "x" * 200}, "action must be an action's text"),
        ({"type": "act", "action": "build gold on Z9"}, "cannot read"),
        ({"type": "act", "action": "gamble $0 at A1"}, "whole number of dollars"),
        ({"type": "act", "action": "end turn"}, "press 'draw' now"),
        ({"type": "act", "action": "roll 6 6"}, "press 'draw' now"),
        ({"type": "act", "action": "build gold on A2"}, "press 'draw' now"),
        ({"type": "step", "to": "next"}, "no steps"),
        ({"type": "step", "to": "sideways"}, "to must be one of"),
        ({"type": "option", "name": "show_odds", "value": "yes"}, "true or false"),
        ({"type": "option", "name": "volume", "value": True}, "unknown option"),
        ({"type": "inspect", "action": "gamble $4 at A1"}, "only a gamble you may make now"),
        ({"type": "option", "name": "pace", "value": "fast"}, "must be one of next, pause, all"),
        ({"type": "next"}, "nothing is waiting"),
        ({"type": "answer", "accept": True}, "no trade is offered"),
        ({"type": "answer", "accept": "yes"}, "true or false"),
        ({"type": "trade", "trade": "trade blue: $99 lots - dice - for red: $0 lots - dice -"}, "blue has only"),
        ({"type": "trade", "trade": "trade red: $1 lots - dice - for blue: $0 lots - dice -"}, "as yourself"),
        ({"type": "trade", "trade": "swap everything"}, "cannot read"),
        ({"type": "trade", "trade": 5}, "trade's text"),
    ],
)
def test_a_refused_message_changes_nothing(message: object, reason: str) -> None:
    board = LordsOfVegasBoard(players=3, seed=4)
    before = snapshot(board)
    assert board.handle(message) is False
    assert reason in board.error
    assert snapshot(board) == before


def test_an_illegal_decision_is_refused_by_the_engine() -> None:
    board = LordsOfVegasBoard(players=3, seed=4)
    board.act("draw")
    before = snapshot(board)
    assert not board.handle({"type": "act", "action": "reorganize A1"})
    assert board.error.startswith("reorganize A1:") and snapshot(board) == before
    assert not board.handle({"type": "act", "action": "draw"})  # a second draw is not the learner's to make
    assert snapshot(board) == before


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError):
        LordsOfVegasBoard(players=3, learner=3)
    with pytest.raises(ConfigError):
        LordsOfVegasStepper("LOV-NOPE")
    with pytest.raises(ConfigError):
        LordsOfVegasStepper("LOV-BUILD", start=5)


def test_every_message_kind_parses() -> None:
    assert parse_intent({"type": "new_game"}).__class__.__name__ == "NewGameIntent"
    assert parse_intent({"type": "option", "name": "show_odds", "value": False}).value is False
    assert str(parse_intent({"type": "inspect", "action": "gamble $3 at C3"}).action) == "gamble $3 at C3"


# ----------------------------------------------------------------------------------------- odds
def test_the_gamble_panel_matches_the_engine_and_a_seeded_simulation() -> None:
    state = SCENARIOS["LOV-GAMBLE"].steps[0].state
    panel = odds_panel(state, 3, inspect=Gamble("A1", 4))
    whole, half = panel["gamble"]["ways"]
    assert whole["gambler_ev"]["text"] == str(gamble_odds(4).gambler_ev)
    assert half["boss_ev"]["text"] == str(gamble_odds(4, lay_off=True).boss_ev)
    assert sum(Fraction(o["text"]) for o in whole["gambler"]) == 1
    # second method: the same bet rolled 3,000 times through the engine with seeded dice
    game = state.copy()
    game.apply(Gamble("A1", 4))
    game.apply(LayOff(False))
    rng, total, n = make_rng(11), 0, 3_000
    for _ in range(n):
        trial = game.copy()
        trial.apply(RollDice(tuple(int(v) for v in rng.integers(1, 7, size=2))))
        total += trial.money(3) - state.money(3)
    assert abs(total / n - whole["gambler_ev"]["p"]) < 0.25


def test_the_board_offers_gamble_odds_to_inspect() -> None:
    board = LordsOfVegasBoard(SCENARIOS["LOV-GAMBLE"].steps[0].state, learner=3, seed=1)
    assert board.odds["gamble"] is not None and board.odds["gambles"]
    board.handle({"type": "inspect", "action": "gamble $4 at A1"})
    assert not board.error and board.odds["gamble"]["bet"] == 4
    # the lay-off decision is the boss's: when the learner is the boss, the panel shows the bet both ways
    asked = SCENARIOS["LOV-GAMBLE"].steps[1].state
    boss = LordsOfVegasBoard(asked, learner=2, seed=1)
    assert boss.odds["gamble"]["bet"] == 4 and len(boss.odds["gamble"]["ways"]) == 2
    assert {g["kind"] for g in boss.board["actions"]} == {"layoff"}


def test_the_stepper_shows_the_odds_of_the_bet_the_example_makes() -> None:
    stepper = LordsOfVegasStepper("LOV-GAMBLE", show_odds=True)
    assert stepper.odds["gamble"]["bet"] == 4 and stepper.odds["gamble"]["casino"] == "A1"
    stepper.next()  # the bet waits for Red's answer: the same bet, both ways
    assert stepper.odds["gamble"]["bet"] == 4


def test_the_reorganize_panel_matches_the_engine() -> None:
    state = SCENARIOS["LOV-REORG"].steps[0].state
    panel = odds_panel(state, 2)
    (reorg,) = [r for r in panel["reorganize"] if r["casino"] == "A2"]
    exact = reorganize_odds(state, "A2")
    assert {r["seat"]: Fraction(r["boss"]["text"]) for r in reorg["rows"]} == exact.boss
    assert sum(Fraction(r["boss"]["text"]) for r in reorg["rows"]) == 1
    assert reorg["cost"] == 10 and reorg["exact"]


def test_the_card_panel_before_a_draw() -> None:
    state = SCENARIOS["LOV-DRAW-D8"].steps[0].state
    card = odds_panel(state, 3)["card"]
    total = sum(Fraction(x["text"]) for x in card["colours"].values()) + Fraction(card["strip"]["text"])
    assert total + Fraction(card["game_end"]["text"]) == 1
    assert len(card["gains"]) == 4


def test_hiding_the_odds() -> None:
    board = LordsOfVegasBoard(players=3, seed=4)
    assert board.handle({"type": "option", "name": "show_odds", "value": False})
    assert board.odds == {"status": "off"}


# ----------------------------------------------------------------------------------------- stepper
@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_the_stepper_walks_every_example(sid: str) -> None:
    stepper = LordsOfVegasStepper(sid, show_odds=True)
    count = stepper.stepper["count"]
    assert not stepper.handle({"type": "step", "to": "back"}) and "first step" in stepper.error
    for i in range(1, count):
        stepper.next()
        assert stepper.index == i and stepper.stepper["narration"] == SCENARIOS[sid].steps[i].narration
        assert stepper.board["highlight"] == list(SCENARIOS[sid].steps[i].highlight)
    before = snapshot(stepper)
    assert not stepper.handle({"type": "step", "to": "next"}) and "last step" in stepper.error
    assert snapshot(stepper) == before
    assert not stepper.handle({"type": "act", "action": "end turn"}) and "does not take moves" in stepper.error
    stepper.restart()
    assert stepper.index == 0 and stepper.board["actions"] == []


def test_a_watched_turn_is_a_scenario() -> None:
    scenario = watch_turn(4, seed=3, turns=2)
    assert scenario.steps[-1].narration.endswith("ends the turn.")
    stepper = LordsOfVegasStepper(scenario)
    assert stepper.stepper["id"] == "LOV-WATCH" and stepper.stepper["count"] == len(scenario.steps)
    with pytest.raises(ConfigError):
        watch_turn(4, turns=0)


def test_the_front_end_is_one_module_with_the_shared_helpers() -> None:
    esm, css = LordsOfVegasBoard._esm, LordsOfVegasBoard._css
    assert isinstance(esm, str) and "function h(" in esm and esm.rstrip().endswith("export default { render };")
    assert isinstance(css, str) and ".vt-widget" in css and ".lov-root .lov-board" in css


# ----------------------------------------------------------------------------------------- undo (issue 22.6)
def undo_board(**kw: Any) -> LordsOfVegasBoard:
    """Blue to play step 2: a lot to build on (A2), a gold casino to sprawl from and remodel (A1), a silver one
    to reorganize (D1), and Green's aqua casino to gamble at (B1)."""
    from vegas_tutor.lords_of_vegas import State

    position = State.position(4, markers={"A2": 0, "C5": 0},
                              tiles={"A1": ("gold", 0, None), "B1": ("aqua", 1, 3), "D1": ("silver", 0, 2)},
                              money=[60, 30, 30, 30], phase="play", turn=0, seed=3)
    return LordsOfVegasBoard(position, pace="all", bots="random", **kw)


@pytest.mark.parametrize("action", ["build gold on A2", "sprawl gold into A4", "remodel A1 to aqua",
                                    "gamble $3 at B1"])
def test_undo_takes_back_a_decision_exactly(action: str) -> None:
    board = undo_board()
    before = board.state.to_json()
    board.act(action)
    assert board.state.to_json() != before and board.board["undo"]["can"]
    assert board.board["undo"]["what"] == f"“{action}”"
    assert board.handle({"type": "undo"}), board.error
    assert board.state.to_json() == before  # the engine's exact undo: the same record
    assert not board.board["undo"]["can"] and board.board["learner_to_act"]
    board.act(action)  # and it can be played again
    assert board.state.history[-1] is not None


def test_undo_takes_back_a_gamble_until_it_is_rolled_and_never_the_roll() -> None:
    board = undo_board()
    before = board.state.to_json()
    board.act("gamble $3 at B1")
    assert board.state.phase == "gamble_roll"  # the boss has answered; the dice wait for Blue's click
    board.handle({"type": "undo"})
    assert board.state.to_json() == before
    board.act("gamble $3 at B1")
    board.act("roll")
    rolled, view = board.state.to_json(), dict(board.board)
    assert board.handle({"type": "undo"}) is False
    assert board.error == ("nothing was undone: dice rolled are never taken back: undo takes back what you did "
                           "since the last roll")
    assert board.state.to_json() == rolled and board.board["undo"] == view["undo"]
    assert not board.board["undo"]["can"] and "dice rolled" in board.board["undo"]["reason"]


def test_undo_never_takes_back_a_card_drawn() -> None:
    board = LordsOfVegasBoard(players=3, seed=4, pace="all", bots="random")
    assert board.board["undo"]["reason"] == "you have not decided anything yet in this game"
    board.act("draw")
    drawn = board.state.to_json()
    assert board.handle({"type": "undo"}) is False and "a card drawn is never taken back" in board.error
    assert board.state.to_json() == drawn
    build = next(a for a in every_action(board) if a.startswith("build"))
    board.act(build)
    board.act("end turn")  # at this pace the others play on to Blue's next turn: their cards and rolls are final
    after = board.state.to_json()
    assert board.handle({"type": "undo"}) is False and "never taken back" in board.error
    assert board.state.to_json() == after


def test_undo_takes_back_a_trade_and_the_end_of_a_turn() -> None:
    board = undo_board()
    before = board.state.to_json()
    board.handle({"type": "trade", "trade": "trade blue: $10 lots - dice - for green: $0 lots - dice -"})
    assert board.state.money(0) == 50 and board.board["undo"]["what"] == "your trade with Green"
    assert board.handle({"type": "undo"}), board.error
    assert board.state.to_json() == before and board.board["trade"]["answer"] == ""
    shown = LordsOfVegasBoard(players=3, seed=4, pace="next", bots="random")
    shown.act("draw")
    played = shown.state.to_json()
    shown.act("end turn")
    assert shown.board["waiting"] and shown.board["undo"]["what"] == "“end turn”"
    log = shown.board["log"]
    assert shown.handle({"type": "undo"}), shown.error
    assert shown.state.to_json() == played and not shown.board["waiting"] and shown.board["learner_to_act"]
    assert shown.board["log"] != log and "end" not in shown.board["log"][-1]["lines"][-1]


def test_undo_is_refused_on_a_board_that_shows_a_position() -> None:
    stepper = LordsOfVegasStepper("LOV-BUILD")
    before = snapshot(stepper)
    assert stepper.handle({"type": "undo"}) is False and "does not take moves" in stepper.error
    assert snapshot(stepper) == before


# ----------------------------------------------------------------------------------------- the short game (22.8)
def test_the_short_game_switch() -> None:
    board = LordsOfVegasBoard(players=3, seed=4, pace="all", bots="random")
    assert board.board["short_game"] == {"now": False, "next": False} and board.state.draws_before_end == 32
    assert board.handle({"type": "option", "name": "short_game", "value": True}), board.error
    assert board.board["short_game"] == {"now": True, "next": True}  # nothing decided yet: a short game at once
    assert board.state.config.short_game and board.state.data().end_after == 21  # (bots may have drawn since)
    board.act("draw")
    board.handle({"type": "option", "name": "short_game", "value": False})
    assert board.board["short_game"] == {"now": True, "next": False} and board.state.config.short_game
    board.handle({"type": "new_game"})
    assert not board.state.config.short_game and board.state.data().end_after == 32
    short = LordsOfVegasBoard(players=4, seed=1, short_game=True)
    assert short.state.data().end_after == 20 and json.loads(short.saved["record"])["body"]["config"] == {
        "players": 4, "short_game": True}
    assert short.handle({"type": "option", "name": "short_game", "value": "yes"}) is False
    with pytest.raises(ConfigError):
        LordsOfVegasBoard(players=4, short_game=1)  # type: ignore[arg-type]
