"""The two languages: every message has Spanish words, the lesson trees match, the mechanism behaves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from vegas_tutor import i18n
from vegas_tutor.i18n_check import (
    SourceMessage,
    fields,
    source_messages,
    source_problems,
    translation_problems,
    widget_messages,
)
from vegas_tutor.resources import LESSON_NAME, lessons_dir, widgets_dir

PACKAGE = Path(i18n.__file__).resolve().parent
SPANISH = lessons_dir() / "es"


def test_the_extractors_find_the_messages_of_python_and_of_every_widget() -> None:
    found = source_messages()
    places = {message.where.split(":")[0] for message in found}
    assert len({message.msgid for message in found}) > 500
    for widget in ("las_vegas.js", "liars_dice.js", "lords_of_vegas.js", "shared.js", "prediction.js"):
        assert f"widgets/{widget}" in places, widget
    assert any(message.plural for message in found)


def test_every_message_has_spanish_words_with_the_same_fields_and_none_is_left_over() -> None:
    problems = translation_problems(source_messages(), "es")
    assert problems == [], "\n".join(problems[:40]) + f"\n… {len(problems)} problems"


def test_every_message_is_a_literal_the_extractor_sees_and_every_refusal_is_marked() -> None:
    problems = source_problems(PACKAGE, widgets_dir())
    assert problems == [], "\n".join(problems[:40])


def test_the_checker_catches_a_missing_message_and_mismatched_fields() -> None:
    made_up = SourceMessage("a sentence nobody wrote {name}", None, "x.py:1")
    problems = translation_problems([made_up], "es")
    assert any("no es words for 'a sentence nobody wrote {name}'" in p for p in problems)
    assert fields("{name} has {n:,} dice, {{literal}}") == {"name", "n"}


def test_spanish_is_spoken_only_inside_using_and_numbers_follow_the_language() -> None:
    assert i18n.language() == "en"
    with i18n.using("es"):
        assert i18n.language() == "es"
        assert i18n.number(1234567.891, 2) == "1.234.567,89"
        assert i18n.money_k(10_000) == "10.000\u00a0$" and i18n.money(7) == "7\u00a0$"
    assert i18n.language() == "en" and i18n.money_k(10_000) == "$10k" and i18n.money(7) == "$7"


def test_a_missing_text_is_an_error_in_the_tests_and_a_warning_for_a_learner(monkeypatch: pytest.MonkeyPatch) -> None:
    with i18n.using("es"):
        with pytest.raises(LookupError, match="no es words"):
            i18n._("a sentence nobody wrote")
        monkeypatch.setenv(i18n.STRICT_ENV, "0")
        with pytest.warns(i18n.MissingWordsWarning):
            assert i18n._("a sentence nobody wrote") == "a sentence nobody wrote"


def test_the_widgets_get_every_one_of_their_texts_in_spanish_and_nothing_in_english() -> None:
    table = i18n.js_strings("es")
    wanted = {message.msgid for message in widget_messages(widgets_dir())}
    assert set(table) == wanted
    assert i18n.js_strings("en") == {}


def _lessons(folder: Path) -> dict[str, str]:
    return {path.name[:5]: path.name for path in folder.glob("*.ipynb") if LESSON_NAME.match(path.name)}


def test_both_lesson_trees_hold_the_same_lessons_and_pages() -> None:
    english, spanish = _lessons(lessons_dir()), _lessons(SPANISH)
    assert len(english) >= 25
    assert sorted(spanish) == sorted(english)
    for page in ("index.ipynb", "glossary.ipynb", "teacher.ipynb", "practice.ipynb"):
        assert (SPANISH / page).is_file(), page


ENGLISH_WORDS = re.compile(r"\b(the|you|your|with|which|what|when|this|that|and|is|are|of)\b")
"""Words of English that Spanish prose never uses (names and titles are taken out first)."""
KEPT = re.compile(r"Lords of Vegas|Liar's Dice|Die Hard|The Mirage|The Strip|Game End|`[^`]*`|\([^)]*\.ipynb[^)]*\)"
                  r"|\$[^$]+\$|<[^>]+>|\[English\]\([^)]*\)|https?://\S+")


@pytest.mark.parametrize("name", sorted([*_lessons(SPANISH).values(), "index.ipynb", "glossary.ipynb", "practice.ipynb",
                                         "teacher.ipynb"]))
def test_spanish_lessons_are_written_in_spanish(name: str) -> None:
    notebook = json.loads((SPANISH / name).read_text(encoding="utf-8"))
    assert notebook["metadata"]["lang"] == "es"
    prose = "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    english = [match.group(0) for match in ENGLISH_WORDS.finditer(KEPT.sub(" ", prose))]
    assert len(english) <= 2, f"{name}: English words {english[:10]}"
    first_code = next("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code") \
        if any(c["cell_type"] == "code" for c in notebook["cells"]) else "set_language('es')"
    assert "set_language('es')" in first_code


def test_a_message_translated_differently_in_two_catalogues_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spanish = tmp_path / "es"
    spanish.mkdir()
    header = 'msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (spanish / "a.po").write_text(header + 'msgid "boss"\nmsgstr "jefe"\n', encoding="utf-8")
    (spanish / "b.po").write_text(header + 'msgid "boss"\nmsgstr "patrón"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalog.cache_clear()
    try:
        with pytest.raises(LookupError, match="translated twice, differently"):
            i18n.catalog("es")
    finally:
        monkeypatch.undo()
        i18n.catalog.cache_clear()
    assert i18n.catalog("es")["boss"].forms[0]
