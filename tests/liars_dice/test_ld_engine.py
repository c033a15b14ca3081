"""Rules of the Liar's Dice engine: rounds, raises, challenges, show and re-roll, Die Hard, records."""

import json
from fractions import Fraction

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.liars_dice import (
    ALL_BIDS,
    STAR,
    Bid,
    Challenge,
    NoShow,
    Roll,
    Show,
    State,
    challenge_losses,
    count_matches,
    new_game,
)


def rolled(cups: list[tuple[int, ...]], *, opener: int = 0, counts: list[int] | None = None) -> State:
    """A state at the first bid of a round with the given cups (seat order)."""
    s = State.start(counts or [len(c) for c in cups], opener=opener, seed=0)
    while s.is_chance:
        s.apply(Roll(cups[s.current_player]))  # type: ignore[index]
    return s


def bid(s: State, *bids: Bid | str) -> None:
    """Play bids in turn, each bidder keeping their cup (no show) when they may show."""
    for b in bids:
        s.apply(b)
        if s.may_show is not None:
            s.apply(NoShow())


def test_new_game_shape() -> None:
    s = new_game(seed=1)
    assert s.players == 4 and s.dice_counts == (5, 5, 5, 5)
    assert s.is_chance and s.current_player == 0 and s.phase == "roll"
    assert s.legal_actions() == [Roll()]
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 252 and sum(p for _, p in outcomes) == 1
    assert outcomes[0][1] == Fraction(1, 6**5)
    for seat in (0, 1, 2, 3):
        assert s.current_player == seat
        s.apply(Roll())
    assert s.phase == "bid" and s.current_player == 0 and s.chance_outcomes() == []
    assert all(len(h) == 5 for h in s.hidden)


@pytest.mark.parametrize(("players", "dice"), [(1, 5), (5, 5), (4, 0), (4, 11), (True, 5), (2, 2.5)])
def test_bad_config(players: object, dice: object) -> None:
    with pytest.raises(ConfigError):
        new_game(players, dice=dice)  # type: ignore[arg-type]


def test_bad_start_positions() -> None:
    for counts, opener in (([1, 0, 0], 0), ([2, 2], 2), ([0, 3, 3], 0), ([-1, 3], 1)):
        with pytest.raises(ConfigError):
            State.start(counts, opener=opener)


def test_count_matches_stars_are_wild_for_numbers_only() -> None:
    dice = (1, 1, 5, 5, 2)
    assert count_matches(dice, 5) == 4
    assert count_matches(dice, 2) == 3
    assert count_matches(dice, STAR) == 2
    assert count_matches(dice, 6) == 2


def test_opening_bid_anywhere_and_legal_counts() -> None:
    s = rolled([(2, 3, 4, 5, 6), (2, 3, 4, 5, 6)])
    legal = s.legal_actions()
    assert len(legal) == 110 and Challenge() not in legal  # all bids, no challenge yet
    s.apply(Bid(4, 3))
    legal = s.legal_actions()  # the bidder's own decision first: keep the cup, or show
    assert s.current_player == 0 and s.may_show == 0 and s.phase == "show"
    assert legal[0] == NoShow() and all(isinstance(a, Show) for a in legal[1:])
    shows = legal[1:]
    assert len(shows) == 2**5 - 2  # five distinct faces: every proper non-empty subset
    assert shows[0] == Show((2,)) and len(shows[-1].faces) == 4
    s.apply(NoShow())
    legal = s.legal_actions()
    bids = [a for a in legal if isinstance(a, Bid)]
    assert bids == list(ALL_BIDS[Bid(4, 3).rank + 1:])
    assert Challenge() in legal and not any(isinstance(a, Show | NoShow) for a in legal)
    assert s.current_player == 1 and s.may_show is None


def test_show_options_are_sub_multisets() -> None:
    s = rolled([(5, 5, 5, 5, 5), (2, 2, 3, 3, 4)])
    s.apply(Bid(3, 5))
    assert [a for a in s.legal_actions() if isinstance(a, Show)] == [Show((5,) * k) for k in range(1, 5)]


@pytest.mark.parametrize(
    ("raise_to", "ok"),
    [(Bid(4, 4), True), (Bid(4, 6), True), (Bid(5, 2), True), (Bid(7, 3), True), (Bid(3, STAR), True),
     (Bid(4, 3), False), (Bid(4, 2), False), (Bid(3, 6), False), (Bid(2, STAR), False)],
)
def test_raise_rules(raise_to: Bid, ok: bool) -> None:
    s = rolled([(2, 3, 4, 5, 6)] * 3)
    bid(s, Bid(4, 3))
    before = s.to_json()
    if ok:
        s.apply(raise_to)
        assert s.last_bid == raise_to and s.bidder == 1
    else:
        with pytest.raises(IllegalActionError):
            s.apply(raise_to)
        assert s.to_json() == before


