"""Checks of the Spanish catalogues against the sources (run by the tests, and by hand while translating).

    python -m vegas_tutor.i18n_check                    # list every problem, exit 1 if any
    python -m vegas_tutor.i18n_check --add tutor.po     # also append the missing messages, untranslated, there
    python -m vegas_tutor.i18n_check --widget-words     # rewrite locale/widget_words.json from widgets/*.js

The messages are found with Babel's extractors (:func:`source_messages`); the widgets' part of them, file by
file, is kept in ``locale/widget_words.json`` so that each widget is sent only the words of its own files
(:func:`vegas_tutor.i18n.js_strings`) without the runtime reading any source.

A problem is: a marked message with no Spanish (or a fuzzy one), Spanish whose ``{fields}`` differ from the
English, a catalogue entry no source uses any more, a ``_()`` / ``t()`` whose text is not a plain literal
(the extractors cannot see it), a refusal raised with text that is not marked for translation, or a
``widget_words.json`` that no longer matches the widgets.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.extract import extract, extract_from_file

from vegas_tutor import i18n
from vegas_tutor.i18n import LANGUAGES, LOCALE_DIR, WIDGET_WORDS, catalog
from vegas_tutor.resources import widgets_dir

PY_KEYWORDS = {"_": None, "_n": (1, 2), "N_": None}
"""How Python marks a message: ``_(text)``, ``_n(singular, plural, n)``, ``N_(text)`` (marked, not translated)."""
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
"""How the widgets' JavaScript marks one: ``t(text, params)``, ``tn(singular, plural, n, params)``."""
WIDGET_WORDS_COMMAND = "python -m vegas_tutor.i18n_check --widget-words"

FIELD = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")
ERRORS = {"IllegalActionError", "InvalidActionError", "ConfigError", "RecordError"}
"""The refusals a learner may read: their text must be marked (``_()``) or built from marked parts."""
MARKERS = {"_", "_n", "N_"}
JS_CALL = re.compile(r"(?<![\w.$])(tn?)\(\s*(?![\s\"])")
JS_TEXT = re.compile(r'(?<![\w.$])tn?\(\s*"((?:[^"\\]|\\.)*)"')


@dataclass(frozen=True)
class SourceMessage:
    """A message found in the sources: its English (``plural`` for a count-dependent one) and where."""

    msgid: str
    plural: str | None
    where: str


def _messages(found: Iterable[tuple[int, Any, Any, Any]], where: str) -> Iterator[SourceMessage]:
    for line, text, _comments, _context in found:
        if isinstance(text, tuple):
            singular, plural = text[0], text[1]
            if singular:
                yield SourceMessage(singular, plural, f"{where}:{line}")
        elif text:
            yield SourceMessage(text, None, f"{where}:{line}")


def _extract(method: str, path: Path, keywords: Mapping[str, Any], root: Path) -> Iterator[SourceMessage]:
    found = extract_from_file(method, str(path), keywords=dict(keywords))
    return _messages(found, str(path.relative_to(root)))


def source_messages(package: Path | None = None, widgets: Path | None = None) -> list[SourceMessage]:
    """Every message the Python package and the widgets mark for translation, in file order."""
    package = package or Path(__file__).resolve().parent
    widgets = widgets or widgets_dir()
    found: list[SourceMessage] = []
    for path in sorted(package.rglob("*.py")):
        found.extend(_extract("python", path, PY_KEYWORDS, package.parent))
    found.extend(widget_messages(widgets))
    return found


def widget_messages(widgets: Path) -> list[SourceMessage]:
    """The messages of ``widgets/*.js``."""
    found: list[SourceMessage] = []
    for path in sorted(widgets.glob("*.js")):
        found.extend(_extract("javascript", path, JS_KEYWORDS, widgets.parent))
    return found


def module_messages(text: str, where: str = "module") -> list[SourceMessage]:
    """The messages an ES module's text marks (e.g. a widget's whole ``_esm``, shared helpers included)."""
    found = extract("javascript", io.BytesIO(text.encode("utf-8")), keywords=dict(JS_KEYWORDS))
    return list(_messages(found, where))


def widget_words(widgets: Path) -> dict[str, list[str]]:
    """For each ``widgets/*.js`` file, the messages it marks, each once, in the order first used: the table a
    widget's words are taken from (:data:`vegas_tutor.i18n.WIDGET_WORDS`)."""
    return {path.name: list(dict.fromkeys(m.msgid for m in _extract("javascript", path, JS_KEYWORDS, widgets.parent)))
            for path in sorted(widgets.glob("*.js"))}


def widget_words_text(widgets: Path) -> str:
    """:func:`widget_words` as the text of ``widget_words.json``."""
    return json.dumps(widget_words(widgets), ensure_ascii=False, indent=1) + "\n"


def write_widget_words(widgets: Path) -> Path:
    """Rewrite ``locale/widget_words.json`` from ``widgets``; its path."""
    path = LOCALE_DIR / WIDGET_WORDS
    path.write_text(widget_words_text(widgets), encoding="utf-8")
    i18n.widget_words.cache_clear()
    i18n._widget_msgids.cache_clear()
    return path


