"""Serving a class: idle kernels are culled, requests from other hosts or sites start no kernel, and a page
whose kernel dies ends instead of hanging. (That no page loads anything from another host is checked on every
page by ``test_e2e_pages``.)

The tests run their own small server (``--preheat none --cull-idle 5``) and talk to it as plain HTTP and
websocket clients.
"""

from __future__ import annotations

import asyncio
import http.client
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from e2e_app import (
    AppServer,
    http_get,
    page_kernel_id,
    start_server,
    stop_server,
)
from own_servers import serving

from vegas_tutor.kernel_owners import cookie_name
from vegas_tutor.resources import lesson_names, lessons_dir

pytestmark = pytest.mark.e2e

SERVED = Path(os.environ.get("VEGAS_TUTOR_E2E_LESSONS") or lessons_dir())
PAGES = ["index.ipynb", *lesson_names(SERVED)]
CULL_IDLE = 5
LIGHT_PAGE = "index.ipynb"  # the landing page: the quickest kernel to start
_PAGE_COOKIES: dict[str, str] = {}
"""Kernel id -> the cookie its page got (``vegas_tutor.kernel_owners``): only that page reaches the kernel."""


@pytest.fixture(scope="module")
def culling_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """A server of its own that culls kernels idle for 5 s and pre-heats none (so it runs no kernel until a
    page asks for one)."""
    log_path = tmp_path_factory.mktemp("vegas-tutor-culling") / "server.log"
    extra = ["--preheat", "none", "--cull-idle", str(CULL_IDLE)]
    lessons = os.environ.get("VEGAS_TUTOR_E2E_LESSONS")
    extra += ["--lessons", lessons] if lessons else []
    with serving(log_path, extra) as server:
        yield server


def _running(server: AppServer) -> set[int]:
    """The pids of the server's kernels that are running (an exited one not yet reaped does not count)."""
    running = set()
    for process in server.kernel_processes():
        try:
            if process.status() != psutil.STATUS_ZOMBIE:
                running.add(process.pid)
        except psutil.NoSuchProcess:
            pass
    return running


def _open_without_browser(server: AppServer) -> tuple[str, int]:
    """GET a lesson page as a browser would (which starts its kernel); its kernel id and process id."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.request("GET", f"/voila/render/{LIGHT_PAGE}", headers={"Sec-Fetch-Site": "none"})
    response = connection.getresponse()
    status, html = response.status, response.read().decode("utf-8", "replace")
    connection.close()
    assert status == 200, html[:300]
    kernel = page_kernel_id(html)
    for header in response.headers.get_all("Set-Cookie") or []:  # the page's secret for its own kernel
        if header.startswith(cookie_name(kernel) + "="):
            _PAGE_COOKIES[kernel] = header.split(";", 1)[0]
    return kernel, server.kernel_process(kernel).pid


async def _hold_socket_open(server: AppServer, kernel: str, done: threading.Event) -> None:
    """Connect to the kernel's websocket as the page does and stay connected, silent, until ``done``."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
    socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": _PAGE_COOKIES[kernel]}))
    while not done.is_set():
        await asyncio.sleep(0.1)
    socket.close()


