"""What the Practice page shows of an exercise, as plain data: the choices grouped by kind, the coach's
judgement in words, a lesson's question, the read-only board of a position, and when an exercise comes back.

>>> from datetime import datetime, timedelta, timezone
>>> now = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)
>>> when(now + timedelta(minutes=10), now), when(now + timedelta(days=3), now)
('in 10 minutes', 'in 3 days')
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.core.games import GAMES
from vegas_tutor.i18n import N_, _, _n, tr
from vegas_tutor.practice.exercise import THEME_WORDS, THEMES, Answer, Exercise, game_coach, judge_answer
from vegas_tutor.practice.question import LessonQuestion
from vegas_tutor.practice.starter import shipped_starters
from vegas_tutor.tutor.messages import echo

JSON = dict[str, Any]

GROUP_WORDS: dict[str, str] = {
    "Place": N_("Place your dice"), "Bid": N_("Bids"), "StarBid": N_("Star bids"), "Challenge": N_("Challenge"),
    "Show": N_("Show and re-roll"), "NoShow": N_("Keep your cup"), "Build": N_("Build"), "Remodel": N_("Remodel"),
    "Sprawl": N_("Sprawl"), "Reorganize": N_("Reorganize"), "Gamble": N_("Gamble"), "LayOff": N_("Lay off"),
    "PlaceDie": N_("Place a re-rolled die"), "MoveDie": N_("Move a die"), "EndTurn": N_("End the turn"),
    "TradeChoice": N_("Answer the trade"),
}
"""The headings the choices are grouped under, by the kind of action."""



def starters_in_turn() -> list[Exercise]:
    """The shipped starters, one of each game's themes after another (the games in turn, whichever themes each
    has exercises of): the costliest of every theme first."""
    starters = shipped_starters()
    present = {game: [t for t in themes if any(e.game == game and e.theme == t for e in starters)]
               for game, themes in THEMES.items()}
    rank: dict[tuple[str, str], int] = {}
    keyed = []
    for exercise in starters:
        group = (exercise.game, exercise.theme)
        rank[group] = rank.get(group, -1) + 1
        keyed.append(((rank[group], present[exercise.game].index(exercise.theme), list(GAMES).index(exercise.game)),
                      exercise))
    return [exercise for _key, exercise in sorted(keyed, key=lambda pair: pair[0])]


def judge_decision(exercise: Exercise, choice: str) -> tuple[Answer, JSON]:
    """The coach's judgement of ``choice`` (an action's text) on the exercise's position, and its words."""
    actions = choices(exercise)
    if choice not in actions:
        raise IllegalActionError(_("{choice} is not one of this exercise's choices", choice=echo(choice)))
    judged = judge_answer(exercise, choice)
    coach = game_coach(exercise.game)
    best = actions[judged.best]
    then_missed = judged.missed if choice == exercise.choice else (
        exercise.verdict == "mistake" and judge_answer(exercise, exercise.choice).missed)
    return judged.answer, {
        "loss_text": coach.loss_text(judged.loss), "yours": coach.words(actions[choice]), "best": coach.words(best),
        "why": judged.explanation, "details": judged.details, "then": coach.words(actions[exercise.choice]),
        "then_loss": coach.loss_text(exercise.loss), "then_verdict": exercise.verdict, "then_missed": then_missed,
        "highlight": list(highlight(best)), "marked": bool(highlight(best)), "missed": judged.missed,
    }


def judge_question(question: LessonQuestion, choice: str) -> tuple[Answer, JSON]:
    """A lesson question's answer (``choice``: the index of a choice, as text): right, or a mistake."""
    if not choice.isdigit() or not 0 <= int(choice) < len(question.choices):
        raise IllegalActionError(_("{choice} is not one of this exercise's choices", choice=echo(choice)))
    right = int(choice) == question.answer
    return ("best" if right else "mistake"), {
        "loss_text": "", "yours": question.choices[int(choice)], "best": question.choices[question.answer],
        "why": question.explanation, "details": "", "then": "", "then_loss": "", "then_verdict": "mistake",
        "then_missed": False, "highlight": [], "marked": False, "missed": False,
    }


