"""Classroom benchmark: a class on its own laptops reaches one ``vegas-tutor --class`` server.

The learners are "on other machines": the server is started in class mode on a loopback address other than
127.0.0.1 (``--host 127.0.0.2``) under a classroom host name (``--allow-host classroom.test``) that every
client sends as its ``Host`` (the light clients) or maps to that address (chromium's
``--host-resolver-rules``). No traffic leaves the loopback range. Each learner:

1. joins the class: ``GET /vegas-tutor/join?code=CODE&next=<lesson>`` (the class cookie);
2. opens the lesson (``bench_load.Learner``: the page, its kernel's websocket, the board's state) at the same
   moment as the others: **page ready**;
3. plays for ``--play`` seconds at a class's pace, thinking 2-8 s (uniform) before each decision; a
   **click** is the time until the board answers (its ``version`` changes), whatever the odds do after;
4. leaves: half close their tab (the shutdown beacon), half vanish (the culler's work).

``--browsers K`` of the learners are real chromium pages instead, playing the same lesson by its buttons
at the same pace; every half second each records the board's connection notice (``data-connection``:
``ok``, ``busy``, ``lost``, ``stopped``...). Their kernels are alive throughout, so any ``stopped`` is a
**false "stopped" notice**.

Runs (``--runs``): ``lv30`` 30 learners in 01.06 with a pool; ``lv30-nopool`` the same without; ``mixed30``
10 each in 01.06, 02.07 and 03.04 with pools; ``lv50`` 50 learners in 01.06 with a pool; ``cap`` 31
learners against ``--max-kernels 30`` (learner 31 must be told the class is full). Goals on 2 cores: 0
failed loads; page ready p95 <= 5 s with a pool (<= 30 s without); click p95 <= 300 ms and p99 <= 1 s; 0
false "stopped"; PSS <= 110 MB per learner; every kernel gone within one cull period.

Usage::

    python bench/bench_class.py --runs lv30 mixed30 lv50 cap30 lv30-nopool --play 90 --browsers 2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psutil
from bench_load import MB, Learner, _kernel_ids, percentile, pss_mb, watch_kernels_go
from e2e_app import CHROMIUM, CHROMIUM_ARGS, free_port, vegas_tutor_command

from vegas_tutor.core.games import GAMES

ADDRESS = "127.0.0.2"
CLASS_HOST = "classroom.test"
CODE = "BENCHX"
THINK_S = (2.0, 8.0)
LESSONS = {game.short: game.full_game_lesson for game in GAMES.values()}
"""The lesson each game's learners open (a whole game on the board), by the game's short id."""
GOALS = {"page_ready_p95_pool_s": 5.0, "page_ready_p95_nopool_s": 30.0, "click_p95_ms": 300.0,
         "click_p99_ms": 1000.0, "pss_per_learner_mb": 110.0}


class ClassLearner(Learner):
    """A light learner of one game, thinking 2-8 s before each decision."""

    def __init__(self, game: str, port: int, seed: int) -> None:
        lesson = LESSONS[game]
        base = f"http://{ADDRESS}:{port}/"
        super().__init__(base, f"{base}voila/render/{lesson}", seed=seed, host=f"{CLASS_HOST}:{port}")
        self.game = game
        self.board_trait = "table" if game == "ld" else "board"
        self.join_code: int | None = None

    async def join(self) -> None:
        """The class code, once: keeps the class cookie."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        lesson = self.page_url.split("/voila/render/", 1)[1]
        url = f"{self.base_url}vegas-tutor/join?code={CODE}&next=/voila/render/{lesson}"
        headers = self._headers()
        headers.pop("Origin")
        response = await AsyncHTTPClient().fetch(
            HTTPRequest(url, headers=headers, follow_redirects=False, request_timeout=30), raise_error=False)
        self.join_code = response.code
        for cookie in response.headers.get_list("Set-Cookie"):
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if "vegas_tutor_class" not in self.cookies:
            raise RuntimeError(f"joining answered {response.code} without the class cookie")

    async def open(self) -> None:
        await self.join()
        await super().open()

    async def play(self, until: float) -> None:
        """Think 2-8 s, decide, until ``until``."""
        while True:
            await asyncio.sleep(self.random.uniform(*THINK_S))
            if time.perf_counter() >= until:
                return
            await self.click()

    def next_intent(self) -> dict[str, Any]:
        if self.game == "lv":
            return super().next_intent()
        board = self.board
        if board.get("is_over"):
            return {"type": "new_game"}
        if self.game == "ld":
            if board.get("out"):
                return {"type": "skip"}
            if board.get("awaiting_show"):
                return {"type": "keep"}
            if board.get("reveal") is not None or board.get("paused"):
                return {"type": "next_round"}
            if board.get("can_challenge") and self.random.random() < 0.35:
                return {"type": "challenge"}
            raises = board.get("raises") or []
            if raises:
                bid = raises[min(len(raises) - 1, int(self.random.random() * 3))]
                return {"type": "bid", "quantity": bid["quantity"], "face": bid["face"]}
            return {"type": "next_round"}
        groups = [g for g in (board.get("actions") or []) if g.get("actions")]
        if not board.get("learner_to_act") or not groups:
            return {"type": "next"}
        ends = [a for g in groups for a in g["actions"] if a == "end turn"]
        if ends and self.random.random() < 0.5:
            return {"type": "act", "action": ends[0]}
        return {"type": "act", "action": self.random.choice(self.random.choice(groups)["actions"])}


