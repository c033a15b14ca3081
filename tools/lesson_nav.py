"""Write the landing pages ``lessons/index.ipynb`` and ``lessons/es/index.ipynb`` and the
``< prev | index | next >`` cells of every lesson, in each language.

Run it after adding, renaming or retitling a lesson (``--check`` only reports what would change, for CI)::

    python tools/lesson_nav.py            # rewrite lessons/index.ipynb and the lessons' navigation cells
    python tools/lesson_nav.py --check    # exit 1 if anything is out of date

Conventions it relies on (as in the Python Data Science Handbook's notebooks):

* a lesson is ``lessons/NN.MM-kebab-title.ipynb``: ``NN`` the game (01 Las Vegas, 02 Liar's Dice,
  03 Lords of Vegas), ``MM`` its place in that game's sequence (``00`` = the game's introduction);
* a lesson's first markdown cell (navigation aside) opens with a ``# Title`` heading, followed by a
  one-paragraph summary of what it teaches: the index shows the title as the link and the summary beside it.

Navigation cells carry the cell tag ``lesson-nav``; a rerun removes them and writes fresh ones: the links as
the first and the last cell, and after the first a small code cell with the lesson's progress line (time spent,
predictions answered; kept in the browser, see ``vegas_tutor.tutor.progress``). Every page's notebook metadata
``title`` is set, so the browser tab names the lesson (Voilà's template uses it for ``<title>``), and ``lang``.

Languages (``TONGUES``): the English lessons are in the folder, the Spanish ones in ``es/``, with the same
``NN.MM`` numbers and their own titles. Each language gets its own index and navigation words; every lesson
and page links to the same one in the other language, the landing pages offer the languages, and the
progress cell of a Spanish page first calls ``set_language("es")``, so the whole kernel speaks Spanish.

Besides the lessons, the folder holds the pages in ``PAGES`` (the glossary, the teacher's page, the Practice
page, which the last lesson of each game links to): they get the
navigation links and a title too, and the teacher's page generated cells: what each lesson's predictions ask
(tag ``lesson-predictions``), their answer key (tag ``lesson-answers``: each question's right choice and its
reason, read from the ``Prediction("...", [...], answer=i, explanation="...")`` calls of the lessons' code cells)
and the minutes per lesson (tag ``lesson-minutes``).

**Minutes.** ``tools/lesson_minutes.json`` holds the measured minutes of each lesson in each language (reading
and trying things out; ``tools/lesson_minutes.py`` measures them and says how). For the committed lessons the
script writes them on the landing page beside each lesson, at the top of each lesson and in the teacher's
table; another lessons folder (``--lessons``) gets none unless ``--minutes FILE`` names its own.

Every notebook written is stripped of outputs and execution counts (they are committed
without outputs and executed by nbval). Files whose content would not change are left untouched.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vegas_tutor.practice.question import prediction_calls
from vegas_tutor.resources import LANDING_NOTEBOOK as INDEX_NAME
from vegas_tutor.resources import LESSON_NAME

NAV_TAG = "lesson-nav"
PREDICTIONS_TAG = "lesson-predictions"
ANSWERS_TAG = "lesson-answers"
MINUTES_TAG = "lesson-minutes"
DEFAULT_MINUTES = Path(__file__).resolve().parent / "lesson_minutes.json"
SITE = "vegas-tutor"
GLOSSARY = "glossary.ipynb"
TEACHER = "teacher.ipynb"
PRACTICE = "practice.ipynb"
PAGES = (GLOSSARY, TEACHER, PRACTICE)
"""Pages of the folder that are not lessons: linked from every page, listed on the landing page."""
HEADING = re.compile(r"^#\s+(?P<title>.+?)\s*#*\s*$")
DEFAULT_LESSONS = Path(__file__).resolve().parent.parent / "lessons"


@dataclass(frozen=True)
class Game:
    """A game of the tutor, as the landing page presents it."""

    number: str
    name: str
    blurb: str


@dataclass(frozen=True)
class Tongue:
    """The words the generated cells use in one language of the lessons."""

    lang: str
    folder: str
    """The lessons of this language, relative to the English lessons folder ("" or "es")."""
    name: str
    """The language's own name, on the link to it ("English", "Español")."""
    index: str
    glossary: str
    teacher: str
    practice: str
    intro: str
    choose: str
    """Opens the landing page's line of languages ("Language:")."""
    site_title: str
    games: tuple[Game, ...]
    no_lessons: str
    predictions_head: tuple[str, ...]
    computed_question: str
    answers_head: tuple[str, ...]
    computed_answer: str
    """The answer key's words for a right choice the lesson computes from its board."""
    minutes_line: str
    """The line at a lesson's top: ``{total}``, ``{reading}``, ``{trying}`` minutes."""
    minutes_short: str
    """Beside a lesson on the landing page: ``{total}`` minutes."""
    minutes_head: tuple[str, ...]
    minutes_columns: tuple[str, str, str, str]


