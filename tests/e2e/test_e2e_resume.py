"""A kept game that cannot be trusted, and a widget that could not be shown, through the served app: a tampered
record is refused with its reason and a new game starts; a widget that failed to display is retried once, then
a Reload message (the page script of ``vegas_tutor/voila_template``). The faults that a kept game survives (a
killed kernel, a frozen one, a server restart: said in plain words, the controls disabled, the game resumed at the
same move with its options) are ``test_e2e_faults``'s."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from e2e_app import (
    GAME_KEY_PREFIX,
    SCREENSHOTS,
    AppError,
    AppServer,
    close_context,
    forget_kept_games,
    kept_game,
    leave_page,
    open_page,
    wait_until_rendered,
    watch_errors,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

LESSON = "01.06-play-a-full-game.ipynb"
UPDATE_TIMEOUT_MS = 15_000
SIZES = {"wide": (1366, 900), "small": (1024, 768)}


@pytest.fixture(scope="module")
def resume_page(chromium_browser: Browser) -> Iterator[Page]:
    """A tab in a context of its own: its local storage holds only what these tests keep."""
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    yield page
    leave_page(page)
    close_context(context)


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
