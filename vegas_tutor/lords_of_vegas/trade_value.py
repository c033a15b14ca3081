"""One valuation of Lords of Vegas trades, for the board's players, the bots and the coach.

A seat's **standing** is what it holds if the board stayed as it is until the Game End card: its money,
plus what its dice and markers will earn on the draws left (each draw uniform over the unseen cards),
plus the points its bossed casinos will score, counted in dollars (a point is worth more early, when it
can still be built on). A marker next to a casino the seat bosses is worth more to that seat: building
there grows the casino. A trade's **gain** for a seat is the change of its standing; where the trade
leaves dice to roll (a tie it makes, an action sold that rolls), the standing is averaged over seeded
outcomes. A seat **accepts** when its gain, less its partner's gain shared among the partner's rivals
(a rival's gain is a loss shared by the other players), reaches :data:`MARGIN`.

:func:`value_trade` gives both sides' figures at once (the coach's entry point); :func:`accepts` and
:func:`best_offer` are what every computer player answers and proposes by. Every trade is checked by the
engine first (:meth:`State.propose_trade`): one the rules refuse raises ``IllegalActionError``.

>>> from vegas_tutor.lords_of_vegas import State
>>> from vegas_tutor.lords_of_vegas.trades import parse_trade
>>> s = State.position(3, markers={"A2": 2}, money=[30, 10, 10], draws_before_end=20)
>>> v = value_trade(s, parse_trade("trade blue: $20 lots - dice - for red: $0 lots A2 dice -"))
>>> v.second.accepts, round(v.second.gets), round(v.second.gives)
(True, 20, 14)
>>> v.first.gain == -20 + v.first.gets
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.lords_of_vegas.actions import DrawCard, RollDice
from vegas_tutor.lords_of_vegas.board import LOTS
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.odds import next_card_odds
from vegas_tutor.lords_of_vegas.rules import MARKERS_PER_PLAYER
from vegas_tutor.lords_of_vegas.trades import TRADE_PHASES, Offer, Trade, describe_trade

MARGIN = 1.0
"""The least gain (in dollars of standing, after the partner's share) that makes a player accept."""
BUILD_OPTION = 3.0
"""What the chance to build on a marked lot is worth, in dollars, besides the $1 a draw it pays."""
SAMPLES = 24
"""Seeded outcomes averaged when a trade leaves dice to roll."""
FUTURE = 0.5
"""What a dollar still to come is worth against a dollar in hand (money now can be built with)."""
SETTLED = ("draw", "play", "over")


@dataclass(frozen=True)
class SideValue:
    """One party's view of a trade, in dollars of standing.

    ``gain``: the change of its standing; ``gets``/``gives``: what the other side's offer and its own are
    worth to it alone (a sold action is counted in ``gets``); ``partner_gain``: the partner's ``gain``;
    ``net``: ``gain`` less the partner's positive gain shared among its rivals; ``accepts``: ``net`` reaches
    :data:`MARGIN`."""

    seat: int
    gain: float
    gets: float
    gives: float
    partner_gain: float
    net: float
    accepts: bool


@dataclass(frozen=True)
class TradeValue:
    """Both parties' views of one trade."""

    trade: Trade
    first: SideValue
    second: SideValue

    def side(self, seat: int) -> SideValue:
        """The view of party ``seat``."""
        if seat == self.first.seat:
            return self.first
        if seat == self.second.seat:
            return self.second
        raise ConfigError(_("seat {seat} is not a party to {trade}", seat=repr(seat), trade=describe_trade(self.trade)))

    @property
    def agreed(self) -> bool:
        """Whether both parties accept."""
        return self.first.accepts and self.second.accepts


def dollars_per_point(state: State) -> float:
    """What a point is worth in dollars now: $4 at the start, $2 when the Game End card is next."""
    left = state.draws_before_end or 0
    return 2.0 + 2.0 * min(left, 30) / 30


def _draws(state: State) -> int:
    """The draws still to come that pay (the lot cards left, and the Game End card's Strip payout)."""
    if state.draws_before_end is None or state.is_over:
        return 0
    return state.draws_before_end + 1


def _pay_chances(state: State) -> tuple[dict[str, float], float]:
    """The chance that one draw pays each colour, and that it pays the Strip (averaged over the draws left)."""
    if state.draws_before_end is None or state.is_over:
        return {}, 0.0
    card = next_card_odds(state)
    left = state.draws_before_end
    strip = (float(card.strip) * left + 1.0) / (left + 1)  # the Game End card pays the Strip once more
    return {c: float(p) * left / (left + 1) for c, p in card.colours.items()}, strip


def marker_value(state: State, seat: int, lot: str) -> float:
    """What a marker on ``lot`` is worth to ``seat`` (its payouts to come, the chance to build there, more
    beside a casino the seat bosses), in dollars."""
    chances, strip = _pay_chances(state)
    return _marker_value(state, seat, lot, chances, strip)


def _marker_value(state: State, seat: int, lot: str, chances: dict[str, float], strip: float) -> float:
    draws = _draws(state)
    value = FUTURE * draws + BUILD_OPTION * (1 if draws else 0)
    for casino in state.casinos():
        if casino.boss == seat and lot in {n for x in casino.lots for n in LOTS[x].neighbours}:
            pay = chances.get(casino.colour, 0.0) + (strip if casino.strip or LOTS[lot].strip else 0.0)
            value = max(value, FUTURE * draws * (1.0 + pay * dollars_per_point(state)) + BUILD_OPTION)
    return value


def standing(state: State, seat: int) -> float:
    """``seat``'s money plus what its markers, dice and bossed casinos will bring by the end, in dollars."""
    chances, strip = _pay_chances(state)
    draws = _draws(state)
    rate = dollars_per_point(state)
    value = float(state.money(seat)) + rate * state.score(seat)
    for casino in state.casinos():
        pay = chances.get(casino.colour, 0.0) + (strip if casino.strip else 0.0)
        pips = sum(v for _, o, v in casino.dice if o == seat)
        value += FUTURE * draws * pay * (pips + (rate * casino.size if casino.boss == seat else 0.0))
    for lot in LOTS:
        if state.marker(lot) == seat:
            value += _marker_value(state, seat, lot, chances, strip)
    return value


def _settle(state: State, seed: int) -> list[State]:
    """The position after the trade's dice have settled: itself, or ``SAMPLES`` seeded outcomes."""
    if state.phase in SETTLED:  # (a draw to come is not the trade's: every standing counts it the same)
        return [state]
    rng = make_rng(seed)
    out = []
    for _sample in range(SAMPLES):
        s = state.copy()
        for _step in range(200):
            if s.phase in SETTLED:
                break
            if s.is_chance:
                s.apply(DrawCard() if s.phase in ("deal", "draw") else RollDice(
                    tuple(int(v) for v in rng.integers(1, 7, size=len(s.pending_dice) or 2))))
            else:
                s.apply(s.legal_actions()[0])
        out.append(s)
    return out


def _seed_of(trade: Trade) -> int:
    """A seed fixed by the trade's text (the same trade always settles the same way)."""
    return sum((i + 1) * ord(ch) for i, ch in enumerate(str(trade))) & 0xFFFF


def after_trade(state: State, trade: Trade) -> list[State]:
    """The position(s) after ``trade`` (checked by the engine; raises ``IllegalActionError`` if refused)."""
    s = state.copy()
    s.propose_trade(trade)
    s.accept_trade(trade.second)
    return _settle(s, seed=_seed_of(trade))


def _mean_standing(states: Sequence[State], seat: int) -> float:
    return sum(standing(s, seat) for s in states) / len(states)


def gain(state: State, trade: Trade, seat: int) -> float:
    """How much ``seat``'s standing changes by ``trade`` (averaged over any dice it leaves to roll)."""
    return _mean_standing(after_trade(state, trade), seat) - standing(state, seat)


def _side_value(state: State, trade: Trade, seat: int, giving: bool) -> float:
    """What one side of the trade is worth to ``seat`` alone (what it gives, or what it gets)."""
    offer = (trade.first_gives if trade.first == seat else trade.second_gives) if giving else (
        trade.second_gives if trade.first == seat else trade.first_gives)
    if offer.empty:
        return 0.0
    giver = seat if giving else (trade.second if trade.first == seat else trade.first)
    taker = trade.second if giver == trade.first else trade.first
    try:
        change = gain(state, Trade(giver, taker, offer, Offer()), seat)
    except (IllegalActionError, InvalidActionError):
        return float(offer.money)
    return -change if giving else change


def value_trade(state: State, trade: Trade) -> TradeValue:
    """Both parties' views of ``trade`` in ``state`` (checked by the engine first: a trade the rules refuse
    raises ``IllegalActionError``; the state is not changed)."""
    if not isinstance(state, State):
        raise ConfigError(_("propose_trade needs a Lords of Vegas State, got {value}", value=type(state).__name__))
    if not isinstance(trade, Trade):
        raise ConfigError(_("trade_opinion needs a Trade, got {value}", value=type(trade).__name__))
    after = after_trade(state, trade)
    gains = {seat: _mean_standing(after, seat) - standing(state, seat) for seat in (trade.first, trade.second)}
    rivals = max(state.players - 1, 1)
    sides = []
    for seat, partner in ((trade.first, trade.second), (trade.second, trade.first)):
        mine, theirs = gains[seat], gains[partner]
        gives = _side_value(state, trade, seat, True)
        gets = mine + gives if trade.action is not None else _side_value(state, trade, seat, False)
        net = mine - max(theirs, 0.0) / rivals
        sides.append(SideValue(seat, mine, gets, gives, theirs, net, net >= MARGIN))
    return TradeValue(trade, sides[0], sides[1])


def accepts(state: State, trade: Trade, seat: int) -> bool:
    """Whether party ``seat`` accepts ``trade`` (see :func:`value_trade`)."""
    return value_trade(state, trade).side(seat).accepts


def _candidates(state: State, seat: int, partners: Sequence[int]) -> list[Trade]:
    """Buy a partner's marked lot, or sell one of ``seat``'s, for about what it is worth to the seller."""
    chances, strip = _pay_chances(state)
    out = []
    mine = sum(1 for lot in LOTS if state.marker(lot) == seat)
    for p in partners:
        for lot in LOTS:
            owner = state.marker(lot)
            if owner == p and mine < MARKERS_PER_PLAYER:
                price = math.ceil(_marker_value(state, p, lot, chances, strip) + 2 * MARGIN)
                if price <= state.money(seat):
                    out.append(Trade(seat, p, Offer(money=price), Offer(lots=(lot,))))
            elif owner == seat:
                price = math.floor(_marker_value(state, p, lot, chances, strip) - 2 * MARGIN)
                if 0 < price <= state.money(p):
                    out.append(Trade(seat, p, Offer(lots=(lot,)), Offer(money=price)))
    return out


def best_offer(state: State, seat: int, partner: int | None = None) -> Trade | None:
    """The trade ``seat`` would most like to make now that both parties accept (``partner``: only with that
    seat), or None: buying a partner's marked lot or selling one of its own, at about what it is worth to
    the seller. Only before a draw or between actions (nothing pending, no dice rolling)."""
    if not isinstance(state, State):
        raise ConfigError(_("propose_trade needs a Lords of Vegas State, got {value}", value=type(state).__name__))
    if not is_int(seat) or not 0 <= seat < state.players:
        raise ConfigError(_("seat must be 0..{last}, got {value}", last=state.players - 1, value=repr(seat)))
    if state.phase not in TRADE_PHASES:
        return None
    partners = [p for p in range(state.players) if p != seat and (partner is None or p == partner)]
    best: tuple[float, Trade] | None = None
    for trade in _candidates(state, seat, partners):
        try:
            value = value_trade(state, trade)
        except (IllegalActionError, InvalidActionError):
            continue
        mine = value.side(seat).gain
        if mine >= MARGIN and value.agreed and (best is None or mine > best[0]):
            best = (mine, trade)
    return None if best is None else best[1]


__all__ = ["MARGIN", "SideValue", "TradeValue", "accepts", "after_trade", "best_offer", "dollars_per_point",
           "gain", "marker_value", "standing", "value_trade"]
