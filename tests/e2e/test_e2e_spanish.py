"""The Spanish tutor in a real browser: the landing page offers both languages, a few moves of each game are
played in Spanish, and no English text of the tutor (no message of its catalogues, no English prose) is
anywhere on the page. Every Spanish lesson as first opened is checked the same way in ``test_e2e_pages``."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from axe_check import blocking, violations  # beside this file, on the path (conftest)
from e2e_app import click_soon, resize

from vegas_tutor import i18n, i18n_check
from vegas_tutor.resources import LESSON_NAME, lessons_dir

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

SPANISH = lessons_dir() / "es"
LESSONS = sorted(path.name for path in SPANISH.glob("*.ipynb") if LESSON_NAME.match(path.name))
UPDATE_TIMEOUT_MS = 20_000
Shot = Callable[["Page", str], Path]

KEPT = re.compile(
    r"Lords of Vegas|Liar's Dice|Las Vegas|Die Hard|The Mirage|The Strip|Circus Circus|Golden Nugget|Caesars Palace"
    r"|Sahara|Luxor|vegas-tutor|Voilà|English|plotly|Strip|\b(?:LV|LD|LOV)-[A-Z0-9-]+"
)
"""Names the Spanish pages keep as they are (games, casinos, the project, the link to the English page)."""
ENGLISH_WORDS = re.compile(r"\b(the|you|your|with|which|what|this|that|and|is|are|of|roll|bid|turn)\b",
                           re.IGNORECASE)
"""English words Spanish text never uses ("dice" is Spanish too: "he says")."""


@cache
def english_phrases() -> tuple[str, ...]:
    """Pieces of the tutor's English messages (between their ``{fields}``) that Spanish never shows: two
    words or more, at least 12 characters, different from every Spanish text."""
    spanish = " ".join(form for entry in i18n.catalog("es").values() for form in entry.forms)
    pieces = set()
    for message in i18n_check.source_messages():
        for text in (message.msgid, message.plural or ""):
            for piece in re.split(r"\{[^{}]*\}", text):
                piece = " ".join(piece.split()).strip(" .,:;()…-–—")
                if len(piece) >= 12 and " " in piece and piece not in spanish and not KEPT.fullmatch(piece):
                    pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


@cache
def english_single_words() -> frozenset[str]:
    """The tutor's one-word English messages ("Run", "Undo") that no Spanish text uses as a word: each is
    English wherever it stands on a Spanish page (the phrases above are two words or more)."""
    spanish = {word for entry in i18n.catalog("es").values() for form in entry.forms
               for word in re.findall(r"[^\W\d_]+", form)}
    words = set()
    for message in i18n_check.source_messages():
        word = message.msgid.strip(" .,:;!?…")
        if re.fullmatch(r"[A-Za-z]{3,}", word) and word not in spanish and not KEPT.fullmatch(word):
            words.add(word)
    return frozenset(words)


ATTRIBUTES = ("title", "aria-label", "aria-description", "placeholder", "alt", "data-title")
"""The attributes whose words a learner reads (tooltips) or hears (a screen reader)."""


def attribute_texts(page: Page) -> list[str]:
    """Every text of the page's :data:`ATTRIBUTES` (plotly's toolbar keeps its tooltips in ``data-title``)."""
    texts: list[str] = page.evaluate("""(names) => {
      const out = [];
      for (const el of document.querySelectorAll(names.map((n) => `[${n}]`).join(","))) {
        for (const n of names) { const v = el.getAttribute(n); if (v && v.trim()) out.push(v.trim()); }
      }
      return out;
    }""", list(ATTRIBUTES))
    return texts


def english_in(text: str) -> list[str]:
    """The English in one text: message pieces, English words, and the tutor's one-word English messages."""
    text = " ".join(text.split())
    found = [piece for piece in english_phrases() if piece in text]
    rest = KEPT.sub(" ", text)
    found += [match.group(0) for match in ENGLISH_WORDS.finditer(rest)]
    singles = english_single_words()
    found += [word for word in re.findall(r"[A-Za-z]+", rest) if word in singles]
    return found


def english_on(page: Page) -> list[str]:
    """The English found on the page: in its text, and in its tooltips and labels (:data:`ATTRIBUTES`)."""
    found = english_in(page.locator("body").inner_text())
    for text in attribute_texts(page):
        found += [f"{word} (in “{text[:60]}”)" for word in english_in(text)]
    return found


