"""The Liar's Dice coach and opponents on the table: bids, shows and challenges judged by the chance of winning
they give up, with the expected dice beside.

The coach reads the learner's own observation only (:func:`vegas_tutor.liars_dice.coach.review`).
Thresholds (:data:`vegas_tutor.liars_dice.coach.GOOD`, ``MISTAKE``): under 2 points of winning chance given
up is good, from 6 points a mistake, in between an inaccuracy (as in the other games). A roll is no decision.

>>> LIARS_DICE_COACH.verdict(0.01), LIARS_DICE_COACH.verdict(0.04), LIARS_DICE_COACH.loss_text(0.063)
('good', 'inaccuracy', '6.3 points')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import N_, _, number, percent, tr
from vegas_tutor.liars_dice import coach
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll, Show, faces_text
from vegas_tutor.liars_dice.bots import LEVELS, choose_action
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.policies import POLICIES, bot_action
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.liars_dice.words import action_words, bid_words
from vegas_tutor.tutor.coaching import GameCoach, points_text


def _first_choice(state: State) -> Any:
    if state.is_over or state.is_chance or state.current_player is None:
        return None
    return next((a for a in state.legal_actions() if not isinstance(a, Roll)), None)


def _words(action: Any) -> str:
    if isinstance(action, Bid):
        return _("bid {bid}", bid=bid_words(action))
    if isinstance(action, Challenge):
        return _("challenge")
    if isinstance(action, Show):
        return _("show {faces} and re-roll", faces=faces_text(action.faces))
    return _("keep your cup") if isinstance(action, NoShow) else action_words(action)


def _option(o: coach.Option) -> str:
    """The chance of winning after the round; the expected dice lost, net of the average rival's, in words; and
    the chance the bid is true."""
    if abs(o.value) < 0.005:
        value = _("even with the average rival")
    elif o.value > 0:
        value = _("{dice} dice more lost than the average rival", dice=number(abs(o.value), 2))
    else:
        value = _("{dice} dice fewer lost than the average rival", dice=number(abs(o.value), 2))
    if o.win_chance is not None:
        value = _("{chance} chance of winning; {value}", chance=percent(o.win_chance, 1), value=value)
    if o.true_chance is None:
        return value
    return _("{value}; the bid is true {pct} of the time", value=value, pct=percent(o.true_chance))


def rivals_at(level: str, players: int, learner: int) -> dict[int, str] | None:
    """Every seat but the learner's at ``level`` (None when ``level`` is an older policy, not a level: those
    bots are read as every rival is read without a level)."""
    return {s: level for s in range(players) if s != learner} if level in LEVELS else None


def _live_review(state: State, action: Any, *, tie_break_on: bool = True) -> coach.Review:
    """:func:`~vegas_tutor.liars_dice.coach.review` as a table runs it: the check of a decision far behind bounded by
    :data:`~vegas_tutor.liars_dice.coach.COACH_BUDGET` of wall time (a bot's decision, for its loss alone, without
    the tie-break)."""
    return coach.review(state, action, budget=coach.COACH_BUDGET, tie_break_on=tie_break_on)


def review_among(state: State, action: Any, level: str) -> coach.Review:
    """The review of ``action`` with every rival of the player to act read at ``level``."""
    return coach.review(state, action, levels=rivals_at(level, state.players, state.current_player or 0))


LIARS_DICE_COACH = GameCoach(
    review=coach.review, is_decision=lambda a: not isinstance(a, Roll), first_choice=_first_choice, words=_words,
    loss_text=points_text, option_text=_option, score=lambda o: (o.win_chance or 0.0) - 1e-9 * o.value,
    good=coach.GOOD, mistake=coach.MISTAKE, unit=N_("of the chance of winning the game"),
    chances=lambda r: (r.option(r.best).win_chance, r.option(r.action).win_chance),
    weighed=lambda o: not isinstance(o.action, Bid) or (o.true_chance or 0.0) >= 0.5,
    rival_levels=LEVELS, review_among=review_among, live_review=_live_review,
    judge_other=partial(_live_review, tie_break_on=False),
)


def table_coach(opponents: Callable[[], str], learner: int) -> GameCoach:
    """The coach of a table whose bots play at ``opponents()`` (read as each decision is judged): a bot at a
    level is read by that level's model (:data:`vegas_tutor.liars_dice.coach.LEVEL_MODELS`); the learner, and
    bots that play an older policy, as every rival is read without a level. An exercise made from the table's
    game keeps the level, and Practice judges it the same way (``review_among``)."""
    def judge(state: State, action: Any, *, tie_break_on: bool = True) -> coach.Review:
        return coach.review(state, action, levels=rivals_at(opponents(), state.players, learner),
                            budget=coach.COACH_BUDGET, tie_break_on=tie_break_on)

    return replace(LIARS_DICE_COACH, live_review=judge, judge_other=partial(judge, tie_break_on=False))


OPPONENTS: tuple[str, ...] = (*POLICIES, *LEVELS)
"""How the table's opponents may play: the older policies (``random``, ``odds``) that some lessons still
name, and the three levels of :mod:`vegas_tutor.liars_dice.bots`."""


def check_opponents(name: object) -> str:
    """``name`` if the table's opponents can play that way, else ``ConfigError``."""
    if name not in OPPONENTS:
        raise ConfigError(_("unknown policy or level {name!r}: choose one of {choices}", name=name,
                            choices=", ".join(OPPONENTS)))
    return str(name)


OPPONENT_NAMES = {"random": N_("random"), "odds": N_("odds"), "easy": N_("easy"), "medium": N_("medium"),
                  "hard": N_("hard")}
"""The name of each way to play, as the learner reads it."""


def policy_name(name: str) -> str:
    """``"medium"`` / ``"medio"``: a level or policy in the language in force."""
    return tr(OPPONENT_NAMES[name]) if name in OPPONENT_NAMES else name


def opponent_action(state: State, name: str, rng: Rng) -> Action:
    """The opponent's move at level or policy ``name`` (seeded from ``rng``; a level sees its observation only)."""
    if name in LEVELS:
        return choose_action(state, name, seed=int(rng.integers(2**31)))
    return bot_action(state, name, rng)
