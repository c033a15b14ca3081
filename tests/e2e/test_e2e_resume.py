"""Nothing lost, nothing silent, through the served app: a board keeps its game in the page's storage; a killed
kernel and a server restart are said in plain words with the board's controls disabled, a frozen kernel is
said busy (not answering), never stopped; after a reload the board offers the kept game and resumes it at the
same move; a tampered record is refused with its reason and a new game starts; a widget that failed to display
is retried once, then a Reload message (the page script of ``vegas_tutor/voila_template``)."""

from __future__ import annotations

import json
import re
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from e2e_app import (
    GAME_KEY_PREFIX,
    SCREENSHOTS,
    AppError,
    AppServer,
    forget_kept_games,
    kept_game,
    kernel_id,
    leave_page,
    open_page,
    stop_server,
    wait_until_rendered,
    watch_errors,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

LESSON = "01.06-play-a-full-game.ipynb"
UPDATE_TIMEOUT_MS = 15_000
STATUS_TIMEOUT_MS = 20_000
SIZES = {"wide": (1366, 900), "small": (1024, 768)}


@pytest.fixture(scope="module")
def resume_page(chromium_browser: Browser) -> Iterator[Page]:
    """A tab in a context of its own: its local storage holds only what these tests keep."""
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    yield page
    leave_page(page)
    context.close()


def _open(page: Page, server: AppServer) -> Locator:
    watch_errors(page).clear()  # a page left on a stopped server logs its failed reconnections: not this page's
    try:
        open_page(page, f"{server.url}voila/render/{LESSON}", ".lv-root")
    except AppError as error:
        pytest.fail(f"{error}\nserver log:\n{server.log_tail()}", pytrace=False)
    return page.locator(".lv-root").first


def _reload(page: Page, server: AppServer) -> Locator:
    """Come back to the lesson, as a learner reloading it (the page left first: its beacon's answer, a 404
    from a restarted server, is no error of the new page)."""
    leave_page(page)
    page.wait_for_timeout(300)
    return _open(page, server)


def _act(page: Page, board: Locator, do: Callable[[], Any]) -> None:
    before = int(board.get_attribute("data-version") or "0")
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)


def _play_a_turn(page: Page, board: Locator) -> None:
    """Roll, then place the first face rolled (the bots play on until it is the learner's turn again)."""
    _act(page, board, lambda: board.get_by_role("button", name=re.compile(r"^Roll ")).click())
    _act(page, board, lambda: board.locator(".lv-roll-group:not(.lv-roll-absent)").first.click())


