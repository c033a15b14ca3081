"""The coach on trades: whether to accept an offer, what to propose, and a verdict on each trade answered.

A trade is judged by the one valuation the bots trade by (:mod:`.trade_value`): what it changes of your
**standing** (your money, plus what your markers, dice and casinos will still bring, in dollars), less your
partner's gain shared among its rivals (a rival's gain is partly your loss). The coach accepts as the bots do
(from :data:`.trade_value.MARGIN` of net gain). The verdict is on the scale of the rest of the coach: the chance
of finishing 1st an answer gives up (:data:`.coach.GOOD`, :data:`.coach.MISTAKE`), read from the standing
before and after the trade by the curve the coach's playouts end on (:func:`.search.leaf_value`).

A choice is written ``"<seat> accepts <trade>"`` or ``"<seat> refuses <trade>"`` (the trade as the engine
writes it), so an exercise can keep it as text.

>>> from vegas_tutor.lords_of_vegas import State
>>> from vegas_tutor.lords_of_vegas.trades import parse_trade
>>> s = State.position(3, markers={"A2": 2}, money=[30, 10, 10], draws_before_end=20)
>>> r = review_trade(s, "red refuses trade blue: $30 lots - dice - for red: $0 lots A2 dice -")
>>> r.best.accept, r.verdict, r.seat, round(r.loss, 3)
(True, 'inaccuracy', 2, 0.031)
>>> r.explanation
'Better to accept: you gain about $16 (what you get is worth $30 to you, what you give $14) and Blue loses $16.'
>>> review_trade(s, r.best).loss
0.0
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.core.verdict import Verdict, judge
from vegas_tutor.i18n import _, money, number
from vegas_tutor.lords_of_vegas import bots_compiled, compiled, search
from vegas_tutor.lords_of_vegas.coach import GOOD, MISTAKE
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import player
from vegas_tutor.lords_of_vegas.rules import PLAYER_NAMES
from vegas_tutor.lords_of_vegas.trade_value import (
    MARGIN,
    SideValue,
    after_trade,
    best_offer,
    dollars_per_point,
    value_trade,
)
from vegas_tutor.lords_of_vegas.trades import Trade, describe_offer, describe_trade, parse_trade

_CHOICE = re.compile(r"([a-z]+) (accepts|refuses) (trade .+)")


@dataclass(frozen=True)
class TradeChoice:
    """``seat`` (a party of ``trade``) accepts it or refuses it: an offer answered, or a proposal made and
    accepted (``accept``), as the coach judges it."""

    seat: int
    trade: Trade
    accept: bool

    def __post_init__(self) -> None:
        if self.seat not in (self.trade.first, self.trade.second):
            raise InvalidActionError(_("seat {seat} is not a party of {trade}", seat=self.seat,
                                       trade=describe_trade(self.trade)))

    def __str__(self) -> str:
        return f"{PLAYER_NAMES[self.seat]} {'accepts' if self.accept else 'refuses'} {self.trade}"

    @property
    def partner(self) -> int:
        return self.trade.second if self.seat == self.trade.first else self.trade.first

    def other(self) -> TradeChoice:
        """The other answer to the same trade."""
        return TradeChoice(self.seat, self.trade, not self.accept)


def parse_trade_choice(text: str) -> TradeChoice:
    """Read a choice back from its ``str`` form; ``InvalidActionError`` when it is none."""
    match = _CHOICE.fullmatch(" ".join(str(text).split()))
    if not match or match[1] not in PLAYER_NAMES:
        raise InvalidActionError(_("cannot read {text} as an answer to a trade", text=repr(str(text)[:80])))
    return TradeChoice(PLAYER_NAMES.index(match[1]), parse_trade(match[3]), match[2] == "accepts")


def is_trade_choice(action: object) -> bool:
    """Whether ``action`` is an answer to a trade (a :class:`TradeChoice` or its text)."""
    return isinstance(action, TradeChoice) or (isinstance(action, str) and _CHOICE.fullmatch(
        " ".join(action.split())) is not None)


@dataclass(frozen=True)
class TradeOption:
    """One answer and what it is worth to the seat: ``value`` the chance of finishing 1st it adds (0 for
    refusing), ``net`` and ``gain`` in dollars of standing (:class:`.trade_value.SideValue`)."""

    action: TradeChoice
    value: float
    net: float
    gain: float
    partner_gain: float


@dataclass(frozen=True)
class TradeReview:
    """The coach's judgement of an answer to a trade (the shape of :class:`.coach.Review`)."""

    action: TradeChoice
    best: TradeChoice
    loss: float
    """The chance of finishing 1st given up against ``best`` (0 for the best)."""
    alternatives: tuple[TradeOption, ...]
    """Accepting and refusing, best first."""
    explanation: str
    details: str

    @property
    def seat(self) -> int:
        return self.action.seat

    @property
    def verdict(self) -> Verdict:
        return judge(self.loss, good=GOOD, mistake=MISTAKE)

    def option(self, action: TradeChoice) -> TradeOption:
        return next(o for o in self.alternatives if o.action == action)


