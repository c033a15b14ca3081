"""The Liar's Dice table widget without a browser: bidding, show and re-roll, challenges and their reveal,
refusals that change nothing, bots to the end of a game, options, the stepper on every rulebook example."""

from __future__ import annotations

import json
from typing import Any

import pytest
from table_play import play_to_end

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.liars_dice import Bid, Challenge, Roll, State
from vegas_tutor.liars_dice.scenarios import SCENARIOS
from vegas_tutor.tutor.liars_dice import LiarsDiceStepper, LiarsDiceTable, watch_round

SYNCED = ("table", "odds", "simulation", "bet", "what_if_view", "stepper", "show_odds", "bet_mode", "what_if")


def snapshot(widget: LiarsDiceTable) -> str:
    state: dict[str, Any] = widget.get_state()
    return json.dumps({k: state[k] for k in SYNCED}, sort_keys=True) + repr(widget.state.history)


def opening(seed: int = 3, players: int = 3, dice: int = 5, **kwargs: Any) -> LiarsDiceTable:
    return LiarsDiceTable(players=players, dice=dice, seed=seed, **kwargs)


def test_a_new_table_waits_for_the_learner_to_open() -> None:
    table = opening()
    t = table.table
    assert t["learner_to_act"] and not t["can_challenge"] and t["bid"] is None
    assert len(t["raises"]) == 20 * 5 + 10 and t["raises"][0]["text"] == "one 2"  # every bid of the track
    assert len(t["track"]) == 30 and t["track"][1] == {"index": 1, "quantity": 1, "star": True, "label": "★1"}
    assert t["describe"] == "You open: put the red die anywhere on the track."
    assert table.odds["status"] == "waiting" and table.odds["choices"]["status"] == "ready"


def test_a_bid_opens_the_show_choice_then_keep_lets_the_bots_play() -> None:
    table = opening(bots="odds")
    table.bid("two 3s")
    t = table.table
    assert t["awaiting_show"] and not t["learner_to_act"] and t["bid"]["text"] == "two 3s"
    assert t["bid"]["space"] == 2 and t["history"][-1]["name"] == "You"
    table.keep()
    assert not table.table["awaiting_show"]
    history = [b["name"] for b in table.table["history"]]
    assert (history[0] == "You" and len(history) >= 2) or table.table["reveal"] is not None


def test_show_and_reroll_puts_dice_in_view_and_rerolls_the_rest() -> None:
    table = opening(seed=5)
    own = table.table["players"][0]["own"]
    table.bid("one 2")
    table.show([own[0], own[1]])
    me = table.table["players"][0]
    assert me["shown"] == sorted([own[0], own[1]]) and me["hidden"] == 3 and len(me["own"]) == 3
    assert table.table["highlight"] == ["shown:0", "cup:0"]
    history = table.state.history
    shown_at = next(i for i, a in enumerate(history) if str(a).startswith("show"))
    assert isinstance(history[shown_at + 1], Roll) and len(history[shown_at + 1].faces or ()) == 3


def refused(table: LiarsDiceTable, message: object, reason: str) -> None:
    before = snapshot(table)
    assert table.handle(message) is False
    assert reason in table.error
    assert snapshot(table) == before


@pytest.mark.parametrize(("message", "reason"), [
    ({"type": "challenge"}, "there is no bid yet"),
    ({"type": "keep"}, "only right after your own bid"),
    ({"type": "next_round"}, "no reveal to leave"),
    ({"type": "show", "faces": [2]}, "only right after your own bid"),
    ({"type": "bid", "quantity": 11, "face": 1}, "the bid track has no star space 11"),
    ({"type": "bet", "guess": True}, "'place your bet' mode first"),
    ({"type": "simulate", "n": 100}, "no bid to simulate"),
    ({"type": "what_if", "own": [], "unknown": 3, "quantity": 2, "face": 3}, "switch on what-if mode"),
    ({"type": "reset"}, "nothing to reset"),
    ({"type": "step", "to": "next"}, "not playing an example"),
    ({"type": "bid", "face": 3}, "missing quantity"),
    ("challenge", "must be an object"),
])
def test_refused_messages_change_nothing(message: object, reason: str) -> None:
    refused(opening(), message, reason)


