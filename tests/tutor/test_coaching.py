"""The coach on the Las Vegas board and the Liar's Dice table, without a browser: the switch, the verdict after
each decision, the hint before one, the end-of-game review and its read-only replay, the opponents' levels, and
malformed or untimely coach messages refused with nothing changed."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from vegas_tutor.core.errors import ConfigError
from vegas_tutor.liars_dice import coach as ld_coach
from vegas_tutor.liars_dice.actions import Challenge, NoShow, Show
from vegas_tutor.liars_dice.engine import State as LDState
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.tutor import LasVegasBoard, coaching
from vegas_tutor.tutor.coaching import coach_intent
from vegas_tutor.tutor.game_review import share
from vegas_tutor.tutor.liars_dice import LiarsDiceTable

LV_SYNCED = ("board", "odds", "outlook", "coaching", "saved")


@pytest.fixture(autouse=True)
def reviews_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews computed at once: no kernel event loop runs here (Playwright's, left in this thread by a
    browser test run in the same session, would never run the worker's callbacks)."""
    monkeypatch.setattr(coaching, "running_loop", lambda: None)


LD_SYNCED = ("table", "odds", "simulation", "bet", "coaching", "saved")


def check_luck_and_players(state: Any, review: dict[str, Any], seat: int, decisions: int) -> None:
    """The review's luck split adds up (decisions' cost minus the rest is the seat's start less its result),
    its chart runs from the start's chance to the result, and every seat's decisions are judged."""
    players = review["players"]
    assert [p["seat"] for p in players] == list(range(state.players)) and players[seat]["yours"]
    assert players[seat]["decisions"] == decisions and all(p["pending"] == 0 for p in players)
    assert all(p["decisions"] > 0 for p in players)  # the bots' decisions are judged too
    luck = review["luck"][0]
    result = share(state, seat)
    assert luck["status"] == "ready" and luck["skill"] >= 0
    assert luck["skill"] - luck["luck"] == pytest.approx(1 / state.players - result)
    assert ("cost you" in luck["text"]) and (("brought you" in luck["text"]) == (luck["luck"] >= 0))
    figure = review["chart"]["figure"]
    yours = figure["data"][1]["y"]
    assert yours[0] == pytest.approx(100 / state.players) and yours[-1] == pytest.approx(100 * result)
    assert all(0 <= y <= 100 for y in yours) and len(yours) == len(figure["data"][0]["y"]) >= 3
    assert review["chart"]["caption"].startswith("Your chance of winning after each of your")


def test_the_page_gets_plotly_from_the_board_and_nothing_changes() -> None:
    board = lv_board()
    sent: list[tuple[Any, Any]] = []
    board.send = lambda content, buffers=None: sent.append((content, buffers))  # type: ignore[method-assign]
    before = snapshot(board, LV_SYNCED)
    assert board.handle({"type": "plotly"}), board.error
    assert sent[0][0] == {"type": "plotly"} and b"plotly" in bytes(sent[0][1][0][:2000]).lower()
    assert snapshot(board, LV_SYNCED) == before
    assert not board.handle({"type": "plotly", "now": True}) and snapshot(board, LV_SYNCED)["board"] == before["board"]


def snapshot(widget: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: copy.deepcopy(getattr(widget, name)) for name in names}


def lv_board(**kwargs: Any) -> LasVegasBoard:
    return LasVegasBoard(players=2, seed=7, bots="medium", show_odds=False, auto_roll=True, **kwargs)


def ld_message(action: Any) -> dict[str, Any]:
    if isinstance(action, Bid):
        return {"type": "bid", "quantity": action.quantity, "face": action.face}
    if isinstance(action, Challenge):
        return {"type": "challenge"}
    if isinstance(action, Show):
        return {"type": "show", "faces": list(action.faces)}
    assert isinstance(action, NoShow)
    return {"type": "keep"}


def play_ld_to_the_end(table: LiarsDiceTable, choose: Any) -> None:
    for _ in range(500):
        if table.state.is_over:
            return
        if table.table.get("paused"):
            out = table.state.dice_counts[table.viewer] == 0
            assert table.handle({"type": "skip" if out else "next_round"}), table.error
            continue
        assert table.handle(ld_message(choose(table))), table.error
    pytest.fail("the game did not end")


