"""Class mode in a real browser: chromium resolves ``classroom.test`` to 127.0.0.2, where ``vegas-tutor --class``
listens, and a learner goes from the address the console printed to a lesson whose board draws.

Screenshots (tests/e2e/screenshots/): the join page, the teacher's class page and the class-full page, each at
1024x768 and 1366x900.
"""

from __future__ import annotations

import http.client
import re
import time
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from e2e_app import AppServer, page_kernel_id, screenshot, wait_until_rendered, watch_errors
from own_servers import CLASS_ADDRESS as ADDRESS
from own_servers import CLASS_NAME as NAME
from own_servers import class_chromium, class_mode_args, serving

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

LESSON = "01.01-placing-dice.ipynb"
SIZES = ((1024, 768), (1366, 900))


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    log_path = tmp_path_factory.mktemp("vegas-tutor-class-e2e") / "server.log"
    with serving(log_path, class_mode_args(max_kernels=2), host=ADDRESS) as server:
        yield server


@pytest.fixture(scope="module")
def class_browser(chromium_browser: Browser) -> Iterator[Browser]:
    with class_chromium(chromium_browser) as browser:
        yield browser


def _printed(server: AppServer) -> tuple[str, str]:
    """The learners' address and the class code the console printed."""
    log = server.log_path.read_text(encoding="utf-8", errors="replace")
    code = re.search(r"^Class code: ([A-Z2-9]{6})$", log, re.M)
    assert code is not None, server.log_tail()
    address = f"http://{NAME}:{server.port}/"
    assert f"    {address}" in log.splitlines(), server.log_tail()
    return address, code.group(1)


def _shots(page: Page, name: str) -> list[Path]:
    paths = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        paths.append(screenshot(page, f"{name}-{width}x{height}"))
    return paths


def _kernels_settle(server: AppServer, count: int, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while len([p for p in server.kernel_processes() if p.status() != "zombie"]) != count:
        assert time.monotonic() < deadline, f"not {count} kernels after {seconds} s:\n{server.log_tail()}"
        time.sleep(0.2)


def _other_learner(server: AppServer, code: str) -> tuple[str, str]:
    """A learner without a browser joins and opens the landing page (its kernel stays until shut down); the
    cookie header that shuts that kernel down, and the kernel's id."""
    connection = http.client.HTTPConnection(ADDRESS, server.port, timeout=60)
    host = {"Host": f"{NAME}:{server.port}", "X-Forwarded-For": "10.0.0.99"}
    connection.request("GET", f"/vegas-tutor/join?code={code}", headers=host)
    joined = connection.getresponse()
    joined.read()
    jar: SimpleCookie = SimpleCookie()
    for header in joined.headers.get_all("Set-Cookie") or []:
        jar.load(header)
    cookie = f"vegas_tutor_class={jar['vegas_tutor_class'].value}"
    connection.request("GET", "/voila/render/index.ipynb", headers={**host, "Cookie": cookie})
    page = connection.getresponse()
    body = page.read().decode()
    assert page.status == 200, body[:300]
    for header in page.headers.get_all("Set-Cookie") or []:
        jar.load(header)
    connection.close()
    return "; ".join(f"{name}={morsel.value}" for name, morsel in jar.items()), page_kernel_id(body)


def _leave(server: AppServer, cookies: str, kernel: str) -> None:
    """What the other learner's page does when it is closed: its shutdown beacon."""
    xsrf = re.search(r"_xsrf=([^;]+)", cookies)
    assert xsrf is not None
    connection = http.client.HTTPConnection(ADDRESS, server.port, timeout=30)
    connection.request("POST", f"/voila/api/shutdown/{kernel}", body="", headers={
        "Host": f"{NAME}:{server.port}", "Cookie": cookies, "X-XSRFToken": xsrf.group(1)})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    assert answer.status in (200, 204), answer.status


def test_a_learner_joins_with_the_code_and_plays_and_a_learner_over_the_cap_waits_then_gets_in(
    class_server: AppServer, class_browser: Browser,
) -> None:
    address, code = _printed(class_server)
    learner = class_browser.new_context(viewport={"width": 1024, "height": 768})
    page = learner.new_page()
    errors = watch_errors(page)
    try:
        page.goto(address)
        assert "/vegas-tutor/join" in page.url
        field = page.get_by_label("Class code")
        field.fill("WRONG9")
        page.get_by_role("button", name="Join").click()
        page.get_by_role("alert").filter(has_text="Wrong code").wait_for()
        for path in _shots(page, "class-join"):
            assert path.stat().st_size > 5_000
        page.set_viewport_size({"width": 1280, "height": 900})
        page.get_by_label("Class code").fill(code.lower())
        page.get_by_role("button", name="Join").click()
        page.wait_for_url("**/voila/render/index.ipynb")
        wait_until_rendered(page)
        page.get_by_role("link", name="Placing dice: all of one face").first.click()
        page.wait_for_url(f"**/voila/render/{LESSON}")
        wait_until_rendered(page, ".lv-root")

        teacher = learner.new_page()  # the teacher's page in another tab: the lesson keeps its kernel
        teacher.goto(f"{address}vegas-tutor/class")
        assert teacher.locator(".code").inner_text() == code
        assert teacher.locator(".qr svg").is_visible() and address in teacher.locator(".address").first.inner_text()
        _shots(teacher, "class-teacher")
        teacher.close()

        _kernels_settle(class_server, 1)  # the landing page's kernel went with its beacon: the lesson's is left
        cookies, kernel = _other_learner(class_server, code)
        late = class_browser.new_context(viewport={"width": 1024, "height": 768})
        waiting = late.new_page()
        try:
            waiting.goto(f"{address}vegas-tutor/join?code={code}&next=/voila/render/{LESSON}")
            waiting.get_by_text("The class is full").wait_for()
            assert "tries again by itself every 10 seconds" in waiting.content()
            _shots(waiting, "class-full")
            _leave(class_server, cookies, kernel)  # a classmate closes a lesson: a kernel is free
            wait_until_rendered(waiting, ".lv-root", timeout_ms=45_000)  # the page asked again by itself
            assert waiting.url.endswith(f"/voila/render/{LESSON}")
        finally:
            late.close()
        assert not errors, errors
    finally:
        learner.close()
