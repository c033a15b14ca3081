"""The hard level's search (:mod:`vegas_tutor.lords_of_vegas.search`): its candidates, its playouts in slices
equal to one go, the fitted leaf value, and the compiled match harness the bench measures with."""

from __future__ import annotations

import numpy as np

from vegas_tutor.lords_of_vegas import State, new_game, search, selfplay
from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas.bots import choose_action
from vegas_tutor.lords_of_vegas.rules import Data

MEDIUM_SEATS = np.full(4, bc.MEDIUM, np.int64)


def _position(seed: int, decisions: int = 8) -> State:
    state = new_game(4, seed=seed)
    k = 0
    while True:
        if not state.is_chance and len(state.legal_actions()) > 2:
            if k == decisions:
                return state
            k += 1
        state.apply(choose_action(state, "medium" if not state.is_chance else "easy", seed=k))


def _rows(state: State) -> tuple[np.ndarray, np.ndarray, int]:
    s = c.encode(state.data())
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    return s, rows, c.legal(s, rows)


def test_candidates_start_with_medium_and_hold_the_end_of_the_turn_and_no_bet() -> None:
    for seed in (3,):
        state = _position(seed)
        s, rows, n = _rows(state)
        idx = np.empty(7, np.int64)
        m = search.candidates(s, rows, n, 5, 6, bc.PARAMS, bc.REORG_TABLE, idx)
        picked = list(idx[:m])
        assert len(set(picked)) == m and all(0 <= i < n for i in picked)
        assert c.action_of(rows[picked[0]]) == choose_action(state, "medium", seed=5)
        assert all(rows[i, 0] != c.GAMBLE for i in picked)
        if state.phase == "play":
            assert n - 1 in picked and rows[n - 1, 0] == c.END_TURN


def test_playouts_in_slices_equal_playouts_in_one_go() -> None:
    state = _position(6)
    s, rows, n = _rows(state)
    cands = rows[: min(n, 3)].copy()
    whole = search.playouts(s, cands, 5, 17, 0, MEDIUM_SEATS, bc.PARAMS, bc.REORG_TABLE, 1, search.LEAF)
    sliced = np.column_stack([search.playouts(s, cands, 1, 17, j, MEDIUM_SEATS, bc.PARAMS, bc.REORG_TABLE, 1,
                                              search.LEAF)[:, 0] for j in range(5)])  # fmt: skip
    assert np.array_equal(whole, sliced)
    assert ((whole >= 0) & (whole <= 1)).all()
    assert search.best_mean(whole, 5) == int(np.argmax(whole.mean(axis=1)))


def test_the_leaf_value_is_a_chance_that_follows_the_standing_and_is_exact_at_the_end() -> None:
    state = _position(8, decisions=40)
    s = c.encode(state.data())
    out, gid, info = np.zeros(4), np.empty(c.N, np.int64), np.empty((c.N, 8), np.int64)
    chances = [search.leaf_value(s, q, bc.PARAMS, search.LEAF, out, gid, info) for q in range(4)]
    bc.standing(s, bc.PARAMS, out, gid, info)
    assert all(0 < p < 1 for p in chances)
    assert int(np.argmax(chances)) == int(np.argmax(out[:4]))
    done = c.encode(state.data())
    bc.playout(done, MEDIUM_SEATS, bc.PARAMS, bc.REORG_TABLE, np.zeros((c.MAX_ACTIONS, 4), np.int64))
    finals = [search.leaf_value(done, q, bc.PARAMS, search.LEAF, out, gid, info) for q in range(4)]
    winners = done[c.WINNERS : c.WINNERS + 4]
    assert finals == [w / winners.sum() for w in winners]


def test_a_leaf_fitted_afresh_weighs_the_lead_as_the_stored_one_does() -> None:
    fitted = selfplay.fit_leaf(games=300, seed=5)
    assert fitted.shape == search.LEAF.shape
    late, early = fitted[0], fitted[-1]
    assert late[1] + late[2] > 0.1 > early[1] + early[2] > 0  # a point of lead counts most near the end
    assert np.all(fitted[:, 1] + fitted[:, 2] > 0) and np.all(search.LEAF[:, 1] + search.LEAF[:, 2] > 0)


def test_the_match_harness_is_seeded_and_medium_beats_easy() -> None:
    start = c.encode(Data(players=4, money=[0] * 4, score=[0] * 4))
    share, decisions = selfplay.match(40, start, bc.MEDIUM, bc.EASY, 3, 2, 1, 1, bc.PARAMS, bc.REORG_TABLE, search.LEAF)
    again, _ = selfplay.match(40, start, bc.MEDIUM, bc.EASY, 3, 2, 1, 1, bc.PARAMS, bc.REORG_TABLE, search.LEAF)
    assert np.array_equal(share, again) and (decisions > 0).all()
    assert share.mean() > 0.6
    hard, _ = selfplay.match(2, start, selfplay.HARD, bc.MEDIUM, 3, 3, 2, 1, bc.PARAMS, bc.REORG_TABLE, search.LEAF)
    assert ((hard >= 0) & (hard <= 1)).all()
