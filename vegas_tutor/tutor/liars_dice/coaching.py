"""The Liar's Dice coach and opponents on the table: bids, shows and challenges judged in expected dice given up.

The coach reads the learner's own observation only (:func:`vegas_tutor.liars_dice.coach.review`).
Thresholds (:data:`vegas_tutor.liars_dice.coach.GOOD`, ``MISTAKE``): under 0.10 dice given up is good,
from 0.30 dice a mistake, in between an inaccuracy. A roll is no decision.

>>> LIARS_DICE_COACH.verdict(0.05), LIARS_DICE_COACH.verdict(0.2), LIARS_DICE_COACH.loss_text(0.3)
('good', 'inaccuracy', '0.30 dice')
"""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.liars_dice import coach
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll, Show, faces_text
from vegas_tutor.liars_dice.bots import LEVELS, choose_action
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.policies import POLICIES, bot_action
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.tutor.coaching import GameCoach


def _first_choice(state: State) -> Any:
    if state.is_over or state.is_chance or state.current_player is None:
        return None
    return next((a for a in state.legal_actions() if not isinstance(a, Roll)), None)


def _words(action: Any) -> str:
    if isinstance(action, Bid):
        return f"bid {action}"
    if isinstance(action, Challenge):
        return "challenge"
    if isinstance(action, Show):
        return f"show {faces_text(action.faces)} and re-roll"
    return "keep your cup" if isinstance(action, NoShow) else str(action)


def _dice(loss: float) -> str:
    return f"{loss:.2f} dice"


def _option(o: coach.Option) -> str:
    """The expected dice lost, net of the average rival's, in words; and the chance the bid is true."""
    if abs(o.value) < 0.005:
        value = "even with the average rival"
    else:
        value = f"{abs(o.value):.2f} dice {'more' if o.value > 0 else 'fewer'} lost than the average rival"
    return value if o.true_chance is None else f"{value}; the bid is true {o.true_chance:.0%} of the time"


LIARS_DICE_COACH = GameCoach(
    review=coach.review, is_decision=lambda a: not isinstance(a, Roll), first_choice=_first_choice, words=_words,
    loss_text=_dice, option_text=_option, score=lambda o: -o.value, good=coach.GOOD, mistake=coach.MISTAKE,
    unit="(expected dice lost, net of the average rival)",
)


OPPONENTS: tuple[str, ...] = (*POLICIES, *LEVELS)
"""How the table's opponents may play: the older policies (``random``, ``odds``) that some lessons still
name, and the three levels of :mod:`vegas_tutor.liars_dice.bots`."""


def check_opponents(name: object) -> str:
    """``name`` if the table's opponents can play that way, else ``ConfigError``."""
    if name not in OPPONENTS:
        raise ConfigError(f"unknown policy or level {name!r}: choose one of {', '.join(OPPONENTS)}")
    return str(name)


def opponent_action(state: State, name: str, rng: Rng) -> Action:
    """The opponent's move at level or policy ``name`` (seeded from ``rng``; a level sees its observation only)."""
    if name in LEVELS:
        return choose_action(state, name, seed=int(rng.integers(2**31)))
    return bot_action(state, name, rng)