def test_rejected_actions_change_nothing() -> None:
    s = rolled([(1, 2, 3), (4, 5, 6)])
    before = s.to_json()
    for bad in (Challenge(), Roll(), Show((2,)), "gibberish", 42, Roll((1, 2, 3))):
        with pytest.raises((IllegalActionError, InvalidActionError)):
            s.apply(bad)  # type: ignore[arg-type]
        assert s.to_json() == before
    s.apply("two 3s")
    before = s.to_json()
    for bad in (Show((4,)), Show((1, 2, 3)), Show((1, 1)), Bid(1, 6), Roll(), Challenge(), Bid(6, 6)):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
        assert s.to_json() == before


def test_chance_roll_must_match_dice_held() -> None:
    s = new_game(2, dice=3, seed=5)
    with pytest.raises(IllegalActionError):
        s.apply(Roll((1, 2)))
    with pytest.raises(InvalidActionError):
        s.apply(Roll((1, 2, 7)))
    assert s.history == ()


def test_challenge_bidder_right_challenger_loses_difference() -> None:
    s = rolled([(5, 5, 1, 2, 3), (1, 5, 6, 6, 6)])
    bid(s, Bid(3, 5))  # actually 5 (three 5s, two stars)
    s.apply(Challenge())
    r = s.last_challenge
    assert r is not None and r.count == 5 and r.losses == (0, 2) and r.winner == 0
    assert s.dice_counts == (5, 3)
    assert s.is_chance and s.current_player == 0  # the winner opens the next round


def test_challenge_bidder_wrong_loses_difference_capped() -> None:
    s = rolled([(2,), (3, 3)])
    s.apply(Bid(4, 6))
    s.apply(Challenge())
    r = s.last_challenge
    assert r is not None and r.count == 0 and r.losses == (1, 0)  # four short, but only one die held
    assert s.is_over and s.winners == [1] and s.current_player is None
    assert s.legal_actions() == [] and s.chance_outcomes() == []
    with pytest.raises(IllegalActionError):
        s.apply(Roll())


def test_perfect_bid_and_die_hard() -> None:
    s = rolled([(5,), (5, 5, 2, 2), (1, 3, 3), (2, 4, 4)], opener=3)
    bid(s, Bid(4, 5))  # seat 3 bids; exactly four (5, 5, 5, ★)
    assert s.current_player == 0
    bid(s, Bid(5, 2), Bid(6, 2), Bid(7, 3))  # the last by seat 2
    s.apply(Challenge())  # seat 3 challenges seven 3s: 3, 3, ★ = 3
    assert s.last_challenge is not None and s.last_challenge.losses == (0, 0, 3, 0)  # 4 short, 3 held
    assert s.is_over is False and s.dice_counts == (1, 4, 0, 3)
    losses = challenge_losses(Bid(8, 5), 8, bidder=3, challenger=1, dice_counts=[1, 4, 3, 3])
    assert losses == (0, 1, 1, 0)  # seat 0 keeps its last die (Die Hard)
    losses = challenge_losses(Bid(8, 5), 8, bidder=3, challenger=0, dice_counts=[1, 4, 3, 3])
    assert losses == (1, 1, 1, 0)  # unless it is the challenger


def test_elimination_skips_seats() -> None:
    s = rolled([(2, 2), (3,), (4, 4)])
    bid(s, Bid(1, 3), Bid(5, 6))  # seat 1 bids five 6s with none in play
    s.apply(Challenge())  # seat 2 wins; seat 1 is out
    assert s.dice_counts == (2, 0, 2) and s.current_player == 2
    s.apply(Roll((5, 6)))
    s.apply(Roll((5, 6)))
    assert s.current_player == 2
    bid(s, Bid(1, 4))
    assert s.current_player == 0  # seat 1 is skipped


def test_show_and_reroll() -> None:
    s = rolled([(1, 4, 4, 6), (2, 2, 3, 3)])
    s.apply(Bid(2, 6))
    s.apply(Show((6, 1)))
    assert s.shown == ((1, 6), ()) and s.hidden[0] == ()
    assert s.is_chance and s.current_player == 0
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1  # two dice re-rolled
    s.apply(Roll((6, 6)))
    assert s.hidden[0] == (6, 6) and s.current_player == 1 and s.may_show is None
    assert not any(isinstance(a, Show) for a in s.legal_actions())
    bid(s, Bid(3, STAR))
    s.apply(Bid(6, 6))  # seat 0 may show again from its remaining hidden dice
    assert s.may_show == 0 and s.current_player == 0
    s.apply(NoShow())
    s.apply(Challenge())  # seat 1: 6, ★ shown + 6, 6 hidden = 4 < 6
    r = s.last_challenge
    assert r is not None and r.cups[0] == (1, 6, 6, 6) and r.count == 4 and r.losses == (2, 0)
    assert s.shown == ((), ())  # a new round: everything back in the cups


