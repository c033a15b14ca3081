"""The front-end files: found through vegas_tutor.resources, self-contained, scoped, accessible."""

from __future__ import annotations

import re

from vegas_tutor.resources import widget_file
from vegas_tutor.tutor import LasVegasBoard
from vegas_tutor.tutor.assets import module_source, style_source


def test_the_board_module_is_one_self_contained_es_module() -> None:
    source = module_source("las_vegas.js")
    assert source.count("export default") == 1
    assert not re.search(r"^\s*import\s", source, re.MULTILINE)  # no imports: nothing to fetch, no CDN
    assert "http://" not in source and "https://" not in source
    assert source.startswith(widget_file("words.js").read_text(encoding="utf-8"))
    assert widget_file("shared.js").read_text(encoding="utf-8") in source
    assert LasVegasBoard._esm == source


def test_every_css_rule_is_scoped_under_the_widget() -> None:
    css = style_source("las_vegas.css")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    css = re.sub(r"@media[^{]*\{", "", css)
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{[^{}]*\}", css) for s in block.split(",")]
    assert selectors
    unscoped = [s for s in selectors if s and not s.startswith((".vt-widget", ".lv-root"))]
    assert unscoped == []


def test_the_palette_is_okabe_ito_and_each_seat_has_a_pattern() -> None:
    css = style_source("las_vegas.css").lower()
    for colour in ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00"):
        assert colour in css
    for pattern in ("stripes", "dots", "bars", "checks"):
        assert f".lv-pat-{pattern}" in css


def test_controls_carry_aria_labels() -> None:
    js = module_source("las_vegas.js")  # what the browser receives: shared.js, then the board's own file
    labels = ('t("Place the {face}s: {dice}', 't("Roll {what} (key R)"', "t(\"Add one of {name}'s dice",
              "t(\"Take one of {name}'s dice", "Previous step", "Next step", 't("Casino {number}, {name}')
    for label in labels:
        assert label in js
    assert 'role: "alert"' in js
