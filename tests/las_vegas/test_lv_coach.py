"""The Las Vegas coach: its values against exact enumeration, its choice in known positions, its properties."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vegas_tutor.core.dice import make_rng
from vegas_tutor.i18n import using
from vegas_tutor.las_vegas import IllegalActionError, InvalidActionError, Place, Roll, State, new_game
from vegas_tutor.las_vegas.coach import GOOD, MISTAKE, ROUND_SPREAD, Review, describe_now, evaluate, review
from vegas_tutor.las_vegas.odds import exact_round_bills
from vegas_tutor.las_vegas.policies import choose_face, face_weights
from vegas_tutor.las_vegas.simulate import simulate_games, win_shares

BILLS_90K = [[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]]


def _lesson_position(**kw):
    state = State.position(2, names=["You", "Benno"], turn=0, seed=kw.pop("seed", 1), casino_bills=BILLS_90K,
                           placed={1: [2, 1], 2: [1, 3], 3: [1, 2], 4: [2, 0]}, **kw)
    state.apply("roll 3 5")
    return state


def test_the_tie_that_costs_benno_his_90k_is_the_coachs_choice():
    state = _lesson_position()
    tie = review(state, "place 3")
    assert tie.best == Place(3) and tie.loss == 0 and tie.dollars == 0 and tie.verdict == "good"
    luxor = review(state, Place(5))
    assert luxor.best == Place(3) and luxor.loss > 0 and luxor.dollars > 0
    assert "Benno" in luxor.explanation and "$90k" in luxor.explanation and "tie" in luxor.explanation
    assert "$40k" in luxor.explanation  # what the learner's own choice would have taken
    assert luxor.explanation.count(". ") <= 1  # one or two sentences


def test_a_tie_at_one_die_is_said_in_the_singular_in_both_languages():
    state = State.position(2, names=["You", "Benno"], seed=1, casino_bills=BILLS_90K,
                           placed={1: [5, 6], 3: [0, 1], 4: [1, 0]})
    state.apply("roll 3 5")
    assert "tie you with Benno at 1 die and" in describe_now(state, 3)
    with using("es"):
        assert "te empatan con Benno a 1 dado y" in describe_now(state, 3)


def _exact_share(state: State, seat: int) -> Fraction:
    """The exact chance ``seat`` wins, everyone playing ``leader`` (as the coach's playouts) to the end of the last
    round."""
    if state.is_over:
        winners = state.winners
        return Fraction(1, len(winners)) if seat in winners else Fraction(0)
    if state.phase == "place":
        branches = [(Place(f), p) for f, p in face_weights(state, "leader").items()]
    else:
        branches = list(state.chance_outcomes())
    total = Fraction(0)
    for action, p in branches:
        state.apply(action)
        total += p * _exact_share(state, seat)
        state.undo()
    return total


def _small_positions():
    """Positions with few dice left, in the last round (exact winning chances) and earlier."""
    yield _lesson_position(round=4, won=[[90_000, 30_000], [80_000, 40_000, 10_000]])
    yield _lesson_position(round=2, won=[[50_000], [60_000]])
    state = State.position(3, turn=1, round=4, seed=2, casino_bills=BILLS_90K,
                           placed={1: [3, 2, 2], 2: [2, 2, 2], 3: [1, 1, 3], 5: [1, 1, 1]},
                           won=[[70_000, 20_000], [60_000, 30_000], [90_000]])
    state.apply("roll 1 5")
    yield state


@pytest.mark.parametrize("index", [0, 1, 2])
def test_values_agree_with_exact_enumeration(index):
    state = list(_small_positions())[index]
    seat = state.current_player
    options = evaluate(state)
    assert [o.action for o in options] == state.legal_actions()
    for option in options:
        after = state.copy()
        after.apply(option.action)
        exact = exact_round_bills(after, "leader")
        mine = float(sum(row[seat] for row in exact))
        rivals = float(sum(row[s] for row in exact for s in range(state.players) if s != seat))
        margin = mine - rivals / (state.players - 1)
        assert abs(option.margin - margin) <= 4.5 * option.margin_stderr + 1e-6
        assert abs(option.money - mine) <= 4.5 * option.money_stderr + 1e-6
        if state.round == 4:
            share = float(_exact_share(after, seat))
            assert abs(option.win_chance - share) <= 4.5 * option.win_stderr + 1e-6


def test_the_winning_chance_model_against_simulation():
    # Standings after this round: 3 seats with money, 2 rounds to go. Second method: draw the normal gains.
    base = np.array([250_000, 200_000, 280_000], dtype=np.int64)
    zero = np.zeros((1, 3), dtype=np.int64)
    nodes, weights = np.polynomial.hermite_e.hermegauss(16)
    rng = make_rng(3)
    for seat in range(3):
        model = win_shares(zero, zero, base, np.zeros(3, dtype=np.int64), seat, 2, 50_000.0, nodes, weights)[0]
        gains = rng.normal(0, 50_000 * np.sqrt(2), size=(400_000, 3))
        final = base + gains
        simulated = float(np.mean(final.argmax(1) == seat))
        assert abs(model - simulated) < 0.005
    # With no round left the standings decide: most money, then most bills, else shared.
    money = np.array([[0, 0, 0], [10_000, 0, 0]], dtype=np.int64)
    count = np.array([[0, 0, 0], [1, 0, 0]], dtype=np.int64)
    tied = np.array([200_000, 200_000, 100_000], dtype=np.int64)
    shares = win_shares(money, count, tied, np.array([2, 2, 1], dtype=np.int64), 1, 0, 1.0, nodes, weights)
    assert shares.tolist() == [0.5, 0.0]


@pytest.mark.parametrize(("players", "neutral"), [(4, False), (2, True)])
def test_round_spread_is_measured_from_greedy_games(players, neutral):
    final = simulate_games(8_000, players=players, neutral=neutral, policy="greedy", seed=8)
    measured = (final[:, 0] - final[:, 1]).std() / np.sqrt(2 * 4)
    assert abs(measured - ROUND_SPREAD[(players, neutral)]) < 0.06 * measured


def _positions(seed: int, n: int):
    rng = make_rng(seed)
    for i in range(n):
        players, neutral = [(4, False), (3, True), (2, False), (5, False)][i % 4]
        state = new_game(players, neutral=neutral, seed=int(rng.integers(1 << 30)))
        for _ in range(int(rng.integers(0, 70))):
            if state.is_over:
                break
            state.apply(choose_face(state, "greedy", rng) if state.phase == "place" else Roll())
        if state.is_over:
            continue
        if state.phase != "place":
            state.apply(Roll())
        yield state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**20))
def test_every_choice_loses_something_or_nothing_and_the_best_loses_nothing(seed):
    for state in _positions(seed, 1):
        before = state.copy()
        reviews = [review(state, action) for action in state.legal_actions()]
        assert state == before  # the coach changes nothing
        best = reviews[0].best
        assert all(r.best == best and r.loss >= 0 for r in reviews)
        top = review(state, best)
        assert top.loss == 0 and top.dollars == 0 and top.verdict == "good"
        assert {o.action for o in top.alternatives} == set(state.legal_actions())
        for r in reviews:
            assert 0 < len(r.explanation) < 400 and r.explanation.count(". ") <= 1
            assert r.loss == pytest.approx(top.option(best).win_chance - top.option(r.action).win_chance)


def test_the_coach_never_looks_at_the_pile():
    # The same visible position with two different pile orders gets the same review.
    a, b = _lesson_position(seed=1), _lesson_position(seed=2)
    assert a.pile != b.pile and sorted(a.pile) == sorted(b.pile)
    assert review(a, "place 5") == review(b, "place 5")


def test_bad_requests_raise_and_change_nothing():
    state = _lesson_position()
    before = state.copy()
    with pytest.raises(IllegalActionError, match="no die of the roll shows 4"):
        review(state, Place(4))
    with pytest.raises(InvalidActionError):
        review(state, Roll())
    with pytest.raises(InvalidActionError):
        review(state, "put it somewhere")
    assert state == before
    fresh = new_game(4, seed=1)
    with pytest.raises(IllegalActionError):
        review(fresh, "place 1")


def test_verdict_thresholds():
    def verdict(loss):
        return Review(Place(1), Place(2), loss, 0.0, (), "").verdict

    assert [verdict(x) for x in (0.0, GOOD - 1e-9, GOOD, MISTAKE - 1e-9, MISTAKE, 0.5)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake"]
