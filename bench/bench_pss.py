"""Kernel memory per lesson (PSS, USS, RSS), after opening it and, where it holds a full game, after playing one.

Starts the real ``vegas-tutor --no-browser`` on 127.0.0.1 (as the browser tests do) and opens every lesson in
course order in Debian's chromium (Playwright), one tab at a time. For each lesson it reads, with psutil,
the memory of the kernel behind the page: **PSS** (proportional set size: shared pages split between the
processes sharing them, the fair share of one learner's kernel), USS (the pages only this kernel holds: what
closing it gives back) and RSS (resident, shared pages counted whole). Goal: 150 MB per kernel.

In the three full-game lessons it then plays a whole game through the page, as a learner clicks, and reads
the memory again:

- 01.06 (Las Vegas): roll, then place the first rolled face, until the game is over;
- 02.07 (Liar's Dice, the table with the odds): bid the lowest legal raise and keep the cup, press on
  through the reveals, until the game is over (you lose or win);
- 03.04 (Lords of Vegas, short game): the first action offered (or Next while the others play), until the
  game is over or ``--lov-clicks`` clicks (then the line says the game was not finished).

With ``--coach`` the Coach is switched on in the played board first: it judges every decision, the bots'
included, and keeps its tables while the game goes on.

Usage: ``python bench/bench_pss.py [--lessons-only 02.07,01.06] [--lov-clicks 600] [--coach]``. A server,
browser or page failure, or a platform where psutil cannot read PSS, stops the bench with the error and a non-zero
exit.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import psutil  # noqa: E402
from e2e_app import AppServer, kernel_id, launch_chromium, leave_page, open_page, start_server, stop_server  # noqa: E402

MB = 1024 * 1024
GOAL_MB = 150.0
CLICK_TIMEOUT_MS = 60_000

# Click ``selector`` inside the board ``root`` and resolve once the board's data-version changed.
_CLICK_JS = """async ([rootSelector, selector, timeoutMs]) => {
  const root = document.querySelector(rootSelector);
  const target = root && root.querySelector(selector);
  if (!target) throw new Error('nothing to click: ' + selector);
  const before = root.dataset.version;
  return await new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (root.dataset.version === before) return;
      observer.disconnect(); clearTimeout(timer); resolve(true);
    });
    observer.observe(root, {attributes: true, attributeFilter: ['data-version']});
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no update after ' + selector)); },
                             timeoutMs);
    target.click();
  });
}"""


def memory_mb(process: psutil.Process) -> tuple[float, float, float]:
    """PSS, USS and RSS of ``process`` in MB."""
    info = process.memory_full_info()
    if not hasattr(info, "pss"):
        raise SystemExit("bench_pss: psutil reads no PSS on this platform (Linux /proc/<pid>/smaps is needed)")
    return info.pss / MB, info.uss / MB, info.rss / MB


def click(page: Any, root: str, selector: str) -> None:
    page.evaluate(_CLICK_JS, [root, selector, CLICK_TIMEOUT_MS])


def settle(page: Any, root: str, quiet_ms: int = 400) -> None:
    """Wait until the board stopped changing (one click may set off several updates)."""
    last = page.get_attribute(root, "data-version")
    while True:
        page.wait_for_timeout(quiet_ms)
        now = page.get_attribute(root, "data-version")
        if now == last:
            return
        last = now


def play_las_vegas(page: Any) -> str:
    root = ".lv-root"
    placed = 0
    for _ in range(400):
        board = page.locator(root).first
        if board.locator("[data-key=new-game]").count():
            return f"game over after {placed} placements"
        if board.locator("[data-key=roll]:not([disabled])").count():
            click(page, root, "[data-key=roll]")
        elif board.locator("button.lv-roll-group:not(.lv-roll-absent)").count():
            click(page, root, "button.lv-roll-group:not(.lv-roll-absent)")
            placed += 1
        else:
            page.wait_for_timeout(100)
    raise RuntimeError("Las Vegas: the game did not end within 400 steps")


def play_liars_dice(page: Any) -> str:
    root = ".ld-root:has([data-key=option-show_odds]:checked)"
    table = page.locator(root)
    table.scroll_into_view_if_needed()
    turns = 0
    for _ in range(2000):
        if table.locator("[data-key=new-game]").count():
            return f"game over after {turns} of your turns"
        if table.locator("[data-key=skip]").count():
            click(page, root, "[data-key=skip]")
        elif table.locator("[data-key=next-round]").count():
            click(page, root, "[data-key=next-round]")
        elif table.locator("button.ld-space-legal").count():
            table.locator("button.ld-space-legal").first.click()
            face = table.locator("button.ld-face-button").first
            face.wait_for()
            click(page, root, f"[data-key='{face.get_attribute('data-key')}']")
            turns += 1
        elif table.locator("[data-key=keep]").count():
            click(page, root, "[data-key=keep]")
        elif table.locator("[data-key=challenge]").count():
            click(page, root, "[data-key=challenge]")
        else:
            page.wait_for_timeout(100)
    raise RuntimeError("Liar's Dice: the game did not end within 2000 steps")


def play_lords_of_vegas(page: Any, most: int) -> str:
    root = ".lov-root"
    board = page.locator(root).first
    board.scroll_into_view_if_needed()
    clicks = 0
    while clicks < most:
        if board.locator("button.lov-primary[data-key=new-game-small]").count():  # offered once the game is over
            return f"game over after {clicks} clicks"
        if board.locator("[data-key=next]").count():
            click(page, root, "[data-key=next]")
        elif board.locator("[data-key^='act:']").count():
            click(page, root, "[data-key^='act:']")
        elif board.locator("[data-key^='play:']").count():
            click(page, root, "[data-key^='play:']")
        elif board.locator("[data-key=offer-refuse]").count():
            click(page, root, "[data-key=offer-refuse]")
        else:
            page.wait_for_timeout(100)
            continue
        clicks += 1
    return f"NOT finished: stopped after {clicks} clicks"


def _lesson_names(folder: Path | None) -> list[str]:
    spec = importlib.util.spec_from_file_location("lesson_nav", REPO / "tools" / "lesson_nav.py")
    assert spec is not None and spec.loader is not None
    nav = importlib.util.module_from_spec(spec)
    sys.modules["lesson_nav"] = nav
    spec.loader.exec_module(nav)
    if folder is None:
        from vegas_tutor.resources import lessons_dir

        folder = lessons_dir()
    return [lesson.name for lesson in nav.find_lessons(folder)]


def coach_on(page: Any, root: str) -> None:
    """Switch the Coach on in the board ``root`` (a board without one is an error)."""
    if not page.locator(root).first.locator("[data-key=coach-switch]").count():
        raise RuntimeError(f"{root}: no Coach switch to turn on")
    click(page, root, "[data-key=coach-switch]")


PLAYED = {"01.06": ".lv-root", "02.07": ".ld-root:has([data-key=option-show_odds]:checked)", "03.04": ".lov-root"}
"""The board played in each full-game lesson."""


def measure(server: AppServer, browser: Any, name: str, lov_clicks: int, coach: bool = False) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the game?" when the tab moves on
    try:
        open_page(page, f"{server.url}voila/render/{name}")
        kernel = server.kernel_process(kernel_id(page))
        pss, uss, rss = memory_mb(kernel)
        print(f"{name:44s} opened        PSS {pss:7.1f} MB  USS {uss:7.1f} MB  RSS {rss:7.1f} MB"
              f"  {'ok' if pss <= GOAL_MB else 'OVER the goal'}", flush=True)
        game = None
        started = time.perf_counter()
        if coach and name[:5] in PLAYED:
            coach_on(page, PLAYED[name[:5]])
        if name.startswith("01.06"):
            game = play_las_vegas(page)
        elif name.startswith("02.07"):
            game = play_liars_dice(page)
        elif name.startswith("03.04"):
            game = play_lords_of_vegas(page, lov_clicks)
        if game is not None:
            settle(page, "body")
            if coach:  # the coach's review of the game, once every decision is judged
                page.locator(PLAYED[name[:5]]).first.locator(".vt-review").wait_for(timeout=CLICK_TIMEOUT_MS * 5)
            pss, uss, rss = memory_mb(kernel)
            print(f"{'':44s} after a game  PSS {pss:7.1f} MB  USS {uss:7.1f} MB  RSS {rss:7.1f} MB"
                  f"  {'ok' if pss <= GOAL_MB else 'OVER the goal'}  ({game}, {time.perf_counter() - started:.0f} s)",
                  flush=True)
    finally:
        leave_page(page)
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--lessons-only", default="", help="comma-separated lesson name prefixes (default: all)")
    parser.add_argument("--lov-clicks", type=int, default=600, help="most clicks in the Lords of Vegas game")
    parser.add_argument("--coach", action="store_true", help="the Coach on in the played board")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    names = _lesson_names(None)
    wanted = [p for p in args.lessons_only.split(",") if p]
    if wanted:
        names = [n for n in names if any(n.startswith(p) for p in wanted)]
        if not names:
            parser.error(f"no lesson starts with {wanted}")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; goal: PSS <= {GOAL_MB:.0f} MB per kernel")
    server = start_server(Path(tempfile.mkdtemp(prefix="bench-pss-")) / "server.log")
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                for name in names:
                    measure(server, browser, name, args.lov_clicks, args.coach)
                pool = server.kernel_processes()
                total = sum(memory_mb(p)[0] for p in pool)
                print(f"{'all kernels alive at the end':44s} {len(pool):3d} kernels, PSS {total:7.1f} MB in all")
            finally:
                browser.close()
    finally:
        stop_server(server)
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