ENGLISH = Tongue(
    lang="en", folder="", name="English", index="Index", glossary="Glossary", teacher="For teachers",
    practice="Practice",
    intro="""
# vegas-tutor: learn three dice games

Learn to play **Las Vegas**, **Liar's Dice** and **Lords of Vegas**, and to play them well. Each lesson
teaches one idea: you watch the rulebook's own examples step by step on a live board, predict what happens
before the answer is shown, and then play, with the odds of every choice beside the board.

Pick a lesson below; every lesson has links to the previous one, this index, the
[glossary](glossary.ipynb) of the games' words and the next one, at its top and at its bottom.

Beside each lesson: about how many minutes it takes a newcomer, as measured (reading, and trying things out).

**Teaching a class?** The [page for teachers](teacher.ipynb) suggests a 50-minute plan per game, the link to
share, what each lesson asks with its answer key, a one-page rules handout per game and questions to discuss.

**Practise what cost you.** The [Practice page](practice.ipynb) brings back the costliest decisions of your own
games as exercises, each when it is about to be forgotten; until you have finished a game, it offers decisions
from the easy opponent's games.
""",
    choose="Language:", site_title="learn three dice games",
    games=(
        Game(
            "01", "Las Vegas",
            "Two to five players roll their dice and place them on six casinos, each with bills worth money "
            "on it; after all dice are placed, the most dice in a casino takes its biggest bill, but "
            "equal counts cancel each other out. Four rounds, most money wins.",
        ),
        Game(
            "02", "Liar's Dice",
            "Every player rolls a hidden cup of dice and bids on how many of a face lie on the whole table; "
            "the next player raises the bid or challenges it, and the loser of a challenge gives up dice. "
            "The board edition adds a bid track, wild stars and the option to show dice and re-roll the rest. "
            "The last player with dice wins.",
        ),
        Game(
            "03", "Lords of Vegas",
            "Players draw lot cards, build casinos on the Strip's lots with their dice on the tiles, and collect "
            "money and points each time a casino pays; they sprawl, remodel, reorganize and gamble. The first "
            "to 90 points, or the most points when the Game End card appears, wins.",
        ),
    ),
    no_lessons="*No {game} lessons yet.*",
    predictions_head=(
        "## What each lesson's predictions ask", "",
        "Each question is answered before its lesson shows anything that gives the answer away; a learner",
        "can reveal it, read why, and try again. (This list is written from the lessons themselves.)", "",
    ),
    computed_question="(a question computed by the lesson)",
    answers_head=(
        '<div class="vt-sheet vt-answer-key">', "",
        "## Answer key", "",
        "Every prediction of every lesson, with its right answer and the reason the lesson gives once it is",
        "answered. (Written from the lessons themselves.)", "",
    ),
    computed_answer="the lesson works it out from the position on its board, and says it with the reveal",
    minutes_line="*About {total} minutes: {reading} of reading, {trying} of trying things out and playing.*",
    minutes_short="*(about {total} min)*",
    minutes_head=(
        "## Minutes per lesson", "",
        "Measured for a newcomer: reading the page at 180 words a minute, plus the time to answer each prediction,",
        "step through each example and play what the lesson asks (see `tools/lesson_minutes.py`).", "",
    ),
    minutes_columns=("lesson", "reading", "trying and playing", "in all"),
)

