"""The JSON projections the browser draws: board, payout words, odds and outlook."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vegas_tutor.las_vegas import State, new_game
from vegas_tutor.las_vegas.odds import bill_outlook, bills_now, placement_odds
from vegas_tutor.las_vegas.scenarios import SCENARIOS
from vegas_tutor.resources import widget_file
from vegas_tutor.tutor.las_vegas.odds_panel import fraction_text, odds_view, outlook_view
from vegas_tutor.tutor.las_vegas.projection import board_view, owner_labels


def test_board_view_of_the_payout_round_before_it_ends() -> None:
    start = SCENARIOS["LV-TIE-1"].steps[0].state
    board = board_view(start, humans=(), highlight=("casino:2",))
    json.dumps(board)  # plain JSON all the way down
    assert board["round"] == 1 and board["phase"] == "roll" and board["players"] == 4
    assert board["turn"] == {"seat": 3, "name": "Denny", "human": False, "you": False}
    caesars = board["casinos"][1]
    assert caesars["number"] == 2 and caesars["name"] == "Caesars Palace"
    assert caesars["bills"] == [80_000, 30_000, 10_000]
    assert caesars["dice"] == [5, 3, 3, 1]
    assert caesars["now"] == [80_000, 0, 0, 30_000]  # Benno and Carla tie and cancel (LV-TIE-1)
    assert board["casinos"][0]["now"] == [0, 0, 0, 0]  # everyone cancels at the Golden Nugget (LV-TIE-2)
    assert board["highlight"] == ["casino:2"]
    assert [h["own"] for h in board["hands"]] == [0, 0, 0, 1]
    assert board["roll"] is None and board["last_payout"] is None and not board["just_paid"]
    assert board["describe"] == "Round 1 of 4. Denny's turn: roll."


def test_board_view_right_after_the_payout_tells_every_casino_in_words() -> None:
    paid = SCENARIOS["LV-TIE-1"].steps[1].state
    board = board_view(paid, humans=())
    assert board["just_paid"] and board["round"] == 2
    payout = board["last_payout"]
    assert payout["round"] == 1
    words = {c["number"]: c["words"] for c in payout["casinos"]}
    assert words[2] == ("Dice: Anna 5, Benno 3, Carla 3, Denny 1. Tie: Benno and Carla cancel. "
                        "Anna takes $80k and Denny takes $30k. $10k back under the pile.")
    assert words[1] == ("Dice: Anna 2, Benno 1, Carla 2, Denny 1. Tie: Anna, Benno, Carla and Denny cancel. "
                        "Nobody is paid. $60k back under the pile.")
    assert words[5] == "Dice: Benno 2. Benno takes $40k. $40k back under the pile."
    assert words[6] == "Dice: Benno 2, Carla 3, Denny 1. Carla takes $70k and Benno takes $20k."
    assert payout["casinos"][1]["takes"] == [{"owner": 0, "name": "Anna", "bill": 80_000},
                                             {"owner": 3, "name": "Denny", "bill": 30_000}]


def test_white_dice_in_the_payout_words_and_the_owners() -> None:
    paid = SCENARIOS["LV-NEUTRAL-PAY-1"].steps[1].state
    board = board_view(paid, humans=(0,))
    mirage = board["last_payout"]["casinos"][2]
    assert mirage["white_bill"] == 80_000
    assert mirage["words"] == ("Dice: Benno 2, white 3. Benno takes $30k and the white dice win $80k. "
                               "$80k back under the pile.")
    assert [o["label"] for o in board["owners"]] == ["A", "B", "C", "D", "W"]
    assert board["owners"][-1]["kind"] == "white" and board["owners"][0]["player"] == "you"
    assert board["owners"][1]["player"] == "bot"
    assert board_view(paid, humans=(), bots=False)["owners"][1]["player"] == "none"


def test_the_board_shows_the_bill_white_blocks_now_from_python() -> None:
    """The board draws white's "blocks $80k now" from the projection: the browser computes no payout."""
    before = SCENARIOS["LV-NEUTRAL-PAY-1"].steps[0].state
    mirage = board_view(before, humans=())["casinos"][2]
    assert mirage["dice"][1] == 2 and mirage["dice"][-1] == 3
    assert mirage["now"][1] == 30_000 and mirage["now"][-1] == 80_000
    assert mirage["tied"] == [] and board_view(SCENARIOS["LV-TIE-1"].steps[0].state, humans=())["casinos"][1][
        "tied"] == [1, 2]  # Caesars Palace: Benno's and Carla's 3 dice cancel
    js = widget_file("las_vegas.js").read_text(encoding="utf-8")
    assert "blocks" in js and "whiteVerdict" not in js and "tally" not in js