def review_trade(state: State, choice: TradeChoice | str) -> TradeReview:
    """Judge ``choice`` in ``state`` (the position when the trade is answered; not changed). A trade the rules
    refuse there raises the engine's ``IllegalActionError``."""
    if isinstance(choice, str):
        choice = parse_trade_choice(choice)
    view = value_trade(state, choice.trade).side(choice.seat)
    per_point = dollars_per_point(state)
    accept = TradeChoice(choice.seat, choice.trade, True)
    outcomes = after_trade(state, choice.trade)
    chance = sum(win_chance(a, choice.seat) for a in outcomes) / len(outcomes) - win_chance(state, choice.seat)
    options = (TradeOption(accept, chance, view.net, view.gain, view.partner_gain),
               TradeOption(accept.other(), 0.0, 0.0, 0.0, 0.0))
    best = options[0] if view.accepts else options[1]  # the bots' own rule: accept from MARGIN of net gain
    ranked = (best, *(o for o in options if o is not best))
    mine = next(o for o in options if o.action == choice)
    loss = max(best.value - mine.value, 0.0)
    return TradeReview(choice, best.action, loss, ranked, _verdict_words(choice, view, best.action.accept, loss),
                       _details(state, per_point))


def win_chance(state: State, seat: int) -> float:
    """``seat``'s chance of finishing 1st by its standing in ``state``, on the curve the coach's playouts end on."""
    return search.leaf_value(compiled.encode(state.data()), seat, bots_compiled.PARAMS, search.LEAF,
                             np.zeros(4, np.float64), np.empty(compiled.N, np.int64),
                             np.empty((compiled.N, 8), np.int64))


def _verdict_words(choice: TradeChoice, view: SideValue, best_accepts: bool, loss: float) -> str:
    """The verdict's sentence: which answer was better, and why."""
    why = _why(choice, view, best_accepts)
    if choice.accept == best_accepts:
        return (_("Accepting was right: {why}.", why=why) if best_accepts else
                _("Refusing was right: {why}.", why=why))
    if loss < GOOD:
        return (_("About as good as accepting: {why}.", why=why) if best_accepts else
                _("About as good as refusing: {why}.", why=why))
    return (_("Better to accept: {why}.", why=why) if best_accepts else
            _("Better to refuse: {why}.", why=why))


