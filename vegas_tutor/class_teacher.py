"""The teacher's class view and the learners' records, served in class mode.

Learners (class cookie needed, ``Classroom.gate``):

* ``POST /vegas-tutor/records`` — a record relayed by the page (``{"body": ..., "sig": ...}``, as the lesson's
  kernel made it): kept once (``vegas_tutor.class_records``), refused with a reason otherwise. A refusal that
  can never succeed says ``"final": true`` (the page stops sending it).
* ``GET /vegas-tutor/me`` (page) and ``/vegas-tutor/me.json``: the learner's own name and records, nobody
  else's; ``POST /vegas-tutor/me``: a new display name.

The teacher (teacher's cookie needed, set once the teacher code is typed; the class cookie is not needed):

* ``GET /vegas-tutor/teacher``: the live class view (or, without the teacher's cookie, 403 and the form
  asking for the teacher code; ``POST`` checks it, throttled like the class code).
* ``GET /vegas-tutor/teacher/state.json`` (what the page draws, asked every second), ``/export.csv``,
  ``POST /anonymize`` and ``POST /delete``, and the page's own script, style sheet and plotly (served from the
  installed plotly package, nothing from another host). Each answers 403 without the teacher's cookie.

The kernels: :func:`sign_kernels` gives each lesson kernel, as it starts, its id and signing key in its
environment; :func:`record_openings` records each lesson opened when the server gives a learner's page its kernel.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from tornado.web import RequestHandler

from vegas_tutor.class_records import ENV_KERNEL, ENV_KEY, ClassRecords, RecordRefused, kernel_key
from vegas_tutor.class_teacher_pages import (
    TEACHER_WRONG,
    me_page,
    teacher_login_page,
    teacher_page,
)
from vegas_tutor.classroom import (
    JOIN_PATH,
    SETTING,
    TEACHER_PATH,
    Classroom,
    Seat,
    client_address,
    code_matches,
    request_scheme,
    safe_next,
)
from vegas_tutor.classroom_pages import request_language
from vegas_tutor.i18n import _, tr, using
from vegas_tutor.practice.exercise import THEME_WORDS
from vegas_tutor.resources import LESSON_NAME, widget_file
from vegas_tutor.serving import masked_uri

TEACHER_COOKIE = "vegas_tutor_teacher"
RECORDS_PATH = "vegas-tutor/records"
ME_PATH = "vegas-tutor/me"
LONG_POLL = 15.0
"""The longest a teacher's request for news waits before it is answered "nothing new" (204)."""
MAX_REQUEST = 16_000
"""The longest request body the records and name routes read."""
STATIC = {"teacher.js": ("class_teacher.js", "text/javascript"),
          "teacher.css": ("class_teacher.css", "text/css"),
          "plotly.min.js": ("", "text/javascript")}
_log = logging.getLogger("vegas_tutor")


# ---------------------------------------------------------------------------------------------- the kernels
def sign_kernels(manager: Any, secret: str) -> None:
    """Start every kernel of ``manager`` (for a page or for a pool) with its id and its signing key in its
    environment (:data:`ENV_KERNEL`, :data:`ENV_KEY`): the lesson can then sign its records. Call before
    serving."""
    prepare = manager.pre_start_kernel

    def keyed(kernel_name: str | None, kwargs: dict[str, Any]) -> Any:
        km, name, kernel_id = prepare(kernel_name, kwargs)
        env = dict(kwargs.get("env") or os.environ)
        env[ENV_KERNEL], env[ENV_KEY] = kernel_id, kernel_key(secret, kernel_id)
        kwargs["env"] = env
        return km, name, kernel_id

    manager.pre_start_kernel = keyed


def record_openings(classroom: Classroom) -> None:
    """Record each lesson opened: the kernel a learner's page gets, with the page's lesson."""
    records = classroom.records

    def opened(kernel_id: str, seat: Seat) -> None:
        if records is None or not seat.lesson:
            return
        classroom.lessons[kernel_id] = seat.lesson
        try:
            records.opened(kernel_id, seat.client, seat.lesson)
        except Exception as error:  # the page must be served whatever happens to the records
            _log.error("vegas-tutor: could not record a lesson opened: %r", error)

    classroom.seats.on_claim = opened


