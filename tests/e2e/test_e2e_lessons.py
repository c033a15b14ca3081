"""Every lesson's predictions in a real browser: nothing on the page gives an answer away before its reveal; the
choices are one labelled radio group; a revealed question can be tried again; progress marks survive a reload;
tab titles name the lesson; the glossary and the teacher's page are linked and drawn."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from vegas_tutor.resources import lesson_names, lessons_dir

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

UPDATE_TIMEOUT_MS = 15_000
PAYOUTS = "01.02-payouts-and-ties.ipynb"
PLACING = "01.01-placing-dice.ipynb"
Shot = Callable[["Page", str], Path]


def predictions(lesson: str) -> list[tuple[str, str | None]]:
    """``(question, explanation)`` of each ``Prediction(...)`` in the lesson's code, in page order
    (``None`` for an explanation the lesson computes)."""
    notebook = json.loads((lessons_dir() / lesson).read_text(encoding="utf-8"))
    found: list[tuple[int, int, str, str | None]] = []
    for number, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Prediction":
                question = node.args[0]
                explanation = next((k.value for k in node.keywords if k.arg == "explanation"), None)
                assert isinstance(question, ast.Constant), f"{lesson}: a question the test cannot read"
                words = explanation.value if isinstance(explanation, ast.Constant) else None
                found.append((number, node.lineno, question.value, words))
    return [(question, words) for _, _, question, words in sorted(found)]


WITH_PREDICTIONS = [name for name in lesson_names(lessons_dir()) if predictions(name)]


def page_text(page: Page) -> str:
    return " ".join(page.locator("body").inner_text().split())


def answer(page: Page, card: Locator, choice: int = 0) -> str:
    """Choose a choice by clicking its label, reveal, and return the verdict once Python sent it."""
    card.locator("label.vt-choice").nth(choice).click()
    reveal = card.get_by_role("button", name="Reveal the answer")
    reveal.wait_for(state="visible")
    page.wait_for_function("el => !el.disabled", arg=reveal.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    reveal.click()
    verdict = card.locator(".vt-verdict[role=status]")
    page.wait_for_function("el => el.textContent.trim().length > 0", arg=verdict.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    return verdict.inner_text()


@pytest.mark.parametrize("lesson", WITH_PREDICTIONS)
def test_no_answer_is_on_the_page_until_its_reveal(open_lesson: Callable[..., Page], save_screenshot: Shot,
                                                    lesson: str) -> None:
    asked = predictions(lesson)
    page = open_lesson(lesson, selector=".vt-prediction")
    cards = page.locator(".vt-prediction")
    assert cards.count() == len(asked)
    for number, (_question, explanation) in enumerate(asked):
        card = cards.nth(number)
        if explanation is not None:
            # the reason is the answer in words: absent from the whole page, boards included, until revealed
            assert " ".join(explanation.split()) not in page_text(page), f"{lesson}: answer {number + 1} shows early"
        assert card.locator(".vt-verdict[role=status]").inner_text() == ""
        assert card.locator(".vt-answer").count() == 0
    save_screenshot(page, f"predict-{lesson.removesuffix('.ipynb')}")
    for number, (_question, explanation) in enumerate(asked):
        verdict = answer(page, cards.nth(number))
        assert re.match(r"Right!|Not quite: the answer is", verdict)
        if explanation is not None:
            assert " ".join(explanation.split()) in " ".join(verdict.split())
    page.wait_for_function("() => !document.querySelector('.vt-waiting')", timeout=UPDATE_TIMEOUT_MS)
    save_screenshot(page, f"revealed-{lesson.removesuffix('.ipynb')}")


def test_payouts_show_their_board_only_after_the_four_answers(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(PAYOUTS, selector=".vt-prediction")
    assert page.locator(".lv-root").count() == 0  # no board (its labels would answer) before the reveals
    assert "takes $30k" not in page_text(page) and page.locator("table").count() == 0
    cards = page.locator(".vt-prediction")
    for number in range(cards.count() - 1):
        answer(page, cards.nth(number))
    assert page.locator(".lv-root").count() == 0 and page.locator(".vt-waiting").is_visible()
    answer(page, cards.last)
    board = page.locator(".lv-root").first
    board.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert board.locator(".lv-casino").count() == 6
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0
    assert page.locator("mjx-container").count() == 0  # dollar amounts stay text
    assert "Back under the pile" in page.locator("table").inner_text()
    # trying a question again hides the board until it is answered again
    cards.first.get_by_role("button", name="Try again").click()
    page.locator(".vt-waiting").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert page.locator(".lv-root").count() == 0
    answer(page, cards.first, choice=2)
    board.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert page.title() == "Payouts and ties | vegas-tutor"


def test_choices_are_one_labelled_radio_group_and_a_right_answer_is_final(
    open_lesson: Callable[..., Page], save_screenshot: Shot
) -> None:
    page = open_lesson(PLACING, selector=".vt-prediction")
    card = page.locator(".vt-prediction").first
    group = page.get_by_role("radiogroup", name=re.compile("Benno rolled 3 3 3 3 5"))
    assert group.count() == 1 and group.get_by_role("radio").count() == 4
    reveal = card.get_by_role("button", name="Reveal the answer")
    assert reveal.is_disabled()
    group.get_by_role("radio").first.focus()
    page.keyboard.press("ArrowDown")  # arrows move the choice inside the group
    second = group.get_by_role("radio").nth(1)
    assert second.is_checked() and second.evaluate("el => el === document.activeElement")
    page.wait_for_function("el => !el.disabled", arg=reveal.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    page.keyboard.press("Tab")  # one Tab leaves the group: the next stop is Reveal
    assert reveal.evaluate("el => el === document.activeElement")
    page.keyboard.press("Enter")
    status = card.locator(".vt-verdict[role=status]")
    page.wait_for_function("el => el.textContent.startsWith('Right!')", arg=status.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    assert all(radio.is_disabled() for radio in group.get_by_role("radio").all())
    save_screenshot(page, "prediction-revealed-keyboard")
    assert card.locator(".vt-again").is_hidden()  # a right answer leaves nothing to try again (a wrong one:
    # tests/e2e/test_e2e_newcomer.py)


def test_progress_marks_survive_a_reload_and_the_landing_page_continues_there(
    open_lesson: Callable[..., Page], app_server: object, save_screenshot: Shot
) -> None:
    page = open_lesson(PLACING, selector=".vt-prediction")
    page.evaluate("() => window.localStorage.clear()")
    page.reload()
    page.locator(".vt-progress-line").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert "predictions answered: 0 of 2" in page.locator(".vt-progress-line").inner_text()
    answer(page, page.locator(".vt-prediction").first)
    page.reload()
    page.locator(".vt-progress-line").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert "predictions answered: 1 of 2" in page.locator(".vt-progress-line").inner_text()
    assert page.title() == "Placing dice: all of one face | vegas-tutor"

    index = open_lesson("index.ipynb", selector=".vt-progress h2")
    for _ in range(2):  # and again after a reload
        progress = index.locator(".vt-progress")
        assert "Continue where you left off: Placing dice: all of one face" in progress.inner_text()
        assert "opened 1 of" in progress.inner_text() and "answered 1 of" in progress.inner_text()
        index.reload()
        index.locator(".vt-progress h2").wait_for(timeout=UPDATE_TIMEOUT_MS)
    save_screenshot(index, "index-progress")
    assert index.title() == "vegas-tutor: learn three dice games"
    index.get_by_role("link", name="Placing dice: all of one face").first.click()
    index.wait_for_url(f"**/{PLACING}")


@pytest.mark.parametrize(("name", "title", "text"), [
    ("glossary.ipynb", "Glossary | vegas-tutor", "Perfect bid"),
    ("teacher.ipynb", "For teachers | vegas-tutor", "Warm the Binder image"),
])
def test_glossary_and_teacher_pages(open_lesson: Callable[..., Page], save_screenshot: Shot,
                                    name: str, title: str, text: str) -> None:
    page = open_lesson(name)
    assert page.title() == title and text in page_text(page)
    assert page.get_by_role("link", name="Index").count() >= 1
    save_screenshot(page, f"page-{name.removesuffix('.ipynb')}")
