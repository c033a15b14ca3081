"""Benchmark the Liar's Dice table: click -> table and odds redrawn (goal <= 100 ms at p95).

Three measurements, printed:

* in the kernel, without a browser: one intent handled and every projection (table, odds, simulation)
  rebuilt, for a what-if change, a simulation of 1,000 rolls, and a bid answered by three bots (``odds``
  bots, and the full-game lesson's ``medium`` bots);
* in a real browser (Debian's chromium via Playwright) against the real ``vegas-tutor`` server: a click in
  lesson 02.06's what-if table until the table was redrawn with the new odds (its ``data-version`` changed),
  timed inside the page. Clicks cycle through "one hidden die more", "bid one more" and "simulate 1,000";
* the full-game click, in the same browser: lesson 02.07's table with the odds on (four players, three
  ``medium`` bots). Each of your turns bids the lowest legal raise (the track space and face clicked as a
  learner does), then keeps the cup; that "keep" is the click the three bots answer (until it is your turn
  again, or one of them challenges), timed inside the page from the click until the table and its odds
  were redrawn. The bid click (until the show-or-keep choice is drawn) is timed apart, and so is their sum
  (the whole turn). A one-die cup has no show choice: then the bid click is the one the bots answer.

Usage: ``python bench/bench_ld_widget.py [--clicks 30] [--turns 30] [--no-browser]``. If the server, the
browser or a page fails, the bench stops with the error and a non-zero exit status.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from e2e_app import launch_chromium, open_page, start_server, stop_server  # noqa: E402

from vegas_tutor.tutor.liars_dice import LiarsDiceTable  # noqa: E402

LESSON = "02.06-the-odds.ipynb"
TABLE = ".ld-root:has(.ld-whatif)"
GAME_LESSON = "02.07-play-a-full-game.ipynb"
GAME_TABLE = ".ld-root:has([data-key=option-show_odds]:checked)"
"""The full-game lesson's second table, the one with the odds on."""
CYCLE = ("[data-key=unknown-plus]", "[data-key=bid-plus]", "[data-key=simulate-1000]")

_CLICK_JS = """async ([tableSelector, clickSelector, timeoutMs]) => {
  const table = document.querySelector(tableSelector);
  const target = table.querySelector(clickSelector);
  if (!target) throw new Error('nothing to click: ' + clickSelector);
  const before = table.dataset.version;
  return await new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (table.dataset.version === before) return;
      observer.disconnect(); clearTimeout(timer); resolve(performance.now() - start);
    });
    observer.observe(table, {attributes: true, attributeFilter: ['data-version']});
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no update')); }, timeoutMs);
    const start = performance.now();
    target.click();
  });
}"""


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    """p50, p95 and max."""
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], ordered[-1]


def line(what: str, samples: list[float]) -> str:
    p50, p95, top = percentiles(samples)
    verdict = "ok" if p95 <= 100 else "OVER the goal"
    return f"{what:52s} p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  max {top:7.2f} ms  (n={len(samples)}, {verdict})"


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        out.append((time.perf_counter() - start) * 1000)
    return out


def in_kernel(repeat: int) -> None:
    table = LiarsDiceTable(players=4, dice=5, seed=1, bots="odds", what_if=True)
    state = {"k": 0}

    def what_if() -> None:
        state["k"] += 1
        assert table.handle({"type": "what_if", "own": [1, 5, 5], "unknown": 5 + state["k"] % 30,
                      "quantity": 1 + state["k"] % 12, "face": 5}), table.error

    print(line("kernel: what-if change -> odds rebuilt", timed(what_if, repeat)))
    sim = LiarsDiceTable(players=4, dice=5, seed=2, bots="odds", what_if=True)
    sim.handle({"type": "what_if", "own": [1, 5, 5], "unknown": 17, "quantity": 7, "face": 5})
    print(line("kernel: simulate 1,000 rolls -> panel rebuilt",
               timed(lambda: sim.handle({"type": "simulate", "n": 1000}), min(repeat, 150))))
    games = [LiarsDiceTable(players=4, dice=5, seed=100 + i, bots="odds") for i in range(repeat)]
    for game in games:
        assert game.handle({"type": "bid", "quantity": 3, "face": 4}), game.error
    it = iter(games)

    def keep() -> None:
        game = next(it)
        assert game.handle({"type": "keep"}), game.error

    print(line("kernel: keep the cup, 3 odds bots answer -> odds rebuilt", timed(keep, repeat)))
    medium = [LiarsDiceTable(players=4, dice=5, seed=99 + i, bots="medium") for i in range(min(repeat, 100))]
    for game in medium:
        assert game.handle({"type": "bid", "quantity": 3, "face": 4}), game.error
    again = iter(medium)
    print(line("kernel: keep the cup, 3 medium bots answer -> rebuilt",
               timed(lambda: next(again).handle({"type": "keep"}), len(medium))))


