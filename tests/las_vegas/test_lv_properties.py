"""Property tests over random games: what must hold whatever the dice and choices."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_tutor.las_vegas import BILLS, IllegalActionError, Place, Roll, State, new_game
from vegas_tutor.las_vegas.rules import DICE_PER_PLAYER, neutral_dice_per_player, spare_neutral_dice

games = st.tuples(
    st.sampled_from([(2, False), (3, False), (4, False), (5, False), (2, True), (3, True), (4, True)]),
    st.integers(0, 2**32 - 1),
    st.lists(st.integers(0, 5), min_size=300, max_size=300),
)


def bills_accounted(state: State) -> bool:
    found = (Counter(state.pile) + Counter(b for c in range(1, 7) for b in state.bills_on(c))
             + Counter(b for s in range(state.players) for b in state.bills_won(s)))
    return found == Counter(BILLS)


def dice_conserved(state: State) -> bool:
    if state.is_over:
        return True
    for seat in range(state.players):
        on = sum(state.placed_on(c)[seat] for c in range(1, 7))
        if on + state.in_hand(seat) != DICE_PER_PLAYER:
            return False
    if state.neutral:
        white = sum(state.placed_on(c)[state.players] for c in range(1, 7))
        white += sum(state.white_in_hand(s) for s in range(state.players))
        if state.phase == "spare":  # the 2 spare white dice wait to be rolled by the start player
            white += spare_neutral_dice(state.players)
        total = neutral_dice_per_player(state.players) * state.players + spare_neutral_dice(state.players)
        if white != total:
            return False
    return True


@settings(max_examples=15, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(game):
    (players, neutral), seed, choices = game
    state = new_game(players, neutral=neutral, seed=seed)
    rounds_seen = {1}
    snapshots = []
    step = 0
    while not state.is_over:
        assert bills_accounted(state) and dice_conserved(state)
        actions = state.legal_actions()
        assert actions, "a game in progress always has a legal action"
        before = state.copy()
        unrolled = [Place(f) for f in range(1, 7) if Place(f) not in actions]
        bad = (unrolled[0] if unrolled else Roll()) if state.phase == "place" else Place(1)
        try:
            state.apply(bad)
            raise AssertionError(f"{bad} should have been illegal")
        except IllegalActionError:
            pass
        assert state == before, "an illegal action changed the state"
        snapshots.append(before)
        state.apply(actions[choices[step % len(choices)] % len(actions)] if state.phase == "place" else Roll())
        step += 1
        rounds_seen.add(state.round)
    assert rounds_seen == {1, 2, 3, 4}
    assert bills_accounted(state)
    assert state.winners and len(state.payouts) == 4
    assert sum(state.money(s) for s in range(players)) == sum(
        sum(p.takes.values()) for rnd in state.payouts for p in rnd)
    for expected in reversed(snapshots[-30:]):
        state.undo()
        assert state == expected
    assert State.from_json(state.to_json()).to_json() == state.to_json()