def _played(page: Page, board: Locator, turns: int) -> dict[str, Any]:
    """Play ``turns`` turns; the kept game once the page's storage holds the last move."""
    for _ in range(turns):
        _play_a_turn(page, board)
    page.wait_for_function(
        "(prefix) => Object.entries(localStorage).some(([k, v]) => k.startsWith(prefix) && JSON.parse(v).moves > 0)",
        arg=GAME_KEY_PREFIX, timeout=UPDATE_TIMEOUT_MS)
    kept = kept_game(page)
    for _ in range(UPDATE_TIMEOUT_MS // 1000):  # the bots may still be playing on: the game once it rests 1 s
        page.wait_for_timeout(1000)
        now = kept_game(page)
        if now["record"] == kept["record"]:
            break
        kept = now
    return kept


def _wait_status(page: Page, board: Locator, statuses: tuple[str, ...]) -> str:
    page.wait_for_function("([el, s]) => s.includes(el.dataset.connection)", arg=[board.element_handle(),
                           list(statuses)], timeout=STATUS_TIMEOUT_MS)
    return board.get_attribute("data-connection") or ""


def _shoot(page: Page, board: Locator, name: str) -> list[Path]:
    """Screenshots of the board's notice and top at both sizes (tests/e2e/screenshots/resume-<name>-<size>)."""
    paths = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("(el) => el.scrollIntoView({block: 'start'})", board.element_handle())
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"resume-{name}-{size}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    page.set_viewport_size({"width": 1366, "height": 900})
    return paths


def _resume(page: Page, board: Locator, kept: dict[str, Any]) -> None:
    """Accept the offer to resume; the board then holds the kept game, at the same move."""
    offer = board.locator(".vt-notice-offer")
    offer.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert f"Resume your game from move {kept['moves']}?" in offer.inner_text()
    _act(page, board, lambda: board.get_by_role("button", name="Resume").click())
    assert board.locator(".vt-notice-offer").count() == 0
    assert board.locator(".vt-error").inner_text() == ""
    again = kept_game(page)
    assert again["record"] == kept["record"] and again["moves"] == kept["moves"]


def _disabled(board: Locator) -> bool:
    controls = board.locator(".vt-frame > :not(.vt-notices)").locator("button")
    states = controls.evaluate_all("els => els.map(e => e.disabled)")
    return bool(states) and all(states)


def test_a_killed_kernel_is_said_and_the_game_resumes_after_a_reload(resume_page: Page,
                                                                     app_server: AppServer) -> None:
    page = resume_page
    board = _open(page, app_server)
    forget_kept_games(page)
    board = _reload(page, app_server)
    assert board.get_attribute("data-connection") == "ok" and board.locator(".vt-notice").count() == 0
    _act(page, board, lambda: board.locator(".vt-opponents input[value=easy]").check())  # kept with the game
    _act(page, board, lambda: board.get_by_role("switch", name="Coach").check())
    kept = _played(page, board, 2)
    assert kept["game"] == "las_vegas" and kept["moves"] >= 2
    assert kept["options"] == {"bots": "easy", "coach": True}

    app_server.kernel_process(kernel_id(page)).kill()
    assert _wait_status(page, board, ("stopped",)) == "stopped"
    notice = board.locator(".vt-notice-stopped")
    assert "The lesson's kernel stopped… reload: your game is saved." in notice.inner_text()
    assert _disabled(board)
    _shoot(page, board, "kernel-stopped")

    board = _reload(page, app_server)
    assert board.get_attribute("data-connection") == "ok"
    _shoot(page, board, "offer")
    _resume(page, board, kept)
    # back with the game (found again on each try: the board may redraw the control after a handle is taken)
    page.wait_for_function(
        """(root) => root.querySelector('.vt-opponents input[value=easy]')?.checked
                     && root.querySelector('[data-key=coach-switch]')?.checked""",
        arg=board.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    _play_a_turn(page, board)  # and the game goes on
    assert kept_game(page)["moves"] > kept["moves"]


def test_a_frozen_kernel_is_said_not_answering_then_back(resume_page: Page, app_server: AppServer) -> None:
    page = resume_page
    board = _open(page, app_server)
    process = app_server.kernel_process(kernel_id(page))
    process.send_signal(signal.SIGSTOP)  # no answer at all, the connection itself stays up
    try:
        roll = board.get_by_role("button", name=re.compile(r"^Roll "))
        roll.click()  # a move sent: its answer is awaited (and comes after SIGCONT: messages wait in order)
        assert _wait_status(page, board, ("busy",)) == "busy"
        notice = board.locator(".vt-notice-busy")
        assert re.search(r"The lesson is (thinking|not answering yet)… \(\d+ s\)", notice.inner_text())
        _shoot(page, board, "busy")
    finally:
        process.send_signal(signal.SIGCONT)
    assert _wait_status(page, board, ("back", "ok")) in ("back", "ok")
    assert "Connected to the lesson again" in board.locator(".vt-notices").inner_text()
    _shoot(page, board, "back")
    assert not _disabled(board)


def test_a_tampered_record_is_refused_with_its_reason_and_a_new_game_starts(resume_page: Page,
                                                                            app_server: AppServer) -> None:
    page = resume_page
    board = _open(page, app_server)
    forget_kept_games(page)
    board = _reload(page, app_server)
    kept = _played(page, board, 1)
    envelope = json.loads(kept["record"])
    envelope["body"]["history"][-1] = envelope["body"]["history"][-1] + " "  # an edit the checksum does not fit
    page.evaluate("([prefix, record]) => { const k = Object.keys(localStorage).find(k => k.startsWith(prefix));"
                  " const v = JSON.parse(localStorage.getItem(k)); v.record = record;"
                  " localStorage.setItem(k, JSON.stringify(v)); }", [GAME_KEY_PREFIX, json.dumps(envelope)])

    board = _reload(page, app_server)
    board.locator(".vt-notice-offer").wait_for(timeout=UPDATE_TIMEOUT_MS)
    _act(page, board, lambda: board.get_by_role("button", name="Resume").click())
    notice = board.locator(".vt-notice-refused").inner_text()
    assert notice == ("Your saved game could not be resumed: saved game failed its checksum: it was corrupted or "
                      "edited. A new game has started.")
    assert board.locator(".vt-error").inner_text() == ""  # said once, above the board
    _shoot(page, board, "tampered")
    fresh = kept_game(page)
    assert fresh["record"] != json.dumps(envelope) and json.loads(fresh["record"])["game"] == "las_vegas"
    assert "Your turn: roll" in board.locator(".lv-status").inner_text()


def test_a_server_restart_is_said_and_the_game_resumes_after_a_reload(
    resume_page: Page, own_server: Callable[..., AppServer]
) -> None:
    page = resume_page
    server = own_server()
    board = _open(page, server)
    forget_kept_games(page)
    board = _reload(page, server)
    kept = _played(page, board, 1)

    stop_server(server)
    assert _wait_status(page, board, ("lost", "stopped")) in ("lost", "stopped")
    assert _disabled(board)
    words = board.locator(".vt-notices").inner_text()
    assert "Connection lost, trying again…" in words or "The lesson's kernel stopped" in words
    assert "your game is saved" in words
    _shoot(page, board, "server-stopped")

    again = own_server(port=server.port)  # (both are stopped by their pids after the test)
    try:
        board = _reload(page, again)
        _resume(page, board, kept)
    finally:
        leave_page(page)


_BREAK_A_WIDGET = """() => {
  const out = document.querySelector('.jp-OutputArea-output');
  const node = document.createElement('div');
  node.className = 'jupyter-widgets lm-Widget';
  node.textContent = 'Error displaying widget: model not found';
  out.appendChild(node);
}"""


def test_a_widget_that_failed_to_display_is_retried_once_then_a_reload_message(resume_page: Page,
                                                                               app_server: AppServer) -> None:
    page = resume_page
    _open(page, app_server)
    page.evaluate("() => Object.keys(sessionStorage).forEach(k => sessionStorage.removeItem(k))")
    with page.expect_navigation(wait_until="commit", timeout=UPDATE_TIMEOUT_MS):
        page.evaluate(_BREAK_A_WIDGET)  # as Voilà shows a widget whose model did not arrive
    watch_errors(page).clear()
    wait_until_rendered_or_fail(page, app_server)
    page.evaluate(_BREAK_A_WIDGET)  # the same again, right after the retry: no second reload
    message = page.locator(".vegas-tutor-widget-failed")
    message.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert "could not be shown" in message.inner_text()
    assert message.get_by_role("button", name="Reload the page").is_visible()
    assert page.evaluate("() => document.body.dataset.vegasTutorRetry") == "failed"
    page.evaluate("() => Object.keys(sessionStorage).forEach(k => sessionStorage.removeItem(k))")


def wait_until_rendered_or_fail(page: Page, server: AppServer) -> None:
    try:
        wait_until_rendered(page, ".lv-root")
    except AppError as error:
        pytest.fail(f"{error}\nserver log:\n{server.log_tail()}", pytrace=False)
