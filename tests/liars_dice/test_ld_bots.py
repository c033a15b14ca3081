"""The Liar's Dice bots: legal, seeded, observation-only, and plausible at each level."""

import numpy as np
import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError
from vegas_tutor.liars_dice import ALL_BIDS, STAR, Bid, Challenge, NoShow, Roll, Show, State, new_game
from vegas_tutor.liars_dice.bots import LEVELS, choose_action, choose_from_observation
from vegas_tutor.liars_dice.scenarios import SCENARIOS


def position(counts: list[int], cups: list[tuple[int, ...]], plays: list[str], opener: int = 0) -> State:
    s = State.start(counts, opener=opener, seed=0)
    for cup in cups:
        s.apply(Roll(cup))
    for play in plays:
        if s.may_show is not None and not play.startswith(("show", "no show")):
            s.apply(NoShow())
        s.apply(play)
    return s


def test_levels() -> None:
    assert LEVELS == ("easy", "medium", "hard")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("players", "dice"), [(2, 5), (3, 2), (4, 3)])
def test_whole_games_are_legal_and_reproducible(level: str, players: int, dice: int) -> None:
    """A whole game with every seat at ``level``: each action is legal, and the same seed repeats it."""
    s = new_game(players, dice=dice, seed=players * 10 + dice)
    kinds = set()
    while not s.is_over:
        action = choose_action(s, level, seed=len(s.bids))
        assert action in s.legal_actions() or (s.is_chance and action == Roll())
        assert choose_action(s, level, seed=len(s.bids)) == action
        kinds.add(type(action).__name__)
        s.apply(action)
    assert {"Roll", "Bid", "Challenge"} <= kinds
    assert len(s.winners) == 1


@pytest.mark.parametrize("level", LEVELS)
def test_decides_from_its_observation_only(level: str) -> None:
    """Two states that differ only in the other players' hidden dice get the same choice."""
    plays = ["two 5s", "no show", "three 5s", "no show"]
    a = position([3, 3, 3], [(1, 5, 6), (2, 2, 4), (3, 5, 5)], plays)
    b = position([3, 3, 3], [(4, 4, 6), (1, 1, 3), (3, 5, 5)], plays)
    assert a.current_player == b.current_player == 2 and a.hidden != b.hidden
    assert a.observation(2) == b.observation(2)
    for seed in range(6):
        assert choose_action(a, level, seed=seed) == choose_action(b, level, seed=seed)
    a.apply(Bid(4, 5))
    b.apply(Bid(4, 5))  # the show decision too
    assert choose_action(a, level, seed=0) == choose_action(b, level, seed=0)


def test_observation_core_needs_the_player_to_act() -> None:
    s = position([2, 2], [(1, 5), (3, 5)], ["two 5s", "no show"])
    rng = np.random.default_rng(0)
    with pytest.raises(IllegalActionError):
        choose_from_observation(s.observation(0), "medium", rng)
    with pytest.raises(InvalidActionError):
        choose_from_observation("seat 1", "medium", rng)  # type: ignore[arg-type]
    assert choose_from_observation(s.observation(1), "hard", rng) in s.legal_actions()


def test_bad_input_changes_nothing() -> None:
    s = position([2, 2], [(1, 5), (3, 5)], ["two 5s"])
    before = (s.bids, s.hidden, s.phase)
    with pytest.raises(ConfigError):
        choose_action(s, "expert")
    with pytest.raises(ConfigError):
        choose_action("state", "easy")  # type: ignore[arg-type]
    assert (s.bids, s.hidden, s.phase) == before
    over = position([1, 1], [(2,), (3,)], ["two 2s", "challenge"])
    assert over.is_over
    with pytest.raises(IllegalActionError):
        choose_action(over, "hard")


@pytest.mark.parametrize("level", LEVELS)
def test_chance_is_a_bare_roll(level: str) -> None:
    assert choose_action(new_game(3, seed=2), level, seed=1) == Roll()


@pytest.mark.parametrize("level", LEVELS)
def test_an_impossible_bid_is_challenged(level: str) -> None:
    """Nine 4s with six dice in play, none of them 4s or stars in the challenger's cup."""
    s = position([3, 3], [(2, 3, 6), (2, 3, 5)], ["nine 4s", "no show"])
    assert choose_action(s, level, seed=0) == Challenge()


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_certain_bid_is_raised_not_challenged(level: str) -> None:
    s = position([3, 3], [(2, 3, 6), (1, 5, 5)], ["two 5s", "no show"])  # seat 1 sees three 5s
    for seed in range(5):
        action = choose_action(s, level, seed=seed)
        assert isinstance(action, Bid) and action > Bid(2, 5)


