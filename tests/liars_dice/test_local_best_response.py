"""The local best response: its belief over the bot's cup, its moves, and what it refuses."""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.liars_dice.actions import Challenge, NoShow, Roll, Show
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.local_best_response import Exploiter, play, prior
from vegas_tutor.liars_dice.track import Bid


def rolled(dice: tuple[int, int], seed: int) -> State:
    state = State.start(list(dice), opener=0, seed=seed)
    while state.is_chance:
        state.apply(Roll())
    return state


def test_the_prior_weighs_each_cup_by_its_chance() -> None:
    two = prior(2)
    assert len(two) == 21 and sum(two.values()) == pytest.approx(1.0)
    assert two[(3, 3)] == pytest.approx(1 / 36) and two[(2, 5)] == pytest.approx(2 / 36)
    assert len(prior(5)) == 252


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_belief_keeps_exactly_the_cups_that_make_the_bot_s_move(seed: int) -> None:
    state = rolled((2, 2), seed)
    exploiter = Exploiter(seat=1)  # the hard bot opens at seat 0
    exploiter.rolled(state)
    move = exploiter.policy(state)
    assert len(move) == 1  # hard with two dice: one move, no mix
    action = next(iter(move))
    exploiter.saw(state, action)
    assert state.hidden[0] in exploiter.belief
    assert sum(exploiter.belief.values()) == pytest.approx(1.0)
    for cup in prior(2):
        makes_it = exploiter.policy(state.dealt({0: cup})) == {action: 1.0}
        assert (cup in exploiter.belief) == makes_it, cup
    # each kept cup keeps its chance relative to the others (the move was certain for every one of them)
    scale = {round(exploiter.belief[c] / prior(2)[c], 9) for c in exploiter.belief}
    assert len(scale) == 1


def test_the_exploiter_never_shows_and_moves_legally_without_changing_the_game() -> None:
    state = rolled((2, 2), 5)
    exploiter = Exploiter(seat=0)
    exploiter.rolled(state)
    before = (state.hidden, state.bids, state.phase)
    opening = exploiter.choose(state)
    assert (state.hidden, state.bids, state.phase) == before
    assert isinstance(opening, Bid) and opening in state.legal_actions()
    state.apply(opening)
    assert state.may_show == 0 and exploiter.choose(state) == NoShow()
    assert any(isinstance(a, Show) for a in state.legal_actions())  # showing was allowed; it chose not to


def test_a_challenge_is_valued_on_every_cup_the_belief_holds() -> None:
    state = rolled((1, 1), 7)
    state.apply(Bid(2, 1))  # two stars: true only if both dice are stars (one die: no show to decide)
    assert state.may_show is None and state.current_player == 1
    exploiter = Exploiter(seat=1)
    exploiter.belief = {(1,): 1.0}  # it knows the bidder holds a star
    star_held = exploiter.challenged(state.dealt({0: (1,)}))
    exploiter.belief = {(4,): 1.0}
    assert exploiter.challenged(state.dealt({0: (4,)})) == 1.0  # the bid is false: the bidder's last die goes
    assert (state.hidden[1] == (1,)) == (star_held == 0.0)  # true only when the challenger holds the other star
    assert exploiter.choose(state) == Challenge()


def test_bad_settings_are_refused() -> None:
    state = rolled((2, 2), 5)
    with pytest.raises(IllegalActionError, match="seat 1 is not the one to act"):
        Exploiter(seat=1).choose(state)  # seat 0 opens
    with pytest.raises(ConfigError, match="unknown level"):
        Exploiter(seat=0, level="expert")
    with pytest.raises(ConfigError, match="seat 0 or 1"):
        Exploiter(seat=2)
    with pytest.raises(ConfigError, match="two seats"):
        play((0, 2), 0, seed=1)
    with pytest.raises(ConfigError, match="two seats"):
        play((1, 1, 1), 0, seed=1)  # type: ignore[arg-type]


def test_a_game_is_the_same_for_the_same_seed() -> None:
    assert [play((1, 2), g % 2, seed=g) for g in range(4)] == [play((1, 2), g % 2, seed=g) for g in range(4)]
