"""The coach on Lords of Vegas trades: its answer is the bots' (one valuation), its loss is recomputed from the
seats' standings by hand, its advice matches what the bots would do, and bad input is refused; and the easy
level's beginner trades."""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError
from vegas_tutor.lords_of_vegas import LOTS, State
from vegas_tutor.lords_of_vegas.bots import beginner_accepts, choose_action, easy_accepts, easy_offer
from vegas_tutor.lords_of_vegas.engine import new_game
from vegas_tutor.lords_of_vegas.trade_coach import (
    TradeChoice,
    advise_trade,
    parse_trade_choice,
    review_trade,
    win_chance,
)
from vegas_tutor.lords_of_vegas.trade_value import (
    MARGIN,
    accepts,
    after_trade,
    best_offer,
    standing,
)
from vegas_tutor.lords_of_vegas.trades import TRADE_PHASES, Offer, Trade, parse_trade

BLUE, GREEN, RED = 0, 1, 2


def positions(games: int = 3, every: int = 9) -> list[State]:
    """Positions where trades may happen, from easy-bot games."""
    found = []
    for seed in range(games):
        s = new_game(4, seed=seed)
        step = 0
        while not s.is_over:
            if s.phase in TRADE_PHASES and step % every == 0:
                found.append(s.copy())
            s.apply(choose_action(s, "easy", seed=step))
            step += 1
    return found


def trades_of(s: State) -> list[Trade]:
    """Buying each marked lot for a few prices, from the lot's owner, by every other seat that can pay."""
    out = []
    for lot in LOTS:
        owner = s.marker(lot)
        if owner is None:
            continue
        for buyer in range(s.players):
            for price in (3, 9, 20):
                if buyer != owner and price <= s.money(buyer):
                    out.append(Trade(buyer, owner, Offer(money=price), Offer(lots=(lot,))))
    return out


def net_by_hand(s: State, trade: Trade, seat: int) -> float:
    """The seat's change of standing, less its partner's positive change shared among the partner's rivals."""
    after = after_trade(s, trade)
    partner = trade.second if seat == trade.first else trade.first

    def change(p: int) -> float:
        return sum(standing(a, p) for a in after) / len(after) - standing(s, p)

    return change(seat) - max(change(partner), 0.0) / (s.players - 1)


def test_the_coach_answers_as_the_bots_and_its_loss_is_the_standings_by_hand() -> None:
    checked = agreed = 0
    for s in positions():
        for trade in trades_of(s)[:6]:
            try:
                s.copy().propose_trade(trade)
            except IllegalActionError:
                continue
            for seat in (trade.first, trade.second):
                accept, refuse = TradeChoice(seat, trade, True), TradeChoice(seat, trade, False)
                yes, no = review_trade(s, accept), review_trade(s, refuse)
                assert yes.best == no.best and yes.best.accept == accepts(s, trade, seat)  # one brain
                net = net_by_hand(s, trade, seat)
                assert yes.option(accept).net == pytest.approx(net)
                after = after_trade(s, trade)
                chance = sum(win_chance(a, seat) for a in after) / len(after) - win_chance(s, seat)
                if yes.best.accept:
                    assert yes.loss == 0 and no.loss == pytest.approx(max(chance, 0.0))
                    assert net >= MARGIN - 1e-9
                else:
                    assert no.loss == 0 and yes.loss == pytest.approx(max(-chance, 0.0))
                agreed += yes.best.accept
                checked += 1
    assert checked >= 100 and 0 < agreed < checked  # both answers occur


def test_a_choice_round_trips_as_text_and_bad_text_is_refused() -> None:
    trade = parse_trade("trade blue: $20 lots - dice - for red: $0 lots A2 dice -")
    for choice in (TradeChoice(RED, trade, False), TradeChoice(BLUE, trade, True)):
        assert parse_trade_choice(str(choice)) == choice
    assert str(TradeChoice(RED, trade, False)).startswith("red refuses trade blue: $20")
    for text in ("red maybe trade blue: $20 lots - dice - for red: $0 lots A2 dice -",
                 "purple accepts trade blue: $20 lots - dice - for red: $0 lots A2 dice -", "accept", ""):
        with pytest.raises(InvalidActionError, match="as an answer to a trade"):
            parse_trade_choice(text)
    with pytest.raises(InvalidActionError, match="not a party"):
        TradeChoice(GREEN, trade, True)


