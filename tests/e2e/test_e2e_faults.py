"""One browser test per fault a class meets, through the served app: a killed kernel, a frozen one (SIGSTOP),
a server restart, a network cut and a kernel culled while its page was hidden, and the same game opened in
two tabs. Each checks the notice the board shows (busy is never "stopped"), that it clears by itself when it
becomes wrong, and that the game goes on, or is offered after a reload, with the same record and move count.

Durations are the shortest that prove each point. The frozen kernel's page is watched for 40 s: longer than
the old watch took to declare "stopped" (8 s without an answer, then 30 s), which is the behaviour under test.
Those 40 s pass on the page's clock (Playwright's ``page.clock``, run forward a second at a time, every timer
of the page fired in order), not the test's: the kernel is really stopped all along, for a second or two. The
network cut lasts the issue's 60 s on the page's clock the same way, every retry of the page really refused:
the board says "lost" from the socket's own status within a second or two, and comes back because it asks the
server every 3 s and reconnects as soon as the server answers, whatever the cut's length (so also past the 7
retries after which Jupyter's client gives up). The culled kernel uses ``--cull-idle 6``.

Tests that disturb the server (restart, network cut, culling) start a server of their own and stop it by its
process id; the network cut runs a chromium of its own, whose ``localhost:PORT`` is mapped to a small asyncio
TCP proxy on loopback in front of the server (the page's Host stays the server's, which it checks).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from e2e_app import (
    CHROMIUM,
    CHROMIUM_ARGS,
    GAME_KEY_PREFIX,
    SCREENSHOTS,
    AppError,
    AppServer,
    close_context,
    forget_kept_games,
    free_port,
    kept_game,
    kernel_id,
    leave_page,
    open_page,
    stop_server,
    watch_errors,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

LESSON = "01.06-play-a-full-game.ipynb"
UPDATE_TIMEOUT_MS = 15_000
NOTICE_WITHIN_MS = 10_000
"""Every notice must appear (and clear) within this long of the fault (or its end)."""
SMALL, WIDE = (1024, 768), (1366, 900)
FROZEN_FOR_S = 40
"""How long the frozen kernel's page is watched, on the page's own clock run forward (Playwright's ``clock``)."""
CUT_FOR_S = 60
"""How long the network stays cut, on the page's own clock run forward (the sockets really refused all along)."""


# ----------------------------------------------------------------------------- helpers
def _open(page: Page, root_url: str) -> Locator:
    watch_errors(page).clear()
    try:
        open_page(page, f"{root_url}voila/render/{LESSON}", ".lv-root")
    except AppError as error:
        pytest.fail(str(error), pytrace=False)
    return page.locator(".lv-root").first


def _reload(page: Page, root_url: str) -> Locator:
    leave_page(page)
    page.wait_for_timeout(300)
    return _open(page, root_url)


def _act(page: Page, board: Locator, do: Callable[[], Any]) -> None:
    before = int(board.get_attribute("data-version") or "0")
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)


def _roll(board: Locator) -> Locator:
    return board.get_by_role("button", name=re.compile(r"^Roll "))


def _play_a_turn(page: Page, board: Locator) -> None:
    _act(page, board, lambda: _roll(board).click())
    _act(page, board, lambda: board.locator(".lv-roll-group:not(.lv-roll-absent)").first.click())
    page.wait_for_function("(el) => el.dataset.updating === 'false'", arg=board.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)


def _fresh_game(page: Page, root_url: str, turns: int = 1, *, options: bool = False) -> tuple[Locator, dict[str, Any]]:
    """A page with no kept game, then ``turns`` turns played; the board and the game it keeps. With ``options``
    the opponents are set to easy and the Coach switched on first (kept with the game)."""
    _open(page, root_url)
    forget_kept_games(page, "vegas-tutor:")
    board = _reload(page, root_url)
    if options:
        _act(page, board, lambda: board.locator(".vt-opponents input[value=easy]").check())
        _act(page, board, lambda: board.get_by_role("switch", name="Coach").check())
    for _ in range(turns):
        _play_a_turn(page, board)
    page.wait_for_function(
        "(prefix) => Object.entries(localStorage).some(([k, v]) => k.startsWith(prefix) && JSON.parse(v).moves > 0)",
        arg=GAME_KEY_PREFIX, timeout=UPDATE_TIMEOUT_MS)
    return board, kept_game(page)


