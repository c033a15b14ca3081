"""The Liar's Dice coach: values against exact enumeration of the hidden cups, properties, rulebook positions."""

import math
from functools import cache
from itertools import product
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from level_draws import level_mix

from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.i18n import percent
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
    coach,
    count_matches,
    new_game,
)
from vegas_tutor.liars_dice.bots import choose_action
from vegas_tutor.liars_dice.coach import LEVEL_MODELS, MODEL, Model, Table, best_option, evaluate, review
from vegas_tutor.liars_dice.observation import Observation
from vegas_tutor.liars_dice.odds import bid_odds
from vegas_tutor.liars_dice.scenarios import SCENARIOS
from vegas_tutor.liars_dice.win_chance import win_chances

N = len(ALL_BIDS)


# --------------------------------------------------------------------------- the model, written again
@cache
def view_truths(cup: tuple[int, ...], shown: tuple[int, ...], unknown: int) -> tuple[float, ...]:
    """P(each bid true) for a viewer holding ``cup`` (exact odds, then floats)."""
    known = list(cup) + list(shown)
    return tuple(float(bid_odds(b.quantity, b.face, known=known, unknown=unknown).at_least) for b in ALL_BIDS)


READ_BY: dict[int, str] = {}
"""The level each seat is read at (empty: every rival by ``MODEL``); the ``reading`` fixture fills it."""


def model_of(seat: int) -> Model:
    return LEVEL_MODELS[READ_BY[seat]] if seat in READ_BY else MODEL


def doubt(truths: tuple[float, ...], rank: int, m: Model) -> float:
    """The odds-minded part: a steep logistic of the bid's chance around the threshold, held back by the best
    chance among the bids above it (the top bid: sure)."""
    if rank == N - 1:
        return 1.0
    return 1 / (1 + math.exp(-m.doubt * (m.threshold - truths[rank]) + m.held_back * max(truths[rank + 1:])))


def p_challenge(truths: tuple[float, ...], rank: int, m: Model) -> float:
    return (1 - m.noise) * doubt(truths, rank, m) + m.noise / (N - rank)


def p_raise(truths: tuple[float, ...], prev: int, rank: int, m: Model) -> float:
    weight = [math.exp(m.sharpness * t - m.lean_low * r) for r, t in enumerate(truths)]
    smart = weight[rank] / sum(weight[prev + 1:])
    if prev >= 0:
        smart *= 1 - doubt(truths, prev, m)
    return (1 - m.noise) * smart + m.noise / (N if prev < 0 else N - prev)


@cache
def bot_mix(level: str, obs: Observation) -> dict[object, float]:
    """The easy or medium bot's move as probabilities: its own code run on both branches of its one random draw."""
    return level_mix(obs, level)


def p_move(state: State, seat: int, cup: tuple[int, ...], bids: tuple[tuple[int, Bid], ...], move: object,
           shown: tuple[tuple[int, ...], ...] | None = None) -> float:
    """P(``seat`` holding ``cup`` answers ``bids`` (the round so far) with ``move``, a challenge or a bid, as the
    coach reads it: an easy or medium seat (``READ_BY``) by that bot's own code, any other by its model; ``shown``:
    the dice shown (default the state's)."""
    shown = state.shown if shown is None else shown
    level = READ_BY.get(seat)
    if level in ("easy", "medium"):
        obs = Observation(seat, state.dice_counts, tuple(sorted(cup)), shown, bids, "bid", seat, False, None, ())
        return bot_mix(str(level), obs).get(move, 0.0)
    flat = tuple(d for c in shown for d in c)
    truths = view_truths(tuple(sorted(cup)), flat, sum(state.dice_counts) - len(cup) - len(flat))
    prev = bids[-1][1].rank if bids else -1
    if isinstance(move, Challenge):
        return p_challenge(truths, prev, model_of(seat))
    assert isinstance(move, Bid)
    return p_raise(truths, prev, move.rank, model_of(seat))


def net(losses: tuple[int, ...], me: int, counts: tuple[int, ...]) -> float:
    rivals = [s for s, c in enumerate(counts) if c > 0 and s != me]
    return losses[me] - sum(losses[s] for s in rivals) / len(rivals)


def chance_lost(losses: tuple[int, ...], me: int, counts: tuple[int, ...]) -> float:
    """The same round's end on the chance scale: my chance of winning before it, less after it."""
    return win_chances(counts)[me] - win_chances(tuple(c - lost for c, lost in zip(counts, losses, strict=True)))[me]


