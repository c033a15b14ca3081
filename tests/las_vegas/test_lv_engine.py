"""The Las Vegas engine: every rule of RULES.md §1, checked moves, undo, saved games."""

import json
from collections import Counter

import pytest

from vegas_tutor.las_vegas import (
    BILLS,
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    Place,
    RecordError,
    Roll,
    State,
    VegasTutorError,
    new_game,
)

BILLS_A = [[60_000], [80_000, 30_000, 10_000], [50_000], [90_000], [40_000, 40_000], [70_000, 20_000]]


def roll(*faces, white=()):
    own = tuple(faces.count(f) for f in range(1, 7))
    return Roll(own=own, white=tuple(list(white).count(f) for f in range(1, 7)) if white else None)


def all_bills(state):
    return (Counter(state.pile) + Counter(b for c in range(1, 7) for b in state.bills_on(c))
            + Counter(b for s in range(state.players) for b in state.bills_won(s)))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_at_least_50k_sorted(players):
    state = new_game(players, seed=players)
    for c in range(1, 7):
        bills = state.bills_on(c)
        assert sum(bills) >= 50_000
        assert sum(bills) - max(bills) < 50_000  # dealing stopped as soon as $50k was reached
        assert list(bills) == sorted(bills, reverse=True)
    assert all_bills(state) == Counter(BILLS)
    assert state.current_player == 0 and state.phase == "roll" and state.round == 1
    assert [state.in_hand(s) for s in range(players)] == [8] * players


@pytest.mark.parametrize(("players", "neutral"), [(1, False), (6, False), (5, True), ("4", False), (4, "yes")])
def test_bad_settings_are_refused(players, neutral):
    with pytest.raises(ConfigError):
        new_game(players, neutral=neutral)


def test_same_seed_same_game():
    a, b = new_game(4, seed=11), new_game(4, seed=11)
    for _ in range(10):
        a.apply(Roll())
        b.apply(Roll())
        assert a.current_roll == b.current_roll
        a.apply(a.legal_actions()[0])
        b.apply(b.legal_actions()[0])


def test_roll_then_place_all_dice_of_a_face():  # LV-ROLL
    state = new_game(4, seed=1)
    assert [str(a) for a in state.legal_actions()] == ["roll"]
    state.apply(roll(3, 3, 3, 3, 5, 6, 6, 1))
    assert state.legal_actions() == [Place(1), Place(3), Place(5), Place(6)]
    state.apply(Place(3))
    assert state.placed_on(3) == (4, 0, 0, 0)
    assert state.in_hand(0) == 4
    assert state.current_player == 1 and state.phase == "roll"


def test_a_face_not_rolled_is_illegal_and_changes_nothing():
    state = new_game(4, seed=1)
    state.apply(roll(3, 3, 3, 3, 5, 5, 5, 5))
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="no die of the roll shows 2"):
        state.apply(Place(2))
    assert state.to_json() == before


def test_wrong_number_of_dice_in_a_given_roll():
    state = new_game(4, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="holds 8 dice"):
        state.apply(roll(3, 3))
    assert state.to_json() == before


def test_placing_before_rolling_is_illegal():
    state = new_game(4, seed=1)
    with pytest.raises(IllegalActionError, match="round 1, Anna to roll"):
        state.apply(Place(3))


def test_garbage_is_invalid():
    state = new_game(4, seed=1)
    for bad in (3, None, "jump", {"type": "place"}):
        with pytest.raises(VegasTutorError):
            state.apply(bad)
    with pytest.raises(InvalidActionError):
        state.apply("place 9")


def test_players_out_of_dice_pass_and_last_player_plays_on():  # LV-PASS
    state = State.position(4, casino_bills=BILLS_A, placed={1: [8, 6, 8, 8]}, turn=1)
    state.apply(roll(2, 2))
    state.apply(Place(2))
    assert state.current_player is None or state.round == 2  # all dice placed: the round ended
    state = State.position(4, casino_bills=BILLS_A, placed={1: [8, 5, 8, 8]}, turn=1)
    state.apply(roll(2, 2, 4))
    state.apply(Place(2))
    assert state.current_player == 1 and state.round == 1  # Benno again: everyone else passes
    assert "Carla, Denny and Anna have no dice left and pass" in state.log


