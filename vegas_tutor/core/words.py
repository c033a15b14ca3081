"""The words contract every game's ``words`` module keeps.

``say(event, names, *, you=None)`` turns one event into a sentence in the language in force; ``names`` are
the seats' names and ``you`` the learner's seat (spoken to in the second person), never found by a name.
Each module declares ``KINDS``, the event kinds its engine records, and refuses any other kind; it picks
its renderer from one table per language (:func:`renderer`).

>>> check_kind("Las Vegas", frozenset({"roll"}), Event("bid"))
Traceback (most recent call last):
...
vegas_tutor.core.words.UnknownEventError: Las Vegas has no 'bid' event (its kinds: roll)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from vegas_tutor import i18n
from vegas_tutor.core.errors import VegasTutorError
from vegas_tutor.core.events import Event

T = TypeVar("T")


class UnknownEventError(VegasTutorError):
    """An event of a kind its game's words module does not declare (another game's, or a misspelling)."""


def check_kind(game: str, kinds: frozenset[str], event: Event) -> None:
    """Raise :class:`UnknownEventError` unless ``event.kind`` is one of ``kinds`` (the game's)."""
    if event.kind not in kinds:
        raise UnknownEventError(f"{game} has no {event.kind!r} event (its kinds: {', '.join(sorted(kinds))})")


def renderer(table: Mapping[str, T], lang: str | None = None) -> T:
    """``table``'s entry for ``lang`` (the language in force by default)."""
    return table[lang or i18n.language()]
