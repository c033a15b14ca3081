"""The learner's deck: their exercises and the FSRS card of each, kept as one sealed record like a saved game.

:func:`save_deck` writes the deck with :func:`vegas_tutor.core.record.dump_record` (game ``practice_deck``,
version :data:`DECK_VERSION`; its checksum catches corruption and casual edits). :func:`load_deck` opens it and
then checks every entry as an engine checks a saved game, by its own rules rather than by trust: each position
is replayed by its engine (``from_json``), the choice and the coach's choice must be legal there, and the id,
the theme, the verdict (from the loss) and the unit must be what they are for that position and choice; each
card must be a sound FSRS card of its exercise with its reviews in order. A deck that fails any check is
refused whole with a :class:`~vegas_tutor.core.errors.RecordError` saying why: nothing partial is returned.

The stored ``best`` and ``loss`` are the coach's words when the exercise was made; an answer is always judged
again by the coach on the replayed position (:func:`vegas_tutor.practice.exercise.judge_answer`), so an edited
``best`` cannot change a grade. The record holds whole positions (other cups, pile order, the generator): it is
the server's copy, as :class:`~vegas_tutor.practice.exercise.Exercise` says.

>>> load_deck(save_deck(Deck())) == Deck()
True
>>> load_deck(save_deck(Deck()).replace('"exercises": []', '"exercises": [1]'))
Traceback (most recent call last):
...
vegas_tutor.core.errors.RecordError: saved game failed its checksum: it was corrupted or edited
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as data_field
from datetime import datetime, timedelta
from typing import Any

from fsrs import Card, ReviewLog

from vegas_tutor.core.errors import RecordError
from vegas_tutor.core.games import GAMES
from vegas_tutor.core.record import dump_record, load_record, record_number
from vegas_tutor.i18n import _
from vegas_tutor.practice.exercise import (
    THEMES,
    Answer,
    Exercise,
    decider,
    exercise_id,
    game_coach,
    make_exercise,
    theme_of,
)
from vegas_tutor.practice.question import QUESTION_KEYS, LessonQuestion, QuestionBook, question_id
from vegas_tutor.practice.schedule import CardState, Summary, card_id, due, new_card, review, summary

DECK_ID = "practice_deck"
DECK_VERSION = 1
MAX_EXERCISES = 1_000
"""The most exercises a deck holds."""
MAX_REVIEWS = 10_000
"""The most reviews one card's log holds."""
MAX_LOSS = 1_000.0
"""More than any coach's loss (Las Vegas and Lords of Vegas count at most 1, Liar's Dice a few dice; earlier Lords of
Vegas decks, some points)."""
STABILITY_MIN, MAX_STABILITY = 0.001, 1e6
"""FSRS's least stability (days), and far more than its 100-year longest interval."""
MIN_DIFFICULTY, MAX_DIFFICULTY = 1.0, 10.0
"""FSRS's range of difficulty."""
EXERCISE_KEYS = ("best", "choice", "game", "id", "loss", "record", "seat", "source", "theme", "unit", "verdict")
OPTIONAL_EXERCISE_KEYS = ("rivals",)
"""Keys an exercise holds only when they say something (``rivals``: the level its rivals played at)."""
CARD_KEYS = ("card_id", "difficulty", "due", "last_review", "stability", "state", "step")
LOG_KEYS = ("card_id", "rating", "review_datetime", "review_duration")


Item = Exercise | LessonQuestion
"""What a deck holds: a decision of a game, or a lesson's question (:mod:`vegas_tutor.practice.question`)."""


