"""Load benchmark: N learners open the same lesson at once and play it, as light websocket clients.

Starts the real ``vegas-tutor --no-browser`` on a free port (as the browser tests do), then drives N learners
through the widget protocol the page speaks, without a browser, all at once:

1. ``GET /voila/render/<lesson>``: Voilà starts (or takes a pre-heated) kernel, runs the lesson and streams
   the page, which holds the kernel id;
2. connect to ``/api/kernels/<id>/channels`` as the page does, open the ``jupyter.widget.control`` comm and
   ask for every widget's state (``request_states``), as ipywidgets 8's manager does; the board is the model
   with ``board`` and ``version`` traits. **Page ready** = from the GET until the board's state arrived;
3. play for D seconds: each click is an intent the board's buttons send (``{"method": "custom", "content":
   {"type": "roll"}}``, then ``place`` a face of the roll, ``new_game`` once the game is over), timed until
   the board's ``version`` changes (**click** round trip), with a think time between clicks;
4. leave: half the learners as a closed tab does (the shutdown beacon), the other half vanish (a crashed tab,
   a closed laptop: the socket just drops), so their kernels are left to the culler.

It reports page-ready and click p50/p95, failures, the memory per learner (PSS at the end of play: the
learners' own kernels plus what the server grew by, divided by N; with ``--pool`` the kernels that refill the
pool meanwhile are reported apart), and how long until every learner's kernel was gone, against the goals:
0 failed loads, page ready p95 <= 10 s, click p95 <= 300 ms, <= 110 MB PSS per learner, every kernel gone
within one cull period (idle time + check interval). ``--imports`` also measures, in a fresh Python, what
each import of a lesson's kernel costs.

Usage::

    python bench/bench_load.py --learners 5 10 20 30 --play 30 --cull-idle 30 [--pool class|N]
    python bench/bench_load.py --imports

``Learner`` and ``summarize`` are reused by ``deploy/jupyterhub/run_load.py`` (the same learners, through
a JupyterHub).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import psutil  # noqa: E402  (a dependency of ipykernel)
from e2e_app import AppServer, start_server, stop_server  # noqa: E402  (shared with the browser tests)

MB = 1024 * 1024
LESSON = "01.06-play-a-full-game.ipynb"
PAGE_TIMEOUT_S = 120.0
CLICK_TIMEOUT_S = 30.0
GOALS = {"page_ready_p95_s": 10.0, "click_p95_ms": 300.0, "pss_per_learner_mb": 110.0}
CONTROL_PROTOCOL = "1.0.0"
"""ipywidgets 8's widget control protocol version, which the kernel checks when the comm opens."""
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` in 0..1); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def _message(msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None) -> str:
    """One Jupyter message for the shell channel in the websocket's JSON form."""
    header = {
        "msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "learner",
        "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    return json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                       "channel": "shell", "buffers": []})


@dataclass
class LearnerResult:
    """What one learner saw."""

    page_ready_s: float | None = None
    html_s: float | None = None
    clicks_ms: list[float] = field(default_factory=list)
    click_kinds: list[str] = field(default_factory=list)
    click_timeouts: int = 0
    refusals: int = 0
    failure: str | None = None
    kernel_id: str | None = None
    left_with_beacon: bool = False


class Learner:
    """One learner: opens ``page_url`` (``http://host:port/prefix/voila/render/<lesson>``), plays, leaves.

    ``base_url`` is where the server's ``api/`` and ``voila/api/`` live (``http://host:port/prefix/``);
    ``cookies`` are sent with every request (a JupyterHub login).
    """

    board_trait = "board"
    """The synced trait that holds the board's projection (Liar's Dice calls it ``table``)."""

    def __init__(self, base_url: str, page_url: str, cookies: dict[str, str] | None = None,
                 think_s: float = 1.0, seed: int = 0, host: str | None = None) -> None:
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.host = host
        """The ``Host`` header (and the origin's name) to send instead of the address's own: a classroom
        host name served on a loopback address."""
        self.page_url = page_url
        self.cookies = dict(cookies or {})
        self.think_s = think_s
        self.random = random.Random(seed)
        self.session = uuid.uuid4().hex
        self.result = LearnerResult()
        self.socket: Any = None
        self.board_id: str | None = None
        self.board: dict[str, Any] = {}
        self.version = -1
        self._updates: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None

    def _headers(self) -> dict[str, str]:
        origin = re.match(r"https?://[^/]+", self.base_url)
        headers = {"Origin": origin.group(0) if origin else ""}
        if self.host is not None:
            headers["Host"] = self.host
            headers["Origin"] = f"http://{self.host}"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        return headers

    async def open(self) -> None:
        """GET the page, connect to its kernel and wait for the board's state (sets ``page_ready_s``)."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect

        start = time.perf_counter()
        headers = self._headers()
        headers.pop("Origin")  # a navigation sends none
        response = await AsyncHTTPClient().fetch(
            HTTPRequest(self.page_url, headers=headers, request_timeout=PAGE_TIMEOUT_S, follow_redirects=False),
            raise_error=False,
        )
        if response.code != 200:
            raise RuntimeError(f"page answered {response.code}: {response.body[:200]!r}")
        for cookie in response.headers.get_list("Set-Cookie"):
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        html = response.body.decode("utf-8", errors="replace")
        self.result.html_s = time.perf_counter() - start
        match = _KERNEL_ID.search(html)
        if match is None:
            raise RuntimeError("the page holds no kernel id")
        if "vegasTutorKernel = 'failed'" in html or 'data-mime-type="application/vnd.jupyter.stderr"' in html:
            raise RuntimeError("the page reports a failed kernel or a cell error")
        self.result.kernel_id = kernel = match.group(1)
        ws_url = re.sub(r"^http", "ws", self.base_url) + f"api/kernels/{kernel}/channels?session_id={self.session}"
        self.socket = await websocket_connect(HTTPRequest(ws_url, headers=self._headers(),
                                                          request_timeout=PAGE_TIMEOUT_S),
                                              max_message_size=64 * MB)
        self._reader = asyncio.ensure_future(self._read())
        control = uuid.uuid4().hex
        await self.socket.write_message(_message(
            "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}, self.session,
            {"version": CONTROL_PROTOCOL}))
        await self.socket.write_message(_message(
            "comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, self.session))
        deadline = time.perf_counter() + PAGE_TIMEOUT_S
        while self.board_id is None:
            update = await asyncio.wait_for(self._updates.get(), max(0.1, deadline - time.perf_counter()))
            for model_id, state in update.get("states", {}).items():
                model_state = state.get("state", state)
                if self.board_trait in model_state and "version" in model_state:
                    self.board_id = model_id
                    self.board = model_state[self.board_trait]
                    self.version = int(model_state["version"])
        self.result.page_ready_s = time.perf_counter() - start

    async def _read(self) -> None:
        """Route the kernel's messages: widget states and the board's updates."""
        while True:
            raw = await self.socket.read_message()
            if raw is None:
                return
            if not isinstance(raw, str):
                continue  # a binary frame: widget buffers, which the board does not use
            message = json.loads(raw)
            if message.get("msg_type", message.get("header", {}).get("msg_type")) != "comm_msg":
                continue
            data = message["content"].get("data", {})
            method = data.get("method")
            if method == "update_states":
                await self._updates.put(data)
            elif method == "update" and message["content"].get("comm_id") == self.board_id:
                state = data.get("state", {})
                if self.board_trait in state:
                    self.board = state[self.board_trait]
                if state.get("error"):
                    self.result.refusals += 1
                if "version" in state:
                    self.version = int(state["version"])
                    await self._updates.put({"version": self.version})

    def next_intent(self) -> dict[str, Any]:
        """What a learner clicks next on the Las Vegas board."""
        phase = self.board.get("phase")
        if phase in ("roll", "spare"):
            return {"type": "roll"}
        groups = (self.board.get("roll") or {}).get("groups") or []
        if phase == "place" and groups:
            return {"type": "place", "face": self.random.choice(groups)["face"]}
        return {"type": "new_game"}

    async def click(self) -> None:
        """Send one intent and wait until the board's version changes; the round trip in ``clicks_ms``."""
        assert self.board_id is not None
        before = self.version
        while not self._updates.empty():
            self._updates.get_nowait()
        intent = self.next_intent()
        content = {"comm_id": self.board_id, "data": {"method": "custom", "content": intent}}
        start = time.perf_counter()
        await self.socket.write_message(_message("comm_msg", content, self.session))
        deadline = start + CLICK_TIMEOUT_S
        while self.version <= before:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                self.result.click_timeouts += 1
                return
            try:
                await asyncio.wait_for(self._updates.get(), remaining)
            except TimeoutError:
                continue
        self.result.clicks_ms.append((time.perf_counter() - start) * 1000)
        self.result.click_kinds.append(intent["type"])

    async def play(self, until: float) -> None:
        """Click, think, click... until ``until`` (a ``time.perf_counter()``)."""
        while time.perf_counter() < until:
            await self.click()
            await asyncio.sleep(self.think_s * (0.5 + self.random.random()))

    async def leave(self, beacon: bool) -> None:
        """Close the page: with the shutdown beacon (a tab closed), or just drop the socket (a tab killed)."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        if beacon and self.result.kernel_id is not None:
            xsrf = self.cookies.get("_xsrf", "")
            headers = {**self._headers(), "Content-Type": "application/x-www-form-urlencoded"}
            await AsyncHTTPClient().fetch(HTTPRequest(
                f"{self.base_url}voila/api/shutdown/{self.result.kernel_id}", method="POST",
                body=f"_xsrf={xsrf}", headers=headers, request_timeout=30), raise_error=False)
            self.result.left_with_beacon = True
        if self.socket is not None:
            self.socket.close()
        if self._reader is not None:
            self._reader.cancel()

    async def run(self, play_s: float, start_together: asyncio.Event) -> None:
        """Open (when everyone starts), play for ``play_s`` seconds; failures are recorded, not raised."""
        await start_together.wait()
        try:
            await self.open()
        except Exception as error:
            self.result.failure = f"{type(error).__name__}: {error}"[:300]
            return
        try:
            await self.play(time.perf_counter() + play_s)
        except Exception as error:
            self.result.failure = f"while playing: {type(error).__name__}: {error}"[:300]


async def drive(learners: list[Learner], play_s: float) -> None:
    """Let every learner open the lesson at the same moment and play for ``play_s`` seconds."""
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=max(10, 2 * len(learners)))  # tornado queues past 10 at once
    start_together = asyncio.Event()
    tasks = [asyncio.ensure_future(learner.run(play_s, start_together)) for learner in learners]
    await asyncio.sleep(0)
    start_together.set()
    await asyncio.gather(*tasks)


def pss_mb(processes: list[psutil.Process]) -> float:
    """Proportional set size summed over ``processes`` (shared pages split among their users), in MB."""
    total = 0
    for process in processes:
        with contextlib.suppress(psutil.Error):  # ended meanwhile
            total += process.memory_full_info().pss
    return total / MB


@dataclass
class Figures:
    """One run's figures."""

    learners: int
    loaded: int
    failures: list[str]
    page_ready_p50_s: float
    page_ready_p95_s: float
    html_p95_s: float
    clicks: int
    click_timeouts: int
    click_p50_ms: float
    click_p95_ms: float
    click_p95_by_kind_ms: dict[str, float]
    pss_per_learner_mb: float
    pss_total_mb: float
    refill_kernels: int
    refill_pss_mb: float
    cull_period_s: float
    kernels_left_after_cull_period: int
    last_kernel_gone_s: float | None
    load_before: float
    load_after: float


def summarize(learners: list[Learner], pss_per_learner: float, pss_total: float, cull_period: float,
              left: int, last_gone: float | None, load_before: float, refill: tuple[int, float] = (0, 0.0)) -> Figures:
    """The figures of one run from its learners and the measurements around them."""
    results = [learner.result for learner in learners]
    ready = [r.page_ready_s for r in results if r.page_ready_s is not None]
    html = [r.html_s for r in results if r.html_s is not None]
    clicks = [ms for r in results for ms in r.clicks_ms]
    return Figures(
        learners=len(learners), loaded=len(ready), failures=[r.failure for r in results if r.failure],
        page_ready_p50_s=statistics.median(ready) if ready else float("nan"),
        page_ready_p95_s=percentile(ready, 0.95), html_p95_s=percentile(html, 0.95),
        clicks=len(clicks), click_timeouts=sum(r.click_timeouts for r in results),
        click_p50_ms=statistics.median(clicks) if clicks else float("nan"), click_p95_ms=percentile(clicks, 0.95),
        click_p95_by_kind_ms={kind: round(percentile(
            [ms for r in results for ms, k in zip(r.clicks_ms, r.click_kinds, strict=True) if k == kind], 0.95), 1)
            for kind in sorted({k for r in results for k in r.click_kinds})},
        pss_per_learner_mb=pss_per_learner, pss_total_mb=pss_total, refill_kernels=refill[0],
        refill_pss_mb=refill[1], cull_period_s=cull_period,
        kernels_left_after_cull_period=left, last_kernel_gone_s=last_gone,
        load_before=load_before, load_after=os.getloadavg()[0],
    )


def _kernels(server: AppServer) -> list[psutil.Process]:
    running = []
    for process in server.kernel_processes():
        try:
            if process.status() != psutil.STATUS_ZOMBIE:
                running.append(process)
        except psutil.Error:
            pass
    return running


def _kernel_ids(processes: list[psutil.Process]) -> dict[str, psutil.Process]:
    found = {}
    for process in processes:
        try:
            match = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(process.cmdline()))
        except psutil.Error:
            continue
        if match:
            found[match.group(1)] = process
    return found


def _wait_quiet(server: AppServer, log_path: Path, pooled: str | None, seconds: float = 900.0) -> None:
    """Wait until the server's kernel count has been steady for 3 s and the server and its kernels use under
    a tenth of a core (its pre-heated pools are filled and have run their lessons), whatever else runs; with
    ``pooled``, first until the server says that lesson's pool is full (pools fill with pauses)."""
    deadline = time.monotonic() + seconds
    while pooled is not None and time.monotonic() < deadline:
        if f"Kernel pool of {pooled} is filled" in log_path.read_text(encoding="utf-8", errors="replace"):
            break
        time.sleep(1)
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        processes = [psutil.Process(server.process.pid), *_kernels(server)]
        count = len(processes)
        if count != last:
            last, since = count, time.monotonic()
        elif time.monotonic() - since > 3 and _cpu_seconds(processes, 1.0) < 0.1:
            return
        time.sleep(0.5)


def _cpu_seconds(processes: list[psutil.Process], window: float) -> float:
    """CPU seconds ``processes`` used during the next ``window`` seconds."""
    def total() -> float:
        used = 0.0
        for process in processes:
            with contextlib.suppress(psutil.Error):
                times = process.cpu_times()
                used += times.user + times.system
        return used

    before = total()
    time.sleep(window)
    return total() - before


def watch_kernels_go(theirs: set[str], running: Callable[[], set[str]], period: float) -> tuple[int, float | None]:
    """After the learners left: how many of ``theirs`` (kernel ids) still run after one cull ``period``, and
    when the last was gone (seconds; None if some still run ``period + 30`` s later). ``running()`` gives the
    ids of the kernels running now."""
    left_at = time.monotonic()
    left, last_gone = len(theirs), None
    while time.monotonic() - left_at < period + 30:
        alive = theirs & running()
        if time.monotonic() - left_at <= period:
            left = len(alive)
        if not alive:
            return left, time.monotonic() - left_at
        time.sleep(0.5)
    return len(theirs & running()), last_gone


def run_once(n: int, lesson: str, play_s: float, think_s: float, cull_idle: int, server_args: list[str]) -> Figures:
    """Start a server, let ``n`` learners open ``lesson`` at once and play, then leave; the figures."""
    from vegas_tutor.serving import cull_interval

    log_path = Path(tempfile.mkdtemp(prefix="bench-load-")) / "server.log"
    server = start_server(log_path, extra_args=["--cull-idle", str(cull_idle), *server_args])
    try:
        pooled = lesson if any(arg.startswith(f"--pool={lesson}=") for arg in server_args) else None
        _wait_quiet(server, log_path, pooled)
        pool = _kernel_ids(_kernels(server))
        server_before = pss_mb([psutil.Process(server.process.pid)])
        load_before = os.getloadavg()[0]
        learners = [Learner(server.url, f"{server.url}voila/render/{lesson}", think_s=think_s, seed=i)
                    for i in range(n)]
        measured: dict[str, float] = {}

        async def session() -> None:
            await drive(learners, play_s)
            kernels = _kernel_ids(_kernels(server))
            theirs = {r.kernel_id for r in (learner.result for learner in learners) if r.kernel_id}
            server_now = pss_mb([psutil.Process(server.process.pid)])
            measured["learners"] = pss_mb([p for k, p in kernels.items() if k in theirs]) + server_now - server_before
            refill = [p for k, p in kernels.items() if k not in theirs and k not in pool]
            measured["refill_kernels"], measured["refill"] = len(refill), pss_mb(refill)
            measured["total"] = server_now + pss_mb(list(kernels.values()))
            await asyncio.gather(*(learner.leave(beacon=i % 2 == 0) for i, learner in enumerate(learners)))
            await asyncio.sleep(0.5)  # let the closing handshakes go out

        asyncio.run(session())
        total = measured["total"]
        # Memory per learner: the learners' kernels and what the server grew by, per learner (a pre-heated
        # pool's kernels become learners' kernels; the pool's refill is reported apart).
        per_learner = measured["learners"] / max(1, n)
        theirs = {r.kernel_id for r in (learner.result for learner in learners) if r.kernel_id}
        period = cull_idle + cull_interval(cull_idle)
        left, last_gone = watch_kernels_go(theirs, lambda: set(_kernel_ids(_kernels(server))), period)
        return summarize(learners, per_learner, total, period, left, last_gone, load_before,
                         (int(measured["refill_kernels"]), measured["refill"]))
    finally:
        stop_server(server)


IMPORT_STAGES = [
    ("python", ""),
    ("ipykernel", "import ipykernel.kernelapp"),
    ("ipywidgets + anywidget", "import ipywidgets, anywidget"),
    ("numpy", "import numpy"),
    ("vegas_tutor.las_vegas.engine", "import vegas_tutor.las_vegas.engine"),
    ("numba", "import numba"),
    ("vegas_tutor.tutor (the lessons' import)", "import vegas_tutor.tutor"),
]

_IMPORT_PROBE = """
import os, sys, time, psutil
p = psutil.Process()
for label, statement in {stages!r}:
    start = time.perf_counter()
    exec(statement)
    info = p.memory_full_info()
    print(label, round(time.perf_counter() - start, 3), info.uss, info.pss, flush=True)
"""


def measure_imports() -> list[tuple[str, float, float, float]]:
    """In a fresh Python: each import stage of a lesson's kernel, with its seconds and the USS and PSS after
    it (MB). Each stage's cost is its difference to the stage before."""
    probe = _IMPORT_PROBE.format(stages=IMPORT_STAGES)
    output = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            cwd=REPO).stdout
    rows = []
    for line in output.splitlines():
        *label, seconds, uss, pss = line.split()
        rows.append((" ".join(label), float(seconds), int(uss) / MB, int(pss) / MB))
    return rows


def print_imports(rows: list[tuple[str, float, float, float]]) -> None:
    print(f"{'import stage (cumulative)':42s} {'seconds':>8s} {'USS MB':>8s} {'+USS MB':>8s}")
    previous = 0.0
    for label, seconds, uss, _pss in rows:
        print(f"{label:42s} {seconds:8.2f} {uss:8.1f} {uss - previous:+8.1f}")
        previous = uss


def print_figures(all_figures: list[Figures]) -> None:
    """The figures as a table, with the goals."""
    print(f"{'learners':>8s} {'loaded':>6s} {'ready p50':>9s} {'ready p95':>9s} {'click p50':>9s} "
          f"{'click p95':>9s} {'clicks':>6s} {'PSS/learner':>11s} {'left':>4s} {'all gone':>8s} {'load':>9s}")
    for f in all_figures:
        gone = "never" if f.last_kernel_gone_s is None else f"{f.last_kernel_gone_s:6.1f} s"
        print(f"{f.learners:8d} {f.loaded:6d} {f.page_ready_p50_s:7.2f} s {f.page_ready_p95_s:7.2f} s "
              f"{f.click_p50_ms:6.0f} ms {f.click_p95_ms:6.0f} ms {f.clicks:6d} {f.pss_per_learner_mb:8.0f} MB "
              f"{f.kernels_left_after_cull_period:4d} {gone:>8s} {f.load_before:4.1f}/{f.load_after:4.1f}")
        for failure in f.failures[:5]:
            print(f"         failure: {failure}")
        print(f"         click p95 by intent: {f.click_p95_by_kind_ms}; pool refill during play: "
              f"{f.refill_kernels} kernels, {f.refill_pss_mb:.0f} MB")
        if f.click_timeouts:
            print(f"         {f.click_timeouts} clicks unanswered within {CLICK_TIMEOUT_S:.0f} s")
    period = all_figures[0].cull_period_s if all_figures else 0
    print(f"goals: 0 failed loads, page ready p95 <= {GOALS['page_ready_p95_s']:.0f} s, click p95 <= "
          f"{GOALS['click_p95_ms']:.0f} ms, <= {GOALS['pss_per_learner_mb']:.0f} MB PSS per learner, "
          f"0 kernels left after one cull period ({period:.0f} s: idle time + check interval); "
          f"load = 1-minute load average before/after on {os.cpu_count()} CPUs")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--learners", type=int, nargs="+", default=[5, 10, 20, 30], metavar="N")
    parser.add_argument("--lesson", default=LESSON, help=f"the lesson every learner opens (default {LESSON})")
    parser.add_argument("--play", type=float, default=30.0, metavar="SECONDS", help="play time (default 30)")
    parser.add_argument("--think", type=float, default=1.0, metavar="SECONDS",
                        help="mean pause between a learner's clicks (default 1)")
    parser.add_argument("--cull-idle", type=int, default=30, metavar="SECONDS",
                        help="the server's --cull-idle for the run (default 30, to measure leftovers quickly)")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="a further vegas-tutor argument, e.g. --server-arg=--preheat=none (repeatable)")
    parser.add_argument("--pool", default="0", metavar="N|class",
                        help="serve with --pool LESSON=N: N pre-heated kernels of the lesson; 'class': as many as "
                        "learners in the run (default 0: none)")
    parser.add_argument("--imports", action="store_true", help="only measure a kernel's imports")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    if args.imports:
        print_imports(measure_imports())
        return 0
    figures = []
    for n in args.learners:
        size = n if args.pool == "class" else int(args.pool)
        pool = [f"--pool={args.lesson}={size}"] if size else []
        figures.append(run_once(n, args.lesson, args.play, args.think, args.cull_idle, [*pool, *args.server_arg]))
        print_figures(figures[-1:])
        sys.stdout.flush()
    print()
    print_figures(figures)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([asdict(f) for f in figures], indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
