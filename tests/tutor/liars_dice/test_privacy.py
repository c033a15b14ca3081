"""A hidden die never reaches the browser of a player who may not see it.

What the browser receives is exactly the synced traits. Two games that differ only in dice hidden from the
viewer must give the viewer byte-identical synced traits; the revealed cups of a challenge are the only
other dice that appear, and only once the cups are lifted.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from table_play import play_to_end

from vegas_tutor.liars_dice import ALL_BIDS, Challenge, NoShow, Roll, Show, State
from vegas_tutor.tutor.liars_dice import LiarsDiceStepper, LiarsDiceTable
from vegas_tutor.tutor.liars_dice.board import DEFAULT_NAMES

SYNCED = ("table", "odds", "simulation", "bet", "what_if_view", "stepper", "error")


def synced(widget: LiarsDiceTable) -> str:
    """Everything the widget syncs to the browser, as one JSON text (the widget's own state dict)."""
    state: dict[str, Any] = widget.get_state()
    return json.dumps({k: state[k] for k in SYNCED}, sort_keys=True)


def play(counts: list[int], cups: list[list[int]], steps: list[int], *, shows: bool = False) -> State:
    """Roll the given cups, then make ``steps`` bids (each the n-th next raise), independent of the dice."""
    state = State.start(counts, opener=0, seed=0)
    for seat in range(len(counts)):
        state.apply(Roll(tuple(cups[seat][: counts[seat]])))
    for step in steps:
        last = state.last_bid
        rank = (last.rank + 1 if last is not None else 0) + step
        state.apply(ALL_BIDS[min(rank, len(ALL_BIDS) - 1)])
        shower = state.may_show
        if shower is None:
            continue
        if shows and shower != 0:
            state.apply(Show(state.hidden[shower][:1]))
            state.apply(Roll(tuple([3] * (state.dice_counts[shower] - len(state.shown[shower])))))
        else:
            state.apply(NoShow())
    return state


die = st.integers(1, 6)
cup = st.lists(die, min_size=5, max_size=5)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 4),
    mine=cup,
    others_a=st.lists(cup, min_size=3, max_size=3),
    others_b=st.lists(cup, min_size=3, max_size=3),
    steps=st.lists(st.integers(0, 6), min_size=0, max_size=5),
    shows=st.booleans(),
)
def test_dice_hidden_from_the_viewer_do_not_change_what_is_synced(
    players: int, mine: list[int], others_a: list[list[int]], others_b: list[list[int]], steps: list[int],
    shows: bool,
) -> None:
    counts = [5] * players
    if shows:  # a show puts a cup's lowest die in view: give both games the same public one
        others_b = [[min(ca)] + [max(x, min(ca)) for x in cb[1:]] for ca, cb in zip(others_a, others_b, strict=True)]
    a = play(counts, [mine, *others_a][:players], steps, shows=shows)
    b = play(counts, [mine, *others_b][:players], steps, shows=shows)
    names = DEFAULT_NAMES[:players]
    for interactive in (False, True):
        if interactive and a.current_player != 0:
            continue  # bots would play on, and bots look at their own dice
        view_a = LiarsDiceTable(a, names=names, interactive=interactive, seed=1)
        view_b = LiarsDiceTable(b, names=names, interactive=interactive, seed=1)
        assert synced(view_a) == synced(view_b)
        view_a.handle({"type": "option", "name": "what_if", "value": True})
        view_b.handle({"type": "option", "name": "what_if", "value": True})
        assert synced(view_a) == synced(view_b)


def test_the_new_rounds_cups_stay_hidden_after_a_reveal() -> None:
    """After a challenge the old cups are public, the freshly rolled ones are not."""
    def game(new_cups: list[tuple[int, ...]]) -> State:
        s = State.start([3, 3, 3], seed=0)
        for faces in [(2, 5, 6), (3, 3, 4), (1, 2, 6)]:
            s.apply(Roll(faces))
        s.apply("four 3s")
        s.apply(NoShow())
        s.apply(Challenge())
        for faces in new_cups:
            s.apply(Roll(faces))
        return s

    # seat 0 lost a die; seat 1 won and rolls first, then seats 2 and 0: only seat 1's cup is the same
    a = game([(1, 4, 4), (2, 3, 5), (2, 2)])
    b = game([(1, 4, 4), (1, 1, 1), (6, 6)])
    view_a = LiarsDiceTable(a, names=("Shane", "You", "Mike"), viewer=1, interactive=False)
    view_b = LiarsDiceTable(b, names=("Shane", "You", "Mike"), viewer=1, interactive=False)
    assert synced(view_a) == synced(view_b)
    reveal = view_a.table["reveal"]
    assert [[d["face"] for d in c["dice"]] for c in reveal["cups"]] == [[2, 5, 6], [3, 3, 4], [1, 2, 6]]


def test_only_the_viewer_cup_carries_faces_in_a_whole_bot_game() -> None:
    table = LiarsDiceTable(players=4, dice=3, seed=7, bots="random")

    def only_the_viewer_s_cup(t: dict) -> None:
        players = t["players"]
        assert [p["own"] is not None for p in players] == [p["viewer"] for p in players]
        assert all(p["hidden"] + len(p["shown"]) == p["dice"] for p in players)

    play_to_end(table, each=only_the_viewer_s_cup, moves=200)
    assert table.table["is_over"]


def test_a_stepper_never_shows_the_other_cups_before_the_reveal() -> None:
    stepper = LiarsDiceStepper("LD-COUNT")
    players = stepper.table["players"]
    assert players[0]["own"] == [2, 3, 4, 5, 5]
    assert all(p["own"] is None for p in players[1:])
    assert "[1, 2, 3, 4, 6]" not in synced(stepper)  # Shane's cup
