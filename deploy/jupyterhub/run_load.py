"""Start the class JupyterHub on loopback, log N learners in, open a lesson for each through the hub, play.

Needs ``install.sh`` first (same ``VEGAS_TUTOR_HUB_PREFIX``). For each N it starts a fresh hub from
``jupyterhub_config.py`` (lesson kernels culled after ``--kernel-idle`` seconds), then, for every learner:
signs up and is approved by the teacher (NativeAuthenticator's forms), then logs in (the hub's login form,
which starts the learner's server), waits until
the hub's API says that server is ready, and opens the landing page (the hub's OAuth hand-over to the
learner's server happens there, as in a browser), which it leaves with the page's shutdown beacon, as a
browser does on its way to the lesson. Then every learner opens the lesson at the same moment
and plays, as ``bench/bench_load.py``'s learners do, through the hub's proxy; half leave with the page's
shutdown beacon, half vanish.

Reports the same figures as ``bench/bench_load.py`` plus the servers' start time, with memory (PSS) summed
over every process the hub started (proxy, learners' servers, kernels) minus the idle hub's. Not run on CI.

Usage: ``python deploy/jupyterhub/run_load.py --learners 10 30 [--play 30] [--kernel-idle 30]``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.cookiejar
import json
import os
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import psutil  # noqa: E402
from bench_load import _KERNEL_ID, LESSON, Learner, drive, percentile, print_figures, pss_mb, summarize  # noqa: E402
from e2e_app import free_port  # noqa: E402

PREFIX = Path(os.environ.get("VEGAS_TUTOR_HUB_PREFIX", "/tmp/vegas-tutor-hub"))
START_TIMEOUT = 300.0


class Hub:
    """A running JupyterHub started from ``jupyterhub_config.py`` with a fresh state folder."""

    def __init__(self, kernel_idle: int, config: Path = HERE / "jupyterhub_config.py", accounts: bool = True) -> None:
        """Start it; ``accounts``: sign-up and approval (else ``config`` is an older hub's, with a class password)."""
        self.config = config
        self.accounts = accounts
        self.port = free_port()
        self.password = secrets.token_hex(8)
        self.token = secrets.token_hex(16)
        self.folder = Path(tempfile.mkdtemp(prefix="vegas-tutor-hub-run-"))
        env = {
            **os.environ, "VEGAS_TUTOR_HUB_PREFIX": str(PREFIX), "VEGAS_TUTOR_HUB_PORT": str(self.port),
            "VEGAS_TUTOR_HUB_LOAD_TOKEN": self.token,
            "VEGAS_TUTOR_HUB_KERNEL_IDLE": str(kernel_idle), "VEGAS_TUTOR_HUB_PASSWORD": self.password,
        }
        (PREFIX / "state" / "hub").mkdir(parents=True, exist_ok=True)
        for stale in ("jupyterhub.sqlite", "jupyterhub.pid"):
            (PREFIX / "state" / "hub" / stale).unlink(missing_ok=True)
            (PREFIX / "state" / stale).unlink(missing_ok=True)
        self.teacher_password = secrets.token_hex(8)
        self.log = (self.folder / "hub.log").open("wb")
        self.process = subprocess.Popen(
            [str(PREFIX / "venv" / "bin" / "jupyterhub"), "-f", str(config)],
            cwd=self.folder, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self.url = f"http://127.0.0.1:{self.port}/"
        try:
            self._open()
        except BaseException:
            self.stop()
            raise

    def _open(self) -> None:
        """Wait for the hub to answer, then sign the teacher up and log them in."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"jupyterhub exited; see {self.folder / 'hub.log'}")
            try:
                urllib.request.urlopen(self.url + "hub/api/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.5)
        else:
            raise RuntimeError(f"jupyterhub did not answer; see {self.folder / 'hub.log'}")
        if self.accounts:
            sign_up(self, "teacher", self.teacher_password)  # first, as a class's teacher does
            self.teacher = log_in(self, "teacher", self.teacher_password, then="/hub/authorize")[1]

    def enrol(self, name: str, password: str | None = None) -> None:
        """Sign ``name`` up (with ``password``, default the run's) and approve them as the teacher (a hub
        without accounts: nothing to do, the class password lets anyone in)."""
        if self.accounts:
            sign_up(self, name, password or self.password)
            self.teacher.open(f"{self.url}hub/authorize/{name}", timeout=60).read()

    def lessons(self) -> str:
        """The lessons folder the learners' servers serve (the hub's installed vegas-tutor)."""
        return subprocess.run([str(PREFIX / "venv" / "bin" / "python"), "-c",
                               "from vegas_tutor.resources import lessons_dir; print(lessons_dir())"],
                              capture_output=True, text=True, check=True, cwd=self.folder).stdout.strip()

    def api(self, method: str, path: str) -> dict[str, object]:
        request = urllib.request.Request(self.url + "hub/api/" + path, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=60) as response:
            body = response.read()
        return json.loads(body) if body else {}

    def processes(self) -> list[psutil.Process]:
        try:
            return [psutil.Process(self.process.pid), *psutil.Process(self.process.pid).children(recursive=True)]
        except psutil.Error:
            return []

    def kernel_ids(self) -> set[str]:
        found = set()
        for process in self.processes():
            try:
                line = " ".join(process.cmdline())
                if "ipykernel" in line and process.status() != psutil.STATUS_ZOMBIE:
                    found.add(line.split("kernel-", 1)[1].split(".json", 1)[0])
            except (psutil.Error, IndexError):
                pass
        return found

    def stop(self) -> None:
        everyone = self.processes()
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        for process in everyone:
            with contextlib.suppress(psutil.Error):
                process.kill()
        self.log.close()


def _form(hub: Hub, page: str, fields: dict[str, str]
          ) -> tuple[http.cookiejar.CookieJar, urllib.request.OpenerDirector]:
    """Open the hub's ``page`` and post its form with ``fields``; the cookie jar and the opener that used it."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(hub.url + page, timeout=60).read()
    xsrf = next((cookie.value for cookie in jar if cookie.name == "_xsrf"), "")
    opener.open(hub.url + page, data=urllib.parse.urlencode({**fields, "_xsrf": xsrf}).encode(), timeout=60).read()
    return jar, opener


def sign_up(hub: Hub, name: str, password: str) -> None:
    """Sign ``name`` up through the hub's sign-up form (NativeAuthenticator); the teacher still has to approve."""
    _form(hub, "hub/signup", {"username": name, "signup_password": password,
                              "signup_password_confirmation": password})


def log_in(hub: Hub, name: str, password: str | None = None, then: str | None = None
           ) -> tuple[http.cookiejar.CookieJar, urllib.request.OpenerDirector]:
    """Log ``name`` in through the hub's login form (with ``password``, default the run's learners'), which
    starts their server unless ``then`` names another page of the hub to go to."""
    page = "hub/login" + (f"?next={urllib.parse.quote(then, safe='')}" if then else "")
    return _form(hub, page, {"username": name, "password": password or hub.password})


def wait_for_servers(hub: Hub, names: list[str], started: float) -> list[float]:
    """Wait until every learner's server (started by the login) is ready; the seconds since ``started``."""
    ready: dict[str, float] = {}
    while len(ready) < len(names) and time.monotonic() - started < START_TIMEOUT:
        for name in names:
            if name not in ready:
                servers = hub.api("GET", f"users/{name}").get("servers", {})
                default = servers.get("", {}) if isinstance(servers, dict) else {}
                if default.get("ready"):
                    ready[name] = time.monotonic() - started
        time.sleep(1)
    return [ready[name] for name in names if name in ready]


def user_cookies(jar: http.cookiejar.CookieJar, name: str) -> dict[str, str]:
    """The cookies a browser sends to ``/user/<name>/`` (not the hub's own, such as its ``_xsrf`` on /hub/)."""
    return {cookie.name: cookie.value for cookie in jar
            if cookie.path in ("", "/") or f"/user/{name}/".startswith(cookie.path.rstrip("/") + "/")}


def open_landing(hub: Hub, name: str, jar: http.cookiejar.CookieJar, opener: urllib.request.OpenerDirector) -> bool:
    """Open the learner's landing page (the hub's OAuth hand-over to their server happens there), then leave it
    for the lesson as a browser does: with the page's shutdown beacon. Whether the beacon was accepted."""
    base = f"{hub.url}user/{name}/"
    html = opener.open(base + "voila/render/index.ipynb", timeout=120).read().decode("utf-8", "replace")
    match = _KERNEL_ID.search(html)
    if match is None:
        return False
    form = urllib.parse.urlencode({"_xsrf": user_cookies(jar, name).get("_xsrf", "")}).encode()
    try:
        opener.open(urllib.request.Request(f"{base}voila/api/shutdown/{match.group(1)}", data=form,
                                           method="POST"), timeout=60).read()
    except urllib.error.HTTPError:
        return False
    return True


def run_once(n: int, play_s: float, think_s: float, kernel_idle: int) -> None:
    hub = Hub(kernel_idle)
    try:
        time.sleep(3)
        baseline = pss_mb(hub.processes())
        names = [f"learner{i:02d}" for i in range(n)]
        for name in names:
            hub.enrol(name)
        started = time.monotonic()
        sessions = [log_in(hub, name) for name in names]  # as in class: the login starts the learner's server
        spawn = wait_for_servers(hub, names, started)
        beacons = sum(open_landing(hub, name, jar, opener) for (jar, opener), name in zip(sessions, names, strict=True))
        jars = [user_cookies(jar, name) for (jar, _opener), name in zip(sessions, names, strict=True)]
        learners = [
            Learner(f"{hub.url}user/{name}/", f"{hub.url}user/{name}/voila/render/{LESSON}", cookies=jar,
                    think_s=think_s, seed=i)
            for i, (name, jar) in enumerate(zip(names, jars, strict=True))
        ]
        before = hub.kernel_ids()
        measured: dict[str, float] = {}

        async def session() -> None:
            await drive(learners, play_s)
            measured["total"] = pss_mb(hub.processes())
            await asyncio.gather(*(learner.leave(beacon=i % 2 == 0) for i, learner in enumerate(learners)))
            await asyncio.sleep(0.5)

        load_before = os.getloadavg()[0]
        asyncio.run(session())
        theirs = {r.kernel_id for r in (learner.result for learner in learners) if r.kernel_id} - before
        period = kernel_idle + max(1, min(60, kernel_idle // 20))
        left_at = time.monotonic()
        last_gone = None
        left = len(theirs)
        while time.monotonic() - left_at < period + 30:
            alive = theirs & hub.kernel_ids()
            if time.monotonic() - left_at <= period:
                left = len(alive)
            if not alive:
                last_gone = time.monotonic() - left_at
                break
            time.sleep(0.5)
        figures = summarize(learners, (measured["total"] - baseline) / n, measured["total"], period, left,
                            last_gone, load_before)
        print(f"hub, {n} learners: servers started p50 {statistics.median(spawn):.1f} s, "
              f"p95 {percentile(spawn, 0.95):.1f} s ({len(spawn)}/{n} started); landing pages left with an "
              f"accepted beacon: {beacons}/{n}; log in {hub.folder}")
        print_figures([figures])
        sys.stdout.flush()
    finally:
        hub.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 30], metavar="N")
    parser.add_argument("--play", type=float, default=30.0, metavar="SECONDS")
    parser.add_argument("--think", type=float, default=1.0, metavar="SECONDS")
    parser.add_argument("--kernel-idle", type=int, default=30, metavar="SECONDS")
    args = parser.parse_args(argv)
    if not (PREFIX / "venv" / "bin" / "jupyterhub").is_file():
        print(f"run_load.py: no JupyterHub in {PREFIX}: run deploy/jupyterhub/install.sh first", file=sys.stderr)
        return 2
    for n in args.learners:
        run_once(n, args.play, args.think, args.kernel_idle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
