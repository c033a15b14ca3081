"""Practice in a real browser: a lesson's question answered wrong and a Liar's Dice game played with mistakes,
then the Practice page with both first (from the page's inbox), answers judged and scheduled, the deck kept
across a reload, a tampered deck refused, nothing lost when the kernel dies or the server restarts, one tab
practising at a time, a trade answered badly practised; and the Spanish page. Screenshots at 1024x768 and
1366x900 in both languages."""

from __future__ import annotations

import json
import math
import re
import signal
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from axe_check import blocking, violations  # beside this file, on the path (conftest)
from e2e_app import AppServer, close_context, kernel_id, leave_page, stop_server, watch_errors
from test_e2e_liars_dice import act, open_a_bid
from test_e2e_pages import answer
from test_e2e_spanish import assert_fits, assert_spanish

from vegas_tutor.practice.exercise import coach_review, game_coach, judge_answer
from vegas_tutor.practice.question import prediction_calls
from vegas_tutor.practice.starter import shipped_starters
from vegas_tutor.resources import lessons_dir
from vegas_tutor.tutor.practice_views import choices, starters_in_turn

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

PLAY = "02.07-play-a-full-game.ipynb"
PAYOUTS = "01.02-payouts-and-ties.ipynb"
DECK_KEY = "vegas-tutor:practice:deck"
INBOX_KEY = "vegas-tutor:practice:inbox"
UPDATE_TIMEOUT_MS = 30_000
SIZES = ((1024, 768), (1366, 900))
Shot = Callable[["Page", str], Path]


def forget_practice(page: Page) -> None:
    page.evaluate("keys => keys.forEach(key => localStorage.removeItem(key))", [DECK_KEY, INBOX_KEY])


@pytest.fixture(autouse=True)
def no_practice_kept(app_page: Page, app_server: AppServer) -> None:
    """Each test starts with no deck and an empty inbox in the session's tab: a page test that ran before on
    the same tab (another order under xdist) leaves lesson questions answered wrong there, and the Practice
    page would then ask one of those first. ``/vegas-tutor/join`` outside class mode is a page of the server's
    origin with no kernel."""
    app_page.goto(f"{app_server.url}vegas-tutor/join", wait_until="domcontentloaded")
    forget_practice(app_page)
    watch_errors(app_page).clear()  # that page's own 404 is not the test's


def inbox_size(page: Page) -> int:
    return int(page.evaluate("key => JSON.parse(localStorage.getItem(key) || '[]').length", INBOX_KEY))


def play_to_the_end_challenging_at_once(page: Page, table: Locator) -> int:
    """Challenge every bid at once (most openings are true: mistakes), until the game is over; the moves made."""
    for moves in range(200):
        if table.locator("[data-key=new-game]").count():
            return moves
        for key in ("challenge", "skip", "next-round", "keep"):
            button = table.locator(f"[data-key={key}]")
            if button.count():
                act(page, table, button.first.click)
                break
        else:
            open_a_bid(page, table)
    pytest.fail(f"the game did not end: {table.locator('.ld-status').inner_text()}")


def open_practice(page: Page, url: str) -> Locator:
    page.goto(url)
    panel = page.locator(".vt-practice-root")
    panel.wait_for(timeout=UPDATE_TIMEOUT_MS)
    page.locator(".vt-practice-choices, [data-testid=practice-empty]").first.wait_for(timeout=UPDATE_TIMEOUT_MS)
    page.wait_for_function(f"() => localStorage.getItem('{DECK_KEY}') !== null", timeout=UPDATE_TIMEOUT_MS)
    return panel


def choose_game(page: Page, game: str) -> None:
    page.get_by_role("button", name=game, exact=True).click()
    page.wait_for_function("g => document.querySelector('.vt-practice-about').textContent.includes(g)", arg=game,
                           timeout=UPDATE_TIMEOUT_MS)


def summary(panel: Locator) -> dict[str, int]:
    """The summary line's counts by their words: due now, due today, learned, new, streak (English or Spanish)."""
    text = panel.locator("[data-testid=practice-summary]").inner_text()
    found = {}
    for key, words in (("due_now", "due now|para ahora"), ("due_today", "due today|para hoy"),
                       ("learned", "learned|aprendidos?"), ("new", "new|nuevos?")):
        match = re.search(rf"(\d+) (?:{words})", text)
        assert match, text
        found[key] = int(match[1])
    return found


def answer_first_choice(page: Page, panel: Locator) -> Locator:
    panel.locator(".vt-practice-choices").select_option(index=1)
    panel.locator(".vt-practice-answer").click()
    result = panel.locator("[data-testid=practice-result]")
    result.wait_for(timeout=UPDATE_TIMEOUT_MS)
    return result


