"""tools/lesson_nav.py: the landing page and the lessons' navigation cells."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lesson_nav_tool import nav


def _lesson(folder: Path, name: str, first_markdown: str, outputs: bool = False) -> Path:
    code: dict[str, Any] = {
        "cell_type": "code", "id": "code-1", "metadata": {}, "source": ["1 + 1"],
        "execution_count": 3 if outputs else None,
        "outputs": [{"output_type": "execute_result", "execution_count": 3, "metadata": {},
                     "data": {"text/plain": ["2"]}}] if outputs else [],
    }
    notebook = {
        "cells": [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": [first_markdown]}, code],
        "metadata": nav.NOTEBOOK_METADATA, "nbformat": 4, "nbformat_minor": 5,
    }
    path = folder / name
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    intro = "# Las Vegas in ten minutes\n\nThe goal and a whole round.\n"
    _lesson(tmp_path, "01.00-introduction.ipynb", intro)
    placing = "# Placing dice\nAll dice of one face,\nnever a subset.\n\nMore."
    _lesson(tmp_path, "01.01-placing-dice.ipynb", placing, outputs=True)
    _lesson(tmp_path, "02.00-introduction.ipynb", "# Liar's Dice\n")
    return tmp_path


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _text(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def test_index_lists_each_games_lessons_by_first_heading_with_summary(lessons: Path) -> None:
    assert nav.main(["--lessons", str(lessons)]) == 0
    cells = _cells(lessons / "index.ipynb")
    assert [cell["cell_type"] for cell in cells].count("code") == 1  # the progress summary
    text = "\n".join(_text(cell) for cell in cells if cell["cell_type"] == "markdown")
    assert "- [Las Vegas in ten minutes](01.00-introduction.ipynb): The goal and a whole round." in text
    assert "- [Placing dice](01.01-placing-dice.ipynb): All dice of one face, never a subset." in text
    assert "- [Liar's Dice](02.00-introduction.ipynb)\n" in text + "\n"
    assert "## 03 Lords of Vegas" in text and "*No Lords of Vegas lessons yet.*" in text
    assert "No Las Vegas lessons yet" not in text


def test_every_lesson_gets_prev_index_next_as_first_and_last_cell(lessons: Path) -> None:
    nav.main(["--lessons", str(lessons)])
    names = ("01.00-introduction.ipynb", "01.01-placing-dice.ipynb", "02.00-introduction.ipynb")
    first, middle, last = (_cells(lessons / name) for name in names)
    glossary = "[Glossary](glossary.ipynb)"
    assert _text(first[0]) == f"[Index](index.ipynb) | {glossary} | [Placing dice >](01.01-placing-dice.ipynb)"
    assert _text(middle[0]) == (
        f"[< Las Vegas in ten minutes](01.00-introduction.ipynb) | [Index](index.ipynb) | {glossary}"
        " | [Liar's Dice >](02.00-introduction.ipynb)"
    )
    assert _text(last[-1]) == f"[< Placing dice](01.01-placing-dice.ipynb) | [Index](index.ipynb) | {glossary}"
    for cells in (first, middle, last):
        assert _text(cells[0]) == _text(cells[-1])
        assert cells[0]["metadata"]["tags"] == [nav.NAV_TAG] == cells[-1]["metadata"]["tags"]
        assert [cell["id"] for cell in cells[1:-1]] == ["lesson-progress", "title", "code-1"]
        assert cells[1]["metadata"]["tags"] == [nav.NAV_TAG] and "LessonProgress(predictions=0)" in _text(cells[1])


def test_written_notebooks_have_no_outputs_and_are_valid_nbformat(lessons: Path) -> None:
    import nbformat

    nav.main(["--lessons", str(lessons)])
    code = _cells(lessons / "01.01-placing-dice.ipynb")[3]
    assert code["outputs"] == [] and code["execution_count"] is None
    for path in lessons.glob("*.ipynb"):
        nbformat.validate(nbformat.read(path, as_version=4))


def test_rerun_replaces_navigation_instead_of_stacking_it_and_changes_nothing_else(
    lessons: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nav.main(["--lessons", str(lessons)])
    before = {path: path.read_text() for path in lessons.glob("*.ipynb")}
    capsys.readouterr()
    assert nav.main(["--lessons", str(lessons)]) == 0
    assert capsys.readouterr().out == ""
    assert {path: path.read_text() for path in lessons.glob("*.ipynb")} == before
    assert nav.main(["--lessons", str(lessons), "--check"]) == 0


def test_a_new_lesson_is_linked_after_a_rerun_and_check_reports_it_until_then(
    lessons: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nav.main(["--lessons", str(lessons)])
    _lesson(lessons, "01.02-payouts-and-ties.ipynb", "# Payouts and ties\n\nTies cancel.\n")
    assert nav.main(["--lessons", str(lessons), "--check"]) == 1
    err = capsys.readouterr().err
    assert "index.ipynb" in err and "01.02-payouts-and-ties.ipynb" in err and "01.01-placing-dice" in err
    nav.main(["--lessons", str(lessons)])
    assert "[Payouts and ties >](01.02-payouts-and-ties.ipynb)" in _text(
        _cells(lessons / "01.01-placing-dice.ipynb")[0])
    assert "[Payouts and ties](01.02-payouts-and-ties.ipynb): Ties cancel." in _text(
        _cells(lessons / "index.ipynb")[2])


@pytest.mark.parametrize(
    ("name", "first_markdown", "message"),
    [
        ("01.03-no-heading.ipynb", "Just prose.", "must open with a '# Title' heading"),
        ("1.3-bad-name.ipynb", "# Title", "lesson names look like"),
        ("01.03-Upper-Case.ipynb", "# Title", "lesson names look like"),
    ],
)
def test_a_lesson_breaking_the_conventions_is_refused_and_nothing_is_written(
    lessons: Path, name: str, first_markdown: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _lesson(lessons, name, first_markdown)
    assert nav.main(["--lessons", str(lessons)]) == 2
    assert message in capsys.readouterr().err
    assert not (lessons / "index.ipynb").exists()


def test_a_corrupt_notebook_is_refused(lessons: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (lessons / "01.05-broken.ipynb").write_text("{not json", encoding="utf-8")
    assert nav.main(["--lessons", str(lessons)]) == 2
    assert "01.05-broken.ipynb: not a readable notebook" in capsys.readouterr().err


def test_the_committed_lessons_are_up_to_date_with_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    status = nav.main(["--check"])
    assert status == 0, capsys.readouterr().err


def test_titles_name_the_page_in_the_notebook_metadata(lessons: Path) -> None:
    nav.main(["--lessons", str(lessons)])
    title = json.loads((lessons / "01.01-placing-dice.ipynb").read_text())["metadata"]["title"]
    assert title == "Placing dice | vegas-tutor"
    assert json.loads((lessons / "index.ipynb").read_text())["metadata"]["title"].startswith("vegas-tutor")


def _with_predictions(folder: Path) -> None:
    path = folder / "01.01-placing-dice.ipynb"
    notebook = json.loads(path.read_text())
    notebook["cells"].append({
        "cell_type": "code", "id": "q", "metadata": {}, "outputs": [], "execution_count": None,
        "source": ['Prediction(\n    "Which *move* is allowed? "\n    "Say $5.",\n',
                   '    ["a", "b"], answer=0, explanation="")\n',
                   "x = Prediction('Second?', ['a', 'b'], answer=1, explanation='')\n"],
    })
    path.write_text(json.dumps(notebook))


def test_predictions_are_counted_for_the_progress_line_and_listed_for_the_teacher(lessons: Path) -> None:
    _with_predictions(lessons)
    teacher = {
        "cells": [
            {"cell_type": "markdown", "id": "t", "metadata": {}, "source": ["# For teachers\n\nA plan.\n"]},
            {"cell_type": "markdown", "id": "generated", "metadata": {"tags": [nav.PREDICTIONS_TAG]},
             "source": ["old"]},
        ],
        "metadata": nav.NOTEBOOK_METADATA, "nbformat": 4, "nbformat_minor": 5,
    }
    (lessons / "teacher.ipynb").write_text(json.dumps(teacher))
    assert nav.main(["--lessons", str(lessons)]) == 0
    assert "LessonProgress(predictions=2)" in _text(_cells(lessons / "01.01-placing-dice.ipynb")[1])
    index_code = next(_text(c) for c in _cells(lessons / "index.ipynb") if c["cell_type"] == "code")
    assert "('01.01-placing-dice.ipynb', 'Placing dice', 2)" in index_code
    assert "('01.00-introduction.ipynb', 'Las Vegas in ten minutes', 0)" in index_code
    cells = _cells(lessons / "teacher.ipynb")
    assert _text(cells[0]) == "[Index](index.ipynb) | [Glossary](glossary.ipynb) | [For teachers](teacher.ipynb)"
    generated = _text(next(c for c in cells if c["id"] == "generated"))
    assert "**[Placing dice](01.01-placing-dice.ipynb)**" in generated
    # a dollar is written \\\\$: Markdown leaves \\$, which MathJax shows as $ (a pair of \\$ is typeset as a formula)
    assert "  - Which \\*move\\* is allowed? Say \\\\$5." in generated and "  - Second?" in generated
    assert "Las Vegas in ten minutes" not in generated  # no predictions there
    assert json.loads((lessons / "teacher.ipynb").read_text())["metadata"]["title"] == "For teachers | vegas-tutor"
    assert nav.main(["--lessons", str(lessons), "--check"]) == 0


@pytest.fixture
def two_languages(lessons: Path) -> Path:
    spanish = lessons / "es"
    spanish.mkdir()
    _lesson(spanish, "01.00-introduccion.ipynb", "# Las Vegas en diez minutos\n\nEl objetivo y una ronda.\n")
    _lesson(spanish, "01.01-colocar-dados.ipynb", "# Colocar dados\n\nTodos los dados de una cara.\n")
    return lessons


def test_each_lesson_links_to_the_same_lesson_in_the_other_language(two_languages: Path) -> None:
    assert nav.main(["--lessons", str(two_languages)]) == 0
    english = _text(_cells(two_languages / "01.01-placing-dice.ipynb")[0])
    spanish = _text(_cells(two_languages / "es" / "01.01-colocar-dados.ipynb")[0])
    assert english.endswith(" | [Español](es/01.01-colocar-dados.ipynb)")
    assert spanish == ("[< Las Vegas en diez minutos](01.00-introduccion.ipynb) | [Índice](index.ipynb) | "
                       "[Glosario](glossary.ipynb) | [English](../01.01-placing-dice.ipynb)")
    # a lesson with no translation yet links to no other language
    assert "Español" not in _text(_cells(two_languages / "02.00-introduction.ipynb")[0])


def test_a_spanish_page_sets_the_kernel_language_and_says_so_in_its_metadata(two_languages: Path) -> None:
    nav.main(["--lessons", str(two_languages)])
    page = json.loads((two_languages / "es" / "01.01-colocar-dados.ipynb").read_text())
    assert page["metadata"]["lang"] == "es" and page["metadata"]["title"] == "Colocar dados | vegas-tutor"
    code = _text(page["cells"][1])
    assert code.index("set_language('es')") < code.index("LessonProgress(predictions=0)")
    english = json.loads((two_languages / "01.01-placing-dice.ipynb").read_text())
    assert english["metadata"]["lang"] == "en" and "set_language" not in _text(english["cells"][1])


def test_both_landing_pages_offer_both_languages_in_their_own_words(two_languages: Path) -> None:
    nav.main(["--lessons", str(two_languages)])
    english = _text(_cells(two_languages / "index.ipynb")[0])
    spanish_cells = _cells(two_languages / "es" / "index.ipynb")
    spanish = "\n".join(_text(cell) for cell in spanish_cells)
    assert english.startswith("Language: **English** · [Español](es/index.ipynb)\n")
    assert spanish.startswith("Idioma: [English](../index.ipynb) · **Español**\n")
    assert "- [Colocar dados](01.01-colocar-dados.ipynb): Todos los dados de una cara." in spanish
    assert "*Todavía no hay lecciones de Lords of Vegas.*" in spanish and "set_language('es')" in spanish
    assert nav.main(["--lessons", str(two_languages), "--check"]) == 0
