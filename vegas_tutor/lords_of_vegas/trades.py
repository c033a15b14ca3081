"""Trades between two players: money, marked lots and dice on tiles (never points, tiles or promises).

A trade is proposed by its first party and takes effect when the second party accepts it
(:meth:`State.propose_trade`, :meth:`State.accept_trade`). An action of this turn can be "sold" by
trading for money and then playing it: the engine records the money; the action is the turn player's own.

>>> t = parse_trade("trade blue: $5 lots A2 dice - for red: $0 lots - dice C3")
>>> t.first, t.second, t.first_gives.money, t.second_gives.dice
(0, 2, 5, ('C3',))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.lords_of_vegas.board import LOTS
from vegas_tutor.lords_of_vegas.rules import (
    DICE_PER_PLAYER,
    MARKERS_PER_PLAYER,
    PLAYER_NAMES,
    Data,
    name,
    touched,
)


def _lots(values: object, what: str) -> tuple[str, ...]:
    if not isinstance(values, tuple) or any(not isinstance(v, str) or v not in LOTS for v in values):
        raise InvalidActionError(f"{what} must be a tuple of lot ids, got {values!r}")
    if len(set(values)) != len(values):
        raise InvalidActionError(f"{what} names a lot twice: {values!r}")
    return values


@dataclass(frozen=True)
class Offer:
    """What one side gives: dollars, lots it marks, and lots whose die (with its value) it hands over."""

    money: int = 0
    lots: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.money, int) or isinstance(self.money, bool) or self.money < 0:
            raise InvalidActionError(f"money offered must be a whole number >= 0, got {self.money!r}")
        _lots(self.lots, "lots offered")
        _lots(self.dice, "dice offered")

    @property
    def empty(self) -> bool:
        return not (self.money or self.lots or self.dice)

    def __str__(self) -> str:
        return f"${self.money} lots {' '.join(self.lots) or '-'} dice {' '.join(self.dice) or '-'}"


@dataclass(frozen=True)
class Trade:
    """``first`` gives ``first_gives`` to ``second`` and receives ``second_gives`` in exchange."""

    first: int
    second: int
    first_gives: Offer
    second_gives: Offer

    def __post_init__(self) -> None:
        for seat in (self.first, self.second):
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(PLAYER_NAMES):
                raise InvalidActionError(f"a trade is between seats 0..3, got {seat!r}")
        if self.first == self.second:
            raise InvalidActionError("a trade needs two different players")
        if not isinstance(self.first_gives, Offer) or not isinstance(self.second_gives, Offer):
            raise InvalidActionError("each side of a trade is an Offer")
        if self.first_gives.empty and self.second_gives.empty:
            raise InvalidActionError("an empty trade exchanges nothing")

    def __str__(self) -> str:
        return f"trade {name(self.first)}: {self.first_gives} for {name(self.second)}: {self.second_gives}"


_SIDE = r"([a-z]+): \$(\d+) lots ((?:[A-F]\d+ ?)+|-) dice ((?:[A-F]\d+ ?)+|-)"
_TRADE = re.compile(rf"trade {_SIDE} for {_SIDE}")


def parse_trade(text: str) -> Trade:
    """Read a trade back from its ``str`` form."""
    match = _TRADE.fullmatch(" ".join(str(text).split()))
    if not match or match[1] not in PLAYER_NAMES or match[5] not in PLAYER_NAMES:
        raise InvalidActionError(f"cannot read {text!r} as a trade")

    def side(at: int) -> Offer:
        def lots(s: str) -> tuple[str, ...]:
            return () if s == "-" else tuple(s.split())

        return Offer(int(match[at + 1]), lots(match[at + 2]), lots(match[at + 3]))

    return Trade(PLAYER_NAMES.index(match[1]), PLAYER_NAMES.index(match[5]), side(1), side(5))


TRADE_PHASES = ("draw", "play")
"""When a trade may happen: before a turn's card is drawn (so also off one's own turn) and between actions."""


def trade_problem(d: Data, trade: Trade) -> str | None:
    """Why ``trade`` cannot happen in this position, or None if it can."""
    if d.phase not in TRADE_PHASES:
        return "trades wait until no dice are rolling and no choice is pending: between actions, or between turns"
    if max(trade.first, trade.second) >= d.players:
        return f"this game has seats 0..{d.players - 1}"
    for giver, taker, offer, back in (
        (trade.first, trade.second, trade.first_gives, trade.second_gives),
        (trade.second, trade.first, trade.second_gives, trade.first_gives),
    ):
        if offer.money > d.money[giver]:
            return f"{name(giver)} has only ${d.money[giver]}"
        for lot in offer.lots:
            if d.marker.get(lot) != giver:
                return f"{name(giver)} has no marker on {lot}"
        for lot in offer.dice:
            if d.die_owner.get(lot) != giver:
                return f"{name(giver)} has no die on {lot}"
        markers = sum(1 for o in d.marker.values() if o == taker) - len(back.lots) + len(offer.lots)
        if markers > MARKERS_PER_PLAYER:
            return f"{name(taker)} would need more than {MARKERS_PER_PLAYER} markers"
        dice = sum(1 for o in d.die_owner.values() if o == taker) - len(back.dice) + len(offer.dice)
        if dice > DICE_PER_PLAYER:
            return f"{name(taker)} would need more than {DICE_PER_PLAYER} dice"
    return None


def carry_out(d: Data, trade: Trade) -> None:
    """Exchange the two offers (already checked); dice keep their values."""
    for giver, taker, offer in (
        (trade.first, trade.second, trade.first_gives),
        (trade.second, trade.first, trade.second_gives),
    ):
        d.money[giver] -= offer.money
        d.money[taker] += offer.money
        for lot in offer.lots:
            d.marker[lot] = taker
        for lot in offer.dice:
            d.die_owner[lot] = taker
    touched(d)
    d.events.append(f"{trade}")