OVERFLOW_JS = """() => {
  const roots = document.querySelectorAll(
    ".vt-widget, .vt-prediction, .vt-lab, .widget-button, .jp-RenderedHTMLCommon");
  const found = [];
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const style = getComputedStyle(el);
      if (style.display === "inline" || style.display === "none" || el.clientWidth === 0) continue;
      if (["auto", "scroll"].includes(style.overflowX) || el.closest("svg, .vt-lab-plot")) continue;
      if (el.scrollWidth > el.clientWidth + 2) found.push(el);
    }
  }
  // the innermost boxes only: an overflowing box makes all its boxes overflow too
  return [...new Set(found)].filter((el) => !found.some((other) => other !== el && el.contains(other)))
    .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ").join(".")}: `
      + `${el.scrollWidth - el.clientWidth}px over, `
      + `“${(el.innerText || "").trim().replace(/\\s+/g, " ").slice(0, 70)}”`);
}"""
"""Every box of the tutor's widgets and prose whose content is wider than the box (text cut off or spilling out
of its panel); scrolling boxes and the charts' drawings aside."""

SIZES = ((1024, 768), (1366, 900))
"""The screens the tutor is checked at."""


def assert_fits(page: Page, where: str) -> None:
    """At both :data:`SIZES`, no Spanish text is wider than its box (the page is left at the second size)."""
    problems = []
    for width, height in SIZES:
        resize(page, width, height)
        problems += [f"{width}x{height} {box}" for box in page.evaluate(OVERFLOW_JS)]
    assert not problems, f"{where}: text wider than its box: {problems[:8]}"


def assert_spanish(page: Page, where: str, accessible: bool = False) -> None:
    """The page says it is Spanish, shows no English (tooltips and labels included), and (``accessible``)
    passes axe-core as the English do."""
    assert page.locator("html").get_attribute("lang") == "es", where
    found = english_on(page)
    assert not found, f"{where}: English on the page: {found[:12]}"
    if accessible:
        assert not blocking(violations(page)), f"{where}: {blocking(violations(page))}"


def version(board: Locator) -> int:
    return int(board.get_attribute("data-version") or "0")


def act(page: Page, board: Locator, do: Callable[[], Any]) -> None:
    """Do something that sends an intent and wait until Python answered and the board was redrawn."""
    before = version(board)
    do()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[board.element_handle(), before],
                           timeout=UPDATE_TIMEOUT_MS)


def lesson(number: str) -> str:
    return next(name for name in LESSONS if name.startswith(number))


