"""The integer fast path against the checked engine: many seeded games played through both, compared at every step."""

import random

import numpy as np
import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError
from vegas_tutor.liars_dice import ALL_BIDS, Bid, Challenge, NoShow, Roll, Show, State
from vegas_tutor.liars_dice.fast import CHALLENGE, N_BIDS, NO_SHOW, SHOW, FastState
from vegas_tutor.liars_dice.simulate import play_fast_round, play_round


def same(fast: FastState, state: State) -> None:
    assert fast.dice_counts == state.dice_counts
    assert fast.hidden == state.hidden and fast.shown == state.shown
    assert fast.bids == state.bids and fast.last_bid == state.last_bid
    assert fast.phase == state.phase and fast.current_player == state.current_player
    assert fast.is_chance == state.is_chance and fast.is_over == state.is_over
    assert fast.winners == state.winners and fast.opener == state.opener
    assert fast.last_challenge == state.last_challenge
    assert [fast.action(a) for a in fast.legal_actions()] == ([] if state.is_chance else state.legal_actions())
    for seat in range(state.players):
        assert fast.observation(seat) == state.observation(seat)


def play_both(seed: int, players: int, dice: int, *, bias_challenge: float) -> tuple[int, int, int, int]:
    """One whole game through both engines, from the same seeded choices: (actions, rounds, shows, perfect bids)."""
    pick = random.Random(seed)
    counts = [pick.randint(1, dice) for _ in range(players)]
    opener = pick.randrange(players)
    state, fast = State.start(counts, opener=opener), FastState(counts, opener=opener)
    same(fast, state)
    actions = rounds = shows = perfect = 0
    while not state.is_over:
        if state.is_chance:
            faces = tuple(pick.randint(1, 6) for _ in range(fast.to_roll()))
            state.apply(Roll(faces))
            fast.roll(faces)
        else:
            legal = fast.legal_actions()
            if CHALLENGE in legal and pick.random() < bias_challenge:
                a = CHALLENGE
            else:  # often one of the lowest raises (plausible bids, so perfect ones happen), else any
                a = pick.choice(legal[:3] if pick.random() < 0.6 else legal)
            state.apply(fast.action(a))  # checked: the engine accepts every id the fast path lists
            assert fast.action_id(fast.action(a)) == a
            fast.apply(a)
            rounds += a == CHALLENGE
            shows += a >= SHOW
            perfect += a == CHALLENGE and fast.last_challenge is not None and fast.last_challenge.perfect
        actions += 1
        same(fast, state)
        seat = state.current_player
        if seat is not None and not state.is_chance:  # what a search bot builds from its own view
            guess = FastState.from_view(state.observation(seat), state.hidden)
            assert (guess.hidden, guess.shown, guess.bids, guess.phase, guess.current_player, guess.opener,
                    guess.legal_actions()) == (fast.hidden, fast.shown, fast.bids, fast.phase,
                                               fast.current_player, fast.opener, fast.legal_actions())
    return actions, rounds, shows, perfect


@pytest.mark.parametrize(("players", "dice"), [(2, 1), (2, 2), (2, 5), (3, 3), (4, 2), (4, 5)])
def test_seeded_games_equal_the_engine(players: int, dice: int) -> None:
    totals = [0, 0, 0, 0]
    for seed in range(40):
        played = play_both(1000 * players + 10 * dice + seed, players, dice, bias_challenge=0.35)
        totals = [t + p for t, p in zip(totals, played, strict=True)]
    actions, rounds, shows, perfect = totals
    assert rounds >= 40 and actions > rounds and (shows > 0) == (dice > 1)  # whole games, shows where possible
    assert perfect > 0  # perfect bids (Die Hard) too


def test_from_state_and_copy_branch_independently() -> None:
    state = State.start([3, 2, 2], opener=1, seed=5)
    for action in (Roll((1, 6)), Roll((2, 6)), Roll((1, 4, 4)), Bid(2, 4)):
        state.apply(action)
    fast = FastState.from_state(state)
    same(fast, state)
    twin = fast.copy()
    twin.apply(fast.action_id(Show((1,))))
    assert fast.phase == "show" and twin.phase == "roll" and twin.to_roll() == 1
    same(fast, state)  # the copy's move left the original alone
    state.apply(Show((1,)))
    twin.roll((6,))
    state.apply(Roll((6,)))
    same(twin, state)


def test_bare_rolls_are_seeded_and_fair_sized() -> None:
    a, b = FastState([5, 5], seed=11), FastState([5, 5], seed=11)
    for s in (a, b):
        while s.is_chance:
            s.roll()
    assert a.hidden == b.hidden and all(len(cup) == 5 and list(cup) == sorted(cup) for cup in a.hidden)
    assert FastState.new(2, dice=5, seed=3).to_roll() == 5
    assert [p for _, p in FastState([2, 1]).chance_outcomes()] == [p for _, p in State.start([2, 1])
                                                                   .chance_outcomes()]


def test_bad_input_is_refused_and_changes_nothing() -> None:
    fast = FastState([2, 2], seed=0)
    with pytest.raises(IllegalActionError):
        fast.apply(0)  # a roll is pending
    with pytest.raises(IllegalActionError):
        fast.roll((1, 2, 3))  # two dice, not three
    with pytest.raises(InvalidActionError):
        fast.roll((0, 7))
    fast.roll((2, 2))
    fast.roll((3, 5))
    before = repr(fast), fast.hidden
    for bad in (CHALLENGE, NO_SHOW, SHOW, N_BIDS + 40, -1, True, 1.0, "3"):
        with pytest.raises(IllegalActionError):
            fast.apply(bad)
    assert (repr(fast), fast.hidden) == before and fast.legal_actions() == range(N_BIDS)
    fast.apply(np.int64(3))  # numpy's integers are whole numbers too
    assert fast.last_bid == ALL_BIDS[3]
    with pytest.raises(InvalidActionError):
        fast.observation(2)
    with pytest.raises(InvalidActionError):  # seat 1's cup has two dice
        FastState.from_view(fast.observation(0), [(2, 2), (3,)])
    with pytest.raises(InvalidActionError):
        FastState.from_view(fast.observation(0), [(2, 3), (3, 5)])  # not what seat 0 holds
    with pytest.raises(InvalidActionError):
        FastState.from_view(fast, [(2, 2), (3, 5)])  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        FastState([3])
    with pytest.raises(ConfigError):
        FastState.new(5)
    with pytest.raises(IllegalActionError):
        fast.action_id(Roll())
    assert fast.action(NO_SHOW) == NoShow() and fast.action(CHALLENGE) == Challenge()
    assert fast.action(N_BIDS - 1) == ALL_BIDS[-1]


@pytest.mark.parametrize("policy", ["odds", "random"])
def test_fast_round_matches_the_reference_round(policy: str) -> None:
    deal = random.Random(4)
    for i in range(150):
        cups = [tuple(sorted(deal.randint(1, 6) for _ in range(3))) for _ in range(3)]
        state = State.start([3, 3, 3], seed=0)
        for cup in cups:
            state.apply(Roll(cup))
        fast = FastState.from_state(state, seed=i)
        if policy == "odds":  # deterministic: the very same round
            assert play_fast_round(fast, policy, random.Random(0)) == play_round(state, policy, make_rng(0))
        else:
            result, bids, shows = play_fast_round(fast, policy, random.Random(i))
            assert result.bidder in range(3) and bids >= 1 and shows >= 0
            assert sum(result.losses) >= 1 and fast.last_challenge == result
