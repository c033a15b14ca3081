"""Issue 22.3 in a real browser: the watched round of 01.00 pays on the board, casino by casino. While the
narration pays round 1, every casino keeps its dice (and, until it has paid, its bills) and nobody is called
to roll; only the last step shows round 2's deal."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

LESSON = "01.00-las-vegas-introduction.ipynb"
UPDATE_TIMEOUT_MS = 15_000


def step(page: Page, board: Locator) -> str:
    """Press Next step; the narration of the step shown then."""
    before = int(board.get_attribute("data-version") or "0")
    board.locator("[data-key=step-next]").click()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)
    return board.locator(".lv-stepper").inner_text()


def dice_on_casinos(board: Locator) -> int:
    labels = board.locator(".lv-stack").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    return sum(int(m.group(1)) for label in labels if (m := re.search(r": (\d+) di", label or "")))


def test_the_watched_round_pays_casino_by_casino(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(LESSON, selector=".lv-stepper")
    board = page.locator(".lv-root").filter(has=page.locator(".lv-stepper")).first
    for _turn in range(40):
        if "That was the last die" in step(page, board):
            break
    else:
        pytest.fail("the watched round never reached its last die")
    assert dice_on_casinos(board) == 32 and "Round 1 is over" in board.locator(".lv-status").inner_text()
    assert board.locator(".lv-rollbar").count() == 0 and board.locator(".lv-payout").count() == 0
    for casino in range(1, 7):
        narration = step(page, board)
        assert f"Casino {casino}, " in narration and " pays." in narration
        card = board.locator(f".lv-casino[data-casino='{casino}']")
        assert "lv-hl" in (card.get_attribute("class") or "") and card.locator(".lv-bill-none").count() == 0
        assert dice_on_casinos(board) == 32  # the dice stay while the casinos pay
        assert board.locator(".lv-payout li").count() == casino  # the payout so far, one line a casino
        if casino > 1:
            assert board.locator(".lv-casino[data-casino='1'] .lv-bill-none").count() == 1  # paid: bills gone
    assert "dealt afresh for round 2" in step(page, board)
    assert dice_on_casinos(board) == 0 and "Round 2" in board.locator(".lv-status").inner_text()
    assert "Round 1 has just been paid out" in board.locator(".lv-payout").inner_text()
