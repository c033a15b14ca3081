"""The coach in a real browser, in the three full-game lessons: the Coach switch, a verdict after a decision, the
Hint before one, and at the game's end the review with the costliest decisions, one replayed on the board
(read-only, with the alternatives) and back to the end. Screenshots at 1366x900 and 1024x768."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from e2e_app import click_soon, resize
from playwright.sync_api import TimeoutError as PlaywrightTimeout

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

LAS_VEGAS = "01.06-play-a-full-game.ipynb"
LIARS_DICE = "02.07-play-a-full-game.ipynb"
LORDS_OF_VEGAS = "03.04-the-end-and-a-full-game.ipynb"
UPDATE_TIMEOUT_MS = 20_000
REVIEW_TIMEOUT_MS = 60_000
MAX_CLICKS = 300
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = {"wide": (1366, 900), "small": (1024, 768)}
VERDICT = r"(✓ good|\?! inaccuracy|✗ mistake|○ missed chance)"
"""A verdict as the coach panel writes it."""


def act(page: Page, root: Locator, do: Callable[[], Any]) -> None:
    """Do something that sends an intent; wait until Python answered and the board was redrawn."""
    before = int(root.get_attribute("data-version") or "0")
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[root.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)


def shoot(page: Page, root: Locator, name: str, at: str = ".vt-coach") -> None:
    """The coach panel (or ``at``) in view, at both sizes: tests/e2e/screenshots/coach-<name>-<size>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        resize(page, width, height)
        block = "start" if at != ".vt-coach" else "center"
        page.evaluate("([el, b]) => el.scrollIntoView({block: b})", [root.locator(at).element_handle(), block])
        page.screenshot(path=str(SCREENSHOTS / f"coach-{name}-{size}.png"))
    page.set_viewport_size({"width": 1366, "height": 900})


def switch_coach_on(page: Page, root: Locator) -> None:
    switch = root.get_by_role("switch", name="Coach")
    assert not switch.is_checked()
    act(page, root, lambda: switch.check())
    assert root.locator(".vt-coach-on").count() == 1
    assert "Good: under" in root.locator(".vt-coach-legend").inner_text()


def ask_hint(page: Page, root: Locator) -> str:
    act(page, root, lambda: root.get_by_role("button", name=re.compile(r"^Hint:")).click())
    hint = root.locator(".vt-coach-hint")
    hint.filter(has_text="the coach would").wait_for(timeout=UPDATE_TIMEOUT_MS)
    return hint.inner_text()


def wait_verdict(root: Locator) -> str:
    last = root.locator(".vt-coach-last[data-verdict]")
    last.wait_for(timeout=UPDATE_TIMEOUT_MS)
    return last.inner_text()


