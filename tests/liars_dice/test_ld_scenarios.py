"""Every LD-* example of docs/rules.md is a scenario, with the rulebook's numbers."""

import re
from pathlib import Path

import pytest

from vegas_tutor.liars_dice import STAR, Bid, ChallengeResult, Show, State, count_matches
from vegas_tutor.liars_dice.scenarios import SCENARIOS, SEAT_NAMES

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def final(id_: str) -> State:
    return SCENARIOS[id_].steps[-1].state


def result(id_: str) -> ChallengeResult:
    r = final(id_).last_challenge
    assert r is not None
    return r


def seat(id_: str, name: str) -> int:
    return SEAT_NAMES[id_].index(name)


def test_every_catalogue_id_has_a_scenario() -> None:
    ids = {"LD-COUNT", "LD-OPEN-NUM", "LD-OPEN-STAR", "LD-RAISE-FACE", "LD-RAISE-QTY", "LD-RAISE-STAR",
           "LD-CHALLENGE-1", "LD-CHALLENGE-2", "LD-CHALLENGE-3", "LD-SHOW", "LD-DIEHARD", "LD-NEXT-ROUND",
           "LD-END"}
    assert set(re.findall(r"^\| (LD-[A-Z0-9-]+) \|", RULES.read_text(encoding="utf-8"), flags=re.M)) == ids
    assert set(SCENARIOS) == ids and set(SEAT_NAMES) == ids
    for id_, scenario in SCENARIOS.items():
        assert scenario.id == id_ and scenario.title and scenario.steps
        assert len(SEAT_NAMES[id_]) == scenario.steps[0].state.players
        for step in scenario.steps:
            assert step.narration.strip() and isinstance(step.state, State)


def test_steps_are_snapshots() -> None:
    steps = SCENARIOS["LD-CHALLENGE-1"].steps
    assert steps[0].state.last_bid is None and steps[1].state.last_bid == Bid(9, 5)
    assert steps[0].state is not steps[-1].state


def test_count() -> None:
    r = result("LD-COUNT")
    you = seat("LD-COUNT", "You")
    assert count_matches(r.cups[you], 5) == 2 and r.cups[you].count(5) == 2
    for other in range(1, 4):
        assert r.cups[other].count(STAR) == 1 and 5 not in r.cups[other]
    assert r.bid == Bid(5, 5) and r.count == 5


def test_openings() -> None:
    assert final("LD-OPEN-NUM").last_bid == Bid(5, 5) and str(Bid(5, 5)) == "five 5s"
    assert final("LD-OPEN-STAR").last_bid == Bid(3, STAR) and str(Bid(3, STAR)) == "three stars"
    for id_ in ("LD-OPEN-NUM", "LD-OPEN-STAR"):
        before = SCENARIOS[id_].steps[0].state
        assert len(before.legal_actions()) == 110  # the opener may bid anywhere on the track


def test_raises_over_four_threes() -> None:
    over = SCENARIOS["LD-RAISE-FACE"].steps[1].state.copy()
    assert over.last_bid == Bid(4, 3) and over.may_show == over.bidder  # the bidder decides on a show first
    over.apply("no show")
    legal = set(over.legal_actions())
    same_space = {b for b in legal if isinstance(b, Bid) and b.space == Bid(4, 3).space}
    assert same_space == {Bid(4, 4), Bid(4, 5), Bid(4, 6)}
    assert {Bid(5, 2), Bid(6, 5), Bid(7, 3), Bid(3, STAR)} <= legal
    assert Bid(4, 2) not in legal and Bid(2, STAR) not in legal
    face = [s.state.last_bid for s in SCENARIOS["LD-RAISE-FACE"].steps[2:]]
    assert face == [Bid(4, 4), Bid(4, 5), Bid(4, 6)]
    quantity = [s.state.last_bid for s in SCENARIOS["LD-RAISE-QTY"].steps[2:]]
    assert quantity == [Bid(5, 2), Bid(6, 5), Bid(7, 3)]
    assert final("LD-RAISE-STAR").last_bid == Bid(3, STAR) > Bid(4, 3)


