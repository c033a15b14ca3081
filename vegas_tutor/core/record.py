"""Saved games: a JSON envelope naming the game and format version, sealed with a checksum.

The checksum catches corruption and casual tampering; each engine then re-validates the body by
replaying it through its own rules, so even a record with a recomputed checksum cannot smuggle in
an impossible position. Numbers a record carries are held to what the game can reach
(:func:`record_number`), so a loaded game never meets a number its rules, bots or simulators cannot hold.

>>> record_number(12, 0, 100, "money")
12
>>> record_number(2**63, 0, 100, "money")
Traceback (most recent call last):
...
vegas_tutor.core.errors.RecordError: saved game: money must be a whole number from 0 to 100, not 9223372036854775808
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import RecordError
from vegas_tutor.i18n import _


def record_number(value: Any, low: int, high: int, what: str) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; otherwise :class:`RecordError` naming
    ``what`` (a field of the record, shown to the learner)."""
    if not is_int(value) or not low <= value <= high:
        shown = repr(value)[:40]
        raise RecordError(_("saved game: {what} must be a whole number from {low} to {high}, not {value}",
                            what=what, low=low, high=high, value=shown))
    return value


def _digest(body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def dump_record(game: str, version: int, body: Any) -> str:
    """Serialise ``body`` (plain JSON data) as a sealed record of ``game``."""
    return json.dumps(
        {"game": game, "version": version, "body": body, "sha256": _digest(body)},
        sort_keys=True,
    )


def load_record(text: str, game: str, version: int) -> Any:
    """Open a record written by :func:`dump_record`; raise :class:`RecordError` if it is not sound."""
    if not isinstance(text, str | bytes):
        raise RecordError(_("a saved game is text, not {kind}", kind=type(text).__name__))
    try:
        envelope = json.loads(text)
    except RecursionError:
        raise RecordError(_("saved game is nested too deeply to be a record")) from None
    except (TypeError, ValueError) as exc:
        raise RecordError(_("saved game is not valid JSON: {problem}", problem=exc)) from None
    if not isinstance(envelope, dict) or set(envelope) != {"game", "version", "body", "sha256"}:
        raise RecordError(_("saved game is not a vegas-tutor record (expected game, version, body, sha256)"))
    if envelope["game"] != game:
        raise RecordError(_("saved game is a {found!r} record, not {game!r}", found=envelope["game"], game=game))
    if envelope["version"] != version:
        raise RecordError(_("saved game has format version {found!r}; this tutor reads {version}",
                                found=envelope["version"], version=version))
    try:
        digest = _digest(envelope["body"])
    except (RecursionError, ValueError, TypeError):
        raise RecordError(_("saved game body is nested too deeply or holds values JSON cannot hold")) from None
    if envelope["sha256"] != digest:
        raise RecordError(_("saved game failed its checksum: it was corrupted or edited"))
    return envelope["body"]
