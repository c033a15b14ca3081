"""Saved games: a JSON envelope naming the game and format version, sealed with a checksum.

The checksum catches corruption and casual tampering; each engine then re-validates the body by
replaying it through its own rules, so even a record with a recomputed checksum cannot smuggle in
an impossible position.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from vegas_tutor.core.errors import RecordError


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
        raise RecordError(f"a saved game is text, not {type(text).__name__}")
    try:
        envelope = json.loads(text)
    except RecursionError:
        raise RecordError("saved game is nested too deeply to be a record") from None
    except (TypeError, ValueError) as exc:
        raise RecordError(f"saved game is not valid JSON: {exc}") from None
    if not isinstance(envelope, dict) or set(envelope) != {"game", "version", "body", "sha256"}:
        raise RecordError("saved game is not a vegas-tutor record (expected game, version, body, sha256)")
    if envelope["game"] != game:
        raise RecordError(f"saved game is a {envelope['game']!r} record, not {game!r}")
    if envelope["version"] != version:
        raise RecordError(f"saved game has format version {envelope['version']!r}; this tutor reads {version}")
    try:
        digest = _digest(envelope["body"])
    except (RecursionError, ValueError, TypeError):
        raise RecordError("saved game body is nested too deeply or holds values JSON cannot hold") from None
    if envelope["sha256"] != digest:
        raise RecordError("saved game failed its checksum: it was corrupted or edited")
    return envelope["body"]