SPANISH = Tongue(
    lang="es", folder="es", name="Español", index="Índice", glossary="Glosario", teacher="Para docentes",
    practice="Práctica",
    intro="""
# vegas-tutor: aprende tres juegos de dados

Aprende a jugar a **Las Vegas**, a **los dados del mentiroso** (Liar's Dice) y a **Lords of Vegas**, y a
jugar bien. Cada lección enseña una idea: sigues paso a paso los ejemplos del propio reglamento en un
tablero vivo, predices lo que va a pasar antes de ver la respuesta y luego juegas, con las probabilidades
de cada opción junto al tablero.

Elige una lección de la lista; cada lección enlaza, arriba y abajo, con la anterior, con este índice, con el
[glosario](glossary.ipynb) de las palabras de los juegos y con la siguiente.

Junto a cada lección verás cuántos minutos lleva, medidos para quien empieza (lectura y pruebas).

**¿Das clase?** La [página para docentes](teacher.ipynb) propone un plan de 50 minutos por juego, el enlace
que compartir, lo que pregunta cada lección con su solucionario, una hoja de reglas de una página por juego y
preguntas para comentar.

**Practica lo que te costó.** La página de [práctica](practice.ipynb) te devuelve como ejercicios las
decisiones más caras de tus propias partidas, cada una cuando estás a punto de olvidarla; mientras no hayas
terminado una partida, te propone decisiones de las partidas del rival fácil.
""",
    choose="Idioma:", site_title="aprende tres juegos de dados",
    games=(
        Game(
            "01", "Las Vegas",
            "De dos a cinco jugadores tiran sus dados y los colocan en seis casinos, cada uno con billetes "
            "de dinero; cuando todos los dados están colocados, quien tiene más dados en un casino se lleva su "
            "billete más alto, pero los empates se anulan entre sí. Cuatro rondas: gana quien más dinero tenga.",
        ),
        Game(
            "02", "Los dados del mentiroso (Liar's Dice)",
            "Cada jugador tira sus dados tapados bajo un cubilete y apuesta cuántos dados de una cara hay en "
            "toda la mesa; el siguiente sube la apuesta o la desafía, y quien pierde el desafío pierde dados. "
            "La edición de tablero añade una pista de apuestas, estrellas comodín y la opción de mostrar dados "
            "y volver a tirar el resto. Gana el último jugador que conserva dados.",
        ),
        Game(
            "03", "Lords of Vegas",
            "Los jugadores roban cartas de propiedad, construyen casinos en los lotes de The Strip con sus dados "
            "sobre las fichas y cobran dinero y puntos cada vez que un casino paga; expanden, remodelan, "
            "reorganizan y apuestan. Gana quien llegue primero a 90 puntos, o quien más puntos tenga cuando "
            "salga la carta de Fin de Juego.",
        ),
    ),
    no_lessons="*Todavía no hay lecciones de {game}.*",
    predictions_head=(
        "## Qué pregunta cada lección", "",
        "Cada pregunta se responde antes de que la lección muestre nada que delate la respuesta; quien aprende",
        "puede descubrirla, leer por qué y volver a intentarlo. (Esta lista sale de las propias lecciones.)", "",
    ),
    computed_question="(una pregunta que calcula la lección)",
    answers_head=(
        '<div class="vt-sheet vt-answer-key">', "",
        "## Solucionario", "",
        "Todas las predicciones de todas las lecciones, con su respuesta correcta y la explicación que da la lección",
        "al responderla. (Sale de las propias lecciones.)", "",
    ),
    computed_answer="la lección la calcula a partir de la posición de su tablero y la da al mostrar la respuesta",
    minutes_line="*Unos {total} minutos: {reading} de lectura y {trying} para probar y jugar.*",
    minutes_short="*(unos {total} min)*",
    minutes_head=(
        "## Minutos por lección", "",
        "Medidos para quien empieza: leer la página a 180 palabras por minuto, más el tiempo de responder cada",
        "predicción, recorrer cada ejemplo y jugar lo que pide la lección (mira `tools/lesson_minutes.py`).", "",
    ),
    minutes_columns=("lección", "lectura", "probar y jugar", "en total"),
)

