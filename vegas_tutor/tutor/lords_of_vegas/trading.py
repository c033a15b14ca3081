"""How the board's computer players weigh trades: :func:`trade_opinion` (accept or refuse, with a one-line
reason) and :func:`propose_trade` (a trade a player would like to make now), on the engine's ``State``.

A seat's **standing** is what it holds if the board stayed as it is until the Game End card: its money,
plus what its dice and markers will earn on the draws left (each draw uniform over the unseen cards),
plus the points its bossed casinos will score, counted in dollars (a point is worth more early, when it
can still be built on). A marker next to a casino the seat bosses is worth more to that seat: building
there grows the casino. A player accepts a trade when it gains standing by it, counted against what its
partner gains (a rival's gain is a loss shared by the other players). Where a trade leaves dice to roll
(a tie it makes, an action sold that rolls), the standing is averaged over seeded outcomes.

Every trade is checked by the engine first (:meth:`State.propose_trade`): a trade the rules refuse raises
``IllegalActionError`` with the rule's reason.

>>> from vegas_tutor.lords_of_vegas import State
>>> from vegas_tutor.lords_of_vegas.trades import parse_trade
>>> s = State.position(3, markers={"A2": 2}, money=[30, 10, 10], draws_before_end=20)
>>> trade_opinion(s, parse_trade("trade blue: $20 lots - dice - for red: $0 lots A2 dice -"), 2)[0]
True
>>> trade_opinion(s, parse_trade("trade blue: $1 lots - dice - for red: $0 lots A2 dice -"), 2)
(False, 'Red refuses: by its count it would lose $12 (it values what it gets at $1, what it gives at $14).')
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.i18n import _, language
from vegas_tutor.lords_of_vegas.actions import DrawCard, RollDice
from vegas_tutor.lords_of_vegas.board import LOTS
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import players
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


def after_trade(state: State, trade: Trade) -> list[State]:
    """The position(s) after ``trade`` (checked by the engine; raises ``IllegalActionError`` if refused)."""
    s = state.copy()
    s.propose_trade(trade)
    s.accept_trade(trade.second)
    return _settle(s, seed=hash(str(trade)) & 0xFFFF)


def gain(state: State, trade: Trade, seat: int) -> float:
    """How much ``seat``'s standing changes by ``trade`` (averaged over any dice it leaves to roll)."""
    after = after_trade(state, trade)
    return sum(standing(s, seat) for s in after) / len(after) - standing(state, seat)


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


def trade_opinion(state: State, trade: Trade, seat: int, names: Sequence[str] | None = None) -> tuple[bool, str]:
    """Whether ``seat`` (a party of ``trade``) accepts it, and why, in one sentence of its own valuation."""
    if seat not in (trade.first, trade.second):
        raise InvalidActionError(_("seat {seat} is not a party of {trade}", seat=seat, trade=describe_trade(trade)))
    shown = list(names) if names is not None else players(state.players)
    partner = trade.second if seat == trade.first else trade.first
    mine = gain(state, trade, seat)
    theirs = gain(state, trade, partner)
    net = mine - max(theirs, 0.0) / max(state.players - 1, 1)
    gets, gives = _side_value(state, trade, seat, False), _side_value(state, trade, seat, True)
    if trade.action is not None:
        gets = mine + gives  # the action's effect is in the whole trade's count
    values = _("it values what it gets at {gets}, what it gives at {gives}", gets=_dollars(gets), gives=_dollars(gives))
    if net >= MARGIN:
        return True, _("{name} accepts: by its count it gains {gain} ({values}).", name=shown[seat],
                       gain=_dollars(mine), values=values)
    if mine >= MARGIN:
        return False, _("{name} refuses: it would gain {gain} but {partner} {theirs}, too much for a rival ({values}).",
                        name=shown[seat], gain=_dollars(mine), partner=shown[partner], theirs=_dollars(theirs),
                        values=values)
    return False, _("{name} refuses: by its count it would lose {loss} ({values}).", name=shown[seat],
                    loss=_dollars(max(-mine, 0)), values=values)


def _dollars(x: float) -> str:
    """Whole dollars as the old ``${x:.0f}`` wrote them, the language's way."""
    text = f"{x:.0f}"
    return f"{text}\u00a0$" if language() == "es" else f"${text}"


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


def propose_trade(state: State, seat: int, partner: int | None = None) -> Trade | None:
    """The trade ``seat`` would most like to make now that its partner would accept (``partner``: only
    with that seat), or None. Only before a draw or between actions (nothing pending, no dice rolling)."""
    if state.phase not in TRADE_PHASES:
        return None
    partners = [p for p in range(state.players) if p != seat and (partner is None or p == partner)]
    best: tuple[float, Trade] | None = None
    for trade in _candidates(state, seat, partners):
        try:
            mine = gain(state, trade, seat)
            other = trade.second
            if mine < MARGIN or not trade_opinion(state, trade, seat)[0] or not trade_opinion(state, trade, other)[0]:
                continue
        except (IllegalActionError, InvalidActionError):
            continue
        if best is None or mine > best[0]:
            best = (mine, trade)
    return None if best is None else best[1]


__all__ = ["after_trade", "dollars_per_point", "gain", "propose_trade", "standing", "trade_opinion"]
