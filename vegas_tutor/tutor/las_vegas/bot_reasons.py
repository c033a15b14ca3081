"""Why an opponent placed the face it did, in the words of the simple rule its level follows.

The opponents' levels (:mod:`vegas_tutor.las_vegas.bots`) and the older policies
(:mod:`vegas_tutor.las_vegas.policies`) each follow a rule a learner can apply by hand; the board's log says
which one a placement followed, read off the position before it (the bots are not asked again). The easy
level mixes three rules: the one whose choice the placement matches is named (the most dice first).

>>> from vegas_tutor.las_vegas import State
>>> state = State.position(2, turn=1, seed=1,
...     casino_bills=[[90_000], [70_000, 30_000], [60_000, 20_000], [50_000], [40_000, 10_000], [80_000]])
>>> state.apply("roll 3 3 3 3 3 3 5 1")
>>> placement_reason(state, 3, "easy")
'easy level: it places the face showing the most dice'
>>> placement_reason(state, 5, "easy")
'easy level: now and then it places any face at all'
>>> placement_reason(state, 1, "easy")
'easy level: sometimes it goes for the casino with the biggest bill'
"""

from __future__ import annotations

from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Place
from vegas_tutor.las_vegas.engine import State


def _dice(state: State, face: int) -> int:
    roll = state.current_roll
    assert roll is not None
    return roll[0][face - 1] + roll[1][face - 1]


def placement_reason(before: State, face: int, level: str) -> str:
    """The rule an opponent playing ``level`` followed in placing ``face`` from ``before`` (its roll).

    An empty text when there was no choice (a single face rolled) or the level is unknown."""
    faces = [a.face for a in before.legal_actions() if isinstance(a, Place)]
    if len(faces) < 2 or face not in faces:
        return _("the only face it rolled") if faces == [face] else ""
    if level == "easy":
        if _dice(before, face) == max(_dice(before, f) for f in faces):
            return _("easy level: it places the face showing the most dice")
        if max(before.bills_on(face), default=0) == max(max(before.bills_on(f), default=0) for f in faces):
            return _("easy level: sometimes it goes for the casino with the biggest bill")
        return _("easy level: now and then it places any face at all")
    if level == "medium":
        return _("medium level: the face that most raises the bill it would take if the round ended now")
    if level == "hard":
        return _("hard level: the face with the best chance of winning the game, from simulated rounds")
    if level == "greedy":
        return _("greedy: the face that most raises the bill it would take if the round ended now")
    if level == "random":
        return _("random: any face it rolled")
    return ""