TONGUES = (ENGLISH, SPANISH)
"""The languages of the lessons: English in the lessons folder, each other one in its own subfolder."""
GAMES = ENGLISH.games


class LessonFormatError(ValueError):
    """A lesson notebook that does not follow the conventions above."""


@dataclass(frozen=True)
class Lesson:
    """One lesson notebook and what the index says about it."""

    path: Path
    game: str
    title: str
    summary: str

    @property
    def name(self) -> str:
        return self.path.name


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def is_nav_cell(cell: dict[str, Any]) -> bool:
    """Whether ``cell`` is a navigation cell this script wrote."""
    return NAV_TAG in cell.get("metadata", {}).get("tags", [])


def read_notebook(path: Path) -> dict[str, Any]:
    """A notebook as plain JSON (nbformat 4)."""
    try:
        notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise LessonFormatError(f"{path.name}: not a readable notebook ({error})") from None
    if notebook.get("nbformat") != 4 or not isinstance(notebook.get("cells"), list):
        raise LessonFormatError(f"{path.name}: not an nbformat 4 notebook")
    return notebook


def title_and_summary(path: Path, notebook: dict[str, Any]) -> tuple[str, str]:
    """The first ``# heading`` of the lesson and the paragraph right after it."""
    for cell in notebook["cells"]:
        if cell.get("cell_type") != "markdown" or is_nav_cell(cell):
            continue
        lines = _source(cell).strip().splitlines()
        match = HEADING.match(lines[0]) if lines else None
        if match is None:
            break
        paragraph: list[str] = []
        for line in lines[1:]:
            if line.strip():
                if line.lstrip().startswith("#"):
                    break
                paragraph.append(line.strip())
            elif paragraph:
                break
        return match["title"], " ".join(paragraph)
    raise LessonFormatError(f"{path.name}: its first markdown cell must open with a '# Title' heading")


def find_lessons(folder: Path) -> list[Lesson]:
    """Every lesson in ``folder``, in course order (by file name)."""
    lessons = []
    for path in sorted(folder.glob("*.ipynb")):
        match = LESSON_NAME.match(path.name)
        if match is None:
            if path.name not in (INDEX_NAME, *PAGES):
                raise LessonFormatError(f"{path.name}: lesson names look like 01.02-placing-dice.ipynb")
            continue
        title, summary = title_and_summary(path, read_notebook(path))
        lessons.append(Lesson(path, match["game"], title, summary))
    return lessons


def _markdown_cell(cell_id: str, text: str, tags: list[str] | None = None) -> dict[str, Any]:
    return {
        "cell_type": "markdown",
        "id": cell_id,
        "metadata": {"tags": tags} if tags else {},
        "source": text.strip().splitlines(keepends=True),
    }