def test_challenge_1() -> None:
    r = result("LD-CHALLENGE-1")
    you = seat("LD-CHALLENGE-1", "You")
    dice = [d for cup in r.cups for d in cup]
    assert r.bid == Bid(9, 5) and dice.count(5) == 7 and dice.count(STAR) == 4 and r.count == 11
    assert r.challenger == you and r.losses[you] == 2 and sum(r.losses) == 2
    assert final("LD-CHALLENGE-1").dice_counts[you] == 3


def test_challenge_2() -> None:
    r = result("LD-CHALLENGE-2")
    mary = seat("LD-CHALLENGE-2", "Mary")
    assert r.bid == Bid(6, STAR) and r.count == 5 and r.bidder == mary
    assert r.losses[mary] == 1 and sum(r.losses) == 1 and r.winner == seat("LD-CHALLENGE-2", "You")


def test_challenge_3_perfect_bid() -> None:
    r = result("LD-CHALLENGE-3")
    mary = seat("LD-CHALLENGE-3", "Mary")
    assert r.bid == Bid(14, 2) and r.count == 14 and r.perfect
    assert r.losses == tuple(0 if s == mary else 1 for s in range(4)) and r.winner == mary


def test_show_and_reroll() -> None:
    steps = SCENARIOS["LD-SHOW"].steps
    you = seat("LD-SHOW", "You")
    assert steps[0].state.hidden[you] == (STAR, 4, 4, 6)
    assert steps[1].state.last_bid == Bid(10, 6) and steps[2].state.last_bid == Bid(11, 6)
    assert Show((STAR, 6)) in steps[2].state.legal_actions()
    shown = steps[3].state
    assert shown.shown[you] == (STAR, 6) and shown.is_chance and shown.current_player == you
    assert len(shown.chance_outcomes()) == 21  # the two 4s are re-rolled
    rerolled = steps[4].state
    assert rerolled.hidden[you] == (3, 6) and rerolled.shown[you] == (STAR, 6)
    assert 6 in rerolled.observation(seat("LD-SHOW", "Shane")).shown[you]
    r = result("LD-SHOW")
    assert r.cups[you] == (STAR, 3, 6, 6) and r.count == 12 and r.losses[seat("LD-SHOW", "Shane")] == 1


def test_die_hard() -> None:
    id_ = "LD-DIEHARD"
    start = SCENARIOS[id_].steps[0].state
    names = SEAT_NAMES[id_]
    assert dict(zip(names, start.dice_counts, strict=True)) == {"You": 1, "Shane": 4, "Mike": 3, "Mary": 3}
    r = result(id_)
    assert r.bid == Bid(8, 5) and r.count == 8 and r.perfect
    assert r.bidder == seat(id_, "Mary") and r.challenger == seat(id_, "Shane")
    lost = dict(zip(names, r.losses, strict=True))
    assert lost == {"You": 0, "Mary": 0, "Shane": 1, "Mike": 1}
    assert r.saved_by_die_hard == (seat(id_, "You"),)
    assert final(id_).dice_counts[seat(id_, "You")] == 1


def test_next_round() -> None:
    steps = SCENARIOS["LD-NEXT-ROUND"].steps
    mike = seat("LD-NEXT-ROUND", "Mike")
    after = steps[2].state
    assert after.last_challenge is not None and after.last_challenge.winner == mike
    assert after.is_chance and after.opener == mike and after.current_player == mike
    reopened = steps[3].state
    assert reopened.current_player == mike and len(reopened.legal_actions()) == 110
    assert final("LD-NEXT-ROUND").bids == ((mike, Bid(7, 4)),)


def test_end() -> None:
    s = final("LD-END")
    shane = seat("LD-END", "Shane")
    assert s.is_over and s.winners == [shane] and s.current_player is None
    assert sum(1 for c in s.dice_counts if c) == 1


@pytest.mark.parametrize("id_", sorted(SCENARIOS))
def test_scenarios_replay_from_json(id_: str) -> None:
    for step in SCENARIOS[id_].steps:
        assert State.from_json(step.state.to_json()).to_json() == step.state.to_json()