def test_no_show_closes_the_show_window() -> None:
    s = rolled([(2, 2), (3, 3)])
    s.apply(Bid(1, 2))
    assert s.may_show == 0 and s.current_player == 0
    with pytest.raises(IllegalActionError):
        s.apply(Bid(1, 3))  # the next player waits for the bidder's decision
    s.apply(NoShow())
    assert s.may_show is None and s.current_player == 1
    with pytest.raises(IllegalActionError):
        s.apply(Show((2,)))
    with pytest.raises(IllegalActionError):
        s.apply(NoShow())
    s.apply(Bid(1, 3))
    assert s.may_show == 1


def test_no_legal_action_of_another_player_reveals_a_hidden_cup() -> None:
    """Whatever the cups, the next player's actions (and everyone's view) are the same."""
    views = []
    for cup in ((2, 2, 5), (1, 3, 6), (4, 4, 4)):
        s = rolled([cup, (3, 3, 6)])
        s.apply(Bid(2, 2))
        s.apply(NoShow())
        views.append(([str(a) for a in s.legal_actions()], s.observation(1).to_dict()))
    assert views[0] == views[1] == views[2]


def test_one_hidden_die_cannot_show() -> None:
    s = rolled([(2,), (3, 3)])
    s.apply(Bid(1, 2))
    assert s.may_show is None
    assert not any(isinstance(a, Show) for a in s.legal_actions())


def test_observation_hides_other_cups() -> None:
    s = rolled([(2, 2, 4), (3, 5, 6)])
    s.apply(Bid(2, 2))
    s.apply(Show((4,)))
    s.apply(Roll((1, 1)))
    o = s.observation(1)
    assert o.own_hidden == (3, 5, 6) and o.shown == ((4,), ()) and o.dice_counts == (3, 3)
    assert o.bids == ((0, Bid(2, 2)),) and not o.may_show
    assert o.known == (3, 4, 5, 6) and o.unknown == 2
    assert s.observation(0).own_hidden == (1, 1)
    text = json.dumps(o.to_dict())
    assert "two 2s" in text
    with pytest.raises(InvalidActionError):
        s.observation(2)


def test_undo_restores_rolls_and_generator() -> None:
    s = new_game(2, dice=3, seed=11)
    s.apply(Roll())
    first = s.hidden[0]
    entry = s.undo()
    assert entry.asked == Roll() and entry.played == Roll(first)
    s.apply(Roll())
    assert s.hidden[0] == first
    with pytest.raises(IllegalActionError):
        new_game(2).undo()


def test_undo_a_challenge_reopens_the_round() -> None:
    s = rolled([(2, 2), (3, 3)], opener=1)
    bid(s, Bid(1, 5))
    before = s.to_json()
    s.apply(Challenge())
    assert s.undo().played == Challenge()
    assert s.to_json() == before and s.current_player == 0 and s.opener == 1


def test_copy_is_independent() -> None:
    s = new_game(3, seed=2)
    c = s.copy()
    c.apply(Roll())
    assert s.history == () and len(c.history) == 1
    s.apply(Roll())
    assert s.hidden == c.hidden  # same generator state at the branch


def test_json_round_trip_and_corruption() -> None:
    s = rolled([(1, 2, 3), (4, 5, 6)], opener=1)
    s.apply("one 5")
    s.apply("show 4")
    s.apply(Roll())
    text = s.to_json()
    t = State.from_json(text)
    assert t.to_json() == text and t.hidden == s.hidden and t.shown == s.shown
    t.apply(Challenge())
    s.apply(Challenge())
    assert t.to_json() == s.to_json()

    envelope = json.loads(text)
    with pytest.raises(RecordError):
        State.from_json(text.replace("one 5", "one 6"))  # checksum
    with pytest.raises(RecordError):
        State.from_json("{not json")

    from vegas_tutor.core.record import dump_record

    def forged(**changes: object) -> str:
        body = dict(envelope["body"], **changes)
        return dump_record("liars_dice", 1, body)

    for bad in (
        forged(actions=["roll 1 2 3", "roll 4 5 6", "one 5", "one 4"]),  # not a raise
        forged(actions=["roll 1 2 3 4"]),  # wrong number of dice
        forged(actions=["roll"]),  # roll without its result
        forged(actions=[7]),
        forged(dice_counts=[5]),
        forged(dice_counts="55"),
        forged(rng={"bit_generator": "nonsense"}),
        forged(extra=1),
    ):
        with pytest.raises(RecordError):
            State.from_json(bad)
    with pytest.raises(RecordError):
        State.from_json(dump_record("las_vegas", 1, envelope["body"]))


def test_every_engine_is_built_on_the_shared_base() -> None:
    from vegas_tutor import las_vegas, lords_of_vegas
    from vegas_tutor.core.state import GameStateBase

    for game in (new_game(2, seed=0), las_vegas.new_game(2, seed=0), lords_of_vegas.new_game(2, seed=0)):
        assert isinstance(game, GameStateBase)
        assert game.GAME_ID in {"liars_dice", "las_vegas", "lords_of_vegas"}
