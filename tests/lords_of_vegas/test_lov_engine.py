"""The Lords of Vegas engine: setup, the draw step, each action's legality and cost, ties, the end."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.core.record import dump_record
from vegas_tutor.lords_of_vegas import (
    GAME_END,
    LOTS,
    Build,
    DrawCard,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    RollDice,
    Sprawl,
    State,
    new_game,
    parse_action,
)

BLUE, GREEN, RED, YELLOW = range(4)


def unchanged(state: State, action: object, error: type[Exception] = IllegalActionError) -> None:
    """Applying ``action`` raises ``error`` and leaves the saved form of the state exactly as it was."""
    before = state.to_json()
    with pytest.raises(error):
        state.apply(action)  # type: ignore[arg-type]
    assert state.to_json() == before


def dealt(players: int, cards: list[str], rolls: list[tuple[int, int]]) -> State:
    s = new_game(players, seed=0)
    for card in cards:
        s.apply(DrawCard(card))
    for r in rolls:
        s.apply(RollDice(r))
    return s


# --- setup ---


def test_setup_deal_gives_markers_and_money() -> None:
    s = new_game(2, seed=3)
    assert s.phase == "deal" and s.current_player == 0 and s.is_chance
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 48 and sum(p for _, p in outcomes) == 1
    for card in ("D8", "A3", "C5", "B2"):  # seats 0,1,0,1
        s.apply(DrawCard(card))
    assert s.marker("D8") == 0 and s.marker("C5") == 0 and s.marker("A3") == 1 and s.marker("B2") == 1
    assert s.money(0) == (10 - 2) + (10 - 1) and s.money(1) == (10 - 5) + (10 - 2)
    assert s.phase == "start_roll"
    assert s.draws_before_end == 44 - 11  # Game End on top of the 4th pile of 44 cards
    assert len(s.deck_cards()) + len(s.seen_cards()) == 49


def test_start_roll_highest_starts_and_ties_roll_again() -> None:
    s = dealt(3, ["A1", "A2", "A3", "A4", "A5", "B1"], [(3, 3), (6, 2), (4, 4)])
    assert s.phase == "start_roll" and s.current_player == 1  # 8 and 8 tie: seats 1 and 2 roll again
    s.apply(RollDice((1, 2)))
    assert s.current_player == 2
    s.apply(RollDice((2, 2)))
    assert s.phase == "draw" and s.turn == 2 and s.current_player == 2


def test_two_players_block_f_is_out_and_its_cards_pay_then_draw_again() -> None:
    s = new_game(2, seed=1)
    s.apply(DrawCard("F1"))
    assert s.marker("F1") is None and s.phase == "deal" and s.current_player == 0
    for card in ("A1", "A2", "A3", "A4"):
        s.apply(DrawCard(card))
    s.apply(RollDice((6, 6)))
    s.apply(RollDice((1, 1)))
    assert s.draws_before_end == 43 - 43 // 4
    money = [s.money(0), s.money(1)]
    s.apply(DrawCard("F3"))  # gold: no gold casinos; markers pay; draw again
    assert s.phase == "draw" and s.marker("F3") is None
    assert [s.money(0), s.money(1)] == [money[0] + 2, money[1] + 2]


def test_bad_player_counts() -> None:
    for bad in (1, 5, "4", True):
        with pytest.raises(ConfigError):
            new_game(bad)  # type: ignore[arg-type]


# --- step 1: the draw ---


def test_draw_takes_an_empty_lot_with_a_marker() -> None:
    s = State.position(4, turn=YELLOW, phase="draw", money=[0, 0, 0, 0])
    s.apply(DrawCard("D8"))
    assert s.marker("D8") == YELLOW and s.money(YELLOW) == 1 and s.phase == "play"


def test_draw_replaces_a_die_keeping_its_value_or_printing_it() -> None:
    s = State.position(
        3,
        tiles={"A1": ("brown", RED, 6), "A2": ("purple", None, None)},
        seen=[],
        phase="draw",
        turn=BLUE,
    )
    s.apply(DrawCard("A1"))
    assert s.die("A1") == (BLUE, 6)
    s.apply(EndTurn())
    s.apply(DrawCard("A2"))
    assert s.die("A2") == (GREEN, LOTS["A2"].die)


def test_draw_of_own_die_changes_nothing_and_payouts_follow() -> None:
    s = State.position(3, tiles={"A1": ("brown", BLUE, 3)}, seen=[], phase="draw", turn=BLUE)
    s.apply(DrawCard("A1"))  # brown card: the 1-tile brown casino pays $3 and 1 point
    assert s.die("A1") == (BLUE, 3) and s.money(BLUE) == 3 and s.score(BLUE) == 1


def test_draw_with_all_dice_on_board_moves_one() -> None:
    lots = ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "C11", "C12"]
    tiles = {lot: ("silver", BLUE, None) for lot in lots[:9]}
    tiles |= {lot: ("aqua", BLUE, None) for lot in lots[9:]}
    tiles["D1"] = ("gold", RED, 3)
    s = State.position(3, tiles=tiles, phase="draw", turn=BLUE, seen=[])
    assert s.dice_left(BLUE) == 0
    s.apply(DrawCard("D1"))
    assert s.phase == "draw_move" and s.current_player == BLUE
    assert s.legal_actions() == [MoveDie(lot) for lot in lots]
    unchanged(s, MoveDie("D1"))
    s.apply(MoveDie("C5"))
    assert s.die("D1") == (BLUE, 3) and s.die("C5") is None and s.tile("C5") == "silver"
    assert s.owner("C5") is None and s.phase == "play"


def test_no_marker_left_leaves_the_lot_unowned() -> None:
    marks = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"]
    s = State.position(3, markers=dict.fromkeys(marks, RED), phase="draw", turn=RED)
    assert s.markers_left(RED) == 0
    s.apply(DrawCard("C1"))
    assert s.marker("C1") is None and s.money(RED) == 10


def test_game_end_card_comes_after_the_first_three_piles() -> None:
    s = State.position(2, phase="draw", draws_before_end=1, tiles={"A3": ("aqua", BLUE, 5)}, seen=["A3"])
    unchanged(s, DrawCard(GAME_END))
    s.apply(DrawCard("B1"))
    s.apply(EndTurn())
    assert s.chance_outcomes() == [(DrawCard(GAME_END), Fraction(1))]
    unchanged(s, DrawCard("B2"))
    s.apply(DrawCard())
    # B1's marker paid $1 twice; the Strip paid Blue's aqua 5 once, with 1 point
    assert s.is_over and s.money(BLUE) == 1 + 1 + 5 and s.score(BLUE) == 1 and s.winners == [BLUE]
    assert s.current_player is None and s.legal_actions() == []


# --- step 2: the actions ---


def play_position(**kw: object) -> State:
    base: dict[str, object] = {"money": [50, 50, 50, 50]}
    base.update(kw)
    return State.position(4, **base)  # type: ignore[arg-type]


def test_build_cost_tile_and_die() -> None:
    s = play_position(markers={"A2": RED}, turn=RED)
    assert [a for a in s.legal_actions() if isinstance(a, Build)] == [
        Build("A2", c) for c in ("aqua", "brown", "gold", "purple", "silver")
    ]
    s.apply("build gold on A2")
    assert s.money(RED) == 44 and s.tile("A2") == "gold" and s.die("A2") == (RED, 2) and s.marker("A2") is None
    unchanged(s, Build("A2", "gold"))


def test_build_needs_money_own_marker_and_tiles() -> None:
    s = play_position(markers={"A6": RED, "A1": BLUE}, turn=RED, money=[50, 50, 19, 50])
    unchanged(s, Build("A6", "gold"))  # $20
    unchanged(s, Build("A1", "gold"))  # Blue's lot
    full = {lot: ("gold", None, None) for lot in ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"]}
    s = play_position(markers={"A2": RED}, tiles=full, turn=RED, seen=["A2"])
    assert s.tiles_left("gold") == 0
    unchanged(s, Build("A2", "gold"))
    s.apply(Build("A2", "aqua"))


def test_build_with_all_dice_used_moves_a_die() -> None:
    tiles = {lot: ("silver", RED, None) for lot in ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"]}
    tiles |= {lot: ("aqua", RED, None) for lot in ["D1", "D2", "D3"]}
    s = play_position(markers={"A2": RED}, tiles=tiles, turn=RED, seen=["A2"])
    builds = [a for a in s.legal_actions() if isinstance(a, Build)]
    assert all(a.move_from is not None for a in builds) and len(builds) == 5 * 12 - 12  # silver tiles all out
    unchanged(s, Build("A2", "gold"))
    s.apply(Build("A2", "gold", "D3"))
    assert s.die("A2") == (RED, 2) and s.die("D3") is None and s.tile("D3") == "aqua" and s.dice_left(RED) == 0


def test_sprawl_double_cost_into_an_empty_unowned_neighbour() -> None:
    s = play_position(tiles={"A2": ("gold", RED, 2)}, markers={"A3": YELLOW}, turn=RED)
    sprawls = [a for a in s.legal_actions() if isinstance(a, Sprawl)]
    assert sprawls == [Sprawl("A1", "gold"), Sprawl("A5", "gold")]
    unchanged(s, Sprawl("A3", "gold"))
    unchanged(s, Sprawl("A5", "brown"))
    unchanged(s, Sprawl("B1", "gold"))  # across the Strip
    s.apply(Sprawl("A5", "gold"))
    assert s.money(RED) == 50 - 18 and s.die("A5") == (RED, 3)
    assert [c.lots for c in s.casinos()] == [("A2", "A5")]


def test_sprawl_only_from_a_casino_you_boss() -> None:
    s = play_position(tiles={"A2": ("gold", RED, 2), "A5": ("gold", BLUE, 4)}, turn=RED)
    assert not [a for a in s.legal_actions() if isinstance(a, Sprawl)]
    unchanged(s, Sprawl("A1", "gold"))


def test_remodel_cost_and_merge() -> None:
    s = play_position(
        tiles={"A2": ("gold", RED, 2), "A5": ("gold", RED, 3), "A3": ("brown", YELLOW, 5)},
        turn=RED,
        seen=["A2", "A3"],
    )
    remodels = [a for a in s.legal_actions() if isinstance(a, Remodel)]
    assert remodels == [Remodel("A2", c) for c in ("aqua", "brown", "purple", "silver")]
    unchanged(s, Remodel("A3", "gold"))  # Yellow's casino
    unchanged(s, Remodel("A2", "gold"))  # same colour
    s.apply(Remodel("A5", "brown"))  # any lot of the casino names it
    assert s.history[-1] == Remodel("A2", "brown")
    assert s.money(RED) == 40
    (casino,) = s.casinos()
    assert casino.lots == ("A2", "A3", "A5") and casino.colour == "brown" and casino.boss == YELLOW


def test_remodel_needs_enough_tiles() -> None:
    tiles = {lot: ("aqua", None, None) for lot in ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"]}
    tiles |= {"A2": ("gold", RED, 2), "A5": ("gold", RED, 3)}
    s = play_position(tiles=tiles, turn=RED, seen=["A2"])
    unchanged(s, Remodel("A2", "aqua"))  # one aqua tile left, two needed


def test_reorganize_cost_roll_and_placement() -> None:
    s = play_position(
        tiles={"A2": ("brown", RED, 2), "A5": ("brown", RED, 3), "A3": ("brown", YELLOW, 5)},
        turn=RED,
        seen=["A2", "A3"],
    )
    s.apply(Reorganize("A5"))
    assert s.money(RED) == 40 and s.phase == "reorg_roll" and s.pending_dice == ("A2", "A3", "A5")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21 * 6 and sum(p for _, p in outcomes) == 1
    unchanged(s, RollDice((1, 2)))
    s.apply(RollDice((1, 5, 2)))  # red's dice: 1, 5 (sorted to 5, 1); yellow: 2
    assert s.phase == "reorg_place" and s.current_player == RED
    assert s.legal_actions() == [PlaceDie("A2"), PlaceDie("A5")]
    s.apply(PlaceDie("A5"))
    assert s.die("A5") == (RED, 5) and s.die("A2") == (RED, 1) and s.die("A3") == (YELLOW, 2)
    assert s.phase == "play" and s.casinos()[0].boss == RED
    assert Reorganize("A2") not in s.legal_actions()
    unchanged(s, Reorganize("A3"))
    s.apply(EndTurn())
    assert s.rerolled == frozenset()


def test_reorganize_placement_owners_in_turn_order_then_ties() -> None:
    s = play_position(
        tiles={
            "A1": ("brown", RED, 2),
            "A2": ("brown", RED, 1),
            "A4": ("brown", BLUE, 6),
            "A5": ("brown", BLUE, 1),
        },
        turn=RED,
        seen=["A1", "A2"],
    )
    s.apply(Reorganize("A1"))
    s.apply(RollDice((4, 3, 6, 2)))
    # the values are grouped by owner in seat order: blue gets (4, 3), red gets (6, 2)
    assert s.placing[0][0] == RED and s.placing[0][1] == (6, 2)
    s.apply(PlaceDie("A2"))
    assert s.current_player == BLUE and s.die("A2") == (RED, 6) and s.die("A1") == (RED, 2)
    s.apply(PlaceDie("A4"))
    assert s.die("A4") == (BLUE, 4) and s.die("A5") == (BLUE, 3) and s.phase == "play"


def test_reorganize_needs_a_die_and_money() -> None:
    s = play_position(tiles={"A3": ("aqua", YELLOW, 5)}, turn=RED, money=[50, 50, 50, 50])
    unchanged(s, Reorganize("A3"))
    s = play_position(tiles={"A3": ("aqua", RED, 5)}, turn=RED, money=[50, 50, 4, 50])
    unchanged(s, Reorganize("A3"))


@pytest.mark.parametrize(
    ("total", "half", "gambler", "boss"),
    [
        (3, False, 4, -4),
        (2, False, 8, -8),
        (12, True, 8, -4),
        (7, False, -4, 4),
        (7, True, -4, 2),
        (9, True, 4, -2),
    ],
)
def test_gamble_payouts(total: int, half: bool, gambler: int, boss: int) -> None:
    s = play_position(tiles={"A1": ("brown", RED, 3), "A2": ("brown", RED, 2), "A3": ("brown", RED, 5)}, turn=YELLOW)
    s.apply(Gamble("A2", 4))
    assert s.phase == "layoff" and s.current_player == RED
    assert s.legal_actions() == [LayOff(False), LayOff(True)]
    s.apply(LayOff(half))
    assert s.current_player == YELLOW and len(s.chance_outcomes()) == 21
    s.apply(RollDice((total - min(total - 1, 6), min(total - 1, 6))))
    assert s.money(YELLOW) == 50 + gambler and s.money(RED) == 50 + boss


def test_gamble_limits_once_per_turn_and_boss_pays_what_they_have() -> None:
    s = play_position(tiles={"A3": ("aqua", RED, 5)}, turn=YELLOW, money=[50, 50, 3, 7])
    bets = [a for a in s.legal_actions() if isinstance(a, Gamble)]
    assert bets == [Gamble("A3", b) for b in range(1, 6)]  # $5 a tile, one tile
    unchanged(s, Gamble("A3", 6))
    s.apply(Gamble("A3", 5))
    s.apply(LayOff(False))
    s.apply(RollDice((1, 1)))  # double: $10 owed, Red holds $3
    assert s.money(RED) == 0 and s.money(YELLOW) == 10
    unchanged(s, Gamble("A3", 1))
    s = play_position(tiles={"A3": ("aqua", RED, 5)}, turn=RED)
    assert not [a for a in s.legal_actions() if isinstance(a, Gamble)]


def test_tie_after_an_action_is_re_rolled_until_one_die_is_highest() -> None:
    s = play_position(tiles={"A1": ("brown", BLUE, 5), "A3": ("gold", RED, 2)}, markers={"A2": RED}, turn=RED)
    s.apply(Build("A2", "brown"))  # red 2 under blue 5: no tie
    assert s.phase == "play"
    s = play_position(tiles={"A1": ("brown", BLUE, 2)}, markers={"A2": RED}, turn=RED)
    s.apply(Build("A2", "brown"))  # 2 and 2: tie
    assert s.phase == "tie_roll" and s.pending_dice == ("A1", "A2") and len(s.chance_outcomes()) == 36
    s.apply(RollDice((4, 4)))
    assert s.phase == "tie_roll"
    s.apply(RollDice((3, 6)))
    assert s.phase == "play" and s.casinos()[0].boss == RED


def test_no_tie_re_roll_for_one_players_dice_or_below_the_top() -> None:
    s = play_position(tiles={"A1": ("brown", RED, 4), "A4": ("brown", BLUE, 2)}, markers={"A2": RED}, turn=RED)
    s.apply(Build("A2", "brown"))
    assert s.phase == "play"
    s = play_position(tiles={"A1": ("brown", RED, 6), "A4": ("brown", BLUE, 2)}, markers={"A5": YELLOW}, turn=YELLOW)
    s.apply(Build("A5", "silver"))
    assert s.phase == "play"


def test_end_turn_passes_left_and_resets_the_turn() -> None:
    s = play_position(turn=YELLOW, gambled=True)
    s.apply(EndTurn())
    assert s.turn == BLUE and s.phase == "draw" and not s.gambled


def test_ninety_points_wins_at_once() -> None:
    tiles = {lot: ("gold", GREEN, None) for lot in ["C1", "C2", "C4", "C5", "C7", "C8", "C10", "C11", "C12"]}
    s = State.position(3, tiles=tiles, scores=[0, 81, 0], phase="draw", turn=BLUE, seen=[])
    s.apply(DrawCard("D8"))  # a gold card: the 9-tile gold casino pays Green 9 points, 81 -> 90
    assert s.is_over and s.winners == [GREEN] and s.score(GREEN) == 90


def test_winners_most_points_then_money_then_shared() -> None:
    for scores, money, win in (([10, 12], [0, 0], [1]), ([12, 12], [5, 3], [0]), ([12, 12], [4, 4], [0, 1])):
        s = State.position(2, scores=scores, money=money, phase="draw", draws_before_end=0)
        s.apply(DrawCard())
        assert s.winners == win


# --- the protocol ---


def test_malformed_actions_are_invalid() -> None:
    s = play_position(turn=RED)
    for bad in ("build gold", "gamble $0 at A2", "fly to the moon", 42):
        unchanged(s, bad, InvalidActionError)
    with pytest.raises(InvalidActionError):
        Build("Z9", "gold")
    with pytest.raises(InvalidActionError):
        Build("A1", "pink")
    with pytest.raises(InvalidActionError):
        RollDice((0, 7))


def test_actions_round_trip_through_text() -> None:
    actions = [
        DrawCard(),
        DrawCard("C12"),
        DrawCard(GAME_END),
        RollDice(),
        RollDice((6, 1, 3)),
        Build("A2", "gold"),
        Build("A2", "gold", "C11"),
        Sprawl("A5", "brown"),
        Sprawl("A5", "brown", "D3"),
        Remodel("C1", "aqua"),
        Reorganize("B4"),
        Gamble("E6", 17),
        LayOff(True),
        LayOff(False),
        PlaceDie("F9"),
        MoveDie("A1"),
        EndTurn(),
    ]
    for a in actions:
        assert parse_action(str(a)) == a
        assert eval(repr(a)) == a
    assert parse_action("  Build GOLD on A2 ") == Build("A2", "gold")


def test_chance_in_the_wrong_phase_is_illegal() -> None:
    s = play_position(turn=RED)
    unchanged(s, DrawCard())
    unchanged(s, RollDice())
    s = State.position(2, phase="draw")
    unchanged(s, RollDice((1, 2)))
    unchanged(s, EndTurn())


def test_undo_restores_everything_including_the_generator() -> None:
    s = new_game(3, seed=11)
    saved = []
    while not s.is_over and len(saved) < 120:
        saved.append(s.to_json())
        s.apply(s.legal_actions()[-1] if not s.is_chance else s.legal_actions()[0])
    first = s.to_json()
    for text in reversed(saved):
        s.undo()
        assert s.to_json() == text
    with pytest.raises(IllegalActionError):
        s.undo()
    while len(s.history) < len(saved):
        s.apply(s.legal_actions()[-1] if not s.is_chance else s.legal_actions()[0])
    assert s.to_json() == first


def test_json_round_trip_and_tampering() -> None:
    s = new_game(4, seed=5)
    for _ in range(60):
        s.apply(s.legal_actions()[0])
    back = State.from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.describe() == s.describe()
    assert back.copy().legal_actions() == s.legal_actions()
    for _ in range(5):  # the generator goes on identically
        back.apply(back.legal_actions()[0])
        s.apply(s.legal_actions()[0])
    assert back.to_json() == s.to_json()
    with pytest.raises(RecordError):
        State.from_json(s.to_json().replace("draw", "drew", 1))
    with pytest.raises(RecordError):
        State.from_json("{}")


def test_position_round_trips_and_rejects_impossible_positions() -> None:
    s = play_position(tiles={"A2": ("gold", RED, 2)}, markers={"A3": YELLOW}, turn=RED)
    assert State.from_json(s.to_json()).to_json() == s.to_json()
    bad_positions: list[dict[str, object]] = [
        {"players": 5},
        {"money": [-1, 0, 0, 0]},
        {"scores": [9, 0, 0, 0]},
        {"markers": {"A1": 4}},
        {"tiles": {"A1": ("pink", 0, 3)}},
        {"tiles": {"A1": ("gold", 0, 7)}},
        {"tiles": {"A1": ("gold", None, 3)}},
        {"markers": {"A1": 0}, "tiles": {"A1": ("gold", 0, 3)}},
        {"tiles": {"A1": ("gold", 0, 4), "A2": ("gold", 1, 4)}},
        {"tiles": {lot: ("gold", None, None) for lot in list(LOTS)[:10]}},
        {"markers": {"A1": 0}, "seen": []},
        {"phase": "dance"},
        {"draws_before_end": 99},
    ]
    for kw in bad_positions:
        players = kw.pop("players", 4)
        with pytest.raises(ConfigError):
            State.position(players, **kw)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        State.position(2, markers={"F1": 0})


def test_copy_is_independent() -> None:
    s = play_position(markers={"A2": RED}, turn=RED)
    twin = s.copy()
    twin.apply(Build("A2", "gold"))
    assert s.marker("A2") == RED and twin.marker("A2") is None


def test_forged_records_are_refused_even_with_a_fresh_checksum() -> None:
    s = play_position(markers={"A2": RED}, turn=RED)
    body = json.loads(s.to_json())["body"]
    for history in (["build gold on A3"], ["draw"], ["fly"]):
        with pytest.raises(RecordError):
            State.from_json(dump_record("lords-of-vegas", 1, {**body, "history": history}))
    for origin in ({"kind": "new", "players": 9}, {"kind": "position", "players": 4, "money": [-5]}, None):
        with pytest.raises(RecordError):
            State.from_json(dump_record("lords-of-vegas", 1, {**body, "origin": origin}))
    with pytest.raises(RecordError):
        State.from_json(dump_record("lords-of-vegas", 1, {**body, "rng": {"bit_generator": "nope"}}))
    with pytest.raises(RecordError):
        State.from_json(dump_record("liars-dice", 1, body))


def test_unchecked_play_is_fast_but_keeps_no_history() -> None:
    s = play_position(markers={"A2": RED}, turn=RED)
    checked = s.copy()
    checked.apply(Build("A2", "gold"))
    s.apply_unchecked(Build("A2", "gold"))
    assert s.die("A2") == checked.die("A2") and s.money(RED) == checked.money(RED)
    with pytest.raises(IllegalActionError):
        s.undo()
    with pytest.raises(IllegalActionError):
        s.to_json()


def test_the_game_end_card_is_not_dealt() -> None:
    s = new_game(2, seed=1)
    unchanged(s, DrawCard(GAME_END))
    assert [a for a, _ in s.chance_outcomes()] == [DrawCard(lot) for lot in LOTS]