def test_moves_out_of_turn_or_out_of_order_are_refused() -> None:
    table = opening(seed=8, bots="odds")
    table.bid("three 4s")
    refused(table, {"type": "challenge"}, "first choose: show some dice")
    refused(table, {"type": "show", "faces": table.table["players"][0]["own"]}, "at least one die must stay")
    refused(table, {"type": "show", "faces": [f for f in range(1, 7) if f not in table.table["players"][0]["own"]][:1]},
            "not dice in")
    table.keep()
    if table.table["learner_to_act"]:
        last: Bid = table.state.last_bid  # type: ignore[assignment]
        refused(table, {"type": "bid", "quantity": last.quantity, "face": last.face}, "does not raise")


def test_a_challenge_reveals_every_cup_and_counts_one_by_one() -> None:
    state = State.start([5, 5, 5, 5], opener=3, seed=0)
    for faces in [(1, 4, 5, 5, 6), (2, 3, 4, 6, 6), (1, 1, 5, 5, 5), (1, 2, 3, 5, 5)]:
        state.apply(Roll(faces))  # Mary (3) rolls first, then You, Shane, Mike
    state.apply("nine 5s")
    table = LiarsDiceTable(state, names=("You", "Shane", "Mike", "Mary"), seed=1)
    assert table.table["can_challenge"]
    table.challenge()
    reveal = table.table["reveal"]
    assert reveal["count"] == 11 and reveal["losses"] == [2, 0, 0, 0] and reveal["reason"] == "difference"
    orders = [d["order"] for seat in (3, 0, 1, 2) for d in reveal["cups"][seat]["dice"] if d["match"]]
    assert orders == list(range(1, 12))  # counted cup by cup from the bidder, Mary
    assert "You lose 2 dice" in reveal["words"] and "Mary wins the challenge" in reveal["words"]


@pytest.mark.parametrize(("sid", "words", "losses"), [
    ("LD-COUNT", "Exactly 5: a perfect bid. Everyone but the bidder loses one die: Shane, Mike and Mary.",
     [0, 1, 1, 1]),
    ("LD-CHALLENGE-1", "That is 2 more than the bid", [2, 0, 0, 0]),
    ("LD-CHALLENGE-2", "That is 1 short of the bid: the bid was false, so the bidder pays the difference. "
     "Mary loses 1 die.", [0, 0, 0, 1]),
    ("LD-CHALLENGE-3", "Exactly 14: a perfect bid", [1, 1, 1, 0]),
    ("LD-SHOW", "Counting 6s and stars: 12. That is 1 more than the bid", [0, 1, 0, 0]),
    ("LD-DIEHARD", "Die Hard: You keep a last die", [0, 0, 1, 1]),
    ("LD-NEXT-ROUND", "Mike wins the challenge and opens the next round.", [0, 1, 0]),
    ("LD-END", "Only Shane has dice left: the game is over.", [1, 0, 0]),
])
def test_every_rulebook_challenge_is_told_with_the_rulebook_numbers(sid: str, words: str, losses: list[int]) -> None:
    stepper = LiarsDiceStepper(sid)
    challenge_step = next(i for i, s in enumerate(stepper.scenario.steps) if s.state.last_challenge is not None)
    for _ in range(challenge_step):
        stepper.next()
    reveal = stepper.table["reveal"]
    assert words in reveal["words"]
    assert reveal["losses"] == losses