# ------------------------------------------------------------------ messages
@pytest.mark.parametrize("message", [
    {"type": "coach"}, {"type": "coach", "on": "yes"}, {"type": "coach", "on": 1},
    {"type": "coach", "on": True, "x": 1},
    {"type": "hint", "now": True}, {"type": "replay"}, {"type": "replay", "decision": -1},
    {"type": "replay", "decision": "2"}, {"type": "replay", "decision": True}, {"type": "replay", "decision": 10**9},
    {"type": "replay_end", "decision": 0},
])
def test_malformed_coach_messages_are_refused_and_change_nothing(message: dict[str, Any]) -> None:
    board = lv_board(coach=True)
    before = snapshot(board, LV_SYNCED)
    assert board.handle(message) is False
    assert board.error.startswith("message ")
    assert snapshot(board, LV_SYNCED) == before
    table = LiarsDiceTable(players=2, dice=2, seed=1, coach=True)
    before = snapshot(table, LD_SYNCED)
    assert table.handle(message) is False and table.error
    assert snapshot(table, LD_SYNCED) == before


def test_coach_messages_out_of_time_are_refused_and_change_nothing() -> None:
    board = lv_board()
    before = snapshot(board, LV_SYNCED)
    assert not board.handle({"type": "hint"}) and "switch the coach on" in board.error
    assert snapshot(board, LV_SYNCED) == before
    assert board.handle({"type": "coach", "on": True}) and board.coaching["on"]
    before = snapshot(board, LV_SYNCED)
    assert not board.handle({"type": "replay", "decision": 0}) and "end of the game" in board.error
    assert not board.handle({"type": "replay_end"}) and "end of the game already" in board.error
    assert snapshot(board, LV_SYNCED) == before
    stepper = LasVegasBoard(players=2, seed=1, interactive=False)
    assert not stepper.handle({"type": "coach", "on": True}) and "shows a position" in stepper.error
    assert stepper.coaching == {}


def test_coach_intent_reads_only_its_own_messages() -> None:
    assert coach_intent({"type": "place", "face": 3}) is None and coach_intent([1]) is None
    assert coach_intent({"type": "coach", "on": False}) is not None


# ------------------------------------------------------------------ Las Vegas
def test_las_vegas_hint_then_verdict_then_review_and_replay() -> None:
    board = lv_board()
    assert board.coaching == {"on": False}
    assert board.handle({"type": "coach", "on": True})
    view = board.coaching
    assert view["on"] and view["last"] is None and view["can_hint"]
    assert "2.0 points" in view["thresholds"] and "6.0 points" in view["thresholds"]
    assert board.handle({"type": "hint"}), board.error
    hint = board.coaching["hint"]
    assert hint["status"] == "ready" and hint["best"].startswith("place the ") and hint["text"]
    best_face = int(hint["best"].split()[2].rstrip("s"))
    board.place(best_face)
    last = board.coaching["last"]
    assert last["status"] == "ready" and last["words"] == f"place the {best_face}s"
    assert last["verdict"] == "good" and last["loss"] == 0 and last["text"]
    while not board.state.is_over:
        faces = [g["face"] for g in board.board["roll"]["groups"]]
        board.place(faces[-1])
    view = board.coaching
    review = view["review"]
    rows = review["rows"]
    assert len(rows) == len(board.coach.decisions) >= 4 and review["pending"] == 0
    assert all(r["status"] == "ready" and r["loss"] >= 0 and r["verdict"] in ("good", "inaccuracy", "mistake")
               for r in rows)
    assert all(r["verdict"] == "mistake" for r in rows if r["missed"])
    costly = sorted((r for r in rows if r.get("costly")), key=lambda r: r["costly"])
    assert 1 <= len(costly) <= 3
    assert [r["loss"] for r in costly] == sorted((r["loss"] for r in rows if r["loss"] > 0), reverse=True)[:3]
    assert not view["can_hint"] and view["hint"] is None
    check_luck_and_players(board.state, review, seat=0, decisions=len(rows))
    # replay the costliest: the board shows the position before it, read-only, with the alternatives
    real = board.state
    k = costly[0]["n"]
    assert board.handle({"type": "replay", "decision": k}), board.error
    replay = board.coaching["replay"]
    alternatives = replay["alternatives"]["rows"]
    assert replay["n"] == k and alternatives[0]["best"] and replay["alternatives"]["more"] >= 0
    assert sum(a["best"] for a in alternatives) == 1 and sum(a["yours"] for a in alternatives) == 1
    assert board.board["phase"] == "place" and board.board["turn"]["human"]
    before = snapshot(board, LV_SYNCED)
    for move in ({"type": "place", "face": 1}, {"type": "new_game"}, {"type": "undo"}):
        assert not board.handle(move) and "read-only" in board.error
    assert snapshot(board, LV_SYNCED) == before
    assert board.state.history == real.history
    assert board.handle({"type": "replay", "decision": 0}) and board.coaching["replay"]["n"] == 0
    assert not board.handle({"type": "replay", "decision": len(rows)}) and "there is no decision" in board.error
    assert board.handle({"type": "replay_end"}) and board.coaching["replay"] is None and board.board["is_over"]
    assert board.handle({"type": "new_game"}) and board.coaching["review"] is None and board.coaching["last"] is None


