"""The Voilà application ``vegas-tutor`` runs: Voilà serving a lessons folder, with three of its parts swapped.

- :class:`LessonsVoila`, the application: the root address and the folder listing redirect to the landing page
  (Voilà 0.5 has no "default notebook" for a served folder, voila-dashboards/voila#540), the offline template,
  the kernel pools (``--preheat``, ``--pool``), every route behind the Host and Origin checks
  (:mod:`vegas_tutor.serving`), and in class mode the class code, kernel cap and teacher's routes
  (:mod:`vegas_tutor.classroom`).
- :class:`LessonPageHandler`, the page handler: refuses pages opened from other sites, sets the ``_xsrf``
  cookie the leaving page's shutdown beacon needs, and admits a page within the class's kernel cap.
- :class:`LessonRenderer`, the page renderer: ends a page whose kernel failed instead of leaving it open.

Importing this module imports Voilà (seconds): :mod:`vegas_tutor.cli` does it only when the server starts.
The options come from :func:`vegas_tutor.cli.voila_argv`, as ``--LessonsVoila.<trait>=...`` arguments.
"""

from __future__ import annotations

import json
import sys
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

import voila.handler  # type: ignore[import-untyped]
from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop
from tornado.web import RedirectHandler
from traitlets import Bool, Int, Unicode
from voila.app import Voila  # type: ignore[import-untyped]
from voila.notebook_renderer import NotebookRenderer  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from vegas_tutor import kernel_owners
from vegas_tutor.class_records import DEFAULT_FILE, ClassRecords
from vegas_tutor.class_teacher import MeHandler, TeacherHandler, record_openings, sign_kernels, teacher_routes
from vegas_tutor.classroom import (
    CLASS_PATH,
    DEFAULT_PER_CLIENT,
    SETTING,
    TEACHER_CODE_LENGTH,
    Classroom,
    Seats,
    announcement,
    default_max_kernels,
    new_code,
    served_names,
)
from vegas_tutor.classroom_handlers import ClassInfoHandler, JoinHandler, class_routes
from vegas_tutor.classroom_pages import class_seat
from vegas_tutor.lesson_pages import CLASS_HOST, HOST, PreheatPlan, landing_notebook, landing_redirects
from vegas_tutor.serving import (
    LOCAL_SERVED,
    TEMPLATE_DIR,
    ServedNames,
    cull_in_parallel,
    ended_on_failure,
    fill_pools_one_at_a_time,
    fresh_when_taken,
    guarded,
    page_refusal,
    refuse,
)

Route = tuple[Any, ...]
"""A tornado route: (pattern, handler class, keyword arguments...)."""


class LessonRenderer(NotebookRenderer):  # type: ignore[misc]  # Voila is untyped
    """Voilà's page renderer, ending the page with a message when its kernel fails (Voilà would keep the
    request open for ever) and shutting that kernel down."""

    def generate_content_generator(self, kernel_id: str | None = None, kernel_future: Any = None) -> Any:
        snippets = super().generate_content_generator(kernel_id, kernel_future)
        handler = self.request_handler

        async def failed(error: Exception) -> None:
            handler.log.error("vegas-tutor: the kernel of %s failed: %s", handler.request.uri, error)
            if kernel_id is not None and kernel_id in handler.kernel_manager:
                await handler.kernel_manager.shutdown_kernel(kernel_id, now=True)

        return ended_on_failure(snippets, failed)


def use_lesson_renderer() -> None:
    """Make Voilà's page handler render pages with :class:`LessonRenderer` (it makes its renderer by the
    name ``voila.handler.NotebookRenderer``)."""
    voila.handler.NotebookRenderer = LessonRenderer


