"""The Lords of Vegas coach and opponents on the board: decisions judged in points over the average rival.

The coach (:func:`vegas_tutor.lords_of_vegas.coach.review`) counts points plus money at the position's rate,
over the average rival. Thresholds (:data:`vegas_tutor.lords_of_vegas.coach.GOOD`, ``MISTAKE``): under 0.5
points given up is good, from 2 points a mistake, in between an inaccuracy. A draw or a roll is no decision
the coach judges. A trade the learner answers (an offer accepted or refused, a proposal accepted) is judged by
:func:`vegas_tutor.lords_of_vegas.trade_coach.review_trade`, on the same scale: the board hands it to the coach
(:meth:`vegas_tutor.tutor.coaching.Coach.note`), since a refused trade leaves nothing in the game's history.

>>> LORDS_OF_VEGAS_COACH.verdict(0.2), LORDS_OF_VEGAS_COACH.verdict(1.0), LORDS_OF_VEGAS_COACH.loss_text(2.04)
('good', 'inaccuracy', '2.0 points')
"""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import N_, _, money, number
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
from vegas_tutor.tutor.coaching import GameCoach

OPPONENTS: tuple[str, ...] = ("random", *LEVELS)
"""How the board's opponents may play: uniformly at random (as before the levels), or a level of
:mod:`vegas_tutor.lords_of_vegas.bots`."""


def _is_decision(action: Any) -> bool:
    return isinstance(action, Action) and not isinstance(action, DrawCard | RollDice)


def _first_choice(state: State) -> Action | None:
    if state.is_over or state.is_chance:
        return None
    return next((a for a in state.legal_actions() if _is_decision(a)), None)


def _points(loss: float) -> str:
    return _("{n} points", n=number(loss, 1))


def _option(o: coach.Option | TradeOption) -> str:
    if isinstance(o, TradeOption):
        return option_text(o)
    return _("{value} points over the average rival; ends with about {points} points and {money}",
             value=("+" if o.value >= 0 else "") + number(o.value, 1), points=number(o.points),
             money=money(round(o.money)))


def _words(action: Action | TradeChoice) -> str:
    return choice_words(action) if isinstance(action, TradeChoice) else describe(action)


def _review(state: State, action: Action | TradeChoice | str) -> coach.Review | TradeReview:
    """The coach's review of a decision, or of an answer to a trade (:mod:`.trade_coach`)."""
    if isinstance(action, TradeChoice) or (isinstance(action, str) and is_trade_choice(action)):
        return review_trade(state, action)
    return coach.review(state, action)


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
    loss_text=_points, option_text=_option, score=lambda o: o.value, good=coach.GOOD, mistake=coach.MISTAKE,
    unit=N_("(points, money counted at the position's rate, over the average rival)"), answers=_answers,
)


def check_opponents(name: object) -> str:
    """``name`` if the board's opponents can play that way, else ``ConfigError``."""
    if name not in OPPONENTS:
        raise ConfigError(_("unknown policy or level {value}: choose one of {choices}", value=repr(name),
                            choices=", ".join(OPPONENTS)))
    return str(name)


def opponent_action(state: State, name: str, rng: Rng) -> Action:
    """The opponent's move at level ``name`` (seeded from ``rng``), or uniformly at random for ``random``."""
    if name in LEVELS:
        return choose_action(state, name, seed=int(rng.integers(2**31)))
    return random_action(state, rng)
