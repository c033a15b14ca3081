"""Exact bid odds against brute-force enumeration and seeded simulation; action odds against the engine."""

from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from exact_helpers import binomial, convolve, shift, tail_at_least

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.liars_dice import STAR, Bid, Challenge, NoShow, Roll, State, count_matches
from vegas_tutor.liars_dice.odds import ActionOdds, action_odds, bid_odds, odds_table


def enumerate_count(face: int, known: tuple[int, ...], unknown: int) -> dict[int, Fraction]:
    """Every ordered roll of the hidden dice, counted one by one."""
    tally: Counter[int] = Counter()
    for roll in product(range(1, 7), repeat=unknown):
        tally[count_matches(known + roll, face)] += 1
    total = 6**unknown
    return {c: Fraction(n, total) for c, n in sorted(tally.items())}


@pytest.mark.parametrize("unknown", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("known", [(), (1,), (5, 5), (1, 2, 6), (1, 1, 3, 4, 5)])
def test_against_enumeration(unknown: int, known: tuple[int, ...]) -> None:
    for face in range(1, 7):
        exact = enumerate_count(face, known, unknown)
        for q in range(1, len(known) + unknown + 2):
            o = bid_odds(q, face, known=known, unknown=unknown)
            assert o.at_least == sum((p for c, p in exact.items() if c >= q), Fraction(0))
            assert o.exactly == exact.get(q, 0)
            assert dict(o.distribution) == {c: p for c, p in exact.items() if p}


def test_against_core_binomial() -> None:
    for unknown in (0, 7, 15):
        for face, p in ((STAR, Fraction(1, 6)), (4, Fraction(1, 3))):
            known = (1, 4, 4, 6)
            dist = convolve({count_matches(known, face): Fraction(1)}, binomial(unknown, p))
            assert dict(bid_odds(3, face, known=known, unknown=unknown).distribution) == dist
            assert bid_odds(6, face, known=known, unknown=unknown).at_least == tail_at_least(dist, 6)
            assert shift(dist, 0) == dist


def test_against_seeded_simulation_large() -> None:
    rng = np.random.default_rng(20240601)
    known, unknown, n = (1, 5, 5, 2, 3), 15, 200_000
    rolls = rng.integers(1, 7, size=(n, unknown))
    for face, q in ((5, 8), (5, 10), (STAR, 4), (2, 6), (STAR, 6)):
        hits = (rolls == STAR) if face == STAR else (rolls == face) | (rolls == STAR)
        counts = hits.sum(axis=1) + count_matches(known, face)
        o = bid_odds(q, face, known=known, unknown=unknown)
        for exact, sample in ((o.at_least, (counts >= q).mean()), (o.exactly, (counts == q).mean())):
            p = float(exact)
            se = (p * (1 - p) / n) ** 0.5
            assert abs(sample - p) < 5 * se + 1e-9


def test_rulebook_flavoured_values() -> None:
    # You hold two 5s and nothing else is visible; three opponents hold one die each.
    assert bid_odds(5, 5, known=[5, 5], unknown=3).at_least == Fraction(1, 27)
    assert bid_odds(2, 5, known=[5, 5], unknown=3).at_least == 1
    assert bid_odds(1, STAR, known=[], unknown=1).at_least == Fraction(1, 6)
    assert bid_odds(1, 6, known=[], unknown=1).at_least == Fraction(1, 3)
    assert bid_odds(9, 6, known=[6], unknown=3).at_least == 0
    o = bid_odds(2, 3, known=[], unknown=2)
    assert sum(o.distribution.values()) == 1 and o.exactly == Fraction(1, 9)


def test_table_matches_single_calls() -> None:
    table = odds_table([1, 2, 5, 5, 6], 15)
    assert len(table) == 120
    assert table[(7, 5)] == bid_odds(7, 5, known=[1, 2, 5, 5, 6], unknown=15)


@pytest.mark.parametrize(
    "kwargs",
    [dict(quantity=0, face=5, known=[], unknown=3), dict(quantity=2, face=7, known=[], unknown=3),
     dict(quantity=2, face=5, known=[0], unknown=3), dict(quantity=2, face=5, known=[], unknown=-1),
     dict(quantity=2, face=5, known="55", unknown=1), dict(quantity=2.0, face=5, known=[], unknown=1),
     dict(quantity=2, face=5, known=[True], unknown=1)],
)
def test_bad_input(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidActionError):
        bid_odds(**kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------------ action odds, checked through the engine
def position(cups: list[tuple[int, ...]], bids: list[str], opener: int = 0) -> State:
    s = State.start([len(c) for c in cups], opener=opener, seed=0)
    while s.is_chance:
        s.apply(Roll(cups[s.current_player]))  # type: ignore[index]
    for i, b in enumerate(bids):
        s.apply(b)
        showing = i + 1 < len(bids) and bids[i + 1].startswith("show")
        if s.may_show is not None and not showing:
            s.apply(NoShow())  # the bidder keeps the cup
    return s


def brute_force(s: State, choice: ActionOdds) -> tuple[Fraction, tuple[Fraction, ...]]:
    """Deal every possible hidden cup to the others, play the choice (and the next player's challenge)."""
    me = choice.me
    others = [seat for seat in range(s.players) if seat != me and s.hidden[seat]]
    expected = [Fraction(0)] * s.players
    stands = Fraction(0)
    per_seat = [State.start([len(s.hidden[o]), 1], seed=0).chance_outcomes() for o in others]
    for combo in product(*per_seat):
        weight = Fraction(1)
        t = s.copy()
        hidden = list(t.hidden)
        for seat, (roll, p) in zip(others, combo, strict=True):
            hidden[seat] = roll.faces  # type: ignore[assignment]
            weight *= p
        t._d.hidden = tuple(hidden)  # deal the hidden truth
        if isinstance(choice.action, Bid):
            t.apply(choice.action)
            if t.may_show is not None:
                t.apply(NoShow())
        assert t.current_player == choice.challenger
        t.apply(Challenge())
        result = t.last_challenge
        assert result is not None
        stands += weight * (result.count >= result.bid.quantity)
        for seat, lost in enumerate(result.losses):
            expected[seat] += weight * lost
    return stands, tuple(expected)


@pytest.mark.parametrize(
    ("cups", "bids", "opener", "viewer"),
    [
        ([(1, 5), (2, 5), (3, 3, 6)], ["one 5"], 0, 1),
        ([(5,), (1, 2, 2), (4, 6)], ["two 2s", "two stars"], 1, 0),  # viewer holds one die: Die Hard
        ([(2, 2), (6,), (1,)], ["two 2s"], 0, 1),  # two players on one die
        ([(3, 3, 4), (5, 6)], ["two 3s", "show 3 3", "roll 4", "two 4s"], 0, 0),  # with shown dice
    ],
)
def test_action_odds_against_the_engine(
    cups: list[tuple[int, ...]], bids: list[str], opener: int, viewer: int
) -> None:
    s = position(cups, bids, opener)
    assert s.current_player == viewer
    choices = action_odds(s.observation(viewer))
    assert isinstance(choices[0].action, Challenge)
    sample = [choices[0], *choices[1:6], choices[-1]]
    for choice in sample:
        stands, expected = brute_force(s, choice)
        assert choice.stands == stands
        assert choice.expected_loss == expected
        assert choice.by_me == expected[viewer]
        assert choice.by_bidder == expected[choice.bidder]
        assert set(choice.by_others) == set(range(s.players)) - {viewer, choice.bidder}


def test_action_odds_only_on_my_turn() -> None:
    s = position([(1, 5), (2, 5)], ["one 5"])
    assert action_odds(s.observation(0)) == ()
    assert len(action_odds(s.observation(1))) == 1 + len([a for a in s.legal_actions() if isinstance(a, Bid)])
    opening = position([(1, 5), (2, 5)], [])
    assert not any(isinstance(c.action, Challenge) for c in action_odds(opening.observation(0)))
    with pytest.raises(InvalidActionError):
        action_odds(s)  # type: ignore[arg-type]


def test_perfect_bid_die_hard_in_expectation() -> None:
    # Seat 0 holds one die and is neither bidder nor challenger: it can never lose on a perfect bid.
    s2 = position([(5,), (1, 2, 2), (4, 6)], ["two 2s"], opener=1)
    challenge = action_odds(s2.observation(2))[0]
    assert challenge.expected_loss[0] == 0
