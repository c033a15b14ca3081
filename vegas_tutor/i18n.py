"""The tutor's two languages: English (the source text) and Spanish (gettext catalogues, read with Babel).

Python owns the words. A sentence a learner reads is written once, in English, inside ``_()`` (``_n()`` when
it depends on a count); ``vegas_tutor/locale/es/*.po`` holds its Spanish. One language is in force per
process (a lesson's kernel): Spanish lessons call ``set_language("es")`` in their first cell, so every board,
panel, coach line and refusal made afterwards speaks Spanish. Numbers inside a message follow the language
("0.25" / "0,25", "80,000" / "80.000").

The boards' own interface words live in ``widgets/*.js`` inside ``t("...")`` / ``tn("...", "...", n)``; the same
catalogues translate them, and :func:`js_strings` hands a widget the words of its own front-end files, found
through ``locale/widget_words.json`` (which messages each ``widgets/*.js`` file marks). This module is the
runtime only: finding the messages in the sources, checking the catalogues and writing that table is
:mod:`vegas_tutor.i18n_check`'s job (the tests run it and fail when a message has no Spanish).

>>> set_language("fr")
Traceback (most recent call last):
...
vegas_tutor.core.errors.ConfigError: unknown language 'fr': choose one of en, es
>>> with using("es"):
...     set_language("fr")
Traceback (most recent call last):
...
vegas_tutor.core.errors.ConfigError: idioma desconocido 'fr': elige uno de en, es
>>> with using("es"):
...     money_k(80_000), number(1234.5, 1), percent(0.375, 1), names_list(["Ana", "Benno", "Inés"])
('80.000\xa0$', '1.234,5', '37,5\xa0%', 'Ana, Benno e Inés')
>>> money_k(80_000), money(1200), number(1234.5, 1), percent(0.375, 1), names_list("abc"), language()
('$80k', '$1,200', '1,234.5', '37.5%', 'a, b and c', 'en')
"""

from __future__ import annotations

import json
import math
import os
import re
import string
import warnings
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, SupportsFloat

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import NumberPattern, parse_pattern

from vegas_tutor.core.errors import ConfigError

