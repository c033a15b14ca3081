"""Benchmark the served app in a real browser: first render, kernel memory, click-to-board latency.

Starts the real ``vegas-tutor --no-browser`` (as the browser tests do) and drives Debian's chromium through
Playwright. It measures, and prints:

* server start: from launching the command until it answers, then until the kernel pools it pre-heats at
  start are filled (the log line Voilà writes per notebook);
* first render of the landing page right after the server answers, then of every lesson in course order
  (each in a fresh tab, as a learner following the "next" links), from navigation until Voilà drew every
  cell and widget view (goal <= 3 s);
* memory of the kernel behind each open lesson (resident set size, goal <= 150 MB), and of the whole pool;
* ``click_latency(...)``: click -> board updated, p50 and p95 over repeated clicks (goal <= 100 ms at p95),
  for any lesson and selectors, e.g. rolling then placing dice on the full-game lesson's board::

      python bench/bench_app.py --click 01.06-play-a-full-game.ipynb '[data-key=roll]' .lv-root \\
          --also-click button.lv-roll-group --done-attribute data-version

Usage: ``python bench/bench_app.py [--lessons DIR] [--click LESSON CLICK_SEL BOARD_SEL] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "tests" / "e2e"), str(REPO / "tests")]

from e2e_app import (  # noqa: E402  (shared with the browser tests)
    AppServer,
    kernel_id,
    launch_chromium,
    leave_page,
    open_page,
    start_server,
    stop_server,
    wait_until_rendered,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

MB = 1024 * 1024
POOL_TIMEOUT = 180.0
RUN_BUDGET_S = 600.0

# Click one element and resolve with the milliseconds until the board element changes: its attribute
# ``doneAttribute`` (e.g. a version number the widget bumps after each update), or else any DOM mutation
# under it. Measured inside the page, so the figure excludes Playwright's own round trips.
_CLICK_TO_UPDATE_JS = """async ([clickSelector, boardSelector, doneAttribute, timeoutMs]) => {
  const board = document.querySelector(boardSelector);
  const target = document.querySelector(clickSelector);
  if (!board) throw new Error('no board element ' + boardSelector);
  if (!target) throw new Error('no element to click ' + clickSelector);
  const before = doneAttribute ? board.getAttribute(doneAttribute) : null;
  return await new Promise((resolve, reject) => {
    let timer = null;
    const observer = new MutationObserver(() => {
      if (doneAttribute && board.getAttribute(doneAttribute) === before) return;
      observer.disconnect(); clearTimeout(timer); resolve(performance.now() - start);
    });
    observer.observe(board, {subtree: true, childList: true, attributes: true, characterData: true});
    const fail = () => { observer.disconnect(); reject(new Error('board did not change')); };
    timer = setTimeout(fail, timeoutMs);
    const start = performance.now();
    target.click();
  });
}"""


@dataclass
class PageFigures:
    """One page's first render and the memory of the kernel behind it."""

    name: str
    first_render_s: float
    kernel_rss_mb: float


@dataclass
class ClickFigures:
    """Click -> board updated, over ``clicks`` clicks."""

    lesson: str
    clicks: int
    timeouts: int
    p50_ms: float
    p95_ms: float
    max_ms: float


@dataclass
class Report:
    """Everything measured in one run."""

    load_before: float = 0.0
    """The machine's 1-minute load average before the run (other work skews every figure)."""
    load_after: float = 0.0
    server_answers_s: float = 0.0
    pools_filled_s: float | None = None
    pool_kernels: int = 0
    pool_rss_mb: float = 0.0
    pages: list[PageFigures] = field(default_factory=list)
    clicks: list[ClickFigures] = field(default_factory=list)


def kernel_rss_mb(server: AppServer, page: Page) -> float:
    """Resident memory of the kernel behind ``page``, in MB."""
    return float(server.kernel_process(kernel_id(page)).memory_info().rss) / MB