def lesson_title(lesson: str) -> str:
    """A lesson's short title from its file name: ``es/01.01-colocar-dados.ipynb`` -> ``01.01 Colocar dados``."""
    stem = lesson.rsplit("/", 1)[-1].removesuffix(".ipynb")
    number, _dash, words = stem.partition("-")
    return f"{number} {words.replace('-', ' ').capitalize()}".strip()


def teacher_view(records: ClassRecords) -> dict[str, Any]:
    """What the teacher's page draws: the learners, the lessons opened (learners by lessons), each
    prediction's first answers counted by choice with who has not answered yet, the games finished, and the
    practice exercises' themes, the most missed first (answers, those the coach judged an inaccuracy or a
    mistake, the learners who practised the theme and those who missed it)."""
    anonymize = records.anonymize
    learners = records.learners()
    by_client = {learner.client: learner for learner in learners}
    shown = {learner.client: learner.shown(anonymize) for learner in learners}
    opened: dict[str, set[str]] = defaultdict(set)
    for client, lesson, _when in records.lessons_opened():
        if LESSON_NAME.match(lesson.rsplit("/", 1)[-1]):
            opened[lesson].add(client)
    cells: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for lesson, clients in opened.items():
        for client in clients:
            cells[str(by_client[client].number)][lesson] = {"answered": 0, "right": 0, "finished": False}
    questions: dict[str, dict[str, Any]] = {}
    first: dict[tuple[str, str], bool] = {}
    games: dict[str, dict[str, Any]] = {}
    practice: dict[tuple[str, str], dict[str, Any]] = {}
    for record in records.records():
        client, lesson, data = record["client"], record["lesson"], record["data"]
        number = str(by_client[client].number)
        cell = cells[number].setdefault(lesson, {"answered": 0, "right": 0, "finished": False})
        if record["kind"] == "answer":
            key = f"{lesson}|{data['question']}"
            question = questions.setdefault(key, {
                "key": key, "lesson": lesson, "title": lesson_title(lesson), "text": data["text"],
                "choices": data["choices"], "answer": data["answer"], "counts": [0] * len(data["choices"]),
                "answered": []})
            if (key, client) in first or len(data["choices"]) != len(question["counts"]):
                continue  # a second try (the class's first answers are counted) or another version of it
            first[(key, client)] = True
            question["counts"][data["choice"]] += 1
            question["answered"].append(client)
            cell["answered"] += 1
            cell["right"] += int(data["choice"] == data["answer"])
        elif record["kind"] == "finished":
            cell["finished"] = True
        elif record["kind"] == "game":
            game = games.setdefault(data["game"], {
                "game": data["game"], "finished": 0, "won": 0, "coached": 0, "decisions": 0, "mistakes": 0,
                "inaccuracies": 0, "levels": Counter(), "players": []})
            game["finished"] += 1
            game["won"] += int(data["result"] == "won")
            game["levels"][data["level"]] += 1
            if data["coach"] is not None:
                game["coached"] += 1
                for name in ("decisions", "mistakes", "inaccuracies"):
                    game[name] += data["coach"][name]
            game["players"].append({"name": shown[client], "result": data["result"], "level": data["level"],
                                    "mistakes": None if data["coach"] is None else data["coach"]["mistakes"]})
            cell.setdefault("games", 0)
            cell["games"] += 1
        elif record["kind"] == "practice":
            theme = practice.setdefault((data["game"], data["theme"]), {
                "game": data["game"], "theme": data["theme"], "words": tr(THEME_WORDS[data["theme"]]),
                "answers": 0, "missed": 0, "learners": set(), "missing": set()})
            missed = data["answer"] in ("inaccuracy", "mistake")
            theme["answers"] += 1
            theme["missed"] += int(missed)
            theme["learners"].add(client)
            if missed:
                theme["missing"].add(client)
    for question in questions.values():
        answered = set(question.pop("answered"))
        waiting = sorted(opened.get(question["lesson"], set()) - answered, key=lambda c: by_client[c].number)
        question["waiting"] = [shown[c] for c in waiting]
        question["total"] = len(answered)
    lessons = sorted({lesson for lesson in opened} | {q["lesson"] for q in questions.values()})
    return {
        "version": records.changes,
        "anonymize": anonymize,
        "learners": [{"n": learner.number, "name": shown[learner.client]} for learner in learners],
        "lessons": [{"lesson": lesson, "title": lesson_title(lesson)} for lesson in lessons],
        "cells": cells,
        "questions": sorted(questions.values(), key=lambda q: (q["lesson"], q["key"])),
        "games": [{**game, "levels": dict(game["levels"])} for game in sorted(games.values(), key=lambda g: g["game"])],
        "practice": [{**theme, "learners": len(theme["learners"]), "missing": len(theme["missing"])}
                     for theme in sorted(practice.values(), key=_most_missed)],
    }


