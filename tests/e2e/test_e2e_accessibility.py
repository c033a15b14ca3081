"""An automated accessibility check of every page the app serves: axe-core (the ``axe.min.js`` that the
``axe-playwright-python`` package ships, from the test extra) is injected into the rendered page and run with
the WCAG 2.1 A/AA rules; no page may have a serious or critical violation.

Each page is checked after its widgets are drawn; a board is checked as the learner first sees it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any

import pytest

from vegas_tutor.resources import lessons_dir

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

PAGES = sorted(p.name for p in lessons_dir().glob("*.ipynb"))
BLOCKING = ("serious", "critical")
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
         "resultTypes": ["violations"]}


def axe_script() -> str:
    """axe-core's browser script, as the axe-playwright-python package ships it."""
    return resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (rule, impact, help, the first few elements)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script())
    found = page.evaluate("(options) => axe.run(document, options).then((r) => r.violations)", RULES)
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [", ".join(n["target"]) + " :: " + n.get("failureSummary", "").replace("\n", " ")[:200]
                       for n in v["nodes"][:4]], "count": len(v["nodes"])} for v in found]


def blocking(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in found if v["impact"] in BLOCKING]


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_or_critical_violation(open_lesson: Callable[..., Page], name: str) -> None:
    page = open_lesson(name)
    found = violations(page)
    assert not blocking(found), json.dumps(blocking(found), indent=1)