@dataclass
class BrowserResult:
    """What one chromium learner saw."""

    game: str
    page_ready_s: float | None = None
    clicks: int = 0
    notices: dict[str, int] = field(default_factory=dict)
    """Samples of each ``data-connection`` value seen on the board (every 0.5 s)."""
    false_stopped: int = 0
    """Times the board went to "stopped" while its kernel was alive."""
    failure: str | None = None


BUTTONS = {
    "lv": ["[data-key='roll']:not([disabled])", "[data-key^='place-']:not([disabled]):not([aria-disabled='true'])",
           "[data-key='new-game']:not([disabled])"],
    "ld": ["[data-key='keep']:not([disabled])", "[data-key='next-round']:not([disabled])",
           "[data-key='challenge']:not([disabled])", "[data-key^='bid-']:not([disabled])"],
    "lov": ["[data-key='next']:not([disabled])", "[data-key^='act:']:not([disabled])"],
}
"""The buttons a chromium learner presses, tried in this order (the first kind on the page is pressed)."""
SELECTORS = {game.short: game.root for game in GAMES.values()}


def browser_learner(game: str, port: int, play_s: float, start: threading.Event, result: BrowserResult,
                    seed: int) -> None:
    """One chromium page: join, open the lesson, play by its buttons at a class's pace, watch the notice."""
    from playwright.sync_api import sync_playwright

    rng = random.Random(seed)
    args = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {CLASS_HOST} {ADDRESS}"]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args, headless=True)
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            start.wait()
            began = time.perf_counter()
            lesson = LESSONS[game]
            page.goto(f"http://{CLASS_HOST}:{port}/vegas-tutor/join?code={CODE}&next=/voila/render/{lesson}",
                      timeout=120_000)
            board = page.locator(SELECTORS[game]).first
            board.wait_for(timeout=120_000)
            result.page_ready_s = time.perf_counter() - began
            stop_at = time.perf_counter() + play_s
            previous = "ok"
            next_click = time.perf_counter() + rng.uniform(*THINK_S)
            while time.perf_counter() < stop_at:
                status = board.get_attribute("data-connection") or "ok"
                result.notices[status] = result.notices.get(status, 0) + 1
                if status == "stopped" and previous != "stopped":
                    result.false_stopped += 1
                previous = status
                if time.perf_counter() >= next_click:
                    for selector in BUTTONS[game]:
                        buttons = page.locator(selector)
                        if buttons.count():
                            with contextlib.suppress(Exception):
                                buttons.nth(rng.randrange(buttons.count())).click(timeout=2_000)
                                result.clicks += 1
                            break
                    next_click = time.perf_counter() + rng.uniform(*THINK_S)
                page.wait_for_timeout(500)
            page.close()
            browser.close()
    except Exception as error:  # recorded, the run goes on
        result.failure = f"{type(error).__name__}: {error}"[:300]


