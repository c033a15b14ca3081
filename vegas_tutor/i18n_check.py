"""Checks of the Spanish catalogues against the sources (run by the tests, and by hand while translating).

    python -m vegas_tutor.i18n_check                    # list every problem, exit 1 if any
    python -m vegas_tutor.i18n_check --add tutor.po     # also append the missing messages, untranslated, there

A problem is: a marked message with no Spanish (or a fuzzy one), Spanish whose ``{fields}`` differ from the
English, a catalogue entry no source uses any more, a ``_()`` / ``t()`` whose text is not a plain literal
(the extractors cannot see it), or a refusal raised with text that is not marked for translation.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from vegas_tutor.i18n import LANGUAGES, LOCALE_DIR, SourceMessage, catalog, source_messages, widget_messages
from vegas_tutor.resources import widgets_dir

FIELD = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")
ERRORS = {"IllegalActionError", "InvalidActionError", "ConfigError", "RecordError"}
"""The refusals a learner may read: their text must be marked (``_()``) or built from marked parts."""
MARKERS = {"_", "_n", "N_"}
JS_CALL = re.compile(r"(?<![\w.$])(tn?)\(\s*(?![\s\"])")
JS_TEXT = re.compile(r'(?<![\w.$])tn?\(\s*"((?:[^"\\]|\\.)*)"')


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
    args = parser.parse_args(argv)
    messages = [m for m in source_messages() if m.where.startswith(args.under)]
    if args.add:
        print(f"added {add_missing(messages, args.add)} messages to {args.add}")
        catalog.cache_clear()
    package = Path(__file__).resolve().parent
    problems = [p for p in source_problems(package, widgets_dir()) if p.startswith(args.under)] + [
        problem for lang in LANGUAGES[1:] for problem in translation_problems(source_messages(), lang)
        if problem.startswith(args.under) or problem.startswith("locale/")
    ]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