def test_roll_is_grouped_by_face_with_white_dice() -> None:
    rolled = SCENARIOS["LV-NEUTRAL-ROLL"].steps[1].state
    roll = board_view(rolled, humans=())["roll"]
    assert [(g["face"], g["own"], g["white"]) for g in roll["groups"]] == [(1, 2, 1), (5, 1, 0), (6, 0, 1)]


def test_labels_stay_distinct_and_never_clash_with_white() -> None:
    state = new_game(4, neutral=True, seed=1, names=["Anna", "Alex", "Wanda", "Bo"])
    assert owner_labels(state) == ["A", "2", "3", "B", "W"]


def test_the_learner_called_you_gets_proper_grammar() -> None:
    state = new_game(2, seed=3, names=["You", "Benno"])
    assert board_view(state, humans=(0,))["describe"] == "Round 1 of 4. Your turn: roll."
    state.apply("roll 1 2 2 3 3 3 5 6")
    state.apply("place 3")
    state.apply("roll 4 4 4 4 4 4 4 4")
    state.apply("place 4")
    log = board_view(state, humans=(0,))["log"]
    assert log[-4:] == ["You roll 1 2 2 3 3 3 5 6", "You place 3 dice on casino 3 (The Mirage)",
                        "Benno rolls 4 4 4 4 4 4 4 4", "Benno places 8 dice on casino 4 (Sahara)"]


def test_fraction_text() -> None:
    assert fraction_text(Fraction(80_000)) == "$80,000"
    assert fraction_text(Fraction(100_000, 3)) == "$33,333.33 (= 100,000/3)"


def _late_position() -> State:
    """Two dice left for Anna, one for Benno: the odds are also enumerated exactly."""
    return State.position(
        2, casino_bills=[[60_000], [80_000, 30_000], [50_000], [90_000], [40_000, 40_000], [70_000, 20_000]],
        placed={1: [3, 2], 2: [2, 3], 4: [1, 2]}, turn=0, seed=5,
    )


def test_odds_view_matches_the_engine_and_exact_agrees_with_simulation() -> None:
    state = _late_position()
    state.apply("roll 3 5")
    odds = placement_odds(state, policy="random", target_stderr=500, seed=1)
    view = odds_view(odds, state)
    json.dumps(view)
    assert view["status"] == "ready" and view["name"] == "Anna" and view["assumption"] == "random"
    assert [f["face"] for f in view["faces"]] == [3, 5]
    assert sum(f["best"] for f in view["faces"]) == 1
    for face, engine in zip(view["faces"], odds.faces, strict=True):
        assert face["expected"] == engine.expected and face["stderr"] == engine.stderr
        assert face["exact"] is not None
        assert face["exact"]["value"] == float(engine.exact)  # type: ignore[arg-type]
        # the second method: the seeded simulation agrees with the exact enumeration
        assert abs(face["expected"] - face["exact"]["value"]) <= 4 * face["stderr"] + 1e-9
        assert len(face["chances"]) == 6
        for casino in face["chances"]:
            assert all(0.0 <= b["p"] <= 1.0 for b in casino["bills"])


def test_outlook_view_now_is_the_exact_payout_and_totals_add_up() -> None:
    state = _late_position()
    view = outlook_view(bill_outlook(state, policy="greedy", n=500, seed=2), state)
    json.dumps(view)
    assert [row["now"] for row in view["rows"]] == [list(r) for r in bills_now(state)]
    assert view["total_now"] == [sum(r["now"][o] for r in view["rows"]) for o in range(2)]
    assert view["dice_left"] == 3 and view["assumption"] == "greedy"
    assert all(row["exact"] is not None for row in view["rows"])
    for row in view["rows"]:
        for exact, mean, err in zip(row["exact"], row["by_end"], row["stderr"], strict=True):
            assert abs(exact["value"] - mean) <= 4 * err + 1.0


@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_every_scenario_step_projects_to_json(sid: str) -> None:
    for step in SCENARIOS[sid].steps:
        json.dumps(board_view(step.state, humans=(), highlight=step.highlight, bots=False))


def test_the_last_payout_names_its_round_even_from_a_mid_game_position() -> None:
    from vegas_tutor.las_vegas.scenarios import SCENARIOS

    end = SCENARIOS["LV-END"].steps[-1].state
    assert end.is_over and board_view(end, humans=())["last_payout"]["round"] == 4
