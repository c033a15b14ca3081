"""Reading the browser's messages: one frozen dataclass per intent, and one checker, :func:`parse_message`.

A message is never trusted. Each intent is a frozen dataclass whose fields say their type and their range in
``Annotated`` metadata (``face: Annotated[int, Range(1, 6)]``); a board names its message types in a table
``{"place": PlaceIntent, ...}`` and :func:`parse_message` checks a message against it: an object whose
``type`` is known, with exactly that intent's fields, each of its type (a ``bool`` is not a whole number)
and in its range. Whether the intent is legal *now* is the board's and the engine's business.
The messages every board takes (``resume`` a saved game, ``ping``) and the stepper and option intents live
here too, so that every board answers a malformed message in the same words. A value echoed in a refusal
is cut to :data:`ECHO_LIMIT` characters (:func:`echo`).

>>> parse_message({"type": "step", "to": "next"}, {"step": StepIntent})
StepIntent(to='next')
>>> parse_message({"type": "step", "to": "sideways"}, {"step": StepIntent})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'step': to must be one of back, next, restart, got 'sideways'

The refusals speak the language in force; the values they echo stay as they came (the message's own words):

>>> from vegas_tutor.i18n import using
>>> with using("es"):
...     parse_message({"type": "step", "to": "sideways"}, {"step": StepIntent})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: mensaje 'step': to debe ser uno de back, next, restart; llegó 'sideways'
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Protocol, TypeVar, get_args, get_origin, get_type_hints, overload

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _, tr

STEPS = ("back", "next", "restart")
ECHO_LIMIT = 80
"""The most characters of an offending value a refusal repeats (then "…")."""
MAX_RECORD_CHARS = 1_000_000
"""The longest saved game a board keeps in the browser or takes back (a whole Lords of Vegas game is ~50 000)."""

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = ECHO_LIMIT + 2
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 8
_REPR.maxlevel = 3

T = TypeVar("T")


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


# ---------------------------------------------------------------------------------- what a field may hold
class Rule(Protocol):
    """A field's check, kept in its ``Annotated`` metadata: the value as the intent keeps it, or a refusal."""

    typed: ClassVar[bool]
    """Whether the rule checks the value's type itself (else the field's type, ``int`` or ``bool``, is checked
    first)."""

    def check(self, kind: str, name: str, value: Any) -> Any: ...


@dataclass(frozen=True)
class Range:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int
    typed: ClassVar[bool] = False

    def check(self, kind: str, name: str, value: int) -> int:
        if not self.low <= value <= self.high:
            raise InvalidActionError(_("message {kind!r}: {name} must be between {low} and {high}, got {value}",
                                       kind=kind, name=name, low=self.low, high=self.high, value=value))
        return value


@dataclass(frozen=True)
class OneOf:
    """One of ``choices``, of the same type (``100.0`` is not ``100``, ``True`` not ``1``)."""

    choices: tuple[Any, ...]
    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> Any:
        if not any(type(value) is type(c) and value == c for c in self.choices):
            raise InvalidActionError(_("message {kind!r}: {name} must be one of {choices}, got {value}", kind=kind,
                                       name=name, choices=", ".join(map(str, self.choices)), value=echo(value)))
        return value


@dataclass(frozen=True)
class Faces:
    """A list of at most ``most`` die faces 1..6, kept sorted as a tuple."""

    most: int
    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or any(not is_int(f) or not 1 <= f <= 6 for f in value):
            raise InvalidActionError(_("message {kind!r}: faces must be a list of die faces 1..6, got {value}",
                                       kind=kind, value=echo(value)))
        if len(value) > self.most:
            raise InvalidActionError(_("message {kind!r}: at most {most} dice, got {n}", kind=kind, most=self.most,
                                       n=len(value)))
        return tuple(sorted(value))


@dataclass(frozen=True)
class Text:
    """Text of at most ``most`` characters, not blank, read by ``read`` (an engine's parser, whose refusal is
    passed on); ``refusal`` (marked with ``N_``, fields ``kind``, ``name``, ``value``) says what it must be."""

    most: int
    read: Callable[[str], Any]
    refusal: str
    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> Any:
        if not isinstance(value, str) or not value.strip() or len(value) > self.most:
            why = tr(self.refusal, kind=kind, name=name, value=echo(value))
            raise InvalidActionError(why)
        try:
            return self.read(value)
        except InvalidActionError as exc:
            raise InvalidActionError(_("message {kind!r}: {why}", kind=kind, why=str(exc))) from None


@dataclass(frozen=True)
class SavedGame:
    """A saved game's text, at most ``MAX_RECORD_CHARS`` long (its content is the engine's ``from_json``'s to
    check: a record it refuses starts a new game, said on the board)."""

    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise InvalidActionError(_("message 'resume': record must be a saved game's text, got {value}",
                                       value=echo(value)))
        if len(value) > MAX_RECORD_CHARS:
            raise InvalidActionError(_("message 'resume': the saved game is too long ({size:,} characters; a "
                                       "board keeps at most {most:,})", size=len(value), most=MAX_RECORD_CHARS))
        return value


# ---------------------------------------------------------------------------------- the intents
@dataclass(frozen=True)
class StepIntent:
    """Move a scenario stepper: ``back``, ``next`` or ``restart``."""

    to: Annotated[str, OneOf(STEPS)]


@dataclass(frozen=True)
class OptionIntent:
    """Switch one of a board's options to ``value`` (checked by the board's :class:`Options`)."""

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

    record: Annotated[str, SavedGame()]


