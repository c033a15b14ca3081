"""The Lords of Vegas coach: values against exact odds (gamble, reorganize, tie re-roll), loss >= 0 and the
best at loss 0 in played positions, and the rulebook positions where the right choice is known."""

from __future__ import annotations

from fractions import Fraction

import pytest

from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.lords_of_vegas import EndTurn, Gamble, Remodel, Reorganize, State, new_game, rules
from vegas_tutor.lords_of_vegas.bots import choose_action
from vegas_tutor.lords_of_vegas.coach import expected_pays, holdings, outcome, rate, review
from vegas_tutor.lords_of_vegas.odds import casino_tie_odds, gamble_odds_at, reorganize_odds
from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS


def test_gamble_is_valued_at_the_exact_odds() -> None:
    state = SCENARIOS["LOV-GAMBLE"].steps[0].state  # Yellow may bet up to $15 at Red's 3-tile casino
    r = review(state, "gamble $4 at A1")
    stay = r.option(EndTurn())
    for bet in (1, 4, 9, 15):
        option = r.option(Gamble("A1", bet))
        exact = gamble_odds_at(state, "A1", bet, lay_off=state.money(rules.PLAYER_NAMES.index("red")) < 2 * bet)
        assert option.money - stay.money == pytest.approx(float(exact.gambler_ev), abs=1e-12)
        assert option.points == stay.points
        assert option.value < stay.value  # the house edge: a bet never pays on average
    assert r.best != Gamble("A1", 4) and r.loss > 0


def test_reorganize_is_valued_at_the_exact_odds() -> None:
    state = SCENARIOS["LOV-REORG"].steps[0].state  # Red (two dice) against Yellow's 5 in a 3-tile casino
    red = 2
    d = state.data()
    casino = state.casino_at("A2")
    assert casino is not None
    exact = reorganize_odds(state, "A2")
    pays = expected_pays(d, casino)
    points, money = holdings(d)
    after_points, after_money = outcome(state, Reorganize("A2"))
    assert after_points[red] - points[red] == pytest.approx(float(exact.boss[red] * casino.size * pays), abs=1e-9)
    assert after_money[red] - money[red] == pytest.approx(
        float((exact.pips_after[red] - exact.pips_before[red]) * pays - exact.cost), abs=1e-9)
    yellow = 3
    assert after_points[yellow] - points[yellow] == pytest.approx(
        float((exact.boss[yellow] - 1) * casino.size * pays), abs=1e-9)


def test_tie_re_roll_is_valued_at_the_exact_odds() -> None:
    state = SCENARIOS["LOV-TIE"].steps[0].state  # Green remodels to brown: the 5s tie and are re-rolled
    action = Remodel("C1", "brown")
    work = state.copy()
    work.apply(action)
    assert work.phase == "tie_roll"
    d = work.data()
    casino = next(c for c in rules.casinos(d) if c.tied_top())
    tie = casino_tie_odds(casino)
    points, _ = outcome(state, action)
    pays = expected_pays(d, casino)
    for seat in (1, 2):
        assert points[seat] == pytest.approx(float(tie.boss.get(seat, Fraction(0)) * casino.size * pays), abs=1e-9)


@pytest.mark.parametrize(("scenario", "best"), [
    ("LOV-REORG", Reorganize("A2")),  # 68% to take the casino from Yellow for $10
    ("LOV-TIE", Remodel("C1", "brown")),  # the remodel the rulebook shows, which leaves Green's 4 on top
])
def test_rulebook_positions(scenario: str, best: object) -> None:
    state = SCENARIOS[scenario].steps[0].state
    r = review(state, "end turn")
    assert r.best == best
    assert r.verdict == "mistake" and r.loss > 2
    assert "Better:" in r.explanation and r.explanation.count(". ") <= 2
    assert review(state, r.best).loss == 0 and review(state, r.best).verdict == "good"


def _positions() -> list[State]:
    out = []
    for seed in (31, 32):
        state = new_game(4, seed=seed)
        k = 0
        while not state.is_over:
            if not state.is_chance and len(state.legal_actions()) > 1 and k % 15 == 4:
                out.append(state.copy())
            k += 1
            state.apply(choose_action(state, "medium", seed=k))
    return out


def test_loss_is_never_negative_and_the_best_costs_nothing() -> None:
    positions = _positions()
    assert len(positions) > 8
    for state in positions:
        before = state.describe()
        r = review(state, state.legal_actions()[0])
        values = [o.value for o in r.alternatives]
        assert values == sorted(values, reverse=True)
        assert {o.action for o in r.alternatives} == set(state.legal_actions())
        assert review(state, r.best).loss == 0
        for option in r.alternatives[:: max(1, len(r.alternatives) // 3)]:
            mine = review(state, option.action)
            assert mine.loss >= 0
            assert mine.loss == pytest.approx(r.alternatives[0].value - option.value, abs=1e-9)
            assert mine.explanation
        assert 0 < r.rate <= rate(state.data()) + 1e-12
        assert state.describe() == before


def test_bad_input() -> None:
    state = SCENARIOS["LOV-REORG"].steps[0].state
    with pytest.raises(IllegalActionError):
        review(state, "build gold on F9")
    with pytest.raises(InvalidActionError):
        review(state, "draw")
    with pytest.raises(InvalidActionError):
        review(state, "fly to the moon")
