"""Answer first: on the kernel's event loop a board syncs its own projection at once and the odds, the coach
and the review after (``updating`` meanwhile); stale panels of an older move never overwrite newer ones; the
odds say the simulator is being prepared instead of waiting for numba; the page is told what takes time
(``busy``); the opponents' level and the coach switch travel with the saved game."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any

import pytest

from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.tutor import coaching, event_loop, widget
from vegas_tutor.tutor.las_vegas import LasVegasBoard
from vegas_tutor.tutor.las_vegas import board as lv_board
from vegas_tutor.tutor.liars_dice import LiarsDiceTable
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` on a loop of its own, in a thread (the test process may run another library's loop)."""
    errors: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join(60)
    if errors:
        raise errors[0]


@pytest.fixture
def simulator(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """Whether the Las Vegas board finds the compiled simulator ready (switch it in the test)."""
    ready = {"las_vegas": True}
    monkeypatch.setattr(lv_board, "simulator_loaded", lambda: ready["las_vegas"])
    monkeypatch.setattr(widget, "SIMULATOR_POLL_SECONDS", 0.01)
    monkeypatch.setattr(event_loop, "in_kernel", lambda: True)  # the loop of run() stands for the kernel's
    return ready


def _sent(board: Any) -> list[dict[str, Any]]:
    """Record the custom messages the board sends to the page."""
    sent: list[dict[str, Any]] = []
    board.send = lambda content, buffers=None: sent.append(content)
    return sent


def test_the_board_is_synced_before_the_odds(simulator: dict[str, bool]) -> None:
    async def play() -> None:
        board = LasVegasBoard(players=3, seed=2, bots="greedy")
        await board.answered()
        order: list[str] = []
        board.observe(lambda change: order.append(change["name"]), names=["board", "odds", "updating", "coaching"])
        assert board.handle({"type": "roll"})
        assert board.board["phase"] == "place"  # the answer: the dice on the board at once
        assert board.updating and board.odds["status"] == "waiting"  # the odds of the roll follow
        assert order == ["board", "updating"]
        await board.answered()
        assert not board.updating and board.odds["status"] == "ready"
        assert order.index("board") < order.index("odds") and order[-1] == "updating"
        assert [f["face"] for f in board.odds["faces"]] == [g["face"] for g in board.board["roll"]["groups"]]

    run(play())


def test_stale_odds_of_an_older_move_never_overwrite_newer_ones(simulator: dict[str, bool]) -> None:
    async def play() -> None:
        board = LasVegasBoard(players=3, seed=5, bots="greedy")
        await board.answered()
        computed: list[int] = []
        real = board._refresh_panels

        def counted(shown: Any) -> None:
            computed.append(len(board._state.history))
            real(shown)

        board._refresh_panels = counted  # type: ignore[method-assign]
        assert board.handle({"type": "roll"})
        face = board.board["roll"]["groups"][0]["face"]
        assert board.handle({"type": "place", "face": face})  # before the roll's odds were computed
        moves = len(board._state.history)
        await board.answered()
        assert computed == [moves]  # the roll's panels were dropped, only the newest computed
        assert board.odds == {"status": "waiting", "reason": "Roll your dice to see what each choice is worth."}
        assert board.handle({"type": "roll"})
        rolled = [g["face"] for g in board.board["roll"]["groups"]]
        await board.answered()
        assert [f["face"] for f in board.odds["faces"]] == rolled and computed[-1] == len(board._state.history)

    run(play())


def test_the_odds_say_the_simulator_is_being_prepared_and_follow_when_it_is(simulator: dict[str, bool]) -> None:
    async def play() -> None:
        simulator["las_vegas"] = False
        board = LasVegasBoard(players=3, seed=2, bots="greedy")
        await asyncio.sleep(0)
        assert board.handle({"type": "roll"})
        assert board.board["phase"] == "place"  # the move is answered, not blocked
        for _ in range(5):
            await asyncio.sleep(0)
        assert board.odds == {"status": "preparing", "reason": "Preparing the fast simulator (first start only)"}
        assert board.handle({"type": "option", "name": "assumption", "value": "greedy"})  # the board stays usable
        simulator["las_vegas"] = True
        await asyncio.wait_for(board.settled(), 30)
        assert board.odds["status"] == "ready" and board.odds["assumption"] == "greedy"

    run(play())


def test_without_an_event_loop_everything_is_computed_at_once() -> None:
    board = LasVegasBoard(players=3, seed=2, bots="greedy")
    assert board.handle({"type": "roll"})
    assert not board.updating and board.odds["status"] == "ready"


def _first_choice(table: LiarsDiceTable) -> dict[str, Any]:
    """The learner's message: keep the cup after a bid, else bid the lowest raise (challenge when none is left)."""
    s = table.state
    if s.may_show == table.viewer:
        return {"type": "keep"}
    bids = [a for a in s.legal_actions() if isinstance(a, Bid)]
    return {"type": "bid", "quantity": bids[0].quantity, "face": bids[0].face} if bids else {"type": "challenge"}


def test_a_bot_s_review_redraws_the_board_only_in_the_end_of_game_review(
        simulator: dict[str, bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's review of a bot's decision changes nothing on the board during the game, and after it only the
    review's table of players: each redraw draws the whole review again in the browser, so they are spaced."""
    monkeypatch.setattr(coaching, "OTHERS_REDRAW_S", 1000.0)  # one redraw for all of the bots' after the game

    async def play() -> None:
        table = LiarsDiceTable(players=3, dice=2, seed=4, coach=True, show_odds=False)
        coach = table._coach
        redraws: list[tuple[int, int]] = []  # (the learner's judged, the bots' judged) at each redraw
        redraw = coach.on_ready

        def counted() -> None:
            redraws.append((sum(d.review is not None for d in coach.decisions),
                            sum(d.review is not None for d in coach.others)))
            redraw()

        coach.on_ready = counted
        while not coach.others:  # a bid and the cup kept: the bots answer it
            assert table.handle(_first_choice(table)), table.error
        await asyncio.wait_for(table.settled(), 60)
        assert coach.others and all(d.review is not None for d in coach.others)  # the bots' judged meanwhile
        mine = sum(d.review is not None for d in coach.decisions)
        assert len(redraws) == mine  # a redraw for each of the learner's verdicts, none for the bots'
        redraws.clear()
        for _ in range(300):  # to the end without waiting: the reviews queue up
            if table.state.is_over:
                break
            paused = table.table.get("paused")
            out = table.state.dice_counts[table.viewer] == 0
            message = {"type": "skip" if out else "next_round"} if paused else _first_choice(table)
            assert table.handle(message), table.error
        assert table.state.is_over
        mine_left = sum(d.review is None for d in coach.decisions)
        assert any(d.review is None for d in coach.others)
        await asyncio.wait_for(table.settled(), 120)
        assert len(redraws) == mine_left + 1  # each of the learner's, then the bots' all at once
        assert redraws[-1] == (len(coach.decisions), len(coach.others))
        players = table.coaching["review"]["players"]
        assert all(p["pending"] == 0 for p in players)  # the last redraw shows every player judged

    run(play())


def test_the_page_is_told_what_takes_time(simulator: dict[str, bool]) -> None:
    async def play() -> None:
        board = LasVegasBoard(players=3, seed=2, bots="greedy")
        await board.answered()
        sent = _sent(board)
        assert board.handle({"type": "roll"})
        face = board.board["roll"]["groups"][0]["face"]
        assert board.handle({"type": "place", "face": face})  # the bots play on
        await board.answered()
        busy = [m["what"] for m in sent if m.get("type") == "busy"]
        assert "The opponents are playing" in busy and "Working out the odds and the coach" in busy
        assert busy.count("The opponents are playing") == 1  # once per answer, not once per bot move
        assert board.handle({"type": "ping", "n": 1}) and sent[-1] == {"type": "pong", "n": 1}

    run(play())


BOARDS = [
    ("las_vegas", lambda: LasVegasBoard(players=3, seed=2)),
    ("liars_dice", lambda: LiarsDiceTable(players=2, seed=2)),
    ("lords_of_vegas", lambda: LordsOfVegasBoard(players=2, seed=2)),
]


@pytest.mark.parametrize(("game", "make"), BOARDS, ids=[g for g, _m in BOARDS])
def test_the_opponents_level_and_the_coach_are_kept_with_the_game(game: str, make: Any) -> None:
    pace = {"pace": "next"} if game == "lords_of_vegas" else {}  # Lords of Vegas keeps its pace too
    board = make()
    assert board.saved["options"] == {"bots": "medium", "coach": False, **pace}
    assert board.handle({"type": "option", "name": "bots", "value": "hard"}), board.error
    assert board.handle({"type": "coach", "on": True}), board.error
    if pace:
        pace = {"pace": "pause"}
        assert board.handle({"type": "option", "name": "pace", "value": "pause"}), board.error
    kept = dict(board.saved)
    assert kept["options"] == {"bots": "hard", "coach": True, **pace} and kept["game"] == game

    again = make()  # the page after a reload: resume, then the kept options as the page sends them
    assert again.handle({"type": "resume", "record": kept["record"]}), again.error
    for name, value in kept["options"].items():
        sent = {"type": "coach", "on": value} if name == "coach" else {"type": "option", "name": name, "value": value}
        assert again.handle(sent), again.error
    assert again.saved["options"] == {"bots": "hard", "coach": True, **pace}
    assert again.saved["record"] == kept["record"] and again.saved["moves"] == kept["moves"]

    before = dict(again.saved)  # a bad stored value: refused, nothing changes
    assert not again.handle({"type": "option", "name": "bots", "value": "grandmaster"})
    assert "bots" in again.error and again.saved == before
    assert not again.handle({"type": "coach", "on": "yes"})
    assert again.saved == before
    if pace:
        assert not again.handle({"type": "option", "name": "pace", "value": "fast"})
        assert "pace" in again.error and again.saved == before


def test_the_simulator_check_asks_the_warmup_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widget, "simulator_ready", lambda game: game == "liars_dice")
    assert widget.fast_simulator_ready("liars_dice") and not widget.fast_simulator_ready("las_vegas")


def test_outside_a_kernel_nothing_is_deferred_even_with_a_loop_running() -> None:
    seen: list[object] = []

    async def main() -> None:
        seen.append(event_loop.running_loop())

    run(main())
    assert seen == [None]  # the loop of a script or a test is not a kernel's


def test_opponents_waiting_for_a_compiled_simulator_say_it_is_being_prepared(monkeypatch: pytest.MonkeyPatch) -> None:
    board = LordsOfVegasBoard(players=2, seed=2)
    sent = _sent(board)
    board._busy_said = ""  # (whatever the board said while it was built, on a machine not warmed up yet)
    monkeypatch.setattr(widget, "fast_simulator_ready", lambda game: game != "lords_of_vegas")
    board._say_opponents_play(compiled="lords_of_vegas")
    assert sent == [{"type": "busy", "what": "Preparing the fast simulator (first start only)"}]
    board._busy_said = ""
    monkeypatch.setattr(widget, "fast_simulator_ready", lambda game: True)
    board._say_opponents_play(compiled="lords_of_vegas")
    assert sent[-1] == {"type": "busy", "what": "The opponents are playing"}
