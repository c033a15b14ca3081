"""One learner in a real browser through the class JupyterHub: log in, open a lesson, roll, leave.

Needs ``install.sh`` first (same ``VEGAS_TUTOR_HUB_PREFIX``), Playwright with Debian's chromium (as the browser
tests), and root. Starts a fresh hub as its own user from the installed ``jupyterhub_config.py`` on loopback,
signs one learner up (approved by the teacher), logs them in through the hub's login form (which starts the
learner's server), opens the full-game lesson, clicks Roll on the Las Vegas board and waits for the board to
update, then closes the tab and waits for the page's kernel to be shut down by its beacon. Every request for
another host fails the check. With ``--lesson-of-the-day`` the hub lands the learner on the full-game lesson
itself, the page the learner's server pre-heated when it started. ``--screenshots DIR`` saves the landing page
and the rolled board at 1024x768 and 1366x900.

Usage: ``python deploy/jupyterhub/check_browser.py [--lesson-of-the-day] [--screenshots DIR]`` (exit status 0
when every check passed).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent / "tests" / "e2e"))
sys.path.insert(0, str(HERE.parent.parent / "bench"))

from bench_load import _KERNEL_ID  # noqa: E402
from e2e_app import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from run_load import PREFIX, Hub  # noqa: E402

LESSON = "01.06-play-a-full-game.ipynb"
LEARNER = "learner00"
SIZES = ((1024, 768), (1366, 900))


def screenshots(page: object, folder: Path | None, name: str) -> None:
    """Save ``page`` at each of :data:`SIZES` into ``folder`` (nothing without one)."""
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})  # type: ignore[attr-defined]
        page.screenshot(path=str(folder / f"hub-{name}-{width}x{height}.png"))  # type: ignore[attr-defined]
        print(f"saved {folder / f'hub-{name}-{width}x{height}.png'}")


def check(hub: Hub, lesson_of_the_day: bool = False, shots: Path | None = None) -> list[str]:
    """Run the learner's visit; the checks that failed (none: all passed), printing what it saw."""
    from playwright.sync_api import sync_playwright

    failed: list[str] = []
    here = urlsplit(hub.url).netloc
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            foreign: list[str] = []
            console: list[str] = []
            page.on("console", lambda m: console.append(f"{m.type}: {m.text[:300]}") if m.type == "error" else None)
            page.on("pageerror", lambda e: console.append(f"page error: {str(e)[:300]}"))
            page.on("request", lambda r: foreign.append(r.url) if urlsplit(r.url).netloc not in ("", here)
                    and not r.url.startswith(("data:", "blob:")) else None)
            hub.enrol(LEARNER)
            started = time.monotonic()
            page.goto(hub.url + "hub/login", timeout=60_000)
            page.fill("input[name=username]", LEARNER)
            page.fill("input[name=password]", hub.password)
            page.click("input[type=submit], button[type=submit]")
            landing = LESSON if lesson_of_the_day else "index.ipynb"
            page.wait_for_url(re.compile(rf".*/user/{LEARNER}/voila/render/{re.escape(landing)}.*"), timeout=180_000)
            print(f"logged in, server started, {landing} after {time.monotonic() - started:.1f} s")
            if not lesson_of_the_day:
                page.get_by_role("link").first.wait_for(timeout=60_000)
                page.wait_for_function("() => !document.body.innerText.includes('Loading widget')", timeout=60_000)
                screenshots(page, shots, "landing")
                started = time.monotonic()
                page.goto(f"{hub.url}user/{LEARNER}/voila/render/{LESSON}", timeout=120_000)
            board = page.locator(".lv-root").first
            board.locator(".lv-casino").first.wait_for(timeout=120_000)
            print(f"lesson drawn after {time.monotonic() - started:.1f} s")
            found = _KERNEL_ID.search(page.content())
            lesson = {found.group(1)} if found else set()
            before = int(board.get_attribute("data-version") or -1)
            started = time.monotonic()
            board.get_by_role("button", name=re.compile(r"^Roll ")).click()
            try:
                page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                                       arg=[board.element_handle(), before], timeout=30_000)
                status = board.locator(".lv-status").inner_text()
                print(f"Roll answered after {1000 * (time.monotonic() - started):.0f} ms: {status!r}")
                if board.locator(".lv-roll-group").count() < 1:
                    failed.append("the board updated but shows no roll")
                screenshots(page, shots, "lesson-of-the-day" if lesson_of_the_day else "lesson")
            except Exception as error:  # the check's verdict, with the reason
                failed.append(f"Roll got no board update within 30 s: {error}")
                print("the board says:", board.inner_text()[:600].replace("\n", " | "))
                print("the page's errors:", *console[-10:], sep="\n  ")
            page.goto("about:blank")  # leaving the lesson sends its shutdown beacon
            deadline = time.monotonic() + 15
            while lesson & hub.kernel_ids() and time.monotonic() < deadline:
                time.sleep(0.5)
            if not lesson:
                failed.append("no kernel of the lesson's page was found")
            elif lesson & hub.kernel_ids():
                failed.append("the lesson's kernel was still running 15 s after its tab left")
            else:
                print(f"the lesson's kernel was shut down {15 - (deadline - time.monotonic()):.1f} s after leaving")
            if foreign:
                failed.append(f"{len(foreign)} requests for other hosts, e.g. {foreign[0]}")
            else:
                print("no request for any other host")
        finally:
            browser.close()
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lesson-of-the-day", action="store_true",
                        help=f"the hub lands the learner on {LESSON}, pre-heated by their server")
    parser.add_argument("--screenshots", type=Path, default=None, metavar="DIR")
    args = parser.parse_args(argv)
    if not (PREFIX / "venv" / "bin" / "jupyterhub").is_file():
        print(f"check_browser.py: no JupyterHub in {PREFIX}: run deploy/jupyterhub/install.sh first", file=sys.stderr)
        return 2
    hub = Hub(kernel_idle=600, lesson=LESSON if args.lesson_of_the_day else None)
    try:
        failed = check(hub, args.lesson_of_the_day, args.screenshots)
    finally:
        hub.stop()
    for failure in failed:
        print(f"FAILED: {failure}")
    print("all checks passed" if not failed else f"log in {hub.folder}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
