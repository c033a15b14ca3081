"""The Las Vegas and Liar's Dice boards in a real browser at 1024x768: Undo takes back a decision and never a
roll; New game asks in the page before throwing a game away, and leaving the page mid-game asks too; all six
faces of a Las Vegas roll, the unrolled ones disabled with their reason; R with a roll waiting says why; the
Liar's Dice bid path by keyboard (the track one Tab stop, arrows inside, Enter to the faces); a learner knocked
out sees their own reveal, then watches or skips the rest. Each state is checked by axe-core and shot."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from axe_check import blocking, violations

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

FIRST_STEPS = "01.01-placing-dice.ipynb"
LD_PLAY = "02.07-play-a-full-game.ipynb"
UPDATE_TIMEOUT_MS = 20_000
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


@pytest.fixture
def small(app_page: Page) -> Iterator[None]:
    """A 1024x768 window (a classroom laptop or projector) for the test, then the session's size again."""
    app_page.set_viewport_size({"width": 1024, "height": 768})
    yield
    app_page.set_viewport_size({"width": 1280, "height": 900})


def shoot(board: Locator, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    board.scroll_into_view_if_needed()
    board.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def act(board: Locator, do: Callable[[], Any]) -> None:
    """Do something that sends an intent; wait until Python answered and the board was redrawn."""
    before = int(board.get_attribute("data-version") or "0")
    do()
    board.page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), before],
                                 timeout=UPDATE_TIMEOUT_MS)


def no_blocking_violation(page: Page) -> None:
    found = blocking(violations(page))
    assert not found, found


def leaving_asks(board: Locator) -> bool:
    """Whether leaving the page now would make the browser ask (the board's beforeunload listener cancels the
    event while this is true; a synthetic event is not sent: Voilà's own listener would end the page's kernel)."""
    return board.get_attribute("data-in-progress") == "true"


def smallest_text(board: Locator) -> list[Any]:
    """The smallest font size (px) of any visible text on the board, with that text."""
    return list(board.evaluate("""(root) => {
        let best = [99, ""];
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
          const el = node.parentElement;
          if (!node.textContent.trim() || !el || !el.getClientRects().length) continue;
          const size = parseFloat(getComputedStyle(el).fontSize);
          if (size < best[0]) best = [size, node.textContent.trim().slice(0, 40)];
        }
        return best; }"""))