def _why(choice: TradeChoice, view: SideValue, best_accepts: bool) -> str:
    """Why one answer is better, from the trade's values to the seat (a clause)."""
    amount = money(round(abs(view.partner_gain)))
    theirs = (_("{partner} gains {amount}", partner=player(choice.partner), amount=amount) if view.partner_gain > 0
              else _("{partner} loses {amount}", partner=player(choice.partner), amount=amount))
    fields = {"gets": money(round(view.gets)), "gives": money(round(view.gives)), "gain": money(round(abs(view.gain))),
              "theirs": theirs}
    if view.gain <= 0:
        why = _("what you would get is worth {gets} to you and what you would give {gives}: you lose about {gain} "
                "of what you hold", **fields)
    elif not best_accepts and view.gain < MARGIN:
        why = _("you would gain only about {gain} (you get {gets} for {gives}): too little to be worth a trade",
                **fields)
    elif not best_accepts:
        why = _("you gain about {gain} (you get {gets} for {gives}) but {theirs}, and a rival's gain is partly "
                "your loss", **fields)
    else:
        why = _("you gain about {gain} (what you get is worth {gets} to you, what you give {gives}) and {theirs}",
                **fields)
    return why


def _details(state: State, per_point: float) -> str:
    left = state.draws_before_end or 0
    return _("How the coach counts a trade: what you hold if the board stayed as it is, your money plus what your "
             "markers, dice and casinos will bring on the {n} cards left, a point at {rate}; less your partner's "
             "gain shared among its rivals. The verdict reads your chance of finishing 1st from your standing "
             "before and after the trade.", n=left, rate=money(per_point, 0 if per_point == round(per_point) else 2))


@dataclass(frozen=True)
class TradeAdvice:
    """The coach's trade hint for ``seat``: on an ``offer``, accept or refuse and why; otherwise the trade to
    propose (``proposal``, None when there is none worth making) and why."""

    seat: int
    text: str
    accept: bool | None = None
    proposal: Trade | None = None


def advise_trade(state: State, seat: int, offer: Trade | None = None) -> TradeAdvice:
    """The coach's hint on trades for ``seat`` now: how to answer ``offer``, or what to propose."""
    if offer is not None:
        choice = TradeChoice(seat, offer, True)  # (refused when the seat is not a party of the offer)
        view = value_trade(state, offer).side(seat)
        why = _why(choice, view, view.accepts)
        return TradeAdvice(seat, (_("The coach would accept: {why}.", why=why) if view.accepts else
                                  _("The coach would refuse: {why}.", why=why)), accept=view.accepts)
    proposal = best_offer(state, seat)
    if proposal is None:
        return TradeAdvice(seat, _("The coach sees no trade worth proposing now that another player would accept."))
    value = value_trade(state, proposal)
    mine, theirs = value.side(seat), value.side(proposal.second)
    return TradeAdvice(seat, _("The coach would propose to {partner}: you give {gives} for {takes}. You gain about "
                               "{gain}, and {partner} accepts: by its count it gains {theirs}.",
                               partner=player(proposal.second), gives=describe_offer(proposal.first_gives),
                               takes=describe_offer(proposal.second_gives), gain=money(round(mine.gain)),
                               theirs=money(round(theirs.gain))), proposal=proposal)


def option_text(o: TradeOption) -> str:
    """An answer's value in words, for the review's alternatives."""
    if not o.action.accept:
        return _("nothing changes")
    return _("{value} points of winning chance (your standing {gain}, {partner}'s {theirs})",
             value=("+" if o.value >= 0 else "") + number(100 * o.value, 1), gain=money(round(o.gain), signed=True),
             partner=player(o.action.partner), theirs=money(round(o.partner_gain), signed=True))


def choice_words(choice: TradeChoice) -> str:
    """A choice in a few words: "accept Green's offer: Green gives $14 for Blue's lot C5"."""
    trade = describe_trade(choice.trade)
    return (_("accept the trade ({trade})", trade=trade) if choice.accept else
            _("refuse the trade ({trade})", trade=trade))


__all__ = ["TradeAdvice", "TradeChoice", "TradeOption", "TradeReview", "advise_trade", "choice_words",
           "is_trade_choice", "option_text", "parse_trade_choice", "review_trade"]