def shots(page: Page, save_screenshot: Shot, name: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".vt-practice-root").scroll_into_view_if_needed()
        save_screenshot(page, f"{name}-{width}x{height}")
    page.set_viewport_size({"width": 1280, "height": 900})


def answer_a_prediction_wrong(page: Page) -> str:
    """Answer the first question of the payouts lesson with a wrong choice; the question."""
    call = next(c for c in prediction_calls(json.loads((lessons_dir() / PAYOUTS).read_text(encoding="utf-8")))
                if c.question is not None and c.answer is not None)
    card = page.locator(".vt-prediction").first
    assert call.question in card.inner_text()
    verdict = answer(page, card, choice=1 if call.answer == 0 else 0)
    assert verdict.startswith("Not quite")
    return str(call.question)


def test_a_game_with_mistakes_comes_back_as_exercises(open_lesson: Callable[..., Page], app_server: object,
                                                      save_screenshot: Shot) -> None:
    page = open_lesson(PAYOUTS, selector=".vt-prediction")
    forget_practice(page)
    question = answer_a_prediction_wrong(page)
    assert inbox_size(page) == 1
    page = open_lesson(PLAY, selector=".ld-root")
    table = page.locator(".ld-root").first
    assert play_to_the_end_challenging_at_once(page, table) >= 1
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{INBOX_KEY}') || '[]').length > 1",
                           timeout=60_000)  # made in a worker thread once the game is over
    made = inbox_size(page) - 1

    url = f"{app_server.url}voila/render/practice.ipynb"  # type: ignore[attr-defined]
    panel = open_practice(page, url)
    notice = panel.locator(".vt-practice-notice").inner_text()
    assert notice == f"{made + 1} new exercises from your games and lessons.", notice
    assert inbox_size(page) == 0  # the deck took them
    before = summary(panel)
    assert before["due_now"] == made + 1 and before["learned"] == 0

    choose_game(page, "Las Vegas")  # the lesson's question is a Las Vegas one: it comes before any starter
    assert "from the lesson “Payouts and ties”" in panel.locator(".vt-practice-about").inner_text()
    assert question in panel.inner_text() and page.locator(".lv-root").count() == 0
    radios = panel.get_by_role("radiogroup", name=question)
    radios.get_by_role("radio").first.check()
    panel.locator(".vt-practice-answer").click()
    panel.locator("[data-testid=practice-result]").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert re.match(r"(Right!|Not quite: the answer is)", panel.locator(".vt-practice-verdict").inner_text())
    shots(page, save_screenshot, "practice-lesson-question")
    panel.locator(".vt-practice-next").click()
    choose_game(page, "Liar's Dice")
    assert "Liar's Dice" in panel.locator(".vt-practice-about").inner_text()
    assert "from one of your games" in panel.locator(".vt-practice-about").inner_text()
    before = summary(panel)
    others = page.locator(".ld-root .ld-cup:not(.ld-you)")
    assert others.count() >= 1 and others.locator(".ld-die-hidden").count() >= 1  # their dice stay hidden
    found = blocking(violations(page))
    assert not found, found
    shots(page, save_screenshot, "practice-question")

    result = answer_first_choice(page, panel)
    text = " ".join(result.inner_text().split())
    assert re.match(r"(The coach's choice|Good|Inaccuracy|Mistake|Missed chance)\b", text), text
    assert "In your game you chose" in text and re.search(r"comes back (in \d+ (minute|hour|day)s?|now)", text)
    assert page.evaluate("() => document.activeElement.textContent") == "Next exercise"
    after = summary(panel)
    assert after["due_now"] == made - 1
    assert not blocking(violations(page))
    shots(page, save_screenshot, "practice-answered")

    panel = open_practice(page, url)  # a reload: the deck comes back from the browser, checked
    assert panel.locator(".vt-practice-notice").count() == 0
    assert summary(panel)["due_now"] == made - 1

    page.evaluate("key => localStorage.setItem(key, localStorage.getItem(key).replace('\"verdict\"', '\"verdikt\"'))",
                  DECK_KEY)
    panel = open_practice(page, url)
    assert "Your kept exercises were refused" in panel.locator(".vt-practice-notice").inner_text()
    assert summary(panel)["due_now"] == 0 and "from a game of the easy opponent" in panel.inner_text()
    forget_practice(page)


