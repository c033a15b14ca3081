"""The practice schedule on a fake clock: FSRS's ratings of judged answers, what is due, learned, the streak."""

from datetime import UTC, datetime, timedelta, timezone

import pytest
from fsrs import Rating, State

from vegas_tutor.practice.schedule import (
    LEARNED_STABILITY,
    QUICK_SECONDS,
    CardState,
    due,
    is_learned,
    new_card,
    rating,
    review,
    streak,
    summary,
)

START = datetime(2025, 3, 1, 9, 30, tzinfo=UTC)
IDS = ("a1b2c3d4e5f60718", "0f1e2d3c4b5a6978", "1111111111111111")


def _answered(answers, start=START, exercise=IDS[0]):
    """A card answered each time it falls due, from ``start``."""
    card, now = new_card(exercise, start), start
    for answer in answers:
        card = review(card, answer, now)
        now = card.card.due
    return card


def test_answers_map_to_the_four_ratings_and_easy_needs_the_best_answer_given_quickly():
    assert rating("mistake") == Rating.Again and rating("inaccuracy") == Rating.Hard
    assert rating("good") == rating("best") == Rating.Good
    assert rating("best", seconds=QUICK_SECONDS / 2) == Rating.Easy
    assert rating("best", seconds=QUICK_SECONDS + 1) == Rating.Good
    assert rating("good", seconds=1) == Rating.Good and rating("mistake", seconds=1) == Rating.Again


def test_an_exercise_answered_badly_comes_back_sooner_than_one_answered_well():
    card = new_card(IDS[0], START)
    again, hard, good = (review(card, a, START) for a in ("mistake", "inaccuracy", "good"))
    easy = review(card, "best", START, seconds=3)
    assert START < again.card.due < hard.card.due < good.card.due < easy.card.due
    assert again.last_rating == Rating.Again and good.reps == 1 and card.reps == 0


def test_after_learning_a_mistake_sends_a_card_back_and_a_good_answer_spaces_it_out():
    learnt = _answered(["best", "best", "best"])
    assert learnt.card.state == State.Review
    later = learnt.card.due
    wrong, right = review(learnt, "mistake", later), review(learnt, "best", later)
    assert wrong.card.due - later < timedelta(hours=1) < timedelta(days=7) < right.card.due - later
    assert wrong.card.state == State.Relearning


def test_the_schedule_is_the_same_for_the_same_answers_at_the_same_times():
    answers = ["mistake", "good", "inaccuracy", "best", "best"]
    assert _answered(answers) == _answered(answers)


def test_the_clock_must_say_its_time_zone_and_any_zone_is_read_in_utc():
    card = new_card(IDS[0], START)
    with pytest.raises(ValueError, match="timezone-aware"):
        review(card, "good", datetime(2025, 3, 1, 9, 30))
    with pytest.raises(ValueError, match="timezone-aware"):
        due([card], datetime(2025, 3, 1))
    madrid = START.astimezone(timezone(timedelta(hours=1)))
    assert review(card, "good", madrid) == review(card, "good", START)


def test_due_lists_the_most_overdue_first_and_leaves_out_cards_not_due_yet():
    early = new_card(IDS[0], START - timedelta(days=2))
    late = new_card(IDS[1], START - timedelta(hours=1))
    waiting = review(new_card(IDS[2], START), "best", START)  # due again in a few minutes
    assert [c.exercise_id for c in due([late, waiting, early], START)] == [IDS[0], IDS[1]]
    assert due([waiting], waiting.card.due) == [waiting]
    assert due([], START) == []


def test_learned_is_the_review_state_with_a_week_of_stability():
    card = new_card(IDS[0], START)
    assert not is_learned(card) and not is_learned(_answered(["best", "best"]))
    learnt = _answered(["best", "best", "best"])
    assert learnt.card.stability is not None and learnt.card.stability >= LEARNED_STABILITY and is_learned(learnt)
    assert not is_learned(_answered(["best", "best", "best", "mistake"]))


def test_the_streak_counts_days_in_a_row_ending_today_or_yesterday():
    day = START.date()
    assert streak([day, day - timedelta(days=1), day - timedelta(days=2)], day) == 3
    assert streak([day - timedelta(days=1), day - timedelta(days=2), day - timedelta(days=4)], day) == 2
    assert streak([day - timedelta(days=2)], day) == 0
    assert streak([], day) == 0


def test_the_summary_counts_due_now_due_today_learned_and_the_streak_of_review_days():
    cards: list[CardState] = []
    for k, exercise in enumerate(IDS):  # one review a day, on the three days before today
        card = new_card(exercise, START - timedelta(days=3))
        cards.append(review(card, "mistake" if k == 0 else "best", START - timedelta(days=3 - k)))
    cards.append(_answered(["best", "best", "best"], START - timedelta(days=30), "2222222222222222"))
    cards.append(new_card("3333333333333333", START + timedelta(hours=10)))  # due tonight
    cards.append(new_card("4444444444444444", START + timedelta(days=2)))
    got = summary(cards, START)
    assert (got.total, got.due_now, got.learned) == (6, 4, 1)
    assert got.due_today == 5
    assert got.streak == summary(cards[:3], START).streak == 3
    assert summary(cards[:1], START).streak == 0  # three days ago only


def test_a_card_keeps_the_library_s_own_json_forms():
    card = _answered(["mistake", "best"])
    data = card.to_dict()
    assert data["exercise_id"] == IDS[0] and data["card"]["card_id"] == card.card.card_id
    assert [entry["rating"] for entry in data["log"]] == [1, 3]
    assert data["card"] == card.card.to_dict()