def _most_missed(theme: dict[str, Any]) -> tuple[float, int, str, str]:
    return -theme["missed"] / theme["answers"], -theme["answers"], theme["game"], theme["theme"]


# ---------------------------------------------------------------------------------------------- handlers
class _Handler(RequestHandler):
    """What every route here shares: the classroom, no caching, framing refused, the code never logged."""

    @property
    def classroom(self) -> Classroom:
        classroom: Classroom = self.settings[SETTING]
        return classroom

    @property
    def records(self) -> ClassRecords:
        records = self.classroom.records
        assert records is not None  # the routes exist only with records
        return records

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Referrer-Policy", "same-origin")
        self.set_header("X-Content-Type-Options", "nosniff")

    def _request_summary(self) -> str:
        return f"{self.request.method} {masked_uri(self.request.uri)} ({self.request.remote_ip})"

    def page_language(self) -> str:
        """The language of the page the request comes from: ``?lang=``, else the browser's."""
        return request_language(self)

    def client(self) -> str:
        """The class cookie's client id (the class gate let no request through without it)."""
        return self.classroom.client_id(self) or ""

    def json_answer(self, status: int, value: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps(value, ensure_ascii=False))

    def read_json(self) -> Any:
        """The request's JSON body; ``RecordRefused`` when it is too long or not JSON."""
        if len(self.request.body) > MAX_REQUEST:
            raise RecordRefused(_("this request is too long ({n} bytes; at most {most})", n=len(self.request.body),
                                  most=MAX_REQUEST), 413)
        try:
            return json.loads(self.request.body.decode("utf-8"))
        except ValueError:
            raise RecordRefused(_("this request's body is not JSON")) from None


class RecordsHandler(_Handler):
    """``POST`` one record relayed by a learner's page."""

    def post(self) -> None:
        self.check_xsrf_cookie()
        client = self.client()
        try:
            with using(self.page_language()):
                sent = self.read_json()
                if not isinstance(sent, dict):
                    raise RecordRefused(_("a record is sent as a JSON object with two texts, body and sig"))
                self._known_kernel(sent.get("body"), client)
                stored = self.records.add(sent.get("body"), sent.get("sig"), client)
        except RecordRefused as refusal:
            reason = str(refusal)
            _log.warning("vegas-tutor: a record from %s refused (%d): %s", client_address(self.request),
                         refusal.status, refusal)
            self.json_answer(refusal.status, {"refused": reason, "final": True})
            return
        self.json_answer(200, {"stored": stored})

    def _known_kernel(self, body: object, client: str) -> None:
        """A kernel this server gave to ``client``'s page but the records forgot (the teacher deleted them
        meanwhile) is recorded again as opened."""
        if not isinstance(body, str) or len(body) > MAX_REQUEST:
            return
        try:
            kernel = json.loads(body).get("kernel")
        except (ValueError, AttributeError):
            return
        if isinstance(kernel, str) and self.records.kernel_owner(kernel) is None:
            lesson = self.classroom.lessons.get(kernel, "")
            if lesson and self.classroom.seats.owner(kernel) == client:
                self.records.opened(kernel, client, lesson)