def decision_view(exercise: Exercise) -> JSON:
    """What the panel shows of a game's decision before the answer: every legal choice grouped by kind (its text,
    sent back as the answer, and its words), the game, the theme and where it comes from."""
    coach = game_coach(exercise.game)
    groups: dict[str, JSON] = {}
    for text, action in choices(exercise).items():
        key = kind(action)
        group = groups.setdefault(key, {"label": tr(GROUP_WORDS[key]) if key in GROUP_WORDS else key, "choices": []})
        group["choices"].append({"text": text, "words": coach.words(action)})
    return {"id": exercise.id, "game": exercise.game, "title": GAMES[exercise.game].title,
            "theme": tr(THEME_WORDS[exercise.theme]), "source": exercise.source, "rivals": rivals_words(exercise),
            "groups": list(groups.values()), "count": sum(len(g["choices"]) for g in groups.values())}


def rivals_words(exercise: Exercise) -> str:
    """How the coach reads the exercise's rivals, when it reads them at the level they played ("" when alike)."""
    if not exercise.rivals:
        return ""
    return _("your rivals played at level {level}, and the coach judges as they play", level=tr(exercise.rivals))


def question_view(question: LessonQuestion) -> JSON:
    """What the panel shows of a lesson's question before the answer: the question, its choices (their index as
    the answer's text), the game and the lesson's title."""
    return {"id": question.id, "kind": "question", "game": question.game, "title": GAMES[question.game].title,
            "theme": tr(THEME_WORDS["lesson"]), "source": "lesson", "lesson": question.lesson,
            "question": question.question, "count": len(question.choices),
            "groups": [{"label": "", "choices": [{"text": str(k), "words": choice}
                                                 for k, choice in enumerate(question.choices)]}]}


def choices(exercise: Exercise) -> dict[str, Any]:
    """The exercise's choices by their text: each legal decision of its position, in the engine's order, or
    accepting and refusing for a trade answered."""
    coach = game_coach(exercise.game)
    state = exercise.state()
    answers = coach.answers(state, exercise.choice) if coach.answers else ()
    return {str(a): a for a in (answers or [a for a in state.legal_actions() if coach.is_decision(a)])}


def kind(action: Any) -> str:
    """The heading an action is listed under (:data:`GROUP_WORDS`): its class, star bids apart from the others."""
    name = type(action).__name__
    return "StarBid" if name == "Bid" and getattr(action, "is_star", False) else name


def highlight(action: Any) -> tuple[str, ...]:
    """Where the coach's choice is on the board: the casino a Las Vegas placement goes to, a Lords of Vegas lot."""
    if type(action).__name__ == "Place":
        return (f"casino:{action.face}",)
    lot = getattr(action, "lot", None)
    return (f"lot:{lot}",) if isinstance(lot, str) else ()


def read_only_board(game: str, state: Any, seat: int) -> Any:
    """The game's board showing ``state`` read-only from ``seat`` (no odds, no coach, no opponents)."""
    return GAMES[game].board(state, learner=seat, show_odds=False, interactive=False)


def seat_of(board: Any) -> int:
    """The seat a read-only board draws the position from (each board's ``learner``)."""
    return int(board.learner)


def when(due: datetime, now: datetime) -> str:
    """When ``due`` comes, from ``now``, in words: "in 10 minutes", "in 3 days", "now"."""
    minutes = round((due - now).total_seconds() / 60)
    if minutes < 1:
        return _("now")
    if minutes < 60:
        return _n("in {n} minute", "in {n} minutes", minutes)
    hours = round(minutes / 60)
    if hours < 24:
        return _n("in {n} hour", "in {n} hours", hours)
    days = round(hours / 24)
    return _n("in {n} day", "in {n} days", days)
