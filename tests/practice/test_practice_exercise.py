"""Exercises from games: which decisions become exercises, what the learner is shown, the coach's re-judgement
and the themes."""

import json
from dataclasses import replace
from functools import cache

import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.core.games import GAMES
from vegas_tutor.las_vegas import Place, State
from vegas_tutor.liars_dice.actions import Challenge, NoShow, Show
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.lords_of_vegas.actions import parse_action as lov_action
from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
from vegas_tutor.practice.exercise import (
    THEMES,
    coach_review,
    exercise_id,
    exercises_from_game,
    game_coach,
    judge_answer,
    make_exercise,
    rejudge,
    seat_view,
    theme_of,
)
from vegas_tutor.practice.starter import bot_game, shipped_starters

GAMES_PLAYED = {"las_vegas": 1, "liars_dice": 2, "lords_of_vegas": 1}


@cache
def _games(game):
    """A few finished bot games (seat 0 easy) and seat 0's exercises in each."""
    games = [bot_game(game, 7, k) for k in range(GAMES_PLAYED[game])]
    return [(state, exercises_from_game(state, 0)) for state in games]


def _exercises(game):
    return [e for _, found in _games(game) for e in found]


def _keys(value):
    """Every key of a JSON value, at any depth."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.parametrize("game", list(GAMES))
def test_each_inaccuracy_or_mistake_of_the_seat_becomes_an_exercise_with_its_position(game):
    coach = game_coach(game)
    exercises = _exercises(game)
    assert exercises, f"no exercise in {GAMES_PLAYED[game]} {game} games"
    for e in exercises:
        state = e.state()
        assert state.current_player == e.seat == 0 and isinstance(state, GAMES[game].state_class) and not state.is_over
        assert e.verdict == coach.verdict(e.loss) in ("inaccuracy", "mistake") and e.loss >= coach.good
        assert e.unit == coach.unit and e.source == "game" and e.choice != e.best
        assert e.id == exercise_id(game, e.record, e.choice) and len(e.id) == 16
        assert e.theme in THEMES[game]
        assert {str(a) for a in state.legal_actions()} >= {e.choice, e.best}
    assert len({e.id for e in exercises}) == len(exercises)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_stored_best_answer_is_what_the_coach_says_when_it_judges_again(game):
    for e in _exercises(game):
        assert rejudge(e) == e


def test_the_exercises_follow_the_game_s_history_and_leave_it_untouched():
    state, found = _games("liars_dice")[0]
    record = state.to_json()
    again = exercises_from_game(state, 0)
    assert again == found and state.to_json() == record
    positions = [len(e.state().history) for e in found]
    assert positions == sorted(positions)
    assert exercises_from_game(state, 0, source="starter")[0] == replace(found[0], source="starter")


def _coach_s_game(game, seed):
    """A game where seat 0 always plays the coach's choice (the others play easy)."""
    g, coach = GAMES[game], game_coach(game)
    state = g.new_game(2, seed=seed, **({"short_game": True} if game == "lords_of_vegas" else {}))
    rng = make_rng(seed)
    while not state.is_over:
        if state.current_player == 0 and coach.first_choice(state) is not None:
            state.apply(coach.review(state, coach.first_choice(state)).best)
        else:
            state.apply(g.bots.choose_action(state, "easy", seed=int(rng.integers(2**31))))
    return state


@pytest.mark.parametrize("game", ["liars_dice", "lords_of_vegas"])
def test_a_game_without_an_inaccuracy_gives_no_exercise(game):
    state = _coach_s_game(game, 3)
    assert exercises_from_game(state, 0) == ()
    assert exercises_from_game(GAMES[game].new_game(2, seed=1), 0) == ()  # no decision yet


def test_a_liars_dice_exercise_shows_the_seat_s_own_cup_and_no_other():
    e = next(e for e in _exercises("liars_dice") if e.theme != "show")
    state = e.state()
    view = e.visible()
    cups = view["position"]["players"]
    assert cups[e.seat]["own"] == list(state.observation(e.seat).own_hidden)
    assert all(p["own"] is None for p in cups if p["seat"] != e.seat)
    twin = state.copy()  # the same table but every rival's hidden dice changed
    twin._d = replace(twin._d, hidden=tuple(cup if s == e.seat else tuple((f % 6) + 1 for f in cup)
                                            for s, cup in enumerate(twin._d.hidden)))
    assert twin._d.hidden != state._d.hidden
    assert seat_view(twin, e.seat) == view["position"]
    _nothing_of_the_record(e, view)


