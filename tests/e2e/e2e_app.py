"""Drive the served app: start ``vegas-tutor`` as a subprocess, launch Debian's chromium, wait for lessons.

Shared by the browser tests (``tests/e2e/conftest.py``) and the benchmark (``bench/bench_app.py``).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import psutil  # type: ignore[import-untyped]  # (a dependency of ipykernel)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, Playwright

CHROMIUM = Path(os.environ.get("VEGAS_TUTOR_CHROMIUM", "/usr/bin/chromium"))
"""Debian's chromium: Playwright cannot download its own browsers here."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
SERVER_START_TIMEOUT = 60.0
LESSON_TIMEOUT_MS = 30_000

# True once Voilà has drawn every cell and every widget view of the page; a string when it shows an error.
# A widget view still empty counts as not drawn yet (anywidget loads its ES module asynchronously).
_RENDERED_JS = """() => {
  if (document.getElementById('loading')) return false;
  if (!document.querySelector('.jp-Cell')) return false;
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return false;
  const stderr = document.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]');
  if (stderr) return 'cell error: ' + (stderr.textContent || '').trim().slice(0, 300);
  for (const out of document.querySelectorAll('.jp-OutputArea-output')) {
    const text = (out.textContent || '').trim();
    if (text.includes('Error displaying widget')) return 'widget error: ' + text.slice(0, 300);
    if (out.childElementCount === 0 && text.startsWith('Loading widget')) return false;
    const view = out.querySelector(':scope > .lm-Widget');
    if (view && view.childElementCount === 0 && !(view.textContent || '').trim()) return false;
  }
  return true;
}"""

_ERRORS_ATTRIBUTE = "_vegas_tutor_errors"
_RENDERED_ATTRIBUTE = "_vegas_tutor_rendered"
_REQUESTS_ATTRIBUTE = "_vegas_tutor_foreign_requests"


class AppError(RuntimeError):
    """The served app did not start or a page did not render."""


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def vegas_tutor_command() -> list[str]:
    """The installed ``vegas-tutor`` console script of this Python environment."""
    beside = Path(sys.executable).with_name("vegas-tutor")
    found = str(beside) if beside.is_file() else shutil.which("vegas-tutor")
    if found is None:
        raise AppError("the vegas-tutor command is not installed: run pip install '.[test]'")
    return [found]


@dataclass
class AppServer:
    """A running ``vegas-tutor --no-browser --port N`` and where its log goes."""

    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    children: dict[int, psutil.Process] = field(default_factory=dict)
    host: str = "127.0.0.1"
    """The address it listens on (``--host`` in class mode)."""

    @property
    def url(self) -> str:
        """The root address, with a final slash."""
        return f"http://{self.host}:{self.port}/"

    def log_tail(self, lines: int = 40) -> str:
        """The end of the server's log, for failure messages."""
        text = self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def kernel_processes(self) -> list[psutil.Process]:
        """The kernel processes the server started and that are alive now."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.Error:
            return []
        kernels = []
        for child in children:
            with contextlib.suppress(psutil.Error):  # a process that ended meanwhile
                if "ipykernel" in " ".join(child.cmdline()):
                    kernels.append(child)
        self.children.update((p.pid, p) for p in kernels)
        return kernels

    def kernel_process(self, kernel_id: str) -> psutil.Process:
        """The process of one kernel, found by the connection file named after its id."""
        for process in self.kernel_processes():
            with contextlib.suppress(psutil.Error):
                if any(f"kernel-{kernel_id}.json" in part for part in process.cmdline()):
                    return process
        raise AppError(f"no kernel process for kernel {kernel_id}:\n{self.log_tail()}")


@dataclass
class Answer:
    """One HTTP answer of the served app: status, headers and body, and the cookies it sets."""

    status: int
    headers: http.client.HTTPMessage
    body: str

    def cookies(self) -> dict[str, str]:
        """The cookies of the answer's ``Set-Cookie`` headers, by name."""
        jar: SimpleCookie = SimpleCookie()
        for header in self.headers.get_all("Set-Cookie") or []:
            jar.load(header)
        return {name: morsel.value for name, morsel in jar.items()}


