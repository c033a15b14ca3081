"""The teacher's class view under a class's load: answer -> teacher's screen, the database's size and write time.

A ``vegas-tutor --class`` server on 127.0.0.2 answers as ``classroom.test`` (as ``bench_class.py``: nothing
leaves the loopback range), with its class records in a fresh SQLite file. Then:

* ``--learners N`` light learners (websocket clients like ``bench_class``'s) join with a name and open a
  lesson with predictions (``--lesson``, default 01.02, four of them). Each thinks 2-8 s (uniform) before each
  step: choose a choice, reveal, and once every prediction is answered, try a wrongly answered one again (a
  second attempt is a record too). Each is also its page's relay: it posts the records its kernel syncs to the page
  (``ClassRelay.records``) to ``/vegas-tutor/records``, as ``widgets/class_relay.js`` does.
* ``--players K`` more learners play Las Vegas in 01.06 quickly (0.3-0.8 s between clicks) to finish games:
  their kernels record each game played to the end.
* The teacher's view is open twice: a chromium page (``/vegas-tutor/teacher``, plotly drawing the charts), and
  a client asking ``state.json`` the way that page does (each answer as soon as something changed). **Answer ->
  teacher's screen** is the time from a learner's reveal to the first state in which that learner is no longer
  among those who have not answered that prediction (first answers: the view counts those).

Figures: p50/p95/max answer -> screen (goal p95 <= 2 s), records stored, the database's size (file + WAL
during the class, the file alone once the server has stopped) and per record, the records route's round trip
p50/p95 as the relays saw it, and the store's own write time per answer (``ClassRecords.add`` on the same disk,
``synchronous=FULL``, one transaction each).

Usage::

    python bench/bench_class_view.py --learners 30 --players 4 --play 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))

from bench_load import MB, _message, percentile
from e2e_app import CHROMIUM, CHROMIUM_ARGS, AppServer, free_port, start_server, stop_server

from vegas_tutor.class_records import ClassRecords, kernel_key, sign_record

ADDRESS = "127.0.0.2"
CLASS_HOST = "classroom.test"
CODE = "VIEWB3"
THINK_S = (2.0, 8.0)
PLAY_S = (0.3, 0.8)
GOAL_P95_S = 2.0
CONTROL_PROTOCOL = "1.0.0"
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


class Client:
    """One learner's browser, without a browser: the class cookie, the lesson's kernel over its websocket, the
    widgets' states, and the relay of the kernel's records."""

    def __init__(self, port: int, lesson: str, name: str, seed: int, think: tuple[float, float]) -> None:
        self.port, self.lesson, self.name, self.think = port, lesson, name, think
        self.base = f"http://{ADDRESS}:{port}/"
        self.host = f"{CLASS_HOST}:{port}"
        self.random = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.session = uuid.uuid4().hex
        self.socket: Any = None
        self.states: dict[str, dict[str, Any]] = {}
        self.relay: str | None = None
        self.sent: set[str] = set()
        self.posts_ms: list[float] = []
        self.revealed: dict[str, float] = {}
        """Prediction key -> when its first reveal was sent."""
        self.failure = ""
        self.games = 0
        self._changed = asyncio.Event()
        self._tasks: set[asyncio.Future[None]] = set()

    def _headers(self, origin: bool = True) -> dict[str, str]:
        headers = {"Host": self.host, "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if origin:
            headers["Origin"] = f"http://{self.host}"
        return headers

    def _keep_cookies(self, response: Any) -> None:
        for cookie in response.headers.get_list("Set-Cookie"):
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]

    async def join(self) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        client = AsyncHTTPClient()
        form = await client.fetch(HTTPRequest(f"{self.base}vegas-tutor/join", headers=self._headers(False)))
        self._keep_cookies(form)
        body = urlencode({"code": CODE, "name": self.name, "_xsrf": self.cookies["_xsrf"], "next": "/"})
        joined = await client.fetch(HTTPRequest(f"{self.base}vegas-tutor/join", method="POST", body=body,
                                                headers={**self._headers(), "Content-Type":
                                                         "application/x-www-form-urlencoded"},
                                                follow_redirects=False), raise_error=False)
        self._keep_cookies(joined)
        if "vegas_tutor_class" not in self.cookies:
            raise RuntimeError(f"joining answered {joined.code}")

    async def open(self) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect

        await self.join()
        page = await AsyncHTTPClient().fetch(HTTPRequest(f"{self.base}voila/render/{self.lesson}",
                                                         headers=self._headers(False), request_timeout=300))
        self._keep_cookies(page)
        found = _KERNEL_ID.search(page.body.decode())
        if found is None:
            raise RuntimeError("no kernel id on the page")
        url = f"ws://{ADDRESS}:{self.port}/api/kernels/{found.group(1)}/channels?session_id={self.session}"
        self.socket = await websocket_connect(HTTPRequest(url, headers=self._headers(), request_timeout=300),
                                              max_message_size=64 * MB)
        self._tasks.add(asyncio.ensure_future(self._read()))
        control = uuid.uuid4().hex
        await self.socket.write_message(_message(
            "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}, self.session,
            {"version": CONTROL_PROTOCOL}))
        await self.socket.write_message(_message("comm_msg", {"comm_id": control,
                                                              "data": {"method": "request_states"}}, self.session))
        deadline = time.monotonic() + 120
        while self.relay is None:
            await asyncio.wait_for(self._changed.wait(), max(0.1, deadline - time.monotonic()))
            self._changed.clear()

    async def _read(self) -> None:
        while True:
            raw = await self.socket.read_message()
            if raw is None:
                return
            if not isinstance(raw, str):
                continue
            message = json.loads(raw)
            if message.get("msg_type", message.get("header", {}).get("msg_type")) != "comm_msg":
                continue
            data = message["content"].get("data", {})
            if data.get("method") == "update_states":
                for model_id, state in data.get("states", {}).items():
                    self.states[model_id] = dict(state.get("state", state))
                    if "records" in self.states[model_id]:
                        self.relay = model_id
            elif data.get("method") == "update":
                comm = message["content"].get("comm_id")
                self.states.setdefault(comm, {}).update(data.get("state", {}))
            if self.relay is not None:
                for record in self.states[self.relay].get("records", []):
                    if record["key"] not in self.sent:
                        self.sent.add(record["key"])
                        task = asyncio.ensure_future(self._post(record))
                        self._tasks.add(task)
                        task.add_done_callback(self._tasks.discard)
            self._changed.set()

    async def _post(self, record: dict[str, str]) -> None:
        """What the page's relay does: post the record until the server has it."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        for _attempt in range(20):
            start = time.perf_counter()
            answer = await AsyncHTTPClient().fetch(HTTPRequest(
                f"{self.base}vegas-tutor/records", method="POST",
                body=json.dumps({"body": record["body"], "sig": record["sig"]}),
                headers={**self._headers(), "Content-Type": "application/json",
                         "X-XSRFToken": self.cookies["_xsrf"]}, request_timeout=60), raise_error=False)
            if answer.code == 200:
                self.posts_ms.append((time.perf_counter() - start) * 1000)
                return
            if answer.code in (400, 403, 413):
                self.failure = f"a record refused ({answer.code}): {answer.body[:200]!r}"
                return
            await asyncio.sleep(1)

    def cards(self) -> dict[str, dict[str, Any]]:
        return {model: state for model, state in self.states.items() if "question" in state and "choices" in state}

    async def send(self, model: str, content: dict[str, Any]) -> None:
        await self.socket.write_message(_message("comm_msg", {"comm_id": model, "data": {
            "method": "custom", "content": content}}, self.session))

    async def wait_for(self, check: Any, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while not check():
            self._changed.clear()
            await asyncio.wait_for(self._changed.wait(), max(0.05, deadline - time.monotonic()))

    async def answer_predictions(self, until: float) -> None:
        """Choose, reveal; once all are answered, try one again and again."""
        while time.monotonic() < until:
            await asyncio.sleep(self.random.uniform(*self.think))
            cards = self.cards()
            fresh = [m for m, s in cards.items() if s["key"] not in self.revealed]
            wrong = [m for m, s in cards.items() if s.get("revealed") and s.get("retry", True)]
            if not fresh and not wrong:
                continue  # every answer right: nothing left to try again
            model = fresh[0] if fresh else self.random.choice(wrong)
            state = cards[model]
            if state.get("revealed"):
                await self.send(model, {"type": "again"})
                await self.wait_for(lambda m=model: not self.states[m].get("revealed"))
                await asyncio.sleep(self.random.uniform(*self.think))
            await self.send(model, {"type": "choose", "index": self.random.randrange(len(state["choices"]))})
            await self.wait_for(lambda m=model: self.states[m].get("chosen", -1) >= 0)
            if state["key"] not in self.revealed:
                self.revealed[state["key"]] = time.monotonic()
            await self.send(model, {"type": "reveal"})
            await self.wait_for(lambda m=model: bool(self.states[m].get("revealed")))

    async def play_games(self, until: float) -> None:
        """Play Las Vegas quickly (the roll, a placed face, a new game once it is over)."""
        board = next(m for m, s in self.states.items() if "board" in s and "version" in s)
        while time.monotonic() < until:
            await asyncio.sleep(self.random.uniform(*self.think))
            state = self.states[board]["board"]
            phase = state.get("phase")
            groups = (state.get("roll") or {}).get("groups") or []
            if phase in ("roll", "spare"):
                intent: dict[str, Any] = {"type": "roll"}
            elif phase == "place" and groups:
                intent = {"type": "place", "face": self.random.choice(groups)["face"]}
            else:
                intent = {"type": "new_game"}
                self.games += 1
            before = self.states[board].get("version", 0)
            await self.send(board, intent)
            await self.wait_for(lambda b=board, v=before: self.states[b].get("version", 0) > v, 60)


class Teacher:
    """The teacher's page as ``widgets/class_teacher.js`` asks: state.json, answered as soon as it changes."""

    def __init__(self, port: int, code: str) -> None:
        self.port, self.code = port, code
        self.base = f"http://{ADDRESS}:{port}/"
        self.host = f"{CLASS_HOST}:{port}"
        self.cookie = ""
        self.seen: dict[tuple[str, str], float] = {}
        """(learner name, prediction key) -> when the teacher's view first showed it answered."""
        self.last: dict[str, Any] = {}

    async def login(self) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        client = AsyncHTTPClient()
        form = await client.fetch(HTTPRequest(f"{self.base}vegas-tutor/join", headers={"Host": self.host}))
        xsrf = next(c for c in form.headers.get_list("Set-Cookie") if c.startswith("_xsrf=")).split(";")[0][6:]
        answer = await client.fetch(HTTPRequest(
            f"{self.base}vegas-tutor/teacher", method="POST", body=urlencode({"code": self.code, "_xsrf": xsrf}),
            headers={"Host": self.host, "Cookie": f"_xsrf={xsrf}", "Content-Type": "application/x-www-form-urlencoded"},
            follow_redirects=False), raise_error=False)
        teacher = next(c for c in answer.headers.get_list("Set-Cookie") if c.startswith("vegas_tutor_teacher="))
        self.cookie = teacher.split(";")[0]

    async def watch(self, until: float, learners: set[str]) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        version = -1
        while time.monotonic() < until:
            answer = await AsyncHTTPClient().fetch(HTTPRequest(
                f"{self.base}vegas-tutor/teacher/state.json?since={version}&wait=5",
                headers={"Host": self.host, "Cookie": self.cookie}, request_timeout=30), raise_error=False)
            now = time.monotonic()
            if answer.code != 200:
                continue
            state = json.loads(answer.body)
            version, self.last = state["version"], state
            for question in state["questions"]:
                key = question["key"].rsplit("|", 1)[1]
                for name in learners - set(question["waiting"]):
                    self.seen.setdefault((name, key), now)


def _teacher_page(port: int, code: str, stop: threading.Event, out: dict[str, Any]) -> None:
    """The teacher's page in chromium (plotly drawing every chart) for the whole run."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {CLASS_HOST} {ADDRESS}"])
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"http://{CLASS_HOST}:{port}/vegas-tutor/teacher")
        page.locator("#code").fill(code)
        page.locator("button[type=submit]").click()
        page.locator(".vt-controls").wait_for()
        page.locator("#vt-large").check()
        while not stop.wait(0.5):
            out["answers"] = int(page.evaluate("Number(document.getElementById('vt-teacher').dataset.answers || 0)"))
        out["errors"] = page.evaluate("document.getElementById('vt-status').textContent")
        browser.close()


def write_time_ms(folder: Path, count: int = 400) -> tuple[float, float]:
    """``ClassRecords.add`` on ``folder``'s disk: mean and p95 milliseconds per answer."""
    store = ClassRecords(folder / "write-time.sqlite")
    store.opened("kernel-w", "client-write-time-0000", "01.02-payouts-and-ties.ipynb")
    key = kernel_key(store.secret, "kernel-w")
    times = []
    for seq in range(1, count + 1):
        body, sig = sign_record(key, "kernel-w", seq, "answer", {
            "question": "a1b2c3d4e5f6", "text": "Who takes the bill?", "choices": ["Anna", "Benno", "Carla"],
            "choice": seq % 3, "answer": 0, "attempt": seq})
        start = time.perf_counter()
        store.add(body, sig, "client-write-time-0000")
        times.append((time.perf_counter() - start) * 1000)
    store.close()
    return sum(times) / len(times), percentile(times, 0.95)


def run(learners: int, players: int, play_s: float, lesson: str) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-class-view-"))
    db_path = folder / "class.sqlite"
    port = free_port()
    extra = ["--class", "--host", ADDRESS, "--allow-host", CLASS_HOST, "--class-code", CODE, "--preheat", "none",
             "--max-kernels", str(learners + players + 5), "--max-kernels-per-client", "2", "--cull-idle", "0",
             "--class-db", str(db_path)]
    server: AppServer = start_server(folder / "server.log", port=port, extra_args=extra, host=ADDRESS)
    figures: dict[str, Any] = {"learners": learners, "players": players, "load_before": round(os.getloadavg()[0], 1)}
    try:
        code = re.search(r"Teacher code \(keep it to yourself\): (\w+)", server.log_path.read_text())
        assert code is not None, server.log_tail()
        stop = threading.Event()
        page_out: dict[str, Any] = {}
        thread = threading.Thread(target=_teacher_page, args=(port, code.group(1), stop, page_out), daemon=True)
        thread.start()

        async def session() -> None:
            from tornado.httpclient import AsyncHTTPClient

            AsyncHTTPClient.configure(None, max_clients=4 * (learners + players) + 10)
            clients = [Client(port, lesson, f"Learner-{i:02d}", i, THINK_S) for i in range(learners)]
            gamers = [Client(port, "01.06-play-a-full-game.ipynb", f"Player-{i:02d}", 100 + i, PLAY_S)
                      for i in range(players)]
            teacher = Teacher(port, code.group(1))
            await teacher.login()
            opened = time.monotonic()
            results = await asyncio.gather(*(c.open() for c in clients + gamers), return_exceptions=True)
            failed = [repr(r)[:200] for r in results if isinstance(r, Exception)]
            figures["failed_opens"] = failed
            figures["open_all_s"] = round(time.monotonic() - opened, 1)
            until = time.monotonic() + play_s
            names = {c.name for c in clients}
            watcher = asyncio.ensure_future(teacher.watch(until + 15, names))
            await asyncio.gather(*(c.answer_predictions(until) for c in clients if c.relay),
                                 *(g.play_games(until) for g in gamers if g.relay), return_exceptions=True)
            await asyncio.sleep(15)  # the last answers reach the teacher
            await watcher
            delays = [teacher.seen[(c.name, key)] - sent for c in clients for key, sent in c.revealed.items()
                      if (c.name, key) in teacher.seen]
            missing = sum(1 for c in clients for key in c.revealed if (c.name, key) not in teacher.seen)
            posts = [ms for c in clients + gamers for ms in c.posts_ms]
            figures.update({
                "first_answers": len(delays), "first_answers_not_seen": missing,
                "screen_p50_s": round(percentile(delays, 0.5), 2), "screen_p95_s": round(percentile(delays, 0.95), 2),
                "screen_max_s": round(max(delays), 2) if delays else None,
                "records_posted": len(posts), "post_p50_ms": round(percentile(posts, 0.5), 1),
                "post_p95_ms": round(percentile(posts, 0.95), 1),
                "games_finished_view": sum(g["finished"] for g in teacher.last.get("games", [])),
                "relay_failures": [c.failure for c in clients + gamers if c.failure],
            })
            for client in clients + gamers:
                if client.socket is not None:
                    client.socket.close()

        asyncio.run(session())
        stop.set()
        thread.join(60)
        figures["teacher_page_answers"] = page_out.get("answers")
        store = ClassRecords(db_path)
        figures["records_stored"] = len(store.records())
        figures["db_bytes"] = store.size()
        figures["db_bytes_per_record"] = round(store.size() / max(1, figures["records_stored"]))
        store.close()
        figures["load_after"] = round(os.getloadavg()[0], 1)
        mean, p95 = write_time_ms(folder)
        figures["write_ms_mean"], figures["write_ms_p95"] = round(mean, 2), round(p95, 2)
    finally:
        stop_server(server)
    last = ClassRecords(db_path)  # alone on the file now: closing folds the WAL back into it
    last.close()
    figures["db_file_bytes_after_checkpoint"] = db_path.stat().st_size
    figures["db_bytes_per_record_after_checkpoint"] = round(db_path.stat().st_size / max(1, figures["records_stored"]))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--play", type=float, default=60.0, help="seconds of answering after every page is open")
    parser.add_argument("--lesson", default="01.02-payouts-and-ties.ipynb")
    args = parser.parse_args(argv)
    figures = run(args.learners, args.players, args.play, args.lesson)
    print(json.dumps(figures, indent=2))
    met = figures["screen_p95_s"] <= GOAL_P95_S and not figures["first_answers_not_seen"]
    print(f"answer -> teacher's screen p95 {figures['screen_p95_s']} s (goal <= {GOAL_P95_S} s): "
          f"{'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