@dataclass(frozen=True)
class Deck:
    """The exercises, and one card per exercise in the same order."""

    exercises: tuple[Item, ...] = ()
    cards: tuple[CardState, ...] = ()
    dropped: int = data_field(default=0, compare=False)
    """How many lesson questions the loaded record held that their lessons no longer ask (left out)."""
    retired: int = data_field(default=0, compare=False)
    """How many exercises of the loaded record, judged on an earlier scale, the coach now finds good (left out)."""

    def add(self, exercises: Iterable[Item], now: datetime) -> Deck:
        """The deck with each new exercise (by id) added as a card due ``now``; those already there are kept."""
        known = {e.id for e in self.exercises}
        fresh = []
        for exercise in exercises:
            if exercise.id not in known:
                known.add(exercise.id)
                fresh.append(exercise)
        return Deck((*self.exercises, *fresh), (*self.cards, *(new_card(e.id, now) for e in fresh)))

    def without(self, exercise_ids: Iterable[str]) -> Deck:
        """The deck without these exercises and their cards."""
        gone = set(exercise_ids)
        kept = [k for k, e in enumerate(self.exercises) if e.id not in gone]
        return Deck(tuple(self.exercises[k] for k in kept), tuple(self.cards[k] for k in kept))

    def exercise(self, exercise_id: str) -> Item:
        """The exercise with this id (``KeyError`` if there is none)."""
        return self.exercises[self._index(exercise_id)]

    def card(self, exercise_id: str) -> CardState:
        return self.cards[self._index(exercise_id)]

    def answer(self, exercise_id: str, answer: Answer, now: datetime, *, seconds: float | None = None) -> Deck:
        """The deck after an answer to one exercise, judged ``answer``, scheduled by FSRS."""
        k = self._index(exercise_id)
        cards = list(self.cards)
        cards[k] = review(cards[k], answer, now, seconds=seconds)
        return replace(self, cards=tuple(cards))

    def due(self, now: datetime) -> list[Item]:
        """The exercises due at ``now``, the most overdue first."""
        return [self.exercise(c.exercise_id) for c in due(self.cards, now)]

    def summary(self, now: datetime) -> Summary:
        return summary(self.cards, now)

    def _index(self, exercise_id: str) -> int:
        for k, exercise in enumerate(self.exercises):
            if exercise.id == exercise_id:
                return k
        raise KeyError(exercise_id)


def save_deck(deck: Deck) -> str:
    """The deck as a sealed record (JSON text)."""
    body = {"exercises": [e.to_dict() for e in deck.exercises], "cards": [c.to_dict() for c in deck.cards]}
    return dump_record(DECK_ID, DECK_VERSION, body)


def load_deck(text: str, questions: QuestionBook | None = None) -> Deck:
    """Open a deck written by :func:`save_deck`; any unsound part refuses the whole deck with ``RecordError``.
    Lesson questions are read again from the lessons of ``questions``; one its lesson no longer asks is left out
    (counted in ``dropped``), not a reason to refuse the rest. An exercise an earlier coach judged on another
    scale is judged again (:func:`rejudged`); one the coach now finds good is left out (counted in ``retired``)."""
    body = load_record(text, DECK_ID, DECK_VERSION)
    if not isinstance(body, dict) or set(body) != {"exercises", "cards"} or \
            not isinstance(body["exercises"], list) or not isinstance(body["cards"], list) or \
            len(body["exercises"]) != len(body["cards"]):
        raise RecordError(_("practice deck: the record must hold exercises and cards, one card per exercise"))
    if len(body["exercises"]) > MAX_EXERCISES:
        raise RecordError(_("practice deck: at most {n} exercises, got {count}", n=MAX_EXERCISES,
                            count=len(body["exercises"])))
    exercises: list[Item] = []
    cards: list[CardState] = []
    dropped = retired = 0
    for n, (raw, raw_card) in enumerate(zip(body["exercises"], body["cards"], strict=True), 1):
        try:
            earlier = not _is_question(raw) and _judged_earlier(raw)
            exercise: Item | None
            if _is_question(raw):
                exercise = check_question(raw, questions)
            elif earlier:
                exercise = rejudged(raw)
            else:
                exercise = check_exercise(raw)
            card = _card(raw_card, raw["id"] if exercise is None else exercise.id)
        except Exception as exc:  # a deck is untrusted input: whatever breaks in an entry refuses it
            raise RecordError(_("practice deck: entry {n} is refused: {problem}", n=n, problem=exc)) from None
        if exercise is None:
            retired += earlier
            dropped += not earlier
            continue
        if any(e.id == exercise.id for e in exercises):
            raise RecordError(_("practice deck: exercise {id} is there twice", id=exercise.id))
        exercises.append(exercise)
        cards.append(card)
    return Deck(tuple(exercises), tuple(cards), dropped, retired)


def _is_question(raw: Any) -> bool:
    return isinstance(raw, dict) and raw.get("kind") == "question"