def widget_words_problems(widgets: Path) -> list[str]:
    """A problem when the kept ``widget_words.json`` differs from what the widgets mark now."""
    path = LOCALE_DIR / WIDGET_WORDS
    if path.is_file() and path.read_text(encoding="utf-8") == widget_words_text(widgets):
        return []
    return [f"locale/{WIDGET_WORDS} does not match widgets/*.js: run {WIDGET_WORDS_COMMAND}"]


def fields(text: str) -> set[str]:
    """The names of the ``{fields}`` of a message."""
    return set(FIELD.findall(text))


def translation_problems(messages: Iterable[SourceMessage], lang: str = "es") -> list[str]:
    """What is missing or wrong in ``lang``'s catalogues for ``messages``."""
    table = catalog(lang)
    problems: list[str] = []
    seen: set[str] = set()
    for message in messages:
        if message.msgid in seen:
            continue
        seen.add(message.msgid)
        entry = table.get(message.msgid)
        if entry is None or not all(entry.forms):
            problems.append(f"{message.where}: no {lang} words for {message.msgid!r}")
            continue
        if entry.fuzzy:
            problems.append(f"{message.where}: the {lang} words for {message.msgid!r} are marked fuzzy")
        if message.plural is not None and len(entry.forms) < 2:
            problems.append(f"{message.where}: {message.msgid!r} needs a singular and a plural in {lang}")
        english = fields(message.msgid) | (fields(message.plural) if message.plural else set())
        for form in entry.forms:
            if fields(form) - english or (fields(message.msgid) - fields(form) - {"n"}):
                problems.append(f"{message.where}: {lang} {form!r} has fields {sorted(fields(form))}, "
                                f"the English {sorted(english)}")
    unused = sorted(set(table) - seen)
    problems.extend(f"locale/{lang}: {msgid!r} is used nowhere any more" for msgid in unused)
    return problems


def _is_marked(node: ast.expr) -> bool:
    """A message built only from marked parts (a ``_()`` call, or a join / concatenation of them)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in MARKERS
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return True
    if isinstance(node, ast.BinOp):
        return _is_marked(node.left) and _is_marked(node.right)
    return isinstance(node, ast.Name)  # a text built earlier from marked parts


def source_problems(package: Path, widgets: Path) -> list[str]:
    """Messages the extractors cannot see, and refusals raised with unmarked text."""
    problems: list[str] = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package.parent)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name, args = node.func.id, node.args
            if name in MARKERS:
                count = 2 if name == "_n" else 1
                if len(args) < count or not all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                                for a in args[:count]):
                    problems.append(f"{where}:{node.lineno}: {name}() needs literal text")
            elif name in ERRORS and args and not _is_marked(args[0]):
                problems.append(f"{where}:{node.lineno}: {name}(...) text is not marked for translation")
    seen = {message.msgid for message in widget_messages(widgets)}
    for path in sorted(widgets.glob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/**", "function ")):
                continue
            if JS_CALL.search(line):
                problems.append(f"widgets/{path.name}:{number}: t()/tn() needs a \"double-quoted\" literal text")
            for match in JS_TEXT.finditer(line):
                if json.loads(f'"{match[1]}"') not in seen:
                    problems.append(f"widgets/{path.name}:{number}: the extractor cannot see t({match[1]!r}) "
                                    "(inside a template literal or another call's arguments): write it apart")
    return problems


def add_missing(messages: Iterable[SourceMessage], po_name: str, lang: str = "es") -> int:
    """Append the messages with no ``lang`` words to ``locale/<lang>/<po_name>``, untranslated; how many."""
    table = catalog(lang)
    path = LOCALE_DIR / lang / po_name
    lines: list[str] = []
    done: set[str] = set()
    for message in messages:
        if message.msgid in table or message.msgid in done:
            continue
        done.add(message.msgid)
        lines += ["", f"#: {message.where}", f"msgid {_quote(message.msgid)}"]
        if message.plural is None:
            lines.append('msgstr ""')
        else:
            lines += [f"msgid_plural {_quote(message.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
    if lines:
        with path.open("a", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    return len(done)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--add", metavar="PO", help="append missing messages to locale/es/PO, untranslated")
    parser.add_argument("--under", default="", help="only messages whose place starts with this path")
    parser.add_argument("--widget-words", action="store_true",
                        help=f"rewrite locale/{WIDGET_WORDS}, the messages of each widget file")
    args = parser.parse_args(argv)
    messages = [m for m in source_messages() if m.where.startswith(args.under)]
    if args.add:
        print(f"added {add_missing(messages, args.add)} messages to {args.add}")
        catalog.cache_clear()
    if args.widget_words:
        print(f"wrote {write_widget_words(widgets_dir())}")
    package = Path(__file__).resolve().parent
    problems = [p for p in source_problems(package, widgets_dir()) if p.startswith(args.under)] + [
        problem for lang in LANGUAGES[1:] for problem in translation_problems(source_messages(), lang)
        if problem.startswith(args.under) or problem.startswith("locale/")
    ] + widget_words_problems(widgets_dir())
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
