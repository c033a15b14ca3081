"""The Las Vegas lessons in a real browser: boards drawn, dice placed by click and by keyboard, the odds
panel updating, scenarios stepped forward and back, what-if edits, predictions, refused moves explained."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from vegas_tutor.resources import lessons_dir

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

LESSONS = sorted(p.name for p in lessons_dir().glob("01.*.ipynb"))
PLAY = "01.06-play-a-full-game.ipynb"
PLACING = "01.01-placing-dice.ipynb"
ODDS = "01.05-the-odds.ipynb"
INTERACTIVE = (PLACING, ODDS, PLAY)
"""Opened by the interaction tests, which check them like the others (fewer page loads, a faster suite)."""
GATED = ("01.02-payouts-and-ties.ipynb",)
"""Lessons whose boards appear only after their predictions are answered (checked in test_e2e_lessons.py)."""
LAB = ("01.07-strategy-lab.ipynb",)
"""The strategy lab has charts, no board (checked in test_e2e_lab.py)."""
UPDATE_TIMEOUT_MS = 15_000
NO_BILL_NOW = "now \N{EN DASH}"

Shot = Callable[["Page", str], Path]


def version(board: Locator) -> int:
    return int(board.get_attribute("data-version") or "0")


def wait_for_update(page: Page, board: Locator, before: int) -> None:
    """Wait until the board was redrawn after Python answered (its synced version went past ``before``)."""
    handle = board.element_handle()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[handle, before],
                           timeout=UPDATE_TIMEOUT_MS)


def dice_of_you(board: Locator) -> int:
    """Dice of the learner on all casinos, read from the casinos' accessible labels."""
    total = 0
    labels = board.locator(".lv-casino").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    for label in labels:
        match = re.search(r"You (\d+) di", label or "")
        total += int(match.group(1)) if match else 0
    return total


def roll(page: Page, board: Locator) -> None:
    before = version(board)
    board.get_by_role("button", name=re.compile(r"^Roll ")).click()
    wait_for_update(page, board, before)
    assert board.locator(".lv-roll-group").count() >= 1


def check_lesson(page: Page, lesson: str, save_screenshot: Shot) -> None:
    """What every Las Vegas lesson shows: boards, prose without code, navigation, money as text."""
    assert page.locator(".lv-root .lv-casino").count() >= 6
    assert page.locator(".lv-root").first.get_attribute("aria-label", timeout=5_000)
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0  # prose and widgets only
    assert page.get_by_role("link", name=re.compile("index", re.IGNORECASE)).count() >= 1
    # dollar amounts stay text: only the odds lesson has a formula
    assert page.locator("mjx-container").count() == (1 if lesson == ODDS else 0)
    save_screenshot(page, f"lv-{lesson.removesuffix('.ipynb')}")