class LessonPageHandler(TornadoVoilaHandler):  # type: ignore[misc]  # Voila is untyped
    """Voilà's page handler, refusing pages opened from other sites and setting the ``_xsrf`` cookie.

    The rendered page shuts its kernel down when the learner leaves it (a beacon carrying that cookie);
    Voilà 0.5 never sets the cookie, so the shutdown is refused with 403 and every visit would leave a
    kernel running (voila-dashboards/voila#1458).
    """

    async def get(self, path: str | None = None) -> None:
        headers = self.request.headers
        reason = page_refusal(headers.get("Sec-Fetch-Site"), headers.get("Origin"), self.application_port(),
                              self.served())
        if reason is not None:
            refuse(self, reason, url=self.request.uri)  # a link from here is a same-origin visit
            return
        _ = self.xsrf_token  # reading it sets the cookie
        with class_seat(self) as admitted:  # class mode: within the kernel cap, else a "class is full" page
            if not admitted:
                return
            with kernel_owners.page(self):  # the page's kernel, and only it, answers this page
                await super().get(path)

    def served(self) -> ServedNames:
        """The names and schemes this server answers to (the class's in class mode)."""
        classroom: Classroom | None = self.settings.get(SETTING)
        return LOCAL_SERVED if classroom is None else classroom.served

    def application_port(self) -> int:
        return int(self.settings["voila"].port)