@pytest.fixture(params=["alike", "by level"])
def reading(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each enumeration with every rival read alike, then each by its level (seats 0, 1, 2 at easy, medium and
    hard: the coach is told; the brute force reads the easy and medium seats by those bots' own code, run on
    every cup, and the hard seat by its level's model)."""
    if request.param == "by level":
        monkeypatch.setitem(globals(), "READ_BY", {0: "easy", 1: "medium", 2: "hard"})
    return str(request.param)


@pytest.fixture(params=["dice", "chance"])
def scale(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, reading: str) -> str:
    """Each enumeration twice: the values in dice, then in chance of winning (the brute force's ``net`` is
    swapped for :func:`chance_lost`); each of those with the rivals read alike, then by level (``reading``)."""
    if request.param == "chance":
        monkeypatch.setitem(globals(), "net", chance_lost)
    return str(request.param)


def values_of(state: State, seat: int, scale: str, goes_on: bool = False) -> dict[object, float]:
    """Each choice's value on ``scale`` (the chance scale: my chance of winning lost, as the brute force counts);
    ``goes_on``: the round going on past the next player counted (``round_goes_on``)."""
    options = evaluate(state.observation(seat), chances=scale == "chance", levels=READ_BY or None,
                       round_goes_on=goes_on)
    if scale == "dice":
        return {o.action: o.value for o in options}
    now = win_chances(state.dice_counts)[seat]
    return {o.action: now - (o.win_chance or 0.0) for o in options}


def deals(state: State, me: int) -> list[tuple[tuple[tuple[int, ...], ...], float]]:
    """Every ordering of the rivals' hidden dice, weighted by how likely each makes their bids (:func:`p_move`)."""
    counts = state.dice_counts
    rivals = [s for s in range(state.players) if s != me and counts[s] > 0]
    sizes = [counts[s] - len(state.shown[s]) for s in rivals]
    out = []
    for faces in product(range(1, 7), repeat=sum(sizes)):
        cups = list(state.hidden)
        at = 0
        for s, n in zip(rivals, sizes, strict=True):
            cups[s] = tuple(sorted(faces[at:at + n]))
            at += n
        weight = 1.0
        for i, (seat, bid) in enumerate(state.bids):
            if seat != me and not state.shown[seat]:
                weight *= p_move(state, seat, cups[seat], state.bids[:i], bid)
        out.append((tuple(cups), weight))
    total = sum(w for _, w in out)
    return [(c, w / total) for c, w in out]


def full_cups(state: State, cups: tuple[tuple[int, ...], ...]) -> list[int]:
    return [d for s, cup in enumerate(cups) for d in cup + state.shown[s]]


def brute_challenge(state: State) -> float:
    me, counts = state.current_player, state.dice_counts
    assert me is not None and state.last_bid is not None and state.bidder is not None
    bid, value = state.last_bid, 0.0
    for cups, p in deals(state, me):
        count = count_matches(full_cups(state, cups), bid.face)
        losses = challenge_losses(bid, count, bidder=state.bidder, challenger=me, dice_counts=counts)
        value += p * net(losses, me, counts)
    return value


def carried(state: State, me: int) -> float:
    """Three players: the round going on past the next player, one die lost by me and by each rival in the
    shares of ``coach.CARRY_DICE``."""
    counts = state.dice_counts
    mine, each = coach.CARRY_DICE
    value = mine * net(tuple(int(s == me) for s in range(len(counts))), me, counts)
    for rival in (s for s, c in enumerate(counts) if c > 0 and s != me):
        value += each * net(tuple(int(s == rival) for s in range(len(counts))), me, counts)
    return value


def brute_raise(state: State, bid: Bid, dealt: list[tuple[tuple[tuple[int, ...], ...], float]],
                goes_on: bool = False) -> float:
    """One step deep: the next player challenges by the model, else the round goes on (worth 0, or with
    ``goes_on`` :func:`carried`)."""
    me, counts = state.current_player, state.dice_counts
    assert me is not None
    nxt = next((me + i) % state.players for i in range(1, state.players) if counts[(me + i) % state.players])
    value = 0.0
    for cups, p in dealt:
        count = count_matches(full_cups(state, cups), bid.face)
        losses = challenge_losses(bid, count, bidder=me, challenger=nxt, dice_counts=counts)
        challenged = p_move(state, nxt, cups[nxt], (*state.bids, (me, bid)), Challenge())
        going_on = carried(state, me) if goes_on else 0.0
        value += p * challenged * net(losses, me, counts) + p * (1 - challenged) * going_on
    return value


def position(counts: list[int], cups: list[tuple[int, ...]], plays: list[str], opener: int = 0) -> State:
    s = State.start(counts, opener=opener, seed=0)
    for cup in cups:
        s.apply(Roll(cup))
    for play in plays:
        if s.may_show is not None and not play.startswith("show"):
            s.apply(NoShow())
        s.apply(play)
    if s.may_show is not None:
        s.apply(NoShow())
    return s


# --------------------------------------------------------------------------- values against enumeration
THREE = [
    ([1, 2, 2], [(4,), (3, 4), (4, 6)], ["one 4", "two 4s"]),
    ([2, 1, 2], [(2, 5), (5,), (1, 3)], ["one 5", "one 6"]),
    ([1, 2, 2], [(6,), (1, 1), (2, 6)], ["one 6", "one star"]),
]
"""Three-player positions; the bids are ones the easy seat (0) and the medium seat (1) make with some cup."""


@pytest.mark.parametrize("goes_on", [False, True], ids=["round ends", "round goes on"])
@pytest.mark.parametrize(("counts", "cups", "plays"), THREE)
def test_three_players_against_enumeration(counts: list[int], cups: list[tuple[int, ...]], plays: list[str],
                                           scale: str, goes_on: bool) -> None:
    s = position(counts, cups, plays)
    values = values_of(s, 2, scale, goes_on)
    assert values[Challenge()] == pytest.approx(brute_challenge(s), abs=1e-9)
    last = s.last_bid
    assert last is not None
    dealt = deals(s, 2)
    for bid in ALL_BIDS[last.rank + 1:]:
        assert values[bid] == pytest.approx(brute_raise(s, bid, dealt, goes_on), abs=1e-9), bid
    assert len(values) == N - last.rank  # every raise and the challenge


def test_opening_against_enumeration(scale: str) -> None:
    s = position([1, 2, 2], [(3,), (2, 2), (1, 5)], [])
    values = values_of(s, 0, scale)
    assert Challenge() not in values and len(values) == N
    dealt = deals(s, 0)
    for bid in (Bid(1, 2), Bid(2, 2), Bid(3, 5), Bid(2, STAR), Bid(5, 6)):
        assert values[bid] == pytest.approx(brute_raise(s, bid, dealt), abs=1e-9)


def brute_two_deep(state: State, bid: Bid) -> float:
    """Two players, two deep: my bid, the rival's answer, then my best answer (one deep) to a counter-raise."""
    me = state.current_player
    assert me is not None
    counts, rival = state.dice_counts, 1 - me
    mine = (*state.bids, (me, bid))
    value = 0.0
    replies: dict[int, list[tuple[float, tuple[tuple[int, ...], ...]]]] = {}
    for cups, p in deals(state, me):
        count = count_matches(full_cups(state, cups), bid.face)
        losses = challenge_losses(bid, count, bidder=me, challenger=rival, dice_counts=counts)
        value += p * p_move(state, rival, cups[rival], mine, Challenge()) * net(losses, me, counts)
        for reply in range(bid.rank + 1, N):
            replies.setdefault(reply, []).append((p * p_move(state, rival, cups[rival], mine, ALL_BIDS[reply]), cups))
    for reply, weighted in replies.items():
        answer = ALL_BIDS[reply]
        call = 0.0
        raises = [0.0] * N
        for p, cups in weighted:
            full = full_cups(state, cups)
            losses = challenge_losses(answer, count_matches(full, answer.face), bidder=rival, challenger=me,
                                      dice_counts=counts)
            call += p * net(losses, me, counts)
            for again in range(reply + 1, N):
                b = ALL_BIDS[again]
                lost = challenge_losses(b, count_matches(full, b.face), bidder=me, challenger=rival,
                                        dice_counts=counts)
                doubted = p_move(state, rival, cups[rival], (*mine, (rival, answer), (me, b)), Challenge())
                raises[again] += p * doubted * net(lost, me, counts)
        value += min([call, *raises[reply + 1:]])
    return value


def test_two_players_two_deep_against_enumeration(monkeypatch: pytest.MonkeyPatch, scale: str) -> None:
    monkeypatch.setattr(coach, "TOP_REPLIES", N)  # every counter-raise answered exactly
    s = position([2, 3], [(1, 5, 5), (3, 5)], ["one 2"], opener=1)  # the medium seat's opening
    values = values_of(s, 0, scale)
    for bid in (ALL_BIDS[-1], ALL_BIDS[-2], Bid(19, 4), Bid(18, 5), Bid(9, STAR)):
        assert values[bid] == pytest.approx(brute_two_deep(s, bid), abs=1e-9), bid
    assert values[Challenge()] == pytest.approx(brute_challenge(s), abs=1e-9)


@pytest.mark.parametrize("model", [MODEL, LEVEL_MODELS["hard"]], ids=["coach's model", "hard's fitted model"])
def test_a_model_rivals_replies_by_products_match_its_replies_pattern_by_pattern(model: Model) -> None:
    """Two players of 5 dice: the replies of a rival read by a model, summed over its count patterns by matrix
    products, are those of its answers weighed pattern by pattern (the bots' sparse answers take that way)."""
    s = position([5, 5], [(1, 2, 4, 4, 6), (2, 3, 3, 5, 6)], ["two 4s", "three 3s"])
    table = Table(s.observation(0), model)
    rival = table.rivals[1]
    assert rival.exact is None
    step = table.raise_matrix()
    call = np.random.default_rng(3).random((len(rival.weights), N))
    for lo in (s.bids[-1][1].rank + 1, 40, N - 3, N - 2):
        faced = np.arange(lo, min(lo + 8, N - 1))
        by_products = coach._model_replies(rival, faced, call, step)
        by_patterns = coach._dense_replies(rival, faced, call, step)
        above = np.arange(lo + 1, N)[None, :] > faced[:, None]
        assert np.array_equal(by_products[3], by_patterns[3])  # the same likeliest replies
        for got, expected in zip(by_products[1:3], by_patterns[1:3], strict=True):
            np.testing.assert_allclose(got[above], expected[above], rtol=1e-12, atol=1e-15)
        likely = above[np.arange(len(faced))[:, None], by_products[3]]  # (replies not above are never read)
        np.testing.assert_allclose(by_products[4][likely], by_patterns[4][likely], rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("goes_on", [False, True], ids=["round ends", "round goes on"])
def test_show_values_against_enumeration(scale: str, goes_on: bool) -> None:
    """After my bid (3 players, one deep): each show valued over the re-roll and the rivals' cups."""
    s = State.start([2, 1, 3], seed=0)
    for cup in [(2, 6), (3,), (1, 4, 6)]:
        s.apply(Roll(cup))
    for play in ("two 4s", "no show", "two 6s", "four 6s"):
        s.apply(play)
    me, counts, bid = 2, s.dice_counts, Bid(4, 6)
    values = values_of(s, me, scale, goes_on)
    assert set(values) == {NoShow(), *(a for a in s.legal_actions() if isinstance(a, Show))}
    dealt = deals(s, me)
    for option in values:
        put = option.faces if isinstance(option, Show) else ()
        rerolls = list(product(range(1, 7), repeat=3 - len(put))) if put else [()]
        expected = 0.0
        for cups, p in dealt:
            for again in rerolls:
                mine = put + tuple(again) if put else s.hidden[me]
                full = [d for seat in (0, 1) for d in cups[seat]] + list(mine)
                losses = challenge_losses(bid, count_matches(full, 6), bidder=me, challenger=0, dice_counts=counts)
                challenged = p_move(s, 0, cups[0], s.bids, Challenge(), shown=((), (), put))
                expected += p / len(rerolls) * (challenged * net(losses, me, counts)
                                                + (1 - challenged) * (carried(s, me) if goes_on else 0))
        assert values[option] == pytest.approx(expected, abs=1e-9), option


# --------------------------------------------------------------------------- properties
def _random_position(seed: int, players: int, dice: int, steps: int) -> State:
    s = new_game(players, dice=dice, seed=seed)
    k = 0
    while not s.is_over and (s.is_chance or k < steps):
        if not s.is_chance:
            k += 1
        s.apply(choose_action(s, "medium", seed=seed + k))
    return s


def test_the_best_alone_skips_most_raises_of_a_full_cup(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players of 5 dice: most raises are not weighed two deep (the shortcut is taken), the best is exact."""
    obs = position([5, 5], [(1, 2, 4, 4, 6), (2, 3, 3, 5, 6)], ["two 4s"]).observation(1)
    weighed: list[int] = []
    replies = coach._model_replies
    monkeypatch.setattr(coach, "_model_replies", lambda *args: weighed.append(len(args[1])) or replies(*args))
    full = Table(obs).values()
    assert sum(weighed) == len(full) - 2  # every raise but the top bid (and the challenge)
    weighed.clear()
    short = Table(obs).values(best_only=True)
    assert 0 < sum(weighed) < len(full) // 4
    pick = min(full, key=lambda a: round(full[a], 9))
    assert min(short, key=lambda a: round(short[a], 9)) == pick
    assert short[pick] == pytest.approx(full[pick], abs=1e-12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(1, 5), st.integers(0, 6),
       st.sampled_from([MODEL, LEVEL_MODELS["hard"], LEVEL_MODELS["medium"]]))
def test_the_best_alone_is_the_best_of_every_value(seed: int, dice: int, steps: int, model: Model) -> None:
    """The hard bot's shortcut (``values(best_only=True)``: raises that cannot be the lowest get a floor) picks
    the choice the full values pick, with its exact value, and never values a choice above its value."""
    s = _random_position(seed, 2, dice, steps)
    if s.is_over or s.phase != "bid":
        return
    obs = s.observation(s.current_player)
    full, short = Table(obs, model).values(), Table(obs, model).values(best_only=True)
    assert list(full) == list(short)
    pick = min(full, key=lambda a: round(full[a], 9))
    assert min(short, key=lambda a: round(short[a], 9)) == pick
    assert short[pick] == pytest.approx(full[pick], abs=1e-12)
    assert all(short[a] <= full[a] + 1e-12 for a in full)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(1, 4), st.integers(0, 6), st.data())
def test_loss_is_never_negative_and_the_best_loses_nothing(seed: int, players: int, dice: int, steps: int,
                                                           data: st.DataObject) -> None:
    s = _random_position(seed, players, dice, steps)
    if s.is_over:
        return
    legal = s.legal_actions()
    action = data.draw(st.sampled_from(legal))
    r = review(s, action)
    assert r.loss >= 0 and r.action == action
    assert {o.action for o in r.alternatives} == set(legal)
    assert review(s, r.best).loss == 0
    mine, best = r.option(action), r.option(r.best)
    assert mine.win_chance is not None and best.win_chance is not None
    assert r.loss == pytest.approx(max(0.0, best.win_chance - mine.win_chance))
    assert best.win_chance == max(o.win_chance or 0.0 for o in r.alternatives)
    assert r.dice_loss == pytest.approx(mine.value - best.value)
    assert r.verdict in ("good", "inaccuracy", "mistake")
    assert r.explanation.startswith("Best: ") and r.explanation.endswith(".")
    assert r.explanation.count(". ") <= 1  # one or two sentences


def test_uses_only_the_players_observation() -> None:
    a = position([3, 3], [(2, 4, 4), (1, 1, 5)], ["two 4s"])
    b = position([3, 3], [(3, 6, 6), (1, 1, 5)], ["two 4s"])  # only the bidder's hidden cup differs
    ra, rb = review(a, "three 4s"), review(b, "three 4s")
    assert ra == rb


# --------------------------------------------------------------------------- rulebook positions
@pytest.mark.parametrize("sid", ["LD-CHALLENGE-1", "LD-CHALLENGE-2", "LD-CHALLENGE-3"])
def test_rulebook_challenges(sid: str) -> None:
    """You face a bid far above what your cup and a fair table make likely: the coach challenges."""
    s = SCENARIOS[sid].steps[1].state.copy()
    s.apply(NoShow())
    assert s.current_player == 0
    r = review(s, "challenge")
    assert r.best == Challenge() and r.loss == 0
    assert "true about" in r.explanation and "challenging" in r.explanation
    assert choose_action(s, "hard") == Challenge()


def test_rulebook_show() -> None:
    """LD-SHOW: after eleven 6s with a 6, a star and two 4s, show the 6 and the star and re-roll the 4s."""
    s = SCENARIOS["LD-SHOW"].steps[2].state
    assert s.may_show == 0 and s.hidden[0] == (1, 4, 4, 6)
    r = review(s, NoShow())
    assert r.best == Show((1, 6)) and r.loss > 0
    assert "more believable" in r.explanation
    assert choose_action(s, "hard") == Show((1, 6))


def test_certain_bid_is_not_challenged() -> None:
    s = position([3, 3], [(2, 3, 4), (1, 5, 5)], ["two 5s"])  # seat 1 holds three 5s (a star counts)
    r = review(s, "challenge")
    assert r.best != Challenge() and r.loss > 0.5


def test_errors_change_nothing() -> None:
    s = position([2, 2], [(1, 5), (3, 5)], ["two 5s"])
    before = s.copy()
    with pytest.raises(IllegalActionError):
        review(s, Bid(1, 2))  # not a raise
    with pytest.raises(InvalidActionError):
        review(s, "shout")
    with pytest.raises(InvalidActionError):
        review("state", "challenge")  # type: ignore[arg-type]
    chance = new_game(2, dice=2, seed=1)
    with pytest.raises(IllegalActionError):
        review(chance, Roll())
    with pytest.raises(IllegalActionError):
        Table(s.observation(0))  # not seat 0's turn
    assert s.hidden == before.hidden and s.bids == before.bids and s.current_player == before.current_player


def test_best_option_prefers_the_lowest_value() -> None:
    s = position([2, 2], [(1, 5), (3, 5)], ["two 5s"])
    options = evaluate(s.observation(1))
    assert best_option(options).value == min(o.value for o in options)


@pytest.mark.parametrize("sid", ["LD-CHALLENGE-1", "LD-CHALLENGE-2", "LD-CHALLENGE-3"])
def test_a_raise_over_an_unlikely_bid_says_why_from_the_chances(sid: str) -> None:
    s = SCENARIOS[sid].steps[1].state.copy()
    s.apply(NoShow())
    raise_ = next(a for a in s.legal_actions() if isinstance(a, Bid))  # the lowest raise
    r = review(s, raise_)
    assert r.best == Challenge() and r.loss > 0
    assert r.option(Challenge()).true_chance < 0.5
    assert ("your bid is more likely false than true" in r.explanation
            or "the bid before yours is more likely false than true" in r.explanation), r.explanation
    assert r.explanation.count(". ") <= 1


def test_challenging_a_likely_bid_says_the_challenge_is_likely_to_cost_dice() -> None:
    s = position([3, 3], [(2, 4, 4), (1, 1, 5)], ["two 4s"])  # the cup to act holds two stars: two 4s already
    r = review(s, "challenge")
    assert r.option(Challenge()).true_chance > 0.5 and r.best != Challenge()
    assert "the bid you challenge is more likely true than false" in r.explanation


@pytest.mark.parametrize("levels", [{}, {0: "hard"}], ids=["alike", "a hard rival"])
def test_how_likely_the_next_player_challenges_each_raise_against_enumeration(
        monkeypatch: pytest.MonkeyPatch, levels: dict[int, str]) -> None:
    """The next player read alike, then as hard by its level's model (its challenge held back by its best raise)."""
    monkeypatch.setitem(globals(), "READ_BY", levels)
    s = position([1, 2, 2], [(4,), (3, 4), (4, 6)], ["one 4", "two 4s"])
    options = {o.action: o for o in evaluate(s.observation(2), levels=levels or None)}
    for bid in (Bid(3, 4), Bid(3, 6), Bid(2, STAR), Bid(5, 2)):
        expected = sum(p * p_move(s, 0, cups[0], (*s.bids, (2, bid)), Challenge()) for cups, p in deals(s, 2))
        assert options[bid].challenged == pytest.approx(expected, abs=1e-9), bid
    assert options[Challenge()].challenged is None


def test_a_show_missed_is_explained_by_the_challenge_it_would_have_spared() -> None:
    s = position([2, 2, 2], [(2, 4), (2, 3), (5, 6)], ["three 4s"])
    s.undo()  # back to the show window after the bid
    r = review(s, NoShow())
    kept, shown = r.option(NoShow()), r.option(Show((4,)))
    assert r.best == Show((4,)) and kept.challenged is not None and shown.challenged is not None
    assert kept.challenged > shown.challenged + 0.05
    assert (f"with the dice shown, the next player would challenge your bid about {percent(shown.challenged)} of "
            f"the time instead of {percent(kept.challenged)}") in r.explanation
    assert r.explanation.count(". ") <= 1


def test_a_huge_bid_shown_or_not_is_explained_by_the_dice() -> None:
    """LD-SHOW: eleven 6s is challenged almost surely either way, so the reason is the dice each choice costs."""
    r = review(SCENARIOS["LD-SHOW"].steps[2].state, NoShow())
    assert abs(r.option(NoShow()).challenged - r.option(r.best).challenged) < 0.05
    assert "on average the round leaves you" in r.explanation and "dice behind the average rival" in r.explanation


def test_every_choice_short_of_the_best_says_why() -> None:
    """Positions from seeded games: each choice that is not the coach's gets a reason after a colon."""
    for seed in range(12):
        s = _random_position(seed, 2 + seed % 3, 3, 2 + seed % 4)
        if s.is_over or s.current_player is None:
            continue
        for action in s.legal_actions()[:8]:
            r = review(s, action)
            if r.action != r.best:
                assert ": " in r.explanation.split(" Yours, ", 1)[1], r.explanation


def test_the_details_give_the_chances_the_verdict_rests_on() -> None:
    s = position([2, 2], [(5, 5), (2, 3)], ["four 5s"])  # seat 1 holds no 5: four 5s cannot be true
    r = review(s, "four 6s")
    assert r.best == Challenge() and r.option(Challenge()).win_chance == pytest.approx(1.0)
    yours = percent(r.option(Bid(4, 6)).win_chance, 1)
    assert "is 50.0%; after this round" in r.details and f"100.0% with its choice and {yours} with yours" in r.details
    assert "with this choice" in review(s, "challenge").details


# --------------------------------------------------------------------------- the check of a decision far behind
def test_a_deal_replaces_only_the_cups_named_and_bad_cups_change_nothing() -> None:
    s = position([3, 2], [(2, 4, 4), (1, 5)], ["two 4s"])
    world = s.dealt({1: (6, 3)}, seed=4)
    assert world.hidden == ((2, 4, 4), (3, 6)) and s.hidden == ((2, 4, 4), (1, 5))
    assert (world.bids, world.shown, world.current_player) == (s.bids, s.shown, s.current_player)
    with pytest.raises(IllegalActionError):
        world.to_json()  # a deal is no game's record
    for bad in ({1: (6,)}, {1: (0, 3)}, {1: (7, 3)}, {2: (1, 1)}, {1: ("6", 3)}):
        with pytest.raises(InvalidActionError):
            s.dealt(bad)  # type: ignore[dict-item]
    assert s.hidden == ((2, 4, 4), (1, 5)) and State.from_json(s.to_json()).hidden == s.hidden


def test_deals_draw_each_rivals_cup_as_the_coach_reads_it() -> None:
    s = position([2, 2, 2], [(2, 4), (2, 3), (5, 6)], ["three 4s", "four 4s"])  # seat 2 to act
    obs = s.observation(2)
    table = Table(obs, MODEL, levels={0: "easy", 1: "medium"})
    drawn = coach.deals(obs, table, 4000, seed=11)
    assert all(set(d) == {0, 1} and all(len(c) == 2 for c in d.values()) for d in drawn)
    for seat, rival in table.rivals.items():
        cups = coach.cups(2)
        share = {cup: sum(1 for d in drawn if d[seat] == cup) / len(drawn) for cup in set(cups)}
        for row, cup in enumerate(cups):
            assert share[cup] == pytest.approx(rival.weights[row], abs=0.03), (seat, cup)


def test_a_decision_far_behind_is_checked_on_rounds_played_out_from_it_and_the_best() -> None:
    s = position([2, 2], [(5, 5), (2, 3)], ["three 5s"])  # seat 1 to act; holding no 5, it challenges
    options = evaluate(s.observation(1), chances=True, round_goes_on=coach.ROUND_GOES_ON)
    best = coach.best_chance(options)
    r = review(s, "four 6s")
    assert r.best == best.action == Challenge() and r.dealt == coach.RECHECK_DEALS
    reading = best.win_chance - next(o for o in options if o.action == Bid(4, 6)).win_chance  # type: ignore[operator]
    assert reading >= coach.RECHECK
    # the check by hand: the same deals, the round played out from each choice with the same dice
    obs = s.observation(1)
    seed = coach.check_seed(obs, Bid(4, 6))
    diffs = []
    for k, cups in enumerate(coach.deals(obs, Table(obs, MODEL), coach.RECHECK_DEALS, seed)):
        assert s.dealt(cups).hidden[1] == (2, 3)  # its own cup is never dealt again
        bots = (seed + 7919 * k) % (1 << 31)
        lost = [coach.round_lost(s.dealt(cups, seed=seed + k), a, 1, None, bots) for a in (Challenge(), Bid(4, 6))]
        diffs.append(lost[1] - lost[0])
    expected = coach.READING * reading + (1 - coach.READING) * sum(diffs) / len(diffs)
    assert r.loss == pytest.approx(max(0.0, expected))
    assert r.option(Bid(4, 6)).win_chance == pytest.approx(best.win_chance - r.loss)  # type: ignore[operator]
    untouched = {o.action: o for o in options}
    assert all(o == untouched[o.action] for o in r.alternatives if o.action != Bid(4, 6))
    assert f"on {coach.RECHECK_DEALS} deals of the rivals' cups" in r.details
    assert f"counts those rounds for {percent(1 - coach.READING)}" in r.details
    assert r.loss != pytest.approx(reading)  # the rounds played out moved the verdict's figure
    assert review(s, "four 6s") == r  # seeded by the position: the same verdict every time


def test_a_decision_near_the_best_and_the_best_itself_are_not_checked() -> None:
    s = position([3, 3], [(2, 4, 4), (1, 5, 6)], ["two 4s"])
    options = evaluate(s.observation(1), chances=True, round_goes_on=coach.ROUND_GOES_ON)
    best = coach.best_chance(options)
    near = [o for o in options if 0 < best.win_chance - o.win_chance < coach.RECHECK]  # type: ignore[operator]
    assert near
    for o in [best, *near[:2]]:
        r = review(s, o.action)
        assert r.dealt == 0 and "deals of the rivals' cups" not in r.details
        assert r.loss == pytest.approx(max(0.0, best.win_chance - o.win_chance))  # type: ignore[operator]


def test_a_checked_choice_never_has_less_than_no_chance_of_winning(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position([2, 2, 2, 2], [(5, 5), (2, 3), (4, 4), (6, 6)], ["three 5s"])  # the best: about 20%
    # the rounds played out lose the whole game from the checked choice, nothing from the best: its loss would be
    # more than the best's chance of winning
    monkeypatch.setattr(coach, "round_lost", lambda world, action, seat, levels, seed: float(action == Bid(4, 6)))
    monkeypatch.setattr(coach, "_READINGS", {})  # (a tie-break played on these rounds is not kept for other tests)
    r = review(s, "four 6s")
    best = r.option(r.best)
    assert r.dealt == coach.RECHECK_DEALS and best.win_chance is not None and best.win_chance < 1 - coach.READING
    assert r.option(Bid(4, 6)).win_chance == 0.0 and r.loss == pytest.approx(best.win_chance)


def test_a_check_past_its_deadline_plays_one_deal() -> None:
    s = position([2, 2], [(5, 5), (2, 3)], ["three 5s"])
    options = evaluate(s.observation(1), chances=True, round_goes_on=coach.ROUND_GOES_ON)
    after, dealt = coach.rechecked(s, options, Bid(4, 6), deadline=0.0)
    assert dealt == 1 and len(after) == len(options)


# --------------------------------------------------------------------------- choices alike at the top
def test_choices_the_reading_rates_alike_at_the_top_are_played_out_to_pick_the_best() -> None:
    s = State.start([2, 1, 2], opener=0, seed=0)
    for cup in [(2, 4), (3,), (5, 5)]:
        s.apply(Roll(cup))
    s.apply("one 4")  # seat 0 may show now: one 4 is safe, the next player lets the round go on whatever it shows
    levels = {1: "medium", 2: "hard"}
    options = evaluate(s.observation(0), chances=True, levels=levels, round_goes_on=coach.ROUND_GOES_ON)
    first = coach.best_chance(options)
    tied = [o for o in options if o.win_chance == pytest.approx(first.win_chance, abs=1e-9)]
    assert len(tied) >= 2 and first.action == NoShow()
    r = review(s, first.action, levels=levels)
    # by hand: the first TIE_OPTIONS of them, in best_chance's order, played out on the same deals and dice
    played = sorted(tied, key=lambda o: (round(o.value, 9), options.index(o)))[:coach.TIE_OPTIONS]
    obs = s.observation(0)
    seed = coach.check_seed(obs, first.action)
    lost = [0.0] * len(played)
    for k, cups in enumerate(coach.deals(obs, Table(obs, MODEL, levels=levels), coach.TIE_DEALS, seed)):
        bots = (seed + 7919 * k) % (1 << 31)
        for i, o in enumerate(played):
            lost[i] += coach.round_lost(s.dealt(cups, seed=seed + k), o.action, 0, levels, bots)
    assert r.best == played[lost.index(min(lost))].action != first.action  # the play-outs pick another
    assert (r.tied, r.tie_deals) == (len(played), coach.TIE_DEALS)
    assert r.loss == 0.0 and r.verdict == "good"  # the reading's first gives up nothing against it
    assert r.explanation.endswith("Yours, keeping your cup hidden, gives up nothing: this count rates the two alike.")
    assert r.alternatives == options  # every choice keeps its chance
    assert f"This reading rated {len(played)} choices alike at the top" in r.details
    assert f"on {coach.TIE_DEALS} deals of the rivals' cups" in r.details
    assert review(s, first.action, levels=levels) == r  # seeded by the position: the same best every time
    assert review(s, r.best, levels=levels).best == r.best
    assert coach.tie_break(s, options, levels, deadline=0.0)[1:] == (len(played), 1)  # past its deadline: one deal


def test_a_position_reviewed_again_reuses_its_reading_unless_its_tie_break_was_cut_short(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = State.start([2, 1, 2], opener=0, seed=0)
    for cup in [(2, 4), (3,), (5, 5)]:
        s.apply(Roll(cup))
    s.apply("one 4")  # the position above: choices alike at the top
    levels = {1: "medium", 2: "hard"}
    played: list[int] = []
    real = coach.tie_break

    def counted(*args: Any, **kwargs: Any) -> Any:
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(coach, "tie_break", counted)
    coach._READINGS.clear()
    cut = review(s, NoShow(), levels=levels, budget=0.0)
    assert cut.tie_deals == 1 and len(played) == 1
    full = review(s, NoShow(), levels=levels)  # the cut-short reading was not kept: played again, in full
    assert full.tie_deals == coach.TIE_DEALS and len(played) == 2
    again = review(s, full.best, levels=levels)  # as the hint's second review: nothing played out again
    assert len(played) == 2 and again.best == full.best and again.alternatives == full.alternatives
    assert (again.tied, again.tie_deals) == (full.tied, full.tie_deals)
    review(s, NoShow(), levels={1: "easy", 2: "hard"})  # other levels: another reading
    assert len(played) == 3
    monkeypatch.setattr(coach, "READINGS_KEPT", 4)
    for face in (1, 3, 4, 5, 6):  # five other positions: only the latest readings are kept
        other = State.start([2, 1, 2], opener=0, seed=0)
        for cup in [(face, 4), (3,), (5, 5)]:
            other.apply(Roll(cup))
        other.apply("one 4")
        review(other, NoShow(), levels=levels)
    assert len(coach._READINGS) == 4 and len(played) == 8
    review(s, NoShow(), levels=levels)  # the first reading is gone
    assert len(played) == 9


def test_the_hard_choice_is_kept_by_observation_and_by_the_settings_that_change_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = position([2, 3], [(1, 5, 5), (3, 5)], ["one 2"], opener=1)  # two players: the reading looks two deep
    obs = s.observation(0)

    def fresh() -> Any:
        values = Table(obs).values()
        return min(values, key=lambda a: round(values[a], 9))

    coach._best_in_dice.cache_clear()
    first = coach.best_in_dice(obs)
    assert first == fresh() and coach.best_in_dice(obs) == first
    assert coach._best_in_dice.cache_info()[:2] == (1, 1)  # (hits, misses): the second came from the cache
    monkeypatch.setattr(coach, "TWO_DEEP", False)  # another reading: read again, not taken from the cache
    assert coach.best_in_dice(obs) == fresh() and coach._best_in_dice.cache_info()[:2] == (1, 2)
    monkeypatch.setattr(coach, "TOP_REPLIES", 3)
    assert coach.best_in_dice(obs) == fresh() and coach._best_in_dice.cache_info()[:2] == (1, 3)


def test_without_the_tie_break_the_loss_is_the_same_and_the_reading_s_first_is_named_best() -> None:
    s = State.start([2, 1, 2], opener=0, seed=0)
    for cup in [(2, 4), (3,), (5, 5)]:
        s.apply(Roll(cup))
    s.apply("one 4")  # the position above: choices alike at the top
    levels = {1: "medium", 2: "hard"}
    options = evaluate(s.observation(0), chances=True, levels=levels, round_goes_on=coach.ROUND_GOES_ON)
    first = coach.best_chance(options)
    for o in options:
        full = review(s, o.action, levels=levels)
        light = review(s, o.action, levels=levels, tie_break_on=False)
        assert light.best == first.action and (light.tied, light.tie_deals) == (0, 0)
        if not full.dealt:  # not checked: the same loss, whichever choice alike is named best
            assert light.loss == pytest.approx(full.loss, abs=1e-9) and light.verdict == full.verdict
    assert full.best != first.action  # (the tie-break names another here)


def test_a_single_best_is_not_played_out() -> None:
    s = position([2, 2], [(5, 5), (2, 3)], ["three 5s"])
    options = evaluate(s.observation(1), chances=True, round_goes_on=coach.ROUND_GOES_ON)
    assert coach.tie_break(s, options) == (coach.best_chance(options), 0, 0)
    r = review(s, "challenge")
    assert (r.tied, r.tie_deals) == (0, 0) and "alike at the top" not in r.details
