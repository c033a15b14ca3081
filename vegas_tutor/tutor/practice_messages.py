"""The Practice page's messages from the browser, checked like a board's
(:func:`~vegas_tutor.tutor.messages.parse_message`): what each holds, its type and its range; a malformed one is
refused and changes nothing.

>>> parse_message({"type": "answer", "id": "0123456789abcdef", "choice": "place 3"}, INTENTS)
AnswerIntent(id='0123456789abcdef', choice='place 3')
>>> parse_message({"type": "answer", "id": "0123", "choice": "place 3"}, INTENTS)
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'answer': id is malformed: '0123'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.core.games import GAMES
from vegas_tutor.i18n import _
from vegas_tutor.tutor.messages import MAX_RECORD_CHARS, OneOf, echo, parse_message

MAX_INBOX = 200
"""The most exercises a page may send from its inbox at once (the boards keep fewer)."""
MAX_CHOICE_CHARS = 320  # (an answer to a trade: the seat, its word, then the trade's text)

__all__ = ["INTENTS", "AnswerIntent", "GameIntent", "Intent", "LoadIntent", "NextIntent", "parse_message"]


@dataclass(frozen=True)
class DeckText:
    """The kept deck's text (``None``: this browser keeps none), at most ``MAX_RECORD_CHARS`` long."""

    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> str | None:
        if value is not None and not isinstance(value, str):
            raise InvalidActionError(_("message {kind!r}: {name} must be a kept deck's text or null, got {value}",
                                       kind=kind, name=name, value=echo(value)))
        if value is not None and len(value) > MAX_RECORD_CHARS:
            raise InvalidActionError(_("message {kind!r}: {name} is too long ({size:,} characters; at most "
                                       "{most:,})", kind=kind, name=name, size=len(value), most=MAX_RECORD_CHARS))
        return value


@dataclass(frozen=True)
class Inbox:
    """A list of at most :data:`MAX_INBOX` objects (each checked later as an exercise)."""

    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or any(not isinstance(item, dict) for item in value):
            raise InvalidActionError(_("message {kind!r}: {name} must be a list of exercises, got {value}",
                                       kind=kind, name=name, value=echo(value)))
        if len(value) > MAX_INBOX:
            raise InvalidActionError(_("message {kind!r}: at most {most} exercises at once, got {n}", kind=kind,
                                       most=MAX_INBOX, n=len(value)))
        return tuple(value)


@dataclass(frozen=True)
class Word:
    """Text of ``least`` to ``most`` characters, made only of ``allowed``."""

    least: int
    most: int
    allowed: str
    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> str:
        if not isinstance(value, str) or not self.least <= len(value) <= self.most or set(value) - set(self.allowed):
            raise InvalidActionError(_("message {kind!r}: {name} is malformed: {value}", kind=kind, name=name,
                                       value=echo(value)))
        return value


CHOICE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $-(),.':;"
"""What an action's text may hold (the engines write their actions in these)."""


@dataclass(frozen=True)
class LoadIntent:
    deck: Annotated[str | None, DeckText()]
    inbox: Annotated[tuple[Any, ...], Inbox()]


@dataclass(frozen=True)
class AnswerIntent:
    id: Annotated[str, Word(16, 16, "0123456789abcdef")]
    choice: Annotated[str, Word(1, MAX_CHOICE_CHARS, CHOICE_CHARS)]


@dataclass(frozen=True)
class NextIntent:
    pass


@dataclass(frozen=True)
class GameIntent:
    game: Annotated[str, OneOf(("", *GAMES))]


Intent = LoadIntent | AnswerIntent | NextIntent | GameIntent
INTENTS: dict[str, type[Intent]] = {"load": LoadIntent, "answer": AnswerIntent, "next": NextIntent,
                                    "game": GameIntent}