class MeHandler(_Handler):
    """The learner's own page: the display name (changeable) and what the lessons recorded for them."""

    def get(self, as_json: str | None = None) -> None:
        client = self.client()
        learner = self.records.join(client)
        mine = self.records.records(client)
        if as_json:
            self.json_answer(200, {"number": learner.number, "name": learner.name,
                                   "answers": sum(r["kind"] == "answer" for r in mine)})
            return
        self._page(200, mine)

    def post(self, as_json: str | None = None) -> None:
        self.check_xsrf_cookie()
        client = self.client()
        try:
            with using(request_language(self)):
                self.records.rename(client, self.get_body_argument("name", "")[:400])
        except RecordRefused as refusal:
            self._page(400, self.records.records(client), str(refusal))
            return
        target = safe_next(self.get_body_argument("next", None), self.classroom.base_url)
        self.redirect(target or self.classroom.url(ME_PATH) + f"?lang={request_language(self)}&saved=1")

    def _page(self, status: int, mine: list[dict[str, Any]], message: str | None = None) -> None:
        learner = self.records.join(self.client())
        target = safe_next(self.get_argument("next", None), self.classroom.base_url) or ""
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(me_page(request_language(self, target), self.classroom.url(ME_PATH), learner, mine,
                            self.xsrf_form_html(), target, message, bool(self.get_argument("saved", ""))))


class TeacherHandler(_Handler):
    """A teacher route: 403 without the teacher's cookie (:meth:`prepare`)."""

    def is_teacher(self) -> bool:
        value = self.get_signed_cookie(TEACHER_COOKIE)
        token = self.classroom.teacher_token
        return value is not None and hmac.compare_digest(value, token.encode())

    def prepare(self) -> Any:
        if not self.is_teacher():
            self.refuse_without_code()
            return None
        return super().prepare()

    def refuse_without_code(self) -> None:
        _log.warning("vegas-tutor refused %s %s: no teacher code", self.request.method, masked_uri(self.request.uri))
        self.set_status(403)
        if self.request.path.endswith(".json") or self.request.method == "POST":
            self.json_answer(403, {"refused": _("the teacher's class view needs the teacher code")})
            return
        self.set_header("Content-Type", "text/plain; charset=UTF-8")
        self.finish(_("the teacher's class view needs the teacher code: open {url}",
                      url=self.classroom.url(TEACHER_PATH)))


class TeacherPageHandler(TeacherHandler):
    """The class view; without the teacher's cookie, 403 and the teacher-code form (``POST`` checks it)."""

    def prepare(self) -> Any:
        return None  # the page answers for itself: the form when the cookie is missing

    def get(self) -> None:
        if not self.is_teacher():
            self._form(403)
            return
        _ = self.xsrf_token  # the page's POSTs carry it
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(teacher_page(request_language(self), self.classroom.url(TEACHER_PATH),
                                 self.classroom.url(JOIN_PATH)))

    def post(self) -> None:
        self.check_xsrf_cookie()
        address = client_address(self.request)
        throttle = self.classroom.teacher_throttle
        wait = throttle.wait(address)
        if wait:
            self.set_header("Retry-After", str(wait))
            self._form(429, wait=wait)
            return
        if not self.classroom.teacher_code or not code_matches(self.get_body_argument("code", ""),
                                                               self.classroom.teacher_code):
            throttle.wrong(address)
            _log.warning("vegas-tutor: wrong teacher code ****** from %s", address)
            self._form(403, TEACHER_WRONG)
            return
        self.set_signed_cookie(TEACHER_COOKIE, self.classroom.teacher_token, expires_days=None, httponly=True,
                               samesite="Strict", secure=request_scheme(self.request) == "https",
                               path=self.classroom.base_url)
        _log.info("vegas-tutor: the teacher opened the class view from %s", address)
        self.redirect(self.classroom.url(TEACHER_PATH) + f"?lang={request_language(self)}")

    def _form(self, status: int, message: str | None = None, wait: int = 0) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(teacher_login_page(request_language(self), self.classroom.url(TEACHER_PATH), message,
                                       self.xsrf_form_html(), wait))