def test_the_stepper_walks_every_scenario_and_stops_at_both_ends() -> None:
    for sid, scenario in SCENARIOS.items():
        stepper = LiarsDiceStepper(sid)
        assert stepper.table["players"][stepper.viewer]["name"] == "You"
        for i in range(1, len(scenario.steps)):
            stepper.next()
            assert stepper.stepper["index"] == i and stepper.stepper["narration"] == scenario.steps[i].narration
        with pytest.raises(IllegalActionError, match="last step"):
            stepper.next()
        stepper.restart()
        with pytest.raises(IllegalActionError, match="first step"):
            stepper.back()
        assert stepper.handle({"type": "bid", "quantity": 9, "face": 6}) is False
        assert "shows a position" in stepper.error
    with pytest.raises(ConfigError, match="no Liar's Dice scenario"):
        LiarsDiceStepper("LD-NOPE")


def test_a_watched_round_ends_with_its_challenge() -> None:
    watched = watch_round(players=3, dice=3, seed=4)
    assert watched.steps[0].highlight == ("cup:0",)
    assert watched.steps[-1].state.last_challenge is not None and watched.steps[-1].highlight == ("count",)
    stepper = LiarsDiceStepper(watched)
    assert [p["name"] for p in stepper.table["players"]] == ["You", "Shane", "Mike"]


@pytest.mark.parametrize("bots", ["random", "odds"])
def test_bots_play_a_whole_game_to_its_end(bots: str) -> None:
    table = opening(seed=11, players=4, dice=3, bots=bots)
    play_to_end(table)
    assert table.table["is_over"] and len(table.table["winners"]) == 1
    assert table.state.is_over and sum(1 for c in table.state.dice_counts if c) == 1
    assert table.handle({"type": "challenge"}) is False and "game is over" in table.error
    table.handle({"type": "new_game"})
    assert table.table["total_dice"] == 12 and not table.table["is_over"]


def test_a_random_bot_never_shows_the_learners_dice() -> None:
    for seed in range(6):
        table = opening(seed=seed, players=2, dice=5, bots="random")
        table.bid("one 2")
        table.keep()
        assert table.table["players"][0]["shown"] == [] or table.table["reveal"] is not None


def test_options_switch_the_panels() -> None:
    table = opening()
    assert table.handle({"type": "option", "name": "show_odds", "value": False})
    assert table.odds == {"status": "off", "reason": "The odds are hidden."}
    assert table.handle({"type": "option", "name": "bots", "value": "random"}) and table.bots_policy == "random"
    assert table.handle({"type": "option", "name": "what_if", "value": True}) and table.what_if_view["own"]
    with pytest.raises(ConfigError):
        LiarsDiceTable(players=2, viewer=2)
    with pytest.raises(ConfigError):
        LiarsDiceTable(players=2, bots="greedy")
    with pytest.raises(ConfigError):
        LiarsDiceTable(players=2, names=("A", "A"))


def test_an_odds_bot_challenges_a_bid_that_is_more_likely_false() -> None:
    state = State.start([2, 2], seed=0)
    state.apply(Roll((2, 5)))
    state.apply(Roll((1, 6)))
    table = LiarsDiceTable(state, names=("You", "Shane"), bots="odds", seed=0)
    table.bid("four 5s")
    table.keep()
    assert isinstance(table.state.history[-1], Challenge)
    assert table.table["reveal"]["losses"] == [2, 0] and table.table["is_over"]


def test_after_a_challenge_the_bots_wait_until_the_learner_starts_the_next_round() -> None:
    state = State.start([3, 3, 3], opener=0, seed=0)
    for faces in [(2, 2, 2), (3, 4, 5), (3, 4, 6)]:
        state.apply(Roll(faces))
    state.apply("one 6")  # Shane's bid; You (seat 1) challenge it
    table = LiarsDiceTable(state, names=("Shane", "You", "Mike"), viewer=1, seed=3, bots="odds")
    table.challenge()  # exactly one 6: a perfect bid, so Shane wins and opens the next round
    t = table.table
    assert t["paused"] and not t["learner_to_act"] and t["reveal_fresh"] and t["history"] == []
    assert t["describe"] == "The cups are lifted: read the count, then press Next round."
    refused(table, {"type": "bid", "quantity": 5, "face": 5}, "press 'Next round'")
    assert table.handle({"type": "next_round"})
    assert not table.table["paused"] and table.table["history"][0]["name"] == "Shane"