def check_review(page: Page, root: Locator, game: str, played: Callable[[], bool]) -> None:
    """The review lists every decision, marks the costliest; one is replayed read-only, then back to the end."""
    review = root.locator(".vt-review")
    review.wait_for(timeout=UPDATE_TIMEOUT_MS)
    page.wait_for_function("(el) => !el.querySelector('.vt-review').textContent.includes('still being judged')",
                           arg=root.element_handle(), timeout=REVIEW_TIMEOUT_MS)
    rows = review.locator(".vt-review-row")
    assert rows.count() >= 2
    assert re.search(r"\d+ decisions; in all .* given up", review.inner_text())
    costly = review.locator(".vt-review-costly")
    assert 1 <= costly.count() <= 3
    assert costly.locator(".vt-costly-tag").first.inner_text().startswith("costliest #")
    players = review.locator(".vt-review-players tbody tr")  # every player's accuracy, bots included
    page.wait_for_function("(el) => !el.querySelector('.vt-review-players').textContent.includes('⏳')",
                           arg=root.element_handle(), timeout=REVIEW_TIMEOUT_MS)
    assert players.count() >= 2 and re.search(r"\d+%", players.first.inner_text())
    luck = review.locator(".vt-review-luck")  # every game's coach counts the chance of winning: luck against skill
    luck.filter(has_text="the dice and the other players").wait_for(timeout=REVIEW_TIMEOUT_MS)
    chart = review.locator(".vt-review-chart[data-drawn=true]")
    chart.wait_for(timeout=REVIEW_TIMEOUT_MS)
    assert chart.locator(".main-svg").count() >= 1 and "chance of winning" in chart.inner_text()
    shoot(page, root, f"{game}-review-chart", at=".vt-review-chart")
    shoot(page, root, f"{game}-review")
    first = costly.filter(has=page.locator(".vt-costly-tag", has_text="costliest #1"))
    chart.evaluate("(el) => { el.dataset.seen = 'before the replay'; }")
    act(page, root, lambda: first.get_by_role("button", name=re.compile(r"^Show decision")).click())
    # the board is drawn again, the chart's figure is the same: plotly's drawing is kept, not made again
    assert root.locator(".vt-review-chart").get_attribute("data-seen") == "before the replay"
    replay = root.locator(".vt-replay")
    assert replay.is_visible() and "read-only" in replay.inner_text()
    assert replay.locator(".vt-alternatives tbody tr").count() >= 2
    assert replay.locator(".vt-alt-best").count() == 1 and replay.locator(".vt-alt-yours").count() == 1
    assert played(), "the replayed position shows the learner's decision to make"
    controls = ":is(button, input):not(.vt-coach *, .vt-coach-banner *)"
    outside = root.locator(controls)
    assert outside.count()
    try:  # read-only: every control outside the coach disabled (the replay may arrive in two redraws)
        page.wait_for_function("([el, sel]) => [...el.querySelectorAll(sel)].every(e => e.disabled)",
                               arg=[root.element_handle(), controls], timeout=UPDATE_TIMEOUT_MS)
    except PlaywrightTimeout:
        enabled = outside.evaluate_all("els => els.filter(e => !e.disabled).map(e => e.outerHTML.slice(0, 120))")
        raise AssertionError(f"controls enabled during the replay: {enabled}") from None
    banner = root.locator(".vt-coach-banner")
    assert "REPLAY" in banner.inner_text() and "read-only" in banner.inner_text()
    shoot(page, root, f"{game}-replay")
    shoot(page, root, f"{game}-replay-board", at=".vt-coach-banner")
    act(page, root, lambda: replay.get_by_role("button", name="Back to the end").click())
    assert root.locator(".vt-replay").count() == 0 and root.locator(".vt-review").count() == 1