def _answers(port: int, host: str = "127.0.0.1") -> bool:
    """Whether the server answers its root address (a redirect, so no kernel is started)."""
    connection = http.client.HTTPConnection(host, port, timeout=2)
    try:
        connection.request("GET", "/")
        return connection.getresponse().status in (301, 302)
    except OSError:
        return False
    finally:
        connection.close()


def start_server(
    log_path: Path, port: int | None = None, extra_args: list[str] | None = None, host: str = "127.0.0.1"
) -> AppServer:
    """Start ``vegas-tutor`` and return once it answers at ``host`` (the ``--host`` of ``extra_args`` in class
    mode); ``AppError`` with its log if it does not."""
    port = free_port(host) if port is None else port
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [*vegas_tutor_command(), "--no-browser", "--port", str(port), *(extra_args or [])]
    with log_path.open("wb") as log:
        # The log's folder as the working folder: a class-mode server keeps its default records file there.
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                   cwd=log_path.parent)
    server = AppServer(port, process, log_path, host=host)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AppError(f"vegas-tutor exited with status {process.returncode}:\n{server.log_tail()}")
        if _answers(port, host):
            return server
        time.sleep(0.2)
    stop_server(server)
    raise AppError(f"vegas-tutor did not answer within {SERVER_START_TIMEOUT:.0f} s:\n{server.log_tail()}")


def stop_server(server: AppServer, timeout: float = 20.0) -> None:
    """Stop the server by its pid (SIGTERM: Voilà shuts its kernels down), then any kernel left behind."""
    server.kernel_processes()
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(5)
    for process in server.children.values():
        with contextlib.suppress(psutil.Error):  # gone already; psutil refuses a pid now someone else's
            process.kill()


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's chromium, headless, through Playwright's sync API."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)


