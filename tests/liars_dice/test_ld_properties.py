"""Property tests over random games (hypothesis picks every action)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.liars_dice import ALL_BIDS, Bid, Challenge, Roll, State, new_game

SETTINGS = settings(max_examples=50, deadline=None)


def play(data: st.DataObject, *, check_every_step: bool) -> State:
    players = data.draw(st.integers(2, 4), label="players")
    dice = data.draw(st.integers(1, 3), label="dice")
    s = new_game(players, dice=dice, seed=data.draw(st.integers(0, 2**32), label="seed"))
    total = s.total_dice()
    rounds = 0
    while not s.is_over:
        legal = s.legal_actions()
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        if check_every_step:
            before = s.to_json()
            s.apply(action)
            s.undo()
            assert s.to_json() == before
        s.apply(action)
        if isinstance(action, Challenge):  # every challenge costs someone dice
            assert s.total_dice() < total
            rounds += 1
        else:
            assert s.total_dice() == total
        total = s.total_dice()
        assert sum(1 for c in s.dice_counts if c > 0) >= 1
    assert rounds >= 1
    return s


@SETTINGS
@given(st.data())
def test_games_end_with_exactly_one_winner_and_undo_is_exact(data: st.DataObject) -> None:
    s = play(data, check_every_step=True)
    assert len(s.winners) == 1 and s.dice_counts[s.winners[0]] > 0
    assert s.current_player is None and s.legal_actions() == []


@SETTINGS
@given(st.data())
def test_json_round_trip_and_full_undo(data: st.DataObject) -> None:
    s = play(data, check_every_step=False)
    text = s.to_json()
    t = State.from_json(text)
    assert t.to_json() == text and t.winners == s.winners
    start = State.from_json(text)
    while start.history:
        start.undo()
    assert start.dice_counts == (start.dice_counts[0],) * start.players
    assert start.is_chance and start.current_player == 0


@SETTINGS
@given(st.data())
def test_illegal_bids_rejected_and_state_unchanged(data: st.DataObject) -> None:
    s = new_game(data.draw(st.integers(2, 4)), dice=3, seed=data.draw(st.integers(0, 1000)))
    while s.is_chance:
        s.apply(Roll())
    for _ in range(data.draw(st.integers(1, 4))):
        legal = [a for a in s.legal_actions() if isinstance(a, Bid)]
        if not legal:
            break
        s.apply(legal[data.draw(st.integers(0, min(5, len(legal) - 1)))])
    last = s.last_bid
    assert last is not None
    bad = data.draw(st.sampled_from([b for b in ALL_BIDS if b <= last]))
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(bad)
    assert s.to_json() == before


@SETTINGS
@given(st.data())
def test_observation_never_leaks_hidden_dice(data: st.DataObject) -> None:
    s = new_game(data.draw(st.integers(2, 4)), dice=data.draw(st.integers(1, 5)),
                 seed=data.draw(st.integers(0, 1000)))
    for _ in range(data.draw(st.integers(0, 12))):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    viewer = data.draw(st.integers(0, s.players - 1))
    seen = s.observation(viewer)
    # Re-deal every other hidden cup (same sizes): the viewer must not be able to tell.
    other = s.copy()
    other._hidden = tuple(  # the test rewrites the hidden truth on purpose
        cup if seat == viewer else tuple(sorted(data.draw(st.lists(st.integers(1, 6), min_size=len(cup),
                                                                     max_size=len(cup)))))
        for seat, cup in enumerate(s.hidden)
    )
    assert other.observation(viewer) == seen
    assert other.observation(viewer).to_dict() == seen.to_dict()
    assert seen.own_hidden == s.hidden[viewer]
