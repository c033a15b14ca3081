"""The sealed practice deck: a round trip keeps every card and what is due; a tampered, truncated or malformed
deck is refused whole, saying why."""

import json
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import cache

import pytest

from vegas_tutor.core.errors import RecordError
from vegas_tutor.core.record import dump_record
from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
from vegas_tutor.practice.deck import DECK_ID, DECK_VERSION, EARLIER_UNITS, Deck, load_deck, save_deck
from vegas_tutor.practice.exercise import exercise_id, exercises_from_game, make_exercise
from vegas_tutor.practice.schedule import card_id
from vegas_tutor.practice.starter import bot_game

NOW = datetime(2025, 3, 1, 18, tzinfo=UTC)


@cache
def _exercises():
    """A Liar's Dice game's exercises and a Lords of Vegas rulebook one."""
    found = exercises_from_game(bot_game("liars_dice", 8, 0), 0)
    state = SCENARIOS["LOV-REORG"].steps[0].state
    lov = make_exercise(state, "end turn")
    assert len(found) >= 4 and lov is not None
    return (*found, lov)


@cache
def _deck():
    """A deck answered over a few days: some cards due now, some later, one never answered."""
    exercises = _exercises()
    deck = Deck().add(exercises, NOW - timedelta(days=5))
    answers = ("mistake", "best", "inaccuracy", "good")
    for k, e in enumerate(exercises[:-1]):
        deck = deck.answer(e.id, answers[k % 4], NOW - timedelta(days=4 - k % 3), seconds=4.0 + k)
    return deck


def _body():
    return json.loads(save_deck(_deck()))["body"]


def _resealed(body):
    return dump_record(DECK_ID, DECK_VERSION, body)


def test_a_round_trip_keeps_every_card_and_every_due_list():
    deck = _deck()
    again = load_deck(save_deck(deck))
    assert again == deck
    for hours in (-120, 0, 1, 24, 24 * 7, 24 * 60):
        moment = NOW + timedelta(hours=hours)
        assert [e.id for e in again.due(moment)] == [e.id for e in deck.due(moment)]
        assert again.summary(moment) == deck.summary(moment)
    assert deck.due(NOW) and len(deck.due(NOW + timedelta(days=400))) == len(deck.exercises)
    assert load_deck(save_deck(Deck())) == Deck()


def test_adding_keeps_the_cards_there_and_answering_changes_one_card():
    deck = _deck()
    first = deck.exercises[0]
    assert deck.add([first, first], NOW) == deck
    later = deck.answer(first.id, "best", NOW)
    assert later.card(first.id) != deck.card(first.id)
    assert [c for c in later.cards if c.exercise_id != first.id] == [c for c in deck.cards if c.exercise_id != first.id]
    with pytest.raises(KeyError):
        deck.answer("no-such-exercise", "best", NOW)


def test_an_edited_deck_fails_its_checksum():
    text = save_deck(_deck())
    envelope = json.loads(text)
    envelope["body"]["exercises"][0]["loss"] = 0.0
    with pytest.raises(RecordError, match="checksum"):
        load_deck(json.dumps(envelope))
    with pytest.raises(RecordError, match="checksum"):
        load_deck(text.replace('"mistake"', '"inaccuracy"', 1))


@pytest.mark.parametrize("cut", [0, 1, 100, 0.5, -1])
def test_a_truncated_deck_is_refused(cut):
    text = save_deck(_deck())
    end = int(len(text) * cut) if isinstance(cut, float) else cut
    with pytest.raises(RecordError):
        load_deck(text[:end])


@pytest.mark.parametrize("text", ["", "null", "[]", "{}", '{"game": "las_vegas"}', 42, None])
def test_what_is_no_deck_is_refused(text):
    with pytest.raises(RecordError):
        load_deck(text)


def _edit(where, change):
    """The deck's body with one change, sealed again (the checksum alone does not catch it)."""
    body = _body()
    change(body[where])
    return _resealed(body)


def _resealed_record(exercise):
    """The exercise's record with a challenge played before anyone rolled, sealed again."""
    envelope = json.loads(exercise["record"])
    body = envelope["body"]
    body["history"].insert(0, "challenge")
    body["rngs"].insert(0, body["rngs"][0])
    return dump_record(envelope["game"], envelope["version"], body)


def _set(index, key, value):
    def change(items):
        items[index][key] = value
    return change


def _set_card(index, key, value):
    def change(cards):
        cards[index]["card"][key] = value
    return change


EXERCISE_EDITS = {
    "another choice": _set(0, "choice", "eight 4s"),
    "another best that is not legal": _set(0, "best", "roll 2 3"),
    "a choice that is not an action": _set(1, "choice", "dance"),
    "another theme": _set(0, "theme", "stars"),
    "an unknown theme": _set(-1, "theme", "luck"),
    "another verdict": _set(0, "verdict", "good"),
    "a loss below the good threshold": _set(0, "loss", 0.0),
    "a negative loss": _set(0, "loss", -1.0),
    "a loss that is no number": _set(0, "loss", "a lot"),
    "another seat": _set(0, "seat", 1),
    "a seat out of the table": _set(0, "seat", 9),
    "another unit": _set(0, "unit", "points"),
    "another id": _set(0, "id", "0" * 16),
    "an unknown game": _set(0, "game", "poker"),
    "an unknown source": _set(0, "source", "teacher"),
    "a record of another position": lambda items: items[0].update(record=items[1]["record"]),
    "a record that does not replay": lambda items: items[0].update(
        record=items[0]["record"].replace('"history": [', '"history": ["challenge", ', 1)),
    "a missing field": lambda items: items[0].pop("theme"),
    "an extra field": _set(0, "hint", "bid high"),
    "a resealed record that does not replay": lambda items: items[0].update(record=_resealed_record(items[0])),
    "no exercise but text": lambda items: items.__setitem__(0, "exercise"),
}