def _gone_within(server: AppServer, pids: set[int], seconds: float) -> set[int]:
    """Wait up to ``seconds`` for every pid to stop running; the ones still running."""
    deadline = time.monotonic() + seconds
    while (alive := pids & _running(server)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return alive


def test_kernels_of_pages_gone_without_their_beacon_are_culled(culling_server: AppServer) -> None:
    vanished, vanished_pid = _open_without_browser(culling_server)  # a tab killed: no socket, no beacon
    asleep, asleep_pid = _open_without_browser(culling_server)  # a laptop closed: the socket stays open
    done = threading.Event()
    holder = threading.Thread(target=asyncio.run, args=(_hold_socket_open(culling_server, asleep, done),))
    holder.start()
    try:
        time.sleep(1)
        assert {vanished_pid, asleep_pid} <= _running(culling_server), "kernels stopped before the cull time"
        limit = CULL_IDLE + 1 + 8  # idle time, cull interval, and a slow machine's shutdown
        alive = _gone_within(culling_server, {vanished_pid, asleep_pid}, limit)
        assert not alive, f"kernels still running {limit} s later:\n{culling_server.log_tail()}"
        log = culling_server.log_path.read_text(encoding="utf-8", errors="replace")
        assert f"({vanished})" in log and f"({asleep}) with 1 connections" in log, "not stopped by the culler"
    finally:
        done.set()
        holder.join(10)


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        ({"Host": "evil.example:{port}"}, "answers only at"),  # a DNS-rebinding page
        ({"Host": "127.0.0.1:1"}, "answers only at"),
        ({"Origin": "http://evil.example"}, "own pages may call it"),
        ({"Origin": "null"}, "own pages may call it"),
        ({"Sec-Fetch-Site": "cross-site"}, "opened from another site"),  # a link or frame on another site
        ({"Sec-Fetch-Site": "same-site"}, "opened from another site"),  # another port of this machine
    ],
)
def test_a_lesson_asked_for_by_another_host_or_site_is_refused_and_starts_no_kernel(
    culling_server: AppServer, headers: dict[str, str], why: str
) -> None:
    before = _running(culling_server)
    filled = {name: value.format(port=culling_server.port) for name, value in headers.items()}
    status, body = http_get(culling_server.port, f"/voila/render/{LIGHT_PAGE}", filled)
    assert status == 403 and why in body, body[:300]
    assert "kernelId" not in body
    time.sleep(0.5)  # a kernel would be starting by now
    assert _running(culling_server) <= before, "a refused request started a kernel"


def test_a_foreign_origin_cannot_reach_a_kernel_or_the_server_api(culling_server: AppServer) -> None:
    for path in ("/api/kernels/00000000-0000-0000-0000-000000000000/channels", "/voila/static/voila.js", "/"):
        status, _ = http_get(culling_server.port, path, {"Origin": "http://evil.example"})
        assert status == 403, path


def test_a_page_whose_kernel_dies_while_it_is_drawn_ends_with_a_message(culling_server: AppServer) -> None:
    before = _running(culling_server)
    result: dict[str, object] = {}

    def fetch() -> None:
        started = time.monotonic()
        result["status"], result["body"] = http_get(culling_server.port, "/voila/render/01.06-play-a-full-game.ipynb"
                                                    if "01.06-play-a-full-game.ipynb" in PAGES else
                                                    f"/voila/render/{LIGHT_PAGE}", timeout=60)
        result["seconds"] = time.monotonic() - started

    request = threading.Thread(target=fetch)
    request.start()
    deadline = time.monotonic() + 20
    while not (new := _running(culling_server) - before) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert new, "the page started no kernel"
    for pid in new:
        psutil.Process(pid).kill()  # before it could answer: as a kernel that dies at start
    request.join(60)
    assert not request.is_alive(), "the page is still loading a minute after its kernel died"
    body = str(result["body"])
    assert result["status"] == 200
    assert "could not start" in body and "vegasTutorKernel = 'failed'" in body, body[-500:]
    assert not _gone_within(culling_server, _running(culling_server) - before, 10), "its kernel was left running"


def test_a_kernel_waiting_in_a_pool_is_kept_and_one_taken_from_it_is_not_culled_before_its_page_connects(
    tmp_path: Path,
) -> None:
    idle = 4
    extra = ["--preheat", "none", "--pool", f"{LIGHT_PAGE}=1", "--cull-idle", str(idle)]
    lessons = os.environ.get("VEGAS_TUTOR_E2E_LESSONS")
    server = start_server(tmp_path / "server.log", extra_args=[*extra, *(["--lessons", lessons] if lessons else [])])
    try:
        deadline = time.monotonic() + 60
        while f"Kernel pool of {LIGHT_PAGE} is filled" not in server.log_tail(200) and time.monotonic() < deadline:
            time.sleep(0.2)
        pooled = _running(server)
        assert len(pooled) == 1, f"the pool holds no kernel:\n{server.log_tail()}"
        time.sleep(idle + 2)  # idle in the pool for longer than the cull time
        assert _running(server) == pooled, "a kernel waiting in the pool was culled"
        kernel, pid = _open_without_browser(server)
        assert {pid} == pooled and f"Using pre-heated kernel: {kernel}" in server.log_tail(200)
        time.sleep(2)  # the page's socket would connect now
        assert pid in _running(server), f"the taken kernel was culled before its page connected:\n{server.log_tail()}"
    finally:
        stop_server(server)
