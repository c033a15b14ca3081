"""Trades at the Lords of Vegas board: the learner's proposals, the other players' offers and answers, and
the trades the other players make among themselves (a mix-in of :class:`LordsOfVegasBoard`).

Every trade goes through the engine (:meth:`State.propose_trade`): a trade a rule forbids is refused with
that rule, and nothing changes. A trade the rules allow is then weighed by the other player
(:func:`.trading.trade_opinion`), who accepts or refuses it and says why in one sentence. Easy opponents
trade as beginners (:func:`vegas_tutor.lords_of_vegas.bots.easy_accepts`, ``easy_offer``): mostly by the
board's printed prices.

With the coach on, each trade the learner answers (an offer accepted or refused, a proposal accepted) goes to
the coach for a verdict (:func:`vegas_tutor.lords_of_vegas.trade_coach.review_trade`), and the trade panel's
coach button (``{"type": "trade_hint"}``) says how to answer the offer waiting, or what to propose.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.i18n import _, _n, money
from vegas_tutor.lords_of_vegas.bots import beginner_accepts, easy_counts_by_value, easy_offer, printed_sides
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import describe, join
from vegas_tutor.lords_of_vegas.trade_coach import TradeAdvice, TradeChoice, advise_trade
from vegas_tutor.lords_of_vegas.trades import TRADE_PHASES, Offer, Trade, describe_trade
from vegas_tutor.tutor.coaching import Coach
from vegas_tutor.tutor.lords_of_vegas.projection import sentences
from vegas_tutor.tutor.lords_of_vegas.trading import propose_trade, trade_opinion
from vegas_tutor.tutor.lords_of_vegas.turn_log import TurnLog


def _things(offer: Offer, yours: bool) -> str:
    parts = [money(offer.money)] if offer.money else []
    if offer.lots:
        lots = join(offer.lots)
        parts.append(_n("your lot {lots}", "your lots {lots}", len(offer.lots), lots=lots) if yours else
                     _n("lot {lots}", "lots {lots}", len(offer.lots), lots=lots))
    if offer.dice:
        lots = join(offer.dice)
        parts.append(_n("your die on {lots}", "your dice on {lots}", len(offer.dice), lots=lots) if yours else
                     _n("die on {lots}", "dice on {lots}", len(offer.dice), lots=lots))
    return join(parts) if parts else _("nothing")


def offer_words(trade: Trade, names: Sequence[str], you: int) -> str:
    """A proposal to the learner (``trade.second``) in words: "Green offers $14 for your lot C5."."""
    fields = {"name": names[trade.first], "gives": _things(trade.first_gives, False),
              "takes": _things(trade.second_gives, True)}
    if trade.action is None:
        return _("{name} offers {gives} for {takes}.", **fields)
    if trade.actor == you:
        return _("{name} offers {gives} for {takes}, and you play {action} at once.", action=describe(trade.action),
                 **fields)
    return _("{name} offers {gives} for {takes}, and {name} plays {action} at once.", action=describe(trade.action),
             **fields)


def trade_lots(trade: Trade) -> tuple[str, ...]:
    """The lots a trade moves (for the board's "changed here" marks)."""
    return (*trade.first_gives.lots, *trade.first_gives.dice, *trade.second_gives.lots, *trade.second_gives.dice)


class TradeTable:
    """The trading half of the board; the board provides the game, the names, the log and the bots' play."""

    _state: State
    _learner: int
    _log: TurnLog
    _highlight: tuple[str, ...]
    _play_others: Callable[[], None]
    _coach: Coach
    _bots: str
    _bot_rng: Any
    names: Any
    interactive: Any

    def _start_table(self) -> None:
        """No offer, no answer, nothing waiting (a new game or position)."""
        self._offer: Trade | None = None
        self._answer = ""
        self._waiting = False
        self._go = False
        self._passed: tuple[str, int] | None = None
        self._offered_at: int | None = None
        self._refused: set[str] = set()
        self._advice: tuple[tuple[int, str], TradeAdvice] | None = None
        self._answered: list[tuple[State, TradeChoice]] = []
        """The trades the learner answered in this game, each with the position it was answered in."""

    @property
    def offer(self) -> Trade | None:
        """The trade another player offers the learner now, if any."""
        return self._offer

    def _words(self) -> tuple[list[str], int | None]:
        return list(self.names), (self._learner if self.interactive else None)

    def _done(self, reason: str) -> None:
        """A trade just happened: log what it did and why it was accepted, and mark the lots it moved."""
        names, you = self._words()
        trade = self._state.history[-1]
        self._log.note(sentences(self._state.events, names, you), seat=self._state.turn)
        self._log.note(reason, seat=self._state.turn)
        if isinstance(trade, Trade):
            self._highlight = tuple(f"lot:{lot}" for lot in trade_lots(trade))

    # ------------------------------------------------------------------ the learner's side
    def _propose(self, trade: Trade) -> None:
        """The learner proposes ``trade``; the engine checks it, then the other player answers."""
        me, s = self._learner, self._state
        if trade.first != me:
            raise IllegalActionError(_("propose trades as yourself: the first player of the trade must be you"))
        before = s.copy()
        try:
            s.propose_trade(trade)
        except IllegalActionError as refused:
            text = str(refused)
            head = _("{trade}: {why}", trade=describe_trade(trade), why="")
            raise IllegalActionError(_("that trade cannot happen: {why}",
                                       why=text[len(head):] if text.startswith(head) else text)) from None
        checked = s.proposal
        assert checked is not None
        accept, reason = self._bot_answer(checked, checked.second)
        if not accept:
            s.decline_trade()
            self._answer = reason
            return
        s.accept_trade(checked.second)
        self._answered_trade(before, TradeChoice(me, checked, True))
        self._answer = reason
        self._offer = None
        self._done(reason)
        self._play_others()

    def _answer_offer(self, accept: bool) -> None:
        trade, me, s = self._offer, self._learner, self._state
        if trade is None:
            raise IllegalActionError(_("no trade is offered to you now"))
        name = self.names[trade.first]
        before = s.copy()
        if accept:
            s.propose_trade(trade)  # checked again by the engine
            s.accept_trade(me)
            self._answer = _("You accept {name}'s offer.", name=name)
            self._offer = None
            self._done(self._answer)
        else:
            self._offer = None
            self._refused.add(str(trade))
            self._answer = _("You refuse {name}'s offer.", name=name)
            self._log.note(self._answer, seat=s.turn)
        self._answered_trade(before, TradeChoice(me, trade, accept))
        self._play_others()

    def _answered_trade(self, before: State, choice: TradeChoice) -> None:
        """Keep a trade the learner answered (for the Practice page) and hand it to the coach."""
        self._answered.append((before, choice))
        self._coach.note(before, choice)

    def _answered_decisions(self) -> list[tuple[Any, Any]]:
        return list(self._answered)

    def _trade_hint(self) -> None:
        """The coach's advice on trades now: how to answer the offer waiting, or what to propose."""
        s = self._state
        if not self._coach.on:
            raise IllegalActionError(_("switch the coach on first"))
        if s.is_over:
            raise IllegalActionError(_("the game is over: no more trades"))
        if s.phase not in TRADE_PHASES:
            raise IllegalActionError(_("offers come before a card is drawn or between actions, not while a choice "
                                       "is pending or dice are rolling"))
        self._advice = (self._advice_key(), advise_trade(s, self._learner, self._offer))

    def _advice_key(self) -> tuple[int, str]:
        return len(self._state.history), str(self._offer)

    def _advice_view(self) -> dict[str, Any] | None:
        """The coach's trade advice while it still fits the position (and the offer) it was asked for."""
        if self._advice is None or self._advice[0] != self._advice_key() or not self._coach.on:
            return None
        advice = self._advice[1]
        return {"text": advice.text, "accept": advice.accept,
                "proposal": None if advice.proposal is None else str(advice.proposal)}

    def _ask_offers(self) -> None:
        """The learner asks the others for offers: the first player (in seat order) with one makes it."""
        s, me = self._state, self._learner
        if s.is_over:
            raise IllegalActionError(_("the game is over: no more trades"))
        if s.phase not in TRADE_PHASES:
            raise IllegalActionError(_("offers come before a card is drawn or between actions, not while a choice "
                                       "is pending or dice are rolling"))
        for seat in self._others():
            trade = self._bot_offer(seat, partner=me)
            if trade is not None:
                self._offer, self._answer = trade, ""
                return
        self._offer, self._answer = None, _("Nobody has a trade to offer you now.")

    def _go_on(self) -> None:
        """Play the next half of another player's turn (``next`` pressed, or the pause is over)."""
        if not self._waiting:
            raise IllegalActionError(_("nothing is waiting for 'next': it is your move"))
        self._go, self._waiting, self._offer = True, False, None
        self._play_others()

    # ------------------------------------------------------------------ the others' side
    def _others(self) -> list[int]:
        return [p for p in range(self._state.players) if p != self._learner]

    def _offers_at_turn_start(self) -> None:
        """At the start of the learner's turn, one other player may offer a trade (not one refused before)."""
        s, me = self._state, self._learner
        if s.phase != "draw" or s.turn != me or self._offered_at == len(s.seen_cards()):
            return
        self._offered_at = len(s.seen_cards())
        for seat in self._others():
            trade = self._bot_offer(seat, partner=me)
            if trade is not None and str(trade) not in self._refused:
                self._offer = trade
                return

    def _bots_trade(self, seat: int) -> None:
        """At the start of its turn, another player may propose a trade: to a third player, who answers by its
        own count, or to the learner, who is asked."""
        s = self._state
        trade = self._bot_offer(seat)
        if trade is None or str(trade) in self._refused:
            return
        if trade.second == self._learner:
            self._offer = trade
            return
        accept, reason = self._bot_answer(trade, trade.second)
        if accept:
            s.propose_trade(trade)
            s.accept_trade(trade.second)
            self._done(reason)

    def _bot_offer(self, seat: int, partner: int | None = None) -> Trade | None:
        """The trade another player would propose now (to ``partner`` only, if given), by its level."""
        if self._bots == "easy":
            return easy_offer(self._state, seat, seed=int(self._bot_rng.integers(2**31)), partner=partner)
        return propose_trade(self._state, seat, partner=partner)

    def _bot_answer(self, trade: Trade, seat: int) -> tuple[bool, str]:
        """Whether another player accepts ``trade``, and why in one sentence, by its level."""
        if self._bots != "easy" or easy_counts_by_value(int(self._bot_rng.integers(2**31))):
            return trade_opinion(self._state, trade, seat, self.names)
        accept = beginner_accepts(trade, seat)
        gets, gives = printed_sides(trade, seat)
        fields = {"name": self.names[seat], "gets": money(gets), "gives": money(gives)}
        return accept, (_("{name} accepts: by the board's printed prices it gets {gets} for {gives}.", **fields)
                        if accept else
                        _("{name} refuses: by the board's printed prices it would get {gets} for {gives}.", **fields))

    def _offer_view(self) -> dict[str, Any] | None:
        trade = self._offer
        if trade is None:
            return None
        names, _ = self._words()
        return {"from": trade.first, "name": names[trade.first], "trade": str(trade),
                "words": offer_words(trade, names, self._learner)}