@dataclass(frozen=True)
class PingIntent:
    """The page asks whether the board still answers; ``n`` comes back in a ``pong``."""

    n: Annotated[int, Range(0, 2**53)]


@dataclass(frozen=True)
class Options:
    """A board's options, for its ``option`` message (:class:`OptionIntent`): the switches (true or false) and
    the choices (one of their values). The one message whose value's check depends on another field, its
    ``name``; :func:`parse_message` is given them beside the board's intents."""

    booleans: Sequence[str]
    choices: Mapping[str, Sequence[str]]
    fields: ClassVar[tuple[str, ...]] = ("name", "value")

    def read(self, content: Mapping[str, Any]) -> OptionIntent:
        name, value = content["name"], content["value"]
        known = ", ".join((*self.booleans, *self.choices))
        if not isinstance(name, str):
            raise InvalidActionError(_("an option's name is text (one of {choices}), got {value}", choices=known,
                                       value=echo(name)))
        if name in self.booleans:
            if not isinstance(value, bool):
                raise InvalidActionError(_("option {name!r} must be true or false, got {value}", name=name,
                                           value=echo(value)))
            return OptionIntent(name, value)
        if name in self.choices:
            if value not in self.choices[name]:
                raise InvalidActionError(_("option {name!r} must be one of {choices}, got {value}", name=name,
                                           choices=", ".join(self.choices[name]), value=echo(value)))
            return OptionIntent(name, value)
        raise InvalidActionError(_("unknown option {value}: expected one of {choices}", value=echo(name),
                                   choices=known))


@dataclass(frozen=True)
class PlotlyIntent:
    """The page asks for plotly.js (for the review's chart): it comes back once over the board's channel."""


SHARED_INTENTS: dict[str, type[ResumeIntent | PingIntent | PlotlyIntent]] = {
    "resume": ResumeIntent, "ping": PingIntent, "plotly": PlotlyIntent}
"""The messages every board takes besides its game's own."""


# ---------------------------------------------------------------------------------- the checker
_Field = tuple[str, type, tuple[Rule, ...]]
_READ: dict[type, tuple[_Field, ...]] = {}


def _fields(intent: type) -> tuple[_Field, ...]:
    """Each field of an intent class: its name, its type and its rules (read once per class)."""
    if intent in _READ:
        return _READ[intent]
    hints = get_type_hints(intent, include_extras=True)
    out: list[_Field] = []
    for f in dataclasses.fields(intent):
        hint = hints[f.name]
        base, *rules = get_args(hint) if get_origin(hint) is Annotated else (hint,)
        if base not in (int, bool) and not any(rule.typed for rule in rules):
            raise TypeError(f"{intent.__name__}.{f.name}: a {base} field needs a rule that checks its type")
        out.append((f.name, base, tuple(rules)))
    _READ[intent] = tuple(out)
    return _READ[intent]


def _names(intent: type) -> tuple[str, ...]:
    return Options.fields if intent is OptionIntent else tuple(name for name, _base, _rules in _fields(intent))


@overload
def parse_message(content: object, intents: Mapping[str, type[T]]) -> T: ...
@overload
def parse_message(content: object, intents: Mapping[str, type[T]], options: Options) -> T | OptionIntent: ...
def parse_message(content: object, intents: Mapping[str, type[T]], options: Options | None = None) -> T | OptionIntent:
    """The intent a message carries, checked against ``intents`` (message type -> intent class; an
    :class:`OptionIntent` is checked by the board's ``options``); a malformed message raises
    ``InvalidActionError`` saying why."""
    kind = message_kind(content, {name: _names(intent) for name, intent in intents.items()})
    assert isinstance(content, dict)
    intent = intents[kind]
    if intent is OptionIntent:
        if options is None:
            raise TypeError(f"message {kind!r} is an option: parse_message needs the board's options")
        return options.read(content)
    values: dict[str, Any] = {}
    for name, base, rules in _fields(intent):
        value = content[name]
        if not any(rule.typed for rule in rules):
            value = _typed(kind, name, base, value)
        for rule in rules:
            value = rule.check(kind, name, value)
        values[name] = value
    return intent(**values)


def _typed(kind: str, name: str, base: type, value: object) -> object:
    """``value`` if it is of the field's type ``int`` (a ``bool`` is not) or ``bool``; else a refusal."""
    if base is bool and not isinstance(value, bool):
        raise InvalidActionError(_("message {kind!r}: {name} must be true or false, got {value}", kind=kind,
                                   name=name, value=echo(value)))
    if base is int and not is_int(value):
        raise InvalidActionError(_("message {kind!r}: {name} must be a whole number, got {value}", kind=kind,
                                   name=name, value=echo(value)))
    return value


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


def taken(content: object, intents: Mapping[str, Any]) -> bool:
    """Whether ``content`` is a message of one of ``intents``' types (then it is theirs to check)."""
    return isinstance(content, dict) and isinstance(content.get("type"), str) and content["type"] in intents


def shared_intent(content: object) -> ResumeIntent | PingIntent | PlotlyIntent | None:
    """The intent of a message every board takes (``resume``, ``ping``, ``plotly``); None for any other message.

    >>> shared_intent({"type": "ping", "n": 3}), shared_intent({"type": "roll"})
    (PingIntent(n=3), None)
    """
    if not taken(content, SHARED_INTENTS):
        return None
    return parse_message(content, SHARED_INTENTS)


def step_intent(kind: str, content: Mapping[str, Any]) -> StepIntent:
    """A stepper move checked (kept for callers of the checks before :func:`parse_message`)."""
    return parse_message({**content, "type": kind}, {kind: StepIntent})