def watch_errors(page: Page) -> list[str]:
    """Start collecting the page's script errors and console errors (idempotent); return the live list.

    Failed loads of outside addresses (Voilà's template links a web font from a CDN) are left out: the app
    works offline. So is ``/favicon.ico``: chromium asks for it on its own, for a page that names no icon (the
    404 page of the class addresses outside class mode, which a test visits to clear local storage), and its
    404 could land after that page, among the next page's errors.
    """
    errors: list[str] | None = getattr(page, _ERRORS_ATTRIBUTE, None)
    if errors is not None:
        return errors
    collected: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        where = str(message.location.get("url", ""))
        if message.text.startswith("Failed to load resource") and (
                not where.startswith("http://127.0.0.1") or where.endswith("/favicon.ico")):
            return
        collected.append(f"console error: {message.text[:500]} (at {where})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: collected.append(f"page error: {error}"))
    setattr(page, _ERRORS_ATTRIBUTE, collected)
    return collected


def wait_until_rendered(page: Page, selector: str | None = None, timeout_ms: int = LESSON_TIMEOUT_MS) -> None:
    """Wait until Voilà drew every cell and widget view (and ``selector`` is visible, if given).

    ``AppError`` as soon as the page shows a cell or widget error or logs a script error (collected since
    ``watch_errors(page)``), and on timeout. A widget that draws nothing at all never counts as drawn.
    Every wait is bounded: the check runs in the page under Playwright's timeout, so a page that stops
    answering fails the wait instead of hanging it.
    """
    from playwright.sync_api import Error as PlaywrightError

    errors = watch_errors(page)
    deadline = time.monotonic() + timeout_ms / 1000
    verdict: object = False
    while True:
        if errors:
            raise AppError(f"{page.url}: " + "; ".join(errors))
        remaining = max(1, int((deadline - time.monotonic()) * 1000))
        try:
            verdict = page.wait_for_function(
                f"() => {{ const v = ({_RENDERED_JS})(); return v === false ? false : {{ v }}; }}",
                timeout=min(remaining, 2_000), polling=50,
            ).json_value()["v"]
        except PlaywrightError as error:  # not drawn within 2 s, or the page is between two documents
            if "Timeout" not in str(error) and "context was destroyed" not in str(error) and "navigat" not in str(
                error
            ):
                raise
            verdict = False
        if isinstance(verdict, str):
            raise AppError(f"{page.url}: {verdict}")
        if verdict is True and (selector is None or page.locator(selector).first.is_visible()):
            rendered_urls(page).add(page.url)
            return
        if time.monotonic() > deadline:
            missing = "" if verdict is True else "cells or widgets still being drawn; "
            raise AppError(f"{page.url}: not rendered after {timeout_ms} ms ({missing}selector {selector!r})")
        page.wait_for_timeout(50)


def rendered_urls(page: Page) -> set[str]:
    """The addresses this tab has fully rendered so far (``wait_until_rendered`` adds to it)."""
    urls: set[str] | None = getattr(page, _RENDERED_ATTRIBUTE, None)
    if urls is None:
        urls = set()
        setattr(page, _RENDERED_ATTRIBUTE, urls)
    return urls


def watch_requests(page: Page, server_url: str) -> list[str]:
    """Start recording every request and websocket of the tab that goes anywhere but ``server_url``'s host
    and port (idempotent); return the live list of ``"<request> (from <page>)"`` lines. In-page addresses
    (``data:``, ``blob:`` of the server's own origin, ``about:``) do not leave the machine."""
    foreign: list[str] | None = getattr(page, _REQUESTS_ATTRIBUTE, None)
    if foreign is not None:
        return foreign
    recorded: list[str] = []
    own = urlsplit(server_url).netloc

    def check(url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme in ("data", "about") or (parts.scheme == "blob" and urlsplit(parts.path).netloc == own):
            return
        if parts.scheme in ("http", "ws") and parts.netloc == own:
            return
        recorded.append(f"{url[:200]} (from {page.url})")

    page.on("request", lambda request: check(request.url))
    page.on("websocket", lambda socket: check(socket.url))
    setattr(page, _REQUESTS_ATTRIBUTE, recorded)
    return recorded


def http_get(port: int, path: str, headers: dict[str, str] | None = None, timeout: float = 60.0,
             host: str = "127.0.0.1") -> tuple[int, str]:
    """``GET path`` from the server at ``host:port`` with extra ``headers`` (a ``Host`` among them replaces the
    real one); the status and the body."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()


def page_kernel_id(html: str) -> str:
    """The kernel id in a rendered Voilà page's ``jupyter-config-data``; ``AppError`` when there is none."""
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    if match is None:
        raise AppError(f"no kernel id in the page: {html[:300]!r}")
    return match.group(1)


def open_page(page: Page, url: str, selector: str | None = None, timeout_ms: int = LESSON_TIMEOUT_MS) -> Page:
    """Go to ``url`` and wait until it is rendered (see ``wait_until_rendered``).

    A page that does not arrive or render in time is asked for once more (a fresh request, so a fresh
    kernel): a learner would reload it too. A page that shows an error fails at once.
    """
    from playwright.sync_api import Error as PlaywrightError

    for attempt in (1, 2):
        watch_errors(page)
        try:
            page.goto(url, wait_until="commit", timeout=timeout_ms)
            wait_until_rendered(page, selector, timeout_ms)
            return page
        except (AppError, PlaywrightError) as error:
            slow = "not rendered after" in str(error) or "Timeout" in str(error)
            if attempt == 2 or not slow:
                raise
            leave_page(page)
    return page


GAME_KEY_PREFIX = "vegas-tutor:game:"
"""The local-storage keys under which a page's origin keeps its games."""


def kept_game(page: Page) -> dict[str, Any]:
    """The one game the page's origin keeps ({record, moves, game, at}); fails if it keeps none or several."""
    entries: dict[str, str] = page.evaluate(
        "(prefix) => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith(prefix)))",
        GAME_KEY_PREFIX)
    assert len(entries) == 1, list(entries)
    kept: dict[str, Any] = json.loads(next(iter(entries.values())))
    return kept


TEARDOWN_BOUND_S = 15.0
"""Seconds one step of leaving a page (navigating away, clearing its storage, closing its context) may take.
Chromium now and then never returns from one; past this bound the step is abandoned, instead of holding the
test until its own bound (conftest's ``BROWSER_TEST_TIMEOUT``), which then fails it for a second run."""


class BrowserStuck(Exception):
    """A step of leaving a page took longer than :data:`TEARDOWN_BOUND_S`."""


@contextlib.contextmanager
def bounded(seconds: float = TEARDOWN_BOUND_S) -> Iterator[None]:
    """Raise :class:`BrowserStuck` inside the block after ``seconds``, by an alarm of its own; the test's own bound
    (pytest-timeout's alarm) is set again afterwards with what is left of it, and when it is the nearer, it alone
    applies. Off the main thread (no alarms there) the block runs unbounded."""
    left = signal.getitimer(signal.ITIMER_REAL)[0]
    if threading.current_thread() is not threading.main_thread() or 0 < left <= seconds:
        yield
        return

    def stuck(signum: int, frame: object) -> None:
        raise BrowserStuck(f"a browser step took over {seconds:.0f} s")

    previous = signal.signal(signal.SIGALRM, stuck)
    start = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if left:
            signal.setitimer(signal.ITIMER_REAL, max(0.001, left - (time.monotonic() - start)))


def close_context(context: BrowserContext) -> None:
    """Close a browser context, abandoned if Chromium does not return from it (see :data:`TEARDOWN_BOUND_S`)."""
    with contextlib.suppress(BrowserStuck), bounded():
        context.close()


def forget_kept_games(page: Page, prefix: str = GAME_KEY_PREFIX) -> None:
    """Drop the games the page's origin keeps in local storage (with ``prefix="vegas-tutor:"``, everything the
    app keeps there: games, tab leases, practice); nothing to drop on a page of no origin."""
    with contextlib.suppress(Exception), bounded():
        page.evaluate("(prefix) => Object.keys(localStorage).filter(k => k.startsWith(prefix))"
                      ".forEach(k => localStorage.removeItem(k))", prefix)


def leave_page(page: Page) -> None:
    """Navigate away, so the page's shutdown beacon stops its kernel (closing a context does not unload)."""
    with contextlib.suppress(Exception), bounded():  # a page closed or crashed already has nothing to stop
        page.goto("about:blank", wait_until="commit", timeout=5_000)


def kernel_id(page: Page) -> str:
    """The id of the kernel behind a rendered Voilà page."""
    config: dict[str, Any] = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
    )
    return str(config["kernelId"])


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot as ``tests/e2e/screenshots/<name>.png`` and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


_CHARTS_FOLLOWED_JS = """() => [...document.querySelectorAll('.js-plotly-plot')].every(chart => {
  const svg = chart.querySelector('.main-svg');
  if (!svg || !chart.offsetParent) return true;  // not drawn, or not shown
  return Math.abs(svg.getBoundingClientRect().width - chart.getBoundingClientRect().width) < 2;
})"""


def resize(page: Page, width: int, height: int) -> None:
    """Set the viewport, then wait until the page is laid out again (two frames, so resize observers have run)
    and every plotly chart shown has taken its box's new width (plotly redraws a moment after a resize)."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function(_CHARTS_FOLLOWED_JS, timeout=5_000, polling=50)


def click_soon(page: Page, root: Locator, target: Locator) -> None:
    """Click ``target`` if it is there within a moment, then wait for the board's answer. A review finished in
    the background also redraws the board, so a wait can end before the click's answer: the loops that use
    this look again at what the board offers instead of trusting one wait."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    before = int(root.get_attribute("data-version") or "0")
    try:
        target.click(timeout=3_000)
        page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[root.element_handle(), before],
                               timeout=20_000)
    except PlaywrightTimeout:
        return  # not there, or a click the board did not take (it was busy): the loop looks again
