"""``vegas-tutor``: serve the lessons with Voilà and open the landing page.

This module is the command line: its options (:func:`build_parser`, :func:`parse_args` into
:class:`ServeOptions`), the Voilà arguments they make (:func:`voila_argv`) and :func:`main`, which starts
:class:`vegas_tutor.voila_app.LessonsVoila` (the root address redirecting to the landing page, pages shutting
their kernel down when left, pre-heated kernels, the request guards; imported late, Voilà is slow to import).
Requests from other sites and pages from other hosts are refused, and no page loads anything from another
host (``vegas_tutor.serving``). ``--class`` serves a class's own laptops, behind a class code and a kernel cap
(``vegas_tutor.classroom``).

>>> voila_argv(parse_args(["--port", "9000", "--no-browser"]))[1:4]
['--Voila.ip=127.0.0.1', '--Voila.port=9000', '--Voila.port_retries=0']
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import re
import sqlite3
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vegas_tutor import __version__, warmup
from vegas_tutor.class_records import DEFAULT_FILE, ClassRecords, SchemaTooNew
from vegas_tutor.classroom import DEFAULT_PER_CLIENT, default_max_kernels, new_code, valid_code
from vegas_tutor.core.errors import ConfigError, VegasTutorError
from vegas_tutor.i18n import LANGUAGES, _, set_language
from vegas_tutor.lesson_pages import (  # noqa: F401  (LANDING_PATH, PreheatPlan, landing_redirects: kept here too)
    CLASS_HOST,
    HOST,
    LANDING_PATH,
    PreheatPlan,
    landing_notebook,
    landing_redirects,
)
from vegas_tutor.resources import lessons_dir
from vegas_tutor.serving import DEFAULT_CULL_IDLE, KERNEL_THREADS, culling_argv

HOST_NAME = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*")

DEFAULT_PORT = 8866
PREHEAT_CHOICES = ("first", "all", "none")
MAX_SOCKET_DIR = 40
"""Kernels use Unix sockets only when the temporary folder's path is at most this long: a socket's path
(``<tmp>/voila_xxxxxxxx/kernel-<id>-ipc-N``) must stay under 108 characters."""
DENIED_EXTENSIONS = ("jupyterlab-plotly",)
"""JupyterLab extensions installed beside the app that no page needs (Voilà loads every other one)."""
MAX_POOL = 200
"""The most pre-heated kernels ``--pool`` keeps for one lesson (each holds about 100 MB)."""


@dataclass(frozen=True)
class ServeOptions:
    """What ``vegas-tutor`` was asked to do."""

    port: int = DEFAULT_PORT
    port_given: bool = False
    open_browser: bool = True
    lessons: Path | None = None
    preheat: str = "first"
    cull_idle: int = DEFAULT_CULL_IDLE
    pools: tuple[tuple[str, int], ...] = ()
    """``--pool``: (lesson file name, how many pre-heated kernels it keeps)."""
    lang: str = "en"
    """``--lang``: the language of the landing page the root address opens."""
    class_mode: bool = False
    """``--class``: serve a class's laptops (class code, kernel cap; ``vegas_tutor.classroom``)."""
    host: str = HOST
    """``--host``: the address to bind (only 127.0.0.1 without ``--class``)."""
    allow_hosts: tuple[str, ...] = ()
    """``--allow-host``: more names the Host and Origin checks accept (``NAME`` or ``NAME:PORT``)."""
    class_code: str = ""
    """``--class-code``, or one generated at start (class mode only)."""
    max_kernels: int = 0
    """``--max-kernels``, or the default from the machine's available memory (class mode only)."""
    max_kernels_per_client: int = DEFAULT_PER_CLIENT
    class_db: Path | None = None
    """``--class-db``: the class records' SQLite file (class mode only; default in the working folder)."""


def _cull_idle(text: str) -> int:
    try:
        seconds = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--cull-idle must be a whole number of seconds, not {text!r}") from None
    if seconds < 0:
        raise argparse.ArgumentTypeError(f"--cull-idle must be 0 (never) or more seconds, not {seconds}")
    return seconds


