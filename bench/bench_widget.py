"""Benchmark the Las Vegas board in a real browser: click -> board and odds panel updated (goal <= 100 ms p95).

Starts the real ``vegas-tutor --no-browser`` (as the browser tests do), opens the full-game lesson
(``01.06-play-a-full-game.ipynb``: four players, three random bots, odds panel on) in Debian's chromium, and
times, inside the page, from the click until the board element's ``data-version`` changed, which the widget
sets only after it has drawn the new ``board`` *and* ``odds`` (they arrive together in one synced message):

* ``roll``: click Roll -> the roll is drawn and the odds of every face are computed and drawn;
* ``place``: click a face -> the dice are placed, the three bots play their turns, the board is drawn;
* ``place+roll``: with "Roll my dice for me" on, click a face -> placed, bots play, your next roll is made,
  and its odds computed: the heaviest single click of a game;
* ``key``: the same as ``place+roll``, by pressing the face's number key.

Late in a round, with 3 or 4 dice left after a choice, the odds also count every case exactly; that can
take seconds, so the kernel does it in the background: the board and the simulated odds answer at once, and
the exact values follow in a second update (``... exact values in``: the time until they are drawn too).

It also times the kernel's share alone: ``LasVegasBoard.handle`` in this process for the same intents.
Usage: ``python bench/bench_widget.py [--clicks N] [--json FILE]``; prints p50 / p95 / max per kind.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from e2e_app import launch_chromium, open_page, start_server, stop_server  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

LESSON = "01.06-play-a-full-game.ipynb"
GOAL_P95_MS = 100.0
ROLLED = ".lv-roll-group:not(.lv-roll-absent)"
"""A face of the roll that was rolled (the bar also lists the faces not rolled, as disabled buttons)."""
PLACE = f"button{ROLLED}"

# Act (click a selector, or press a key on the board) and resolve with the milliseconds until [the board's
# data-version attribute first changed, the odds panel is drawn (not "computing"), the exact values are in
# (no "pending" exact count: those arrive in a later update)]. Timed inside the page.
_ACT_AND_WAIT_JS = """async ([clickSelector, key, timeoutMs]) => {
  const board = document.querySelector('.lv-root');
  const before = board.getAttribute('data-version');
  let first = null;
  let odds = null;
  return await new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (board.getAttribute('data-version') === before) return;
      const now = performance.now() - start;
      if (first === null) first = now;
      if (board.querySelector('[data-status=computing]')) return;
      if (odds === null) odds = now;
      if (board.querySelector('[data-exact=pending]')) return;
      observer.disconnect(); clearTimeout(timer); resolve([first, odds, now]);
    });
    observer.observe(board, {attributes: true, attributeFilter: ['data-version']});
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no update')); }, timeoutMs);
    const start = performance.now();
    if (key) {
      board.focus();
      board.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    } else {
      board.querySelector(clickSelector).click();
    }
  });
}"""


@dataclass
class Figures:
    """Latencies of one kind of action, in milliseconds."""

    kind: str
    samples: int
    p50: float
    p95: float
    max: float


def summary(kind: str, values: list[float]) -> Figures:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Figures(kind, len(values), statistics.median(values), p95, ordered[-1])


def act(page: Page, selector: str | None = None, key: str | None = None) -> tuple[float, float, float]:
    """ms until (the board was redrawn, the board and odds panel were drawn, the exact values were in)."""
    first, odds, exact = page.evaluate(_ACT_AND_WAIT_JS, [selector, key, 30_000])
    return float(first), float(odds), float(exact)


def check_drawn(board: Locator) -> None:
    """After an update: a roll on the board has one odds row per face (both were drawn)."""
    groups = board.locator(ROLLED).count()
    if groups:
        rows = board.locator(".lv-odds-row").count()
        if rows != groups:
            raise RuntimeError(f"board shows {groups} faces but the odds panel {rows} rows")


def first_face(board: Locator) -> str:
    return board.locator(f"{PLACE} kbd").first.inner_text()


def new_game_if_over(page: Page, board: Locator) -> None:
    if board.locator("[data-key=new-game]").count():
        act(page, "[data-key=new-game]")


def browser_figures(page: Page, clicks: int) -> list[Figures]:
    board = page.locator(".lv-root").first
    times: dict[str, list[float]] = {
        "roll": [], "place": [], "place+roll": [], "key": [], "roll: exact values in": [],
        "place+roll: exact values in": [],
    }
    warm = 3
    for i in range(clicks + warm):  # roll and place by hand
        new_game_if_over(page, board)
        rolled = act(page, "[data-key=roll]")
        check_drawn(board)
        placed = act(page, PLACE)
        if i >= warm:
            times["roll"].append(rolled[1])
            times["roll: exact values in"].append(rolled[2])
            times["place"].append(placed[1])
    act(page, "[data-key=option-auto_roll]")  # "Roll my dice for me"
    for i in range(clicks + warm):
        new_game_if_over(page, board)
        if not board.locator(PLACE).count():
            continue
        by_click = act(page, PLACE)
        check_drawn(board)
        new_game_if_over(page, board)
        if not board.locator(PLACE).count():
            continue
        by_key = act(page, key=first_face(board))
        check_drawn(board)
        if i >= warm:
            times["place+roll"].append(by_click[1])
            times["place+roll: exact values in"].append(by_click[2])
            times["key"].append(by_key[1])
    return [summary(kind, values) for kind, values in times.items() if values]


def kernel_figures(clicks: int) -> list[Figures]:
    """The Python side alone: ``handle`` of the same intents on the same kind of board, in this process."""
    from vegas_tutor.tutor import LasVegasBoard

    async def play() -> list[float]:
        board = LasVegasBoard(players=4, seed=2026, bots="random", show_odds=True, auto_roll=True)
        times: list[float] = []
        for _ in range(clicks + 3):
            if board.board["is_over"]:
                board.handle({"type": "new_game"})
            face = board.board["roll"]["groups"][0]["face"]
            start = time.perf_counter()
            if not board.handle({"type": "place", "face": face}):
                raise RuntimeError(board.error)
            times.append((time.perf_counter() - start) * 1000)
            await board.settled()
        return times[3:]

    return [summary("kernel: place+roll (Python handle only)", asyncio.run(play()))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="timed actions of each kind (default 40)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="bench-widget-")) / "server.log"
    server = start_server(log)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            open_page(page, f"{server.url}voila/render/{LESSON}", ".lv-root [data-key=roll]")
            figures = browser_figures(page, args.clicks)
            browser.close()
    finally:
        stop_server(server)
    figures += kernel_figures(args.clicks)

    print(f"Las Vegas board, {LESSON}: action -> board and odds drawn (ms); goal p95 <= {GOAL_P95_MS:.0f} ms")
    print(f"{'action':42} {'n':>4} {'p50':>8} {'p95':>8} {'max':>8}")
    for f in figures:
        informative = f.kind.startswith("kernel") or "exact" in f.kind
        verdict = "" if informative else ("  ok" if f.p95 <= GOAL_P95_MS else "  over goal")
        print(f"{f.kind:42} {f.samples:>4} {f.p50:8.1f} {f.p95:8.1f} {f.max:8.1f}{verdict}")
    if args.json:
        args.json.write_text(json.dumps([asdict(f) for f in figures], indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
