"""The Las Vegas bots: legal, seeded, each level playing as documented."""

from collections import Counter

import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.las_vegas import ConfigError, IllegalActionError, Place, Roll, State, new_game
from vegas_tutor.las_vegas.bots import LEVELS, choose_action
from vegas_tutor.las_vegas.policies import choose_face

BILLS_90K = [[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]]


def _positions(n, seed):
    """Positions somewhere in a game, a roll waiting to be placed, in several set-ups."""
    rng = make_rng(seed)
    for i in range(n):
        players, neutral = [(4, False), (3, True), (2, True), (5, False), (4, True)][i % 5]
        state = new_game(players, neutral=neutral, seed=int(rng.integers(1 << 30)))
        for _ in range(int(rng.integers(0, 60))):
            if state.is_over:
                break
            state.apply(choose_face(state, "random", rng) if state.phase == "place" else Roll())
        if not state.is_over and state.phase != "place":
            state.apply(Roll())
        if not state.is_over:
            yield state


def test_levels_are_the_three_named():
    assert LEVELS == ("easy", "medium", "hard")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_action_and_leaves_the_state_alone(level):
    for state in _positions(25, 3):
        before = state.copy()
        action = choose_action(state, level, seed=5)
        assert action in state.legal_actions()
        assert state == before
        assert choose_action(state, level, seed=5) == action  # seeded: reproducible


@pytest.mark.parametrize("level", LEVELS)
def test_a_pending_roll_is_answered_with_the_bare_roll(level):
    state = new_game(3, neutral=True, seed=4)
    assert state.phase == "spare"
    assert choose_action(state, level) == Roll()
    state.apply(Roll())
    assert choose_action(state, level) == Roll()


def test_bad_requests_raise_clearly():
    state = new_game(2, seed=1)
    with pytest.raises(ConfigError, match="unknown level"):
        choose_action(state, "expert")
    with pytest.raises(ConfigError):
        choose_action("not a state", "easy")  # type: ignore[arg-type]
    while not state.is_over:
        state.apply(choose_face(state, "greedy", make_rng(0)) if state.phase == "place" else Roll())
    with pytest.raises(IllegalActionError, match="over"):
        choose_action(state, "hard")


def _rolled(roll: str, players=2, **kw):
    state = State.position(players, turn=0, seed=1, casino_bills=kw.pop("bills", BILLS_90K), **kw)
    state.apply(roll)
    return state


def test_easy_is_a_beginner_not_a_coin():
    # Five 2s against single dice elsewhere: a beginner mostly grabs the big handful, but not always.
    state = _rolled("roll 1 2 2 2 2 2 4 6")
    picks = Counter(choose_action(state, "easy", seed=s).face for s in range(400))
    assert set(picks) <= {1, 2, 4, 6}
    assert picks[2] > 0.5 * 400  # uniform would give 25%
    assert picks[6] > picks[1]  # the $80k casino draws the bill-chasers
    assert len(picks) >= 3  # and now and then anything goes


def test_medium_takes_the_bill_and_counts_what_rivals_lose():
    # Luxor's $40k for the 5; the 4 would take Sahara's $50k from nobody; the 6 takes the $80k.
    state = _rolled("roll 4 5 6 6", placed={1: [2, 1], 2: [1, 3], 3: [1, 2]})
    assert choose_action(state, "medium", seed=0) == Place(6)
    # Taking a rival's bill counts: the 2s (Caesars) push Benno from $70k down to $30k while moving
    # you from $30k to $70k: +$40k for you and $40k off Benno, better than Luxor's $40k alone.
    state = _rolled("roll 2 2 2 5 5 5", placed={2: [1, 3], 3: [1, 2]})
    assert choose_action(state, "medium", seed=0) == Place(2)


def test_medium_keeps_dice_when_the_gain_is_equal():
    # Neither face changes a bill if the round ended now (Benno holds both one-bill casinos): spend 1 die, not 3.
    state = _rolled("roll 1 6 6 6", placed={1: [0, 3], 4: [4, 0], 6: [0, 5]})
    assert choose_action(state, "medium", seed=0) == Place(1)


def test_hard_finds_the_tie_that_costs_benno_his_90k():
    # Lesson 01.05: placing the 3 ties Benno at The Mirage (both lose their bills: his $90k, your $20k).
    state = _rolled("roll 3 5", placed={1: [2, 1], 2: [1, 3], 3: [1, 2], 4: [2, 0]})
    assert {choose_action(state, "hard", seed=s) for s in range(3)} == {Place(3)}


def test_hard_beats_easy_heads_up():
    wins = 0
    for g in range(16):
        state = new_game(2, seed=500 + g)
        rng = make_rng(g)
        levels = ("hard", "easy") if g % 2 == 0 else ("easy", "hard")
        while not state.is_over:
            seat = state.current_player
            state.apply(choose_action(state, levels[seat], seed=int(rng.integers(1 << 30))))
        wins += levels.index("hard") in state.winners
    assert wins >= 12
