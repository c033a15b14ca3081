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


@pytest.fixture
def quick_search(monkeypatch):
    """The hard level's search on a small budget, so the tests stay fast (the bench plays the real one)."""
    from vegas_tutor.las_vegas import search

    monkeypatch.setattr(search, "BUDGET", 3_000)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_action_and_leaves_the_state_alone(level, quick_search):
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


@pytest.mark.parametrize("seats", [("medium",), "medium", ("medium", "expert"), 5])
def test_seats_that_do_not_fit_the_table_are_refused(seats):
    state = new_game(2, seed=1)
    with pytest.raises(ConfigError, match="one level, policy or None per seat"):
        choose_action(state, "hard", seats=seats)  # type: ignore[arg-type]


def test_hard_plays_out_the_rivals_the_table_knows_by_their_own_rule(quick_search):
    from vegas_tutor.las_vegas.search import playout_seats

    state = new_game(4, seed=3)
    state.apply(Roll())
    assert state.current_player == 0
    assert playout_seats(state) == ["leader"] * 4
    assert playout_seats(state, ["medium", "medium", None, "greedy"]) == ["leader", "medium", "leader", "greedy"]
    assert playout_seats(state, ["hard", "easy", "random", "hard"]) == ["leader", "easy", "random", "leader"]
    # Told the others play medium, hard plays legally and as reproducibly, and the board tells it so.
    told = ["hard", "medium", "medium", "medium"]
    assert choose_action(state, "hard", seed=2, seats=told) == choose_action(state, "hard", seed=2, seats=told)
    assert choose_action(state, "hard", seed=2, seats=told) in state.legal_actions()


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


def test_hard_beats_easy_heads_up(quick_search):
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


# ---------------------------------------------------------------------- the hard bot's playouts and search
@pytest.mark.parametrize("players, neutral", [(4, False), (3, True), (2, True), (5, False), (4, True)])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_play_exactly_the_simulators_games(players, neutral, policy):
    from vegas_tutor.las_vegas.playouts import playout_games
    from vegas_tutor.las_vegas.simulate import simulate_results

    ours = playout_games(60, players=players, neutral=neutral, policy=policy, seed=9)
    reference = simulate_results(60, players=players, neutral=neutral, policy=policy, seed=9)
    assert (ours[0] == reference[0]).all() and (ours[1] == reference[1]).all()


def test_compiled_leader_is_the_engines_leader():
    from vegas_tutor.las_vegas.playouts import compiled_face
    from vegas_tutor.las_vegas.policies import leader_face

    seen = 0
    for state in _positions(150, 21):
        state = state.copy()
        rng = make_rng(seen)
        while not state.is_over and seen < 400:  # on to the end, so money already won is in play
            if state.phase == "place":
                assert compiled_face(state) == leader_face(state).face
                seen += 1
                state.apply(choose_face(state, "random", rng))
            else:
                state.apply(Roll())
    assert seen == 400


def test_compiled_medium_places_a_face_of_the_medium_bot_s_best():
    # The medium bot draws among its equal best faces; the compiled one must draw among the same, and each of
    # them when the draws differ (it is the hard bot's model of a medium rival).
    from vegas_tutor.las_vegas.bots import _medium
    from vegas_tutor.las_vegas.playouts import compiled_face

    seen = ties = 0
    for state in _positions(150, 5):  # every set-up, the variant's white dice included
        state = state.copy()
        rng = make_rng(seen)
        while not state.is_over and seen < 600:
            if state.phase == "place":
                faces = [a.face for a in state.legal_actions() if isinstance(a, Place)]
                best = {_medium(state, faces, make_rng(k)) for k in range(24)}
                drawn = {compiled_face(state, "medium", seed=k) for k in range(24)}
                assert drawn == best
                seen += 1
                ties += len(best) > 1
                state.apply(choose_face(state, "random", rng))
            else:
                state.apply(Roll())
    assert seen == 600 and ties > 10


def _easy_chances(state):
    """The easy bot's chance of each face, worked out from its description (a second method beside the draws)."""
    from vegas_tutor.las_vegas.bots import EASY_BIG_BILL, EASY_WANDER

    faces = [a.face for a in state.legal_actions() if isinstance(a, Place)]
    roll = state.current_roll
    dice = {f: roll[0][f - 1] + roll[1][f - 1] for f in faces}
    bill = {f: max(state.bills_on(f), default=0) for f in faces}
    out = dict.fromkeys(faces, EASY_WANDER / len(faces))
    for weight, key in ((EASY_BIG_BILL, bill), (1 - EASY_WANDER - EASY_BIG_BILL, dice)):
        top = [f for f in faces if key[f] == max(key.values())]
        for f in top:
            out[f] += weight / len(top)
    return out