def focused_key(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-key')"))


# ------------------------------------------------------------------------------------------ Las Vegas
def test_las_vegas_six_faces_undo_and_the_new_game_confirmation(open_lesson: Callable[..., Page], small: None) -> None:
    page = open_lesson(FIRST_STEPS, selector=".lv-root")
    playable = page.evaluate("() => [...document.querySelectorAll('.lv-root')]"
                             ".findIndex((el) => el.querySelector('[data-key=roll]'))")
    board = page.locator(".lv-root").nth(playable)  # the board that takes moves (not a stepper)
    if board.locator("[data-key=fresh]").count():  # a game kept by an earlier run: start fresh
        board.locator("[data-key=fresh]").click()
    error = board.locator(".lv-error")
    assert not leaving_asks(board)  # nothing played yet
    act(board, lambda: board.locator("[data-key=roll]").click())
    faces = board.locator(".lv-roll-group")
    assert faces.count() == 6
    absent = board.locator(".lv-roll-absent[aria-disabled=true]")
    rolled = 6 - absent.count()
    assert 1 <= rolled <= 6
    if absent.count():
        why = absent.first.get_attribute("aria-describedby")
        assert "not in your roll" in board.locator(f"[id='{why}']").inner_text()
        absent.first.focus()  # reachable by keyboard; Enter still asks Python, which says why
        act(board, lambda: page.keyboard.press("Enter"))
        assert "Not allowed" in error.inner_text()
    act(board, lambda: board.press("r"))  # a roll waits: R says why nothing happens
    assert "rolled already" in error.inner_text()
    roll_before = board.locator(".lv-roll-groups").inner_text()
    undo = board.locator("[data-key=undo]")
    assert undo.get_attribute("aria-disabled") == "true"
    assert "never taken back" in board.locator(".vt-undo-note").inner_text()
    shoot(board, "lv-undo-rolled")
    no_blocking_violation(page)
    assert smallest_text(board)[0] >= 12, smallest_text(board)

    act(board, lambda: board.locator(".lv-roll-group:not(.lv-roll-absent)").first.click())
    assert error.inner_text().strip() == ""  # the old error line is gone after an accepted move
    assert undo.get_attribute("aria-disabled") is None and "Takes back your placement" in board.inner_text()
    assert leaving_asks(board)
    act(board, lambda: undo.click())
    assert board.locator(".lv-roll-groups").inner_text() == roll_before  # the same dice: never re-rolled
    assert undo.get_attribute("aria-disabled") == "true"

    new_game = board.locator("[data-key=new-game-small]")
    new_game.click()
    confirm = board.get_by_role("group", name="Start a new game?")
    assert confirm.is_visible() and focused_key(page) == "confirm-keep"
    shoot(board, "lv-new-game-confirm")
    no_blocking_violation(page)
    page.keyboard.press("Enter")  # "No, keep playing": nothing sent, the game stays
    assert confirm.count() == 0 and board.locator(".lv-roll-groups").inner_text() == roll_before
    new_game.click()
    act(board, lambda: board.locator("[data-key=confirm-new]").click())
    assert board.locator("[data-key=roll]").count() == 1 and not leaving_asks(board)
    new_game.click()  # nothing to lose now: no question
    assert board.locator("[data-key=confirm-new]").count() == 0
    act(board, lambda: board.locator("[data-key=roll]").click())
    asked: list[str] = []

    def record(dialog: Any) -> None:
        asked.append(dialog.type)  # the session's page accepts every dialog

    page.on("dialog", record)
    try:
        page.goto("about:blank")  # leaving mid-game: the browser asks first
    finally:
        page.remove_listener("dialog", record)
    assert asked == ["beforeunload"]


# ------------------------------------------------------------------------------------------ Liar's Dice
def tab_to_track(page: Page, table: Locator) -> int:
    """Tab from the table's root to the bid track; the number of presses."""
    table.focus()
    for presses in range(1, 12):
        page.keyboard.press("Tab")
        if (focused_key(page) or "").startswith("space-"):
            return presses
    pytest.fail("the bid track was not reached by Tab")


def test_liars_dice_bid_by_keyboard_undo_and_new_game(open_lesson: Callable[..., Page], small: None) -> None:
    page = open_lesson(LD_PLAY, selector=".ld-root")
    table = page.locator(".ld-root").nth(1)
    legal = table.locator("button.ld-space-legal")
    assert legal.count() == 30 and table.locator("button.ld-space-legal[tabindex='0']").count() == 1
    if table.locator("[data-key=fresh]").count():
        table.locator("[data-key=fresh]").click()
    presses = tab_to_track(page, table)
    assert presses <= 4, presses  # Undo, New game, then the track (the odds panel comes after)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused_key(page) == "space-2" and table.locator("button.ld-space-legal[tabindex='0']").count() == 1
    page.keyboard.press("Enter")  # opens the space; the focus goes to its faces
    assert focused_key(page).startswith("bid-2-")
    page.keyboard.press("Escape")
    assert focused_key(page) == "space-2"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # the faces are one Tab stop too: the arrows move between them
    chosen = focused_key(page)
    assert chosen.startswith("bid-2-") and table.locator(".ld-face-button[tabindex='0']").count() == 1
    act(table, lambda: page.keyboard.press("Enter"))
    quantity, face = chosen.split("-")[1:]
    assert table.locator(".ld-history li").first.inner_text().endswith("(current)")
    assert table.locator("[data-key=keep]").count() == 1  # your own bid: show or keep
    assert table.locator(".ld-bet").count() == 0
    act(table, lambda: table.press("k"))
    undo = table.locator("[data-key=undo]")
    assert table.locator(".ld-reveal-fresh").count() == 0  # the lesson's seeded bots raise: the round goes on
    assert undo.get_attribute("aria-disabled") is None and "keeping your cup" in table.inner_text()
    act(table, lambda: undo.click())
    assert table.locator("[data-key=keep]").count() == 1  # back to the show choice
    act(table, lambda: table.press("u"))
    assert table.locator(".ld-history").count() == 0 and "You open" in table.locator(".ld-status").inner_text()
    assert table.locator("[data-key=challenge]").count() == 0
    shoot(table, "ld-undo-back-to-open")
    assert smallest_text(table)[0] >= 12, smallest_text(table)  # the odds panel and the track included

    # the challenge comes before the track in the Tab order once there is a bid to challenge
    open_space = table.locator("button.ld-space-legal").first
    open_space.click()
    act(table, lambda: table.locator(".ld-face-button").first.click())
    act(table, lambda: table.locator("[data-key=keep]").click())
    if table.locator("[data-key=challenge]").count():
        before_track = page.evaluate(  # found in one go: the table may redraw between two handles
            "(root) => { const c = root.querySelector('[data-key=challenge]'), t = root.querySelector('.ld-track');"
            " return !c || Boolean(t && (c.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)); }",
            table.element_handle())
        assert before_track
    assert leaving_asks(table)
    table.locator("[data-key=new-game-small]").click()
    assert table.get_by_role("group", name="Start a new game?").is_visible()
    shoot(table, "ld-new-game-confirm")
    no_blocking_violation(page)
    act(table, lambda: table.locator("[data-key=confirm-new]").click())
    assert "You open" in table.locator(".ld-status").inner_text() and not leaving_asks(table)
    assert quantity and face


def test_liars_dice_knocked_out_learner_sees_their_reveal(open_lesson: Callable[..., Page], small: None) -> None:
    page = open_lesson(LD_PLAY, selector=".ld-root")
    table = page.locator(".ld-root").nth(1)
    if table.locator("[data-key=fresh]").count():
        table.locator("[data-key=fresh]").click()
    table.locator("button.ld-space-legal").last.click()  # twenty 6s: false by far, you lose all five dice
    act(table, lambda: table.locator(".ld-face-button").last.click())
    if table.locator("[data-key=keep]").count():
        act(table, lambda: table.locator("[data-key=keep]").click())
    for _ in range(5):  # the bots may raise a little before one challenges
        if table.locator(".ld-reveal-fresh").count() or not table.locator("[data-key=challenge]").count():
            break
        act(table, lambda: table.locator("[data-key=challenge]").click())
    reveal = table.locator(".ld-reveal")
    assert "Out of the game: You" in reveal.inner_text() or "You lose" in reveal.inner_text()
    status = table.locator(".ld-status").inner_text()
    assert status.startswith("You are out of the game"), status
    assert re.search(r"challenged your", reveal.inner_text())  # your own losing reveal, not the bots'
    assert table.locator("[data-key=next-round]").inner_text().startswith("Continue")
    shoot(table, "ld-knocked-out-reveal")
    no_blocking_violation(page)
    assert smallest_text(table)[0] >= 12, smallest_text(table)
    assert not leaving_asks(table)  # out of the game: nothing to lose
    act(table, lambda: table.locator("[data-key=next-round]").click())  # watch one round of the bots
    if not table.locator(".ld-status").inner_text().startswith("The game is over"):
        assert table.locator("[data-key=skip]").count() == 1
        act(table, lambda: table.locator("[data-key=skip]").click())
    assert table.locator(".ld-status").inner_text().startswith("The game is over")
    shoot(table, "ld-knocked-out-end")
