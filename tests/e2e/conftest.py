"""Fixtures for the browser tests: one real ``vegas-tutor`` server and one chromium for the whole session (one
of each per xdist worker).

Reuse them in any ``tests/e2e/test_e2e_*.py``::

    @pytest.mark.e2e
    def test_board_draws(open_lesson):
        page = open_lesson("01.01-placing-dice.ipynb", selector=".lv-board")
        page.get_by_role("button", name="Place the 3s").click()

``app_server`` (its ``url``, ``port``, ``log_tail()``, ``kernel_process(id)``), ``own_server(*args, port=None)``
(a server of the test's own), ``chromium_browser``,
``app_page`` (the session's tab; ``watch_requests`` records its requests off the machine),
``open_lesson(name, selector=None)`` (waits until Voilà drew every cell and widget, fails on a widget or
cell error) and ``save_screenshot(page, name)`` (tests/e2e/screenshots/).

Set ``VEGAS_TUTOR_E2E_LESSONS=DIR`` to run the same tests against another lessons folder, and
``VEGAS_TUTOR_CHROMIUM=PATH`` for a chromium elsewhere than ``/usr/bin/chromium``. Without the browser the
tests are skipped, or fail when the ``CI`` variable is set.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from e2e_app import (  # the helper modules sit beside this file
    CHROMIUM,
    AppError,
    AppServer,
    close_context,
    forget_kept_games,
    launch_chromium,
    leave_page,
    open_page,
    screenshot,
    stop_server,
    watch_errors,
    watch_requests,
)
from own_servers import started

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def _unavailable(reason: str) -> None:
    """No browser here: a failure on CI (where ``.ci/run`` installs chromium), a skip elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (required when CI is set)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """``vegas-tutor --no-browser --port <free port>``, running for the whole session; its log is kept."""
    log_path = tmp_path_factory.mktemp("vegas-tutor") / "server.log"
    lessons = os.environ.get("VEGAS_TUTOR_E2E_LESSONS")
    server = started(log_path, ["--lessons", lessons] if lessons else [])
    yield server
    stop_server(server)
    print(f"\nvegas-tutor server log: {log_path}")


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Callable[..., AppServer]]:
    """``own_server(*args, port=None)``: a server of the test's own, pre-heating no kernel, with ``args`` (the
    same ``port`` again restarts one); every one started is stopped by its process id after the test."""
    servers: list[AppServer] = []

    def start(*args: str, port: int | None = None) -> AppServer:
        servers.append(started(tmp_path / f"server-{len(servers)}.log", ["--preheat", "none", *args], port=port))
        return servers[-1]

    yield start
    for server in servers:
        stop_server(server)


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    """Debian's chromium driven by Playwright (sync API), shared by all tests."""
    if not CHROMIUM.is_file():
        _unavailable(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed: pip install '.[test]'")
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def shared_page(chromium_browser: Browser, app_server: AppServer) -> Iterator[Page]:
    """One browser tab (1280x900) for the whole session. Opening and closing a browser context for every
    test now and then hung Chromium for good; one tab that each test navigates does not."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # never leave a page blocked on a prompt
    watch_requests(page, app_server.url)  # every page of the session is checked for requests off the machine
    yield page
    leave_page(page)
    close_context(context)


@pytest.fixture
def app_page(shared_page: Page) -> Iterator[Page]:
    """The session's tab, with no script errors recorded yet; after the test it leaves its page, so the
    page's kernel is shut down as when a learner moves on."""
    watch_errors(shared_page).clear()
    yield shared_page
    forget_kept_games(shared_page)  # the next test's lesson offers no game this one kept
    leave_page(shared_page)


@pytest.fixture
def open_lesson(app_page: Page, app_server: AppServer) -> Callable[..., Page]:
    """``open_lesson(name, selector=None)``: open a rendered lesson and wait until its widgets are drawn."""

    def _open(name: str, selector: str | None = None) -> Page:
        try:
            return open_page(app_page, f"{app_server.url}voila/render/{name}", selector)
        except AppError as error:
            pytest.fail(f"{error}\nserver log:\n{app_server.log_tail()}", pytrace=False)

    return _open


@pytest.fixture
def save_screenshot() -> Callable[[Page, str], Path]:
    """``save_screenshot(page, name)`` writes tests/e2e/screenshots/<name>.png and returns its path."""
    return screenshot


BROWSER_TEST_TIMEOUT = 150
"""Seconds a browser test may take, fixtures included (the slowest takes about 50 s). Chromium now and then never
returns from closing a context: this bounds what such a hang costs before the test's second run (each step of
leaving a page has a shorter bound of its own, ``e2e_app.TEARDOWN_BOUND_S``, past which it is abandoned)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test that fails is run once more before it counts: a real browser against a real server on a
    shared 2-core machine now and then misses a deadline that a second run meets. A real defect fails twice."""
    for item in items:
        if item.get_closest_marker("e2e") is not None:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=1))
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(BROWSER_TEST_TIMEOUT))
