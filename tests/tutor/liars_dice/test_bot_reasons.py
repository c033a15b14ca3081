"""Each opponent decision on the Liar's Dice table says which simple rule its level followed (EN and ES)."""

from __future__ import annotations

from typing import Any

import pytest

from vegas_tutor.i18n import using
from vegas_tutor.liars_dice import Roll, new_game
from vegas_tutor.liars_dice.actions import Challenge, NoShow
from vegas_tutor.liars_dice.bots import choose_action
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.tutor import coaching
from vegas_tutor.tutor.liars_dice.board import LiarsDiceTable
from vegas_tutor.tutor.liars_dice.bot_reasons import decision_reason
from vegas_tutor.tutor.liars_dice.coaching import OPPONENTS

RULES = {
    "en": {"random": "random level: ", "odds": "odds level: ", "easy": "easy level: ", "medium": "medium level: ",
           "hard": "hard level: "},
    "es": {"random": "nivel al azar: ", "odds": "nivel por probabilidades: ", "easy": "nivel fácil: ",
           "medium": "nivel medio: ", "hard": "nivel difícil: "},
}
ONLY = {"en": "the only move it had", "es": "la única jugada que tenía"}


@pytest.fixture(autouse=True)
def reviews_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coaching, "running_loop", lambda: None)


def play(table: LiarsDiceTable, moves: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Play the learner's seat (lowest raise, keep, challenge every third chance, next round) and collect every
    bid line and reveal seen."""
    lines: dict[tuple[int, str, str], dict[str, Any]] = {}
    reveals: dict[str, dict[str, Any]] = {}
    for move in range(moves):
        t = table.table
        for entry in t["history"]:
            lines[(entry["seat"], entry["text"], entry["why"])] = {
                **entry, "bot": t["players"][entry["seat"]]["player"] == "bot"}
        if t["reveal"] is not None:
            r = t["reveal"]
            reveals[r["words"]] = {**r, "bot": t["players"][r["challenger"]]["player"] == "bot"}
        if t["is_over"]:
            assert table.handle({"type": "new_game"}), table.error
        elif t["paused"]:
            assert table.handle({"type": "next_round"}), table.error
        elif t["awaiting_show"]:
            assert table.handle({"type": "keep"}), table.error
        elif t["can_challenge"] and (move % 3 == 0 or not t["raises"]):
            assert table.handle({"type": "challenge"}), table.error
        elif t["learner_to_act"]:
            low = t["raises"][0]
            assert table.handle({"type": "bid", "quantity": low["quantity"], "face": low["face"]}), table.error
    return list(lines.values()), list(reveals.values())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_bot_bid_and_challenge_says_its_level_s_rule(lang: str) -> None:
    bot_challenges = 0
    with using(lang):
        for level in OPPONENTS:
            table = LiarsDiceTable(players=3, dice=2 if level == "hard" else 3, seed=7, bots=level,
                                   show_odds=False)
            lines, reveals = play(table, 12 if level == "hard" else 30)
            rule = RULES[lang][level]
            bots = [line for line in lines if line["bot"]]
            assert len(bots) >= 3, (level, lines)
            assert all(line["why"].startswith((rule, ONLY[lang])) for line in bots), (level, bots)
            assert any(line["why"].startswith(rule) for line in bots), (level, bots)
            assert all(line["why"] == "" for line in lines if not line["bot"]), (level, lines)
            for r in reveals:
                assert (r["why"].startswith((rule, ONLY[lang])) if r["bot"] else r["why"] == ""), (level, r)
                bot_challenges += r["bot"]
    assert bot_challenges >= 3


def test_a_medium_show_or_keep_is_joined_to_its_bid_and_a_new_game_drops_the_old_reasons() -> None:
    table = LiarsDiceTable(players=4, dice=5, seed=3, bots="medium", show_odds=False)
    joined = []
    for _move in range(40):
        t = table.table
        joined += [e["why"] for e in t["history"] if "; it keeps its cup, as " in e["why"]
                   or "; its bid needs the others’ dice, so it shows" in e["why"]]
        if t["paused"]:
            table.handle({"type": "next_round"})
        elif t["awaiting_show"]:
            table.handle({"type": "keep"})
        elif t["can_challenge"] and not t["raises"]:
            table.handle({"type": "challenge"})
        elif t["learner_to_act"]:
            low = t["raises"][0]
            table.handle({"type": "bid", "quantity": low["quantity"], "face": low["face"]})
        elif t["is_over"]:
            break
    assert joined and all(w.startswith("medium level: ") and w.count("medium level") == 1
                          for w in joined), joined
    assert table.handle({"type": "new_game"}), table.error
    assert all(id(e) in {id(x) for x in table.state.entries} for e, _ in table._reasons.values())


def test_the_reason_follows_what_the_bot_really_did() -> None:
    game = new_game(2, dice=3, seed=1)
    game.apply(Roll((2, 2, 5)))
    game.apply(Roll((3, 4, 6)))
    assert decision_reason(game, Bid(1, 2), "easy").startswith("easy level: it opens on the face it holds most")
    game.apply(Bid(2, 2))
    assert decision_reason(game, NoShow(), "easy") == "easy level: it never shows"
    assert decision_reason(game, NoShow(), "odds") == "odds level: it never shows"
    game.apply(NoShow())
    assert decision_reason(game, Challenge(), "odds").startswith("odds level: it challenges")
    opening = new_game(2, dice=5, seed=0)
    opening.apply(Roll((2, 2, 4, 4, 6)))
    opening.apply(Roll((1, 1, 1, 2, 5)))
    said = {}  # the medium level's bluff and its plain bid are told apart, as it made them
    for seed in range(60):
        action = choose_action(opening, "medium", seed=seed)
        said[action] = decision_reason(opening, action, "medium")
    assert said == {Bid(1, 2): "medium level: it bids what is most likely true from what it sees",
                    Bid(2, 2): "medium level: now and then it bids one step past the bid most likely true, as a bluff"}
    assert decision_reason(game, Roll(), "medium") == "" and decision_reason(game, Challenge(), "nobody") == ""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hard_with_one_die_each_says_it_plays_the_solved_endgame(lang: str) -> None:
    game = new_game(2, dice=1, seed=3)
    game.apply(Roll((4,)))
    game.apply(Roll((2,)))
    action = choose_action(game, "hard", seed=5)
    with using(lang):
        reason = decision_reason(game, action, "hard")
        two_dice = new_game(2, dice=2, seed=3)
        two_dice.apply(Roll((4, 1)))
        two_dice.apply(Roll((2, 2)))
        searched = decision_reason(two_dice, choose_action(two_dice, "hard", seed=5), "hard")
    assert reason.startswith(RULES[lang]["hard"])
    assert ("solved" if lang == "en" else "resuelta") in reason
    assert ("solved" if lang == "en" else "resuelta") not in searched


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hard_says_it_trusts_a_last_rival_little(lang: str) -> None:
    """Only in the endgame against one rival (four dice or fewer on the table) does hard read bids warily."""
    games = [new_game(2, dice=2, seed=3), new_game(3, dice=2, seed=3), new_game(2, dice=3, seed=3)]
    for game in games:
        while game.is_chance:
            game.apply(Roll())
    with using(lang):
        said = [decision_reason(g, choose_action(g, "hard", seed=5), "hard") for g in games]
    wary = "trusts little" if lang == "en" else "se fía poco"
    assert all(s.startswith(RULES[lang]["hard"]) for s in said)
    assert [wary in s for s in said] == [True, False, False]