def test_las_vegas_undo_takes_the_decision_out_of_the_coach() -> None:
    board = LasVegasBoard(players=2, seed=3, bots="easy", show_odds=False, coach=True)
    board.roll()
    board.place(board.board["roll"]["groups"][0]["face"])
    assert len(board.coach.decisions) == 1
    assert board.handle({"type": "undo"}), board.error
    assert board.coach.decisions == [] and board.coaching["last"] is None


def test_switching_the_coach_on_late_reviews_the_decisions_already_made() -> None:
    board = lv_board()
    for _ in range(2):
        board.place(board.board["roll"]["groups"][0]["face"])
    assert board.handle({"type": "coach", "on": True})
    assert len(board.coach.decisions) == 2 and board.coaching["last"]["status"] == "ready"
    assert board.handle({"type": "coach", "on": False}) and board.coaching == {"on": False}


def test_opponent_levels_and_the_older_policies() -> None:
    assert LasVegasBoard(players=2, seed=1).bots == "medium"
    assert LiarsDiceTable(players=2, dice=2, seed=1).bots_policy == "medium"
    board = lv_board()
    for level in ("easy", "hard", "greedy", "random", "medium"):
        assert board.handle({"type": "option", "name": "bots", "value": level}), board.error
        assert board.board["bots"] == level
    assert not board.handle({"type": "option", "name": "bots", "value": "odds"})
    table = LiarsDiceTable(players=3, dice=2, seed=2, bots="hard")
    assert table.handle({"type": "option", "name": "bots", "value": "odds"}) and table.bots_policy == "odds"
    assert not table.handle({"type": "option", "name": "bots", "value": "greedy"})
    with pytest.raises(ConfigError, match="unknown policy or level"):
        LiarsDiceTable(players=2, bots="expert")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_each_level_plays_a_whole_las_vegas_game(level: str) -> None:
    board = LasVegasBoard(players=3, seed=11, bots=level, show_odds=False, auto_roll=True)
    while not board.state.is_over:
        board.place(board.board["roll"]["groups"][0]["face"])
    assert board.board["is_over"]


# ------------------------------------------------------------------ Liar's Dice
def test_liars_dice_verdicts_hint_and_review() -> None:
    table = LiarsDiceTable(players=3, dice=2, seed=5, coach=True, show_odds=False)
    assert table.handle({"type": "hint"}), table.error
    hint = table.coaching["hint"]
    assert hint["status"] == "ready" and hint["text"].startswith("Best: ")

    def first(t: LiarsDiceTable) -> Any:
        return t.coach.game.first_choice(t.state)

    play_ld_to_the_end(table, first)
    review = table.coaching["review"]
    assert review["rows"] and review["pending"] == 0
    assert {r["status"] for r in review["rows"]} == {"ready"}
    assert all(r["loss"] >= 0 for r in review["rows"])
    for d in table.coach.decisions:  # the coach's own choice costs nothing
        assert max(o.win_chance for o in d.review.alternatives) == pytest.approx(
            d.review.option(d.review.best).win_chance)
    players = review["players"]  # on the chance of winning: accuracy, the luck split and the chart
    assert [p["yours"] for p in players] == [True, False, False]
    assert players[0]["decisions"] == len(review["rows"]) and all(p["pending"] == 0 for p in players)
    assert sum(p["decisions"] for p in players) == len(table.coach.decisions) + len(table.coach.others)
    assert all(p["cost_text"].endswith("points") or p["cost_text"] == "–" for p in players)
    (luck,) = review["luck"]
    result = 1.0 if 0 in table.state.winners else 0.0
    assert luck["status"] == "ready" and luck["skill"] == pytest.approx(sum(r["loss"] for r in review["rows"]))
    assert luck["luck"] == pytest.approx(result - 1 / 3 + luck["skill"])  # the exact split
    assert review["chart"] is not None and len(review["chart"]["figure"]["data"][1]["y"]) == len(review["rows"]) + 2
    assert table.handle({"type": "replay", "decision": 0})
    shown = table.coaching["replay"]["alternatives"]
    assert len(shown["rows"]) <= 6 and shown["rows"][0]["best"] and any(r["yours"] for r in shown["rows"])
    assert table.table["players"][1]["own"] is None  # the replayed position is still the learner's view
    assert not table.handle({"type": "challenge"}) and "read-only" in table.error
    assert table.handle({"type": "replay_end"})