def in_browser(clicks: int, turns: int) -> None:
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="bench-ld-")) / "server.log"
    server = start_server(log)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            start = time.perf_counter()
            open_page(page, f"{server.url}voila/render/{LESSON}", TABLE)
            print(f"{'browser: first render (server just started)':52s} {time.perf_counter() - start:7.2f} s")
            page.locator(TABLE).scroll_into_view_if_needed()
            samples: list[float] = []
            for number in range(clicks + 3):  # three warm-up clicks, untimed
                target = CYCLE[number % len(CYCLE)]
                page.wait_for_timeout(150)
                elapsed = float(page.evaluate(_CLICK_JS, [TABLE, target, 10_000]))
                if number >= 3:
                    samples.append(elapsed)
            print(line("browser: click -> table redrawn with new odds", samples))
            full_game(page, server.url, turns)
            browser.close()
    finally:
        stop_server(server)


def _game_step(page: Any, selector: str, timeout_ms: int = 30_000) -> float:
    """Click ``selector`` in the full-game table; ms until its ``data-version`` changed (timed in the page)."""
    return float(page.evaluate(_CLICK_JS, [GAME_TABLE, selector, timeout_ms]))


def full_game(page: Any, server_url: str, turns: int) -> None:
    """Play lesson 02.07's table with the odds on through ``turns`` of your turns (3 more, untimed, first)."""
    open_page(page, f"{server_url}voila/render/{GAME_LESSON}", f"{GAME_TABLE} .ld-track")
    table = page.locator(GAME_TABLE)
    table.scroll_into_view_if_needed()
    bids: list[float] = []
    answered: list[float] = []
    single: list[float] = []
    turn_total: list[float] = []
    played = steps = 0
    while played < turns + 3:
        steps += 1
        if steps > 40 * (turns + 3):
            raise RuntimeError("the full game made no progress: no bid, keep, next round or new game to click")
        if table.locator("[data-key=new-game]").count():
            _game_step(page, "[data-key=new-game]")
        elif table.locator("[data-key=skip]").count():
            _game_step(page, "[data-key=skip]")
        elif table.locator("[data-key=next-round]").count():
            _game_step(page, "[data-key=next-round]")
        elif table.locator("button.ld-space-legal").count():
            table.locator("button.ld-space-legal").first.click()  # opens the face picker (in the page only)
            face = table.locator("button.ld-face-button").first
            face.wait_for()
            key = face.get_attribute("data-key")
            bid_ms = _game_step(page, f"[data-key='{key}']")
            if table.locator("[data-key=keep]").count():
                keep_ms = _game_step(page, "[data-key=keep]")
                if played >= 3:
                    bids.append(bid_ms)
                    answered.append(keep_ms)
                    turn_total.append(bid_ms + keep_ms)
            elif played >= 3:
                single.append(bid_ms)
            played += 1
        elif table.locator("[data-key=keep]").count():
            _game_step(page, "[data-key=keep]")
        elif table.locator("[data-key=challenge]").count():
            _game_step(page, "[data-key=challenge]")  # the top of the track: nothing left to raise
        else:
            page.wait_for_timeout(100)  # between two updates: nothing to click yet
    print(line("browser, full game: bid click -> show-or-keep drawn", bids))
    print(line("browser, full game: keep -> 3 bots answered, redrawn", answered))
    print(line("browser, full game: the whole turn (bid + keep)", turn_total))
    if single:
        print(line("browser, full game: bid with one die -> bots answered", single))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clicks", type=int, default=30, help="timed browser clicks (default 30)")
    parser.add_argument("--repeat", type=int, default=200, help="kernel repetitions (default 200)")
    parser.add_argument("--turns", type=int, default=30, help="timed turns of the full game (default 30)")
    parser.add_argument("--no-browser", action="store_true", help="only the in-kernel figures")
    args = parser.parse_args(argv)
    in_kernel(args.repeat)
    if not args.no_browser:
        in_browser(args.clicks, args.turns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