class LessonsVoila(Voila):  # type: ignore[misc]  # Voila is untyped
    """Voilà serving a lessons folder, whose root address is the landing page."""

    preheat_first = Bool(False, help="pre-heat only the pages of PreheatPlan instead of every page").tag(
        config=True
    )
    lesson_pools = Unicode("{}", help="JSON: {lesson file name: pre-heated kernels to keep} (--pool)").tag(
        config=True
    )
    lang = Unicode("en", help="the language of the landing page the root address opens (--lang)").tag(
        config=True
    )
    class_mode = Bool(False, help="serve a class: class code, kernel cap (--class)").tag(config=True)
    allow_hosts = Unicode("[]", help="JSON: more names the Host and Origin checks accept (--allow-host)").tag(
        config=True
    )
    max_kernels = Int(0, help="class mode: most lesson kernels at once (0: from the memory)").tag(config=True)
    max_kernels_per_client = Int(DEFAULT_PER_CLIENT, help="class mode: most lesson kernels per client").tag(
        config=True
    )
    class_code = Unicode("", help="class mode: the class code (given by vegas-tutor itself, never in config)")
    class_db = Unicode("", help="class mode: the class records' SQLite file (--class-db)").tag(config=True)
    classroom: Classroom | None = None

    def setup_template_dirs(self) -> None:
        super().setup_template_dirs()
        if str(TEMPLATE_DIR) not in self.template_paths:
            self.template_paths.insert(0, str(TEMPLATE_DIR))

    def init_settings(self) -> dict[str, Any]:
        use_lesson_renderer()
        records = ClassRecords(self.class_db or DEFAULT_FILE) if self.class_mode else None
        if records is not None:  # the class cookies stay valid when the server restarts (same session)
            self.cookie_secret = records.cookie_secret
        settings: dict[str, Any] = super().init_settings()
        manager = self.kernel_manager
        self.start_pools(manager)
        cull_in_parallel(manager)
        settings[kernel_owners.SETTING] = kernel_owners.watch(manager)
        if records is not None:
            settings[SETTING] = self.open_classroom(manager, records)
        return settings

    def pool_sizes(self) -> dict[str, int]:
        """The pre-heated kernels each page keeps: the :class:`PreheatPlan` pages (``--preheat first``), then
        the ``--pool`` sizes."""
        pools: dict[str, int] = {}
        if self.preheat_first:
            pools = dict.fromkeys(PreheatPlan.for_folder(Path(self.root_dir), self.lang).resident, 1)
        pools.update(json.loads(self.lesson_pools))
        return pools

    def start_pools(self, manager: Any) -> None:
        """Size and start filling the kernel pools (one kernel at a time, each fresh when a page takes it)."""
        if hasattr(manager, "_pools"):  # Voilà's pre-heating manager
            fill_pools_one_at_a_time(manager)
            fresh_when_taken(manager)
        for name, size in self.pool_sizes().items():
            manager.kernel_pools_config[name] = {"pool_size": size}
            manager.fill_if_needed(delay=0, notebook_name=name)

    def open_classroom(self, manager: Any, records: ClassRecords) -> Classroom:
        """Class mode: the class (code, served names, kernel cap, records), watching ``manager``'s kernels."""
        self.classroom = Classroom(
            self.class_code or new_code(), served_names(self.ip, json.loads(self.allow_hosts)),
            Seats(self.max_kernels or default_max_kernels(), self.max_kernels_per_client),
            base_url=self.base_url, teacher_code=new_code(TEACHER_CODE_LENGTH),
            records=records,
        )
        sign_kernels(manager, records.secret)  # each kernel signs its own records
        record_openings(self.classroom)
        self.classroom.seats.watch(manager)
        self.log.info("vegas-tutor: class mode, code ******, at most %d lesson kernels (%d per client)",
                      self.classroom.seats.total, self.classroom.seats.per_client)
        return self.classroom

    def init_handlers(self) -> list[Route]:
        routes: list[Route] = [
            (route[0], LessonPageHandler, *route[2:]) if route[1] is TornadoVoilaHandler else route
            for route in super().init_handlers()
        ]
        routes = [*landing_redirects(self.server_url, self.lang), *routes]
        routes = kernel_owners.owned_routes(routes, self.server_url)
        routes = [*class_routes(self.server_url, self.landing_url(), self.classroom is not None), *routes]
        if self.classroom is not None:
            routes = [*teacher_routes(self.server_url), *routes]
        served = LOCAL_SERVED if self.classroom is None else self.classroom.served
        return [(route[0], guarded(route[1], lambda: int(self.port), served, self.class_gate(route[1])),
                 *route[2:]) for route in routes]

    def landing_url(self) -> str:
        """The rendered landing page of the ``--lang`` language, under the server's root."""
        return str(url_path_join(self.server_url, f"voila/render/{landing_notebook(self.lang)}"))

    def class_gate(self, handler_class: type[Any]) -> Callable[[Any], bool] | None:
        """In class mode, the class-cookie check of a route (none for the join page): pages go to the join
        page, anything else is refused."""
        if self.classroom is None or issubclass(handler_class, JoinHandler | TeacherHandler):
            return None  # (the teacher's routes ask for the teacher code instead)
        pages = (LessonPageHandler, RedirectHandler, ClassInfoHandler, MeHandler)
        return self.classroom.gate(page=issubclass(handler_class, pages))

    def start(self) -> None:
        if self.class_mode:  # once listening (the port is known then): the addresses and the code
            IOLoop.current().add_callback(self.announce_class)
        super().start()

    def announce_class(self) -> None:
        """Print, in the --lang language, what learners open, the class code and the cap (not logged)."""
        if self.classroom is not None:
            print(announcement(self.classroom, int(self.port)), file=sys.stderr, flush=True)

    def browser_url(self) -> str:
        """The address the browser opens: the server's root, or in class mode the teacher's join link to the
        class page (through this machine's own address when the server listens on every interface)."""
        url = str(url_path_join(self.connection_url, self.base_url))
        if self.classroom is not None:  # the teacher joins too, then sees the class page to show
            host = HOST if self.ip == CLASS_HOST else self.ip
            url = f"http://{host}:{self.port}" + self.classroom.join_url(self.classroom.url(CLASS_PATH))
        return url

    def launch_browser(self) -> None:
        """Open the server's address itself (Voilà opens a local file that redirects, and that file links
        a stylesheet on a CDN; a page opened from a file also counts as opened from another site)."""
        try:
            browser = webbrowser.get(self.browser or None)
        except webbrowser.Error as error:
            self.log.warning("No web browser found: %s.", error)
            return
        threading.Thread(target=browser.open, args=(self.browser_url(),),
                         kwargs={"new": self.webbrowser_open_new}).start()
