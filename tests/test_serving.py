"""``vegas_tutor.serving`` without a server: the Host and Origin rules, culling, a page whose kernel fails."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from vegas_tutor import serving
from vegas_tutor.i18n import using

PORT = 8866


@pytest.mark.parametrize("host", ["127.0.0.1:8866", "localhost:8866", "LOCALHOST:8866"])
def test_the_names_the_server_listens_on_are_accepted(host: str) -> None:
    assert serving.host_refusal(host, PORT) is None


@pytest.mark.parametrize(
    "host", [None, "", "127.0.0.1", "localhost:8867", "evil.example:8866", "127.0.0.1.evil.example:8866",
             "[::1]:8866", "0.0.0.0:8866"],
)
def test_any_other_host_header_is_refused_and_the_refusal_names_the_right_ones(host: str | None) -> None:
    reason = serving.host_refusal(host, PORT)
    assert reason is not None and "127.0.0.1:8866 and localhost:8866" in reason


def test_origin_is_accepted_only_when_absent_or_this_server() -> None:
    assert serving.origin_refusal(None, PORT) is None
    assert serving.origin_refusal("http://127.0.0.1:8866", PORT) is None
    assert serving.origin_refusal("http://localhost:8866", PORT) is None
    for origin in ("null", "https://127.0.0.1:8866", "http://127.0.0.1:8000", "http://evil.example",
                   "http://localhost:8866.evil.example"):
        assert serving.origin_refusal(origin, PORT) is not None, origin


def test_an_echoed_origin_is_shortened() -> None:
    reason = serving.origin_refusal("http://" + "x" * 10_000, PORT)
    assert reason is not None and len(reason) < 200


def test_a_lesson_page_opens_from_this_server_or_a_typed_address_only() -> None:
    for site in ("same-origin", "none", None):
        assert serving.page_refusal(site, None, PORT) is None, site
    for site in ("cross-site", "same-site"):  # same-site: another port of this machine
        assert serving.page_refusal(site, None, PORT) == "the lesson was opened from another site"
    assert serving.page_refusal(None, "http://evil.example", PORT) is not None
    assert serving.page_refusal("same-origin", "http://evil.example", PORT) is not None


def test_the_refusal_page_escapes_what_it_shows() -> None:
    page = serving.refusal_page("<b>bad</b>", url='/voila/render/x.ipynb?a="<script>')
    assert "<b>bad</b>" not in page and "&lt;b&gt;" in page
    assert '"<script>' not in page and 'href="/voila/render/x.ipynb?a=&quot;&lt;script&gt;"' in page


@pytest.mark.parametrize(("idle", "interval"), [(1, 1), (5, 1), (60, 3), (600, 30), (3600, 60), (86400, 60)])
def test_the_cull_interval_is_a_small_part_of_the_idle_time(idle: int, interval: int) -> None:
    assert serving.cull_interval(idle) == interval
    assert serving.culling_argv(idle) == [
        f"--MappingKernelManager.cull_idle_timeout={idle}",
        f"--MappingKernelManager.cull_interval={interval}",
        "--MappingKernelManager.cull_connected=True",
    ]


def run_in_own_loop(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine on a fresh event loop in a thread of its own: the browser tests' Playwright session
    keeps an event loop running in the main thread for the rest of the test run."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def _snippets(fail_after: int | None) -> AsyncIterator[tuple[str, Any]]:
    for number in range(3):
        if number == fail_after:
            raise RuntimeError("Kernel died before replying to kernel_info")
        yield f"<p>{number}</p>", None


async def _collect(fail_after: int | None) -> tuple[list[str], list[Exception]]:
    failures: list[Exception] = []

    async def on_failure(error: Exception) -> None:
        failures.append(error)

    page = [html async for html, _ in serving.ended_on_failure(_snippets(fail_after), on_failure)]
    return page, failures


def test_a_page_whose_kernel_works_is_passed_through_unchanged() -> None:
    page, failures = run_in_own_loop(_collect(None))
    assert page == ["<p>0</p>", "<p>1</p>", "<p>2</p>"] and failures == []


def test_a_page_whose_kernel_dies_ends_with_a_message_and_a_reload_button_instead_of_waiting() -> None:
    page, failures = run_in_own_loop(_collect(1))
    assert page[0] == "<p>0</p>" and len(page) == 2
    assert [str(error) for error in failures] == ["Kernel died before replying to kernel_info"]
    ending = page[-1]
    assert serving.KERNEL_FAILED_MESSAGE in ending
    assert "vegasTutorKernel = 'failed'" in ending and "words.reload" in ending
    assert '"reload": "Reload"' in ending and '"reload": "Recargar"' in ending  # the page's language chooses
    assert "Kernel died before replying to kernel_info" in ending


def test_the_failure_reason_cannot_close_the_script() -> None:
    ending = serving.kernel_failure_snippet("</script><script>alert(1)</script>" + "x" * 1000)
    assert ending.count("</script>") == 1 and "alert(1)" in ending


class _FakeManager:
    """The parts of a kernel manager ``cull_in_parallel`` and ``fill_pools_one_at_a_time`` use."""

    def __init__(self, kernels: list[str]) -> None:
        self._kernels = dict.fromkeys(kernels)
        self.log = logging.getLogger("test_serving")
        self.running = 0
        self.most_at_once = 0
        self.checked: list[str] = []
        self.started: list[tuple[str, str | None]] = []

    async def _busy(self) -> None:
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        await asyncio.sleep(0.02)
        self.running -= 1

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        await self._busy()
        self.checked.append(kernel_id)
        if kernel_id == "broken":
            raise RuntimeError("no such kernel")

    async def _initialize(self, notebook_path: str, kernel_id: str | None = None) -> dict[str, Any]:
        await self._busy()
        self.started.append((notebook_path, kernel_id))
        return {"task": asyncio.ensure_future(asyncio.sleep(0.01)), "kernel_id": kernel_id or "new"}


def test_idle_kernels_are_checked_all_at_once_and_one_failing_check_stops_none_of_the_others(
    caplog: pytest.LogCaptureFixture,
) -> None:
    manager = _FakeManager(["a", "broken", "c", "d"])
    serving.cull_in_parallel(manager)
    with caplog.at_level(logging.ERROR):
        run_in_own_loop(manager.cull_kernels())  # type: ignore[attr-defined]  # set by cull_in_parallel
    assert sorted(manager.checked) == ["a", "broken", "c", "d"] and manager.most_at_once == 4
    assert "kernel broken is idle failed" in caplog.text and "no such kernel" in caplog.text


def test_a_preheated_pool_starts_one_kernel_at_a_time_but_a_restart_in_place_is_not_held_back() -> None:
    manager = _FakeManager([])
    serving.fill_pools_one_at_a_time(manager)

    async def burst() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(manager._initialize("01.06.ipynb") for _ in range(3))))

    contents = run_in_own_loop(burst())
    assert manager.most_at_once == 1 and len(manager.started) == 3
    assert all(content["task"].done() for content in contents)  # each lesson ran before the next kernel
    manager.most_at_once = 0

    async def restart_during_a_fill() -> None:
        await asyncio.gather(manager._initialize("01.06.ipynb"), manager._initialize("01.06.ipynb", "k1"))

    run_in_own_loop(restart_during_a_fill())
    assert manager.most_at_once == 2 and ("01.06.ipynb", "k1") in manager.started


def test_a_kernel_taken_from_a_pool_counts_as_active_from_then_so_the_culler_spares_it() -> None:
    from datetime import timedelta

    from jupyter_server._tz import utcnow

    class Kernel:
        last_activity = utcnow() - timedelta(hours=1)  # ran its lesson an hour before the class came

    kernel = Kernel()

    class Pool:
        async def get_rendered_notebook(self, notebook_name: str) -> tuple[None, list[str], str]:
            return None, ["<p>cell</p>"], "k1"

        def get_kernel(self, kernel_id: str) -> Kernel:
            assert kernel_id == "k1"
            return kernel

    manager = Pool()
    serving.fresh_when_taken(manager)
    before = utcnow()
    taken = run_in_own_loop(manager.get_rendered_notebook("01.06.ipynb"))
    assert taken == (None, ["<p>cell</p>"], "k1") and kernel.last_activity >= before


@pytest.mark.parametrize("path, lang", [
    ("/voila/render/es/01.01-una-ronda-en-las-vegas.ipynb", "es"),
    ("/voila/render/es/index.ipynb?x=1", "es"),
    ("/user/es/voila/render/01.01-one-round.ipynb", "en"),  # a hub user named "es" is not the Spanish folder
    ("/voila/render/01.01-one-round.ipynb", "en"),
    ("/voila/render/index.ipynb", "en"),
    ("/api/kernels/abc", "en"),
    ("", "en"),
    (None, "en"),
])
def test_a_page_speaks_the_language_of_its_lessons_folder(path: str | None, lang: str) -> None:
    assert serving.page_language(path) == lang


def test_the_refusal_page_of_a_spanish_lesson_is_spanish_reason_included() -> None:
    reason = serving.page_refusal("cross-site", None, PORT)
    assert reason == "the lesson was opened from another site"  # the English text, for the log
    url = "/voila/render/es/01.01-x.ipynb"
    page = serving.refusal_page(reason, url, serving.page_language(url))
    assert "<html lang='es'>" in page and "<h1>Rechazado</h1>" in page
    assert "la lección se abrió desde otro sitio" in page and "Abre la lección aquí" in page
    assert "Refused" not in page and "another site" not in page
    english = serving.refusal_page(reason, "/voila/render/01.01-x.ipynb")
    assert "<h1>Refused</h1>" in english and "the lesson was opened from another site" in english
    host = serving.host_refusal("evil.example:8866", PORT)
    assert host is not None and host.in_language("es").startswith("este servidor solo responde en 127.0.0.1:8866")


def test_the_refusal_reason_follows_the_page_not_the_process_language() -> None:
    with using("es"):
        reason = serving.origin_refusal("http://evil.example", PORT)
    assert reason is not None and reason.startswith("requests from 'http://evil.example' are refused")
    assert "solo las páginas de este servidor" in reason.in_language("es")


def test_the_template_holds_the_current_page_words_and_sets_the_page_language() -> None:
    template = (serving.TEMPLATE_DIR / "index.html.j2").read_text(encoding="utf-8")
    assert serving.page_words_script() in template, (
        "the template's page words are out of date: paste vegas_tutor.serving.page_words_script() in its place")
    spanish = serving.page_words("es")
    assert spanish["reload_page"] == "Recargar la página" and spanish["running"] == "Abriendo la lección…"
    assert all(spanish[key] != english for key, english in serving.page_words("en").items())
    assert "language_code=" in template and "nb.metadata.get('lang')" in template


def test_the_template_renders_html_lang_es_for_a_spanish_notebook() -> None:
    jinja2 = pytest.importorskip("jinja2")
    source = (serving.TEMPLATE_DIR / "index.html.j2").read_text(encoding="utf-8")
    head = source.split("{%- block")[0]  # the statements before the first block: the language choice
    base = '<html lang="{{ resources.language_code }}">'
    env = jinja2.Environment(loader=jinja2.DictLoader({"voila/templates/lab/index.html.j2": base, "page": head}),
                             extensions=["jinja2.ext.do"])
    for lang, expected in (("es", "es"), ("en", "en"), (None, "en"), ("fr", "en")):
        metadata = {} if lang is None else {"lang": lang}
        html = env.get_template("page").render(resources={"language_code": "en"}, nb={"metadata": metadata})
        assert html == f'<html lang="{expected}">', (lang, html)
