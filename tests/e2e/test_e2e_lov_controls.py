"""The Lords of Vegas board's controls in a real browser (issue 22.6-22.8): the actions, Undo, the coach and the
trades stand beside the board at 1366x900 and within the board's height at 1024x768 (before, the main Next was
1,112 px below the board's top at 1024 and every action needed a scroll); Undo takes a build back and refuses a
card drawn; the lesson's board plays the short game."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

LESSON = "03.04-the-end-and-a-full-game.ipynb"
UPDATE_TIMEOUT_MS = 20_000
SIZES = {"wide": (1366, 900), "small": (1024, 768)}
CONTROLS = {"next or actions": ".lov-side .lov-pace", "actions": ".lov-actions",
            "end turn": "[data-key='act:end turn']", "undo": "[data-key=undo]", "coach": ".vt-coach",
            "trades": ".lov-trade"}
BOXES = """([root, selectors]) => {
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom};
  };
  root.querySelector('.lov-status').scrollIntoView({block: 'nearest'});
  const out = {board: box(root.querySelector('.lov-board'))};
  for (const [name, sel] of Object.entries(selectors)) {
    const el = root.querySelector(sel);
    out[name] = el ? box(el) : null;
  }
  return out;
}"""


def act(page: Page, board: Locator, do: Callable[[], Any]) -> None:
    """Do something that sends an intent; wait until Python answered, the odds and the coach followed (a
    busy machine redraws the board once more for each of them) and the board was redrawn."""
    before = int(board.get_attribute("data-version") or "0")
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v && el.dataset.updating === 'false'",
                           arg=[board.element_handle(), before], timeout=UPDATE_TIMEOUT_MS)


def to_your_step_two(page: Page, board: Locator) -> None:
    """Press Next (refusing offers) until the learner may draw, then draw: the learner's actions are offered."""
    for _half in range(20):
        if board.locator("[data-key='act:draw']").count():
            break
        if board.locator("[data-key=offer-refuse]").count():
            act(page, board, board.locator("[data-key=offer-refuse]").click)
        else:
            act(page, board, board.locator("[data-key=next]").click)
    act(page, board, board.locator("[data-key='act:draw']").click)
    assert board.locator("[data-key='act:end turn']").count() == 1


@pytest.fixture
def sized(app_page: Page) -> Iterator[Callable[[str], None]]:
    """``sized(name)`` sets the tab to one of SIZES; the session's size comes back after the test."""
    before = app_page.viewport_size
    yield lambda name: app_page.set_viewport_size({"width": SIZES[name][0], "height": SIZES[name][1]})
    if before:
        app_page.set_viewport_size(before)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_controls_stand_beside_the_board(open_lesson: Callable[..., Page], sized: Callable[[str], None],
                                             size: str) -> None:
    sized(size)
    page = open_lesson(LESSON, selector=".lov-trade")
    board = page.locator(".lov-root").filter(has=page.locator(".lov-trade")).first
    to_your_step_two(page, board)
    boxes = page.evaluate(BOXES, [board.element_handle(), CONTROLS])  # scrolled and measured in one step
    lots = boxes["board"]
    for name in CONTROLS:
        control = boxes[name]
        assert control is not None, name
        assert control["left"] >= lots["right"], (size, name, control, lots)  # beside the board, not under it
        assert control["top"] < lots["bottom"], (size, name, control, lots)  # reached before the board ends
    end_turn = boxes["end turn"]
    assert end_turn["top"] - lots["top"] < SIZES[size][1] - 100  # on the screen with the board's top
    label = board.locator("label.lov-short").inner_text()
    assert "Short game: the Game End card halfway down the deck" in label and "this game is a short game" in label
    assert board.locator("[data-key=option-short_game]").is_checked()
    assert re.search(r"\d+ lot cards? before the Game End card", board.locator(".lov-info").inner_text())


def test_undo_takes_back_a_build_and_never_the_card(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(LESSON, selector=".lov-trade")
    board = page.locator(".lov-root").filter(has=page.locator(".lov-trade")).first
    to_your_step_two(page, board)
    undo = board.locator("[data-key=undo]")
    assert undo.get_attribute("aria-disabled") == "true"
    assert "a card drawn is never taken back" in board.locator(".vt-undo-note").inner_text()
    money = board.locator(".lov-player").first.get_attribute("aria-label")
    builds = board.locator("select[data-key='select:build']")
    if builds.count():
        action = builds.input_value()
        act(page, board, board.locator("[data-key='play:build']").click)
    else:  # (few builds: each is its own button)
        button = board.locator(".lov-actions button[data-key^='act:build']").first
        action = (button.get_attribute("data-key") or "")[len("act:"):]
        act(page, board, button.click)
    assert f"Takes back “{action}”." in board.locator(".vt-undo-note").inner_text()
    assert board.locator(".lov-player").first.get_attribute("aria-label") != money  # the build was paid
    act(page, board, undo.click)
    assert board.locator(".lov-player").first.get_attribute("aria-label") == money
    assert undo.get_attribute("aria-disabled") == "true" and board.locator("[data-key='act:end turn']").count() == 1
    assert "a card drawn is never taken back" in board.locator(".vt-undo-note").inner_text()
    version = board.get_attribute("data-version")
    board.press("u")  # U with nothing to undo: nothing is sent, nothing changes
    page.wait_for_timeout(300)
    assert board.get_attribute("data-version") == version
    assert board.locator(".lov-player").first.get_attribute("aria-label") == money
