"""Start the class JupyterHub on loopback, log N learners in, open a lesson for each through the hub, play.

Needs ``install.sh`` first (same ``VEGAS_TUTOR_HUB_PREFIX``) and root (it starts the hub as its own user and
reads every process's memory). For each N it starts a fresh hub from the installed ``jupyterhub_config.py``
(lesson kernels culled after ``--kernel-idle`` seconds) with a fresh database holding the teacher's account,
then every learner signs up and is approved by the teacher (NativeAuthenticator's forms). Then each learner,
on their own clock: logs in (the hub's login form, which starts the learner's server), waits until the hub's
API says that server is ready, opens the landing page (the hub's OAuth hand-over to the learner's server
happens there, as in a browser), leaves it with the page's shutdown beacon as a browser does on its way to the
lesson, opens the lesson and plays, as ``bench/bench_load.py``'s learners do, through the hub's proxy; half
leave with the page's shutdown beacon, half vanish. A learner's "login to on the lesson" runs from their
login click to their lesson's board drawn, while the others are still arriving or already playing.

Reports the same figures as ``bench/bench_load.py`` plus the servers' start time, with memory (PSS) summed
over the hub's processes and every learner's (proxy, sudospawner's mediators, learners' servers, kernels)
minus the idle hub's. Not run on CI.

Usage: ``python deploy/jupyterhub/run_load.py --learners 10 30 [--play 30] [--think 5] [--kernel-idle 30]
[--spawn-limit N] [--prestart] [--arrive-over SECONDS]`` (``--think 5``: 2.5 to 7.5 s between a learner's clicks;
``--prestart``: the teacher adds the approved learners on the admin page and starts every server before the class;
``--arrive-over 60``: the learners click login one after another over a minute instead of all at once). Prints the
load average before and after each run: the machine's other work slows every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import grp
import http.cookiejar
import json
import os
import pwd
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path[:0] = [str(HERE), str(REPO / "bench"), str(REPO / "tests" / "e2e")]

import learner_server  # noqa: E402
import psutil  # noqa: E402
from bench_load import _KERNEL_ID, LESSON, Learner, percentile, print_figures, pss_mb, summarize  # noqa: E402
from e2e_app import free_port  # noqa: E402

PREFIX = Path(os.environ.get("VEGAS_TUTOR_HUB_PREFIX", "/tmp/vegas-tutor-hub"))
START_TIMEOUT = 300.0
INSTALLED = {"jupyterhub_config.py": "etc", "learner_server.py": "etc", "learner_server_config.py": "etc",
             "make_teacher.py": "etc", "class_accounts.py": "etc",
             "vegas_tutor_learner.py": "sbin/vegas-tutor-learner",
             "sudospawner-singleuser": "venv/bin/sudospawner-singleuser",
             "sudospawner-mediator": "venv/bin/sudospawner"}
"""This folder's files and where ``install.sh`` puts them: the hub runs the installed copies."""


def stale_install() -> list[str]:
    """The files of this checkout whose installed copy differs (``install.sh`` was not run since they changed)."""
    stale = []
    for name, where in INSTALLED.items():
        installed = PREFIX / where / name if where == "etc" else PREFIX / where
        if not installed.is_file() or installed.read_bytes() != (HERE / name).read_bytes():
            stale.append(name)
    return stale


def as_hub_user() -> list[str]:
    """The command prefix that runs what follows as the hub's own user (from root)."""
    user = learner_server.HUB_USER
    return ["setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups"]


