"""The teacher's class view in real browsers: three learners (each their own browser context) answer a lesson's
predictions while the teacher's page is open in a fourth; the answers show there within 2 s, names can be hidden,
the export holds what was answered, a learner's browser reaches no teacher route and no other learner's record,
and a server restart in the middle of the class loses no answer (one was waiting in a page, unsent, when the
server stopped) and stores none twice.

Screenshots (tests/e2e/screenshots/): the teacher's view and the join page, English and Spanish, at 1024x768,
1366x900 and 1280x720 with the large type.
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from axe_check import blocking, violations
from e2e_app import (
    SCREENSHOTS,
    AppServer,
    close_context,
    resize,
    screenshot,
    stop_server,
    wait_until_rendered,
    watch_errors,
)
from own_servers import CLASS_ADDRESS as ADDRESS
from own_servers import CLASS_NAME as NAME
from own_servers import class_chromium, class_mode_args, started

from vegas_tutor.class_records import ClassRecords

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.e2e

CODE = "V13WQ7"
LESSON = "01.01-placing-dice.ipynb"
LIVE_SECONDS = 2.0
OUTBOX = "vegas-tutor.class-outbox.v1"


def _start(log_path: Path, db_path: Path, port: int | None = None) -> AppServer:
    return started(log_path, class_mode_args(max_kernels=8, code=CODE, db=db_path), host=ADDRESS, port=port)


@pytest.fixture(scope="module")
def class_browser(chromium_browser: Browser) -> Iterator[Browser]:
    with class_chromium(chromium_browser) as browser:
        yield browser


def _fetch(page: Page, url: str) -> tuple[int, str]:
    """GET ``url`` from inside ``page`` (its cookies, its name resolution): status and text."""
    answer = page.evaluate("async (url) => { const r = await fetch(url, {credentials: 'same-origin'}); "
                           "return [r.status, await r.text()]; }", url)
    return int(answer[0]), str(answer[1])


def _teacher_code(server: AppServer) -> str:
    found = re.findall(r"^Teacher code \(keep it to yourself\): ([A-Z2-9]{8})$", server.log_path.read_text(), re.M)
    assert found, server.log_tail()
    return found[-1]


def _join(context: BrowserContext, base: str, name: str) -> Page:
    """A learner joins with the code and a name, and opens the lesson."""
    page = context.new_page()
    page.goto(f"{base}vegas-tutor/join?next=/voila/render/{LESSON}")
    page.get_by_label("Class code").fill(CODE)
    page.get_by_label("Your name for the teacher").fill(name)
    page.get_by_role("button", name="Join").click()
    page.wait_for_url(f"**/voila/render/{LESSON}")
    wait_until_rendered(page, ".vt-prediction")
    page.locator(".vt-class-line").filter(has_text=name).wait_for()
    progress = page.locator(".vt-progress-line").inner_text()  # the answers go to the teacher: only the time stays
    assert re.search(r"\(kept in this browser only\); predictions answered: 0 of \d+\.$", progress), progress
    return page


def _answer(page: Page, number: int, choice: int) -> float:
    """Answer prediction ``number`` with ``choice``; the moment the verdict came back."""
    card = page.locator(".vt-prediction").nth(number)
    card.locator("label.vt-choice").nth(choice).click()
    reveal = card.get_by_role("button", name="Reveal the answer")
    page.wait_for_function("el => !el.disabled", arg=reveal.element_handle(), timeout=15_000)
    reveal.click()
    verdict = card.locator(".vt-verdict[role=status]")
    page.wait_for_function("el => el.textContent.trim().length > 0", arg=verdict.element_handle(), timeout=15_000)
    return time.monotonic()


def _teacher_answers(teacher: Page, at_least: int, since: float, seconds: float = LIVE_SECONDS) -> float:
    """Wait until the teacher's page counts ``at_least`` answers; the seconds it took after ``since``."""
    teacher.wait_for_function(f"() => Number(document.getElementById('vt-teacher').dataset.answers || 0) >= {at_least}",
                              timeout=int(seconds * 1000) + 5_000)
    return time.monotonic() - since


