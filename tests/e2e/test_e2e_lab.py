"""The strategy labs in a real browser, through the served app: answer the question, run a small match and a
convergence run, and the plotly charts are drawn, with plotly.js from the app itself (nothing off the machine),
on the lab pages only, and axe-core finds no serious violation with the charts on the page. Screenshots at
1366x900 and 1024x768; the render times are printed."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from axe_check import blocking, violations
from e2e_app import resize, watch_requests

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

RUN_TIMEOUT_MS = 90_000
Shot = Callable[["Page", str], Path]
LABS = [
    # lesson, the match to run (tested, rivals, games)
    ("01.07-strategy-lab.ipynb", ("greedy", "random", "100")),
    ("02.08-strategy-lab.ipynb", ("odds", "random", "20")),
    ("03.07-strategy-lab.ipynb", ("medium", "easy", "100")),
]


def reveal(page: Page, card: Locator) -> None:
    """Answer a prediction (its first choice) and reveal it."""
    card.locator("label.vt-choice").first.click()
    button = card.get_by_role("button", name="Reveal the answer")
    page.wait_for_function("el => !el.disabled", arg=button.element_handle(), timeout=15_000)
    button.click()


def run(page: Page, panel: Locator, charts: int) -> float:
    """Press Run in a lab panel and wait until its charts are drawn; the seconds it took."""
    start = time.monotonic()
    panel.get_by_role("button", name="Run").click()
    for k in range(charts):
        chart = panel.locator(".vt-lab-chart").nth(k)
        page.wait_for_function("el => el.dataset.drawn === 'true'", arg=chart.element_handle(),
                               timeout=RUN_TIMEOUT_MS)
        assert chart.locator(".vt-lab-plot svg.main-svg").count() >= 1
        assert chart.locator(".vt-lab-caption").inner_text().strip()
    return time.monotonic() - start


@pytest.mark.parametrize(("lesson", "match"), LABS)
def test_a_lab_runs_and_draws_its_charts_offline(open_lesson: Callable[..., Page], app_server: object,
                                                 save_screenshot: Shot, lesson: str,
                                                 match: tuple[str, str, str]) -> None:
    started = time.monotonic()
    page = open_lesson(lesson, selector=".vt-prediction")
    rendered = time.monotonic() - started
    assert page.evaluate("() => typeof window.Plotly") == "undefined"  # not at page load: when the lab is used
    cards = page.locator(".vt-prediction")
    reveal(page, cards.nth(0))
    panel = page.locator(".vt-revealed .vt-lab").first
    panel.wait_for(timeout=15_000)
    tested, rivals, games = match
    panel.get_by_label("One player plays").select_option(tested)
    panel.get_by_label("against", exact=False).first.select_option(rivals)
    panel.get_by_label("Games").select_option(label=games)
    match_seconds = run(page, panel, charts=2)
    summary = panel.locator("table.vt-table")
    assert tested in summary.inner_text() and "%" in summary.inner_text()
    assert "Done in" in panel.locator(".vt-lab-progress").inner_text()
    assert page.evaluate("() => typeof window.Plotly") == "object"
    assert page.locator("script[data-vt=plotly]").count() == 1  # once per page

    reveal(page, cards.nth(1))
    converge = page.locator(".vt-revealed .vt-lab").nth(1)
    converge.wait_for(timeout=15_000)
    converge_seconds = run(page, converge, charts=1)
    assert page.locator("script[data-vt=plotly]").count() == 1

    foreign = watch_requests(page, app_server.url)  # type: ignore[attr-defined]
    assert foreign == [], foreign
    assert not blocking(violations(page))  # axe-core, WCAG 2.1 A/AA, with the charts drawn
    name = lesson.removesuffix(".ipynb")
    for width, height in ((1366, 900), (1024, 768)):
        resize(page, width, height)
        panel.scroll_into_view_if_needed()
        save_screenshot(page, f"lab-{name}-{width}x{height}")
        converge.scroll_into_view_if_needed()
        save_screenshot(page, f"lab-{name}-convergence-{width}x{height}")
    page.set_viewport_size({"width": 1280, "height": 900})
    print(f"\n{lesson}: page drawn {rendered:.1f} s after the request; match charts {match_seconds:.1f} s; "
          f"convergence chart {converge_seconds:.1f} s")


def test_other_pages_load_no_plotly(open_lesson: Callable[..., Page], app_server: object) -> None:
    page = open_lesson("01.05-the-odds.ipynb")
    assert page.evaluate("() => typeof window.Plotly") == "undefined"
    loaded = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert not [url for url in loaded if "plotly" in url]