def _wait_status(page: Page, board: Locator, statuses: tuple[str, ...], timeout_ms: int = NOTICE_WITHIN_MS) -> float:
    """Wait until the board's connection is one of ``statuses``; the seconds it took."""
    start = time.monotonic()
    page.wait_for_function("([el, s]) => s.includes(el.dataset.connection)",
                           arg=[board.element_handle(), list(statuses)], timeout=timeout_ms)
    return time.monotonic() - start


def _shoot(page: Page, board: Locator, name: str, size: tuple[int, int] = SMALL) -> Path:
    """The board's top (its notices) at ``size``: tests/e2e/screenshots/faults-<name>.png."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("(el) => el.scrollIntoView({block: 'start'})", board.element_handle())
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"faults-{name}.png"
    page.screenshot(path=str(path))
    page.set_viewport_size({"width": SMALL[0], "height": SMALL[1]})
    return path


def _resume(page: Page, board: Locator, kept: dict[str, Any]) -> None:
    """Accept the offer of the kept game: the board then holds it, at the same move, with the same record."""
    offer = board.locator(".vt-notice-offer")
    offer.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert f"Resume your game from move {kept['moves']}?" in offer.inner_text()
    _act(page, board, lambda: board.get_by_role("button", name="Resume").click())
    page.wait_for_function("(el) => el.dataset.updating === 'false'", arg=board.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    again = kept_game(page)
    assert again["record"] == kept["record"] and again["moves"] == kept["moves"]
    assert board.locator(".vt-error").inner_text() == ""


def _notices(board: Locator) -> str:
    return board.locator(".vt-notices").inner_text()


def _disabled(board: Locator) -> bool:
    """Whether every button of the board outside its notices is disabled."""
    states = board.locator(".vt-frame > :not(.vt-notices)").locator("button").evaluate_all(
        "els => els.map(e => e.disabled)")
    return bool(states) and all(states)


@pytest.fixture
def fault_page(chromium_browser: Browser) -> Iterator[Page]:
    """A tab in a context of its own (its storage holds only this test's game), 1024x768."""
    context = chromium_browser.new_context(viewport={"width": SMALL[0], "height": SMALL[1]})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    yield page
    leave_page(page)
    close_context(context)


# ----------------------------------------------------------------------------- the faults
def test_a_killed_kernel_is_said_stopped_and_the_game_resumes_after_a_reload(fault_page: Page,
                                                                             app_server: AppServer) -> None:
    page = fault_page
    board, kept = _fresh_game(page, app_server.url, 2, options=True)
    assert kept["game"] == "las_vegas" and kept["moves"] >= 2
    assert kept["options"] == {"bots": "easy", "coach": True}
    app_server.kernel_process(kernel_id(page)).send_signal(signal.SIGKILL)
    took = _wait_status(page, board, ("stopped",))
    notice = board.locator(".vt-notice-stopped")
    assert notice.get_attribute("role") == "alert"
    assert "The lesson's kernel stopped… reload: your game is saved." in notice.inner_text()
    assert notice.get_by_role("button", name="Reload the page").is_enabled()
    assert _disabled(board)
    _shoot(page, board, "stopped")
    _shoot(page, board, "stopped-wide", WIDE)
    print(f"killed kernel: 'stopped' after {took:.1f} s")

    board = _reload(page, app_server.url)
    assert board.get_attribute("data-connection") == "ok"
    _shoot(page, board, "offer")
    _shoot(page, board, "offer-wide", WIDE)
    _resume(page, board, kept)
    # the game's options come back with it (found again on each try: a redraw may replace the controls)
    page.wait_for_function(
        """(root) => root.querySelector('.vt-opponents input[value=easy]')?.checked
                     && root.querySelector('[data-key=coach-switch]')?.checked""",
        arg=board.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    _play_a_turn(page, board)
    assert kept_game(page)["moves"] > kept["moves"]


def test_a_frozen_kernel_is_said_busy_never_stopped_and_clears_after_sigcont(fault_page: Page,
                                                                             app_server: AppServer) -> None:
    page = fault_page
    page.clock.install()  # the page's timers on Playwright's clock (flowing as usual until it is run forward)
    board, kept = _fresh_game(page, app_server.url)
    process = app_server.kernel_process(kernel_id(page))
    seen: set[str] = set()
    process.send_signal(signal.SIGSTOP)  # connected socket, no status change, no answer
    try:
        _roll(board).click()  # a move sent to the frozen kernel: it waits in order and is answered after
        _wait_status(page, board, ("busy",))
        notice = board.locator(".vt-notice-busy")
        assert notice.get_attribute("role") == "status"
        first = notice.inner_text()
        assert re.search(r"The lesson is (thinking|not answering yet)… \(\d+ s\)", first), first
        for _second in range(FROZEN_FOR_S):  # the page's clock run forward a second at a time, each timer fired
            page.clock.run_for(1000)
            seen.add(board.get_attribute("data-connection") or "")
        assert seen == {"busy"}, seen
        later = board.locator(".vt-notice-busy").inner_text()
        assert later != first  # the seconds tick
        _shoot(page, board, "busy")
    finally:
        process.send_signal(signal.SIGCONT)
    took = _wait_status(page, board, ("back", "ok"))
    print(f"frozen kernel: busy for {FROZEN_FOR_S} s of the page's clock, cleared {took:.1f} s after SIGCONT")
    assert "Connected to the lesson again" in _notices(board)  # said for a few seconds, then cleared
    _shoot(page, board, "back")
    page.wait_for_function("(el) => el.dataset.updating === 'false'", arg=board.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    assert board.locator(".lv-roll-group:not(.lv-roll-absent)").count() > 0  # the roll sent while frozen
    _act(page, board, lambda: board.locator(".lv-roll-group:not(.lv-roll-absent)").first.click())
    assert kept_game(page)["moves"] > kept["moves"]


def test_a_server_restart_is_said_then_the_game_resumes(fault_page: Page, own_server: Callable[..., AppServer]) -> None:
    page = fault_page
    server = own_server()
    board, kept = _fresh_game(page, server.url)
    stop_server(server)
    _wait_status(page, board, ("lost",))
    notice = board.locator(".vt-notice-lost")
    assert notice.get_attribute("role") == "status"
    assert "Connection lost, trying again…" in notice.inner_text() and "your game is saved" in notice.inner_text()
    assert _disabled(board)
    _shoot(page, board, "server-down")
    _shoot(page, board, "server-down-wide", WIDE)

    again = own_server(port=server.port)
    took = _wait_status(page, board, ("stopped",))  # the new server does not know this page's kernel
    assert "The lesson's kernel stopped… reload: your game is saved." in _notices(board)
    _shoot(page, board, "server-restarted")
    print(f"server restart: 'stopped' {took:.1f} s after the server answered again")
    board = _reload(page, again.url)
    _resume(page, board, kept)


class CuttableProxy:
    """A TCP proxy on loopback (asyncio, in a thread of its own) whose connections can be cut and restored."""

    def __init__(self, target_port: int) -> None:
        self.port = free_port()
        self._target = target_port
        self._open = True
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cuttable-proxy", daemon=True)
        self._thread.start()
        assert self._ready.wait(10), "the proxy did not start"

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", self.port))
        self._ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self._open:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self._target)
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, up_writer}

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, ConnectionError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self._writers -= {writer, up_writer}

    def _call(self, fn: Callable[[], None]) -> None:
        done = threading.Event()

        def run() -> None:
            fn()
            done.set()

        self._loop.call_soon_threadsafe(run)
        assert done.wait(10)

    def cut(self) -> None:
        """Drop every connection and refuse new ones (as a network that went away)."""
        def drop() -> None:
            self._open = False
            for writer in list(self._writers):
                writer.transport.abort()
        self._call(drop)

    def restore(self) -> None:
        def reopen() -> None:
            self._open = True
        self._call(reopen)

    def close(self) -> None:
        self.cut()
        self._loop.call_soon_threadsafe(self._server.close)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


def test_a_network_cut_is_said_lost_and_clears_with_the_game_intact(chromium_browser: Browser,
                                                                    own_server: Callable[..., AppServer]) -> None:
    server = own_server()
    proxy = CuttableProxy(server.port)
    browser = chromium_browser.browser_type.launch(
        executable_path=str(CHROMIUM), headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP localhost:{server.port} 127.0.0.1:{proxy.port}"])
    try:
        page = browser.new_context(viewport={"width": SMALL[0], "height": SMALL[1]}).new_page()
        page.clock.install()  # the page's timers on Playwright's clock (flowing as usual until it is run forward)
        root = f"http://localhost:{server.port}/"  # through the proxy, with the server's own Host
        board, kept = _fresh_game(page, root)
        version = board.get_attribute("data-version")
        proxy.cut()
        took = _wait_status(page, board, ("lost",))
        notice = board.locator(".vt-notice-lost")
        assert notice.get_attribute("role") == "status" and "Connection lost, trying again…" in notice.inner_text()
        board.focus()
        page.keyboard.press("r")  # a move while offline (R rolls): not sent, and said
        board.locator(".vt-notice-note").wait_for(timeout=UPDATE_TIMEOUT_MS)
        assert "Your last move was not sent" in _notices(board)
        seen: set[str] = set()
        for _second in range(CUT_FOR_S):  # the page's clock run forward a second at a time, each timer fired
            page.clock.run_for(1000)
            seen.add(board.get_attribute("data-connection") or "")
        assert seen == {"lost"}, seen  # every retry refused all along: never "stopped", never "ok"
        _shoot(page, board, "lost")
        proxy.restore()
        back = _wait_status(page, board, ("back", "ok"))
        print(f"network cut: 'lost' after {took:.1f} s, still after {CUT_FOR_S} s of the page's clock, cleared "
              f"{back:.1f} s after the network came back")
        assert board.get_attribute("data-version") == version  # nothing happened to the game meanwhile
        assert kept_game(page)["record"] == kept["record"] and kept_game(page)["moves"] == kept["moves"]
        _play_a_turn(page, board)  # the game goes on, on the same kernel
        assert kept_game(page)["moves"] > kept["moves"]
        leave_page(page)
    finally:
        browser.close()
        proxy.close()


def _hide(page: Page, hidden: bool) -> None:
    """Emulate the page going to the background (or back to the front), as a learner switching tabs."""
    page.evaluate("""(hidden) => {
      Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
      Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_a_kernel_culled_while_its_page_was_hidden_is_said_on_return(fault_page: Page,
                                                                    own_server: Callable[..., AppServer]) -> None:
    page = fault_page
    server = own_server("--cull-idle", "6")
    board, kept = _fresh_game(page, server.url)
    kernel = kernel_id(page)
    _hide(page, True)  # a hidden page sends no pings: its kernel is idle, and culled
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        try:
            server.kernel_process(kernel)
        except AppError:
            break
        time.sleep(0.5)
    else:
        pytest.fail(f"the kernel was not culled:\n{server.log_tail()}")
    _hide(page, False)
    took = _wait_status(page, board, ("stopped",))
    assert "The lesson's kernel stopped… reload: your game is saved." in _notices(board)
    _shoot(page, board, "culled")
    print(f"culled while hidden: 'stopped' {took:.1f} s after the page came back")
    stop_server(server)  # the reload goes to a server without the 6 s culling, on the same address (storage)
    again = own_server(port=server.port)
    board = _reload(page, again.url)
    _resume(page, board, kept)


def test_a_second_tab_is_told_and_can_take_the_game_over(chromium_browser: Browser, app_server: AppServer) -> None:
    context = chromium_browser.new_context(viewport={"width": SMALL[0], "height": SMALL[1]})
    first, second = context.new_page(), context.new_page()
    try:
        board, kept = _fresh_game(first, app_server.url)
        other = _open(second, app_server.url)
        other.locator(".vt-notice-tab").wait_for(timeout=UPDATE_TIMEOUT_MS)
        assert other.get_attribute("data-tab") == "elsewhere"
        assert "This game is open in another tab." in _notices(other)
        assert other.locator(".vt-notice-offer").count() == 0  # no second copy of the game to resume
        assert _roll(other).is_disabled()
        _shoot(second, other, "second-tab")
        assert kept_game(first) == kept  # the second tab wrote nothing

        _act(second, other, lambda: other.get_by_role("button", name="Play here instead").click())
        second.wait_for_function("(el) => el.dataset.updating === 'false' && el.dataset.tab === 'here'",
                                 arg=other.element_handle(), timeout=UPDATE_TIMEOUT_MS)
        assert kept_game(second)["record"] == kept["record"]  # the game itself moved to this tab
        first.wait_for_function("(el) => el.dataset.tab === 'moved'", arg=board.element_handle(),
                                timeout=NOTICE_WITHIN_MS)
        assert "This game moved to another tab: this tab no longer saves it." in _notices(board)
        assert _roll(board).is_disabled()
        _shoot(first, board, "moved-tab")
        _play_a_turn(second, other)
        moved = kept_game(second)
        assert moved["moves"] > kept["moves"] and kept_game(first) == moved  # one record, kept by one tab
    finally:
        leave_page(first)
        leave_page(second)
        close_context(context)