def _teacher_login(context: BrowserContext, base: str, server: AppServer, lang: str = "en") -> Page:
    teacher = context.pages[0] if context.pages else context.new_page()
    teacher.goto(f"{base}vegas-tutor/teacher?lang={lang}")
    teacher.locator("#code").fill(_teacher_code(server))
    teacher.locator("button[type=submit]").click()
    teacher.locator(".vt-controls").wait_for()
    return teacher


def _shots(page: Page, name: str) -> None:
    for width, height, large in ((1024, 768, False), (1366, 900, False), (1280, 720, True)):
        page.set_viewport_size({"width": width, "height": height})
        box = page.locator("#vt-large")
        if box.count() and box.is_checked() != large:
            box.click()
        time.sleep(0.4)
        path = screenshot(page, f"{name}-{width}x{height}{'-large' if large else ''}")
        assert path.stat().st_size > 5_000


def test_answers_reach_the_teacher_live_names_hide_the_export_matches_and_a_restart_loses_none(
    class_browser: Browser, tmp_path: Path,
) -> None:
    db_path = tmp_path / "class.sqlite"
    server = _start(tmp_path / "server.log", db_path)
    base = f"http://{NAME}:{server.port}/"
    contexts: list[BrowserContext] = []
    try:
        teacher_context = class_browser.new_context(viewport={"width": 1366, "height": 900})
        contexts.append(teacher_context)
        join_page = teacher_context.new_page()
        for lang in ("en", "es"):
            join_page.goto(f"{base}vegas-tutor/join?lang={lang}")
            _shots(join_page, f"class-view-join-{lang}")
            assert not blocking(violations(join_page))
        teacher = _teacher_login(teacher_context, base, server)
        names = ("Anna", "Benno", "Carla")
        pages = {}
        for name in names:
            context = class_browser.new_context(viewport={"width": 1024, "height": 768})
            contexts.append(context)
            pages[name] = _join(context, base, name)

        # each answers the first prediction (Anna and Carla the second choice, the right one; Benno the first)
        delays = []
        for count, (name, choice) in enumerate((("Anna", 1), ("Benno", 0), ("Carla", 1)), start=1):
            delays.append(_teacher_answers(teacher, count, _answer(pages[name], 0, choice)))
        assert max(delays) <= LIVE_SECONDS, delays
        first = teacher.locator(".vt-question", has_text="Which move is allowed")
        assert "3 answered" in first.inner_text()
        teacher.get_by_role("button", name="Mark the answer").first.click()
        assert "2 right the first time" in first.inner_text()
        for name in names:
            assert teacher.locator("table.vt-table th[scope=row]", has_text=name).count() == 1
        # Carla answers a practice exercise: its theme reaches the teacher's practice table
        carla = pages["Carla"]
        carla.goto(f"{base}voila/render/practice.ipynb")
        carla.locator(".vt-practice-choices").wait_for(timeout=30_000)
        carla.locator(".vt-practice-choices").select_option(index=1)
        carla.locator(".vt-practice-answer").click()
        carla.locator("[data-testid=practice-result]").wait_for(timeout=30_000)
        teacher.locator("table.vt-table td", has_text="ties that cancel").wait_for(timeout=int(LIVE_SECONDS * 1000))
        row = teacher.locator("tr", has=teacher.locator("td", has_text="ties that cancel"))
        assert re.fullmatch(r"Las Vegas\s+ties that cancel\s+1\s+[01] \((0|100)%\)\s+1\s+[01]", row.inner_text()), \
            row.inner_text()
        _shots(teacher, "class-view-teacher-en")
        assert not blocking(violations(teacher)), violations(teacher)

        # anonymize: the names leave the teacher's page
        teacher.get_by_label("Hide names (anonymize)").check()
        teacher.wait_for_function("() => ![...document.querySelectorAll('th[scope=row]')].some("
                                  "(th) => /Anna|Benno|Carla/.test(th.textContent))", timeout=int(LIVE_SECONDS * 1000))
        assert teacher.locator("table.vt-table th[scope=row]", has_text="Learner 2").count() == 1
        teacher.get_by_label("Hide names (anonymize)").uncheck()

        # a learner's browser reaches no teacher route and only its own record
        benno = pages["Benno"]
        for path in ("vegas-tutor/teacher/state.json", "vegas-tutor/teacher/export.csv", "vegas-tutor/teacher"):
            assert _fetch(benno, f"{base}{path}")[0] == 403, path
        mine = json.loads(_fetch(benno, f"{base}vegas-tutor/me.json")[1])
        assert mine["name"] == "Benno" and mine["answers"] == 1
        assert "Anna" not in _fetch(benno, f"{base}vegas-tutor/me")[1]

        # Anna answers the second prediction while her records cannot get through, then the server restarts
        anna = pages["Anna"]
        anna.context.route("**/vegas-tutor/records*", lambda route: route.abort())
        _answer(anna, 1, 0)
        anna.locator(".vt-class-waiting").filter(has_text="1 answer waiting").wait_for(timeout=5_000)
        assert len(json.loads(anna.evaluate(f"localStorage.getItem('{OUTBOX}')"))["pending"]) == 1
        port = server.port
        stop_server(server)
        server = _start(tmp_path / "server-2.log", db_path, port)
        anna.context.unroute("**/vegas-tutor/records*")
        teacher = _teacher_login(teacher_context, base, server)  # a new teacher code at each start
        for page in pages.values():  # their pages saw the server go: errors of then, not of the lesson
            watch_errors(page).clear()
        anna.reload(wait_until="commit")
        watch_errors(anna).clear()  # the old page's failed reconnections, logged until the new one replaced it
        wait_until_rendered(anna, ".vt-prediction")
        started = time.monotonic()
        anna.wait_for_function(f"() => Object.keys(JSON.parse(localStorage.getItem('{OUTBOX}')).pending).length === 0",
                               timeout=10_000)
        assert _teacher_answers(teacher, 4, started, 5.0) <= 5.0
        benno.reload(wait_until="commit")
        watch_errors(benno).clear()  # the old page's failed reconnections, logged until the new one replaced it
        wait_until_rendered(benno, ".vt-prediction")
        _teacher_answers(teacher, 5, _answer(benno, 1, 1))

        # the same record sent again after a reconnection is kept once
        kept = json.loads(anna.evaluate(f"localStorage.getItem('{OUTBOX}')"))
        key = kept["sent"][-1]
        store = ClassRecords(db_path)
        record = next(r for r in store.records() if r["key"] == key)
        store.close()
        assert record["data"]["choice"] == 0 and record["lesson"] == LESSON
        answers = [r for r in ClassRecords(db_path).records() if r["kind"] == "answer"]
        assert len(answers) == len({r["key"] for r in answers}) == 5

        # the export holds what was answered, learner by learner
        status, export = _fetch(teacher, f"{base}vegas-tutor/teacher/export.csv")
        assert status == 200
        rows = [row for row in csv.DictReader(io.StringIO(export)) if row["kind"] == "answer"]
        picked = sorted((row["name"], row["choice"]) for row in rows)
        assert picked == [("Anna", "Carla"), ("Anna", "Place all four 3s on casino 3"),
                          ("Benno", "Benno, once; then the round ends"), ("Benno", "Place two of the 3s on casino 3"),
                          ("Carla", "Place all four 3s on casino 3")]
        allowed = teacher.locator(".vt-question", has_text="Which move is allowed")
        choices = allowed.locator(".vt-chart").get_attribute("aria-label") or ""
        assert sum(row["right"] == "1" for row in rows if row["question"] == rows[0]["question"]) == 2
        assert "Place all four 3s on casino 3: 2" in choices and "Place two of the 3s on casino 3: 1" in choices
        teacher.goto(f"{base}vegas-tutor/teacher?lang=es")
        teacher.locator(".vt-question").first.wait_for()
        _shots(teacher, "class-view-teacher-es")
        assert not blocking(violations(teacher)), violations(teacher)
        assert "han respondido" in teacher.locator("main").inner_text()
        teacher.get_by_role("button", name="Mostrar en el proyector").first.click()
        teacher.locator("dialog.vt-projector .main-svg").first.wait_for()
        resize(teacher, 1280, 720)
        teacher.screenshot(path=str(SCREENSHOTS / "class-view-projector-es-1280x720.png"))  # the screen itself
        teacher.keyboard.press("Escape")
        assert not teacher.locator("dialog.vt-projector").is_visible()
    finally:
        for context in contexts:
            close_context(context)
        stop_server(server)