def answer_first_question(page: Page) -> None:
    """Answer the page's first prediction (its first choice) and reveal it: what it keeps back is then shown."""
    card = page.locator(".vt-prediction").first
    card.locator("label.vt-choice").first.click()
    reveal = card.get_by_role("button", name="Reveal the answer")
    page.wait_for_function("el => !el.disabled", arg=reveal.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    reveal.click()


def test_every_lesson_is_opened_by_some_test() -> None:
    assert len(LESSONS) == 8 and set(INTERACTIVE + LAB) <= set(LESSONS)


@pytest.mark.parametrize("lesson", [name for name in LESSONS if name not in INTERACTIVE + GATED + LAB])
def test_every_las_vegas_lesson_draws_its_widgets(open_lesson: Callable[..., Page], save_screenshot: Shot,
                                                  lesson: str) -> None:
    check_lesson(open_lesson(lesson, selector=".lv-root"), lesson, save_screenshot)


def test_play_by_click_and_keyboard_with_the_odds_updating(open_lesson: Callable[..., Page],
                                                           save_screenshot: Shot) -> None:
    page = open_lesson(PLAY, selector=".lv-root")
    check_lesson(page, PLAY, save_screenshot)
    board = page.locator(".lv-root").first
    assert "Your turn: roll" in board.locator(".lv-status").inner_text()
    assert "Roll your dice" in board.locator(".lv-odds").inner_text()
    roll(page, board)
    groups = board.locator(".lv-roll-group:not(.lv-roll-absent)")  # the faces rolled (the others are disabled)
    assert board.locator(".lv-odds-row").count() == groups.count()  # one odds row per face rolled
    assert board.locator(".lv-chances tbody tr").count() == groups.count()
    save_screenshot(page, "lv-play-rolled")

    # by click
    button = groups.first
    label = button.get_attribute("aria-label") or ""
    placed = int(re.search(r": (\d+) di", label).group(1))  # type: ignore[union-attr]
    before = version(board)
    button.click()
    wait_for_update(page, board, before)
    assert dice_of_you(board) == placed
    assert board.locator(".lv-log li").first.inner_text().startswith("You place")
    assert "Roll your dice" in board.locator(".lv-odds").inner_text()

    # by keyboard: R rolls, a number key places that face
    board.focus()
    before = version(board)
    page.keyboard.press("r")
    wait_for_update(page, board, before)
    faces = [int(f) for f in board.locator(".lv-roll-group kbd").all_inner_texts()]
    labels = groups.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    count = int(re.search(r": (\d+) di", labels[-1]).group(1))  # type: ignore[union-attr]
    before = version(board)
    page.keyboard.press(str(faces[-1]))
    wait_for_update(page, board, before)
    assert dice_of_you(board) == placed + count
    save_screenshot(page, "lv-play-placed")

    # an illegal move: the number key of a face not rolled is refused with the engine's reason, nothing changes
    roll(page, board)
    rolled = {int(f) for f in board.locator(".lv-roll-group kbd").all_inner_texts()}
    missing = next(f for f in range(1, 7) if f not in rolled)
    board.focus()
    before = version(board)
    page.keyboard.press(str(missing))
    wait_for_update(page, board, before)
    assert f"no die of the roll shows {missing}" in board.get_by_role("alert").inner_text()
    assert dice_of_you(board) == placed + count and groups.count() == len(rolled)
    save_screenshot(page, "lv-illegal-move")

    # the odds' assumption switched, then the odds hidden
    page.wait_for_function("el => el.querySelector('.lv-odds[data-status=ready]')", arg=board.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    assert "play randomly" in board.locator(".lv-odds .lv-muted").first.inner_text()
    before = version(board)
    board.get_by_role("radio", name="play greedily").check()
    wait_for_update(page, board, before)
    page.wait_for_function("el => el.querySelector('.lv-odds[data-status=ready]')", arg=board.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    assert "play greedily" in board.locator(".lv-odds .lv-muted").first.inner_text()
    assert (board.locator(".lv-error").text_content() or "") == ""  # an accepted intent clears the reason
    before = version(board)
    board.get_by_role("checkbox", name="Show the odds").uncheck()
    wait_for_update(page, board, before)
    assert board.locator(".lv-odds").count() == 0


def test_a_scenario_steps_forward_and_back(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(PLACING, selector=".vt-prediction")
    answer_first_question(page)  # the example stands behind the question it answers
    page.locator(".lv-stepper").first.wait_for(timeout=UPDATE_TIMEOUT_MS)
    check_lesson(page, PLACING, save_screenshot)
    stepper = page.locator(".lv-root").filter(has=page.locator(".lv-stepper")).first
    first = stepper.locator(".lv-narration").inner_text()
    assert stepper.locator(".lv-step-count").inner_text() == "Step 1 of 6"
    assert stepper.get_by_role("button", name="Previous step").is_disabled()
    before = version(stepper)
    stepper.get_by_role("button", name="Next step").click()
    wait_for_update(page, stepper, before)
    assert stepper.locator(".lv-step-count").inner_text() == "Step 2 of 6"
    assert "four 3s and a 5" in stepper.locator(".lv-narration").inner_text()
    assert stepper.locator(".lv-rollbar.lv-hl").count() == 1  # the step's change is highlighted
    before = version(stepper)
    stepper.get_by_role("button", name="Next step").press("Enter")  # keyboard on the focused button
    wait_for_update(page, stepper, before)
    assert stepper.locator(".lv-casino.lv-hl").get_attribute("data-casino") == "3"
    assert stepper.locator(".lv-casino.lv-hl .lv-changed").inner_text() == "★ here"  # not colour alone
    save_screenshot(page, "lv-stepper-step3")
    before = version(stepper)
    stepper.get_by_role("button", name="Previous step").click()
    wait_for_update(page, stepper, before)
    assert stepper.locator(".lv-step-count").inner_text() == "Step 2 of 6"
    stepper.focus()
    before = version(stepper)
    page.keyboard.press("ArrowLeft")
    wait_for_update(page, stepper, before)
    assert stepper.locator(".lv-narration").inner_text() == first


def test_predict_then_reveal_and_what_if(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(ODDS, selector=".lv-outlook")
    check_lesson(page, ODDS, save_screenshot)
    predict_then_reveal(page, save_screenshot)
    board = page.locator(".lv-root").filter(has=page.locator(".lv-outlook")).first
    cell = board.locator(".lv-outlook-table tbody tr").nth(2).locator("td").first  # casino 3, you
    real = cell.inner_text()
    assert NO_BILL_NOW in real  # nobody has dice on The Mirage yet
    before = version(board)
    board.get_by_role("button", name="Add one of your dice to casino 3").click()
    wait_for_update(page, board, before)
    page.wait_for_function("el => el.querySelector('.lv-outlook[data-status=ready]')", arg=board.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    assert re.search(r"now \$\d+k", cell.inner_text())  # one die alone takes the top bill if the round ended now
    assert "WHAT IF" in board.locator(".lv-status").inner_text()
    save_screenshot(page, "lv-what-if")
    before = version(board)
    board.get_by_role("button", name="Back to the real game").click()
    wait_for_update(page, board, before)
    page.wait_for_function("el => el.querySelector('.lv-outlook[data-status=ready]')", arg=board.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    assert cell.inner_text() == real


def predict_then_reveal(page: Page, save_screenshot: Shot) -> None:
    """The odds lesson's question: Reveal waits for a prediction; then the answer and the odds panel appear."""
    board = page.locator(".lv-root").first
    assert board.locator(".lv-odds").count() == 0
    reveal = page.get_by_role("button", name="Reveal the answer")
    assert reveal.is_disabled()
    page.get_by_text("The 3: tie Benno at The Mirage").click()
    reveal.click()
    verdict = page.get_by_role("status").filter(has_text=re.compile("Right|Not quite"))
    verdict.wait_for(timeout=UPDATE_TIMEOUT_MS)  # the answer comes back from the kernel
    assert "The odds count only your own money" in verdict.inner_text()
    board.locator(".lv-odds-row").first.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert board.locator(".lv-odds-row").count() == 2
    save_screenshot(page, "lv-prediction-revealed")