def test_round_end_pays_out_and_next_round_starts_left():  # LV-ROUND
    placed = {1: [2, 1, 2, 1], 2: [5, 3, 3, 1], 3: [1, 0, 0, 0], 4: [0, 0, 0, 4], 5: [0, 2, 0, 0], 6: [0, 2, 3, 1]}
    state = State.position(4, casino_bills=BILLS_A, placed=placed, turn=3, seed=5)
    pile_before = state.pile
    state.apply(roll(4))
    state.apply(Place(4))
    assert state.round == 2 and state.start_player == 1 and state.current_player == 1
    assert [state.money(s) for s in range(4)] == [130_000, 60_000, 70_000, 120_000]
    returned = [60_000, 10_000, 40_000]
    refill = list(pile_before) + returned
    dealt = [b for c in range(1, 7) for b in state.bills_on(c)]
    assert sorted(dealt) == sorted(refill[: len(dealt)])
    assert list(state.pile) == refill[len(dealt):]
    assert [state.in_hand(s) for s in range(4)] == [8] * 4
    assert all(state.placed_on(c) == (0, 0, 0, 0) for c in range(1, 7))


def test_four_rounds_then_winners():
    state = new_game(3, seed=2)
    starts = []
    while not state.is_over:
        if state.phase == "roll" and state.in_hand(state.current_player) == 8 and not any(
            sum(state.placed_on(c)) for c in range(1, 7)
        ):
            starts.append(state.current_player)
        state.apply(state.legal_actions()[-1])
    assert starts == [0, 1, 2, 0]
    assert state.round == 4 and state.current_player is None and state.legal_actions() == []
    best = max(state.money(s) for s in range(3))
    assert all(state.money(w) == best for w in state.winners)
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(Roll())


def test_tie_break_by_bills_then_shared():  # LV-END
    placed = {1: [2, 1, 2, 1], 2: [5, 3, 3, 1], 3: [1, 0, 0, 0], 4: [0, 0, 0, 4], 5: [0, 2, 0, 0], 6: [0, 2, 3, 1]}
    for won, winners in (
        ([[50_000] * 4, [90_000] * 3, [20_000], [10_000]], [0]),
        ([[50_000] * 4, [90_000, 90_000, 60_000, 30_000], [20_000], [10_000]], [0, 1]),
    ):
        state = State.position(4, casino_bills=BILLS_A, placed=placed, turn=3, round=4, won=won)
        state.apply(roll(4))
        state.apply(Place(4))
        assert state.is_over and state.winners == winners


def test_pile_running_out_deals_what_is_left():
    won = [list(BILLS[:25]), list(BILLS[25:49]), [], []]  # 49 bills already taken; 5 remain
    rest = list(BILLS[49:])
    state = State.position(4, casino_bills=[[], [], [], [], [], []], won=won, pile=rest,
                           placed={1: [8, 8, 8, 7]}, turn=3)
    state.apply(roll(1))
    state.apply(Place(1))
    assert state.round == 2
    assert sum(len(state.bills_on(c)) for c in range(1, 7)) == 5 and state.pile == ()
    assert all_bills(state) == Counter(BILLS)


def test_neutral_roll_choices():  # LV-NEUTRAL-ROLL
    state = new_game(4, neutral=True, seed=1)
    assert state.white_in_hand(0) == 2
    state.apply(roll(1, 1, 5, 2, 2, 3, 3, 4, white=(1, 6)))
    assert Place(6) in state.legal_actions()
    state.apply(Place(1))
    assert state.placed_on(1) == (2, 0, 0, 0, 1)
    assert state.white_in_hand(0) == 1 and state.in_hand(0) == 6


def test_white_die_alone_and_turns_while_holding_white():
    state = State.position(2, neutral=True, casino_bills=BILLS_A, placed={1: [8, 8, 0]}, white_hand=[4, 4])
    state.apply(Roll(own=(0,) * 6, white=(0, 0, 0, 0, 4, 0)))
    assert state.legal_actions() == [Place(5)]
    state.apply(Place(5))
    assert state.placed_on(5) == (0, 0, 4) and state.current_player == 1


def test_three_players_spare_white_dice():  # LV-NEUTRAL-3P
    state = new_game(3, neutral=True, seed=4)
    assert state.phase == "spare" and state.current_player == 0
    assert len(state.chance_outcomes()) == 21
    state.apply(Roll(white=(0, 1, 0, 0, 1, 0)))
    assert state.placed_on(2)[3] == 1 and state.placed_on(5)[3] == 1
    assert state.phase == "roll" and state.white_in_hand(0) == 2
    with pytest.raises(IllegalActionError):
        new_game(3, neutral=True, seed=4).apply(Roll(white=(3, 0, 0, 0, 0, 0)))


