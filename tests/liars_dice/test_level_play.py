"""The easy and medium levels as tables over every cup (:mod:`vegas_tutor.liars_dice.level_play`): the same moves
as the bots make one cup at a time, and the coach's reading of a rival whose bids no cup explains."""

from itertools import combinations_with_replacement

import numpy as np
import pytest
from level_draws import level_mix

from vegas_tutor.liars_dice import ALL_BIDS, Bid, Challenge, Roll, State
from vegas_tutor.liars_dice import coach as coach_module
from vegas_tutor.liars_dice.coach import evaluate, patterns
from vegas_tutor.liars_dice.level_play import View, answers, challenges, matches
from vegas_tutor.liars_dice.observation import Observation


def pattern_of(cup: tuple[int, ...]) -> int:
    rows, _p = patterns(len(cup))
    return int(np.flatnonzero((rows == matches(cup)).all(axis=1))[0])


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize(("counts", "shown", "faced"), [
    ((3, 2), ((), ()), ()),
    ((3, 2), ((), ()), ((1, Bid(2, 4)),)),
    ((3, 3, 2), ((), (), (5, 5)), ((1, Bid(1, 6)), (2, Bid(3, 5)))),
    ((3, 4), ((), ()), ((1, Bid(6, 1)),)),
    ((3, 4), ((), ()), ((1, ALL_BIDS[-1]),)),
])
def test_every_cup_s_answers_are_the_bot_s_own_moves(level: str, counts: tuple[int, ...],
                                                      shown: tuple[tuple[int, ...], ...],
                                                      faced: tuple[tuple[int, Bid], ...]) -> None:
    unknown = sum(counts) - 3 - sum(len(c) for c in shown)
    bidder = faced[-1][0] if faced else 0
    table = answers(level, View(patterns(3)[0], matches(tuple(d for c in shown for d in c))[0], unknown),
                    counts[bidder] - len(shown[bidder]))
    prev = faced[-1][1].rank if faced else -1
    for cup in combinations_with_replacement(range(1, 7), 3):
        obs = Observation(0, counts, cup, shown, faced, "bid", 0, False, None, ())
        mix = level_mix(obs, level)
        row = pattern_of(cup)
        raises = table.raise_probs(prev)[row]
        assert table.likelihood(prev, -1)[row] == pytest.approx(mix.get(Challenge(), 0.0)), cup
        assert table.challenge[row, prev + 1] == pytest.approx(mix.get(Challenge(), 0.0)), cup
        for k, p in enumerate(raises):
            bid = ALL_BIDS[prev + 1 + k]
            assert p == pytest.approx(mix.get(bid, 0.0)), (cup, bid)
            assert table.likelihood(prev, bid.rank)[row] == pytest.approx(p), (cup, bid)
        assert raises.sum() + table.challenge[row, prev + 1] == pytest.approx(1.0)


def _position(opening: str) -> State:
    """Two players: the medium seat (1) holds 1 5 5 and opens with ``opening``; seat 0 (3 5) to answer."""
    s = State.start([2, 3], opener=1, seed=0)
    s.apply(Roll((1, 5, 5)))
    s.apply(Roll((3, 5)))
    s.apply(opening)
    s.apply("no show")
    return s


def test_a_rival_whose_bids_no_cup_explains_is_read_by_its_level_s_model(monkeypatch: pytest.MonkeyPatch) -> None:
    levels = {1: "medium"}
    impossible, real = _position("seventeen 6s"), _position("one 2")  # medium never opens that high; its real one
    read = [{o.action: o.value for o in evaluate(s.observation(0), levels=levels)} for s in (impossible, real)]
    monkeypatch.setattr(coach_module, "READ_EXACTLY", ())
    by_model = [{o.action: o.value for o in evaluate(s.observation(0), levels=levels)} for s in (impossible, real)]
    assert read[0] == pytest.approx(by_model[0])  # no cup explains it: the model reads it
    assert read[1] != pytest.approx(by_model[1])  # read exactly, which the model does not do


@pytest.mark.parametrize("level", ["easy", "medium", None])
def test_the_raises_over_many_bids_at_once_are_each_bid_s_own(level: str | None) -> None:
    """``raise_rows`` over many faced bids at once (the two-deep reading's batch) holds each one's raises as alone
    (``raise_probs``), bit for bit, in the columns of the bids above it and 0 before them; for a level's exact
    answers and for the model alike."""
    view = View(patterns(2)[0], matches((5, 5))[0], 3)
    if level is None:
        rows = coach_module._unread(coach_module.MODEL, 2, tuple(int(m) for m in matches((5, 5))[0]), 3)
    else:
        rows = answers(level, view, 2)
    for first, last in ((-1, 5), (40, 72), (100, len(ALL_BIDS) - 1)):
        faced = np.arange(first, last)
        batch = rows.raise_rows(faced)
        assert batch.shape == (len(faced), len(view.rows), len(ALL_BIDS) - first - 1)
        for k, r in enumerate(faced):
            assert (batch[k, :, r - first:] == rows.raise_probs(int(r))).all(), r
            assert not batch[k, :, :r - first].any(), r


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_show_s_answer_is_the_level_s_own_challenge(level: str) -> None:
    """``challenges`` (what the answer to a show needs) is ``answers``' challenge table, bit for bit."""
    for hidden, seen, unknown, bidder_hidden in ((3, (5, 5), 4, 2), (1, (), 6, 1), (5, (1, 6, 6), 8, 3)):
        view = View(patterns(hidden)[0], matches(seen)[0], unknown)
        assert (challenges(level, view, bidder_hidden) == answers(level, view, bidder_hidden).challenge).all()
