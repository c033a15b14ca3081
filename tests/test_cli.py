"""``vegas-tutor`` without a server: argument parsing, the arguments handed to Voilà, resources."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from vegas_tutor import cli, resources, serving
from vegas_tutor.core.errors import ConfigError, VegasTutorError
from vegas_tutor.serving import KERNEL_THREADS


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


def test_kernels_start_with_one_thread_of_linear_algebra_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class FakeVoila:
        @classmethod
        def launch_instance(cls, argv: list[str]) -> None:
            seen.update({name: os.environ.get(name) for name in KERNEL_THREADS})

    seen: dict[str, str | None] = {}
    monkeypatch.setattr(cli, "_app_class", lambda: FakeVoila)
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "4")  # the machine's owner said so
    assert cli.main(["--no-browser", "--preheat", "none"]) == 0
    assert seen == {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "4"}


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
    patterns = [route[0] for route in routes]
    first_voila_tree = min(i for i, route in enumerate(routes) if "TreeHandler" in route[1].__name__)
    for pattern, _, kwargs in redirects:  # found before Voilà's folder listing at the same addresses
        index = patterns.index(pattern)
        assert index < first_voila_tree and issubclass(routes[index][1], RedirectHandler)
        assert routes[index][2] == kwargs
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


def test_class_mode_listens_on_every_interface_with_a_generated_code_kept_out_of_the_arguments() -> None:
    options = cli.parse_args(["--class", "--no-browser"])
    assert options.class_mode and options.host == "0.0.0.0" and options.allow_hosts == ()
    assert len(options.class_code) == 6 and options.max_kernels >= 1 and options.max_kernels_per_client == 3
    argv = cli.voila_argv(options)
    assert "--Voila.ip=0.0.0.0" in argv and "--LessonsVoila.class_mode=True" in argv
    assert "--LessonsVoila.allow_hosts=[]" in argv and f"--LessonsVoila.max_kernels={options.max_kernels}" in argv
    assert "--LessonsVoila.max_kernels_per_client=3" in argv
    assert not any(options.class_code in arg for arg in argv), "the class code is in Voilà's arguments"
    assert cli.parse_args(["--class"]).class_code != options.class_code


def test_class_mode_options_pass_through() -> None:
    options = cli.parse_args(["--class", "--host", "127.0.0.2", "--allow-host", "Classroom.Test", "--allow-host",
                              "proxy.test:8443", "--class-code", "vegas-26", "--max-kernels", "12",
                              "--max-kernels-per-client", "2"])
    assert options.host == "127.0.0.2" and options.allow_hosts == ("classroom.test", "proxy.test:8443")
    assert options.class_code == "VEGAS26" and options.max_kernels == 12 and options.max_kernels_per_client == 2
    argv = cli.voila_argv(options)
    assert "--Voila.ip=127.0.0.2" in argv
    assert '--LessonsVoila.allow_hosts=["classroom.test", "proxy.test:8443"]' in argv
    assert "--LessonsVoila.max_kernels=12" in argv and "--LessonsVoila.max_kernels_per_client=2" in argv


def test_the_default_cap_leaves_room_for_the_pools(monkeypatch: pytest.MonkeyPatch) -> None:
    from vegas_tutor import classroom

    monkeypatch.setattr(classroom, "default_max_kernels", lambda available=None, pooled=0: 50 - pooled)
    monkeypatch.setattr(cli, "default_max_kernels", classroom.default_max_kernels)
    assert cli.parse_args(["--class", "--pool", "01.06-play-a-full-game.ipynb=30"]).max_kernels == 20


def test_without_class_mode_nothing_changes() -> None:
    options = cli.parse_args(["--host", "127.0.0.1"])
    assert options == cli.parse_args([]) and not options.class_mode
    argv = cli.voila_argv(options)
    assert "--Voila.ip=127.0.0.1" in argv and not any("class_mode" in arg or "max_kernels" in arg for arg in argv)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--host", "0.0.0.0"], "without --class the server listens on 127.0.0.1 only; add --class"),
        (["--host", "192.168.1.20"], "add --class"),
        (["--allow-host", "classroom.test"], "--allow-host needs --class"),
        (["--class-code", "K7PX2Q"], "--class-code needs --class"),
        (["--max-kernels", "5"], "--max-kernels needs --class"),
        (["--max-kernels-per-client", "5"], "--max-kernels-per-client needs --class"),
        (["--class", "--host", "classroom.test"], "IPv4 address"),
        (["--class", "--host", "::"], "IPv4 address"),
        (["--class", "--allow-host", "http://classroom.test/"], "host name or NAME:PORT"),
        (["--class", "--allow-host", "classroom.test:0"], "host name or NAME:PORT"),
        (["--class", "--allow-host", "bad_name"], "host name or NAME:PORT"),
        (["--class", "--class-code", "ab"], "4 to 32 letters or digits"),
        (["--class", "--max-kernels", "0"], "between 1 and 10000"),
        (["--class", "--max-kernels-per-client", "many"], "whole number"),
    ],
)
def test_class_mode_options_are_checked(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.parse_args(argv)
    assert exited.value.code == 2
    assert message in " ".join(capsys.readouterr().err.split())


def test_main_hands_the_class_code_to_the_application_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[tuple[list[str], dict[str, str]]] = []

    class FakeVoila:
        @classmethod
        def launch_instance(cls, argv: list[str], **traits: str) -> None:
            launched.append((argv, traits))

    monkeypatch.setattr(cli, "_app_class", lambda: FakeVoila)
    monkeypatch.setattr(cli.warmup, "start_in_background", lambda: None)
    assert cli.main(["--no-browser", "--class", "--class-code", "K7PX2Q", "--max-kernels", "3"]) == 0
    (argv, traits), = launched
    assert traits == {"class_code": "K7PX2Q"} and not any("K7PX2Q" in arg for arg in argv)


def test_in_class_mode_every_route_but_the_join_page_needs_the_class_cookie(tmp_path: Path) -> None:
    from vegas_tutor import classroom, classroom_handlers

    app = cli._app_class()(class_code="K7PX2Q")
    app.initialize(cli.voila_argv(cli.parse_args(["--no-browser", "--preheat", "none", "--class", "--host",
                                                  "127.0.0.2", "--allow-host", "classroom.test"])))
    app.connection_dir = str(tmp_path)
    settings = app.init_settings()
    room = settings[classroom.SETTING]
    assert room.code == "K7PX2Q" and "classroom.test" in room.served.names and room.served.schemes == (
        "http", "https")
    routes = app.init_handlers()
    patterns = [route[0] for route in routes]
    assert "/vegas-tutor/join/?" in patterns and "/vegas-tutor/class/?" in patterns
    join = routes[patterns.index("/vegas-tutor/join/?")][1]
    assert issubclass(join, classroom_handlers.JoinHandler) and join.__name__.startswith("Guarded")
    assert all(route[1].__name__.startswith("Guarded") for route in routes)
    normal = cli._app_class()()
    normal.initialize(cli.voila_argv(cli.parse_args(["--no-browser", "--preheat", "none"])))
    normal.connection_dir = str(tmp_path)
    assert classroom.SETTING not in normal.init_settings()
    plain = normal.init_handlers()
    assert issubclass(plain[[r[0] for r in plain].index("/vegas-tutor/class/?")][1],
                      classroom_handlers.NotInClassHandler)