LANGUAGES = ("en", "es")
"""The languages of the tutor: English (the source text) first."""
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""``locale/<lang>/*.po``: one catalogue per part of the tutor, merged when read."""
WIDGET_WORDS = "widget_words.json"
"""In ``LOCALE_DIR``: for each ``widgets/*.js`` file, the messages it marks, in the order first used
(written by ``python -m vegas_tutor.i18n_check --widget-words``; a test fails when it is out of date)."""

_language = "en"


def set_language(lang: str) -> None:
    """Speak ``lang`` ("en" or "es") from now on in this process."""
    global _language
    if lang not in LANGUAGES:
        raise ConfigError(_("unknown language {lang!r}: choose one of {choices}", lang=lang,
                            choices=", ".join(LANGUAGES)))
    _language = lang


def language() -> str:
    """The language in force."""
    return _language


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block, then the language before it."""
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


@dataclass(frozen=True)
class Entry:
    """One message of a catalogue: its Spanish (one form, or the singular and plural)."""

    forms: tuple[str, ...]
    fuzzy: bool


@cache
def catalog(lang: str) -> Mapping[str, Entry]:
    """Every message of ``lang``'s catalogues, keyed by its English (the singular for a plural message).

    A message defined twice with different words is an error (``LookupError``): each belongs to one catalogue.
    """
    entries: dict[str, Entry] = {}
    for path in sorted((LOCALE_DIR / lang).glob("*.po")):
        with path.open("rb") as handle:
            po: Catalog = read_po(handle, locale=lang)
        for message in po:
            if not message.id:
                continue
            key = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
            text = message.string
            forms = tuple(text) if isinstance(text, (tuple, list)) else (text,)
            entry = Entry(tuple(str(form) for form in forms), message.fuzzy)
            if key in entries and entries[key] != entry:
                raise LookupError(f"{path.name}: {key!r} is translated twice, differently")
            entries[key] = entry
    return entries


_NUMBER_SPEC = re.compile(r"(?P<group>,?)(?:\.(?P<digits>\d+)f)?")
"""The format specs a number takes inside a message: ``{n}``, ``{n:,}``, ``{x:.1f}``, ``{x:,.2f}``."""


class _LocaleFormatter(string.Formatter):
    """``str.format`` with numbers written the language's way through Babel (decimal comma, dot between
    thousands in Spanish); a spec other than :data:`_NUMBER_SPEC` is Python's own."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        spec = _NUMBER_SPEC.fullmatch(format_spec)
        if self.lang == "en" or spec is None or not isinstance(value, (int, float)) or isinstance(value, bool):
            return str(super().format_field(value, format_spec))
        shown = repr(value)
        if spec["digits"] is None and isinstance(value, float) and ("e" in shown or "n" in shown):
            return str(super().format_field(value, format_spec))  # (1e-07, inf, nan: as Python writes them)
        if spec["digits"] is not None:
            digits, exact = int(spec["digits"]), Decimal(value)
        else:  # as many decimals as Python shows
            digits, exact = (len(shown.partition(".")[2]) if isinstance(value, float) else 0), Decimal(shown)
        return _decimal(exact, digits, self.lang, grouped=bool(spec["group"]))


def _exact(value: Any) -> Decimal:
    """A number as a ``Decimal``: ints and floats exactly, anything else (a ``Fraction``, numpy) through float."""
    return Decimal(value) if isinstance(value, (int, float, Decimal)) else Decimal(float(value))


def _decimal(value: Decimal, digits: int, lang: str, *, grouped: bool = True, pattern: str = "{}") -> str:
    """``value`` with ``digits`` decimals in ``lang`` (Babel); ``pattern`` puts the number in its place."""
    return _decimal_text(str(value), digits, lang, grouped, pattern)


@lru_cache(maxsize=8192)
def _decimal_text(value: str, digits: int, lang: str, grouped: bool, pattern: str) -> str:
    """Kept once written, by the number's exact text (so -0 stays apart from 0): a board writes the same bills
    and odds again at every redraw."""
    number = _number_pattern(pattern, grouped, digits)
    text: str = number.apply(Decimal(value), _locale(lang), decimal_quantization=True)
    return text


@cache
def _number_pattern(pattern: str, grouped: bool, digits: int) -> NumberPattern:
    body = ("#,##0" if grouped else "0") + ("." + "0" * digits if digits else "")
    return parse_pattern(pattern.replace("{}", body))


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


class MissingWordsWarning(UserWarning):
    """A message has no words in the language in force (it is shown in English)."""


STRICT_ENV = "VEGAS_TUTOR_STRICT_WORDS"
"""Set to 1 (the tests do) to make a missing text an error instead of a warning."""


def _lookup(msgid: str, form: int, fallback: str) -> str:
    if _language == "en":
        return fallback
    entry = catalog(_language).get(msgid)
    if entry is None or not entry.forms[min(form, len(entry.forms) - 1)]:
        problem = f"no {_language} words for {msgid!r}: add them to vegas_tutor/locale/{_language}/"
        if os.environ.get(STRICT_ENV) == "1":
            raise LookupError(problem)
        warnings.warn(problem, MissingWordsWarning, stacklevel=3)
        return fallback
    return entry.forms[min(form, len(entry.forms) - 1)]


def _(msgid: str, /, **params: Any) -> str:
    """``msgid`` in the language in force, with ``{name}`` fields filled from ``params``."""
    text = _lookup(msgid, 0, msgid)
    return _LocaleFormatter(_language).format(text, **params) if params else text


def _n(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The singular or plural message for ``n`` (given to the text as ``{n}`` too), in the language in force."""
    form = 0 if n == 1 else 1
    text = _lookup(singular, form, (singular, plural)[form])
    return _LocaleFormatter(_language).format(text, n=n, **params)


def N_(msgid: str, /) -> str:
    """Mark ``msgid`` for the catalogue without translating it now (a constant, translated where it is shown)."""
    return msgid


def tr(text: str, /, **params: Any) -> str:
    """A text marked where it was defined (``N_``) in the language in force, ``{fields}`` from ``params``."""
    translated = _lookup(text, 0, text)
    return _LocaleFormatter(_language).format(translated, **params) if params else translated


# Numbers, money and lists, through Babel; ``lang`` is the language in force unless given (a renderer of one
# language passes its own).
def number(value: SupportsFloat, digits: int = 0, *, lang: str | None = None) -> str:
    """``value`` with ``digits`` decimals, grouped by thousands, the language's way: "1,234.5" / "1.234,5"."""
    return _decimal(_exact(value), digits, lang or _language)


def percent(share: SupportsFloat, digits: int | None = 0, *, lang: str | None = None) -> str:
    """A share 0..1 as a percentage with ``digits`` decimals: "37%", "37.5%" / "37,5 %". ``digits=None``: one
    decimal, two significant digits below 0.1% ("0.053%")."""
    lang = lang or _language
    exact = _exact(share)
    if digits is None:
        value = 100 * float(share)
        digits = 1
        if 0 < value < 0.1:
            figure = f"{value:.2g}"
            digits = len(figure.partition(".")[2]) if "e" not in figure else 1 - math.floor(math.log10(value))
    return _decimal(exact, digits, lang, pattern=_PERCENT[lang])


def money(amount: SupportsFloat, digits: int = 0, *, signed: bool = False, lang: str | None = None) -> str:
    """Dollars: "$12", "$1,200", "$-3", "$0.50" / "12 $"; ``signed`` leads with "+" or "-" ("+$1.500")."""
    lang = lang or _language
    if signed:
        value = float(amount)
        return ("-" if value < 0 else "+") + money(abs(value), digits, lang=lang)
    return _decimal(_exact(amount), digits, lang, pattern=_MONEY[lang])


def money_k(amount: int, *, lang: str | None = None) -> str:
    """A Las Vegas bill the way the rulebook of the language writes it: "$80k", "$1,500" / "80.000 $"."""
    lang = lang or _language
    if lang == "en" and amount % 1000 == 0:
        return f"${amount // 1000}k"
    return money(amount, lang=lang)


def names_list(items: Iterable[str], *, lang: str | None = None) -> str:
    """Words joined the language's way: "a, b and c" / "a, b y c" ("e" before an i sound: "a e Inés")."""
    lang = lang or _language
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    text: str = format_list(words, locale=_LIST_LOCALE[lang])
    last = words[-1]
    if lang == "es" and last[:1].lower() in ("i", "í") and text.endswith(" y " + last):
        text = text[: -len(last) - 3] + " e " + last
    return text


_PERCENT = {"en": "{}%", "es": "{}\u00a0%"}
_MONEY = {"en": "${};$-{}", "es": "{}\u00a0$"}
_LIST_LOCALE = {"en": "en_GB", "es": "es"}
"""Lists by CLDR's patterns; English without the serial comma (as en_GB writes it: "a, b and c")."""


@cache
def widget_words() -> Mapping[str, tuple[str, ...]]:
    """For each ``widgets/*.js`` file, the messages it marks (read once from :data:`WIDGET_WORDS`)."""
    with (LOCALE_DIR / WIDGET_WORDS).open(encoding="utf-8") as handle:
        table = json.load(handle)
    return {str(name): tuple(str(msgid) for msgid in ids) for name, ids in table.items()}


@cache
def _widget_msgids(files: tuple[str, ...]) -> tuple[str, ...]:
    table = widget_words()
    return tuple(dict.fromkeys(msgid for name in files for msgid in table[name]))


def js_strings(lang: str | None = None, files: Iterable[str] | None = None) -> dict[str, Any]:
    """The words of the widget front-end ``files`` (``"las_vegas.js"``, …; every widget file by default) in
    ``lang`` (the language in force by default): English text -> its words, a list of [singular, plural] for a
    count-dependent one. Empty for English (the text is its own words)."""
    lang = lang or _language
    if lang == "en":
        return {}
    known = widget_words()
    names = tuple(known) if files is None else tuple(files)
    for name in names:
        if name not in known:
            problem = (f"no words table for widgets/{name}: run python -m vegas_tutor.i18n_check --widget-words "
                       f"(it writes locale/{WIDGET_WORDS})")
            if os.environ.get(STRICT_ENV) == "1":
                raise LookupError(problem)
            warnings.warn(problem, MissingWordsWarning, stacklevel=2)
    table = catalog(lang)
    strings: dict[str, Any] = {}
    for msgid in _widget_msgids(tuple(name for name in names if name in known)):
        entry = table.get(msgid)
        if entry is not None and all(entry.forms):
            strings[msgid] = list(entry.forms) if len(entry.forms) > 1 else entry.forms[0]
    return strings
