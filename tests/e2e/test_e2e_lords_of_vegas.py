"""The Lords of Vegas lessons in a real browser: the 48-lot board drawn in every lesson, a rulebook example
stepped forward and back, the odds panel (next card, gamble both ways), and a turn played by clicks.
Each lesson is opened once."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

UPDATE_TIMEOUT_MS = 15_000
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def shoot(board: Locator, name: str) -> None:
    """Save a screenshot of one board (with its side panels) as tests/e2e/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    board.scroll_into_view_if_needed()
    board.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def act(page: Page, board: Locator, do: Callable[[], Any]) -> None:
    """Do something that sends an intent; wait until Python answered and the board was redrawn."""
    before = int(board.get_attribute("data-version") or "0")
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)


def check_boards(page: Page) -> None:
    """Every board of the page draws the whole printed board, the Strip and the players."""
    boards = page.locator(".lov-root")
    assert boards.count() >= 1
    for i in range(boards.count()):
        board = boards.nth(i)
        assert board.locator(".lov-lot").count() == 48
        assert board.locator(".lov-block").count() == 6 and board.locator(".lov-strip").count() == 1
        assert board.locator(".lov-player").count() >= 2
        assert board.locator(".lov-score-track .lov-space").count() == 29
        assert "Lords of Vegas board" in (board.get_attribute("aria-label") or "")
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0  # prose and widgets only


def stepper_board(page: Page, sid: str) -> Locator:
    return page.locator(".lov-root").filter(has=page.locator(f".lov-stepper[aria-label^='Example {sid}:']")).first


def test_the_introduction_watches_a_turn(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson("03.00-lords-of-vegas-introduction.ipynb", selector=".lov-root")
    check_boards(page)
    board = stepper_board(page, "LOV-WATCH")
    act(page, board, lambda: board.get_by_role("button", name="Next step").click())
    assert "draws" in board.locator(".lov-narration").inner_text()
    assert board.locator(".lov-big-card").count() == 1
    shoot(board, "lov-03.00-watch")


def test_the_draw_lesson_steps_d8_with_the_card_odds(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson("03.01-draw-step-and-payouts.ipynb", selector=".lov-stepper")
    check_boards(page)
    board = stepper_board(page, "LOV-DRAW-D8")
    odds = board.locator(".lov-odds")
    assert "The next card" in odds.inner_text() and "Expected gain from the next card" in odds.inner_text()
    assert odds.locator(".lov-gains tbody tr").count() == 4
    shoot(board, "lov-03.01-d8-before")
    act(page, board, lambda: board.get_by_role("button", name="Next step").click())
    assert "Step 2 of 2" in board.locator(".lov-step-count").inner_text()
    d8 = board.locator(".lov-lot[data-lot=D8]")
    assert d8.locator(".lov-marker").inner_text() == "Y" and "lov-hl" in (d8.get_attribute("class") or "")
    assert "D8" in board.locator(".lov-big-card").inner_text()
    shoot(board, "lov-03.01-d8-after")
    board.focus()
    act(page, board, lambda: page.keyboard.press("ArrowLeft"))
    assert "Step 1 of 2" in board.locator(".lov-step-count").inner_text()


def test_the_building_lesson_shows_casino_outlines(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson("03.02-building-and-growing-casinos.ipynb", selector=".lov-stepper")
    check_boards(page)
    board = stepper_board(page, "LOV-REMODEL")
    act(page, board, lambda: board.get_by_role("button", name="Next step").click())
    assert board.locator(".lov-boss").filter(has_text="Boss Y").count() == 1
    assert board.locator(".lov-lot[data-lot=A2] .lov-die-label").inner_text() == "R2"
    shoot(board, "lov-03.02-remodel")


def test_the_gamble_odds_both_ways(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson("03.03-reorganize-and-gamble.ipynb", selector=".lov-stepper")
    check_boards(page)
    reorg = stepper_board(page, "LOV-REORG")
    assert reorg.locator(".lov-odds").count() == 0  # predict first: the odds wait for the learner
    act(page, reorg, lambda: reorg.locator("[data-key=option-show_odds]").check())
    assert re.search(r"Reorganize A2 \(\$10\)", reorg.locator(".lov-odds").inner_text())
    assert reorg.locator(".lov-reorg tbody tr").count() == 2
    shoot(reorg, "lov-03.03-reorganize-odds")
    board = stepper_board(page, "LOV-GAMBLE")
    act(page, board, lambda: board.get_by_role("checkbox", name="Show the odds").check())
    odds = board.locator(".lov-odds")
    text = odds.inner_text()
    assert "Boss takes it whole" in text and "Boss lays off half" in text and "Gambler wins: 44%" in text
    assert "Gamble $4 at A1" in text
    shoot(board, "lov-03.03-gamble-odds")
    for _ in range(3):
        act(page, board, lambda: board.get_by_role("button", name="Next step").click())
    assert "Red pays Yellow $4" in board.locator(".lov-narration").inner_text()
    assert page.locator("table.vt-table").count() == 2  # exact beside simulated


def test_a_turn_played_by_clicks(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson("03.04-the-end-and-a-full-game.ipynb", selector=".lov-actions")
    check_boards(page)
    board = page.locator(".lov-root").filter(has=page.locator(".lov-actions")).first
    assert "You (blue)" in board.locator(".lov-players").inner_text()
    act(page, board, lambda: board.get_by_role("button", name="draw", exact=True).click())
    assert "Blue draws" in board.locator(".lov-log").inner_text()
    assert board.get_by_role("button", name="end turn").count() == 1
    shoot(board, "lov-03.04-play-step")
    act(page, board, lambda: board.get_by_role("button", name="end turn").click())
    assert (board.locator(".lov-error").text_content() or "") == ""  # the refusal line is empty
    assert board.get_by_role("button", name="draw", exact=True).count() == 1  # the bots played: your draw again
    shoot(board, "lov-03.04-after-bots")
