"""The Las Vegas coach and opponents on the board: placements judged by the chance of winning they give up.

Thresholds (:data:`vegas_tutor.las_vegas.coach.GOOD`, ``MISTAKE``): under 2 points of winning chance lost
is good, from 6 points a mistake, in between an inaccuracy. A roll is no decision: only placements count.

>>> LAS_VEGAS_COACH.verdict(0.01), LAS_VEGAS_COACH.verdict(0.04), LAS_VEGAS_COACH.loss_text(0.063)
('good', 'inaccuracy', '6.3 points')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vegas_tutor import i18n
from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import N_, _, _n
from vegas_tutor.las_vegas import coach
from vegas_tutor.las_vegas.actions import Action, Place, Roll, describe_action
from vegas_tutor.las_vegas.bots import LEVELS, choose_action
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.policies import POLICIES, check_policy, choose_face
from vegas_tutor.las_vegas.rules import money
from vegas_tutor.tutor.coaching import GameCoach, points_text


def _first_choice(state: State) -> Place | None:
    if state.is_over or state.phase != "place":
        return None
    return next((a for a in state.legal_actions() if isinstance(a, Place)), None)


def _words(action: Any) -> str:
    return _("place the {face}s", face=action.face) if isinstance(action, Place) else describe_action(action)


def _option(o: coach.Option) -> str:
    margin = round(o.margin, -3)
    sign = "+" if margin > 0 else "-" if margin < 0 else "±"
    return _("{chance} chance of winning; {margin} this round against the rivals", chance=i18n.percent(o.win_chance),
             margin=sign + money(int(abs(margin))))


def _waiting(state: State) -> str:
    """What a hint waits for: the rollouts of each face, after the compiled simulator when it is not ready."""
    from vegas_tutor.warmup import simulator_ready

    faces = sum(1 for a in state.legal_actions() if isinstance(a, Place))
    playing = _n("playing out the rest of the round {rollouts} times for the {n} face of your roll",
                 "playing out the rest of the round {rollouts} times for each of the {n} faces of your roll",
                 faces, rollouts=i18n.number(coach.COACH_ROLLOUTS))
    if simulator_ready("las_vegas"):
        return playing
    return _("preparing the fast simulator first (this machine's first start only, usually under a minute), "
             "then {playing}", playing=playing)


LAS_VEGAS_COACH = GameCoach(
    review=coach.review, is_decision=lambda a: isinstance(a, Place), first_choice=_first_choice, words=_words,
    loss_text=points_text, option_text=_option, score=lambda o: o.win_chance + 1e-9 * o.margin,
    good=coach.GOOD, mistake=coach.MISTAKE,
    unit=N_("of the chance of winning the game"), waiting=_waiting,
    chances=lambda r: (r.option(r.best).win_chance, r.option(r.action).win_chance),
)


OPPONENTS: tuple[str, ...] = (*POLICIES, *LEVELS)
"""How the board's opponents may play: the older policies (``random``, ``greedy``) that some lessons still
name, and the three levels of :mod:`vegas_tutor.las_vegas.bots`."""


def check_opponents(name: object) -> str:
    """``name`` if the board's opponents can play that way, else ``ConfigError``."""
    if name not in OPPONENTS:
        raise ConfigError(_("unknown policy or level {name!r}: choose one of {choices}", name=name,
                            choices=", ".join(OPPONENTS)))
    return str(name)


def opponent_action(state: State, name: str, rng: Rng, seats: Sequence[str | None] | None = None) -> Action:
    """The opponent's move at level or policy ``name`` (seeded from ``rng``): a roll while dice must be rolled.
    ``seats``: how each seat plays (None for a person), as the hard level is told."""
    if name in LEVELS:
        return choose_action(state, name, seed=int(rng.integers(2**31)), seats=seats)
    return Roll() if state.phase in ("roll", "spare") else choose_face(state, check_policy(name), rng)
