"""The tornado handlers of class mode: the join page (``/vegas-tutor/join``), the teacher's class page
(``/vegas-tutor/class``), and what both addresses answer outside class mode (404 and a sentence).

Every one is wrapped by ``serving.guarded`` like Voilà's own routes (Host and Origin checks); the class page
also needs the class cookie (:meth:`vegas_tutor.classroom.Classroom.gate`), the join page does not.
"""

from __future__ import annotations

import logging
from typing import Any

from tornado.web import RequestHandler

from vegas_tutor.class_records import RecordRefused, valid_name
from vegas_tutor.classroom import (
    CLASS_PATH,
    JOIN_PATH,
    SETTING,
    Classroom,
    client_address,
    code_matches,
    is_loopback,
    learner_addresses,
    request_scheme,
    safe_next,
)
from vegas_tutor.classroom_pages import (
    JOIN_WAIT,
    JOIN_WRONG,
    class_page,
    join_page,
    not_in_class_page,
    request_language,
)
from vegas_tutor.i18n import using
from vegas_tutor.serving import masked_uri

_log = logging.getLogger("vegas_tutor")


class _ClassHandler(RequestHandler):
    """What both pages share: the classroom, no caching, and a log line that never shows the code."""

    @property
    def classroom(self) -> Classroom:
        classroom: Classroom = self.settings[SETTING]
        return classroom

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Referrer-Policy", "same-origin")  # (no-referrer would make a form post "Origin: null")

    def _request_summary(self) -> str:
        request = self.request
        return f"{request.method} {masked_uri(request.uri)} ({request.remote_ip})"


class JoinHandler(_ClassHandler):
    """``GET`` the form (or check ``?code=``), ``POST`` the form: a right code sets the class cookie and
    redirects to ``next`` (a path on this server) or the landing page."""

    def initialize(self, landing: str) -> None:
        self.landing = landing

    def get(self) -> None:
        code = self.get_argument("code", None)
        if code is None and self.classroom.client_id(self) is not None:  # in already (a bookmark, Back)
            self.redirect(self._target())
        elif code is None:
            self._form(200)
        else:
            self._check(code)

    def post(self) -> None:
        self.check_xsrf_cookie()
        self._check(self.get_body_argument("code", ""), self.get_body_argument("name", ""))

    def _target(self) -> str:
        return safe_next(self.get_argument("next", None), self.classroom.base_url) or self.landing

    def _form(self, status: int, message: str | None = None, seconds: int = 0, name: str = "",
              said: str = "") -> None:
        target = self._target()
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(join_page(request_language(self, target), self.classroom.url(JOIN_PATH), target, message,
                              self.xsrf_form_html(), seconds, name[:40], said))

    def _check(self, code: str, name: str = "") -> None:
        address = client_address(self.request)
        wait = self.classroom.throttle.wait(address)
        if wait:
            _log.warning("vegas-tutor: class code ****** refused from %s: too many wrong codes", address)
            self.set_header("Retry-After", str(wait))
            self._form(429, JOIN_WAIT, wait)
            return
        if not code_matches(code, self.classroom.code):
            self.classroom.throttle.wrong(address)
            _log.warning("vegas-tutor: wrong class code ****** from %s", address)
            self._form(403, JOIN_WRONG, name=name)
            return
        if name.strip():
            with using(request_language(self, self._target())):
                try:
                    name = valid_name(name)
                except RecordRefused as refusal:  # nothing set: the form again, with the reason
                    self._form(400, name=name, said=str(refusal))
                    return
        client = self.classroom.admit(self)
        if self.classroom.records is not None:
            learner = self.classroom.records.join(client)
            if name.strip():
                self.classroom.records.rename(learner.client, name)
        _log.info("vegas-tutor: %s joined the class (code ******)", address)
        self.redirect(self._target())


class ClassInfoHandler(_ClassHandler):
    """The teacher's class page: the address to open, the class code and its QR code (class cookie needed)."""

    def get(self) -> None:
        classroom = self.classroom
        port = int(self.settings["voila"].port)
        addresses = learner_addresses(classroom.served, port)
        host = self.request.host.lower()
        if not is_loopback(host):  # the teacher opened it the way learners do (a proxy's name, an address)
            addresses.insert(0, f"{request_scheme(self.request)}://{host}/")
        addresses = list(dict.fromkeys(addresses))
        join = f"{addresses[0].rstrip('/')}{classroom.url(JOIN_PATH)}?code={classroom.code}"
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(class_page(request_language(self), addresses, classroom.code, join, classroom.url(CLASS_PATH)))


class NotInClassHandler(RequestHandler):
    """Both class addresses on a server started without ``--class``: 404 and a sentence saying so."""

    def get(self, *args: Any) -> None:
        self.set_status(404)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(not_in_class_page(request_language(self)))


def class_routes(server_url: str, landing: str, class_mode: bool) -> list[tuple[str, type[Any], dict[str, Any]]]:
    """The routes of the join page and the class page below ``server_url`` (``landing``: where a learner goes
    once in, when no ``next`` says otherwise)."""
    from jupyter_server.utils import url_path_join

    join, info = url_path_join(server_url, JOIN_PATH), url_path_join(server_url, CLASS_PATH)
    if not class_mode:
        return [(rf"{join}/?", NotInClassHandler, {}), (rf"{info}/?", NotInClassHandler, {})]
    return [(rf"{join}/?", JoinHandler, {"landing": landing}), (rf"{info}/?", ClassInfoHandler, {})]