def test_a_las_vegas_exercise_shows_neither_the_pile_s_order_nor_the_next_rolls():
    e = _exercises("las_vegas")[0]
    state = e.state()
    view = e.visible()
    assert view["position"]["pile"] == len(state.pile) > 1
    twin = state.copy()
    twin._d.pile = list(reversed(twin._d.pile))
    twin._rng = make_rng(12345)
    assert twin.pile != state.pile and seat_view(twin, e.seat) == view["position"]
    _nothing_of_the_record(e, view)


def test_a_lords_of_vegas_exercise_shows_no_deck_order():
    e = _exercises("lords_of_vegas")[0]
    state = e.state()
    view = e.visible()
    assert view["position"]["deck_left"] == len(state.deck_cards())
    twin = state.copy()
    twin._rng = make_rng(12345)  # the generator that draws the next cards
    assert seat_view(twin, e.seat) == view["position"]
    _nothing_of_the_record(e, view)


def _nothing_of_the_record(e, view):
    text = json.dumps(view)
    assert e.record not in text and not {"rng", "rngs", "record", "origin"} & _keys(view)
    assert (view["id"], view["game"], view["seat"], view["theme"]) == (e.id, e.game, e.seat, e.theme)
    assert set(view) == {"id", "game", "seat", "theme", "position"}  # no choice, best or loss before the answer


def test_an_answer_is_judged_again_by_the_coach_on_the_stored_position():
    e = _exercises("liars_dice")[0]
    best, mine = judge_answer(e, e.best), judge_answer(e, e.choice)
    assert (best.answer, best.loss, best.best) == ("best", 0.0, e.best)
    assert (mine.answer, mine.best) == (e.verdict, e.best) and mine.loss == pytest.approx(e.loss)
    assert mine.explanation
    with pytest.raises((IllegalActionError, InvalidActionError)):
        judge_answer(e, "roll 2 3")


def test_a_rulebook_position_left_unreorganized_is_a_reorganize_exercise():
    state = SCENARIOS["LOV-REORG"].steps[0].state
    e = make_exercise(state, "end turn")
    assert e is not None and (e.best, e.verdict, e.theme) == ("reorganize A2", "mistake", "reorganize")
    assert make_exercise(state, "reorganize A2") is None


BILLS_90K = [[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]]


def test_las_vegas_themes_the_tie_the_big_bill_and_the_rest():
    tie = State.position(2, names=["You", "Benno"], turn=0, seed=1, casino_bills=BILLS_90K,
                         placed={1: [2, 1], 2: [1, 3], 3: [1, 2], 4: [2, 0]})
    tie.apply("roll 3 5")  # one die on The Mirage ties you with Benno at 2
    assert theme_of("las_vegas", tie, Place(5), Place(3)) == "tie"
    open_table = State.position(2, turn=0, seed=1, casino_bills=BILLS_90K, placed={1: [6, 0]})
    open_table.apply("roll 3 5")
    assert theme_of("las_vegas", open_table, Place(5), Place(3)) == "big_bill"  # the $90k is on casino 3
    assert theme_of("las_vegas", open_table, Place(5), Place(5)) == "placement"


def test_liars_dice_themes_follow_the_kinds_of_choice():
    assert theme_of("liars_dice", None, NoShow(), Show((4, 4))) == "show"
    assert theme_of("liars_dice", None, Bid(5, 4), Challenge()) == "challenge"
    assert theme_of("liars_dice", None, Bid(5, 4), Bid(3, 1)) == "stars"
    assert theme_of("liars_dice", None, Bid(5, 4), Bid(5, 6)) == "bid"


@pytest.mark.parametrize(("choice", "best", "theme"), [
    ("end turn", "gamble $3 at A2", "gamble"), ("end turn", "reorganize A2", "reorganize"),
    ("build gold on A2", "sprawl gold into A1", "sprawl"), ("end turn", "build gold on A2", "build"),
    ("remodel A2 to aqua", "end turn", "build"), ("end turn", "end turn", "other"),
])
def test_lords_of_vegas_themes_follow_the_kinds_of_action(choice, best, theme):
    assert theme_of("lords_of_vegas", None, lov_action(choice), lov_action(best)) == theme


def test_a_mistaken_answer_as_good_as_most_choices_is_a_missed_chance() -> None:
    judged = [(e, judge_answer(e, e.choice)) for e in shipped_starters() if e.game != "lords_of_vegas"]
    for e, j in judged:
        coach = game_coach(e.game)
        assert j.missed == (j.answer == "mistake" and coach.missed(coach_review(coach, e.state(), e.choice, e.rivals)))
    assert {j.missed for _e, j in judged if j.answer == "mistake"} == {True, False}  # both kinds are there