@dataclass
class Run:
    """One run's figures."""

    name: str
    learners: int
    pooled: bool
    failed_loads: int
    failures: list[str]
    page_ready_p50_s: float
    page_ready_p95_s: float
    clicks: int
    click_timeouts: int
    click_p50_ms: float
    click_p95_ms: float
    click_p99_ms: float
    pss_per_learner_mb: float
    browser_notices: dict[str, int]
    false_stopped: int
    kernels_left_after_cull_period: int
    last_kernel_gone_s: float | None
    full_page: str
    load_before: float
    load_after: float
    cpu_s: float
    wall_s: float


def start_class_server(log_path: Path, extra: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """``vegas-tutor --class`` on 127.0.0.2 under the classroom name; returns once it answers."""
    import http.client

    port = free_port()
    command = [*vegas_tutor_command(), "--no-browser", "--port", str(port), "--class", "--host", ADDRESS,
               "--allow-host", CLASS_HOST, "--class-code", CODE, *extra]
    log = log_path.open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"vegas-tutor exited: {log_path.read_text(errors='replace')[-2000:]}")
        connection = http.client.HTTPConnection(ADDRESS, port, timeout=2)
        try:
            connection.request("GET", "/vegas-tutor/join", headers={"Host": f"{CLASS_HOST}:{port}"})
            if connection.getresponse().status == 200:
                return process, port
        except OSError:
            pass
        finally:
            connection.close()
        time.sleep(0.3)
    stop(process)
    raise RuntimeError("vegas-tutor --class did not answer within 120 s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server by its pid, then any kernel of it left behind."""
    with contextlib.suppress(psutil.Error):
        children = psutil.Process(process.pid).children(recursive=True)
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
    for child in children:
        with contextlib.suppress(psutil.Error):
            child.kill()


def kernels_of(process: subprocess.Popen[bytes]) -> list[psutil.Process]:
    """The server's live kernel processes."""
    found = []
    with contextlib.suppress(psutil.Error):
        for child in psutil.Process(process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "ipykernel" in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE:
                    found.append(child)
    return found


def cpu_seconds(process: subprocess.Popen[bytes]) -> float:
    """CPU seconds used so far by the server and its live kernels."""
    total = 0.0
    for p in [psutil.Process(process.pid), *kernels_of(process)]:
        with contextlib.suppress(psutil.Error):
            times = p.cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
    return total


def wait_for_pools(process: subprocess.Popen[bytes], log_path: Path, lessons: list[str]) -> None:
    """Until the log says each pooled lesson's pool is filled and the kernels are quiet."""
    deadline = time.monotonic() + 1200
    while time.monotonic() < deadline:
        text = log_path.read_text(encoding="utf-8", errors="replace")
        if all(f"Kernel pool of {lesson} is filled" in text for lesson in lessons):
            break
        time.sleep(1)
    time.sleep(3)


def class_plan(name: str) -> tuple[list[str], bool, int | None]:
    """(each learner's game, pooled, --max-kernels) of a named run: ``lvN``, ``lvN-nopool``, ``mixedN`` (a
    third each in 01.06, 02.07 and 03.04) or ``capN`` (N + 1 learners against a cap of N)."""
    match = re.fullmatch(r"(lv|mixed|cap)(\d+)(-nopool)?", name)
    if match is None:
        raise SystemExit(f"unknown run {name!r}: lvN, lvN-nopool, mixedN or capN")
    kind, n, pooled = match[1], int(match[2]), match[3] is None
    if kind == "mixed":
        third = n // 3
        return ["lv"] * (n - 2 * third) + ["ld"] * third + ["lov"] * third, pooled, None
    if kind == "cap":
        return ["lv"] * (n + 1), pooled, n
    return ["lv"] * n, pooled, None


def run(name: str, play_s: float, browsers: int, cull_idle: int) -> Run:
    """One run: start the class server, let the class join and play, leave; the figures."""
    from vegas_tutor.serving import cull_interval

    games, pooled, cap = class_plan(name)
    n = len(games)
    counts = {g: games.count(g) for g in sorted(set(games))}
    extra = ["--cull-idle", str(cull_idle), "--preheat", "none",
             "--max-kernels", str(cap if cap is not None else n + 10),
             "--max-kernels-per-client", "3"]
    if pooled:
        extra += [f"--pool={LESSONS[g]}={min(c, cap or c)}" for g, c in counts.items()]
    log_path = Path(tempfile.mkdtemp(prefix="bench-class-")) / "server.log"
    process, port = start_class_server(log_path, extra)
    try:
        if pooled:
            wait_for_pools(process, log_path, [LESSONS[g] for g in counts])
        else:
            time.sleep(3)
        server_before = pss_mb([psutil.Process(process.pid)])
        load_before = os.getloadavg()[0]
        cpu_before, wall_before = cpu_seconds(process), time.perf_counter()
        chosen = {i for i in range(n) if browsers and i % max(1, n // browsers) == 0 and i < n - (cap is not None)}
        chosen = set(sorted(chosen)[:browsers])
        light = [ClassLearner(g, port, seed=i) for i, g in enumerate(games) if i not in chosen]
        heavy = [BrowserResult(games[i]) for i in sorted(chosen)]
        start = threading.Event()
        threads = [threading.Thread(target=browser_learner, args=(r.game, port, play_s, start, r, 1000 + k))
                   for k, r in enumerate(heavy)]
        for thread in threads:
            thread.start()
        time.sleep(2 if threads else 0)  # chromium up before the class starts together
        measured: dict[str, float] = {}
        full_page = ""

        async def session() -> None:
            nonlocal full_page
            from tornado.httpclient import AsyncHTTPClient

            AsyncHTTPClient.configure(None, max_clients=max(10, 2 * n))
            together = asyncio.Event()
            tasks = [asyncio.ensure_future(learner.run(play_s, together)) for learner in light]
            await asyncio.sleep(0)
            together.set()
            start.set()
            await asyncio.gather(*tasks)
            kernels = _kernel_ids(kernels_of(process))
            theirs = {learner.result.kernel_id for learner in light if learner.result.kernel_id}
            server_now = pss_mb([psutil.Process(process.pid)])
            measured["pss"] = pss_mb([p for k, p in kernels.items() if k in theirs]) + server_now - server_before
            if cap is not None:
                refused = [learner for learner in light if learner.result.failure]
                full_page = refused[0].result.failure or "" if refused else "(every learner got a kernel)"
            await asyncio.gather(*(learner.leave(beacon=i % 2 == 0) for i, learner in enumerate(light)))
            await asyncio.sleep(0.5)

        asyncio.run(session())
        for thread in threads:
            thread.join(play_s + 240)
        cpu_used, wall = cpu_seconds(process) - cpu_before, time.perf_counter() - wall_before
        theirs = {learner.result.kernel_id for learner in light if learner.result.kernel_id}
        period = cull_idle + cull_interval(cull_idle)
        left, last_gone = watch_kernels_go(theirs, lambda: set(_kernel_ids(kernels_of(process))), period)
        if cap is not None:  # the learners over the cap: the server's 503s (a browser's page retries by itself)
            refused = log_path.read_text(encoding="utf-8", errors="replace").count("refused (503): class cap")
            full_page = f"{refused} page requests answered 503 'the class is full'; {full_page}"
        results = [learner.result for learner in light]
        ready = [r.page_ready_s for r in results if r.page_ready_s is not None]
        ready += [b.page_ready_s for b in heavy if b.page_ready_s is not None]
        clicks = [ms for r in results for ms in r.clicks_ms]
        notices: dict[str, int] = {}
        for b in heavy:
            for key, count in b.notices.items():
                notices[key] = notices.get(key, 0) + count
        failures = [r.failure for r in results if r.failure] + [f"browser: {b.failure}" for b in heavy if b.failure]
        expected_refusals = min(1, sum(1 for r in results if r.failure)) if cap is not None else 0
        return Run(
            name=name, learners=n, pooled=pooled, failed_loads=len(failures) - expected_refusals,
            failures=failures[:6], page_ready_p50_s=statistics.median(ready) if ready else float("nan"),
            page_ready_p95_s=percentile(ready, 0.95), clicks=len(clicks),
            click_timeouts=sum(r.click_timeouts for r in results),
            click_p50_ms=statistics.median(clicks) if clicks else float("nan"),
            click_p95_ms=percentile(clicks, 0.95), click_p99_ms=percentile(clicks, 0.99),
            pss_per_learner_mb=measured["pss"] / max(1, len(theirs)), browser_notices=notices,
            false_stopped=sum(b.false_stopped for b in heavy), kernels_left_after_cull_period=left,
            last_kernel_gone_s=last_gone, full_page=full_page[:200], load_before=load_before,
            load_after=os.getloadavg()[0], cpu_s=cpu_used, wall_s=wall,
        )
    finally:
        stop(process)


def print_run(r: Run) -> None:
    """One run as a few lines, against the goals."""
    ready_goal = GOALS["page_ready_p95_pool_s" if r.pooled else "page_ready_p95_nopool_s"]
    gone = "never" if r.last_kernel_gone_s is None else f"{r.last_kernel_gone_s:.1f} s"
    print(f"{r.name}: {r.learners} learners, pool={r.pooled}; failed loads {r.failed_loads}; page ready p50/p95 "
          f"{r.page_ready_p50_s:.2f}/{r.page_ready_p95_s:.2f} s (goal <= {ready_goal:.0f}); clicks {r.clicks} "
          f"(unanswered {r.click_timeouts}) p50/p95/p99 {r.click_p50_ms:.0f}/{r.click_p95_ms:.0f}/"
          f"{r.click_p99_ms:.0f} ms (goal p95 <= 300, p99 <= 1000); PSS/learner {r.pss_per_learner_mb:.0f} MB; "
          f"browser notices {r.browser_notices}, false 'stopped' {r.false_stopped}; kernels left after the "
          f"cull period {r.kernels_left_after_cull_period}, all gone {gone}; server+kernels CPU {r.cpu_s:.0f} s "
          f"in {r.wall_s:.0f} s wall; load {r.load_before:.1f}/{r.load_after:.1f}")
    for failure in r.failures:
        print(f"    failure: {failure}")
    if r.full_page:
        print(f"    the learner over the cap: {r.full_page}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", nargs="+", default=["lv30", "mixed30", "lv50", "cap30", "lv30-nopool"])
    parser.add_argument("--play", type=float, default=90.0, metavar="SECONDS")
    parser.add_argument("--browsers", type=int, default=2, help="chromium learners among the class (default 2)")
    parser.add_argument("--cull-idle", type=int, default=30, metavar="SECONDS")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    runs = []
    for name in args.runs:
        runs.append(run(name, args.play, args.browsers, args.cull_idle))
        print_run(runs[-1])
        sys.stdout.flush()
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(r) for r in runs], indent=2) + "\n", encoding="utf-8")
    print(f"machine: {os.cpu_count()} CPUs; {psutil.virtual_memory().total / MB / 1024:.0f} GiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
