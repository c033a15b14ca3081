"""One valuation of trades (:mod:`vegas_tutor.lords_of_vegas.trade_value`): both sides' figures, and the bots
and the board's players answering and proposing by it alike."""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.lords_of_vegas import Offer, State, Trade, bots, trade_value
from vegas_tutor.lords_of_vegas.trade_value import MARGIN, best_offer, marker_value, standing, value_trade
from vegas_tutor.tutor.lords_of_vegas import trading

BLUE, GREEN, RED, YELLOW = range(4)


def board() -> State:
    return State.position(
        4,
        tiles={"A2": ("gold", BLUE, 5), "A3": ("gold", GREEN, 3), "C1": ("silver", RED, 6)},
        markers={"A1": GREEN, "A5": RED, "C2": YELLOW, "B2": BLUE},
        money=[30, 10, 40, 40], draws_before_end=20, seed=1,
    )


def test_money_is_worth_its_face_to_both_sides() -> None:
    s = board()
    for amount in (1, 7, 30):
        v = value_trade(s, Trade(BLUE, GREEN, Offer(money=amount), Offer()))
        assert v.first.gain == pytest.approx(-amount) and v.second.gain == pytest.approx(amount)
        assert v.first.gives == pytest.approx(amount) and v.second.gets == pytest.approx(amount)
        assert not v.first.accepts and v.second.accepts  # a gift: the giver refuses, the taker accepts
        assert v.second.net == pytest.approx(amount)  # the giver's loss does not count against the taker


def test_a_lot_is_worth_its_marker_value_and_a_fair_price_splits_the_difference() -> None:
    s = board()
    worth = marker_value(s, GREEN, "A1")
    assert worth == pytest.approx(standing(s, GREEN) - standing(_without_marker(s, "A1"), GREEN))
    for price, seller_accepts in ((int(worth) - 3, False), (int(worth) + 3, True)):
        v = value_trade(s, Trade(RED, GREEN, Offer(money=price), Offer(lots=("A1",))))
        assert v.second.gives == pytest.approx(worth)
        assert v.second.gain == pytest.approx(price - worth)
        assert v.second.accepts is seller_accepts
        assert v.side(GREEN) is v.second and v.side(RED) is v.first


def _without_marker(s: State, lot: str) -> State:
    """The same position with the marker on ``lot`` set up as Blue's (a second route to its worth)."""
    markers = {x: s.marker(x) for x in ("A1", "A5", "C2", "B2")} | {lot: BLUE}
    tiles = {"A2": ("gold", BLUE, 5), "A3": ("gold", GREEN, 3), "C1": ("silver", RED, 6)}
    return State.position(4, tiles=tiles, markers=markers, money=[30, 10, 40, 40], draws_before_end=20, seed=1)


def test_the_bots_and_the_board_answer_every_trade_alike() -> None:
    s = board()
    trades = [
        Trade(BLUE, GREEN, Offer(money=9), Offer(lots=("A1",))),
        Trade(BLUE, GREEN, Offer(money=25), Offer(lots=("A1",))),
        Trade(RED, YELLOW, Offer(lots=("A5",)), Offer(money=3)),
        Trade(RED, YELLOW, Offer(lots=("A5",)), Offer(money=20)),
        Trade(GREEN, BLUE, Offer(dice=("A3",)), Offer(money=12)),
        Trade(BLUE, RED, Offer(money=20), Offer(money=1)),
    ]
    for trade in trades:
        v = value_trade(s, trade)
        for seat in (trade.first, trade.second):
            side = v.side(seat)
            assert side.accepts is (side.net >= MARGIN)
            bot, reason = bots.trade_opinion(s, trade, seat)
            assert bot is side.accepts and reason.startswith("Yes" if bot else "No")
            assert trading.trade_opinion(s, trade, seat)[0] is side.accepts


def test_offers_are_ones_both_sides_accept_and_the_same_for_bots_and_board() -> None:
    s = board()
    made = 0
    for seat in range(4):
        offer = best_offer(s, seat)
        assert offer == bots.propose_trade(s, seat) == trading.propose_trade(s, seat)
        if offer is not None:
            made += 1
            v = value_trade(s, offer)
            assert v.agreed and v.side(seat).gain >= MARGIN and offer.first == seat
            s.copy().propose_trade(offer)
    assert made > 0


def test_bad_trades_are_refused_and_change_nothing() -> None:
    s = board()
    before = repr(s.data())
    with pytest.raises(IllegalActionError):
        value_trade(s, Trade(BLUE, GREEN, Offer(money=99), Offer()))  # Blue has $30
    with pytest.raises(ConfigError):
        value_trade(s, "trade")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        value_trade(s, Trade(BLUE, GREEN, Offer(money=1), Offer())).side(RED)
    with pytest.raises(ConfigError):
        best_offer(s, 7)
    assert repr(s.data()) == before
    assert trade_value.best_offer(s.copy(), BLUE, partner=GREEN) in (None, best_offer(s, BLUE, partner=GREEN))