def nav_text(lessons: list[Lesson], position: int, tongue: Tongue = ENGLISH, other: str = "",
             practice: bool = False) -> str:
    """``< previous | Index | Glossary | next >`` for the lesson at ``position`` (ends omit the missing side),
    with ``Practice`` before ``next`` in the last lesson of each game when ``practice`` (the page exists), then
    ``other``: the link to the same lesson in the other language, if there is one."""
    parts = []
    if position > 0:
        before = lessons[position - 1]
        parts.append(f"[< {before.title}]({before.name})")
    parts.append(f"[{tongue.index}]({INDEX_NAME})")
    parts.append(f"[{tongue.glossary}]({GLOSSARY})")
    last_of_game = position + 1 == len(lessons) or lessons[position + 1].game != lessons[position].game
    if practice and last_of_game:
        parts.append(f"[{tongue.practice}]({PRACTICE})")
    if position + 1 < len(lessons):
        after = lessons[position + 1]
        parts.append(f"[{after.title} >]({after.name})")
    return " | ".join([*parts, other] if other else parts)


def page_nav_text(tongue: Tongue = ENGLISH, other: str = "") -> str:
    """The links at the top and bottom of a page that is not a lesson."""
    parts = [f"[{tongue.index}]({INDEX_NAME})", f"[{tongue.glossary}]({GLOSSARY})", f"[{tongue.teacher}]({TEACHER})"]
    return " | ".join([*parts, other] if other else parts)


def other_link(tongue: Tongue, target: Path | None, here: Path) -> str:
    """``[Español](es/01.01-….ipynb)``: the link from a page in ``here`` to ``target``, the same page in the
    language ``tongue`` (empty when that page does not exist)."""
    if target is None or not target.is_file():
        return ""
    return f"[{tongue.name}]({Path(os.path.relpath(target, here)).as_posix()})"


def _code_cell(cell_id: str, text: str, tags: list[str]) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cell_id,
        "metadata": {"tags": tags},
        "outputs": [],
        "source": text.strip().splitlines(keepends=True),
    }


def progress_code(call: str, tongue: Tongue) -> str:
    """The generated code cell showing the learner's progress (``call``), in ``tongue``'s language: a page
    of another language than English first sets it for the whole kernel (boards, panels, refusals)."""
    widget = call.split("(", 1)[0]
    if tongue is ENGLISH:
        return f"from vegas_tutor.tutor.progress import {widget}\n\n{call}"
    return (f"from vegas_tutor.i18n import set_language\nfrom vegas_tutor.tutor.progress import {widget}\n\n"
            f"set_language({tongue.lang!r})\n{call}")


def with_navigation(notebook: dict[str, Any], text: str, title: str, predictions: int | None = None,
                    tongue: Tongue = ENGLISH, minutes: tuple[int, int] | None = None) -> dict[str, Any]:
    """``notebook`` with fresh navigation: ``text`` as first and last cell (the first also says the lesson's
    ``minutes``, when measured), the progress line after the first (when ``predictions`` is given: a lesson),
    and ``title`` and the language in its metadata."""
    body = [cell for cell in notebook["cells"] if not is_nav_cell(cell)]
    head = text if minutes is None else f"{text}\n\n" + tongue.minutes_line.format(
        total=sum(minutes), reading=minutes[0], trying=minutes[1])
    top = _markdown_cell("lesson-nav-top", head, [NAV_TAG])
    bottom = _markdown_cell("lesson-nav-bottom", text, [NAV_TAG])
    progress = [] if predictions is None else [_code_cell(
        "lesson-progress", progress_code(f"LessonProgress(predictions={predictions})", tongue), [NAV_TAG],
    )]
    metadata = {**notebook.get("metadata", {}), "title": f"{title} | {SITE}", "lang": tongue.lang}
    return {**notebook, "metadata": metadata, "cells": [top, *progress, *body, bottom]}


def prediction_questions(notebook: dict[str, Any], tongue: Tongue = ENGLISH) -> list[str]:
    """The questions of the ``Prediction("...", ...)`` calls in the notebook's code cells, in order."""
    questions = []
    for cell in notebook["cells"]:
        if cell.get("cell_type") != "code" or is_nav_cell(cell):
            continue
        try:
            tree = ast.parse(_source(cell))
        except SyntaxError:
            continue
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Name) and node.func.id == "Prediction"]
        for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
            first = call.args[0] if call.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                questions.append(first.value)
            else:
                questions.append(tongue.computed_question)
    return questions