def test_nothing_due_is_lost_when_the_kernel_dies_or_the_server_restarts(
        chromium_browser: Browser, own_server: Callable[..., AppServer], save_screenshot: Shot) -> None:
    server = own_server()
    context = chromium_browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    page = context.new_page()
    try:
        panel = open_practice(page, f"{server.url}voila/render/practice.ipynb")
        answer_first_choice(page, panel)
        before = summary(panel)
        assert before["due_today"] == 1 and before["new"] == len(shipped_starters()) - 1
        server.kernel_process(kernel_id(page)).send_signal(signal.SIGKILL)
        stopped = panel.locator(".vt-notice-stopped")
        stopped.wait_for(timeout=UPDATE_TIMEOUT_MS)  # said, with Reload, and the choices can no longer be sent
        assert stopped.get_by_role("button", name="Reload the page").is_enabled()
        assert "reload the page to go on" in stopped.inner_text()  # no game is "saved" on a panel that keeps none
        assert panel.locator(".vt-practice-next").is_disabled()
        save_screenshot(page, "practice-kernel-stopped-1024x768")
        panel = open_practice(page, f"{server.url}voila/render/practice.ipynb")
        assert summary(panel) == before

        stop_server(server)
        again = own_server(port=server.port)  # the same address: the same browser storage
        panel = open_practice(page, f"{again.url}voila/render/practice.ipynb")
        assert summary(panel) == before and panel.locator(".vt-practice-notice").count() == 0
    finally:
        close_context(context)


