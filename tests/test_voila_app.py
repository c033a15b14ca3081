"""The Voilà application of ``vegas-tutor`` as classes: its pools, page handler, renderer, class gate and the
browser address, each tried on its own (``test_cli.py`` drives it through the command line)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from vegas_tutor import classroom, voila_app
from vegas_tutor.cli import parse_args, voila_argv
from vegas_tutor.lesson_pages import PreheatPlan
from vegas_tutor.resources import lessons_dir
from vegas_tutor.serving import LOCAL_SERVED


def test_the_command_line_does_not_import_voila_until_the_server_starts() -> None:
    code = "import sys, vegas_tutor.cli; print(sorted(m for m in sys.modules if m.split('.')[0] == 'voila'))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert shown.stdout.strip() == "[]"


def test_the_pools_are_the_preheat_plan_then_the_pool_option() -> None:
    app = voila_app.LessonsVoila(preheat_first=True, lesson_pools='{"01.06-play-a-full-game.ipynb": 30}',
                                 lang="es", root_dir=str(lessons_dir()))
    plan = PreheatPlan.for_folder(lessons_dir(), "es").resident
    sizes = app.pool_sizes()
    assert list(sizes)[: len(plan)] == list(plan) and all(sizes[page] == 1 for page in plan)
    assert sizes["01.06-play-a-full-game.ipynb"] == 30 and plan[0] == "es/index.ipynb"
    every = voila_app.LessonsVoila(preheat_first=False, root_dir=str(lessons_dir()))
    assert every.pool_sizes() == {}  # every page pre-heated by Voilà itself (--preheat all), none singled out


class _Manager:
    def __init__(self) -> None:
        self.shut: list[tuple[str, bool]] = []

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id == "k1"

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        self.shut.append((kernel_id, now))


class _Handler:
    def __init__(self) -> None:
        import logging

        self.log = logging.getLogger("test_voila_app")
        self.kernel_manager = _Manager()
        self.request = type("Request", (), {"uri": "/voila/render/index.ipynb"})()


def test_a_page_whose_kernel_fails_ends_with_a_message_and_its_kernel_is_shut_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken(self: Any, kernel_id: str | None = None, kernel_future: Any = None) -> AsyncIterator[Any]:
        yield "<html>", None
        raise RuntimeError("the kernel died")

    monkeypatch.setattr(voila_app.NotebookRenderer, "generate_content_generator", broken)
    renderer = voila_app.LessonRenderer.__new__(voila_app.LessonRenderer)
    renderer.request_handler = handler = _Handler()

    async def drawn() -> list[Any]:
        return [item async for item in renderer.generate_content_generator("k1")]

    # in a thread of its own: a browser test run earlier in this process leaves Playwright's loop marked running
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        page = thread.submit(asyncio.run, drawn()).result(timeout=120)
    assert page[0] == ("<html>", None) and "RuntimeError: the kernel died" in page[-1][0]
    assert handler.kernel_manager.shut == [("k1", True)]


def test_voilas_page_handler_renders_with_the_lesson_renderer_once_the_app_is_set_up(tmp_path: Path) -> None:
    import voila.handler

    app = voila_app.LessonsVoila()
    app.initialize(voila_argv(parse_args(["--no-browser", "--preheat", "none"])))
    app.connection_dir = str(tmp_path)
    app.init_settings()
    assert voila.handler.NotebookRenderer is voila_app.LessonRenderer
    assert app.landing_url() == "/voila/render/index.ipynb"
    assert app.class_gate(voila_app.LessonPageHandler) is None  # no class: no class cookie asked
    assert app.browser_url().startswith("http://127.0.0.1:") and app.browser_url().endswith("/")


def test_in_class_mode_pages_need_the_class_cookie_and_the_browser_opens_the_join_link(tmp_path: Path) -> None:
    app = voila_app.LessonsVoila(class_code="K7PX2Q")
    app.initialize(voila_argv(parse_args(["--no-browser", "--preheat", "none", "--class", "--lang", "es",
                                          "--class-db", str(tmp_path / "class.sqlite")])))
    app.connection_dir = str(tmp_path)
    settings = app.init_settings()
    room = settings[classroom.SETTING]
    assert room is app.classroom and room.code == "K7PX2Q"
    assert app.class_gate(voila_app.JoinHandler) is None and callable(app.class_gate(voila_app.LessonPageHandler))
    assert app.landing_url() == "/voila/render/es/index.ipynb"
    url = app.browser_url()
    assert url == f"http://127.0.0.1:{app.port}{room.join_url(room.url(classroom.CLASS_PATH))}"  # bound to 0.0.0.0
    assert "/join" in url and "K7PX2Q" not in url


def test_the_page_handler_answers_to_the_class_names_in_class_mode_else_to_this_machine() -> None:
    handler = voila_app.LessonPageHandler.__new__(voila_app.LessonPageHandler)
    handler.application = type("App", (), {"settings": {}})()
    assert handler.served() == LOCAL_SERVED
    served = LOCAL_SERVED.__class__(("127.0.0.2",), ("classroom.test",), ("http", "https"))
    room = type("Room", (), {"served": served})()
    handler.application = type("App", (), {"settings": {classroom.SETTING: room}})()
    assert handler.served() is served
