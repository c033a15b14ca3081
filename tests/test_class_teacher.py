"""The teacher's class view and the learners' records against a real class-mode server (``vegas-tutor --class``
on 127.0.0.2 as ``classroom.test``), over plain HTTP as the laptops and the teacher's machine would talk to it.

Records are made here as the lesson's kernel makes them: signed with that kernel's key, which the test derives
from the session secret in the teacher's database file (the test is the teacher's machine)."""

from __future__ import annotations

import csv
import http.client
import io
import json
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from e2e_app import Answer, AppServer, page_kernel_id
from own_servers import CLASS_ADDRESS as ADDRESS
from own_servers import ask_class as ask
from own_servers import class_mode_args, serving

from vegas_tutor.class_records import DEFAULT_FILE, ENV_KERNEL, ENV_KEY, ClassRecords, kernel_key, sign_record
from vegas_tutor.cli import main, parse_args, voila_argv

CODE = "T4CHR9"
LIGHT_PAGE = "/voila/render/index.ipynb"
TEACHER_ROUTES = ("/vegas-tutor/teacher", "/vegas-tutor/teacher/state.json", "/vegas-tutor/teacher/export.csv",
                  "/vegas-tutor/teacher/teacher.js", "/vegas-tutor/teacher/teacher.css",
                  "/vegas-tutor/teacher/plotly.min.js")
TEACHER_POSTS = ("/vegas-tutor/teacher/anonymize", "/vegas-tutor/teacher/delete")
ANSWER = {"question": "a1b2c3d4e5f6", "text": "Who takes the $80k?", "choices": ["Anna", "Benno"], "choice": 1,
          "answer": 0, "attempt": 1}


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("vegas-tutor-class-db") / "class.sqlite"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory, db_path: Path) -> Iterator[AppServer]:
    log_path = tmp_path_factory.mktemp("vegas-tutor-class-teacher") / "server.log"
    with serving(log_path, class_mode_args(max_kernels=3, per_client=1, code=CODE, db=db_path),
                 host=ADDRESS) as server:  # fmt: skip
        yield server


def _teacher_code(server: AppServer) -> str:
    found = re.search(r"^Teacher code \(keep it to yourself\): ([A-Z2-9]{8})$", server.log_path.read_text(), re.M)
    assert found is not None, server.log_tail()
    return found.group(1)


def _xsrf(server: AppServer) -> str:
    return ask(server, "/vegas-tutor/join").cookies()["_xsrf"]


def _join(server: AppServer, laptop: str, name: str = "") -> tuple[str, str]:
    """Join with the form (and a name) as the laptop at ``laptop``; (class cookie, _xsrf) as header values."""
    xsrf = _xsrf(server)
    joined = ask(server, "/vegas-tutor/join", "POST", {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"_xsrf={xsrf}", "X-Forwarded-For": laptop},
        urlencode({"code": CODE, "name": name, "_xsrf": xsrf, "next": "/"}))
    assert joined.status == 302, joined.body[:400]
    return f"vegas_tutor_class={joined.cookies()['vegas_tutor_class']}", xsrf


def _teacher(server: AppServer) -> tuple[str, str]:
    xsrf = _xsrf(server)
    answer = ask(server, "/vegas-tutor/teacher", "POST", {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"_xsrf={xsrf}", "X-Forwarded-For": "10.9.9.9"},
        urlencode({"code": _teacher_code(server).lower(), "_xsrf": xsrf}))
    assert answer.status == 302, answer.body[:300]
    header = next(h for h in answer.headers.get_all("Set-Cookie") or [] if h.startswith("vegas_tutor_teacher="))
    assert "HttpOnly" in header and "SameSite=Strict" in header
    return f"vegas_tutor_teacher={answer.cookies()['vegas_tutor_teacher']}; _xsrf={xsrf}", xsrf


def _post_record(server: AppServer, cookie: str, xsrf: str, payload: object) -> Answer:
    body = payload if isinstance(payload, str | bytes) else json.dumps(payload)
    return ask(server, "/vegas-tutor/records", "POST", {"Cookie": f"{cookie}; _xsrf={xsrf}", "X-XSRFToken": xsrf,
                                                        "Content-Type": "application/json"}, body)


