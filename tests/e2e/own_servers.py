"""Servers of a test's (or a module's) own, beside the session's ``app_server``: ``vegas-tutor`` started with the
test's arguments, a start that fails failing the test with the server's log, and class mode's address and name.

    @pytest.fixture(scope="module")
    def class_server(tmp_path_factory):
        log = tmp_path_factory.mktemp("class") / "server.log"
        with serving(log, class_mode_args(max_kernels=2, code="K7PX2Q"), host=CLASS_ADDRESS) as server:
            yield server

The function-scoped ``own_server(*args, port=None)`` fixture of ``tests/e2e/conftest.py`` is built on
``started``; the HTTP tests of class mode talk to the server with ``ask_class``, the browser tests reach it
through ``class_chromium``.
"""

from __future__ import annotations

import contextlib
import http.client
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from e2e_app import CHROMIUM, CHROMIUM_ARGS, Answer, AppError, AppServer, start_server, stop_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CLASS_ADDRESS = "127.0.0.2"
"""Where a class-mode server listens in the tests (Linux routes all of 127/8 to this machine)."""
CLASS_NAME = "classroom.test"
"""The name the class's laptops use for it (chromium is told it is at ``CLASS_ADDRESS``)."""


def started(log_path: Path, extra_args: Sequence[str] = (), *, host: str = "127.0.0.1",
            port: int | None = None) -> AppServer:
    """``vegas-tutor --no-browser --port <port or a free one> *extra_args``, answering at ``host``; the test
    fails with the server's log when it does not start. The caller stops it (``stop_server``)."""
    try:
        return start_server(log_path, port=port, extra_args=list(extra_args), host=host)
    except AppError as error:
        pytest.fail(str(error), pytrace=False)


@contextlib.contextmanager
def serving(log_path: Path, extra_args: Sequence[str] = (), *, host: str = "127.0.0.1",
            port: int | None = None) -> Iterator[AppServer]:
    """``started(...)`` for the block, stopped by its process id after it."""
    server = started(log_path, extra_args, host=host, port=port)
    try:
        yield server
    finally:
        stop_server(server)


def class_mode_args(*, max_kernels: int, code: str | None = None, per_client: int | None = None,
                    db: Path | None = None) -> list[str]:
    """The arguments of a class-mode server at ``CLASS_ADDRESS`` answering as ``CLASS_NAME``, pre-heating no
    kernel: at most ``max_kernels`` lesson kernels (``per_client`` per laptop), the class ``code`` (else a drawn
    one) and the records in ``db`` (else the default file in the working folder)."""
    args = ["--class", "--host", CLASS_ADDRESS, "--allow-host", CLASS_NAME, "--preheat", "none",
            "--max-kernels", str(max_kernels)]
    args += ["--class-code", code] if code is not None else []
    args += ["--max-kernels-per-client", str(per_client)] if per_client is not None else []
    args += ["--class-db", str(db)] if db is not None else []
    return args


def ask_class(server: AppServer, path: str, method: str = "GET", headers: dict[str, str] | None = None,
              body: str | bytes | None = None, timeout: float = 60) -> Answer:
    """One request to a class server, addressed to ``CLASS_NAME:PORT`` unless ``headers`` name another host."""
    connection = http.client.HTTPConnection(CLASS_ADDRESS, server.port, timeout=timeout)
    try:
        connection.request(method, path, body=body,
                           headers={"Host": f"{CLASS_NAME}:{server.port}", **(headers or {})})  # fmt: skip
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read().decode("utf-8", errors="replace"))
    finally:
        connection.close()


@contextlib.contextmanager
def class_chromium(chromium_browser: Browser) -> Iterator[Browser]:
    """For the block, a chromium of its own that finds ``CLASS_NAME`` at ``CLASS_ADDRESS``, as a classroom's DNS
    would (launched beside the session's ``chromium_browser``, with the same Playwright)."""
    browser = chromium_browser.browser_type.launch(
        executable_path=str(CHROMIUM), headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {CLASS_NAME} {CLASS_ADDRESS}"],
    )
    try:
        yield browser
    finally:
        browser.close()
