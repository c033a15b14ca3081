"""The Spanish tutor in a real browser: the landing page offers both languages, every Spanish lesson draws with
Spanish board text, a few moves of each game are played in Spanish, and no English text of the tutor (no
message of its catalogues, no English prose) is anywhere on the page."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from vegas_tutor import i18n
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
    for message in i18n.source_messages():
        for text in (message.msgid, message.plural or ""):
            for piece in re.split(r"\{[^{}]*\}", text):
                piece = " ".join(piece.split()).strip(" .,:;()…-–—")
                if len(piece) >= 12 and " " in piece and piece not in spanish and not KEPT.fullmatch(piece):
                    pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


def english_on(page: Page) -> list[str]:
    """The English found on the page: message pieces, and English words in what remains."""
    text = " ".join(page.locator("body").inner_text().split())
    found = [piece for piece in english_phrases() if piece in text]
    rest = KEPT.sub(" ", text)
    found += [match.group(0) for match in ENGLISH_WORDS.finditer(rest)]
    return found


def assert_spanish(page: Page, where: str, accessible: bool = False) -> None:
    """The page says it is Spanish, shows no English, and (``accessible``) passes axe-core as the English do."""
    assert page.locator("html").get_attribute("lang") == "es", where
    found = english_on(page)
    assert not found, f"{where}: English on the page: {found[:12]}"
    if accessible:
        from test_e2e_accessibility import blocking, violations  # beside this file, on the path (conftest)

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


@pytest.mark.parametrize("name", LESSONS)
def test_every_spanish_lesson_draws_in_spanish(open_lesson: Callable[..., Page], name: str) -> None:
    page = open_lesson(f"es/{name}")
    assert page.title().endswith("| vegas-tutor")
    assert page.get_by_role("link", name="English").count() >= 1
    assert page.get_by_role("link", name="Índice").count() >= 1
    assert_spanish(page, name)


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


def test_lords_of_vegas_played_in_spanish(open_lesson: Callable[..., Page], save_screenshot: Shot) -> None:
    page = open_lesson(f"es/{lesson('03.04')}", selector=".lov-trade")
    board = page.locator(".lov-root").filter(has=page.locator(".lov-trade")).first
    for _ in range(6):
        if board.locator("[data-key=offer-refuse]").count():
            act(page, board, board.locator("[data-key=offer-refuse]").click)
        elif board.locator("[data-key=next]").count():
            act(page, board, board.locator("[data-key=next]").click)
        elif board.locator(".lov-actions button:enabled").count():
            act(page, board, board.locator(".lov-actions button:enabled").first.click)
    board.locator(".lov-trade summary").click()
    save_screenshot(page, "es-lords-of-vegas-played")
    assert_spanish(page, "Lords of Vegas played", accessible=True)
