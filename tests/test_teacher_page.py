"""The teacher's pages (English and Spanish) and the minutes per lesson (issue 22, items 5 and 10): an answer key
for every prediction, a one-page rules handout per game, a Lords of Vegas session that plays a game, and the
measured minutes on the landing pages, at each lesson's top and on the teacher's page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lesson_nav_tool import nav

from vegas_tutor.tutor.print_layout import print_layout

REPO = Path(__file__).resolve().parent.parent
LESSONS = REPO / "lessons"
LANGUAGES = ("", "es")
"""The lessons' folders: English, then Spanish."""




def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def _tagged(path: Path, tag: str) -> str:
    found = [_source(cell) for cell in _cells(path) if tag in cell.get("metadata", {}).get("tags", [])]
    assert len(found) == 1, f"{path.name}: {len(found)} cells tagged {tag}"
    return found[0]


def _by_id(path: Path, cell_id: str) -> str:
    return next(_source(cell) for cell in _cells(path) if cell.get("id") == cell_id)


def _lessons(folder: str) -> list[Path]:
    return sorted((LESSONS / folder).glob("[0-9][0-9].[0-9][0-9]-*.ipynb"))


def _unescaped(markdown: str) -> str:
    """Markdown's escapes undone, as the page shows the text (``\\\\$`` is a plain dollar on the page)."""
    return re.sub(r"\\(.)", r"\1", markdown.replace("\\\\$", "$"))


@pytest.mark.parametrize("folder", LANGUAGES)
def test_the_answer_key_gives_every_predictions_answer_and_reason(folder: str) -> None:
    key = _unescaped(_tagged(LESSONS / folder / "teacher.ipynb", nav.ANSWERS_TAG))
    assert key.startswith('<div class="vt-sheet vt-answer-key">') and key.rstrip().endswith("</div>")
    asked = 0
    for lesson in _lessons(folder):
        answers = nav.prediction_answers(json.loads(lesson.read_text(encoding="utf-8")))
        for item in answers:
            asked += 1
            assert item.question is not None and item.question in key, f"{lesson.name}: question missing"
            line = next(line for line in key.splitlines() if item.question in line)
            if item.answer is not None:
                assert f"→ **{item.answer}**" in line, f"{lesson.name}: {item.question!r} without its answer"
            if item.explanation is not None:
                assert item.explanation in line, f"{lesson.name}: {item.question!r} without its reason"
    assert asked >= 35  # 39 when this was written
    assert key.count("→") == asked


@pytest.mark.parametrize("folder", LANGUAGES)
def test_each_game_has_a_one_sheet_rules_handout(folder: str) -> None:
    teacher = LESSONS / folder / "teacher.ipynb"
    handouts = [_by_id(teacher, f"teacher-handout-0{game}") for game in (1, 2, 3)]
    for game, handout in zip(("Las Vegas", "(Liar's Dice|dados del mentiroso)", "Lords of Vegas"), handouts,
                             strict=True):
        assert handout.startswith('<div class="vt-sheet vt-handout">') and handout.rstrip().endswith("</div>")
        assert re.search(rf"^## .*{game}", handout, re.M), f"{folder or 'en'}: no {game} handout"
        assert "$" not in handout.replace("\\\\$", ""), "a dollar sign is written \\\\$ (MathJax typesets $…$)"
        assert len(handout.split()) < 480, f"{game}: {len(handout.split())} words do not fit one sheet"


@pytest.mark.parametrize("folder", LANGUAGES)
def test_the_lords_of_vegas_plan_plays_a_game_in_the_class_hour(folder: str) -> None:
    plan = _by_id(LESSONS / folder / "teacher.ipynb", "teacher-02")
    assert plan.startswith('<div class="vt-sheet">')
    lords = plan.split("**Lords of Vegas**")[1]
    rows = re.findall(r"^\| (\d+)–(\d+) \| (.+?) \|", lords, re.M)
    assert rows[0][0] == "0" and int(rows[-1][1]) <= 50
    assert any("03.00-" in row[2] for row in rows) and any("03.04-" in row[2] for row in rows)
    assert re.search(r"short\s+game\s+option|opción\s+de\s+partida\s+corta", lords)


def _minutes() -> dict[str, dict[str, list[int]]]:
    minutes: dict[str, dict[str, list[int]]] = json.loads((REPO / "tools" / "lesson_minutes.json").read_text(
        encoding="utf-8"))["minutes"]
    return minutes


@pytest.mark.parametrize("folder", LANGUAGES)
def test_every_lesson_says_its_measured_minutes_at_its_top_and_on_the_landing_page(folder: str) -> None:
    lang = folder or "en"
    tongue = nav.SPANISH if folder else nav.ENGLISH
    measured = _minutes()[lang]
    landing = "".join(_source(cell) for cell in _cells(LESSONS / folder / "index.ipynb"))
    table = _tagged(LESSONS / folder / "teacher.ipynb", nav.MINUTES_TAG)
    for lesson in _lessons(folder):
        reading, trying = measured[lesson.name[:5]]
        assert reading >= 1 and trying >= 1, f"{lesson.name}: a lesson takes some time to read and to try"
        top = _source(_cells(lesson)[0])
        assert tongue.minutes_line.format(total=reading + trying, reading=reading, trying=trying) in top
        short = tongue.minutes_short.format(total=reading + trying)
        assert f"]({lesson.name}) {short}" in landing, f"{lesson.name}: no minutes on the landing page"
        assert f"]({lesson.name}) | {reading} | {trying} | {reading + trying} |" in table


def test_the_print_layout_keeps_only_the_sheets_each_on_its_own_page() -> None:
    css = print_layout().data
    printed = css.split("@media print", 1)[1]
    assert ".jp-Cell:not(:has(.vt-sheet))" in printed and "display: none" in printed
    assert re.search(r"\.vt-sheet \{\s*break-before: page;", printed)
    for folder in LANGUAGES:
        code = [_source(cell) for cell in _cells(LESSONS / folder / "teacher.ipynb") if cell["cell_type"] == "code"]
        assert any("print_layout()" in source for source in code), f"{folder or 'en'}: no print layout"