def test_las_vegas_coach_hint_verdict_and_review(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(LAS_VEGAS, selector=".lv-root")
    board = page.locator(".lv-root").first
    levels = board.locator(".vt-opponents input[type=radio]").evaluate_all("els => els.map(e => e.value)")
    assert levels[:3] == ["easy", "medium", "hard"]
    switch_coach_on(page, board)
    act(page, board, lambda: board.get_by_role("button", name=re.compile(r"^Roll ")).click())
    hint = ask_hint(page, board)
    assert re.search(r"the coach would place the [1-6]s", hint)
    shoot(page, board, "lv-hint")
    act(page, board, lambda: board.locator("button.lv-roll-group:not([aria-disabled=true])").first.click())
    verdict = wait_verdict(board)
    assert re.search(r"Your last decision, place the [1-6]s: " + VERDICT, verdict)
    shoot(page, board, "lv-verdict")
    for _ in range(MAX_CLICKS):
        if board.locator(".vt-review").count():
            break
        roll = board.get_by_role("button", name=re.compile(r"^Roll "))
        click_soon(page, board, roll if roll.count() else
                   board.locator("button.lv-roll-group:not([aria-disabled=true])").first)
    else:
        pytest.fail("the game did not end")
    assert "The game is over" in board.inner_text()
    check_review(page, board, "lv", lambda: board.locator(".lv-roll-group").count() >= 1)


def test_liars_dice_coach_hint_verdict_and_review(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(LIARS_DICE, selector=".ld-root")
    table = page.locator(".ld-root").first
    levels = table.locator(".vt-opponents input[type=radio]").evaluate_all("els => els.map(e => e.value)")
    assert levels[:3] == ["easy", "medium", "hard"]
    switch_coach_on(page, table)
    hint = ask_hint(page, table)
    assert re.search(r"the coach would bid \w+ ", hint)
    shoot(page, table, "ld-hint")
    table.locator("button.ld-space-legal").first.click()  # opens the space (view only)
    act(page, table, lambda: table.locator(".ld-face-button").first.click())
    verdict = wait_verdict(table)
    assert re.search(r"Your last decision, bid .+: " + VERDICT, verdict)
    shoot(page, table, "ld-verdict")
    for _ in range(MAX_CLICKS):
        if table.locator(".vt-review").count():
            break
        for key in ("challenge", "keep", "skip", "next-round"):
            button = table.locator(f"[data-key={key}]")
            if button.count():
                click_soon(page, table, button)
                break
        else:
            space = table.locator("button.ld-space-legal").first
            if space.count():
                space.click(timeout=3_000)  # opens the space (view only)
                click_soon(page, table, table.locator(".ld-face-button").first)
    else:
        pytest.fail("the game did not end")
    check_review(page, table, "ld", lambda: table.locator("[data-key=challenge], [data-key=keep], "
                                                           "button.ld-space-legal").count() >= 1)


def ask_trade_advice(page: Page, board: Locator) -> None:
    """The trade panel's coach: what to propose now; a proposal it makes is one click away, and judged."""
    panel = board.locator("details.lov-trade")
    if not panel.evaluate("el => el.open"):
        panel.locator("summary").click()
    button = board.locator("[data-key=trade-hint]")
    page.wait_for_function("el => !el.disabled", arg=button.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    act(page, board, lambda: button.click())
    advice = board.locator("[data-testid=trade-advice]").inner_text()
    assert re.match(r"The coach (would propose to \w+: you give .+|sees no trade worth proposing now)", advice), advice
    shoot(page, board, "lov-trade-advice", at="details.lov-trade")
    if board.locator("[data-key=trade-propose-advised]").count():
        act(page, board, lambda: board.locator("[data-key=trade-propose-advised]").click())
        assert "accepts" in board.locator(".lov-answer").inner_text()
        page.wait_for_function("el => (el.querySelector('.vt-coach-last[data-verdict]')?.textContent || '')"
                               ".includes('accept the trade')", arg=board.element_handle(), timeout=UPDATE_TIMEOUT_MS)
        shoot(page, board, "lov-trade-verdict")


def test_lords_of_vegas_coach_hint_verdict_and_review(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(LORDS_OF_VEGAS, selector=".lov-root")
    board = page.locator(".lov-root").filter(has=page.locator(".vt-coach")).first
    levels = board.locator(".vt-opponents input[type=radio]").evaluate_all("els => els.map(e => e.value)")
    assert levels[:3] == ["easy", "medium", "hard"]
    act(page, board, lambda: board.locator("[data-key=option-pace]").select_option("all"))
    switch_coach_on(page, board)
    first_action = board.locator(".lov-actions button.lov-button").first
    for _ in range(20):  # the draw and the dice roll are chance: up to the learner's first decision
        if board.get_by_role("button", name=re.compile(r"^Hint:")).is_enabled():
            break
        click_soon(page, board, first_action)
    hint = ask_hint(page, board)
    assert re.search(r"the coach would \w+", hint)
    shoot(page, board, "lov-hint")
    act(page, board, lambda: first_action.click())
    verdict = wait_verdict(board)
    assert re.search(r"Your last decision, .+: " + VERDICT, verdict)
    shoot(page, board, "lov-verdict")
    ask_trade_advice(page, board)
    for _ in range(MAX_CLICKS):
        if board.locator(".vt-review").count():
            break
        refuse = board.locator("[data-key=offer-refuse]")  # a bot's trade offer waits for an answer
        click_soon(page, board, refuse if refuse.count() else first_action)
    else:
        pytest.fail("the game did not end")
    check_review(page, board, "lov", lambda: board.locator(".lov-actions button.lov-button").count() >= 1)