class TeacherStateHandler(TeacherHandler):
    """``GET`` what the class view draws. ``?since=N``: when nothing changed since version N, the answer waits
    until something does (at most :data:`LONG_POLL` seconds, or ``?wait=`` seconds, then 204), so a new answer
    reaches the teacher's screen as soon as it is stored."""

    async def get(self) -> None:
        since = self.get_argument("since", "")
        records = self.records
        if since.isdigit() and int(since) == records.changes:
            wait = self.get_argument("wait", "")
            await _news(records, min(LONG_POLL, int(wait)) if wait.isdigit() else LONG_POLL)
            if int(since) == records.changes:
                self.set_status(204)
                self.finish()
                return
        with using(request_language(self)):
            view = teacher_view(records)
        self.json_answer(200, view)


async def _news(records: ClassRecords, seconds: float) -> None:
    """Wait until ``records`` is written to, at most ``seconds``."""
    waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def told() -> None:
        if not waiter.done():
            waiter.set_result(None)

    records.on_change.append(told)
    try:
        await asyncio.wait_for(waiter, seconds)
    except TimeoutError:
        pass
    finally:
        records.on_change.remove(told)


class TeacherExportHandler(TeacherHandler):
    """``GET`` every record as CSV (a download)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", 'attachment; filename="vegas-tutor-class.csv"')
        self.finish(self.records.export_csv())


class TeacherAnonymizeHandler(TeacherHandler):
    """``POST {"on": true|false}``: hide the learners' names on the class view (or show them again)."""

    def post(self) -> None:
        self.check_xsrf_cookie()
        try:
            sent = self.read_json()
            if not isinstance(sent, dict) or not isinstance(sent.get("on"), bool):
                raise RecordRefused(_("send a JSON object whose on is true or false"))
        except RecordRefused as refusal:
            self.json_answer(refusal.status, {"refused": str(refusal)})
            return
        self.records.set_anonymize(sent["on"])
        self.json_answer(200, {"anonymize": sent["on"]})


class TeacherDeleteHandler(TeacherHandler):
    """``POST {"delete": "all"}``: delete every learner and record of the session."""

    def post(self) -> None:
        self.check_xsrf_cookie()
        try:
            sent = self.read_json()
            if sent != {"delete": "all"}:
                raise RecordRefused(_("send a JSON object whose delete is all to delete the class's records"))
        except RecordRefused as refusal:
            self.json_answer(refusal.status, {"refused": str(refusal)})
            return
        self.records.delete_all()
        _log.warning("vegas-tutor: the teacher deleted the class's records (%s)", self.records.path)
        self.json_answer(200, {"deleted": True})


class TeacherStaticHandler(TeacherHandler):
    """The class view's script and style sheet, and plotly from the installed package (cached by the browser)."""

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "private, max-age=3600")

    def get(self, name: str) -> None:
        source, kind = STATIC[name]
        if source:
            text = widget_file(source).read_text(encoding="utf-8")
            if name == "teacher.js":
                text = widget_file("words.js").read_text(encoding="utf-8") + "\n" + text
        else:
            import plotly  # type: ignore[import-untyped]

            text = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text(encoding="utf-8")
        self.set_header("Content-Type", f"{kind}; charset=UTF-8")
        self.finish(text)


def teacher_routes(server_url: str) -> list[tuple[str, type[Any], dict[str, Any]]]:
    """The routes of the records, the learner's own page and the teacher's class view below ``server_url``."""
    from jupyter_server.utils import url_path_join

    teacher = url_path_join(server_url, TEACHER_PATH)
    names = "|".join(re.escape(name) for name in STATIC)
    return [
        (url_path_join(server_url, RECORDS_PATH), RecordsHandler, {}),
        (url_path_join(server_url, ME_PATH) + r"(\.json)?", MeHandler, {}),
        (rf"{teacher}/?", TeacherPageHandler, {}),
        (rf"{teacher}/state\.json", TeacherStateHandler, {}),
        (rf"{teacher}/export\.csv", TeacherExportHandler, {}),
        (rf"{teacher}/anonymize", TeacherAnonymizeHandler, {}),
        (rf"{teacher}/delete", TeacherDeleteHandler, {}),
        (rf"{teacher}/({names})", TeacherStaticHandler, {}),
    ]
