"""The automated accessibility check the browser tests run: axe-core (the ``axe.min.js`` that the
``axe-playwright-python`` package ships, from the test extra) injected into a rendered page and run with the
WCAG 2.1 A/AA rules; a serious or critical violation fails (every page: ``test_e2e_pages``; boards after moves:
the game modules)."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

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