@dataclass(frozen=True)
class Answer:
    """One prediction as the answer key gives it: the question, the right choice and the reason (``None``
    for a part the lesson computes)."""

    question: str | None
    answer: str | None
    explanation: str | None


def prediction_answers(notebook: dict[str, Any]) -> list[Answer]:
    """The ``Prediction(question, choices, answer=i, explanation=...)`` calls of the notebook, in order (read by
    the package's own reader, :func:`vegas_tutor.practice.question.prediction_calls`)."""
    found = []
    for call in prediction_calls(notebook, skip=is_nav_cell):
        right = (call.choices[call.answer] if call.choices is not None and call.answer is not None
                 and 0 <= call.answer < len(call.choices) else None)
        found.append(Answer(call.question, right, call.explanation))
    return found


def answers_text(lessons: list[Lesson], answers: dict[str, list[Answer]], tongue: Tongue = ENGLISH) -> str:
    """The teacher's answer key: each lesson with its questions, right answers and reasons, in a printable
    sheet (``vt-sheet``: the print layout starts it on a new page)."""
    lines = list(tongue.answers_head)
    for lesson in lessons:
        given = answers.get(lesson.name, [])
        if not given:
            continue
        lines.append(f"- **[{lesson.title}]({lesson.name})**")
        for number, item in enumerate(given, start=1):
            question = _markdown_escape(item.question or tongue.computed_question)
            right = f"**{_markdown_escape(item.answer)}**" if item.answer else f"*{tongue.computed_answer}*"
            reason = f" {_markdown_escape(item.explanation)}" if item.explanation else ""
            lines.append(f"  {number}. {question} → {right}.{reason}")
    return "\n".join([*lines, "", "</div>"])


Minutes = dict[str, dict[str, tuple[int, int]]]
"""Measured minutes: language -> lesson number (``"01.02"``) -> (reading, trying things out and playing)."""


def read_minutes(path: Path | None) -> Minutes:
    """The minutes file (``{"en": {"01.02": [reading, trying]}, ...}``); none when ``path`` is ``None``."""
    if path is None:
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise LessonFormatError(f"{path.name}: not a readable minutes file ({error})") from None
    minutes: Minutes = {}
    for lang, lessons in raw.get("minutes", {}).items():
        for number, pair in lessons.items():
            reading, trying = pair
            if not all(isinstance(m, int) and m >= 0 for m in (reading, trying)):
                raise LessonFormatError(f"{path.name}: {lang} {number}: minutes are whole numbers, got {pair!r}")
            minutes.setdefault(lang, {})[number] = (reading, trying)
    return minutes


def minutes_text(lessons: list[Lesson], minutes: dict[str, tuple[int, int]], tongue: Tongue = ENGLISH) -> str:
    """The teacher's table of minutes per lesson."""
    lesson, reading, trying, total = tongue.minutes_columns
    lines = [*tongue.minutes_head, f"| {lesson} | {reading} | {trying} | {total} |", "| --- | ---: | ---: | ---: |"]
    for item in lessons:
        measured = minutes.get(lesson_number(item.name))
        if measured is not None:
            lines.append(f"| [{item.title}]({item.name}) | {measured[0]} | {measured[1]} | {sum(measured)} |")
    return "\n".join(lines)


def _markdown_escape(text: str) -> str:
    """``text`` with markdown's emphasis and code characters escaped (a question quoted in a list).

    A dollar sign becomes ``\\\\$``: Markdown turns it into ``\\$``, which the page's MathJax shows as a plain
    ``$`` (a single ``\\$`` reaches MathJax as ``$``, and two of them in one line are typeset as a formula)."""
    return "".join("\\" + char if char in "*_`[]" else "\\\\$" if char == "$" else char for char in text)