def _pool(text: str) -> tuple[str, int]:
    lesson, equals, count = text.rpartition("=")
    if not equals or not lesson:
        raise argparse.ArgumentTypeError(f"--pool takes LESSON=N, e.g. 01.06-play-a-full-game.ipynb=30, not {text!r}")
    try:
        size = int(count)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--pool: N must be a whole number, not {count!r}") from None
    if not 1 <= size <= MAX_POOL:
        raise argparse.ArgumentTypeError(f"--pool: N must be between 1 and {MAX_POOL}, not {size}")
    return (lesson if lesson.endswith(".ipynb") else f"{lesson}.ipynb"), size


def _host(text: str) -> str:
    try:
        return str(ipaddress.IPv4Address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--host must be an IPv4 address such as 0.0.0.0, not {text!r}") from None


def _allowed_host(text: str) -> str:
    name, colon, port = text.lower().partition(":")
    if not HOST_NAME.fullmatch(name) or (colon and not (port.isdigit() and 1 <= int(port) <= 65535)):
        raise argparse.ArgumentTypeError(f"--allow-host takes a host name or NAME:PORT, not {text!r}")
    return f"{name}:{int(port)}" if colon else name


def _class_code(text: str) -> str:
    try:
        return valid_code(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _whole(text: str, low: int, high: int, what: str = "") -> int:
    """``text`` as a whole number from ``low`` to ``high``, or a usage error naming ``what``."""
    prefix = f"{what} " if what else ""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{prefix}must be a whole number, not {text!r}") from None
    if not low <= number <= high:
        raise argparse.ArgumentTypeError(f"{prefix}must be between {low} and {high}, not {number}")
    return number


def _kernel_count(text: str) -> int:
    return _whole(text, 1, 10_000)


def _port(text: str) -> int:
    return _whole(text, 1, 65535, "port")


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface of ``vegas-tutor``."""
    parser = argparse.ArgumentParser(
        prog="vegas-tutor",
        description="Serve the vegas-tutor lessons with Voilà on this machine and open the landing page.",
    )
    parser.add_argument(
        "--port", type=_port, default=None,
        help=f"port to serve on (default {DEFAULT_PORT}, or the next free one after it)",
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument(
        "--lessons", type=Path, default=None, metavar="DIR",
        help="serve another lessons folder (it must hold an index.ipynb), e.g. a teacher's edited copy",
    )
    parser.add_argument(
        "--preheat", choices=PREHEAT_CHOICES, default="first",
        help="which pages keep a kernel that already ran them: 'first' (default) the landing page and each "
        "game's first lesson, in the --lang language; 'all' every page of both languages (about 130 MB of "
        "memory each); 'none' starts a kernel on each visit (a lesson then takes 2-3 s to open)",
    )
    parser.add_argument(
        "--cull-idle", type=_cull_idle, default=DEFAULT_CULL_IDLE, metavar="SECONDS",
        help=f"shut down a lesson's kernel once it has been idle this long, even if its page is still open "
        f"(default {DEFAULT_CULL_IDLE}; 0 never): a tab closed without saying so frees its memory",
    )
    parser.add_argument(
        "--pool", type=_pool, action="append", default=[], metavar="LESSON=N",
        help="keep N pre-heated kernels that already ran LESSON (a lesson's file name), so that N learners "
        "opening it at once only wait for their page to be drawn; e.g. --pool 01.06-play-a-full-game.ipynb=30 "
        "for a class of 30 (about 100 MB of memory each; a used kernel is replaced a few seconds later)",
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en",
        help="the language of the landing page: 'en' English (default), 'es' Spanish (español); every page "
        "links to the same page in the other language",
    )
    _add_class_options(parser)
    parser.add_argument("--version", action="version", version=f"vegas-tutor {__version__}")
    return parser


def _add_class_options(parser: argparse.ArgumentParser) -> None:
    """The options of class mode (``--class`` and what only it takes), as a group of their own."""
    served = parser.add_argument_group("class mode", "serve a class's own laptops from this machine")
    served.add_argument(
        "--class", dest="class_mode", action="store_true",
        help=f"class mode: listen on the network (--host, default {CLASS_HOST}), let in only browsers that "
        "entered the class code once, and cap the lesson kernels; prints the addresses and the code",
    )
    served.add_argument(
        "--host", type=_host, default=None, metavar="ADDRESS",
        help=f"the IPv4 address to listen on (with --class, default {CLASS_HOST}; without it only {HOST})",
    )
    served.add_argument(
        "--allow-host", type=_allowed_host, action="append", default=[], metavar="NAME",
        help="a further name the server answers to (repeatable), e.g. the classroom's DNS name or a reverse "
        "proxy's public name: NAME is accepted with the server's port and without any (a proxy on 443 or 80); "
        "NAME:PORT for a proxy on another port",
    )
    served.add_argument(
        "--class-code", type=_class_code, default=None, metavar="CODE",
        help="the class code learners type (default: 6 characters generated at start; a code given here can be "
        "seen by other users of this machine in its process list)",
    )
    served.add_argument(
        "--max-kernels", type=_kernel_count, default=None, metavar="N",
        help="at most N lesson kernels at once (default: what the available memory holds at about 110 MB each, "
        "less a reserve); a lesson over it shows a 'class is full' page that retries every 10 s",
    )
    served.add_argument(
        "--max-kernels-per-client", type=_kernel_count, default=None, metavar="N",
        help=f"at most N lesson kernels for one learner's browser (default {DEFAULT_PER_CLIENT})",
    )
    served.add_argument(
        "--class-db", type=Path, default=None, metavar="PATH",
        help=f"the SQLite file keeping the class's records for the teacher's class view (default {DEFAULT_FILE} "
        "in the folder the server is started from); one class session per file, kept across restarts",
    )


def parse_args(argv: Sequence[str] | None = None) -> ServeOptions:
    """Parse ``argv`` (default: the process's arguments); bad values exit with a usage message."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.class_mode:
        if args.host not in (None, HOST):
            parser.error(f"--host {args.host}: without --class the server listens on {HOST} only; add --class to "
                         "serve a class's laptops")
        for given, option in ((args.allow_host, "--allow-host"), (args.class_code, "--class-code"),
                              (args.max_kernels, "--max-kernels"),
                              (args.max_kernels_per_client, "--max-kernels-per-client"), (args.class_db, "--class-db")):
            if given:
                parser.error(f"{option} needs --class")
    pools = tuple(dict(args.pool).items())
    class_options: dict[str, Any] = {}
    if args.class_mode:
        class_options = {
            "class_mode": True,
            "host": CLASS_HOST if args.host is None else args.host,
            "allow_hosts": tuple(dict.fromkeys(args.allow_host)),
            "class_code": args.class_code or new_code(),
            "max_kernels": args.max_kernels or default_max_kernels(pooled=sum(size for _, size in pools)),
            "max_kernels_per_client": args.max_kernels_per_client or DEFAULT_PER_CLIENT,
            "class_db": (args.class_db or Path(DEFAULT_FILE)).expanduser().resolve(),
        }
    return ServeOptions(
        port=DEFAULT_PORT if args.port is None else args.port,
        port_given=args.port is not None,
        open_browser=not args.no_browser,
        lessons=args.lessons,
        preheat=args.preheat,
        cull_idle=args.cull_idle,
        pools=pools,
        lang=args.lang,
        **class_options,
    )


def served_dir(options: ServeOptions) -> Path:
    """The lessons folder to serve; ``ConfigError`` when it is missing or has no landing notebook."""
    folder = lessons_dir() if options.lessons is None else options.lessons.expanduser().resolve()
    if not folder.is_dir():
        raise ConfigError(_("lessons folder {folder} does not exist", folder=folder))
    landing = landing_notebook(options.lang)
    if not (folder / landing).is_file():
        raise ConfigError(_("lessons folder {folder} has no {landing} landing page", folder=folder, landing=landing))
    return folder


def voila_argv(options: ServeOptions) -> list[str]:
    """The arguments handed to Voilà: the lessons folder, the address, the browser and kernel pool."""
    argv = [
        str(served_dir(options)),
        f"--Voila.ip={options.host}",
        f"--Voila.port={options.port}",
    ]
    if options.port_given:
        argv.append("--Voila.port_retries=0")  # the port asked for, or a clear failure
    argv.append(f"--Voila.open_browser={options.open_browser}")
    folder = Path(argv[0])
    for lesson, _size in options.pools:
        inside = not Path(lesson).is_absolute() and ".." not in Path(lesson).parts
        if not inside or not (folder / lesson).is_file():
            raise ConfigError(_("--pool: there is no lesson {lesson!r} in {folder}", lesson=lesson, folder=folder))
    if options.preheat == "none" and not options.pools:
        argv.append("--VoilaConfiguration.preheat_kernel=False")
    elif options.preheat == "none":
        argv += [
            "--VoilaConfiguration.preheat_kernel=True",
            "--VoilaConfiguration.default_pool_size=0",
        ]
    else:
        every = options.preheat == "all"
        argv += [
            "--VoilaConfiguration.preheat_kernel=True",
            f"--VoilaConfiguration.default_pool_size={1 if every else 0}",
            f"--LessonsVoila.preheat_first={not every}",
        ]
    if options.pools:
        argv.append(f"--LessonsVoila.lesson_pools={json.dumps(dict(options.pools))}")
    if options.lang != "en":
        argv.append(f"--LessonsVoila.lang={options.lang}")
    if options.class_mode:  # the class code is handed to the application itself (main), never in arguments
        argv += [
            "--LessonsVoila.class_mode=True",
            f"--LessonsVoila.allow_hosts={json.dumps(list(options.allow_hosts))}",
            f"--LessonsVoila.max_kernels={options.max_kernels}",
            f"--LessonsVoila.max_kernels_per_client={options.max_kernels_per_client}",
            f"--LessonsVoila.class_db={options.class_db}",
        ]
    argv += culling_argv(options.cull_idle)
    # plotly's wheel installs a JupyterLab renderer that Voilà would load on every page (4.8 MB); the strategy
    # labs bring plotly themselves, on their pages only (vegas_tutor.tutor.lab)
    argv.append(f"--VoilaConfiguration.extension_denylist={list(DENIED_EXTENSIONS)!r}")
    if sys.platform.startswith("linux") and len(tempfile.gettempdir()) <= MAX_SOCKET_DIR:
        # Kernels talk over Unix sockets: TCP ports picked for a kernel can be taken by another process
        # before it binds them ("Address already in use" under load); and no other user can reach them.
        argv.append("--KernelManager.transport=ipc")
    return argv


def _app_class() -> Any:
    """The Voilà application class ``main`` launches (imported here, when the server starts: Voilà is slow)."""
    from vegas_tutor.voila_app import LessonsVoila

    return LessonsVoila


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``vegas-tutor`` console script; returns the exit status."""
    options = parse_args(argv)
    set_language(options.lang)  # the messages of this command, too
    try:
        arguments = voila_argv(options)
    except VegasTutorError as error:
        print(_("vegas-tutor: error: {error}", error=error), file=sys.stderr)
        return 2
    if options.class_db is not None:
        try:  # a file that cannot be the class's records is said before the server starts
            ClassRecords(options.class_db).close()
        except (SchemaTooNew, OSError, sqlite3.Error) as error:
            print(_("vegas-tutor: error: --class-db {path}: {error}", path=options.class_db, error=error),
                  file=sys.stderr)
            return 2
    print(_("vegas-tutor: serving the lessons in {folder} with Voilà (Ctrl-C to stop)", folder=arguments[0]),
          file=sys.stderr)
    warmup.start_in_background()  # compiles the simulators, once per install, without holding up the server
    for name, value in KERNEL_THREADS.items():  # (the kernels start with the server's environment)
        os.environ.setdefault(name, value)
    secret = {"class_code": options.class_code} if options.class_mode else {}  # not in the arguments
    _app_class().launch_instance(argv=arguments, **secret)
    return 0


if __name__ == "__main__":
    sys.exit(main())
