"""How the board's computer players answer and propose trades, in the board's words: :func:`trade_opinion`
(accept or refuse, with a one-line reason) and :func:`propose_trade` (a trade a player would like to make
now). The valuation is :mod:`vegas_tutor.lords_of_vegas.trade_value`, the one the bots and the coach use.

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

from collections.abc import Sequence

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _, money
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import players
from vegas_tutor.lords_of_vegas.trade_value import (
    MARGIN,
    after_trade,
    best_offer,
    dollars_per_point,
    gain,
    standing,
    value_trade,
)
from vegas_tutor.lords_of_vegas.trades import Trade, describe_trade


def trade_opinion(state: State, trade: Trade, seat: int, names: Sequence[str] | None = None) -> tuple[bool, str]:
    """Whether ``seat`` (a party of ``trade``) accepts it, and why, in one sentence of its own valuation."""
    if seat not in (trade.first, trade.second):
        raise InvalidActionError(_("seat {seat} is not a party of {trade}", seat=seat, trade=describe_trade(trade)))
    shown = list(names) if names is not None else players(state.players)
    view = value_trade(state, trade).side(seat)
    partner = trade.second if seat == trade.first else trade.first
    values = _("it values what it gets at {gets}, what it gives at {gives}", gets=money(view.gets),
               gives=money(view.gives))
    if view.accepts:
        return True, _("{name} accepts: by its count it gains {gain} ({values}).", name=shown[seat],
                       gain=money(view.gain), values=values)
    if view.gain >= MARGIN:
        return False, _("{name} refuses: it would gain {gain} but {partner} {theirs}, too much for a rival ({values}).",
                        name=shown[seat], gain=money(view.gain), partner=shown[partner],
                        theirs=money(view.partner_gain), values=values)
    return False, _("{name} refuses: by its count it would lose {loss} ({values}).", name=shown[seat],
                    loss=money(max(-view.gain, 0)), values=values)


def propose_trade(state: State, seat: int, partner: int | None = None) -> Trade | None:
    """The trade ``seat`` would most like to make now that its partner would accept (``partner``: only
    with that seat), or None (:func:`.trade_value.best_offer`)."""
    return best_offer(state, seat, partner)


__all__ = ["after_trade", "dollars_per_point", "gain", "propose_trade", "standing", "trade_opinion"]