def _records(db_path: Path) -> list[dict[str, object]]:
    store = ClassRecords(db_path)
    try:
        return store.records()
    finally:
        store.close()


def _signed(db_path: Path, kernel: str, seq: int, **data: object) -> dict[str, str]:
    store = ClassRecords(db_path)
    secret = store.secret
    store.close()
    body, sig = sign_record(kernel_key(secret, kernel), kernel, seq, "answer", {**ANSWER, **data})
    return {"body": body, "sig": sig}


def test_class_db_is_a_class_mode_option_resolved_from_the_working_folder(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--class-db", "x.sqlite"])
    monkeypatch.chdir(tmp_path)
    assert parse_args(["--class"]).class_db == tmp_path / DEFAULT_FILE
    chosen = parse_args(["--class", "--class-db", "records/my-class.sqlite"])
    assert chosen.class_db == tmp_path / "records" / "my-class.sqlite"
    assert f"--LessonsVoila.class_db={chosen.class_db}" in voila_argv(chosen)
    assert not any("class_db" in arg for arg in voila_argv(parse_args([])))


def test_a_class_db_the_server_cannot_use_stops_it_before_it_starts(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    newer = tmp_path / "newer.sqlite"
    ClassRecords(newer).close()
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 7")
    assert main(["--class", "--no-browser", "--class-db", str(newer)]) == 2
    said = capsys.readouterr().err
    assert "--class-db" in said and "schema version 7" in said and "newer vegas-tutor" in said


def test_every_teacher_route_is_refused_without_the_teacher_code_even_to_a_learner(class_server: AppServer) -> None:
    learner, xsrf = _join(class_server, "10.5.0.1")
    for cookie in ("", learner):
        for path in TEACHER_ROUTES:
            answer = ask(class_server, path, headers={"Cookie": cookie} if cookie else None)
            assert answer.status == 403, path
            assert "Who takes" not in answer.body and "learners" not in answer.body
        for path in TEACHER_POSTS:
            answer = ask(class_server, path, "POST", {"Cookie": f"{cookie}; _xsrf={xsrf}", "X-XSRFToken": xsrf},
                         '{"delete": "all"}')
            assert answer.status == 403, path
    page = ask(class_server, "/vegas-tutor/teacher?lang=es")
    assert "Código del docente" in page.body and "<html lang='es'>" in page.body
    forged = ask(class_server, "/vegas-tutor/teacher/state.json", headers={"Cookie": "vegas_tutor_teacher=x"})
    assert forged.status == 403


def test_wrong_teacher_codes_are_refused_then_throttled_and_the_code_is_printed_once(class_server: AppServer) -> None:
    xsrf = _xsrf(class_server)
    form = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"_xsrf={xsrf}",
            "X-Forwarded-For": "10.6.0.1"}
    for _ in range(5):
        wrong = ask(class_server, "/vegas-tutor/teacher", "POST", form, urlencode({"code": CODE, "_xsrf": xsrf}))
        assert wrong.status == 403 and "Wrong teacher code" in wrong.body  # the class code is not the teacher's
        assert "vegas_tutor_teacher" not in wrong.cookies()
    right = urlencode({"code": _teacher_code(class_server), "_xsrf": xsrf})
    held = ask(class_server, "/vegas-tutor/teacher", "POST", form, right)
    assert held.status == 429 and "vegas_tutor_teacher" not in held.cookies()
    cookie, _ = _teacher(class_server)  # another machine
    page = ask(class_server, "/vegas-tutor/teacher", headers={"Cookie": cookie})
    assert page.status == 200 and "plotly.min.js" in page.body and "://" not in page.body
    assert ask(class_server, "/vegas-tutor/teacher/plotly.min.js", headers={"Cookie": cookie}).status == 200
    log = class_server.log_path.read_text()
    code = _teacher_code(class_server)
    assert [line for line in log.splitlines() if code in line] == [f"Teacher code (keep it to yourself): {code}"]


def test_a_learners_lesson_records_reach_the_teacher_once_and_nobody_else_reads_or_writes_them(
    class_server: AppServer, db_path: Path,
) -> None:
    anna, anna_xsrf = _join(class_server, "10.7.0.1", "Zoë")
    benno, benno_xsrf = _join(class_server, "10.7.0.2", "Yusuf")
    page = ask(class_server, LIGHT_PAGE, headers={"Cookie": anna})
    assert page.status == 200, page.body[:300]
    kernel = page_kernel_id(page.body)
    environ = class_server.kernel_process(kernel).environ()
    assert environ[ENV_KERNEL] == kernel and len(environ[ENV_KEY]) == 64  # the lesson can sign, nobody else
    record = _signed(db_path, kernel, 1)
    stored = _post_record(class_server, anna, anna_xsrf, record)
    assert stored.status == 200 and json.loads(stored.body) == {"stored": True}
    again = _post_record(class_server, anna, anna_xsrf, record)  # a retry after a lost answer
    assert again.status == 200 and json.loads(again.body) == {"stored": False}
    theirs = _post_record(class_server, benno, benno_xsrf, _signed(db_path, kernel, 2))
    assert theirs.status == 403 and json.loads(theirs.body)["final"] is True
    assert "another learner" in json.loads(theirs.body)["refused"]
    mine = json.loads(ask(class_server, "/vegas-tutor/me.json", headers={"Cookie": benno}).body)
    assert mine == {"number": mine["number"], "name": "Yusuf", "answers": 0}
    assert "Who takes" not in ask(class_server, "/vegas-tutor/me", headers={"Cookie": benno}).body
    annas = ask(class_server, "/vegas-tutor/me?lang=es", headers={"Cookie": anna})
    assert "Who takes the $80k?" in annas.body and "no acertada" in annas.body
    assert [r["key"] for r in _records(db_path)] == [f"{kernel}:1"]
    teacher, teacher_xsrf = _teacher(class_server)
    deadline = time.monotonic() + 2
    view = json.loads(ask(class_server, "/vegas-tutor/teacher/state.json", headers={"Cookie": teacher}).body)
    assert time.monotonic() < deadline
    question = view["questions"][0]
    assert question["counts"] == [0, 1] and question["total"] == 1
    assert {learner["name"] for learner in view["learners"]} >= {"Zoë", "Yusuf"}
    waited = time.monotonic()
    unchanged = ask(class_server, f"/vegas-tutor/teacher/state.json?since={view['version']}&wait=1",
                    headers={"Cookie": teacher})
    assert unchanged.status == 204 and time.monotonic() - waited >= 0.9  # nothing new: it waited, then said so
    export = ask(class_server, "/vegas-tutor/teacher/export.csv", headers={"Cookie": teacher})
    assert export.status == 200 and "attachment" in export.headers["Content-Disposition"]
    rows = [row for row in csv.DictReader(io.StringIO(export.body)) if row["kind"] == "answer"]
    assert [(row["name"], row["lesson"], row["choice"], row["right"]) for row in rows] == [
        ("Zoë", "index.ipynb", "Benno", "0")]
    hide = ask(class_server, "/vegas-tutor/teacher/anonymize", "POST",
               {"Cookie": teacher, "X-XSRFToken": teacher_xsrf}, '{"on": true}')
    assert hide.status == 200
    hidden = ask(class_server, "/vegas-tutor/teacher/state.json", headers={"Cookie": teacher}).body
    assert "Zoë" not in hidden and "Yusuf" not in hidden and json.loads(hidden)["anonymize"] is True
    ask(class_server, "/vegas-tutor/teacher/anonymize", "POST", {"Cookie": teacher, "X-XSRFToken": teacher_xsrf},
        '{"on": false}')
    deleted = ask(class_server, "/vegas-tutor/teacher/delete", "POST",
                  {"Cookie": teacher, "X-XSRFToken": teacher_xsrf}, '{"delete": "all"}')
    assert deleted.status == 200 and _records(db_path) == []
    later = _post_record(class_server, anna, anna_xsrf, _signed(db_path, kernel, 3))  # her lesson is still open
    assert later.status == 200 and [r["key"] for r in _records(db_path)] == [f"{kernel}:3"]


@pytest.mark.parametrize("payload", [
    "not json", b"\xff\xfe", "[1, 2]", {"body": "{}", "sig": "0"}, {"body": 12, "sig": "0"},
    "x" * 20_000, {"body": "y" * 9_000, "sig": "0"},
])
def test_a_bad_or_oversized_submission_is_refused_clearly_and_changes_nothing(
    class_server: AppServer, db_path: Path, payload: object,
) -> None:
    cookie, xsrf = _join(class_server, "10.8.0.1")
    before = _records(db_path)
    answer = _post_record(class_server, cookie, xsrf, payload)
    assert answer.status in (400, 413), answer.body[:200]
    said = json.loads(answer.body)
    assert said["final"] is True and len(said["refused"]) > 10
    assert _records(db_path) == before


def test_a_record_without_the_pages_xsrf_token_or_the_class_cookie_is_refused(class_server: AppServer,
                                                                             db_path: Path) -> None:
    cookie, xsrf = _join(class_server, "10.8.0.2")
    assert ask(class_server, "/vegas-tutor/records", "POST", {"Cookie": cookie}, "{}").status == 403
    assert ask(class_server, "/vegas-tutor/records", "POST", {"Cookie": f"_xsrf={xsrf}", "X-XSRFToken": xsrf},
               "{}").status == 403
    for path in ("/vegas-tutor/me.json", "/vegas-tutor/me"):  # to the join page, nothing said
        answer = ask(class_server, path)
        assert answer.status == 302 and answer.headers["Location"].startswith("/vegas-tutor/join?next=")
        assert answer.body == ""


def test_a_name_is_chosen_on_joining_changed_later_and_a_bad_one_is_refused_with_the_form(
    class_server: AppServer,
) -> None:
    xsrf = _xsrf(class_server)
    bad = ask(class_server, "/vegas-tutor/join", "POST", {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"_xsrf={xsrf}", "X-Forwarded-For": "10.8.1.1"},
        urlencode({"code": CODE, "name": "x" * 41, "_xsrf": xsrf, "lang": "es"}))
    assert bad.status == 400 and "como mucho 40 caracteres" in bad.body and "vegas_tutor_class" not in bad.cookies()
    cookie, xsrf = _join(class_server, "10.8.1.1", "Carla")
    assert json.loads(ask(class_server, "/vegas-tutor/me.json", headers={"Cookie": cookie}).body)["name"] == "Carla"
    renamed = ask(class_server, "/vegas-tutor/me", "POST", {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"{cookie}; _xsrf={xsrf}"},
        urlencode({"name": "  Carla   G. ", "_xsrf": xsrf, "next": LIGHT_PAGE}))
    assert renamed.status == 302 and renamed.headers["Location"] == LIGHT_PAGE
    assert json.loads(ask(class_server, "/vegas-tutor/me.json", headers={"Cookie": cookie}).body)["name"] == "Carla G."
    empty = ask(class_server, "/vegas-tutor/me", "POST", {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"{cookie}; _xsrf={xsrf}"},
        urlencode({"name": "   ", "_xsrf": xsrf}))
    assert empty.status == 400 and "role='alert'" in empty.body
    assert json.loads(ask(class_server, "/vegas-tutor/me.json", headers={"Cookie": cookie}).body)["name"] == "Carla G."


def test_outside_class_mode_kernels_get_no_key_and_there_is_nowhere_to_send_records(tmp_path: Path) -> None:
    with serving(tmp_path / "server.log", ["--preheat", "none"]) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        connection.request("GET", LIGHT_PAGE)
        page = connection.getresponse().read().decode()
        environ = server.kernel_process(page_kernel_id(page)).environ()
        assert ENV_KEY not in environ and ENV_KERNEL not in environ
        for path in ("/vegas-tutor/records", "/vegas-tutor/teacher", "/vegas-tutor/me.json"):
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            assert response.status == 404, path
        connection.close()
        assert not (tmp_path / "vegas-tutor-class.sqlite").exists() and not list(tmp_path.glob("*.sqlite"))