def test_compiled_easy_places_faces_as_often_as_the_easy_bot():
    # Hard's model of an easy rival: the compiled draws and the bot's each match the chances worked out by hand.
    from vegas_tutor.las_vegas.bots import _easy
    from vegas_tutor.las_vegas.playouts import compiled_face

    draws, gaps = 600, []
    for state in list(_positions(40, 8))[:24]:  # the variant's white dice included
        faces = [a.face for a in state.legal_actions() if isinstance(a, Place)]
        exact = _easy_chances(state)
        compiled = Counter(compiled_face(state, "easy", seed=k) for k in range(draws))
        bot = Counter(_easy(state, faces, make_rng(k)) for k in range(draws))
        for counts in (compiled, bot):
            assert set(counts) <= set(faces)
            gaps.append(sum(abs(counts[f] / draws - exact[f]) for f in faces) / 2)
    assert max(gaps) < 0.06 and sum(gaps) / len(gaps) < 0.025, gaps  # leaving out the wandering draws: 0.061


def test_leader_closes_the_gap_to_the_leader_not_its_own_bill():
    # Benno has won $100k and holds Caesars' $70k. The 1 gives you the Golden Nugget's $60k (+$60k,
    # $80k behind him); the 2s take the $70k from him (you +$40k, him -$40k: $60k behind).
    from vegas_tutor.las_vegas.policies import leader_face, placement_gain

    state = _rolled("roll 1 2 2 2 2 4 4", placed={2: [1, 3]}, won=[[], [60_000, 40_000]])
    assert placement_gain(state, 1) > placement_gain(state, 2)
    assert leader_face(state) == Place(2)


def test_face_playouts_never_read_the_pile_order():
    from vegas_tutor.las_vegas.playouts import face_playouts

    one, other = (State.position(2, turn=0, seed=s, casino_bills=BILLS_90K, placed={1: [1, 2], 3: [2, 0]})
                  for s in (1, 2))
    one.apply("roll 1 3 3 5 5")
    other.apply("roll 1 3 3 5 5")
    assert one.pile != other.pile and sorted(one.pile) == sorted(other.pile)
    a, b = face_playouts(one, 30, seed=4), face_playouts(other, 30, seed=4)
    assert a[0] == b[0] == (1, 3, 5)
    assert (a[1] == b[1]).all() and (a[2] == b[2]).all()
    totals = a[1].sum(axis=2)
    assert (totals[:, 1:] != totals[:, :1]).any()  # the later rounds really are drawn


def test_search_takes_the_tie_that_wins_the_game():
    # Last round, Benno has placed everything; you hold 2 dice and roll a 1 and a 4. The 4 ties Benno
    # at Sahara: his $90k goes and you win whatever your last die does. The 1 ($40k) leaves you $20k
    # behind, saved only by half the faces of your last die.
    from vegas_tutor.las_vegas.search import face_values, search_face

    bills = [[40_000, 10_000], [70_000], [30_000, 20_000], [90_000], [50_000], [60_000]]
    state = State.position(2, seed=3, round=4, turn=0, casino_bills=bills, hand=[2, 0],
                           placed={2: [2, 1], 3: [1, 2], 4: [3, 4], 5: [0, 1]},
                           won=[[80_000, 70_000, 50_000], [90_000, 60_000, 20_000, 10_000]])
    state.apply("roll 1 4")
    values = face_values(state, 200, seed=1)
    assert values[4][0] == 1.0
    assert 0.3 < values[1][0] < 0.7
    assert search_face(state, seed=1) == Place(4)


def test_search_budget_is_shared_by_the_faces_and_bounded():
    from vegas_tutor.las_vegas.search import MAX_PLAYOUTS, MIN_PLAYOUTS, playouts_per_face

    early = _rolled("roll 1 2 3 4 5 6 6 6")
    late = _rolled("roll 2 5", hand=[2, 1], placed={1: [3, 3], 2: [3, 4]}, round=4)
    assert MIN_PLAYOUTS <= playouts_per_face(early) < playouts_per_face(late) <= MAX_PLAYOUTS
    assert playouts_per_face(early, budget=1) == MIN_PLAYOUTS
    with pytest.raises(IllegalActionError):
        playouts_per_face(new_game(2, seed=1))