CARD_EDITS = {
    "a due date that is no date": _set_card(0, "due", "tomorrow"),
    "a due date without its time zone": _set_card(0, "due", "2025-03-02T10:00:00"),
    "an unknown state": _set_card(0, "state", 7),
    "a stability below zero": _set_card(0, "stability", -3.0),
    "a stability without a difficulty": _set_card(0, "difficulty", None),
    "another card's id": _set_card(0, "card_id", 12345),
    "a step that is no number": _set_card(-1, "step", "first"),
    "a review of another card": lambda cards: cards[0]["log"][0].update(card_id=1),
    "an unknown rating": lambda cards: cards[0]["log"][0].update(rating=5),
    "reviews out of order": lambda cards: cards[0]["log"].append(dict(cards[0]["log"][0], review_datetime=(
        NOW - timedelta(days=30)).isoformat())),
    "a last review that is not the last": _set_card(1, "last_review", None),
    "a card of another exercise": lambda cards: cards.__setitem__(0, cards[1]),
    "a missing log": lambda cards: cards[0].pop("log"),
}


@pytest.mark.parametrize("name", list(EXERCISE_EDITS))
def test_a_resealed_deck_with_an_unsound_exercise_is_refused_whole(name):
    with pytest.raises(RecordError, match="practice deck"):
        load_deck(_edit("exercises", EXERCISE_EDITS[name]))


@pytest.mark.parametrize("name", list(CARD_EDITS))
def test_a_resealed_deck_with_an_unsound_card_is_refused_whole(name):
    with pytest.raises(RecordError, match="practice deck: entry"):
        load_deck(_edit("cards", CARD_EDITS[name]))


def test_an_exercise_kept_twice_is_refused():
    body = _body()
    body["exercises"].append(body["exercises"][0])
    body["cards"].append(body["cards"][0])
    with pytest.raises(RecordError, match="is there twice"):
        load_deck(_resealed(body))


def test_a_deck_must_hold_one_card_per_exercise():
    body = _body()
    body["cards"].pop()
    with pytest.raises(RecordError, match="one card per exercise"):
        load_deck(_resealed(body))
    with pytest.raises(RecordError, match="one card per exercise"):
        load_deck(_resealed({**_body(), "notes": []}))


def test_a_refusal_names_the_entry_and_why_and_a_sound_deck_still_loads_after_it():
    with pytest.raises(RecordError) as refused:
        load_deck(_edit("exercises", _set(2, "theme", "stars")))
    assert "entry 3" in str(refused.value) and "theme" in str(refused.value)
    assert load_deck(save_deck(_deck())) == _deck()


def test_an_exercise_kept_as_it_was_made_loads_with_its_source():
    e = replace(_exercises()[0], source="starter")
    deck = Deck().add([e], NOW)
    assert load_deck(save_deck(deck)).exercises == (e,)


def _leaves(value, path=()):
    """The path of every number, text, true/false or null in a JSON value."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for k, v in enumerate(value) for p in _leaves(v, (*path, k))]
    return [path]


def test_any_value_of_a_resealed_deck_changed_is_refused_with_a_record_error_or_still_sound():
    small = Deck().add(_exercises()[:2], NOW).answer(_exercises()[0].id, "mistake", NOW)
    body = json.loads(save_deck(small))["body"]
    leaves = [p for p in _leaves(body) if "record" not in p]
    rng = random.Random(4)
    for _ in range(40):
        path = rng.choice(leaves)
        changed = json.loads(json.dumps(body))
        holder = changed
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = rng.choice([None, -1, 0, 2**70, 1e308, "x", "", [], {}, True, 3.5])
        try:
            deck = load_deck(_resealed(changed))
        except RecordError:
            continue
        assert len(deck.exercises) == len(deck.cards) == 2


def test_an_exercise_judged_on_an_earlier_scale_is_judged_again_and_one_now_good_is_left_out():
    body = _body()
    lov = body["exercises"][-1]  # the rulebook's 'end turn' against a reorganize, as the points coach stored it
    current = dict(lov)
    lov.update(unit=EARLIER_UNITS["lords_of_vegas"][0], loss=27.5, verdict="mistake")
    good = dict(lov, choice="reorganize A2", id=exercise_id("lords_of_vegas", lov["record"], "reorganize A2"))
    body["exercises"].append(good)  # the coach's best: judged again, it is good, so it is left out
    body["cards"].append(dict(body["cards"][-1], exercise_id=good["id"],
                              card=dict(body["cards"][-1]["card"], card_id=card_id(good["id"]))))
    deck = load_deck(_resealed(body))
    assert deck.retired == 1 and deck.dropped == 0 and len(deck.exercises) == len(_exercises())
    assert deck.exercises[-1].to_dict() == current  # the coach's judgement now
    assert deck.cards == _deck().cards  # the cards answered before are kept
    body["exercises"][-1]["id"] = body["exercises"][0]["id"]  # an earlier-scale entry is checked all the same
    with pytest.raises(RecordError, match="entry"):
        load_deck(_resealed(body))


def test_a_liars_dice_exercise_judged_in_dice_is_judged_again_on_the_chance_of_winning():
    body = _body()
    ld = body["exercises"][0]
    current = dict(ld)
    ld.update(unit=EARLIER_UNITS["liars_dice"][0], loss=0.85, verdict="mistake")  # as the dice coach stored it
    deck = load_deck(_resealed(body))
    assert deck.exercises[0].to_dict() == current and deck.exercises[0].unit == "of the chance of winning the game"
    assert deck.cards == _deck().cards

