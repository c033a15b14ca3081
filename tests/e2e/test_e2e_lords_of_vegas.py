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
    text = odds.inner_text().replace("\u00a0", " ")  # the percentage is held to its words by a no-break space
    assert "Boss takes it whole" in text and "Boss lays off half" in text and "Gambler wins: 4 in 9 (44%)" in text
    assert "Expected: gambler −$0.22, boss +$0.22" in text and "Expected: gambler −$0.22, boss +$0.11" in text
    assert odds.locator(".lov-num").first.get_attribute("title") == "1/5"  # the exact fraction stays behind the words
    assert "Gamble $4 at A1" in text
    shoot(board, "lov-03.03-gamble-odds")
    for _ in range(3):
        act(page, board, lambda: board.get_by_role("button", name="Next step").click())
    assert "Red pays Yellow $4" in board.locator(".lov-narration").inner_text()
    assert page.locator("table.vt-table").count() == 0  # the exact tables answer the questions: they wait
    cards = page.locator(".vt-prediction")
    for number in range(cards.count()):
        reveal_first_choice(page, cards.nth(number))
    page.locator("table.vt-table").nth(1).wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert page.locator("table.vt-table").count() == 2  # exact beside simulated


def reveal_first_choice(page: Page, card: Locator) -> None:
    """Answer one prediction with its first choice and wait for the verdict Python sends."""
    card.locator("label.vt-choice").first.click()
    reveal = card.get_by_role("button", name="Reveal the answer")
    page.wait_for_function("el => !el.disabled", arg=reveal.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    reveal.click()
    verdict = card.locator(".vt-verdict[role=status]")
    page.wait_for_function("el => el.textContent.trim().length > 0", arg=verdict.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)


def until_your_draw(page: Page, board: Locator, name: str) -> None:
    """Press Next (refusing any offer) until the others' turns are shown and it is the learner's draw."""
    for half in range(16):
        if board.get_by_role("button", name="draw", exact=True).count() == 1:
            return
        if board.locator("[data-key=offer-refuse]").count():
            act(page, board, board.locator("[data-key=offer-refuse]").click)
            continue
        nxt = board.locator("[data-key=next]")
        assert re.match(r"Next: (Green|Red|Yellow) (draws a card|plays step 2)", nxt.inner_text())
        act(page, board, nxt.click)
        if half == 0:
            assert "(latest)" in board.locator(".lov-log h4").first.inner_text()
            shoot(board, f"{name}-one-half-turn")
    raise AssertionError("the other players' turns did not come back to the learner")


def test_a_turn_played_by_clicks(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson("03.04-the-end-and-a-full-game.ipynb", selector=".lov-trade")
    check_boards(page)
    board = page.locator(".lov-root").filter(has=page.locator(".lov-trade")).first
    assert "You (blue)" in board.locator(".lov-players").inner_text()
    until_your_draw(page, board, "lov-03.04-start")  # the others' turns half a turn at a time
    act(page, board, lambda: board.get_by_role("button", name="draw", exact=True).click())
    assert "You draw the card" in board.locator(".lov-log").inner_text()
    assert board.get_by_role("button", name="end turn").count() == 1
    shoot(board, "lov-03.04-play-step")
    act(page, board, lambda: board.get_by_role("button", name="end turn").click())
    assert (board.locator(".lov-error").text_content() or "") == ""  # the refusal line is empty
    until_your_draw(page, board, "lov-03.04")
    shoot(board, "lov-03.04-after-bots")


TRADING = "03.05-trading-at-the-table.ipynb"


def table_board(page: Page) -> Locator:
    return page.locator(".lov-root").filter(has=page.locator(".lov-trade")).first


def money(board: Locator) -> list[int]:
    """Each player's money as the board shows it."""
    return [int(re.search(r"\$(\d+)", board.locator(".lov-player").nth(i).get_attribute("aria-label") or "")[1])
            for i in range(board.locator(".lov-player").count())]


def marker(board: Locator, lot: str) -> str:
    return board.locator(f".lov-lot[data-lot={lot}] .lov-marker").inner_text()


def test_trades_at_the_table(open_lesson: Callable[..., Page]) -> None:
    page = open_lesson(TRADING, selector=".lov-trade")
    board = table_board(page)
    board.locator(".lov-trade summary").click()
    partner = board.get_by_role("combobox", name="Trade with")
    partner.select_option(label="Green")
    before = money(board)
    assert before == [24, 18, 11, 15] and marker(board, "C6") == "G"
    # a proposal the engine allows and Green accepts: $14 for Green's lot C6 (next to the casino you boss)
    board.get_by_label("Money you give (you have $24)").fill("14")
    board.get_by_role("checkbox", name="Lot C6").check()
    shoot(board, "lov-03.05-trade-written")
    act(page, board, lambda: board.get_by_role("button", name="Propose this trade to Green").click())
    answer = board.locator(".lov-answer").inner_text()
    assert answer.startswith("Green accepts: by its count it gains $"), answer
    assert money(board) == [before[0] - 14, before[1] + 14, before[2], before[3]]  # what the engine exchanged
    assert marker(board, "C6") == "B"
    assert "Trade: You give $14 and get lot C6 from Green." in board.locator(".lov-log").inner_text()
    assert "★" in board.locator(".lov-lot[data-lot=C6] .lov-lot-head").inner_text()  # changed here
    # a proposal Green refuses, with its reason in one line, changing nothing
    after = money(board)
    board.get_by_label("Money you give (you have $10)").fill("1")
    board.get_by_role("checkbox", name="Lot D7").check()
    act(page, board, lambda: board.get_by_role("button", name="Propose this trade to Green").click())
    answer = board.locator(".lov-answer").inner_text()
    assert re.match(r"Green refuses: by its count it would lose \$\d+ \(it values what it gets at \$1, ",
                    answer), answer
    assert money(board) == after and marker(board, "D7") == "G"
    shoot(board, "lov-03.05-trade-refused")
    # a trade the rules forbid: the engine's reason on the error line
    board.get_by_label("Money you give (you have $10)").fill("30")
    act(page, board, lambda: board.get_by_role("button", name="Propose this trade to Green").click())
    assert "that trade cannot happen: blue has only $10" in board.locator(".lov-error").inner_text()
    assert money(board) == after
    # an offer from a bot: refused, then asked again and accepted
    act(page, board, lambda: board.get_by_role("button", name="Ask the other players for offers").click())
    offer = board.locator(".lov-offer").inner_text()
    found = re.search(r"(Green|Red|Yellow) offers \$(\d+) for your lot (\w+)\.", offer)
    assert found, offer
    who, price, lot = found[1], int(found[2]), found[3]
    seat = ["Blue", "Green", "Red", "Yellow"].index(who)
    shoot(board, "lov-03.05-offer")
    act(page, board, lambda: board.get_by_role("button", name=f"Refuse {who}'s offer").click())
    assert board.locator(".lov-answer").inner_text() == f"You refuse {who}'s offer."
    assert money(board) == after and marker(board, lot) == "B" and board.locator(".lov-offer").count() == 0
    act(page, board, lambda: board.get_by_role("button", name="Ask the other players for offers").click())
    act(page, board, lambda: board.get_by_role("button", name=f"Accept {who}'s offer").click())
    assert board.locator(".lov-answer").inner_text() == f"You accept {who}'s offer."
    expected = list(after)
    expected[0] += price
    expected[seat] -= price
    assert money(board) == expected and marker(board, lot) == who[0]


# Every label of a lot against its die: no overlap, the die inside its lot; every text of the board >= 12 px.
MEASURE_JS = """(root) => {
  const inter = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const overlaps = [], outside = [], small = [];
  let dice = 0;
  for (const lot of root.querySelectorAll('.lov-lot')) {
    const box = lot.getBoundingClientRect();
    const die = lot.querySelector('.lov-die');
    if (!die) continue;
    dice += 1;
    const d = die.getBoundingClientRect();
    if (d.left < box.left - 0.5 || d.right > box.right + 0.5 || d.top < box.top - 0.5 || d.bottom > box.bottom + 0.5)
      outside.push(lot.dataset.lot);
    const labels = '.lov-lot-head > *, .lov-lot-foot > *, .lov-boss, .lov-marker, .lov-tile-code, .lov-here';
    for (const label of lot.querySelectorAll(labels)) {
      if (inter(label.getBoundingClientRect(), d)) overlaps.push(`${lot.dataset.lot}: ${label.className}`);
    }
    for (const part of die.querySelectorAll('.lov-pips, .lov-die-label')) {
      const p = part.getBoundingClientRect();
      if (p.right > box.right + 0.5 || p.bottom > box.bottom + 0.5) {
        outside.push(`${lot.dataset.lot} ${part.className}`);
      }
    }
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let texts = 0;
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('option, [hidden]')) continue;
    texts += 1;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) small.push(`${el.className || el.tagName}: ${size}px "${node.textContent.trim().slice(0, 20)}"`);
  }
  return { dice, texts, overlaps, outside, small };
}"""


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1366, 900)])
def test_the_busy_board_is_readable(open_lesson: Callable[..., Page], width: int, height: int) -> None:
    page = open_lesson(TRADING, selector=".lov-trade")
    page.set_viewport_size({"width": width, "height": height})
    try:
        board = table_board(page)
        board.locator(".lov-trade summary").click()  # the trade panel open too
        page.wait_for_timeout(300)
        found = board.evaluate(MEASURE_JS)
        assert found["dice"] >= 20 and found["texts"] > 200
        assert found["overlaps"] == [], found["overlaps"]
        assert found["outside"] == [], found["outside"]
        assert found["small"] == [], found["small"]
        shoot(board.locator(".lov-middle"), f"lov-03.05-board-{width}x{height}")
        page.screenshot(path=str(SCREENSHOTS / f"lov-03.05-page-{width}x{height}.png"))
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
