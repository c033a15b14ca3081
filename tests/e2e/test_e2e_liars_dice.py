"""The Liar's Dice lessons in a real browser: tables drawn, a bid on the track, show and re-roll, a challenge
and its reveal, the odds panel with "place your bet", the simulation and what-if, the stepper, and no hidden
die in what the kernel sends to the page."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from vegas_tutor.resources import lessons_dir

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

LESSONS = sorted(p.name for p in lessons_dir().glob("02.*.ipynb") if not p.name.endswith("-strategy-lab.ipynb"))
"""Every lesson with a table (the strategy lab has charts instead: test_e2e_lab.py)."""
PLAY = "02.07-play-a-full-game.ipynb"
ODDS = "02.06-the-odds.ipynb"
CHALLENGES = "02.03-challenges.ipynb"
UPDATE_TIMEOUT_MS = 15_000

Shot = Callable[["Page", str], Path]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def shoot(table: Locator, name: str) -> None:
    """Save a screenshot of one table (with its side panels) as tests/e2e/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.scroll_into_view_if_needed()
    table.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def version(table: Locator) -> int:
    return int(table.get_attribute("data-version") or "0")


def act(page: Page, table: Locator, do: Callable[[], Any]) -> None:
    """Do something that sends an intent; wait until Python answered and the table was redrawn."""
    before = version(table)
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[table.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)


def open_a_bid(page: Page, table: Locator, space: int = 0) -> None:
    """Bid on a legal track space (the ``space``-th dashed one, or the last), then its first face button."""
    spaces = table.locator("button.ld-space-legal")
    spaces.nth(min(space, spaces.count() - 1)).click()  # opens the space (view only, no message)
    act(page, table, lambda: table.locator(".ld-face-button").first.click())


def until_learner_can_challenge(page: Page, table: Locator, space: int = 0) -> None:
    """Play (bid, keep the cup) until it is the learner's turn with a bid to challenge."""
    for _ in range(10):
        if table.locator("[data-key=challenge]").count():
            return
        if table.locator("[data-key=next-round]").count():
            act(page, table, lambda: table.locator("[data-key=next-round]").click())
        elif table.locator("[data-key=keep]").count():
            act(page, table, lambda: table.locator("[data-key=keep]").click())
        elif table.locator("button.ld-space-legal").count():
            open_a_bid(page, table, space)
        else:
            pytest.fail(f"the learner cannot act: {table.locator('.ld-status').inner_text()}")
    pytest.fail("the learner never got a bid to challenge")


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_liars_dice_lesson_draws_its_tables(open_lesson: Callable[..., Page], save_screenshot: Shot,
                                                  lesson: str) -> None:
    page = open_lesson(lesson, selector=".ld-root")
    table = page.locator(".ld-root").first
    assert table.locator(".ld-cup").count() >= 2
    assert table.locator(".ld-track .ld-space").count() == 30
    assert "Liar's Dice table" in (table.get_attribute("aria-label", timeout=5_000) or "")
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0  # prose and widgets only
    assert page.get_by_role("link", name=re.compile("index", re.IGNORECASE)).count() >= 1
    save_screenshot(page, f"ld-{lesson.removesuffix('.ipynb')}")


def test_bid_show_and_reroll_then_challenge_and_see_the_reveal(open_lesson: Callable[..., Page],
                                                                save_screenshot: Shot) -> None:
    page = open_lesson(PLAY, selector=".ld-root")
    table = page.locator(".ld-root").nth(1)  # the table with the odds panel
    assert "You open" in table.locator(".ld-status").inner_text()
    assert table.locator(".ld-you .ld-die-hidden").count() == 0  # your own dice are drawn face up
    assert table.locator(".ld-cup:not(.ld-you) .ld-die-hidden").count() == 15  # the others' are not

    open_a_bid(page, table)
    assert table.locator(".ld-space-current").count() == 1
    show_box = table.get_by_role("group", name="Show and re-roll")
    assert show_box.is_visible()
    table.locator("[data-key=pick-0]").click()
    assert table.locator("[data-key=pick-0]").get_attribute("aria-pressed") == "true"
    shoot(table, "ld-play-show-choice")
    act(page, table, lambda: table.locator("[data-key=show]").click())
    you = table.locator(".ld-cup.ld-you")
    assert you.locator(".ld-shown .ld-die-wrap").count() == 1  # one die out in view, four re-rolled
    assert "shown:" in (you.get_attribute("aria-label") or "")

    until_learner_can_challenge(page, table)
    odds = table.locator(".ld-odds")
    assert re.search(r"is true: .+ \(([<>]?\d+|0|100)%\)", odds.inner_text())  # the words, then the share
    assert odds.locator(".ld-dist-row.ld-at-bid").count() == 1 or "surely true" in odds.inner_text()
    assert odds.locator(".ld-choices tbody tr").count() >= 2
    shoot(table, "ld-play-odds")
    act(page, table, lambda: table.locator("[data-key=challenge]").click())
    reveal = table.locator(".ld-reveal")
    assert reveal.is_visible()
    assert "challenged" in reveal.inner_text()
    assert reveal.locator(".ld-order").count() == int(reveal.locator(".ld-count-total").inner_text().split()[0])
    assert re.search(r"los(e|es) \d (die|dice)|loses one die", reveal.inner_text())
    shoot(table, "ld-play-reveal")


