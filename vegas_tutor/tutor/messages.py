"""What every board's message checking shares: the envelope, whole numbers, options, stepper moves, and the
messages every board takes (``resume`` a saved game, ``ping``).

Each game's ``intents`` module names its message types and fields and builds its own intents; the checks
common to all of them live here, so that every board answers a malformed message in the same words.
A value echoed in a refusal is cut to :data:`ECHO_LIMIT` characters (:func:`echo`).

>>> message_kind({"type": "step", "to": "next"}, {"step": ("to",)})
'step'
>>> step_intent("step", {"to": "sideways"})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'step': to must be one of back, next, restart, got 'sideways'

The refusals speak the language in force; the values they echo stay as they came (the message's own words):

>>> from vegas_tutor.i18n import using
>>> with using("es"):
...     step_intent("step", {"to": "sideways"})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: mensaje 'step': to debe ser uno de back, next, restart; llegó 'sideways'
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _

STEPS = ("back", "next", "restart")
ECHO_LIMIT = 80
"""The most characters of an offending value a refusal repeats (then "…")."""
MAX_RECORD_CHARS = 1_000_000
"""The longest saved game a board keeps in the browser or takes back (a whole Lords of Vegas game is ~50 000)."""
SHARED_FIELDS: dict[str, tuple[str, ...]] = {"resume": ("record",), "ping": ("n",)}
"""The messages every board takes besides its game's own."""

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = ECHO_LIMIT + 2
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 8
_REPR.maxlevel = 3


def echo(value: object) -> str:
    """``repr(value)`` for a refusal, at most ``ECHO_LIMIT`` characters (never builds a huge text).

    >>> echo("x" * 10_000_000)[-3:], len(echo("x" * 10_000_000))
    ('xx…', 81)
    >>> echo([1, 2])
    '[1, 2]'
    """
    return cut(repr(value[: ECHO_LIMIT + 1]) if isinstance(value, str) else _REPR.repr(value))


def cut(text: str) -> str:
    """``text`` cut to ``ECHO_LIMIT`` characters, with "…" when something was left out."""
    return text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT] + "…"


@dataclass(frozen=True)
class StepIntent:
    """Move a scenario stepper: ``back``, ``next`` or ``restart``."""

    to: str


@dataclass(frozen=True)
class OptionIntent:
    """Switch one of a board's options to ``value``."""

    name: str
    value: bool | str


@dataclass(frozen=True)
class ResetIntent:
    """Drop the what-if changes: back to the real game."""


@dataclass(frozen=True)
class NewGameIntent:
    """Start a new game with the same seats."""


@dataclass(frozen=True)
class UndoIntent:
    """Take back the learner's last decision (and the others' moves after it); never a roll."""


@dataclass(frozen=True)
class ResumeIntent:
    """Go on with the game of a sealed record the browser kept (checked by the engine's ``from_json``)."""

    record: str


@dataclass(frozen=True)
class PingIntent:
    """The page asks whether the board still answers; ``n`` comes back in a ``pong``."""

    n: int


def shared_intent(content: object) -> ResumeIntent | PingIntent | None:
    """The intent of a message every board takes (``resume``, ``ping``); None for any other message.

    >>> shared_intent({"type": "ping", "n": 3}), shared_intent({"type": "roll"})
    (PingIntent(n=3), None)
    """
    if not isinstance(content, dict) or content.get("type") not in SHARED_FIELDS:
        return None
    kind = message_kind(content, SHARED_FIELDS)
    if kind == "ping":
        return PingIntent(whole(kind, content, "n", 0, 2**53))
    record = content["record"]
    if not isinstance(record, str):
        raise InvalidActionError(_("message 'resume': record must be a saved game's text, got {value}",
                                   value=echo(record)))
    if len(record) > MAX_RECORD_CHARS:
        raise InvalidActionError(_("message 'resume': the saved game is too long ({size:,} characters; a board "
                                   "keeps at most {most:,})", size=len(record), most=MAX_RECORD_CHARS))
    return ResumeIntent(record)


def message_kind(content: object, fields: Mapping[str, Sequence[str]]) -> str:
    """Check a message's envelope: an object whose ``type`` is known, with exactly that type's fields."""
    if not isinstance(content, dict):
        raise InvalidActionError(_("a message must be an object with a 'type', got {kind}",
                                   kind=type(content).__name__))
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in fields:
        raise InvalidActionError(_("unknown message type {value}: expected one of {choices}", value=echo(kind),
                                   choices=", ".join(fields)))
    expected = set(fields[kind])
    given = set(content) - {"type"}
    if missing := sorted(expected - given):
        raise InvalidActionError(_("message {kind!r} is missing {fields}", kind=kind, fields=", ".join(missing)))
    if extra := sorted(given - expected, key=str):
        raise InvalidActionError(_("message {kind!r} has unexpected fields: {fields}", kind=kind,
                                   fields=cut(", ".join(map(str, extra)))))
    return kind


def whole(kind: str, content: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """The field ``name`` as a whole number in ``low..high`` (booleans refused)."""
    value = content[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidActionError(_("message {kind!r}: {name} must be a whole number, got {value}", kind=kind,
                                   name=name, value=echo(value)))
    if not low <= value <= high:
        raise InvalidActionError(_("message {kind!r}: {name} must be between {low} and {high}, got {value}",
                                   kind=kind, name=name, low=low, high=high, value=value))
    return value


def step_intent(kind: str, content: Mapping[str, Any]) -> StepIntent:
    to = content["to"]
    if to not in STEPS:
        raise InvalidActionError(_("message {kind!r}: to must be one of {choices}, got {value}", kind=kind,
                                   choices=", ".join(STEPS), value=echo(to)))
    return StepIntent(to)


def option_intent(
    content: Mapping[str, Any], booleans: Sequence[str], choices: Mapping[str, Sequence[str]]
) -> OptionIntent:
    """An option message: a boolean option set true or false, or a choice option set to one of its choices."""
    name, value = content["name"], content["value"]
    known = ", ".join((*booleans, *choices))
    if not isinstance(name, str):
        raise InvalidActionError(_("an option's name is text (one of {choices}), got {value}", choices=known,
                                   value=echo(name)))
    if name in booleans:
        if not isinstance(value, bool):
            raise InvalidActionError(_("option {name!r} must be true or false, got {value}", name=name,
                                       value=echo(value)))
        return OptionIntent(name, value)
    if name in choices:
        if value not in choices[name]:
            raise InvalidActionError(_("option {name!r} must be one of {choices}, got {value}", name=name,
                                       choices=", ".join(choices[name]), value=echo(value)))
        return OptionIntent(name, value)
    raise InvalidActionError(_("unknown option {value}: expected one of {choices}", value=echo(name), choices=known))