def test_easy_opens_on_its_favourite_face_without_silly_chains() -> None:
    s = position([5, 5], [(2, 4, 4, 6, 6), (1, 2, 3, 3, 5)], [])
    for seed in range(10):
        bid = choose_action(s, "easy", seed=seed)
        assert bid == Bid(2, 6)  # the two 6s it holds (plus one per six dice it cannot see)
    s.apply(Bid(3, 6))
    s.apply(NoShow())
    answers = {choose_action(s, "easy", seed=seed) for seed in range(10)}
    assert answers <= {Bid(4, 3), Challenge()}  # its 3s (and star), one step up, or a doubt


def test_easy_never_shows_medium_shows_its_matching_dice() -> None:
    s = position([5, 5], [(1, 4, 4, 2, 6), (2, 3, 3, 5, 5)], ["five 4s"])
    assert s.may_show == 0
    assert choose_action(s, "easy") == NoShow()
    assert choose_action(s, "medium") == Show((1, 4, 4))
    low = position([5, 5], [(1, 4, 4, 2, 6), (2, 3, 3, 5, 5)], ["two 4s"])  # already true from its own cup
    assert choose_action(low, "medium") == NoShow()


def test_hard_follows_the_rulebook_show() -> None:
    s = SCENARIOS["LD-SHOW"].steps[2].state
    assert choose_action(s, "hard") == Show((1, STAR + 5))


def test_top_of_the_track_forces_a_challenge() -> None:
    s = position([2, 2], [(2, 3), (1, 6)], [str(ALL_BIDS[-1])])
    s.apply(NoShow())
    for level in LEVELS:
        assert choose_action(s, level, seed=3) == Challenge()


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_hard_challenges_every_bid_that_cannot_be_true_one_die_each(die: int) -> None:
    """The equilibrium bench leaves these bids out of the best response to hard: hard must call them."""
    for plays in (["three 2s"], ["three stars"], ["one 3", "twenty 6s"], ["one star", "ten stars"]):
        s = position([1, 1], [(4,), (die,)] if len(plays) == 1 else [(die,), (4,)], plays[:-1])
        s.apply(plays[-1])
        seat = s.current_player
        assert seat is not None and s.hidden[seat] == (die,)
        assert choose_action(s, "hard", seed=die) == Challenge()


def test_hard_draws_the_solved_mix_one_die_each() -> None:
    """One die each, hard plays the shipped equilibrium: reproducible by seed, frequencies as the table says."""
    from vegas_tutor.liars_dice.endgame_table import one_die_strategy

    s = position([1, 1], [(5,), (3,)], [], opener=1)
    mix = one_die_strategy(s.observation(1))
    assert mix is not None
    draws = [choose_action(s, "hard", seed=seed) for seed in range(600)]
    assert draws[:50] == [choose_action(s, "hard", seed=seed) for seed in range(50)]
    assert set(draws) <= set(mix)
    for action, p in mix.items():
        assert abs(draws.count(action) / len(draws) - p) < 4 * (p * (1 - p) / len(draws)) ** 0.5 + 1e-9
    assert len(set(draws)) > 1  # the equilibrium mixes here (a bluff is part of it)


@pytest.mark.parametrize("cup", [(2, 3), (3, 5)])
def test_hard_is_not_steered_by_a_bluff_against_one_rival(cup: tuple[int, ...]) -> None:
    """Two dice each, an opening of two 6s: holding no 6 and no star, hard challenges it (read as the coach reads
    bids, it raised to three 6s, a bid it then lost; a bluffer won nearly every game that way)."""
    s = position([2, 2], [(2, 4), cup], ["two 6s"])
    s.apply(NoShow())
    assert choose_action(s, "hard") == Challenge()


def test_hard_reads_warily_only_a_last_rival_in_the_endgame(monkeypatch: pytest.MonkeyPatch) -> None:
    """One rival left (a seat out counts for nothing) and ENDGAME_DICE dice or fewer on the table: hard reads with
    ENDGAME_READING; with more dice, or two rivals or more, as the coach reads."""
    from vegas_tutor.liars_dice import bots, coach

    assert bots.ENDGAME_READING.sharpness < coach.MODEL.sharpness and bots.ENDGAME_DICE == 4
    calls: list[coach.Model] = []

    def spy(obs: object, model: coach.Model = coach.MODEL) -> Challenge:
        calls.append(model)
        return Challenge()

    monkeypatch.setattr(bots, "best_in_dice", spy)
    choose_action(position([2, 2, 2], [(2, 4), (3, 5), (6, 6)], ["two 6s"]), "hard")
    choose_action(position([0, 2, 2], [(3, 5), (6, 6)], ["two 6s"], opener=1), "hard")
    choose_action(position([0, 3, 2], [(3, 5, 5), (6, 6)], ["two 6s"], opener=1), "hard")
    choose_action(position([1, 2], [(3,), (6, 6)], ["two 6s"]), "hard")
    assert calls == [coach.MODEL, bots.ENDGAME_READING, coach.MODEL, bots.ENDGAME_READING]