EARLIER_UNITS = {"lords_of_vegas": ("(points, money counted at the position's rate, over the average rival)",),
                 "liars_dice": ("(expected dice lost, net of the average rival)",)}
"""Per game, the units its coach judged in before (an entry in another unit is refused as edited)."""


def _judged_earlier(raw: Any) -> bool:
    """Whether an exercise entry was judged on a scale its game's coach no longer uses (its unit)."""
    return isinstance(raw, dict) and raw.get("unit") in EARLIER_UNITS.get(raw.get("game"), ())  # type: ignore[arg-type]


def rejudged(raw: Any) -> Exercise | None:
    """An exercise an earlier coach judged on another scale (Lords of Vegas counted points, Liar's Dice dice, before
    they counted the chance of winning), made again from its position and choice by the coach now: None when the
    coach now finds the choice good (the entry is left out), else checked as any entry is; its id, and so its card,
    stay."""
    raw = _fields(raw, EXERCISE_KEYS, "exercise", OPTIONAL_EXERCISE_KEYS)
    _text(raw, "choice", "id", "record")
    game = _one_of(raw["game"], GAMES, "game")
    source = _one_of(raw["source"], ("game", "starter"), "source")
    rivals = _rivals(raw, game)
    exercise = make_exercise(GAMES[game].state_class.from_json(raw["record"]), raw["choice"], source=source,
                             rivals=rivals)
    if exercise is None:
        return None
    if exercise.id != raw["id"]:
        raise RecordError(_("its {field} does not match its position and choice", field="id"))
    return check_exercise(exercise.to_dict())


def check_question(raw: Any, questions: QuestionBook | None) -> LessonQuestion | None:
    """A lesson question of the record, read again from its lesson (None: the lesson no longer asks it)."""
    raw = _fields(raw, QUESTION_KEYS, "exercise")
    if questions is None:
        raise RecordError(_("a lesson question can only be read with the lessons at hand"))
    found = questions.find(raw["page"], raw["key"])
    if raw["id"] != question_id(str(raw["page"]), str(raw["key"])):
        raise RecordError(_("its {field} does not match its position and choice", field="id"))
    return found


# ---------------------------------------------------------------------------------------------- the checks
def _fields(raw: Any, keys: Sequence[str], what: str, optional: Sequence[str] = ()) -> dict[str, Any]:
    if not isinstance(raw, dict) or not set(keys) <= set(raw) <= {*keys, *optional}:
        raise RecordError(_("{field} must hold {keys}", field=what, keys=", ".join(keys)))
    return raw


def _text(raw: dict[str, Any], *keys: str) -> None:
    for key in keys:
        if not isinstance(raw[key], str):
            raise RecordError(_("{field} must be text", field=key))


def _one_of(value: Any, choices: Iterable[Any], what: str) -> Any:
    options = tuple(choices)
    if isinstance(value, bool) or value not in options:
        raise RecordError(_("{field} must be one of {choices}, not {value}", field=what,
                            choices=", ".join(map(str, options)), value=repr(value)[:40]))
    return value


def _number(value: Any, what: str, low: float, high: float, *, optional: bool = False) -> float | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise RecordError(_("{field} must be a number from {low} to {high}, not {value}", field=what, low=low,
                            high=high, value=repr(value)[:40]))
    return float(value)


