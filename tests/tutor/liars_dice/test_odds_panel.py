"""The odds panel: exact odds checked by enumerating every roll of the hidden dice, the seeded simulation
converging to them, expected losses checked by enumeration, "place your bet" and what-if through the table."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from vegas_tutor.liars_dice import Bid, Roll, State, challenge_losses, count_matches
from vegas_tutor.tutor.liars_dice import LiarsDiceTable
from vegas_tutor.tutor.liars_dice.odds_panel import CountSimulation, OddsView, bid_panel, choices_panel


def enumerate_counts(known: tuple[int, ...], unknown: int, face: int) -> dict[int, Fraction]:
    """P(count = c) by listing every roll of the hidden dice."""
    out: dict[int, Fraction] = {}
    rolls = list(product(range(1, 7), repeat=unknown))
    for roll in rolls:
        c = count_matches(known + roll, face)
        out[c] = out.get(c, Fraction(0)) + Fraction(1, len(rolls))
    return out


@pytest.mark.parametrize(("own", "shown", "unknown", "bid"), [
    ((5, 5), (), 3, Bid(5, 5)),
    ((1, 2, 3), (6,), 4, Bid(4, 6)),
    ((1, 1), (), 4, Bid(3, 1)),
    ((), (), 2, Bid(1, 1)),
    ((4, 4, 4), (1,), 0, Bid(5, 4)),
    ((2,), (), 3, Bid(6, 2)),
])
def test_exact_odds_agree_with_listing_every_roll(own: tuple[int, ...], shown: tuple[int, ...], unknown: int,
                                                  bid: Bid) -> None:
    panel = bid_panel(OddsView(own, shown, unknown, bid))
    listed = enumerate_counts(own + shown, unknown, bid.face)
    at_least = sum((p for c, p in listed.items() if c >= bid.quantity), Fraction(0))
    assert Fraction(panel["at_least"]["text"]) == at_least
    assert Fraction(panel["exactly"]["text"]) == listed.get(bid.quantity, Fraction(0))
    for row in panel["distribution"]:
        assert Fraction(row["text"]) == listed[row["count"]]
        assert row["true"] == (row["count"] >= bid.quantity) and row["bid"] == (row["count"] == bid.quantity)
    assert panel["beyond"] == (bid.quantity > max(listed))


def test_the_distribution_drops_only_a_negligible_tail() -> None:
    panel = bid_panel(OddsView((2, 3), (), 18, Bid(4, 5)))
    assert sum(row["p"] for row in panel["distribution"]) > 0.998
    assert panel["distribution"][0]["count"] == 0 and panel["p_match"] == "1/3"
    assert panel["expected_count"] == pytest.approx(6.0)


def test_the_seeded_simulation_converges_to_the_exact_odds() -> None:
    view = OddsView((1, 5), (5,), 12, Bid(7, 5))
    exact = bid_panel(view)["at_least"]["p"]
    sim = CountSimulation(view, seed=42)
    for n in (100, 1_000, 10_000, 10_000):
        sim.run(n)
    result = sim.view(view.bid)
    assert result["n"] == 21_100 and [h["n"] for h in result["history"]] == [100, 1_100, 11_100, 21_100]
    assert abs(result["at_least"]["p"] - exact) < 4 * result["at_least"]["stderr"]
    again = CountSimulation(view, seed=42)
    for n in (100, 1_000, 10_000, 10_000):
        again.run(n)
    assert again.view(view.bid) == result  # seeded: the same rolls again


def test_expected_losses_agree_with_listing_every_roll() -> None:
    state = State.start([2, 2, 2], seed=0)
    for faces in [(2, 5), (1, 6), (3, 5)]:
        state.apply(Roll(faces))
    state.apply("two 5s")  # seat 0 bids and keeps its cup; seat 1 (the viewer) is to act
    state.apply("no show")
    obs = state.observation(1)
    rows = choices_panel(obs)["rows"]
    challenge = rows[0]
    assert challenge["kind"] == "challenge"
    expected = Fraction(0)
    rolls = list(product(range(1, 7), repeat=4))
    for roll in rolls:
        count = count_matches((1, 6, *roll), 5)
        expected += Fraction(challenge_losses(Bid(2, 5), count, bidder=0, challenger=1, dice_counts=(2, 2, 2))[1],
                             len(rolls))
    assert Fraction(challenge["loss_text"]) == expected
    assert all(r["quantity"] <= 6 for r in rows) and not any("best" in r for r in rows)  # no ranking on one move


def test_place_your_bet_hides_the_odds_until_the_learner_guesses() -> None:
    table = LiarsDiceTable(players=3, dice=4, seed=12, bots="odds", bet_mode=True)
    assert table.odds["status"] == "waiting"  # nothing to bet on before a bid
    table.bid("one 2")
    table.keep()
    if not table.table["can_challenge"]:
        pytest.skip("the bots challenged at once")
    assert table.odds["status"] == "bet" and "distribution" not in table.odds
    assert table.handle({"type": "simulate", "n": 100}) and table.simulation["status"] == "off"  # no peeking
    assert table.handle({"type": "bet", "guess": True})
    assert table.odds["status"] == "ready" and table.bet["guess"] is True and table.bet["made"] == 1
    assert table.handle({"type": "bet", "guess": False}) is False and "already" in table.error
    assert table.simulation["status"] == "ready" and table.simulation["n"] == 100
    assert table.handle({"type": "option", "name": "what_if", "value": True})
    assert table.odds["status"] == "ready"  # what-if explores freely: no bet asked
    assert table.handle({"type": "bet", "guess": True}) is False and "leave what-if mode" in table.error


def test_what_if_changes_the_odds_and_reset_brings_the_real_game_back() -> None:
    table = LiarsDiceTable(players=4, dice=5, seed=5, bots="odds", what_if=True)
    real = dict(table.odds)
    assert table.what_if_view["unknown"] == 15 and not table.what_if_view["explored"]
    assert table.handle({"type": "what_if", "own": [1, 1, 6], "unknown": 9, "quantity": 6, "face": 6})
    odds = table.odds
    exact = bid_panel(OddsView((1, 1, 6), (), 9, Bid(6, 6)))["at_least"]
    assert odds["what_if"] and odds["at_least"] == exact and table.what_if_view["explored"]
    assert table.handle({"type": "simulate", "n": 1000}) and table.simulation["n"] == 1000
    assert table.handle({"type": "what_if", "own": [1, 1, 6], "unknown": 9, "quantity": 7, "face": 6})
    assert table.simulation["n"] == 1000  # the same dice rolled: the simulation carries on for the new bid
    assert table.handle({"type": "what_if", "own": [1, 1, 6], "unknown": 9, "quantity": 7, "face": 5})
    assert table.simulation["status"] == "off"  # another face: another simulation
    refused = table.handle({"type": "what_if", "own": [], "unknown": 9, "quantity": 11, "face": 1})
    assert refused is False and "no star space 11" in table.error and table.odds["at_least"]["text"] != ""
    assert table.handle({"type": "reset"}) and not table.what_if_view["explored"]
    assert table.odds == real
