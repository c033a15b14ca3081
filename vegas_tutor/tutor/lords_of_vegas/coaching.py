"""The Lords of Vegas coach and opponents on the board: decisions judged by the chance of finishing 1st they
give up.

The coach (:func:`vegas_tutor.lords_of_vegas.coach.review`) plays its best options out as the hard level does.
Thresholds (:data:`vegas_tutor.lords_of_vegas.coach.GOOD`, ``MISTAKE``): under 2 points of winning chance given
up is good, from 6 points a mistake, in between an inaccuracy, as in the other games. A draw or a roll is no
decision the coach judges. A trade the learner answers (an offer accepted or refused, a proposal accepted) is
judged by :func:`vegas_tutor.lords_of_vegas.trade_coach.review_trade`, on the same scale: the board hands it to
the coach (:meth:`vegas_tutor.tutor.coaching.Coach.note`), since a refused trade leaves nothing in the game's
history.

>>> LORDS_OF_VEGAS_COACH.verdict(0.01), LORDS_OF_VEGAS_COACH.verdict(0.04), LORDS_OF_VEGAS_COACH.loss_text(0.063)
('good', 'inaccuracy', '6.3 points')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import N_, _, money, number, percent
from vegas_tutor.lords_of_vegas import coach
from vegas_tutor.lords_of_vegas.actions import Action, DrawCard, RollDice
from vegas_tutor.lords_of_vegas.bots import LEVELS, choose_action
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import describe
from vegas_tutor.lords_of_vegas.policies import random_action
from vegas_tutor.lords_of_vegas.trade_coach import (
    TradeChoice,
    TradeOption,
    TradeReview,
    choice_words,
    is_trade_choice,
    option_text,
    parse_trade_choice,
    review_trade,
)
from vegas_tutor.tutor.coaching import GameCoach, points_text

OPPONENTS: tuple[str, ...] = ("random", *LEVELS)
"""How the board's opponents may play: uniformly at random (as before the levels), or a level of
:mod:`vegas_tutor.lords_of_vegas.bots`."""


def _is_decision(action: Any) -> bool:
    return isinstance(action, Action) and not isinstance(action, DrawCard | RollDice)


def _first_choice(state: State) -> Action | None:
    if state.is_over or state.is_chance:
        return None
    return next((a for a in state.legal_actions() if _is_decision(a)), None)


def _option(o: coach.Option | TradeOption) -> str:
    if isinstance(o, TradeOption):
        return option_text(o)
    if o.win_chance is None:
        return _("not played out (far behind by the points and money it leaves); ends with about {points} points "
                 "and {money}", points=number(o.points), money=money(round(o.money)))
    return _("{chance} chance of finishing 1st; ends with about {points} points and {money}",
             chance=percent(o.win_chance), points=number(o.points), money=money(round(o.money)))


def _score(o: coach.Option | TradeOption) -> float:
    """Higher is better: the chance of finishing 1st (options not played out after, by the one-step count)."""
    if isinstance(o, TradeOption):
        return o.value
    return o.win_chance if o.win_chance is not None else -1 + 1e-6 * o.value


def _words(action: Action | TradeChoice) -> str:
    return choice_words(action) if isinstance(action, TradeChoice) else describe(action)


def _review(state: State, action: Action | TradeChoice | str, budget: float = math.inf) -> coach.Review | TradeReview:
    """The coach's review of a decision (its playouts bounded by ``budget`` seconds of wall time), or of an
    answer to a trade (:mod:`.trade_coach`)."""
    if isinstance(action, TradeChoice) or (isinstance(action, str) and is_trade_choice(action)):
        return review_trade(state, action)
    return coach.review(state, action, budget=budget)


def _live_review(state: State, action: Action | TradeChoice | str) -> coach.Review | TradeReview:
    """:func:`_review` as a board runs it: the playouts bounded by :data:`.coach.COACH_BUDGET` of wall time."""
    return _review(state, action, coach.COACH_BUDGET)


def _chances(r: coach.Review | TradeReview) -> tuple[float, float] | None:
    """The best choice's and yours chance of winning (None for a trade: its loss is read off the standing)."""
    if isinstance(r, TradeReview):
        return None
    best, mine = r.option(r.best).win_chance, r.option(r.action).win_chance
    return None if best is None or mine is None else (best, mine)


def _answers(state: State, text: str) -> tuple[TradeChoice, ...]:
    """Accepting and refusing, when ``text`` answers a trade (which the engine must allow in ``state``)."""
    if not is_trade_choice(text):
        return ()
    choice = parse_trade_choice(text)
    state.copy().propose_trade(choice.trade)  # the engine's own refusal when the trade cannot happen there
    accept = TradeChoice(choice.seat, choice.trade, True)
    return accept, accept.other()


LORDS_OF_VEGAS_COACH = GameCoach(
    review=_review, is_decision=_is_decision, first_choice=_first_choice, words=_words,
    loss_text=points_text, option_text=_option, score=_score, good=coach.GOOD, mistake=coach.MISTAKE,
    unit=N_("of the chance of winning the game"), live_review=_live_review, answers=_answers, chances=_chances,
)


def check_opponents(name: object) -> str:
    """``name`` if the board's opponents can play that way, else ``ConfigError``."""
    if name not in OPPONENTS:
        raise ConfigError(_("unknown policy or level {value}: choose one of {choices}", value=repr(name),
                            choices=", ".join(OPPONENTS)))
    return str(name)


def opponent_action(state: State, name: str, rng: Rng, seats: Sequence[str | None] | None = None) -> Action:
    """The opponent's move at level ``name`` (seeded from ``rng``), or uniformly at random for ``random``.
    ``seats``: how each seat plays (None for a person), as the hard level is told."""
    if name in LEVELS:
        return choose_action(state, name, seed=int(rng.integers(2**31)), seats=seats)
    return random_action(state, rng)
