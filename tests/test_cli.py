"""``vegas-tutor`` without a server: argument parsing, the arguments handed to Voilà, resources."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from vegas_tutor import cli, resources, serving
from vegas_tutor.core.errors import ConfigError, VegasTutorError


def test_defaults_serve_bundled_lessons_on_localhost_8866_with_a_browser_and_preheated_kernels() -> None:
    options = cli.parse_args([])
    expected = cli.ServeOptions(
        port=8866, port_given=False, open_browser=True, lessons=None, preheat="first", cull_idle=600
    )
    assert options == expected
    assert cli.voila_argv(options)[:10] == [
        str(resources.lessons_dir()),
        "--Voila.ip=127.0.0.1",
        "--Voila.port=8866",
        "--Voila.open_browser=True",
        "--VoilaConfiguration.preheat_kernel=True",
        "--VoilaConfiguration.default_pool_size=0",
        "--LessonsVoila.preheat_first=True",
        "--MappingKernelManager.cull_idle_timeout=600",
        "--MappingKernelManager.cull_interval=30",
        "--MappingKernelManager.cull_connected=True",
    ]


def test_cull_idle_sets_the_kernel_culler_and_zero_turns_it_off() -> None:
    argv = cli.voila_argv(cli.parse_args(["--cull-idle", "5"]))
    assert "--MappingKernelManager.cull_idle_timeout=5" in argv
    assert "--MappingKernelManager.cull_interval=1" in argv
    assert "--MappingKernelManager.cull_connected=True" in argv
    off = cli.voila_argv(cli.parse_args(["--cull-idle", "0"]))
    assert "--MappingKernelManager.cull_idle_timeout=0" in off
    assert not any("cull_connected" in arg for arg in off)


def test_help_documents_cull_idle_and_its_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--cull-idle SECONDS" in text
    assert "(default 600; 0 never)" in text


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Unix-socket kernels only on Linux")
def test_kernels_talk_over_unix_sockets_so_no_port_can_be_taken_from_them() -> None:
    assert "--KernelManager.transport=ipc" in cli.voila_argv(cli.parse_args([]))


def test_port_and_no_browser_pass_through_and_an_explicit_port_is_not_swapped_for_another() -> None:
    argv = cli.voila_argv(cli.parse_args(["--port", "9123", "--no-browser"]))
    assert "--Voila.port=9123" in argv
    assert "--Voila.port_retries=0" in argv
    assert "--Voila.open_browser=False" in argv
    assert "--Voila.ip=127.0.0.1" in argv
    assert not any(arg.startswith("--Voila.ip=") and arg != "--Voila.ip=127.0.0.1" for arg in argv)


def test_preheat_all_keeps_a_kernel_for_every_page_and_none_turns_preheating_off() -> None:
    none = cli.voila_argv(cli.parse_args(["--preheat", "none"]))
    assert "--VoilaConfiguration.preheat_kernel=False" in none
    assert not any("pool_size" in arg or "preheat_first" in arg for arg in none)
    argv = cli.voila_argv(cli.parse_args(["--preheat", "all"]))
    assert argv[4:7] == [
        "--VoilaConfiguration.preheat_kernel=True",
        "--VoilaConfiguration.default_pool_size=1",
        "--LessonsVoila.preheat_first=False",
    ]


def test_pool_keeps_n_preheated_kernels_of_a_lesson_even_without_other_preheating() -> None:
    options = cli.parse_args(["--pool", "01.06-play-a-full-game=30", "--pool", "01.01-placing-dice.ipynb=2"])
    assert options.pools == (("01.06-play-a-full-game.ipynb", 30), ("01.01-placing-dice.ipynb", 2))
    argv = cli.voila_argv(options)
    pools = [arg for arg in argv if arg.startswith("--LessonsVoila.lesson_pools=")]
    assert [json.loads(arg.split("=", 1)[1]) for arg in pools] == [
        {"01.06-play-a-full-game.ipynb": 30, "01.01-placing-dice.ipynb": 2}
    ]
    assert "--LessonsVoila.preheat_first=True" in argv  # the landing page and first lessons too
    only = cli.voila_argv(cli.parse_args(["--preheat", "none", "--pool", "01.06-play-a-full-game.ipynb=3"]))
    assert "--VoilaConfiguration.preheat_kernel=True" in only
    assert "--VoilaConfiguration.default_pool_size=0" in only
    assert not any("preheat_first" in arg for arg in only)


@pytest.mark.parametrize("lesson", ["99.99-no-such-lesson.ipynb", "../lessons/index.ipynb", "notes.txt"])
def test_a_pool_for_a_lesson_that_is_not_in_the_folder_is_refused_before_voila_starts(lesson: str) -> None:
    with pytest.raises(ConfigError, match="--pool: there is no lesson"):
        cli.voila_argv(cli.parse_args(["--pool", f"{lesson}=2"]))


def _notebooks(folder: Path, *names: str) -> Path:
    for name in names:
        (folder / name).write_text("{}")
    return folder


def test_preheat_plan_keeps_the_landing_page_and_each_games_first_lesson_warm(tmp_path: Path) -> None:
    folder = _notebooks(tmp_path, "index.ipynb", "01.00-intro.ipynb", "01.01-placing-dice.ipynb",
                        "01.02-payouts.ipynb", "02.00-liars-dice.ipynb", "notes.ipynb")
    plan = cli.PreheatPlan.for_folder(folder)
    assert plan.resident == ("index.ipynb", "01.00-intro.ipynb", "02.00-liars-dice.ipynb")


def test_lesson_names_lists_lessons_in_course_order_only(tmp_path: Path) -> None:
    folder = _notebooks(tmp_path, "02.00-b.ipynb", "index.ipynb", "01.01-a.ipynb", "01.00-a.ipynb", "Draft.ipynb")
    assert resources.lesson_names(folder) == ["01.00-a.ipynb", "01.01-a.ipynb", "02.00-b.ipynb"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "0"], "between 1 and 65535"),
        (["--port", "70000"], "between 1 and 65535"),
        (["--port", "eighty"], "whole number"),
        (["--preheat", "some"], "invalid choice"),
        (["--cull-idle", "-1"], "0 (never) or more seconds"),
        (["--cull-idle", "ten"], "whole number of seconds"),
        (["--colour", "red"], "unrecognized arguments"),
        (["--pool", "01.06-play-a-full-game.ipynb"], "LESSON=N"),
        (["--pool", "=3"], "LESSON=N"),
        (["--pool", "01.06-play-a-full-game.ipynb=0"], "between 1 and 200"),
        (["--pool", "01.06-play-a-full-game.ipynb=many"], "whole number"),
    ],
)
def test_bad_arguments_exit_with_status_2_and_say_why(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.parse_args(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_a_teachers_lessons_folder_is_served_instead(tmp_path: Path) -> None:
    (tmp_path / "index.ipynb").write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                                      "nbformat_minor": 5}))
    argv = cli.voila_argv(cli.parse_args(["--lessons", str(tmp_path)]))
    assert argv[0] == str(tmp_path.resolve())


def test_a_lessons_folder_without_landing_page_is_refused_before_voila_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ConfigError, match=r"no index\.ipynb"):
        cli.voila_argv(cli.parse_args(["--lessons", str(tmp_path)]))
    assert cli.main(["--lessons", str(tmp_path / "missing"), "--no-browser"]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_root_and_folder_listing_redirect_to_the_rendered_landing_page() -> None:
    from tornado.routing import PathMatches

    routes = cli.landing_redirects("/")
    assert all(kwargs == {"url": "/voila/render/index.ipynb"} for _, _, kwargs in routes)

    def redirected(path: str) -> bool:
        return any(PathMatches(pattern).match(_Request(path)) is not None for pattern, _, _ in routes)

    for path in ("/", "/voila/tree", "/voila/tree/", "/voila/tree/sub/folder"):
        assert redirected(path), path
    for path in ("/voila/render/index.ipynb", "/voila/render/01.00-introduction.ipynb", "/voila/static/x.js"):
        assert not redirected(path), path
    prefixed = cli.landing_redirects("/class/")
    assert prefixed[0][2] == {"url": "/class/voila/render/index.ipynb"}


class _Request:
    """The one attribute of a tornado request that ``PathMatches`` reads."""

    def __init__(self, path: str) -> None:
        self.path = path


def test_the_voila_subclass_puts_the_redirects_before_voilas_own_routes() -> None:
    app_class = cli._app_class()
    from voila.app import Voila

    assert issubclass(app_class, Voila)
    assert "init_handlers" in vars(app_class)


def test_resources_find_the_checkout_folders_when_no_bundled_copy_exists() -> None:
    places = (resources.BUNDLED_DATA_DIR / "lessons", resources.SOURCE_ROOT / "lessons")
    assert resources.lessons_dir() in places
    assert (resources.lessons_dir() / resources.LANDING_NOTEBOOK).is_file()


def test_resources_prefer_the_bundled_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundled = tmp_path / "_data"
    (bundled / "lessons").mkdir(parents=True)
    (bundled / "widgets").mkdir()
    (bundled / "widgets" / "board.js").write_text("export default {};\n")
    monkeypatch.setattr(resources, "BUNDLED_DATA_DIR", bundled)
    assert resources.lessons_dir() == bundled / "lessons"
    assert resources.widget_file("board.js") == (bundled / "widgets" / "board.js").resolve()


def test_resources_say_where_they_looked_when_a_folder_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(resources, "BUNDLED_DATA_DIR", tmp_path / "_data")
    monkeypatch.setattr(resources, "SOURCE_ROOT", tmp_path)
    with pytest.raises(ConfigError, match="lessons/ folder is missing") as raised:
        resources.lessons_dir()
    assert str(tmp_path / "_data" / "lessons") in str(raised.value)


@pytest.mark.parametrize("name", ["../pyproject.toml", "nope.js", "/etc/passwd"])
def test_widget_file_refuses_missing_files_and_paths_outside_the_folder(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "_data" / "widgets").mkdir(parents=True)
    monkeypatch.setattr(resources, "BUNDLED_DATA_DIR", tmp_path / "_data")
    with pytest.raises(VegasTutorError):
        resources.widget_file(name)


def test_unknown_data_folder_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown data folder"):
        resources.data_dir("secrets")


def test_main_hands_the_arguments_to_the_voila_application(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[list[str]] = []

    class FakeVoila:
        @classmethod
        def launch_instance(cls, argv: list[str]) -> None:
            launched.append(argv)

    monkeypatch.setattr(cli, "_app_class", lambda: FakeVoila)
    assert cli.main(["--no-browser", "--port", "9001"]) == 0
    assert launched == [cli.voila_argv(cli.parse_args(["--no-browser", "--port", "9001"]))]


def test_the_page_handler_is_swapped_for_the_one_setting_the_xsrf_cookie_and_every_route_is_guarded(
    tmp_path: Path,
) -> None:
    from tornado.web import RedirectHandler
    from voila.tornado.handler import TornadoVoilaHandler

    app = cli._app_class()()
    app.initialize(cli.voila_argv(cli.parse_args(["--no-browser", "--preheat", "none"])))
    app.connection_dir = str(tmp_path)
    app.init_settings()
    routes = app.init_handlers()
    redirects = cli.landing_redirects("/")
    assert [(pattern, kwargs) for pattern, _, kwargs in routes[:2]] == [(p, k) for p, _, k in redirects]
    assert all(issubclass(route[1], RedirectHandler) for route in routes[:2])
    assert all(route[1].__name__.startswith("Guarded") for route in routes), "a route without the Host check"
    assert app.template_paths[0] == str(serving.TEMPLATE_DIR)
    page_routes = [route for route in routes if route[0] == "/voila/render/(.*)"]
    assert len(page_routes) == 1
    handler = page_routes[0][1]
    assert issubclass(handler, TornadoVoilaHandler) and handler is not TornadoVoilaHandler
    assert not any(route[1] is TornadoVoilaHandler for route in routes)


def test_plotly_lab_renderer_is_not_loaded_on_every_page() -> None:
    argv = cli.voila_argv(cli.parse_args([]))
    assert "--VoilaConfiguration.extension_denylist=['jupyterlab-plotly']" in argv


def test_lang_es_opens_the_spanish_landing_page_and_keeps_the_spanish_first_lessons_warm(tmp_path: Path) -> None:
    options = cli.parse_args(["--lang", "es", "--no-browser"])
    assert options.lang == "es"
    assert "--LessonsVoila.lang=es" in cli.voila_argv(options)
    assert "--LessonsVoila.lang=es" not in cli.voila_argv(cli.parse_args(["--no-browser"]))
    routes = cli.landing_redirects("/", "es")
    assert all(kwargs == {"url": "/voila/render/es/index.ipynb"} for _, _, kwargs in routes)
    spanish = tmp_path / "es"
    spanish.mkdir()
    _notebooks(tmp_path, "index.ipynb", "01.00-intro.ipynb")
    _notebooks(spanish, "index.ipynb", "01.00-introduccion.ipynb", "01.01-colocar.ipynb", "02.00-dados.ipynb")
    assert cli.PreheatPlan.for_folder(tmp_path, "es").resident == (
        "es/index.ipynb", "es/01.00-introduccion.ipynb", "es/02.00-dados.ipynb")


def test_lang_es_needs_the_spanish_landing_page_and_says_so_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from vegas_tutor import i18n

    _notebooks(tmp_path, "index.ipynb")
    try:
        assert cli.main(["--lessons", str(tmp_path), "--lang", "es", "--no-browser"]) == 2
    finally:
        i18n.set_language("en")
    assert "no tiene la página de inicio es/index.ipynb" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.parse_args(["--lang", "fr"])


def test_a_pool_may_name_a_spanish_lesson_but_not_a_path_outside_the_lessons() -> None:
    argv = cli.voila_argv(cli.parse_args(["--pool", "es/index.ipynb=2", "--no-browser"]))
    assert '--LessonsVoila.lesson_pools={"es/index.ipynb": 2}' in argv
    with pytest.raises(ConfigError, match="no lesson"):
        cli.voila_argv(cli.parse_args(["--pool", "../index.ipynb=2", "--no-browser"]))
