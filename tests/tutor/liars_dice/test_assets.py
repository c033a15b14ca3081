"""The Liar's Dice front end: one self-contained ES module on the shared helpers, scoped CSS, labels."""

from __future__ import annotations

import re

from vegas_tutor.resources import widget_file
from vegas_tutor.tutor.assets import module_source, style_source
from vegas_tutor.tutor.liars_dice import LiarsDiceTable


def test_the_table_module_is_one_self_contained_es_module_on_the_shared_helpers() -> None:
    source = module_source("liars_dice.js")
    assert source.count("export default") == 1
    assert not re.search(r"^\s*import\s", source, re.MULTILINE)
    assert "http://" not in source and "https://" not in source
    assert source.startswith(widget_file("words.js").read_text(encoding="utf-8"))
    assert widget_file("shared.js").read_text(encoding="utf-8") in source
    assert LiarsDiceTable._esm == source
    own = widget_file("liars_dice.js").read_text(encoding="utf-8")
    assert not re.search(r"^function (h|redraw|coalesce|percent|diceWord)\(", own, re.MULTILINE)  # not forked


def test_every_css_rule_is_scoped_under_the_table() -> None:
    css = re.sub(r"/\*.*?\*/", "", style_source("liars_dice.css"), flags=re.DOTALL)
    css = re.sub(r"@media[^{]*\{", "", css)
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{[^{}]*\}", css) for s in block.split(",")]
    assert selectors
    assert [s for s in selectors if s and not s.startswith((".vt-widget", ".ld-root"))] == []


def test_colour_is_never_the_only_signal() -> None:
    css = widget_file("liars_dice.css").read_text(encoding="utf-8")
    for pattern in ("stripes", "dots", "bars"):
        assert f".ld-pat-{pattern}" in css
    js = widget_file("liars_dice.js").read_text(encoding="utf-8")
    for text in ('text: "★"', '"◀ bid"', '"✓ show"', "class: \"ld-order\""):
        assert text in js


def test_controls_carry_aria_labels_and_keys() -> None:
    js = module_source("liars_dice.js")  # what the browser receives: shared.js, then the board's own file
    for label in ("Bid on {space}: {faces}", "Bid {bid}", "Challenge {bid} (key C)", "Keep my cup as it is (key K)",
                  "I bet true (key T)", "Roll the hidden dice", "One hidden die more", "Previous step", "Next step"):
        assert label in js
    assert 'role: "alert"' in js and '"aria-pressed"' in js and '"aria-current"' in js
