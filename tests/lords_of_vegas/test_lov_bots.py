"""Lords of Vegas bots: legal, seeded and reproducible choices at every level; the compiled value against the
coach's exact one; the stored reorganize odds against odds.settle_odds and a seeded simulation; medium
beating easy; trade opinions."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.lords_of_vegas import DrawCard, Offer, RollDice, State, Trade, bots, new_game, search, selfplay
from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas.bots import LEVELS, choose_action, propose_trade, trade_opinion
from vegas_tutor.lords_of_vegas.coach import holdings, outcome, value
from vegas_tutor.lords_of_vegas.odds import settle_odds
from vegas_tutor.lords_of_vegas.reorg_table import TABLE, splits
from vegas_tutor.lords_of_vegas.rules import Data


def _midgame(seed: int, level: str = "medium", decisions: int = 12) -> State:
    """A game played by ``level`` bots until ``decisions`` real decisions were taken."""
    state = new_game(4, seed=seed)
    k = 0
    while not state.is_over:
        if not state.is_chance and len(state.legal_actions()) > 1:
            if k == decisions:
                return state
            k += 1
        state.apply(choose_action(state, level, seed=seed + k))
    raise AssertionError("the game ended first")


def test_levels_and_bad_input() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    state = new_game(3, seed=1)
    with pytest.raises(ConfigError):
        choose_action(state, "expert")
    with pytest.raises(ConfigError):
        choose_action("not a state", "easy")  # type: ignore[arg-type]
    assert choose_action(state, "hard") == DrawCard()


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_whole_games_legal_and_reproducible(level: str) -> None:
    for seed in (3, 4):
        state = new_game(4, seed=seed)
        played = []
        while not state.is_over:
            action = choose_action(state, level, seed=len(played))
            assert action == choose_action(state, level, seed=len(played))
            if not state.is_chance:
                assert action in state.legal_actions()
            else:
                assert action in (DrawCard(), RollDice())
            state.apply(action)
            played.append(action)
        assert state.winners
    with pytest.raises(IllegalActionError):
        choose_action(state, level)


def test_hard_is_legal_reproducible_and_leaves_the_state() -> None:
    state = _midgame(7)
    before = state.describe()
    first = choose_action(state, "hard", seed=11, budget=math.inf)
    assert first == choose_action(state, "hard", seed=11, budget=math.inf)
    assert first in state.legal_actions()
    assert state.describe() == before


def test_medium_plays_the_coach_value() -> None:
    """The compiled value (bots) and the coach's exact value agree, and medium's build/end choice follows it."""
    for seed in (21, 22, 23):
        state = _midgame(seed, decisions=8)
        d = state.data()
        seat = state.current_player
        assert seat is not None
        s = c.encode(d)
        out = np.zeros(4)
        bc.standing(s, bc.PARAMS, out, np.empty(c.N, np.int64), np.empty((c.N, 8), np.int64))
        points, money = holdings(d)
        rate = bc.rate(s, bc.PARAMS)
        for q in range(4):
            assert out[q] == pytest.approx(float(points[q] + money[q] * rate), abs=1e-9)
        rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
        n = c.legal(s, rows)
        gains = np.zeros(n)
        bc.gains(s, rows, n, bc.PARAMS, bc.REORG_TABLE, 4, True, gains)
        base = value(d, *holdings(d), seat)
        for i in range(n):
            action = c.action_of(rows[i])
            exact = value(d, *outcome(state, action), seat) - base
            after = c.encode(d)
            c.play(after, *(int(v) for v in rows[i]))
            if after[c.PHASE] != c.TIE_ROLL:  # (a tie re-roll is sampled by the bots, exact for the coach)
                assert gains[i] == pytest.approx(exact, abs=1e-6), action


@pytest.mark.parametrize("counts", [k for n in range(1, 6) for k in splits(n)])
def test_reorg_table_is_settle_odds(counts: tuple[int, ...]) -> None:
    exact = settle_odds([], [i for i, k in enumerate(counts) for _ in range(k)])
    boss, pips = TABLE[counts]
    assert boss == pytest.approx([float(exact.boss[i]) for i in range(len(counts))], abs=1e-11)
    assert pips == pytest.approx([float(exact.pips[i]) for i in range(len(counts))], abs=1e-11)


def test_reorg_table_large_splits_by_simulation() -> None:
    """The 6- to 9-die rows (too slow to recompute in a test) against 20,000 simulated reorganizes each."""
    rng = np.random.default_rng(5)
    for counts in [(4, 2), (3, 2, 1), (5, 3, 1), (3, 2, 2, 2), (9,), (4, 2, 2, 1)]:
        owners = np.array([i for i, k in enumerate(counts) for _ in range(k)])
        wins = np.zeros(len(counts))
        pips = np.zeros(len(counts))
        for _ in range(20_000):
            values = rng.integers(1, 7, size=len(owners))
            while True:
                top = values.max()
                tied = values == top
                if len(set(owners[tied])) == 1:
                    break
                values[tied] = rng.integers(1, 7, size=int(tied.sum()))
            wins[owners[values.argmax()]] += 1
            np.add.at(pips, owners, values)
        boss, expected = TABLE[counts]
        assert wins / 20_000 == pytest.approx(boss, abs=0.015)
        assert pips / 20_000 == pytest.approx(expected, abs=0.1)


def test_compiled_levels_medium_beats_easy() -> None:
    start = c.encode(Data(players=4, money=[0] * 4, score=[0] * 4))
    levels = np.array([bc.MEDIUM, bc.EASY, bc.EASY, bc.EASY], np.int64)
    _, _, won, _ = bc.games(100, start, levels, 1, bc.PARAMS, bc.REORG_TABLE)
    share = (won[:, 0] / won.sum(axis=1)).mean()
    assert share > 0.6


def test_trade_opinion_and_proposal() -> None:
    state = State.position(
        4, tiles={"A2": ("gold", 0, 5), "A3": ("gold", 1, 3)}, markers={"A1": 1, "A5": 2},
        money=[30, 10, 40, 40], seed=1,
    )
    gift = Trade(1, 0, Offer(money=0, lots=("A1",)), Offer(money=9))
    accept, reason = trade_opinion(state, gift, 1)
    assert isinstance(accept, bool) and reason.startswith(("Yes", "No"))
    robbed = Trade(0, 1, Offer(money=20), Offer(money=1))
    assert trade_opinion(state, robbed, 0)[0] is False
    assert trade_opinion(state, robbed, 1)[0] is True
    with pytest.raises(ConfigError):
        trade_opinion(state, robbed, 3)
    with pytest.raises(IllegalActionError):
        trade_opinion(state, Trade(0, 1, Offer(money=99), Offer(money=1)), 0)
    proposal = propose_trade(state, 0)
    if proposal is not None:
        assert trade_opinion(state, proposal, proposal.first)[0]
        assert trade_opinion(state, proposal, proposal.second)[0]
        state.copy().propose_trade(proposal)


def test_simulate_with_bot_policies() -> None:
    from vegas_tutor.core.dice import make_rng
    from vegas_tutor.lords_of_vegas.simulate import playout, playouts, simulate_games

    games = simulate_games(50, policy="medium", seed=2)
    again = simulate_games(50, policy="medium", seed=2)
    assert (games.score == again.score).all() and (games.money == again.money).all()
    assert games.score.max(axis=1).mean() > simulate_games(50, policy="easy", seed=2).score.max(axis=1).mean()
    state = _midgame(41, decisions=5)
    assert playouts(state.data(), 5, policy="easy", seed=1).score.shape == (5, 4)
    assert playout(state.data(), make_rng(1), "medium").phase == "over"


# --- the hard level's thinking budget ----------------------------------------------------------------------

ASKED = (28, 35, 42, 56, 63, 70)
"""Steps of the game below (seed 5, medium plays) at which hard is asked."""


def _asked_positions() -> list[tuple[int, State]]:
    state = new_game(4, seed=5)
    asked = []
    for step in range(1, max(ASKED) + 1):
        if step in ASKED:
            assert not state.is_chance and len(state.legal_actions()) > 2
            asked.append((step, state.copy()))
        state.apply(choose_action(state, "medium" if not state.is_chance else "easy", seed=step))
    return asked


def test_hard_with_time_enough_plays_the_whole_search_in_slices_as_in_one_go() -> None:
    """The anytime loop (one shared playout per slice) against the compiled search done at once."""
    for step, state in _asked_positions():
        s = c.encode(state.data())
        rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
        n = c.legal(s, rows)
        at_once = selfplay.hard_pick(s, rows, n, step, bots.HARD_CANDIDATES, bots.HARD_PLAYOUTS, bots.HARD_ROUNDS,
                                   bc.PARAMS, bc.REORG_TABLE, search.LEAF, search.MEDIUM_SEATS)  # fmt: skip
        assert choose_action(state, "hard", seed=step, budget=math.inf) == c.action_of(rows[at_once])
        assert choose_action(state, "hard", seed=step, budget=60.0) == c.action_of(rows[at_once])


def test_hard_plays_out_the_rivals_the_table_knows_by_their_level() -> None:
    # Told that a rival plays easy or random, hard's playouts play it so; the searcher, a hard rival and a person
    # stay medium, so being told every seat is medium changes nothing.
    assert search.playout_levels(4, 0).tolist() == [bc.MEDIUM] * 4
    told = search.playout_levels(4, 1, ["easy", "hard", None, "random"]).tolist()
    assert told == [bc.EASY, bc.MEDIUM, bc.MEDIUM, bc.RANDOM]
    state = _midgame(3)
    seat = state.current_player
    assert seat is not None and not state.is_chance
    everyone_medium = ["medium"] * 4
    assert choose_action(state, "hard", seed=4, budget=math.inf, seats=everyone_medium) == \
        choose_action(state, "hard", seed=4, budget=math.inf)
    easy = ["easy" if q != seat else None for q in range(4)]
    action = choose_action(state, "hard", seed=4, budget=math.inf, seats=easy)
    assert action == choose_action(state, "hard", seed=4, budget=math.inf, seats=easy)
    assert action in state.legal_actions()
    # the levels reach the playouts: the same candidates played out against easy rivals score otherwise
    s = c.encode(state.data())
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    n = c.legal(s, rows)
    idx = np.empty(bots.HARD_CANDIDATES + 1, np.int64)
    m = search.candidates(s, rows, n, 4, bots.HARD_CANDIDATES, bc.PARAMS, bc.REORG_TABLE, idx)
    cands = rows[idx[:m]].copy()
    medium, _ = search.play_out(s, cands, 16, 4)
    against_easy, _ = search.play_out(s, cands, 16, 4, levels=search.playout_levels(4, seat, easy))
    assert not np.allclose(medium, against_easy)


@pytest.mark.parametrize("seats", [["easy"] * 3, ["easy", "expert", "easy", "easy"], "easy", 4])
def test_seats_that_do_not_fit_the_table_are_refused(seats: object) -> None:
    state = _midgame(3)
    before = state.data()
    with pytest.raises(ConfigError, match="one level, policy or None per seat"):
        choose_action(state, "hard", seats=seats)  # type: ignore[arg-type]
    assert state.data() == before


def _counting_search(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = search.playouts

    def counted(*args: object) -> np.ndarray:
        calls.append(int(args[2]))  # type: ignore[call-overload]
        return real(*args)  # type: ignore[no-any-return]

    monkeypatch.setattr(bots.search, "playouts", counted)
    return calls


def test_hard_under_a_tiny_budget_still_plays_one_shared_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_search(monkeypatch)
    for step, state in _asked_positions()[1:3]:
        calls.clear()
        began = time.monotonic()
        action = choose_action(state, "hard", seed=step, budget=1e-9)
        assert action in state.legal_actions()
        assert time.monotonic() - began < 0.5 * bots.HARD_PLAYOUTS  # one evaluation, not the whole search
        assert calls == [1]  # exactly one playout per candidate, then the budget stops it
        calls.clear()
        choose_action(state, "hard", seed=step, budget=math.inf)
        assert len(calls) == bots.HARD_PLAYOUTS


def test_hard_stops_when_its_wall_clock_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves 0.3 s per look, the first at the call: a 1 s budget leaves 0.7 s for the playouts,
    so the slices before the looks at 0.3 and 0.6 go on and the one before the look at 0.9 is the last."""
    calls = _counting_search(monkeypatch)
    ticks = iter(np.arange(0.0, 1000.0, 0.3))
    monkeypatch.setattr(bots.time, "monotonic", lambda: float(next(ticks)))
    step, state = _asked_positions()[1]
    action = choose_action(state, "hard", seed=step, budget=1.0)
    assert action in state.legal_actions()
    assert len(calls) == 3


@pytest.mark.parametrize("budget", [0, -1.0, "1", True, math.nan])
def test_hard_budget_must_be_positive_seconds(budget: object) -> None:
    with pytest.raises(ValueError, match="budget"):
        choose_action(new_game(3, seed=1), "hard", budget=budget)  # type: ignore[arg-type]
