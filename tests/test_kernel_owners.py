"""Only a page's own kernel (``vegas_tutor.kernel_owners``): a real server, two pages, raw HTTP and websockets.

Page A's kernel cannot be read, shut down, interrupted, restarted or connected to with page B's cookies or
none; page A can use and shut down its own; REST routes no page uses are refused to everyone; a foreign
``Host`` is still refused first.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "e2e"))

from e2e_app import AppError, AppServer, page_kernel_id, start_server, stop_server

from vegas_tutor.kernel_owners import COOKIE_PREFIX, KernelOwners, cookie_name

LIGHT_PAGE = "index.ipynb"
OTHER_PAGE = "es/index.ipynb"
"""A page without a pre-heated pool on this server."""
Page = tuple[str, dict[str, str]]
"""A page opened: its kernel id and its cookies."""
Pages = tuple[Page, Page]


def request(server: AppServer, method: str, path: str, cookies: dict[str, str] | None = None,
            headers: dict[str, str] | None = None, body: str | None = None) -> tuple[int, str, list[str]]:
    """One HTTP request; (status, body, Set-Cookie headers)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    sent = {"Host": f"127.0.0.1:{server.port}", **(headers or {})}
    if cookies:
        sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    if cookies and "_xsrf" in cookies:
        sent.setdefault("X-XSRFToken", cookies["_xsrf"])  # as the page's scripts send it
    try:
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        return response.status, text, response.headers.get_all("Set-Cookie") or []
    finally:
        connection.close()


def open_page(server: AppServer, name: str = LIGHT_PAGE) -> Page:
    """GET a lesson page as a browser does: its kernel id and the cookies the page got."""
    status, html, set_cookies = request(server, "GET", f"/voila/render/{name}", headers={"Sec-Fetch-Site": "none"})
    assert status == 200, html[:300]
    jar: dict[str, str] = {}
    for header in set_cookies:
        jar.update({name: morsel.value for name, morsel in SimpleCookie(header).items()})
    return page_kernel_id(html), jar


async def _connect(server: AppServer, kernel: str, cookies: dict[str, str] | None) -> int:
    """Open the kernel's websocket as the page does: 101 when it opened (then closed), else the HTTP status."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}
    url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
    try:
        socket = await websocket_connect(HTTPRequest(url, headers=headers, connect_timeout=30))
    except HTTPClientError as error:
        return error.code
    socket.close()
    return 101


def connect(server: AppServer, kernel: str, cookies: dict[str, str] | None) -> int:
    """:func:`_connect` on an event loop of its own, in a thread of its own (the browser tests' Playwright
    session keeps an event loop running in the main thread)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, _connect(server, kernel, cookies)).result()


def beacon(server: AppServer, kernel: str, cookies: dict[str, str]) -> int:
    """The page's shutdown beacon: POST with the ``_xsrf`` form field, as Voilà's page sends it."""
    xsrf = cookies.get("_xsrf", "")
    status, _body, _set = request(
        server, "POST", f"/voila/api/shutdown/{kernel}", cookies,
        headers={"Content-Type": "application/x-www-form-urlencoded"}, body=f"_xsrf={xsrf}",
    )
    return status


def running(server: AppServer, kernel: str) -> bool:
    try:
        server.kernel_process(kernel)
    except Exception:
        return False
    return True


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    log_path = tmp_path_factory.mktemp("vegas-tutor-owners") / "server.log"
    try:
        app = start_server(log_path, extra_args=["--preheat", "none", "--pool", f"{LIGHT_PAGE}=1"])
    except AppError as error:
        pytest.fail(str(error), pytrace=False)
    yield app
    stop_server(app)


@pytest.fixture(scope="module")
def pages(server: AppServer) -> Pages:
    """Page A gets the pre-heated kernel of its pool, page B (no pool) one started for it: both ways."""
    deadline = time.monotonic() + 60
    while f"Kernel pool of {LIGHT_PAGE} is filled" not in server.log_tail(200) and time.monotonic() < deadline:
        time.sleep(0.2)
    page_a = open_page(server)
    assert f"Using pre-heated kernel: {page_a[0]}" in server.log_tail(200)
    page_b = open_page(server, OTHER_PAGE)
    assert f"Using pre-heated kernel: {page_b[0]}" not in server.log_tail(200)
    return page_a, page_b


