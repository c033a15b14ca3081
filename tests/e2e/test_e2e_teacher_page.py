"""The teacher's page in a real browser (issue 22, item 10), English and Spanish: printed, it keeps only its
sheets (class plans, answer key, handouts), each from a new page and all of them on paper (not just the first
screen), and each game's rules handout fits one sheet of paper."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

PRINTABLE_WIDTH_PX = 703
"""An A4 sheet's width less 12 mm margins (186 mm), in CSS pixels."""
PRINTABLE_HEIGHT_PX = 964
"""A Letter sheet's height less 12 mm margins (255 mm), the shorter of A4 and Letter."""


@pytest.mark.parametrize("page_name", ["teacher.ipynb", "es/teacher.ipynb"])
def test_printed_the_teacher_page_keeps_its_sheets_and_each_handout_fits_one_page(
    open_lesson: Callable[..., Page], save_screenshot: Callable[[Page, str], Path], page_name: str
) -> None:
    page = open_lesson(page_name)
    viewport = page.viewport_size
    assert page.locator(".vt-handout").count() == 3 and page.locator(".vt-answer-key").count() == 1
    assert page.locator(".vt-answer-key li li").count() >= 35
    page.set_viewport_size({"width": PRINTABLE_WIDTH_PX, "height": PRINTABLE_HEIGHT_PX})
    page.emulate_media(media="print")
    try:
        shown = page.evaluate("""() => [...document.querySelectorAll('.jp-Cell')]
            .filter(cell => getComputedStyle(cell).display !== 'none')
            .map(cell => !!cell.querySelector('.vt-sheet'))""")
        assert shown and all(shown), "printed, the page shows cells that are not sheets"
        heights = page.evaluate("() => [...document.querySelectorAll('.vt-handout')].map(h => h.offsetHeight)")
        for game, height in zip(("Las Vegas", "Liar's Dice", "Lords of Vegas"), heights, strict=True):
            assert height <= PRINTABLE_HEIGHT_PX, f"{page_name}: the {game} handout is {height} px, over one page"
        breaks = page.evaluate("""() => [...document.querySelectorAll('.vt-sheet')]
            .map(sheet => getComputedStyle(sheet).breakBefore)""")
        assert set(breaks) == {"page"}
        save_screenshot(page, f"teacher-print-{page_name.replace('/', '-').removesuffix('.ipynb')}")
        # the printout flows over as many sheets as it needs (Voilà's page scrolls inside one screen), one or
        # more per sheet of the page
        sheets = page.locator(".vt-sheet").count()
        printed = len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format="A4")))
        assert printed >= sheets >= 5, f"{page_name}: {sheets} sheets printed on {printed} pages"
    finally:
        page.emulate_media(media="screen")
        if viewport is not None:
            page.set_viewport_size(viewport)