class Hub:
    """A running JupyterHub, started as its own user from the installed ``jupyterhub_config.py`` with a fresh
    database holding only the teacher's account (as ``install.sh`` leaves it); the install's own database is
    put aside meanwhile and back when it stops. Refused while the install's hub is running."""

    def __init__(self, kernel_idle: int, spawn_limit: int | None = None, lesson: str | None = None) -> None:
        stale = stale_install()
        if stale:
            raise RuntimeError(f"the hub in {PREFIX} runs older copies of {', '.join(stale)}: run install.sh")
        self.port = free_port()
        self.password = secrets.token_hex(8)
        self.token = secrets.token_hex(16)
        self.folder = Path(tempfile.mkdtemp(prefix="vegas-tutor-hub-run-"))
        env = {
            **os.environ, "VEGAS_TUTOR_HUB_PREFIX": str(PREFIX), "VEGAS_TUTOR_HUB_PORT": str(self.port),
            "VEGAS_TUTOR_HUB_LOAD_TOKEN": self.token, "VEGAS_TUTOR_HUB_KERNEL_IDLE": str(kernel_idle),
        }
        if spawn_limit is not None:
            env["VEGAS_TUTOR_HUB_SPAWN_LIMIT"] = str(spawn_limit)
        if lesson:
            env["VEGAS_TUTOR_HUB_LESSON"] = lesson
        hub_files = PREFIX / "state" / "hub"
        running = hub_files / "jupyterhub.pid"
        if running.is_file() and running.read_text().strip().isdigit() and psutil.pid_exists(int(running.read_text())):
            raise RuntimeError(f"a hub of {PREFIX} is running (pid file {running}): stop it first")
        self.database = hub_files / "jupyterhub.sqlite"
        self.saved = hub_files / "jupyterhub.sqlite.saved-during-check"
        if self.database.is_file() and not self.saved.exists():  # the class's own accounts, put back by stop()
            self.database.rename(self.saved)
        for stale_file in ("jupyterhub.sqlite", "jupyterhub.pid", "jupyterhub-proxy.pid"):
            (hub_files / stale_file).unlink(missing_ok=True)
        self.teacher_name = json.loads((PREFIX / "etc" / "hub.json").read_text())["teacher"]
        self.teacher_password = secrets.token_hex(8)
        python = str(PREFIX / "venv" / "bin" / "python")
        try:
            subprocess.run([*as_hub_user(), python, str(PREFIX / "etc" / "make_teacher.py"), "--password-stdin",
                            "--db", f"sqlite:///{self.database}", self.teacher_name],
                           input=self.teacher_password + "\n", text=True, check=True, cwd=hub_files,
                           capture_output=True, preexec_fn=lambda: os.umask(0o077))
        except BaseException:
            if self.saved.is_file():
                self.saved.replace(self.database)
            raise
        self.log = (self.folder / "hub.log").open("wb")
        self.process = subprocess.Popen(
            [*as_hub_user(), str(PREFIX / "venv" / "bin" / "jupyterhub"), "-f",
             str(PREFIX / "etc" / "jupyterhub_config.py")],
            cwd=hub_files, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self.url = f"http://127.0.0.1:{self.port}/"
        try:
            self._open()
        except BaseException:
            self.stop()
            raise

    def _open(self) -> None:
        """Wait for the hub to answer, then log the teacher in (on the approval page)."""
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
        self.teacher = log_in(self, self.teacher_name, self.teacher_password, then="/hub/authorize")[1]

    def enrol(self, name: str, password: str | None = None) -> None:
        """Sign ``name`` up (with ``password``, default the run's) and approve them as the teacher."""
        sign_up(self, name, password or self.password)
        self.teacher.open(f"{self.url}hub/authorize/{name}", timeout=60).read()

    def lessons(self) -> str:
        """The lessons folder the learners' servers serve (the hub's installed vegas-tutor)."""
        return subprocess.run([str(PREFIX / "venv" / "bin" / "python"), "-c",
                               "from vegas_tutor.resources import lessons_dir; print(lessons_dir())"],
                              capture_output=True, text=True, check=True, cwd=self.folder).stdout.strip()

    def api(self, method: str, path: str, body: object = None) -> dict[str, object]:
        request = urllib.request.Request(self.url + "hub/api/" + path, method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            body = response.read()
        return json.loads(body) if body else {}

    def processes(self) -> list[psutil.Process]:
        """The hub, its proxy and services, and every process of a learner's system user (sudospawner's
        mediator starts learners' servers outside the hub's process tree)."""
        try:
            gid = grp.getgrnam(learner_server.LEARNERS_GROUP).gr_gid
            uids = {entry.pw_uid for entry in pwd.getpwall() if entry.pw_gid == gid}
        except KeyError:
            uids = set()
        found: dict[int, psutil.Process] = {}
        with contextlib.suppress(psutil.Error):
            hub = psutil.Process(self.process.pid)
            found.update({p.pid: p for p in (hub, *hub.children(recursive=True))})
        for process in psutil.process_iter():
            with contextlib.suppress(psutil.Error):
                if process.uids().real in uids:
                    found.setdefault(process.pid, process)
        return list(found.values())

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
        """Stop the hub (which stops every learner's server), then anything of theirs still running."""
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
        if self.saved.is_file():  # the install's database as it was before this run
            self.saved.replace(self.database)


class HubRedirectsOnly(urllib.request.HTTPRedirectHandler):
    """Follows redirects to the hub's own pages, not into a learner's server (``/user/...``)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if urllib.parse.urlparse(newurl).path.startswith("/user/"):
            return None
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _form(hub: Hub, page: str, fields: dict[str, str]
          ) -> tuple[http.cookiejar.CookieJar, urllib.request.OpenerDirector]:
    """Open the hub's ``page`` and post its form with ``fields``; the cookie jar and an opener that uses it.
    The post's redirects are followed on the hub's pages only: a login whose server is running redirects to the
    learner's server, and the journey opens that page itself, once, as a browser does at the end of the same
    redirects. When the hub answers that too many servers are starting (429, after a login), come back after
    the ``Retry-After`` it gives, as a learner reloading the page does."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    on_hub = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), HubRedirectsOnly())
    opener.open(hub.url + page, timeout=60).read()
    xsrf = next((cookie.value for cookie in jar if cookie.name == "_xsrf"), "")
    try:
        on_hub.open(hub.url + page, data=urllib.parse.urlencode({**fields, "_xsrf": xsrf}).encode(),
                    timeout=60).read()
    except urllib.error.HTTPError as error:
        if not to_learners_server(error):
            if error.code != 429:
                raise
            deadline, busy = time.monotonic() + START_TIMEOUT, error
            while True:
                time.sleep(float(busy.headers.get("Retry-After") or 5))
                try:
                    on_hub.open(busy.geturl(), timeout=60).read()
                    break
                except urllib.error.HTTPError as again:
                    if to_learners_server(again):
                        break
                    if again.code != 429 or time.monotonic() > deadline:
                        raise
                    busy = again
    return jar, opener


def to_learners_server(answer: urllib.error.HTTPError) -> bool:
    """Whether the hub's answer is a redirect into a learner's server (which :class:`HubRedirectsOnly` stops)."""
    return answer.code in (301, 302, 303, 307) and "/user/" in (answer.headers.get("Location") or "")


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


def settle(hub: Hub, servers: int, started: float) -> float:
    """Wait until each of ``servers`` learners' servers has its pre-heated first page (one kernel each) and the
    machine is quiet (under a fifth of a core busy over 3 s), as a few minutes before the class; the seconds
    since ``started``."""
    while time.monotonic() - started < START_TIMEOUT:
        before = sum(psutil.cpu_times()[:3])
        time.sleep(3)
        busy = (sum(psutil.cpu_times()[:3]) - before) / 3
        if len(hub.kernel_ids()) >= servers and busy < 0.2:
            break
    return time.monotonic() - started


def start_server(hub: Hub, name: str) -> None:
    """Ask the hub to start ``name``'s server (as the admin page does); past the hub's limit of servers starting
    at once, ask again after the ``Retry-After`` it gives."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            hub.api("POST", f"users/{name}/server")
            return
        except urllib.error.HTTPError as error:
            if error.code != 429 or time.monotonic() > deadline:
                raise
            time.sleep(float(error.headers.get("Retry-After") or 5))


def spread(seconds: list[float]) -> str:
    """``p50 … s, p95 … s`` of ``seconds`` (``none`` when empty)."""
    if not seconds:
        return "none"
    return f"p50 {statistics.median(seconds):.1f} s, p95 {percentile(seconds, 0.95):.1f} s"


def server_cpu_seconds(hub: Hub) -> float:
    """CPU seconds used so far by the learners' servers (and sudospawner's mediators waiting beside them)."""
    total = 0.0
    for process in hub.processes():
        with contextlib.suppress(psutil.Error):
            line = " ".join(process.cmdline())
            if "jupyterhub-singleuser" in line or "sudospawner" in line:
                times = process.cpu_times()
                total += times.user + times.system
    return total


def user_cookies(jar: http.cookiejar.CookieJar, name: str) -> dict[str, str]:
    """The cookies a browser sends to ``/user/<name>/`` (not the hub's own, such as its ``_xsrf`` on /hub/)."""
    return {cookie.name: cookie.value for cookie in jar
            if cookie.path in ("", "/") or f"/user/{name}/".startswith(cookie.path.rstrip("/") + "/")}


def open_landing(hub: Hub, name: str, jar: http.cookiejar.CookieJar, opener: urllib.request.OpenerDirector) -> bool:
    """Open the learner's landing page (the hub's OAuth hand-over to their server happens there), then leave it
    for the lesson as a browser does: with the page's shutdown beacon. Whether the beacon was accepted."""
    base = f"{hub.url}user/{name}/"
    try:
        html = opener.open(base + "voila/render/index.ipynb", timeout=120).read().decode("utf-8", "replace")
    except OSError as error:  # an HTTP error too: that learner's lesson will say what it gets
        print(f"{name}: landing page failed: {error}", file=sys.stderr, flush=True)
        return False
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


async def journey(hub: Hub, name: str, seed: int, delay: float, play_s: float, think_s: float,
                  pool: ThreadPoolExecutor, landing: bool = True
                  ) -> tuple[Learner | None, float | None, float | None, bool]:
    """One learner's own way in, on their own clock: after ``delay`` seconds, log in (which starts their server),
    wait for it, open the landing page and leave it with its beacon (unless the hub lands them on the lesson of
    the day: ``landing=False``), open the lesson and play ``play_s`` seconds. The learner, the seconds from login
    to their server ready and to their lesson ready (``None`` where it failed), and whether the landing page's
    beacon was accepted (or, without one, the hand-over to their server)."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(delay)
    clicked = time.perf_counter()
    try:
        jar, opener = await loop.run_in_executor(pool, log_in, hub, name)
    except OSError as error:
        print(f"{name}: login failed: {error}", file=sys.stderr, flush=True)
        return None, None, None, False
    server_s = None
    while time.perf_counter() - clicked < START_TIMEOUT:
        servers = (await loop.run_in_executor(pool, hub.api, "GET", f"users/{name}")).get("servers", {})
        if isinstance(servers, dict) and servers.get("", {}).get("ready"):
            server_s = time.perf_counter() - clicked
            break
        await asyncio.sleep(1)
    if server_s is None:
        print(f"{name}: server not ready after {START_TIMEOUT:.0f} s", file=sys.stderr, flush=True)
        return None, None, None, False
    beacon = await loop.run_in_executor(pool, open_landing if landing else hand_over, hub, name,
                                        *((jar, opener) if landing else (opener,)))
    learner = Learner(f"{hub.url}user/{name}/", f"{hub.url}user/{name}/voila/render/{LESSON}",
                      cookies=user_cookies(jar, name), think_s=think_s, seed=seed)
    try:
        await learner.open()
    except Exception as error:
        learner.result.failure = f"{type(error).__name__}: {error}"[:300]
        return learner, server_s, None, beacon
    on_lesson = time.perf_counter() - clicked
    try:
        await learner.play(time.perf_counter() + play_s)
    except Exception as error:
        learner.result.failure = f"while playing: {type(error).__name__}: {error}"[:300]
    return learner, server_s, on_lesson, beacon


def hand_over(hub: Hub, name: str, opener: urllib.request.OpenerDirector) -> bool:
    """The hub's OAuth hand-over to the learner's server without opening a page: what a browser does on its
    first request there, here on a route the learner's server refuses (403) once it knows who asks."""
    try:
        opener.open(f"{hub.url}user/{name}/files/index.ipynb", timeout=60).read()
    except urllib.error.HTTPError as error:
        return error.code == 403
    except OSError as error:
        print(f"{name}: hand-over failed: {error}", file=sys.stderr, flush=True)
        return False
    return False


def run_once(n: int, play_s: float, think_s: float, kernel_idle: int, spawn_limit: int | None,
             prestart: bool = False, arrive_over: float = 0.0, lesson_of_the_day: bool = False) -> None:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    hub = Hub(kernel_idle, spawn_limit, LESSON if lesson_of_the_day else None)
    try:
        time.sleep(3)
        baseline = pss_mb(hub.processes())
        names = [f"learner{i:02d}" for i in range(n)]
        for name in names:
            hub.enrol(name)
        if prestart:  # the teacher starts every server before the class, none of the learners having logged in
            # yet: /hub/admin's "Add Users" with the approved names, then "Start All" (the same API calls)
            hub.api("POST", "users", {"usernames": names})
            started = time.monotonic()
            with ThreadPoolExecutor(n) as starting:
                list(starting.map(lambda name: start_server(hub, name), names))
            early = wait_for_servers(hub, names, started)
            settled = settle(hub, len(early), started)
            print(f"hub, {n} servers started by the teacher before the class: {spread(early)} ({len(early)}/{n}); "
                  f"their first pages ready in their kernels and the machine quiet after {settled:.0f} s", flush=True)
        measured: dict[str, float] = {}
        cpu_before = sum(psutil.cpu_times()[:3])
        load_before = os.getloadavg()[0]

        async def session() -> list[tuple[Learner | None, float | None, float | None, bool]]:
            from tornado.httpclient import AsyncHTTPClient

            AsyncHTTPClient.configure(None, max_clients=max(10, 2 * n))
            with ThreadPoolExecutor(2 * n) as pool:  # each learner's blocking hub calls (forms, API) in a thread
                ways = await asyncio.gather(*(
                    journey(hub, name, i, arrive_over * i / max(1, n - 1) if arrive_over else 0.0, play_s,
                            think_s, pool, landing=not lesson_of_the_day) for i, name in enumerate(names)))
            measured["total"] = pss_mb(hub.processes())
            arrived = [way[0] for way in ways if way[0] is not None]
            await asyncio.gather(*(learner.leave(beacon=i % 2 == 0) for i, learner in enumerate(arrived)))
            await asyncio.sleep(0.5)
            return ways

        ways = asyncio.run(session())
        machine_cpu = sum(psutil.cpu_times()[:3]) - cpu_before
        learners = [way[0] for way in ways if way[0] is not None]
        spawn = [way[1] for way in ways if way[1] is not None]
        on_lesson = [way[2] for way in ways if way[2] is not None]
        beacons = sum(way[3] for way in ways)
        start_cpu = server_cpu_seconds(hub)
        # the learners' kernels, pre-heated before the class or started by their pages
        theirs = {r.kernel_id for r in (learner.result for learner in learners) if r.kernel_id}
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
        arrival = f"arriving over {arrive_over:.0f} s" if arrive_over else "all at once"
        arrival += " (servers started before)" if prestart else ""
        arrival += ", landing on the lesson of the day" if lesson_of_the_day else ", through the landing page"
        print(f"hub, {n} learners {arrival}: each learner's "
              f"login to their server ready {spread(spawn)} ({len(spawn)}/{n}); login to on the lesson "
              f"{spread(on_lesson)} ({len(on_lesson)}/{n}); {start_cpu / max(1, len(spawn)):.1f} CPU-s per "
              f"server (server and mediator, to the end); the machine's CPU over the run {machine_cpu:.0f} s; "
              f"{'landing pages left with an accepted beacon' if not lesson_of_the_day else 'hand-overs'}: "
              f"{beacons}/{n}; log in {hub.folder}")
        print_figures([figures])
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    finally:
        hub.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 30], metavar="N")
    parser.add_argument("--play", type=float, default=30.0, metavar="SECONDS")
    parser.add_argument("--think", type=float, default=1.0, metavar="SECONDS")
    parser.add_argument("--kernel-idle", type=int, default=30, metavar="SECONDS")
    parser.add_argument("--prestart", action="store_true",
                        help="start every learner's server before they log in, as the teacher's Start All does")
    parser.add_argument("--lesson-of-the-day", action="store_true",
                        help="the hub lands learners on the lesson (VEGAS_TUTOR_HUB_LESSON), not on the index")
    parser.add_argument("--arrive-over", type=float, default=0.0, metavar="SECONDS",
                        help="learners click login one after another over this long (default 0: all at once)")
    parser.add_argument("--spawn-limit", type=int, default=None, metavar="N",
                        help="servers starting at once (JupyterHub.concurrent_spawn_limit; default the config's 10)")
    args = parser.parse_args(argv)
    if not (PREFIX / "venv" / "bin" / "jupyterhub").is_file():
        print(f"run_load.py: no JupyterHub in {PREFIX}: run deploy/jupyterhub/install.sh first", file=sys.stderr)
        return 2
    for n in args.learners:
        run_once(n, args.play, args.think, args.kernel_idle, args.spawn_limit, args.prestart, args.arrive_over,
                 args.lesson_of_the_day)
    return 0


if __name__ == "__main__":
    sys.exit(main())