def test_a_trade_the_rules_refuse_is_refused_by_the_engine_and_nothing_changes() -> None:
    s = State.position(3, markers={"A2": RED}, money=[5, 10, 10], draws_before_end=20)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="blue has only"):
        review_trade(s, "red accepts trade blue: $20 lots - dice - for red: $0 lots A2 dice -")
    assert s.to_json() == before


def test_the_advice_on_an_offer_and_on_what_to_propose_is_what_the_bots_would_do() -> None:
    s = State.position(4, tiles={"C1": ("gold", BLUE, 5)}, markers={"C2": RED}, money=[30, 10, 10, 10],
                       draws_before_end=20, turn=RED, phase="draw")
    offer = best_offer(s, BLUE, RED)
    assert offer == parse_trade("trade blue: $16 lots - dice - for red: $0 lots C2 dice -")
    advice = advise_trade(s, RED, offer)
    assert advice.accept is accepts(s, offer, RED) is True
    assert advice.text.startswith("The coach would accept: you gain about $2") and "Blue gains $3" in advice.text
    proposal = advise_trade(s, BLUE)
    assert proposal.proposal == offer and "you give $16 for lot C2" in proposal.text
    assert advise_trade(s, GREEN).proposal is None  # Green cannot pay what C2 is worth to Red
    with pytest.raises(InvalidActionError, match="not a party"):
        advise_trade(s, GREEN, offer)


# ----------------------------------------------------------------------------------------- the easy level trades
def test_a_beginner_counts_the_printed_prices() -> None:
    sells = parse_trade("trade blue: $7 lots - dice - for red: $0 lots A2 dice -")  # A2's printed cost is $6
    assert beginner_accepts(sells, RED) and not beginner_accepts(sells, BLUE)
    cheap = parse_trade("trade blue: $5 lots - dice - for red: $0 lots A2 dice -")
    assert not beginner_accepts(cheap, RED) and beginner_accepts(cheap, BLUE)
    with pytest.raises(ConfigError, match="not a party"):
        beginner_accepts(sells, GREEN)


def test_easy_answers_by_the_valuation_three_times_in_ten() -> None:
    s = State.position(3, markers={"A2": RED}, money=[30, 10, 10], draws_before_end=20)
    trade = parse_trade("trade blue: $7 lots - dice - for red: $0 lots A2 dice -")  # worth about $14 to Red
    assert not accepts(s, trade, RED) and beginner_accepts(trade, RED)
    yes = sum(easy_accepts(s, trade, RED, seed) for seed in range(1_000))
    assert 620 <= yes <= 780  # 70% by the printed prices (binomial, 1,000 seeds: about 5 sd either side)
    assert [easy_accepts(s, trade, RED, 3) for _ in range(3)] == [easy_accepts(s, trade, RED, 3)] * 3


def test_easy_now_and_then_offers_a_lots_printed_cost() -> None:
    s = State.position(3, markers={"A2": RED, "C2": GREEN}, money=[30, 10, 10], draws_before_end=20, phase="draw")
    offers = [easy_offer(s, BLUE, seed) for seed in range(400)]
    made = [o for o in offers if o is not None]
    assert 60 <= len(made) <= 140  # one turn in four
    for trade in made:
        lot = trade.second_gives.lots[0]
        assert trade.first == BLUE and trade.second == s.marker(lot) and trade.first_gives.money == LOTS[lot].cost
    assert {o.second for o in made} == {GREEN, RED}
    assert all(easy_offer(s, BLUE, seed, partner=GREEN) in (None, *[o for o in made if o.second == GREEN])
               for seed in range(50))
    poor = State.position(3, markers={"A2": RED}, money=[5, 10, 10], draws_before_end=20, phase="draw")
    assert all(easy_offer(poor, BLUE, seed) is None for seed in range(100))  # $6 cannot be paid
