"""Trades between two players: money, marked lots, dice on tiles and an action of this turn (never points,
tiles or promises).

A trade is proposed by its first party and takes effect when the second party accepts it
(:meth:`State.propose_trade`, :meth:`State.accept_trade`). **An action of this turn** is sold by the turn
player, who is a party: the trade names one of their legal actions, and the action is played at once as
part of the trade (so nothing is promised for later, and nobody acts in another player's turn).

When: whenever no dice are rolling. Before a turn's card is drawn and between actions, anything tradeable
may change hands. While a choice is pending (a lay-off, placing reorganized dice, which die to move), money
and lots may change hands, so a boss can raise cash before deciding a lay-off; dice wait until the choice is
made (a die changing hands then could change who decides). An action is sold only between actions.

>>> t = parse_trade("trade blue: $5 lots A2 dice - for red: $0 lots - dice C3")
>>> t.first, t.second, t.first_gives.money, t.second_gives.dice
(0, 2, 5, ('C3',))
>>> str(parse_trade("trade red: $3 lots - dice - for blue: $0 lots - dice -; blue plays reorganize E4"))
'trade red: $3 lots - dice - for blue: $0 lots - dice -; blue plays reorganize E4'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.core.events import Event
from vegas_tutor.i18n import N_, _, money, tr
from vegas_tutor.lords_of_vegas.actions import (
    ACTION_TYPES,
    Action,
    DrawCard,
    LayOff,
    MoveDie,
    PlaceDie,
    RollDice,
    parse_action,
)
from vegas_tutor.lords_of_vegas.board import LOTS
from vegas_tutor.lords_of_vegas.names import describe, join, player, seat_word
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
        raise InvalidActionError(_("{what} must be a tuple of lot ids, got {value}", what=tr(what), value=repr(values)))
    if len(set(values)) != len(values):
        raise InvalidActionError(_("{what} names a lot twice: {value}", what=tr(what), value=repr(values)))
    return values


@dataclass(frozen=True)
class Offer:
    """What one side gives: dollars, lots it marks, and lots whose die (with its value) it hands over."""

    money: int = 0
    lots: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not is_int(self.money) or self.money < 0:
            raise InvalidActionError(_("money offered must be a whole number >= 0, got {value}",
                                       value=repr(self.money)))
        _lots(self.lots, N_("lots offered"))
        _lots(self.dice, N_("dice offered"))

    @property
    def empty(self) -> bool:
        return not (self.money or self.lots or self.dice)

    def __str__(self) -> str:
        return f"${self.money} lots {' '.join(self.lots) or '-'} dice {' '.join(self.dice) or '-'}"


@dataclass(frozen=True)
class Trade:
    """``first`` gives ``first_gives`` to ``second`` and receives ``second_gives`` in exchange.

    ``action``: an action of this turn that ``actor`` (the turn player, one of the two) sells as part of the
    trade; it is played right after the exchange.
    """

    first: int
    second: int
    first_gives: Offer
    second_gives: Offer
    action: Action | None = None
    actor: int | None = None

    def __post_init__(self) -> None:
        for seat in (self.first, self.second):
            if not is_int(seat) or not 0 <= seat < len(PLAYER_NAMES):
                raise InvalidActionError(_("a trade is between seats 0..3, got {value}", value=repr(seat)))
        if self.first == self.second:
            raise InvalidActionError(_("a trade needs two different players"))
        if not isinstance(self.first_gives, Offer) or not isinstance(self.second_gives, Offer):
            raise InvalidActionError(_("each side of a trade is an Offer"))
        if self.action is not None and (
                not isinstance(self.action, ACTION_TYPES)
                or isinstance(self.action, DrawCard | RollDice | LayOff | MoveDie | PlaceDie)):
            raise InvalidActionError(_("{value} is not an action of a turn that can be sold", value=repr(self.action)))
        if (self.action is None) != (self.actor is None) or self.actor not in (None, self.first, self.second):
            raise InvalidActionError(_("an action sold in a trade is played by one of its two parties"))
        if self.first_gives.empty and self.second_gives.empty and self.action is None:
            raise InvalidActionError(_("an empty trade exchanges nothing"))

    def __str__(self) -> str:
        text = f"trade {name(self.first)}: {self.first_gives} for {name(self.second)}: {self.second_gives}"
        return text if self.actor is None else f"{text}; {name(self.actor)} plays {self.action}"


_SIDE = r"([a-z]+): \$(\d+) lots ((?:[A-F]\d+ ?)+|-) dice ((?:[A-F]\d+ ?)+|-)"
_TRADE = re.compile(rf"trade {_SIDE} for {_SIDE}(?:; ([a-z]+) plays (.+))?")


def parse_trade(text: str) -> Trade:
    """Read a trade back from its ``str`` form."""
    match = _TRADE.fullmatch(" ".join(str(text).split()))
    if not match or match[1] not in PLAYER_NAMES or match[5] not in PLAYER_NAMES:
        raise InvalidActionError(_("cannot read {text} as a trade", text=repr(str(text)[:80])))
    action = None if match[9] is None else parse_action(match[10])
    actor = None if match[9] is None or match[9] not in PLAYER_NAMES else PLAYER_NAMES.index(match[9])
    if match[9] is not None and actor is None:
        raise InvalidActionError(_("{name} is not a player", name=repr(match[9])))

    def side(at: int) -> Offer:
        def lots(s: str) -> tuple[str, ...]:
            return () if s == "-" else tuple(s.split())

        return Offer(int(match[at + 1]), lots(match[at + 2]), lots(match[at + 3]))

    return Trade(PLAYER_NAMES.index(match[1]), PLAYER_NAMES.index(match[5]), side(1), side(5), action, actor)


TRADE_PHASES = ("draw", "play")
"""Anything tradeable changes hands before a turn's card is drawn (so also off one's own turn) and between
actions."""
CHOICE_PHASES = ("layoff", "reorg_place", "draw_move")
"""While one of these choices is pending, money and lots may change hands, not dice or actions."""


def trade_problem(d: Data, trade: Trade) -> str | None:
    """Why ``trade`` cannot happen in this position, or None if it can."""
    if d.phase not in TRADE_PHASES + CHOICE_PHASES:
        return _("no trade while dice are rolling or a card is being dealt: wait until they have settled")
    if d.phase in CHOICE_PHASES and (trade.first_gives.dice or trade.second_gives.dice or trade.action):
        return _("while a choice is pending only money and lots change hands: dice and actions wait until it is "
                 "made")
    if max(trade.first, trade.second) >= d.players:
        return _("this game has seats 0..{last}", last=d.players - 1)
    if trade.action is not None:
        if d.phase != "play":
            return _("an action of this turn is sold between the turn player's actions")
        if trade.actor != d.turn:
            return _("only the turn player ({name}) can sell an action of this turn", name=seat_word(d.turn))
        if trade.first_gives.dice or trade.second_gives.dice:
            return _("a trade that sells an action cannot also hand over dice (trade the dice first)")
    for giver, taker, offer, back in (
        (trade.first, trade.second, trade.first_gives, trade.second_gives),
        (trade.second, trade.first, trade.second_gives, trade.first_gives),
    ):
        if offer.money > d.money[giver]:
            return _("{name} has only {money}", name=seat_word(giver), money=money(d.money[giver]))
        for lot in offer.lots:
            if d.marker.get(lot) != giver:
                return _("{name} has no marker on {lot}", name=seat_word(giver), lot=lot)
        for lot in offer.dice:
            if d.die_owner.get(lot) != giver:
                return _("{name} has no die on {lot}", name=seat_word(giver), lot=lot)
        markers = sum(1 for o in d.marker.values() if o == taker) - len(back.lots) + len(offer.lots)
        if markers > MARKERS_PER_PLAYER:
            return _("{name} would need more than {n} markers", name=seat_word(taker), n=MARKERS_PER_PLAYER)
        dice = sum(1 for o in d.die_owner.values() if o == taker) - len(back.dice) + len(offer.dice)
        if dice > DICE_PER_PLAYER:
            return _("{name} would need more than {n} dice", name=seat_word(taker), n=DICE_PER_PLAYER)
    return None


def describe_offer(offer: Offer) -> str:
    """What one side of a trade gives, as a learner reads it ("$5 and lot A2")."""
    parts = [money(offer.money)] if offer.money else []
    if offer.lots:
        parts.append(_("lot {lots}", lots=offer.lots[0]) if len(offer.lots) == 1 else
                     _("lots {lots}", lots=join(offer.lots)))
    if offer.dice:
        parts.append(_("the die on {lots}", lots=offer.dice[0]) if len(offer.dice) == 1 else
                     _("the dice on {lots}", lots=join(offer.dice)))
    return join(parts) if parts else _("nothing")


def describe_trade(trade: Trade) -> str:
    """A trade as a learner reads it ("Blue gives $5 for Red's lot A2")."""
    text = _("{first} gives {gives} for {second}'s {takes}", first=player(trade.first),
             gives=describe_offer(trade.first_gives), second=player(trade.second),
             takes=describe_offer(trade.second_gives))
    if trade.actor is None or trade.action is None:
        return text
    return _("{trade}; {name} plays {action}", trade=text, name=player(trade.actor),
             action=describe(trade.action))


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
    d.events.append(Event(
        "trade", first=trade.first, second=trade.second,
        gives=[{"money": o.money, "lots": list(o.lots), "dice": list(o.dice)}
               for o in (trade.first_gives, trade.second_gives)],
        actor=trade.actor, action=None if trade.action is None else str(trade.action)))
