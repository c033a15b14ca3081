"""Property tests over random games: supplies and money stay within the rules, undo and saving are exact,
and an illegal action changes nothing."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_tutor.core.errors import IllegalActionError, VegasTutorError
from vegas_tutor.lords_of_vegas import (
    COLOURS,
    DICE_PER_PLAYER,
    LOT_IDS,
    MARKERS_PER_PLAYER,
    SCORE_TRACK,
    Action,
    Build,
    DrawCard,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    Offer,
    PlaceDie,
    Remodel,
    Reorganize,
    RollDice,
    Sprawl,
    State,
    Trade,
    new_game,
)
from vegas_tutor.lords_of_vegas.board import TILES_PER_COLOUR
from vegas_tutor.lords_of_vegas.casinos import build_casino, groups


def check_invariants(s: State) -> None:
    for seat in range(s.players):
        assert s.money(seat) >= 0
        assert s.score(seat) in SCORE_TRACK
        assert 0 <= s.dice_left(seat) <= DICE_PER_PLAYER
        assert 0 <= s.markers_left(seat) <= MARKERS_PER_PLAYER
    for colour in COLOURS:
        assert 0 <= s.tiles_left(colour) <= TILES_PER_COLOUR
    assert len(s.deck_cards()) + len(s.seen_cards()) == 49
    assert len(set(s.deck_cards()) | set(s.seen_cards())) == 49
    for lot in LOT_IDS:
        assert not (s.marker(lot) is not None and s.tile(lot) is not None)
        assert s.die(lot) is None or s.tile(lot) is not None
        if s.players == 2 and lot.startswith("F"):
            assert s.owner(lot) is None and s.tile(lot) is None
    if s.phase == "play":
        assert all(not c.tied_top() for c in s.casinos())
    tiles = {lot: colour for lot in LOT_IDS if (colour := s.tile(lot)) is not None}
    owners = {lot: die[0] for lot in LOT_IDS if (die := s.die(lot)) is not None}
    values = {lot: die[1] for lot in LOT_IDS if (die := s.die(lot)) is not None}
    fresh = [build_casino(g, tiles[g[0]], owners, values) for g in groups(tiles)]
    assert s.casinos() == fresh  # the cached view is the board's


def random_candidate(rng: random.Random, s: State) -> Action:
    """An action of any kind with random parameters: mostly illegal."""
    lot = rng.choice(LOT_IDS)
    colour = rng.choice(COLOURS)
    mover = rng.choice([None, rng.choice(LOT_IDS)])
    return rng.choice(
        [
            Build(lot, colour, mover),
            Sprawl(lot, colour, mover),
            Remodel(lot, colour),
            Reorganize(lot),
            Gamble(lot, rng.randint(1, 40)),
            LayOff(rng.random() < 0.5),
            PlaceDie(lot),
            MoveDie(lot),
            EndTurn(),
            DrawCard(rng.choice([lot, "END"])),
            RollDice(tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 4)))),
        ]
    )


def canonical(s: State, action: Action) -> Action:
    """Actions may name a casino by any of its lots; the legal list names it by its first lot."""
    if isinstance(action, Remodel | Reorganize | Gamble):
        casino = s.casino_at(action.lot)
        if casino is not None:
            if isinstance(action, Remodel):
                return Remodel(casino.key, action.colour)
            if isinstance(action, Reorganize):
                return Reorganize(casino.key)
            return Gamble(casino.key, action.bet)
    return action


def random_trade(rng: random.Random, s: State) -> Trade:
    a, b = rng.sample(range(s.players), 2)

    def offer(seat: int) -> Offer:
        mine = [lot for lot in LOT_IDS if s.marker(lot) == seat]
        dice = [lot for lot in LOT_IDS if (s.die(lot) or (None,))[0] == seat]
        return Offer(
            rng.randint(0, s.money(seat) + 1),
            tuple(rng.sample(mine, min(len(mine), rng.randint(0, 1)))),
            tuple(rng.sample(dice, min(len(dice), rng.randint(0, 1)))),
        )

    return Trade(a, b, offer(a), Offer(1) if rng.random() < 0.3 else offer(b))


def play_checked_game(seed: int, players: int) -> State:
    rng = random.Random(seed)
    s = new_game(players, seed=seed)
    steps = 0
    while not s.is_over:
        steps += 1
        legal = s.legal_actions()
        assert legal and (s.is_chance == bool(s.chance_outcomes()))
        if s.is_chance:
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
        candidate = canonical(s, random_candidate(rng, s))
        allowed = candidate in legal or (s.is_chance and candidate in {a for a, _ in s.chance_outcomes()})
        if not allowed and not (s.phase in ("reorg_roll", "tie_roll", "start_roll", "gamble_roll")
                                and isinstance(candidate, RollDice)):  # fmt: skip
            before = s.to_json()
            try:
                s.apply(candidate)
            except VegasTutorError:
                assert s.to_json() == before
            else:
                raise AssertionError(f"{candidate} was applied but is not legal in {s.describe()}")
        if s.phase == "play" and rng.random() < 0.05:
            trade = random_trade(rng, s)
            before = s.to_json()
            try:
                s.propose_trade(trade)
            except IllegalActionError:
                assert s.to_json() == before
            else:
                s.accept_trade(trade.second)
                check_invariants(s)
                if rng.random() < 0.5:
                    assert s.undo().played == trade and s.to_json() == before
            legal = s.legal_actions()
        action = rng.choice(legal) if not (s.phase == "play" and rng.random() < 0.3) else EndTurn()
        if rng.random() < 0.1:
            before = s.to_json()
            s.apply(action)
            s.undo()
            assert s.to_json() == before
        s.apply(action)
        check_invariants(s)
        if steps % 97 == 0:
            assert State.from_json(s.to_json()).to_json() == s.to_json()
    assert s.winners and s.current_player is None and s.legal_actions() == []
    return s


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_random_games_keep_the_rules(seed: int, players: int) -> None:
    s = play_checked_game(seed, players)
    again = State.from_json(s.to_json())
    assert again.to_json() == s.to_json() and again.winners == s.winners


def test_same_seed_same_game() -> None:
    def bare_game(seed: int) -> str:
        s = new_game(3, seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[0] if s.is_chance else legal[-1])
        return s.to_json()

    assert bare_game(5) == bare_game(5) and bare_game(5) != bare_game(6)


def test_rich_random_games_reach_the_supply_limits() -> None:
    """Players with plenty of money build and sprawl until dice, markers and tiles run out: the rules hold."""
    seen: set[str] = set()
    for seed in (3, 7, 9):
        rng = random.Random(seed)
        players = 2 + seed % 3
        s = State.position(players, money=[400] * players, phase="draw", seen=[], seed=seed)
        for _ in range(1500):
            if s.is_over:
                break
            legal = s.legal_actions()
            seen.add(s.phase)
            building = [a for a in legal if isinstance(a, Build | Sprawl)]
            action = rng.choice(building) if building and rng.random() < 0.8 else rng.choice(legal)
            if isinstance(action, Build | Sprawl) and action.move_from is not None:
                seen.add("move a die to build")
            s.apply(action)
            check_invariants(s)
        if any(s.score(p) == 90 for p in range(players)):
            seen.add("90 points")
    assert {"draw_move", "move a die to build", "tie_roll", "reorg_place", "layoff", "90 points"} <= seen