def predictions_text(lessons: list[Lesson], questions: dict[str, list[str]], tongue: Tongue = ENGLISH) -> str:
    """The teacher's list: each lesson with its predictions' questions."""
    lines = list(tongue.predictions_head)
    for lesson in lessons:
        asked = questions.get(lesson.name, [])
        if not asked:
            continue
        lines.append(f"- **[{lesson.title}]({lesson.name})**")
        lines.extend(f"  - {_markdown_escape(question)}" for question in asked)
    return "\n".join(lines)


def with_predictions(notebook: dict[str, Any], text: str, tag: str = PREDICTIONS_TAG) -> dict[str, Any]:
    """The teacher's page with its generated cell (tag ``tag``, by default ``lesson-predictions``) rewritten to
    ``text``."""
    cells = [
        _markdown_cell(cell.get("id", tag), text, [tag])
        if tag in cell.get("metadata", {}).get("tags", []) else cell
        for cell in notebook["cells"]
    ]
    return {**notebook, "cells": cells}


def without_outputs(notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` with every code cell's outputs and execution count cleared."""
    cells = []
    for cell in notebook["cells"]:
        if cell.get("cell_type") == "code":
            cell = {**cell, "outputs": [], "execution_count": None}
        cells.append(cell)
    return {**notebook, "cells": cells}


NOTEBOOK_METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def index_notebook(lessons: list[Lesson], questions: dict[str, list[str]] | None = None,
                   tongue: Tongue = ENGLISH, languages: str = "",
                   minutes: dict[str, tuple[int, int]] | None = None) -> dict[str, Any]:
    """The landing page: the line of languages (``languages``, when there are several), what the tutor is,
    the learner's progress, then each game with its lessons (and their measured ``minutes``)."""
    questions = questions or {}
    minutes = minutes or {}
    intro = f"{tongue.choose} {languages}\n{tongue.intro}" if languages else tongue.intro
    rows = ",\n    ".join(
        f"({lesson.name!r}, {lesson.title!r}, {len(questions.get(lesson.name, []))})" for lesson in lessons
    )
    progress = progress_code(f"CourseProgress([\n    {rows},\n])", tongue)
    cells = [_markdown_cell("index-intro", intro), _code_cell("index-progress", progress, [])]
    for game in tongue.games:
        own = [lesson for lesson in lessons if lesson.game == game.number]
        lines = [f"## {game.number} {game.name}", "", game.blurb, ""]
        if own:
            for lesson in own:
                summary = f": {lesson.summary}" if lesson.summary else ""
                measured = minutes.get(lesson_number(lesson.name))
                took = "" if measured is None else " " + tongue.minutes_short.format(total=sum(measured))
                lines.append(f"- [{lesson.title}]({lesson.name}){took}{summary}")
        else:
            lines.append(tongue.no_lessons.format(game=game.name))
        cells.append(_markdown_cell(f"index-game-{game.number}", "\n".join(lines)))
    metadata = {**NOTEBOOK_METADATA, "title": f"{SITE}: {tongue.site_title}", "lang": tongue.lang}
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def notebook_text(notebook: dict[str, Any]) -> str:
    """The notebook serialised as Jupyter writes it (one-space indent, sorted keys, final newline)."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def lesson_number(name: str) -> str:
    """``"01.02"`` for ``01.02-payouts-and-ties.ipynb``: what pairs a lesson with its translations."""
    return name[:5]


def trees(folder: Path) -> list[tuple[Tongue, Path]]:
    """The languages whose lessons exist under ``folder``: English in it, the others in their subfolders."""
    return [(tongue, folder / tongue.folder) for tongue in TONGUES
            if tongue is ENGLISH or (folder / tongue.folder / INDEX_NAME).is_file()
            or any((folder / tongue.folder).glob("*.ipynb"))]


def planned_files(folder: Path, minutes_file: Path | None = None) -> dict[Path, str]:
    """Every file the script writes, with its new content, for every language's lessons (with the minutes of
    ``minutes_file``, if given)."""
    measured = read_minutes(minutes_file)
    languages = trees(folder)
    lessons = {tongue.lang: find_lessons(tree) for tongue, tree in languages}
    by_number = {tongue.lang: {lesson_number(lesson.name): lesson.path for lesson in lessons[tongue.lang]}
                 for tongue, _tree in languages}

    def others(here: Path, page: str | None = None, number: str | None = None, own: Tongue = ENGLISH) -> str:
        links = []
        for tongue, tree in languages:
            if tongue is own:
                continue
            target = tree / page if page else by_number[tongue.lang].get(number or "")
            links.append(other_link(tongue, target, here))
        return " | ".join(link for link in links if link)

    planned: dict[Path, str] = {}
    for tongue, tree in languages:
        own = lessons[tongue.lang]
        notebooks = {lesson.name: read_notebook(lesson.path) for lesson in own}
        questions = {name: prediction_questions(notebook, tongue) for name, notebook in notebooks.items()}
        answers = {name: prediction_answers(notebook) for name, notebook in notebooks.items()}
        minutes = measured.get(tongue.lang, {})
        choice = " · ".join(
            f"**{other.name}**" if other is tongue
            else f"[{other.name}]({Path(os.path.relpath(path / INDEX_NAME, tree)).as_posix()})"
            for other, path in languages
        ) if len(languages) > 1 else ""
        planned[tree / INDEX_NAME] = notebook_text(index_notebook(own, questions, tongue, choice, minutes))
        for position, lesson in enumerate(own):
            text = nav_text(own, position, tongue, others(tree, number=lesson_number(lesson.name), own=tongue),
                            practice=(tree / PRACTICE).is_file())
            notebook = with_navigation(notebooks[lesson.name], text, lesson.title, len(questions[lesson.name]), tongue,
                                       minutes.get(lesson_number(lesson.name)))
            planned[lesson.path] = notebook_text(without_outputs(notebook))
        for name in PAGES:
            path = tree / name
            if not path.is_file():
                continue
            notebook = read_notebook(path)
            title, _summary = title_and_summary(path, notebook)
            notebook = with_navigation(notebook, page_nav_text(tongue, others(tree, page=name, own=tongue)), title,
                                       tongue=tongue)
            if name == TEACHER:
                notebook = with_predictions(notebook, predictions_text(own, questions, tongue))
                notebook = with_predictions(notebook, answers_text(own, answers, tongue), ANSWERS_TAG)
                notebook = with_predictions(notebook, minutes_text(own, minutes, tongue), MINUTES_TAG)
            planned[path] = notebook_text(without_outputs(notebook))
    return planned


def stale_files(planned: dict[Path, str]) -> list[Path]:
    """The planned files whose current content differs (or that do not exist yet)."""
    return [
        path for path, text in planned.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--lessons", type=Path, default=DEFAULT_LESSONS, help="lessons folder")
    parser.add_argument("--check", action="store_true", help="only report files that are out of date")
    parser.add_argument("--minutes", type=Path, default=None,
                        help=f"measured minutes per lesson (default: {DEFAULT_MINUTES.name} for the committed lessons)")
    args = parser.parse_args(argv)
    minutes = args.minutes
    if minutes is None and args.lessons.resolve() == DEFAULT_LESSONS.resolve() and DEFAULT_MINUTES.is_file():
        minutes = DEFAULT_MINUTES
    try:
        planned = planned_files(args.lessons, minutes)
    except LessonFormatError as error:
        print(f"lesson_nav: {error}", file=sys.stderr)
        return 2
    stale = stale_files(planned)
    if args.check:
        for path in stale:
            print(f"out of date: {path} (run: python tools/lesson_nav.py)", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(planned[path], encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