def measure_page(browser: Browser, server: AppServer, name: str) -> PageFigures:
    """Open ``name`` in a fresh tab, time its first render, read its kernel's memory, close the tab."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        start = time.perf_counter()
        open_page(page, f"{server.url}voila/render/{name}")
        elapsed = time.perf_counter() - start
        return PageFigures(name, elapsed, kernel_rss_mb(server, page))
    finally:
        leave_page(page)
        context.close()


def wait_for_pools(
    server: AppServer, notebooks: list[str], started: float, timeout: float = POOL_TIMEOUT
) -> float | None:
    """Wait until Voilà logged a filled kernel pool for every notebook; seconds since ``started``
    (a ``time.perf_counter()``), or None on timeout."""
    filled = re.compile(r"Kernel pool of (\S+) is filled")
    while time.perf_counter() - started < timeout:
        log = server.log_path.read_text(encoding="utf-8", errors="replace")
        if set(notebooks) <= set(filled.findall(log)):
            return time.perf_counter() - started
        time.sleep(0.1)
    return None


def _settle(page: Page, board_selector: str, done_attribute: str | None, quiet_ms: int = 300) -> None:
    """Wait until the board stopped changing for ``quiet_ms`` (one click may cause several updates, e.g.
    the learner's move, then the other players' turns, then the learner's next roll)."""
    if done_attribute is None:
        page.wait_for_timeout(quiet_ms)
        return
    last = page.get_attribute(board_selector, done_attribute)
    while True:
        page.wait_for_timeout(quiet_ms)
        now = page.get_attribute(board_selector, done_attribute)
        if now == last:
            return
        last = now


def click_latency(
    browser: Browser,
    server: AppServer,
    lesson: str,
    click_selector: str | Sequence[str],
    board_selector: str,
    clicks: int = 20,
    done_attribute: str | None = None,
    reset_selector: str | None = None,
    timeout_ms: int = 30_000,
) -> ClickFigures:
    """Click ``click_selector`` ``clicks`` times in ``lesson``; time each until ``board_selector`` changes.

    Several selectors are clicked in turn (e.g. ``("[data-key=roll]", "button.lv-roll-group")``: roll, then
    place), each click timed.
    A wait ends when the board element's ``done_attribute`` changes (e.g. ``"data-version"``), or without
    one at the board's first DOM change after the click. ``reset_selector`` (e.g. a Restart button) is
    clicked, untimed, after each timed click, for moves that cannot be repeated from the new state.
    """
    from playwright.sync_api import Error as PlaywrightError

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        open_page(page, f"{server.url}voila/render/{lesson}", board_selector)
        timings: list[float] = []
        timeouts = 0
        cycle = [click_selector] if isinstance(click_selector, str) else list(click_selector)
        for number in range(clicks):
            target = cycle[number % len(cycle)]
            _settle(page, board_selector, done_attribute)
            page.wait_for_selector(f"{target}:not([disabled])", state="visible")
            arguments = [target, board_selector, done_attribute, timeout_ms]
            try:
                timings.append(float(page.evaluate(_CLICK_TO_UPDATE_JS, arguments)))
            except PlaywrightError as error:
                if "board did not change" not in str(error):
                    raise
                timings.append(float(timeout_ms))  # counted at the timeout: a lower bound
                timeouts += 1
            wait_until_rendered(page, board_selector, timeout_ms=max(timeout_ms, 60_000))
            if reset_selector is not None:
                _settle(page, board_selector, done_attribute)
                page.click(reset_selector)
        timings.sort()
        p95 = timings[min(len(timings) - 1, round(0.95 * (len(timings) - 1)))]
        return ClickFigures(lesson, clicks, timeouts, statistics.median(timings), p95, timings[-1])
    finally:
        leave_page(page)
        context.close()


def run(
    lessons: Path | None,
    click: list[str] | None,
    clicks: int,
    done_attribute: str | None = None,
    also_click: Sequence[str] = (),
    server_args: Sequence[str] = (),
) -> Report:
    """Start the server, measure, stop it; the figures."""
    from lesson_nav_tool import nav  # tools/lesson_nav.py, loaded once (tests/lesson_nav_tool.py)
    from playwright.sync_api import sync_playwright

    lesson_names = [lesson.name for lesson in nav.find_lessons(lessons or _bundled_lessons())]
    report = Report(load_before=os.getloadavg()[0])
    log_path = Path(tempfile.mkdtemp(prefix="bench-app-")) / "server.log"
    start = time.perf_counter()
    extra = [*(["--lessons", str(lessons)] if lessons else []), *server_args]
    server = start_server(log_path, extra_args=extra)
    report.server_answers_s = time.perf_counter() - start
    # A run that hangs (a browser or server stuck) prints where it was and stops the server, which makes the
    # waiting page calls fail, so the run ends and nothing is left running.
    watchdog = threading.Timer(RUN_BUDGET_S, _give_up, args=(server,))
    watchdog.daemon = True
    watchdog.start()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            report.pages.append(measure_page(browser, server, "index.ipynb"))
            warm = _preheated(lessons or _bundled_lessons(), lesson_names, server_args)
            if warm:
                report.pools_filled_s = wait_for_pools(server, warm, start)
            pool = server.kernel_processes()
            report.pool_kernels = len(pool)
            report.pool_rss_mb = sum(process.memory_info().rss for process in pool) / MB
            for name in lesson_names:
                report.pages.append(measure_page(browser, server, name))
            if click:
                lesson, click_selector, board_selector = click
                selectors = [click_selector, *also_click]
                figures = click_latency(browser, server, lesson, selectors, board_selector, clicks, done_attribute)
                report.clicks.append(figures)
            browser.close()
    finally:
        watchdog.cancel()
        stop_server(server)
    report.load_after = os.getloadavg()[0]
    return report


def _preheated(folder: Path, lesson_names: list[str], server_args: Sequence[str]) -> list[str]:
    """The pages whose kernel pool the server fills at start under the ``--preheat`` policy it was given."""
    from vegas_tutor.cli import PreheatPlan

    policy = next((arg.split("=", 1)[1] for arg in server_args if arg.startswith("--preheat=")), "first")
    if policy == "all":
        return ["index.ipynb", *lesson_names]
    if policy == "first":
        return list(PreheatPlan.for_folder(folder).resident)
    return []


def _give_up(server: AppServer) -> None:
    print(f"bench_app: no result after {RUN_BUDGET_S:.0f} s; stacks, then the server is stopped:", file=sys.stderr)
    faulthandler.dump_traceback(file=sys.stderr)
    stop_server(server)


def _bundled_lessons() -> Path:
    from vegas_tutor.resources import lessons_dir

    return lessons_dir()


def print_report(report: Report) -> None:
    """The figures, one per line, with the goals."""
    print(f"load average (1 min) before / after: {report.load_before:.1f} / {report.load_after:.1f} "
          f"on {os.cpu_count()} CPUs")
    print(f"server answers after            {report.server_answers_s:6.2f} s")
    filled = "not measured" if report.pools_filled_s is None else f"{report.pools_filled_s:6.2f} s"
    print(f"start-up kernel pools filled    {filled}")
    pool = f"{report.pool_kernels:3d}, {report.pool_rss_mb:7.1f} MB resident in all"
    print(f"kernels running at that moment  {pool}")
    print(f"{'page':40s} {'first render':>12s} {'kernel RSS':>11s}   (goals: <= 3 s, <= 150 MB)")
    for page in report.pages:
        print(f"{page.name:40s} {page.first_render_s:10.2f} s {page.kernel_rss_mb:8.1f} MB")
    for figures in report.clicks:
        print(
            f"click -> board updated in {figures.lesson}: p50 {figures.p50_ms:.1f} ms, "
            f"p95 {figures.p95_ms:.1f} ms, max {figures.max_ms:.1f} ms over {figures.clicks} clicks"
            f"{f', {figures.timeouts} without an update within the timeout' if figures.timeouts else ''}"
            " (goal: p95 <= 100 ms)"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lessons", type=Path, default=None, help="serve this lessons folder instead")
    parser.add_argument(
        "--click", nargs=3, metavar=("LESSON", "CLICK_SELECTOR", "BOARD_SELECTOR"),
        help="also time click -> board updated in LESSON",
    )
    parser.add_argument("--clicks", type=int, default=20, help="timed clicks for --click (default 20)")
    parser.add_argument(
        "--also-click", action="append", default=[], metavar="SELECTOR",
        help="with --click: further elements clicked in turn after CLICK_SELECTOR (repeatable)",
    )
    parser.add_argument(
        "--done-attribute", default=None, metavar="NAME",
        help="with --click: the board attribute whose change ends a wait (e.g. data-version)",
    )
    parser.add_argument(
        "--preheat", choices=("first", "all", "none"), default=None, help="pass --preheat to vegas-tutor"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    server_args = [] if args.preheat is None else [f"--preheat={args.preheat}"]
    report = run(args.lessons, args.click, args.clicks, args.done_attribute, args.also_click, server_args)
    print_report(report)
    if args.json is not None:
        payload: dict[str, Any] = asdict(report)
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