def test_a_page_gets_an_httponly_strict_cookie_for_its_own_kernel_only(server: AppServer, pages: Pages) -> None:
    assert all(cookie_name(kernel) in cookies for kernel, cookies in pages)
    assert cookie_name(pages[0][0]) not in pages[1][1] and cookie_name(pages[1][0]) not in pages[0][1]
    status, html, set_cookies = request(server, "GET", f"/voila/render/{LIGHT_PAGE}",
                                        headers={"Sec-Fetch-Site": "none"})
    assert status == 200
    kernel = page_kernel_id(html)
    mine = [header for header in set_cookies if header.startswith(COOKIE_PREFIX)]
    assert len(mine) == 1 and mine[0].startswith(cookie_name(kernel) + "=")
    assert "HttpOnly" in mine[0] and "SameSite=Strict" in mine[0] and "Path=/" in mine[0]
    secret = SimpleCookie(mine[0])[cookie_name(kernel)].value
    assert len(secret) >= 40 and secret not in html  # no script of the page can read it
    status, _body, _set = request(server, "DELETE", f"/api/kernels/{kernel}", {cookie_name(kernel): "x"})
    assert status == 403


def test_another_page_or_no_cookie_cannot_reach_or_drive_a_kernel(server: AppServer, pages: Pages) -> None:
    (kernel_a, cookies_a), (_kernel_b, cookies_b) = pages
    secret_b = next(value for name, value in cookies_b.items() if name.startswith(COOKIE_PREFIX))
    xsrf = {"_xsrf": cookies_a["_xsrf"]}  # a valid _xsrf, so only the kernel's secret is missing
    for cookies in (cookies_b, xsrf, {**xsrf, cookie_name(kernel_a): secret_b}):  # B's secret under A's name too
        assert connect(server, kernel_a, cookies) == 403
        for method, path in (("GET", f"/api/kernels/{kernel_a}"), ("DELETE", f"/api/kernels/{kernel_a}"),
                             ("POST", f"/api/kernels/{kernel_a}/interrupt"),
                             ("POST", f"/api/kernels/{kernel_a}/restart")):
            status, body, _set = request(server, method, path, cookies, body="" if method == "POST" else None)
            assert status == 403, (method, path, status)
            assert "Refused" in body
        assert beacon(server, kernel_a, {**cookies, "_xsrf": cookies_a["_xsrf"]}) == 403
    assert running(server, kernel_a)
    assert "belongs to another page" in server.log_tail(200)


def test_each_page_connects_to_and_reads_its_own_kernel(server: AppServer, pages: Pages) -> None:
    for kernel, cookies in pages:
        assert connect(server, kernel, cookies) == 101
        status, body, _set = request(server, "GET", f"/api/kernels/{kernel}", cookies)
        assert status == 200 and kernel in body


def test_interrupt_restart_listing_starting_and_sessions_are_refused_to_everyone(
    server: AppServer, pages: Pages
) -> None:
    (kernel_a, cookies_a), _b = pages
    for method, path in (("GET", "/api/kernels"), ("GET", "/api/kernels/"), ("POST", "/api/kernels"),
                         ("POST", f"/api/kernels/{kernel_a}/interrupt"),
                         ("POST", f"/api/kernels/{kernel_a}/restart"),
                         ("GET", "/api/sessions"), ("POST", "/api/sessions"), ("GET", "/api/terminals"),
                         ("PUT", "/api/contents/index.ipynb"), ("GET", "/api/kernelspecs")):
        body_sent = "{}" if method in ("POST", "PUT") else None
        status, body, _set = request(server, method, path, cookies_a, body=body_sent)
        assert status == 403, (method, path, status)
        assert "lesson pages do not use this address" in body
    assert running(server, kernel_a)


def test_a_foreign_host_is_refused_even_with_the_right_cookie(server: AppServer, pages: Pages) -> None:
    (kernel_a, cookies_a), _b = pages
    status, body, _set = request(server, "DELETE", f"/api/kernels/{kernel_a}", cookies_a,
                                 headers={"Host": f"evil.example:{server.port}"})
    assert status == 403 and "answers only at" in body
    assert running(server, kernel_a)