def test_chance_outcomes_are_exact():
    state = new_game(2, neutral=True, seed=1)
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert len(outcomes) == 1287 * 126  # 8 own dice and 4 white, as face counts
    state.apply(outcomes[5][0])
    assert state.current_roll == (outcomes[5][0].own, outcomes[5][0].white)
    assert state.chance_outcomes() == []


def test_undo_restores_exactly_including_the_dice_generator():
    state = new_game(4, seed=9)
    snapshots = [state.to_json()]
    for _ in range(40):
        state.apply(state.legal_actions()[0] if state.phase == "place" else Roll())
        snapshots.append(state.to_json())
    for expected in reversed(snapshots[:-1]):
        state.undo()
        assert state.to_json() == expected
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        state.undo()
    again = new_game(4, seed=9)
    again.apply(Roll())
    state.apply(Roll())
    assert state.current_roll == again.current_roll


def test_copy_branches_independently():
    state = new_game(4, seed=9)
    twin = state.copy()
    twin.apply(Roll())
    assert state.phase == "roll" and twin.phase == "place"
    state.apply(Roll())
    assert state.current_roll == twin.current_roll  # same generator state at the branch point


def test_json_round_trip_mid_game_and_over():
    state = new_game(3, neutral=True, seed=3)
    for _ in range(25):
        state.apply(state.legal_actions()[-1] if state.phase == "place" else Roll())
    text = state.to_json()
    back = State.from_json(text)
    assert back.to_json() == text
    assert back.history == state.history
    assert back == state and back.log == state.log
    back.undo()
    state.undo()
    assert back.to_json() == state.to_json()
    while not state.is_over:
        state.apply(state.legal_actions()[0] if state.phase == "place" else Roll())
    assert State.from_json(state.to_json()).winners == state.winners


def _reseal(body):
    from vegas_tutor.core.record import dump_record

    return dump_record(State.GAME_ID, State.RECORD_VERSION, body)


def test_corrupt_and_tampered_records_are_refused():
    state = new_game(4, seed=1)
    state.apply(Roll())
    state.apply(state.legal_actions()[0])
    text = state.to_json()
    for bad in ("", "{", "[]", text.replace('"las_vegas"', '"liars_dice"'), text[:-5]):
        with pytest.raises(RecordError):
            State.from_json(bad)
    envelope = json.loads(text)
    envelope["body"]["origin"]["data"]["won"][0] = [90_000]  # edited without resealing
    with pytest.raises(RecordError, match="checksum"):
        State.from_json(json.dumps(envelope))
    body = json.loads(text)["body"]
    body["origin"]["data"]["won"][0] = [90_000]  # resealed, but a bill appears from nowhere
    with pytest.raises(RecordError, match="54"):
        State.from_json(_reseal(body))
    body = json.loads(text)["body"]
    body["history"].append("place the 6s on casino 6 (Circus Circus)")  # not legal: a roll is due
    body["rngs"].append(body["rng"])
    with pytest.raises(RecordError, match="not legal"):
        State.from_json(_reseal(body))
    body = json.loads(text)["body"]
    body["config"]["players"] = 9
    with pytest.raises(RecordError):
        State.from_json(_reseal(body))
    body = json.loads(text)["body"]
    body["rngs"].pop()
    with pytest.raises(RecordError, match="one generator state per action"):
        State.from_json(_reseal(body))


def test_position_is_checked():
    with pytest.raises(ConfigError, match="impossible"):
        State.position(4, casino_bills=BILLS_A, placed={1: [9, 0, 0, 0]})
    with pytest.raises(ConfigError, match="54"):
        State.position(4, casino_bills=BILLS_A, pile=[10_000])


def test_what_if_moves_dice_between_hand_and_casino():
    state = new_game(4, seed=1)
    hypo = state.with_dice(3, 1, 5)
    assert hypo.placed_on(3)[1] == 5 and hypo.in_hand(1) == 3
    assert state.placed_on(3)[1] == 0  # the real game is untouched
    back = hypo.with_dice(3, 1, 0)
    assert back.in_hand(1) == 8
    with pytest.raises(IllegalActionError, match="only 8 dice"):
        state.with_dice(2, 0, 9)
    with pytest.raises(InvalidActionError):
        state.with_dice(7, 0, 1)
    with pytest.raises(InvalidActionError):
        state.with_dice(1, 4, 1)