def test_the_landing_pages_offer_both_languages(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson("index.ipynb")
    page.get_by_role("link", name="Español").first.click()
    page.wait_for_url(re.compile(r"/es/index\.ipynb$"))
    page = open_lesson("es/index.ipynb")
    assert_spanish(page, "es/index.ipynb", accessible=True)
    assert page.get_by_role("link", name="English").count() >= 1
    assert page.get_by_role("link", name=re.compile("Colocar dados")).count() >= 1
    save_screenshot(page, "es-index")


def test_las_vegas_played_in_spanish(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(f"es/{lesson('01.06')}", selector=".lv-root")
    board = page.locator(".lv-root").first
    for _ in range(3):
        act(page, board, lambda: board.locator("[data-key=roll]").click())
        act(page, board, lambda: board.locator(".lv-roll-group:not(.lv-roll-absent)").first.click())
    assert board.locator(".lv-log li").count() >= 3
    page.keyboard.press("9")  # a face nobody rolled: a refusal, in Spanish
    save_screenshot(page, "es-las-vegas-played")
    assert_spanish(page, "Las Vegas played", accessible=True)
    assert_fits(page, "Las Vegas played")


def test_liars_dice_played_in_spanish(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(f"es/{lesson('02.07')}", selector=".ld-root")
    table = page.locator(".ld-root").first
    for _ in range(3):
        if table.locator("[data-key=next-round]").count():
            act(page, table, lambda: table.locator("[data-key=next-round]").click())
        elif table.locator("[data-key=keep]").count():
            act(page, table, lambda: table.locator("[data-key=keep]").click())
        elif table.locator("button.ld-space-legal").count():
            table.locator("button.ld-space-legal").first.click()
            act(page, table, lambda: table.locator(".ld-face-button").first.click())
    save_screenshot(page, "es-liars-dice-played")
    assert_spanish(page, "Liar's Dice played", accessible=True)
    assert_fits(page, "Liar's Dice played")


def test_lords_of_vegas_played_in_spanish(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(f"es/{lesson('03.04')}", selector=".lov-trade")
    board = page.locator(".lov-root").filter(has=page.locator(".lov-trade")).first
    tags = set()  # the tag on the card of the player to act: "te toca" on the learner's, "le toca" on a bot's
    for _ in range(6):
        to_act = board.locator(".lov-player.lov-to-act")
        if to_act.count():
            tags.add((to_act.locator("strong").inner_text().startswith("Tú"), to_act.locator(".lov-tag").inner_text()))
        if board.locator("[data-key=offer-refuse]").count():
            act(page, board, board.locator("[data-key=offer-refuse]").click)
        elif board.locator("[data-key=next]").count():
            act(page, board, board.locator("[data-key=next]").click)
        elif board.locator(".lov-actions button:enabled").count():
            act(page, board, board.locator(".lov-actions button:enabled").first.click)
    assert (True, "te toca") in tags and not any(you and tag != "te toca" for you, tag in tags), tags
    board.locator(".lov-trade summary").click()
    save_screenshot(page, "es-lords-of-vegas-played")
    assert_spanish(page, "Lords of Vegas played", accessible=True)
    assert_fits(page, "Lords of Vegas played")


def test_the_coach_s_review_in_spanish(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    """A short Lords of Vegas game with the coach on, to its review: the luck sentence, the chart and every
    player's accuracy in Spanish, at both sizes."""
    page = open_lesson(f"es/{lesson('03.04')}", selector=".lov-trade")
    board = page.locator(".lov-root").filter(has=page.locator(".lov-trade")).first
    act(page, board, lambda: board.locator("[data-key=option-pace]").select_option("all"))
    act(page, board, lambda: board.get_by_role("switch", name="Entrenador").check())
    for _ in range(400):
        if board.locator(".vt-review").count():
            break
        refuse = board.locator("[data-key=offer-refuse]")
        click_soon(page, board, refuse if refuse.count() else board.locator(".lov-actions button.lov-button").first)
    else:
        pytest.fail("the game did not end")
    review = board.locator(".vt-review")
    # every decision judged, the bots' too: the review is drawn again as each one is (the chart with it)
    page.wait_for_function("(el) => !el.querySelector('.vt-review-players').textContent.includes('⏳')",
                           arg=board.element_handle(), timeout=60_000)
    review.locator(".vt-review-chart[data-drawn=true]").wait_for(timeout=60_000)
    review.locator(".vt-review-luck").filter(has_text="los dados").wait_for(timeout=60_000)
    assert "Tus decisiones te costaron" in review.locator(".vt-review-luck").inner_text()
    assert review.locator(".vt-review-players tbody tr").count() == 4
    review.locator(".vt-review-chart").scroll_into_view_if_needed()
    for width, height in SIZES:
        resize(page, width, height)
        review.locator(".vt-review-chart").scroll_into_view_if_needed()
        save_screenshot(page, f"es-coach-review-{width}")
    assert_spanish(page, "the coach's review", accessible=True)
    assert_fits(page, "the coach's review")


def test_plotly_s_toolbar_speaks_spanish(open_lesson: Callable[..., Page]) -> None:
    """The charts' toolbar tooltips (plotly's own words) come in Spanish, from a locale the page registers
    with plotly from the tutor's catalogue: nothing fetched from elsewhere."""
    page = open_lesson(f"es/{lesson('02.08')}", selector=".vt-prediction")
    cards = page.locator(".vt-prediction")
    for k in (0, 1):
        cards.nth(k).locator("label.vt-choice").first.click()
        cards.nth(k).get_by_role("button", name="Ver la respuesta").click()
    converge = page.locator(".vt-revealed .vt-lab").nth(1)
    converge.wait_for(timeout=UPDATE_TIMEOUT_MS)
    converge.get_by_role("button", name="Ejecutar").click()
    chart = converge.locator(".vt-lab-chart").first
    page.wait_for_function("el => el.dataset.drawn === 'true'", arg=chart.element_handle(), timeout=60_000)
    titles = chart.locator(".modebar-btn").evaluate_all("els => els.map((e) => e.getAttribute('data-title'))")
    assert len(titles) >= 4, titles
    spanish = {form for entry in i18n.catalog("es").values() for form in entry.forms}
    assert all(title in spanish for title in titles), titles
    assert "Descargar el gráfico como PNG" in titles and "Restablecer los ejes" in titles
    assert not [found for title in titles for found in english_in(title)]