def test_a_page_shuts_its_own_kernel_down_and_its_cookie_is_expired(server: AppServer) -> None:
    for by_beacon in (True, False):
        kernel, cookies = open_page(server)
        if by_beacon:
            assert beacon(server, kernel, cookies) == 204
            expired = None
        else:
            status, _body, set_cookies = request(server, "DELETE", f"/api/kernels/{kernel}", cookies)
            assert status == 204
            expired = [h for h in set_cookies if h.startswith(cookie_name(kernel) + "=")]
            assert expired and ("Max-Age=0" in expired[0] or "expires=" in expired[0].lower())
        deadline = time.monotonic() + 20
        while running(server, kernel) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not running(server, kernel)
        # the kernel is gone (404, as Voilà answers, so the page stops asking); its secret is forgotten, and
        # the next page expires its cookie
        assert connect(server, kernel, cookies) == 404
        assert request(server, "GET", f"/api/kernels/{kernel}", cookies)[0] == 404
        _status, _html, set_cookies = request(server, "GET", f"/voila/render/{LIGHT_PAGE}", cookies,
                                              headers={"Sec-Fetch-Site": "none"})
        assert any(h.startswith(cookie_name(kernel) + "=") for h in set_cookies), set_cookies


def test_a_kernel_that_is_not_running_is_not_found_whoever_asks(server: AppServer) -> None:
    unknown = "00000000-0000-4000-8000-000000000000"
    assert connect(server, unknown, None) == 404
    assert request(server, "DELETE", f"/api/kernels/{unknown}", {"_xsrf": "x"})[0] == 404
    assert request(server, "GET", f"/api/kernels/{unknown}")[0] == 404


def test_secrets_are_compared_whole() -> None:
    owners = KernelOwners()
    secret = owners.bind("k")
    assert owners.owns("k", secret)
    assert not owners.owns("k", secret[:-1]) and not owners.owns("k", secret + "x") and not owners.owns("k", "")
    assert not owners.owns("other", secret)
    assert owners.bind("k") != secret and not owners.owns("k", secret)  # a new binding ends the old secret


async def _send_code(server: AppServer, kernel: str, cookies: dict[str, str], code: str) -> list[str]:
    """Send ``code`` as an execute request over the page's own websocket, then ask for the kernel's info: the
    types of the replies to the execute request that came back before the info reply."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    socket = await websocket_connect(HTTPRequest(url, headers=headers, connect_timeout=30))

    def message(msg_type: str, content: dict[str, object]) -> tuple[str, str]:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "learner", "session": "s", "version": "5.3",
                  "date": ""}
        return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                                   "channel": "shell", "buffers": []})

    executed, code_message = message("execute_request", {"code": code, "silent": False, "store_history": False,
                                                         "user_expressions": {}, "allow_stdin": False})
    asked, info_message = message("kernel_info_request", {})
    socket.write_message(code_message)
    socket.write_message(info_message)
    answers: list[str] = []
    try:
        while True:
            raw = await asyncio.wait_for(socket.read_message(), 60)
            assert raw is not None, "the websocket closed"
            reply = json.loads(raw)
            parent = reply.get("parent_header", {}).get("msg_id")
            if parent == executed:
                answers.append(reply["msg_type"])
            if parent == asked and reply["msg_type"] == "kernel_info_reply":
                return answers
    finally:
        socket.close()


def test_a_page_cannot_run_code_in_its_own_kernel(server: AppServer, tmp_path: Path) -> None:
    """Only widget (comm) messages and the kernel's info pass the websocket: a learner's page, or anything
    holding its cookies, cannot run code on the teacher's machine."""
    kernel, cookies = open_page(server)
    proof = tmp_path / "ran.txt"
    code = f"open({str(proof)!r}, 'w').write('ran')"
    with ThreadPoolExecutor(max_workers=1) as pool:
        answers = pool.submit(asyncio.run, _send_code(server, kernel, cookies, code)).result(120)
    assert answers == [] and not proof.exists()  # the execute request got no reply: it never reached the kernel
    assert "which is not allowed. Ignoring" in server.log_tail(200)