def test_the_spanish_practice_page(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson("es/practice.ipynb", selector=".vt-practice-choices")
    forget_practice(page)
    panel = page.locator(".vt-practice-root")
    choose_game(page, "Lords of Vegas")
    page.locator(".lov-root").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert "de una partida del rival fácil" in panel.inner_text()
    shots(page, save_screenshot, "practice-es-question")
    result = answer_first_choice(page, panel)
    assert re.search(r"vuelve (dentro de \d+ (minutos?|horas?|días?)|ahora)", result.inner_text())
    assert page.get_by_role("button", name="Siguiente ejercicio").is_visible()
    assert_spanish(page, "es/practice.ipynb")
    assert_fits(page, "es/practice.ipynb")
    shots(page, save_screenshot, "practice-es-answered")
    forget_practice(page)


@cache
def first_missed_chance() -> tuple[int, str]:
    """Where the Practice page's Liar's Dice exercises first offer a missed chance: the exercise's place in the
    order the page asks them, and the choice, judged as the page judges it. Only the choices a missed chance
    can be are judged (each costs a review): those the best's review rates at least the middle of the weighed
    ones, the worst of them first."""
    coach = game_coach("liars_dice")
    for place, exercise in enumerate(e for e in starters_in_turn() if e.game == "liars_dice"):
        review = coach_review(coach, exercise.state(), exercise.best, exercise.rivals)
        weighed = sorted(coach.score(o) for o in review.alternatives if coach.weighed is None or coach.weighed(o))
        middle = weighed[len(weighed) // 2] if len(weighed) >= 3 else math.inf
        scores = {str(o.action): coach.score(o) for o in review.alternatives}
        for choice in sorted((c for c in choices(exercise) if middle <= scores.get(c, -math.inf)), key=scores.get):
            judged = judge_answer(exercise, choice)
            if judged.answer == "mistake" and judged.missed:
                return place, choice
    pytest.fail("no Liar's Dice exercise offers a missed chance")


@pytest.mark.parametrize(("notebook", "words", "mistake"), [("practice.ipynb", "Missed chance · you chose", "mistake"),
                                                            ("es/practice.ipynb", "Ocasión perdida · elegiste",
                                                             "error")])
def test_a_missed_chance_is_named_apart_from_a_mistake(open_lesson: Callable[..., Page], save_screenshot: Shot,
                                                       notebook: str, words: str, mistake: str) -> None:
    page = open_lesson(notebook, selector=".vt-practice-choices")
    forget_practice(page)
    panel = page.locator(".vt-practice-root")
    choose_game(page, "Liar's Dice")
    place, missed = first_missed_chance()
    exercises = [e for e in starters_in_turn() if e.game == "liars_dice"]  # in the order the page asks them
    for exercise in exercises[:place]:
        panel.locator(".vt-practice-choices").select_option(value=exercise.best)  # right: the next one, please
        panel.locator(".vt-practice-answer").click()
        panel.locator("[data-testid=practice-result]").wait_for(timeout=UPDATE_TIMEOUT_MS)
        panel.locator("[data-key=next]").click()
        panel.locator(".vt-practice-answer:not([disabled])").wait_for(timeout=UPDATE_TIMEOUT_MS)
    exercise = exercises[place]
    then = judge_answer(exercise, exercise.choice)  # the easy opponent's own choice, named on the "then" line
    assert then.answer == "mistake"
    panel.locator(".vt-practice-choices").select_option(value=missed)
    panel.locator(".vt-practice-answer").click()
    result = panel.locator("[data-testid=practice-result]")
    result.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert " ".join(result.inner_text().split()).startswith(words)
    then_word = words.split(" · ")[0].lower() if then.missed else mistake
    assert f": {then_word}, " in result.locator(".vt-practice-then").inner_text()
    shots(page, save_screenshot, f"practice-missed-{'es' if notebook.startswith('es') else 'en'}")
    forget_practice(page)


@cache
def a_trade_answered_badly() -> dict:
    """A Lords of Vegas game in which the learner (Red) sells lot A2 to Blue for $5, far less than it is worth to
    Red (Blue, an easy opponent, accepts by its count or by the printed price alike); the exercise of the trade,
    as the board hands it to the page."""
    from vegas_tutor.lords_of_vegas import State
    from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard

    s = State.position(3, markers={"A2": 2}, money=[30, 10, 10], draws_before_end=20, turn=2, phase="draw")
    board = LordsOfVegasBoard(state=s, learner=2, pace="all", bots="easy", seed=1)
    board.collect_exercises = True
    board.act("draw")
    assert board.handle({"type": "trade", "trade": "trade red: $0 lots A2 dice - for blue: $5 lots - dice -"})
    assert "Blue accepts" in board.board["trade"]["answer"]
    while not board.state.is_over:
        if board.board["trade"]["offer"]:
            assert board.handle({"type": "answer", "accept": False}), board.error
        else:
            assert board.handle({"type": "act", "action": board.board["actions"][-1]["actions"][-1]}), board.error
    return next(e for e in board.practice_found["exercises"] if e["choice"].startswith("red accepts"))


@pytest.mark.parametrize(("page_name", "game", "group", "verdict"), [
    ("practice.ipynb", "Lords of Vegas", "Answer the trade", "The coach's choice"),
    ("es/practice.ipynb", "Lords of Vegas", "Responde al intercambio", "La elección del entrenador")])
def test_a_trade_answered_badly_is_practised(open_lesson: Callable[..., Page], save_screenshot: Shot,
                                             page_name: str, game: str, group: str, verdict: str) -> None:
    exercise = a_trade_answered_badly()
    page = open_lesson(page_name, selector=".vt-practice-root")
    forget_practice(page)
    page.evaluate("([key, e]) => localStorage.setItem(key, JSON.stringify([e]))", [INBOX_KEY, exercise])
    panel = open_practice(page, page.url)
    choose_game(page, game)
    choices = panel.locator(".vt-practice-choices")
    assert choices.locator("optgroup").evaluate_all("els => els.map(e => e.label)") == [group]
    assert choices.locator("option").count() == 3  # the prompt, accept, refuse
    page.locator(".lov-root").wait_for(timeout=UPDATE_TIMEOUT_MS)
    shots(page, save_screenshot, f"practice-trade-{'es' if page_name.startswith('es') else 'en'}-question")
    choices.select_option(value=exercise["best"])
    panel.locator(".vt-practice-answer").click()
    panel.locator("[data-testid=practice-result]").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert panel.locator(".vt-practice-verdict").inner_text().startswith(verdict)
    assert not blocking(violations(page))
    shots(page, save_screenshot, f"practice-trade-{'es' if page_name.startswith('es') else 'en'}-answered")
    forget_practice(page)


def test_one_tab_practises_at_a_time(chromium_browser: Browser, app_server: AppServer,
                                     save_screenshot: Shot) -> None:
    url = f"{app_server.url}voila/render/practice.ipynb"  # type: ignore[attr-defined]
    context = chromium_browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    first, second = context.new_page(), context.new_page()
    try:
        panel = open_practice(first, url)
        forget_practice(first)
        panel = open_practice(first, url)
        answer_first_choice(first, panel)
        kept = first.evaluate("key => localStorage.getItem(key)", DECK_KEY)

        second.goto(url)
        other = second.locator(".vt-practice-root")
        other.locator(".vt-notice-tab").wait_for(timeout=UPDATE_TIMEOUT_MS)
        assert other.get_attribute("data-tab") == "elsewhere"
        assert "Practice is open in another tab of this browser" in other.inner_text()
        assert other.locator(".vt-practice-choices").count() == 0  # nothing to answer here, nothing written
        save_screenshot(second, "practice-second-tab-1024x768")
        assert first.evaluate("key => localStorage.getItem(key)", DECK_KEY) == kept

        other.get_by_role("button", name="Practise here instead").click()
        other.locator(".vt-practice-choices, [data-testid=practice-empty]").first.wait_for(timeout=UPDATE_TIMEOUT_MS)
        assert summary(other) == summary(panel)  # the deck the first tab kept, answer included
        first.wait_for_function("el => el.dataset.tab === 'moved'", arg=panel.element_handle(),
                                timeout=UPDATE_TIMEOUT_MS)
        assert "Practice moved to another tab" in panel.inner_text()
        assert panel.locator(".vt-practice-next").is_disabled()
        answer_first_choice(second, other)
        moved = second.evaluate("key => localStorage.getItem(key)", DECK_KEY)
        assert moved != kept and first.evaluate("key => localStorage.getItem(key)", DECK_KEY) == moved
        forget_practice(second)
    finally:
        for page in (first, second):
            leave_page(page)
        close_context(context)
