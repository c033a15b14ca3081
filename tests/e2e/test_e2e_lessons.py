"""Lesson predictions in a real browser: a board that would answer waits for its questions; the choices are one
labelled radio group; a revealed question can be tried again; progress marks survive a reload; tab titles
name the lesson. Every lesson's questions are answered, with nothing given away before, in
``test_e2e_pages``."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from axe_check import blocking, violations  # beside this file, on the path (conftest)
from test_e2e_pages import answer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

UPDATE_TIMEOUT_MS = 15_000
PAYOUTS = "01.02-payouts-and-ties.ipynb"
PLACING = "01.01-placing-dice.ipynb"
Shot = Callable[["Page", str], Path]


def page_text(page: Page) -> str:
    return " ".join(page.locator("body").inner_text().split())


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
    found = blocking(violations(index))  # the "Continue" link is told apart from its sentence by more than colour
    assert not found, found
    save_screenshot(index, "index-progress")
    assert index.title() == "vegas-tutor: learn three dice games"
    index.get_by_role("link", name="Placing dice: all of one face").first.click()
    index.wait_for_url(f"**/{PLACING}")
