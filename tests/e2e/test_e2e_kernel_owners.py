"""Only a page's own kernel, in a real browser: a lesson still draws and plays with its kernel's secret
cookie, uses no refused route, and leaving it still shuts its kernel down (``vegas_tutor.kernel_owners``)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import psutil
import pytest
from e2e_app import AppServer, kernel_id, leave_page

from vegas_tutor.kernel_owners import cookie_name

if TYPE_CHECKING:
    from playwright.sync_api import Page, Response

pytestmark = pytest.mark.e2e

PLAY = "01.06-play-a-full-game.ipynb"
UPDATE_TIMEOUT_MS = 15_000


def test_a_lesson_plays_with_its_own_kernel_and_leaving_it_shuts_that_kernel_down(
    open_lesson: Callable[..., Page], app_server: AppServer
) -> None:
    answers: list[tuple[int, str]] = []

    def on_response(response: Response) -> None:
        if response.url.startswith(app_server.url):
            answers.append((response.status, response.request.method + " " + response.url))

    page = open_lesson(PLAY, selector=".lv-root")
    page.on("response", on_response)
    try:
        kernel = kernel_id(page)
        cookies = {c["name"]: c for c in page.context.cookies(app_server.url)}
        mine = cookies[cookie_name(kernel)]
        assert mine["httpOnly"] and mine["sameSite"] == "Strict" and mine["path"] == "/"
        assert not page.evaluate("() => document.cookie").count(cookie_name(kernel))  # no script reads it

        board = page.locator(".lv-root").first
        before = int(board.get_attribute("data-version") or "0")
        board.get_by_role("button", name=re.compile(r"^Roll ")).click()
        page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                               arg=[board.element_handle(), before], timeout=UPDATE_TIMEOUT_MS)
        assert board.locator(".lv-roll-group:not(.lv-roll-absent)").count() >= 1  # Python answered the roll

        process = app_server.kernel_process(kernel)
        leave_page(page)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if process.status() == psutil.STATUS_ZOMBIE:
                    break
            except psutil.NoSuchProcess:
                break
            time.sleep(0.2)
        else:
            pytest.fail(f"the kernel of the page left is still running\n{app_server.log_tail()}")
    finally:
        page.remove_listener("response", on_response)
    refused = [answer for answer in answers if answer[0] >= 400]
    assert not refused, f"the page was refused: {refused}"
    assert f"refused POST /voila/api/shutdown/{kernel}" not in app_server.log_tail(400)