@pytest.mark.parametrize(("bots", "read_by_level"), [("medium", True), ("odds", False)])
def test_liars_dice_coach_reads_the_bots_by_their_level(bots: str, read_by_level: bool) -> None:
    """A table's coach is told its bots' level and reads each bot by that level's model (the learner, and bots
    of an older policy, as every rival without a level)."""
    table = LiarsDiceTable(players=3, dice=2, seed=5, coach=True, show_odds=False, bots=bots)
    play_ld_to_the_end(table, lambda t: t.coach.game.first_choice(t.state))
    levels = {1: bots, 2: bots} if read_by_level else None
    differs = 0
    judged = [(d, True) for d in table.coach.decisions] + [(d, False) for d in table.coach.others]
    for d, learners in judged:  # a bot's decision is judged for its loss alone: no tie-break
        assert learners or (d.review.tied, d.review.tie_deals) == (0, 0)
        told = ld_coach.review(d.before, d.action, levels=levels, tie_break_on=learners)
        alike = ld_coach.review(d.before, d.action, tie_break_on=learners)
        # the table's review plays out within its wall-clock budget: on a busy machine, on fewer deals
        whole = d.review.dealt in (0, ld_coach.RECHECK_DEALS) and d.review.tie_deals in (0, ld_coach.TIE_DEALS)
        mine = d.review.action
        assert [o.win_chance for o in d.review.alternatives if whole or o.action != mine] == \
            [o.win_chance for o in told.alternatives if whole or o.action != mine]
        assert (d.review.loss, d.review.best) == (told.loss, told.best) or not whole
        differs += [o.win_chance for o in told.alternatives] != [o.win_chance for o in alike.alternatives]
    assert (differs > 0) == read_by_level


def test_liars_dice_hint_reads_the_observation_only() -> None:
    """Two games that differ only in a rival's hidden dice get the same hint."""
    hints = []
    for rival in ((2, 2), (6, 5)):
        state = LDState.start([2, 2], seed=1)
        state.apply("roll 3 4")
        state.apply(f"roll {rival[0]} {rival[1]}")
        table = LiarsDiceTable(state, names=("You", "Shane"), seed=1, coach=True)
        assert table.handle({"type": "hint"}), table.error
        hints.append(table.coaching["hint"])
    assert hints[0] == hints[1]


# ------------------------------------------------------------------ Lords of Vegas
def test_lords_of_vegas_coach_levels_review_and_replay() -> None:
    from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard

    board = LordsOfVegasBoard(players=3, seed=4, pace="all")
    assert board.board["bots"] == "medium"
    assert board.handle({"type": "option", "name": "bots", "value": "easy"}) and board.board["bots"] == "easy"
    assert not board.handle({"type": "option", "name": "bots", "value": "greedy"})
    assert board.handle({"type": "coach", "on": True})
    for _ in range(2000):
        if board.state.is_over:
            break
        if board.coaching["can_hint"] and board.coaching["hint"] is None:
            assert board.handle({"type": "hint"}), board.error
            assert board.coaching["hint"]["status"] == "ready"
        action = board.board["actions"][0]["actions"][0]
        assert board.handle({"type": "act", "action": action}), board.error
    review = board.coaching["review"]
    assert review["rows"] and review["pending"] == 0 and all(r["loss"] >= 0 for r in review["rows"])
    assert all(r["words"] not in ("draw", "roll") for r in review["rows"])
    check_luck_and_players(board.state, review, seat=0, decisions=len(review["rows"]))
    assert review["players"][0]["name"] == "You (blue)" and review["players"][2]["name"] == "Red"
    assert board.handle({"type": "replay", "decision": len(review["rows"]) - 1})
    before = snapshot(board, ("board", "coaching", "saved"))
    assert not board.handle({"type": "new_game"}) and "read-only" in board.error
    assert snapshot(board, ("board", "coaching", "saved")) == before
    assert board.handle({"type": "replay_end"}) and board.board["is_over"]


def test_a_mistake_is_a_missed_chance_when_its_choice_was_as_good_as_most() -> None:
    from types import SimpleNamespace

    from vegas_tutor.tutor.las_vegas.coaching import LAS_VEGAS_COACH

    options = [SimpleNamespace(action=k, win_chance=w, margin=0) for k, w in enumerate([0.40, 0.30, 0.29, 0.10, 0.05])]

    def review(k: int) -> Any:
        return SimpleNamespace(alternatives=options, action=k, best=0, loss=0.40 - options[k].win_chance,
                               option=lambda a: options[a])

    assert LAS_VEGAS_COACH.missed(review(1)) and LAS_VEGAS_COACH.missed(review(2))  # as good as the middle one
    assert not LAS_VEGAS_COACH.missed(review(3))  # worse than most: a mistake of its own
    assert not LAS_VEGAS_COACH.missed(review(0))  # the best is no mistake at all
    assert "missed chance" in LAS_VEGAS_COACH.thresholds()
