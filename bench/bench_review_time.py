"""How long after a Liar's Dice game the coach's review is complete, with a learner who thinks (goal: 2 s).

Starts the real ``vegas-tutor --no-browser`` on 127.0.0.1 and opens lesson 02.07 in Debian's chromium
(Playwright). In the table with the odds (four players, three ``medium`` bots) the Coach is switched on and a
whole game is played through the page, as a learner clicks, each click after a pause drawn between
``--think`` seconds (seeded): on your turn, challenge the bid in front of you one time in four (always when no
raise is left), else open the track's lowest legal space and bid its first face; keep the cup; "Next round"
after each reveal; once you are out, "Skip to the end" (the bots then play the rest of the game at once: the
decisions the coach has to judge after the game).

From the moment the game is over (the "New game" button drawn) it waits for the review, timed in the test
process: until your decisions are all judged (no "still being judged"), then until every player's are (the
bots' accuracy table without ⏳), and it reads the kernel's CPU time over that wait (psutil).
``--think 0,0`` clicks without a pause, as the browser tests do.

Usage: ``python bench/bench_review_time.py [--games 4] [--think 2,8] [--seed 1]``. A server, browser or page
failure stops the bench with the error and a non-zero exit.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from bench_pss import click as click_and_wait  # noqa: E402  (the click, then the table's data-version changed)
from e2e_app import AppServer, kernel_id, launch_chromium, leave_page, open_page, start_server, stop_server  # noqa: E402

LESSON = "02.07-play-a-full-game.ipynb"
ROOT = ".ld-root:has([data-key=option-show_odds]:checked)"
REVIEW_TIMEOUT_S = 300.0
GOAL_S = 2.0

_JUDGING_JS = """([rootSelector]) => {
  const review = document.querySelector(rootSelector + ' .vt-review');
  if (!review) return 'no review';
  if (review.textContent.includes('still being judged')) return 'yours';
  const players = review.querySelector('.vt-review-players');
  return players && players.textContent.includes('⏳') ? 'bots' : 'done';
}"""


class Learner:
    """Clicks through the table after a seeded pause, as described in the module's docstring."""

    def __init__(self, page: Any, think: tuple[float, float], rng: random.Random) -> None:
        self.page, self.think, self.rng = page, think, rng
        self.table = page.locator(ROOT)
        self.decisions = 0

    def click(self, selector: str) -> bool:
        """Click after a pause; False when the control was gone by then (the table was drawn again meanwhile)."""
        from playwright.sync_api import Error

        low, high = self.think
        if high > 0:
            self.page.wait_for_timeout(1000 * self.rng.uniform(low, high))
        try:
            click_and_wait(self.page, ROOT, selector)
        except Error as error:
            if "nothing to click" not in str(error):
                raise
            self.page.wait_for_timeout(50)
            return False
        return True

    def play(self) -> None:
        """Play to the game's end (raises when it does not end within 2,000 steps)."""
        t = self.table
        for _ in range(2000):
            if t.locator("[data-key=new-game]").count():
                return
            if t.locator("[data-key=skip]").count():
                self.click("[data-key=skip]")
            elif t.locator("[data-key=next-round]").count():
                self.click("[data-key=next-round]")
            elif t.locator("[data-key=keep]").count():
                self.decisions += self.click("[data-key=keep]")
            elif t.locator("button.ld-space-legal").count() or t.locator("[data-key=challenge]").count():
                challenge = t.locator("[data-key=challenge]").count() > 0
                if challenge and (self.rng.random() < 0.25 or not t.locator("button.ld-space-legal").count()):
                    self.decisions += self.click("[data-key=challenge]")
                else:
                    t.locator("button.ld-space-legal").first.click()
                    face = t.locator("button.ld-face-button").first
                    face.wait_for()
                    self.decisions += self.click(f"[data-key='{face.get_attribute('data-key')}']")
            else:
                self.page.wait_for_timeout(50)
        raise RuntimeError("the game did not end within 2,000 steps")


def judged_after(page: Any) -> tuple[float, float, int]:
    """Seconds from now until the learner's decisions, then every player's, are judged; the table's redraws
    seen meanwhile."""
    start = time.perf_counter()
    yours = None
    versions = set()
    while time.perf_counter() - start < REVIEW_TIMEOUT_S:
        status = page.evaluate(_JUDGING_JS, [ROOT])
        versions.add(page.get_attribute(ROOT, "data-version"))
        now = time.perf_counter() - start
        if status in ("bots", "done") and yours is None:
            yours = now
        if status == "done":
            return yours or now, now, len(versions) - 1
        page.wait_for_timeout(20)
    raise RuntimeError(f"the review was not complete {REVIEW_TIMEOUT_S:.0f} s after the game")


def cpu_seconds(processes: list[Any]) -> float:
    """The CPU time (user and system) the processes have used, those that ended meanwhile left out."""
    import psutil

    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def chromium() -> list[Any]:
    """Chromium's processes (the browser and its renderers, GPU and utility processes)."""
    import psutil

    return [p for p in psutil.process_iter(["name"]) if "chrom" in (p.info["name"] or "")]


def play_one(server: AppServer, browser: Any, think: tuple[float, float], rng: random.Random) -> tuple[float, ...]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        open_page(page, f"{server.url}voila/render/{LESSON}")
        kernel = server.kernel_process(kernel_id(page))
        page.locator(ROOT).scroll_into_view_if_needed()
        click_and_wait(page, ROOT, "[data-key=coach-switch]")
        learner = Learner(page, think, rng)
        started = time.perf_counter()
        learner.play()
        played = time.perf_counter() - started
        cpu, browser_cpu = cpu_seconds([kernel]), cpu_seconds(chromium())
        yours, everyone, redraws = judged_after(page)
        kernel_cpu, browser_cpu = cpu_seconds([kernel]) - cpu, cpu_seconds(chromium()) - browser_cpu
        rows = page.locator(f"{ROOT} .vt-review-players tbody tr").count()
        print(f"  game of {played:6.1f} s, {learner.decisions:3d} of your decisions, {rows} players: yours judged "
              f"{yours:5.2f} s after, everyone's {everyone:5.2f} s; meanwhile {redraws} redraws, CPU: kernel "
              f"{kernel_cpu:5.2f} s, chromium {browser_cpu:5.2f} s", flush=True)
        return played, yours, everyone, kernel_cpu
    finally:
        leave_page(page)
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--think", default="2,8", help="the pause before each click, 'low,high' seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    low, high = (float(x) for x in args.think.split(","))
    if not 0 <= low <= high:
        parser.error("--think wants 0 <= low <= high")
    from playwright.sync_api import sync_playwright

    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; {args.games} games, a pause of "
          f"{low:g}-{high:g} s before each click, seed {args.seed}; goal: the review within {GOAL_S:g} s")
    rng = random.Random(args.seed)
    server = start_server(Path(tempfile.mkdtemp(prefix="bench-review-")) / "server.log")
    results = []
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                for _ in range(args.games):
                    results.append(play_one(server, browser, (low, high), rng))
            finally:
                browser.close()
    finally:
        stop_server(server)
    for k, what in ((1, "your decisions judged"), (2, "every player's judged")):
        values = [r[k] for r in results]
        within = sum(v <= GOAL_S for v in values)
        print(f"{what:24s} after the game: median {statistics.median(values):5.2f} s, max {max(values):5.2f} s; "
              f"within {GOAL_S:g} s in {within} of {len(values)} games")
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
