"""Issue 22's board defects as a newcomer met them, in chromium (each failed before its fix): the bid's faces
follow the arrow keys, the show button says what it waits for, a finished game is not offered again, the
counting badges of a big reveal stay off the other dice, a wrong answer can be tried again (a right one
not), and the odds read in words first."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from e2e_app import GAME_KEY_PREFIX, forget_kept_games
from test_e2e_resume import _open, _played, _reload, resume_page  # noqa: F401

from vegas_tutor.resources import lessons_dir

if TYPE_CHECKING:
    from e2e_app import AppServer
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

UPDATE_TIMEOUT_MS = 20_000
PLAY = "02.07-play-a-full-game.ipynb"
ODDS = "02.06-the-odds.ipynb"
CHALLENGES = "02.03-challenges.ipynb"
PLACING = "01.01-placing-dice.ipynb"


def act(page: Page, table: Locator, do: Callable[[], Any]) -> None:
    before = int(table.get_attribute("data-version") or "0")
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[table.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)


def focused_key(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement && document.activeElement.dataset.key"))


def test_the_faces_of_a_bid_follow_the_arrow_keys_before_enter_bids(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(PLAY, selector=".ld-root")
    table = page.locator(".ld-root").first
    table.locator("button.ld-space-legal[tabindex='0']").focus()  # the first numeric space: five faces
    page.keyboard.press("Enter")  # opens the space: the focus goes to its first face
    faces = table.locator(".ld-face-button")
    assert faces.count() >= 3
    keys = [faces.nth(i).get_attribute("data-key") for i in range(faces.count())]
    assert focused_key(page) == keys[0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused_key(page) == keys[2]  # the arrows moved the focus (they did nothing before)
    assert [faces.nth(i).get_attribute("tabindex") for i in range(3)] == ["-1", "-1", "0"]
    page.keyboard.press("ArrowLeft")
    assert focused_key(page) == keys[1]
    wanted = faces.nth(1).get_attribute("aria-label") or ""
    act(page, table, lambda: page.keyboard.press("Enter"))
    bid = wanted.removeprefix("Bid ")
    assert f"You: {bid}" in " ".join(table.locator(".ld-history").inner_text().split())


def test_the_show_button_says_what_it_waits_for(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(PLAY, selector=".ld-root")
    table = page.locator(".ld-root").first
    table.locator("button.ld-space-legal").first.click()
    act(page, table, lambda: table.locator(".ld-face-button").first.click())
    show = table.locator("[data-key=show]")
    show.wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert show.is_disabled() and show.inner_text() == "Tick the dice to show first"  # not "Show 0 and re-roll 5"
    table.locator("[data-key=pick-0]").click()
    assert show.is_enabled() and show.inner_text() == "Show 1 die and re-roll 4 dice"
    for i in range(1, 5):
        table.locator(f"[data-key=pick-{i}]").click()
    assert show.is_disabled() and show.inner_text() == "Leave at least one die in the cup"


def test_a_finished_game_is_not_offered_to_resume(resume_page: Page, app_server: AppServer) -> None:  # noqa: F811
    page = resume_page
    _open(page, app_server)
    forget_kept_games(page)
    board = _reload(page, app_server)
    kept = _played(page, board, 1)

    def keep_as(over: bool) -> None:
        page.evaluate("([prefix, over]) => { const k = Object.keys(localStorage).find(k => k.startsWith(prefix));"
                      " const v = JSON.parse(localStorage.getItem(k)); v.over = over; v.moves = 206; v.record += ' ';"
                      " localStorage.setItem(k, JSON.stringify(v)); }", [GAME_KEY_PREFIX, over])

    keep_as(True)  # as a game played to its end keeps itself
    board = _reload(page, app_server)
    page.wait_for_timeout(500)
    assert board.locator(".vt-notice-offer").count() == 0
    keep_as(False)  # the same game unfinished is offered, as before
    board = _reload(page, app_server)
    board.locator(".vt-notice-offer").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert "Resume your game from move 206?" in board.locator(".vt-notice-offer").inner_text()
    assert json.loads(kept["record"])["game"] == "las_vegas"
    forget_kept_games(page)


@pytest.mark.parametrize("width", [1024, 1366])
def test_the_counting_badges_of_a_big_reveal_stay_off_the_other_dice(open_lesson: Callable[..., Page],
                                                                     width: int) -> None:
    page = open_lesson(CHALLENGES, selector=".vt-prediction")
    page.set_viewport_size({"width": width, "height": 768 if width == 1024 else 900})
    page.emulate_media(reduced_motion="reduce")  # the dice as they rest, not while they are counted in
    card = page.locator(".vt-prediction").first  # the example is shown once its question is answered
    card.locator("label.vt-choice").first.click()
    card.get_by_role("button", name="Reveal the answer").click()
    page.locator(".ld-stepper").first.wait_for(timeout=UPDATE_TIMEOUT_MS)
    table = page.locator(".ld-root").filter(has=page.locator(".ld-stepper")).first
    for _ in range(2):
        act(page, table, lambda: table.get_by_role("button", name="Next step").click())
    assert table.locator(".ld-order").count() >= 10
    overlaps = page.evaluate("""(root) => {
      const box = (el) => el.getBoundingClientRect();
      const cut = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const found = [];
      for (const badge of root.querySelectorAll('.ld-order')) {
        for (const die of root.querySelectorAll('.ld-reveal .ld-die')) {  // every face, its own die's too
          if (cut(box(badge), box(die))) found.push(badge.textContent);
        }
      }
      return found;
    }""", table.element_handle())
    page.set_viewport_size({"width": 1366, "height": 900})
    page.emulate_media(reduced_motion="no-preference")
    assert overlaps == []


def _answer_of(lesson: str, number: int) -> int:
    """The answer index of the lesson's ``number``-th prediction, read from the notebook's source."""
    cells = json.loads((lessons_dir() / lesson).read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        if cell["cell_type"] != "code" or "Prediction(" not in "".join(cell["source"]):
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Prediction":
                found.append(next(k.value.value for k in node.keywords
                                  if k.arg == "answer" and isinstance(k.value, ast.Constant)))
    return int(found[number])


def test_a_wrong_answer_can_be_tried_again_and_a_right_one_is_final(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(PLACING, selector=".vt-prediction")
    card = page.locator(".vt-prediction").nth(1)
    wrong = next(i for i in range(card.locator("label.vt-choice").count()) if i != _answer_of(PLACING, 1))
    card.locator("label.vt-choice").nth(wrong).click()
    card.get_by_role("button", name="Reveal the answer").click()
    status = card.locator(".vt-verdict[role=status]")
    page.wait_for_function("el => el.textContent.startsWith('Not quite')", arg=status.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    again = card.get_by_role("button", name="Try again")
    assert again.is_visible()
    again.click()
    page.wait_for_function("el => el.textContent === ''", arg=status.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    card.locator("label.vt-choice").nth(_answer_of(PLACING, 1)).click()
    card.get_by_role("button", name="Reveal the answer").click()
    page.wait_for_function("el => el.textContent.startsWith('Right!')", arg=status.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    assert card.locator(".vt-again").is_hidden()  # right: nothing left to try again
    assert page.evaluate("(el) => el.contains(document.activeElement)", card.element_handle())


def test_the_liars_dice_odds_lead_with_words(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(ODDS, selector=".ld-whatif")
    table = page.locator(".ld-root").filter(has=page.locator(".ld-whatif")).first
    words = table.locator("[data-key=p-words]")
    words.wait_for(timeout=UPDATE_TIMEOUT_MS)  # before any bid: the odds of the bid the what-if starts from
    said = words.inner_text()
    assert re.fullmatch(r"(about )?\d+ in \d+|almost never|almost certain|never|certain", said), said
    share = table.locator("[data-key=p-true]").inner_text()
    assert re.fullmatch(r"<?>?\d+%", share), share
    assert "standard error" not in table.locator(".ld-odds").inner_text()  # behind the toggle until asked
