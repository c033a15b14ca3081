"""When each exercise comes back: the FSRS scheduler (``fsrs``, version 6) on one card per exercise.

An answer is judged by the coach (:func:`vegas_tutor.practice.exercise.judge_answer`) and graded with one of
FSRS's four ratings (:func:`rating`):

- the coach's own choice: ``Good``, or ``Easy`` when it came within :data:`QUICK_SECONDS` (a quick right answer
  is one the learner knows; without a time, never ``Easy``);
- another choice that gives up less than the game's "good" threshold: ``Good``;
- an inaccuracy: ``Hard``; a mistake: ``Again``.

Every function takes the time as an explicit ``now`` (a timezone-aware datetime, read in UTC), so that tests
run on a fake clock. The scheduler does not fuzz its intervals (:data:`SCHEDULER`): the same answers at the
same times always give the same schedule.

A card is **learned** when FSRS has it in its Review state with a stability of at least
:data:`LEARNED_STABILITY` days (a week after its last review it is still recalled nine times in ten). The
**streak** counts the calendar days (UTC) in a row with at least one review, ending today or yesterday.

>>> from datetime import datetime, timedelta, timezone
>>> now = datetime(2025, 3, 1, 9, tzinfo=timezone.utc)
>>> card = new_card("0123456789abcdef", now)
>>> wrong, right = review(card, "mistake", now), review(card, "best", now)
>>> wrong.card.due < right.card.due, rating("best", seconds=5).name
(True, 'Easy')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from fsrs import Card, Rating, ReviewLog, Scheduler, State

from vegas_tutor.practice.exercise import Answer

SCHEDULER = Scheduler(enable_fuzzing=False)
"""FSRS with its default parameters (90 % retention, learning steps of 1 and 10 minutes), without fuzz."""
QUICK_SECONDS = 20.0
"""The coach's choice answered within this many seconds is rated ``Easy``."""
LEARNED_STABILITY = 7.0
"""Days of stability from which a card in the Review state counts as learned."""
RATINGS: Mapping[Answer, Rating] = {"best": Rating.Good, "good": Rating.Good, "inaccuracy": Rating.Hard,
                                    "mistake": Rating.Again}
"""The rating of each judged answer (``best`` may become ``Easy``, see :func:`rating`)."""


@dataclass(frozen=True)
class CardState:
    """The schedule of one exercise: the FSRS card and the log of its reviews, oldest first (both the library's
    own objects; neither is changed in place: a review makes a new state)."""

    exercise_id: str
    card: Card
    log: tuple[ReviewLog, ...] = ()

    @property
    def reps(self) -> int:
        return len(self.log)

    @property
    def last_rating(self) -> Rating | None:
        return self.log[-1].rating if self.log else None

    def to_dict(self) -> dict[str, object]:
        """Plain JSON data: the card and the reviews by the library's own ``to_dict``."""
        return {"exercise_id": self.exercise_id, "card": dict(self.card.to_dict()),
                "log": [dict(entry.to_dict()) for entry in self.log]}


def utc(now: datetime) -> datetime:
    """``now`` in UTC; a naive datetime (no time zone) is refused with ``ValueError``."""
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"the time must be a timezone-aware datetime, got {now!r}")
    return now.astimezone(UTC)


def card_id(exercise_id: str) -> int:
    """The FSRS card id of an exercise: its first 13 hex digits as a number (below 2**52, safe in JSON)."""
    return int(exercise_id[:13], 16)


def new_card(exercise_id: str, now: datetime) -> CardState:
    """A card never reviewed, due ``now``."""
    return CardState(exercise_id, Card(card_id=card_id(exercise_id), due=utc(now)))


def rating(answer: Answer, *, seconds: float | None = None) -> Rating:
    """The FSRS rating of a judged answer (``seconds``: how long the learner took, if known)."""
    if answer == "best" and seconds is not None and 0 <= seconds <= QUICK_SECONDS:
        return Rating.Easy
    return RATINGS[answer]


def review(card: CardState, answer: Answer, now: datetime, *, seconds: float | None = None) -> CardState:
    """The card after an answer judged ``answer`` at ``now``, scheduled by FSRS."""
    duration = None if seconds is None else max(0, round(1000 * seconds))
    after, entry = SCHEDULER.review_card(card.card, rating(answer, seconds=seconds), utc(now), duration)
    return CardState(card.exercise_id, after, (*card.log, entry))


def due(cards: Iterable[CardState], now: datetime) -> list[CardState]:
    """The cards due at ``now``, the most overdue first (equal times by exercise id)."""
    moment = utc(now)
    return sorted((c for c in cards if c.card.due <= moment), key=lambda c: (c.card.due, c.exercise_id))


def is_learned(card: CardState) -> bool:
    """In FSRS's Review state with at least :data:`LEARNED_STABILITY` days of stability."""
    return card.card.state == State.Review and (card.card.stability or 0.0) >= LEARNED_STABILITY


def streak(days: Iterable[date], today: date) -> int:
    """Calendar days in a row with a review, ending ``today`` or, when there was none today yet, yesterday."""
    seen = set(days)
    day = today if today in seen else today - timedelta(days=1)
    count = 0
    while day in seen:
        count += 1
        day -= timedelta(days=1)
    return count


@dataclass(frozen=True)
class Summary:
    """What a Practice page says about a deck."""

    total: int
    due_now: int
    due_today: int
    """Due before the end of today (UTC), those due now included."""
    learned: int
    streak: int


def summary(cards: Iterable[CardState], now: datetime) -> Summary:
    """The counts of ``cards`` at ``now``: due now, due today, learned, and the streak of review days."""
    moment = utc(now)
    kept = list(cards)
    end_of_day = datetime.combine(moment.date() + timedelta(days=1), datetime.min.time(), UTC)
    days = (entry.review_datetime.astimezone(UTC).date() for c in kept for entry in c.log)
    return Summary(len(kept), sum(1 for c in kept if c.card.due <= moment),
                   sum(1 for c in kept if c.card.due < end_of_day), sum(1 for c in kept if is_learned(c)),
                   streak(days, moment.date()))