def check_exercise(raw: Any) -> Exercise:
    """An exercise as plain data (:meth:`Exercise.to_dict`), checked against its replayed position; any unsound
    field raises ``RecordError`` (or the engine's own refusal of its record or its choices)."""
    raw = _fields(raw, EXERCISE_KEYS, "exercise", OPTIONAL_EXERCISE_KEYS)
    _text(raw, "best", "choice", "id", "record", "theme", "unit")
    game = _one_of(raw["game"], GAMES, "game")
    rivals = _rivals(raw, game)
    state = GAMES[game].state_class.from_json(raw["record"])
    seat = record_number(raw["seat"], 0, state.players - 1, "seat")
    loss = _number(raw["loss"], "loss", 0, MAX_LOSS)
    coach = game_coach(game)
    answers = {str(a): a for a in coach.answers(state, raw["choice"])} if coach.answers else {}
    if answers:  # a trade answered: accept or refuse, the trade allowed by the engine in the position
        for field in ("choice", "best"):
            if raw[field] not in answers:
                raise RecordError(_("its {field} does not match its position and choice", field=field))
        choice, best = answers[raw["choice"]], answers[raw["best"]]
    else:
        choice, best = _played(state, raw["choice"]), _played(state, raw["best"])
        if not coach.is_decision(choice) or not coach.is_decision(best):
            raise RecordError(_("its {field} does not match its position and choice", field="choice"))
    if decider(state, choice) != seat:
        raise RecordError(_("its {field} does not match its position and choice", field="seat"))
    checks = {"id": exercise_id(game, raw["record"], raw["choice"]), "choice": str(choice), "unit": coach.unit,
              "verdict": coach.verdict(loss), "theme": theme_of(game, state, choice, best)}
    for field, expected in checks.items():
        if raw[field] != expected:
            raise RecordError(_("its {field} does not match its position and choice", field=field))
    _one_of(raw["verdict"], ("inaccuracy", "mistake"), "verdict")
    _one_of(raw["theme"], THEMES[game], "theme")
    source = _one_of(raw["source"], ("game", "starter"), "source")
    return Exercise(raw["id"], game, seat, raw["record"], raw["choice"], raw["best"], float(loss or 0.0),
                    raw["unit"], raw["verdict"], raw["theme"], source, rivals)


def _rivals(raw: dict[str, Any], game: str) -> str:
    """The level an exercise's rivals played at: absent (read alike), or one its game's coach reads."""
    if "rivals" not in raw:
        return ""
    return str(_one_of(raw["rivals"], game_coach(game).rival_levels, "rivals"))


def _played(state: Any, text: str) -> Any:
    """The action ``text`` as the engine plays it in ``state`` (its own refusal when it is not legal there)."""
    probe = state.copy()
    probe.apply(text)
    return probe.history[-1]


def _moment(value: Any, what: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.utcoffset() != timedelta(0):
        raise RecordError(_("{field} must be a date and time in UTC, not {value}", field=what,
                            value=repr(value)[:40]))
    return moment


def _card(raw: Any, exercise: str) -> CardState:
    """The card of ``exercise``, checked field by field before the library reads it."""
    raw = _fields(raw, ("card", "exercise_id", "log"), "card")
    card = _fields(raw["card"], CARD_KEYS, "card")
    if raw["exercise_id"] != exercise or card["card_id"] != card_id(exercise) or isinstance(card["card_id"], bool):
        raise RecordError(_("its {field} does not match its position and choice", field="card_id"))
    _one_of(card["state"], (1, 2, 3), "state")
    if card["step"] is not None:
        record_number(card["step"], 0, 100, "step")
    stability = _number(card["stability"], "stability", STABILITY_MIN, MAX_STABILITY, optional=True)
    difficulty = _number(card["difficulty"], "difficulty", MIN_DIFFICULTY, MAX_DIFFICULTY, optional=True)
    if (stability is None) != (difficulty is None):  # (a card never reviewed has neither)
        raise RecordError(_("{field} must hold {keys}", field="card", keys="stability, difficulty"))
    _moment(card["due"], "due")
    last = None if card["last_review"] is None else _moment(card["last_review"], "last_review")
    log = raw["log"]
    if not isinstance(log, list) or len(log) > MAX_REVIEWS:
        raise RecordError(_("{field} must hold {keys}", field="log", keys=", ".join(LOG_KEYS)))
    entries = [_review(entry, card["card_id"]) for entry in log]
    times = [entry.review_datetime for entry in entries]
    if times != sorted(times) or (times and times[-1] != last) or (last is not None and not times):
        raise RecordError(_("its reviews must be in the order they happened, the last one the card's last review"))
    return CardState(exercise, Card.from_dict(card), tuple(entries))  # type: ignore[arg-type]


def _review(raw: Any, card: int) -> ReviewLog:
    entry = _fields(raw, LOG_KEYS, "log")
    if entry["card_id"] != card:
        raise RecordError(_("its {field} does not match its position and choice", field="card_id"))
    _one_of(entry["rating"], (1, 2, 3, 4), "rating")
    _moment(entry["review_datetime"], "review_datetime")
    if entry["review_duration"] is not None:
        record_number(entry["review_duration"], 0, 10**9, "review_duration")
    return ReviewLog.from_dict(entry)  # type: ignore[arg-type]
