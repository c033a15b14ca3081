"""Lesson questions to practise: a prediction answered wrong in a lesson comes back later, the same question.

A lesson's predictions are ``Prediction("question", ["choice", ...], answer=i, explanation="...")`` calls in
its code cells (:class:`vegas_tutor.tutor.question.Prediction`); each is known by its **key**, a hash of its
question (:func:`prediction_key`). The page records a wrong answer as the lesson's path (relative to the lessons
folder: ``"01.02-payouts-and-ties.ipynb"``, ``"es/01.02-pagos-y-empates.ipynb"``) and the key; nothing else
comes from the browser. :class:`QuestionBook` reads the question, its choices, its answer and its reason from
the lesson itself, so an edited entry cannot change an answer. A prediction whose parts are computed by the
lesson (not written out as literals) is not practised: it cannot be read without running the lesson.

>>> calls = prediction_calls({"cells": [{"cell_type": "code", "source":
...     'Prediction("Who takes it?", ["Anna", "Benno"], answer=1, explanation="Benno has more dice.")'}]})
>>> calls[0].choices, calls[0].answer, prediction_key(calls[0].question)
(('Anna', 'Benno'), 1, '07b4f04f266d')
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import RecordError
from vegas_tutor.i18n import _

PAGE = re.compile(r"^(?:[a-z]{2}/)?(?P<number>\d\d)\.\d\d-[a-z0-9-]+\.ipynb$")
"""A lesson's path relative to the lessons folder (the English ones at the top, another language in its folder)."""
GAME_OF_LESSON = {"01": "las_vegas", "02": "liars_dice", "03": "lords_of_vegas"}
QUESTION_KEYS = ("id", "key", "kind", "page")


def prediction_key(question: str) -> str:
    """The stable name of a prediction: 12 hex digits of a SHA-1 of its question (the browser records it)."""
    return hashlib.sha1(question.encode("utf-8")).hexdigest()[:12]


def question_id(page: str, key: str) -> str:
    """The id of a lesson question in the deck: 16 hex digits of a SHA-256 of its page and key."""
    return hashlib.sha256(f"question\n{page}\n{key}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class PredictionCall:
    """One ``Prediction(...)`` call of a lesson, its parts as written (``None`` where the lesson computes one)."""

    question: str | None
    choices: tuple[str, ...] | None
    answer: int | None
    explanation: str | None


def _literal(node: ast.AST | None) -> Any:
    if node is None:
        return None
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def prediction_calls(notebook: dict[str, Any], skip: Any = None) -> list[PredictionCall]:
    """The ``Prediction(question, choices, answer=i, explanation=...)`` calls of the notebook's code cells, in
    order (``skip(cell)``: cells to leave out, such as generated ones)."""
    found = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code" or (skip is not None and skip(cell)):
            continue
        source = cell.get("source", "")
        try:
            tree = ast.parse("".join(source) if isinstance(source, list) else str(source))
        except SyntaxError:
            continue
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Name) and node.func.id == "Prediction"]
        for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
            words = {keyword.arg: keyword.value for keyword in call.keywords}
            question = _literal(call.args[0]) if call.args else None
            choices = _literal(call.args[1]) if len(call.args) > 1 else None
            answer = _literal(words.get("answer"))
            explanation = _literal(words.get("explanation"))
            found.append(PredictionCall(
                question if isinstance(question, str) else None,
                tuple(choices) if isinstance(choices, list) and all(isinstance(c, str) for c in choices) else None,
                answer if is_int(answer) else None,
                explanation if isinstance(explanation, str) else None))
    return found


@dataclass(frozen=True)
class LessonQuestion:
    """A lesson's prediction to practise, read from the lesson."""

    id: str
    page: str
    key: str
    lesson: str
    """The lesson's title."""
    question: str
    choices: tuple[str, ...]
    answer: int
    explanation: str
    source: str = "lesson"
    theme: str = "lesson"

    @property
    def game(self) -> str:
        match = PAGE.match(self.page)
        assert match is not None
        return GAME_OF_LESSON[match["number"]]

    def to_dict(self) -> dict[str, Any]:
        """What the deck keeps: the lesson and the key only (the rest is read from the lesson on load)."""
        return {"kind": "question", "id": self.id, "page": self.page, "key": self.key}


@dataclass
class QuestionBook:
    """The lesson questions of the lessons folder ``root``, read from the lessons on first use."""

    root: Path
    _pages: dict[str, dict[str, LessonQuestion]] = field(default_factory=dict)

    def find(self, page: object, key: object) -> LessonQuestion | None:
        """The question ``key`` of the lesson ``page``; None when that lesson does not ask it (any more) or
        computes it; ``RecordError`` when ``page`` or ``key`` is not a lesson's path or a key at all."""
        match = PAGE.match(page) if isinstance(page, str) else None
        if match is None or match["number"] not in GAME_OF_LESSON:
            raise RecordError(_("{field} must be a lesson's file name, not {value}", field="page",
                                value=repr(page)[:40]))
        if not isinstance(key, str) or re.fullmatch(r"[0-9a-f]{12}", key) is None:
            raise RecordError(_("{field} must be a lesson question's key, not {value}", field="key",
                                value=repr(key)[:40]))
        assert isinstance(page, str)
        if page not in self._pages:
            self._pages[page] = self._read(page)
        return self._pages[page].get(key)

    def _read(self, page: str) -> dict[str, LessonQuestion]:
        path = self.root / page
        try:
            notebook = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        title = _title(notebook) or page
        found = {}
        for call in prediction_calls(notebook):
            if call.question is None or call.choices is None or call.answer is None or call.explanation is None \
                    or not 0 <= call.answer < len(call.choices):
                continue
            key = prediction_key(call.question)
            found[key] = LessonQuestion(question_id(page, key), page, key, title, call.question, call.choices,
                                        call.answer, call.explanation)
        return found


def _title(notebook: dict[str, Any]) -> str:
    """The lesson's ``# Title`` (its first markdown heading)."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        for line in ("".join(source) if isinstance(source, list) else str(source)).splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return ""