def test_keep_and_challenge_by_keyboard(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(PLAY, selector=".ld-root")
    table = page.locator(".ld-root").first
    open_a_bid(page, table)
    label = table.get_attribute("aria-label") or ""
    assert "Keys:" in label and "K keeps your cup" in label
    table.focus()
    act(page, table, lambda: page.keyboard.press("k"))
    assert table.locator("[data-key=keep]").count() == 0
    until_learner_can_challenge(page, table)
    table.focus()
    act(page, table, lambda: page.keyboard.press("c"))
    assert "challenged" in table.locator(".ld-reveal").inner_text()
    shoot(table, "ld-keyboard-challenge")
    if table.locator("[data-key=next-round]").count():  # the bots wait while the learner reads the count
        table.focus()
        act(page, table, lambda: page.keyboard.press("n"))
        out = table.locator(".ld-status").inner_text().startswith("You are out")  # watching: each reveal waits
        assert table.locator("[data-key=next-round]").count() == 0 or out


def test_the_stepper_steps_forward_and_back_through_a_challenge(open_lesson: Callable[..., Page],
                                                                save_screenshot: Shot) -> None:
    page = open_lesson(CHALLENGES, selector=".vt-prediction")
    card = page.locator(".vt-prediction").first  # the example stands behind the question it answers
    card.locator("label.vt-choice").first.click()
    card.get_by_role("button", name="Reveal the answer").click()
    page.locator(".ld-stepper").first.wait_for(timeout=UPDATE_TIMEOUT_MS)
    table = page.locator(".ld-root").filter(has=page.locator(".ld-stepper")).first
    assert "Step 1 of 3" in table.locator(".ld-step-count").inner_text()
    act(page, table, lambda: table.get_by_role("button", name="Next step").click())
    table.focus()
    act(page, table, lambda: page.keyboard.press("ArrowRight"))
    assert "Step 3 of 3" in table.locator(".ld-step-count").inner_text()
    reveal = table.locator(".ld-reveal")
    assert "You lose 2 dice" in reveal.inner_text()
    assert reveal.locator(".ld-order").count() == 11
    shoot(table, "ld-stepper-challenge")
    act(page, table, lambda: page.keyboard.press("ArrowLeft"))
    assert "Step 2 of 3" in table.locator(".ld-step-count").inner_text()


def test_place_your_bet_then_the_odds_and_a_simulation_that_converges(open_lesson: Callable[..., Page],
                                                                      save_screenshot: Shot) -> None:
    page = open_lesson(ODDS, selector=".ld-root")
    table = page.locator(".ld-root").filter(has_not=page.locator(".ld-stepper")).first  # bet mode on
    until_learner_can_challenge(page, table, space=10)  # open high enough for a bid worth betting on
    bet = table.get_by_role("group", name="Place your bet")
    assert bet.is_visible() and table.locator(".ld-dist").count() == 0  # no odds before the bet
    act(page, table, lambda: table.get_by_role("button", name="I bet true (key T)").click())
    assert "You bet true" in table.locator(".ld-verdict").inner_text()
    # a bid worth simulating: in what-if mode, raise the imagined bid until it is neither sure nor hopeless
    act(page, table, lambda: table.locator("[data-key=option-what_if]").check())
    for _ in range(15):
        shown = table.locator("[data-key=p-true]").inner_text()
        if re.fullmatch(r"\d+%", shown) and 5 <= int(shown[:-1]) <= 95:
            break
        act(page, table, lambda: table.locator("[data-key=bid-plus]").click())
    act(page, table, lambda: table.locator("[data-key=simulate-1000]").click())
    act(page, table, lambda: table.locator("[data-key=simulate-10000]").click())
    line = table.locator(".ld-sim-line").inner_text()
    simulated, exact = (float(x) for x in re.findall(r"(\d+\.\d)%", line)[::2][:2])
    assert 5 <= exact <= 95 and abs(simulated - exact) < 3.0, line
    assert table.locator(".ld-converge tbody tr").count() == 2
    assert table.locator(".ld-bar-sim").count() >= 3
    shoot(table, "ld-bet-and-simulation")


def test_what_if_changes_the_odds(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(ODDS, selector=".ld-whatif")
    table = page.locator(".ld-root").filter(has=page.locator(".ld-whatif")).first
    until_learner_can_challenge(page, table)
    before = table.locator("[data-key=p-true]").inner_text()
    for _ in range(3):
        act(page, table, lambda: table.locator("[data-key=bid-plus]").click())
    assert "WHAT IF" in table.locator(".ld-odds").inner_text()
    after = table.locator("[data-key=p-true]").inner_text()
    assert after != before or after in ("0%", "<1%")
    act(page, table, lambda: table.locator("[data-key=unknown-plus]").click())
    shoot(table, "ld-what-if")
    act(page, table, lambda: table.locator("[data-key=reset]").click())
    assert "WHAT IF" not in table.locator(".ld-odds").inner_text()


def test_the_page_never_receives_a_hidden_die(chromium_browser: Any, app_server: Any) -> None:
    """Every widget state message the kernel sends: only the viewer's cup carries faces before a reveal."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    try:
        from e2e_app import close_context, open_page

        open_page(page, f"{app_server.url}voila/render/{PLAY}", ".ld-root")
        table = page.locator(".ld-root").first
        open_a_bid(page, table)
        act(page, table, lambda: table.locator("[data-key=keep]").click())
        seen = 0
        for text in frames:
            for match in re.finditer(r'"players": ?(\[.*?\]), ?"viewer"', text):
                for seat in json.loads(match.group(1)):
                    seen += 1
                    assert (seat["own"] is None) != seat["viewer"], seat
        assert seen >= 4
    finally:
        close_context(context)
