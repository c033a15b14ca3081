"""Structured events: what an action did, as a kind and plain fields, never as English.

Each game's ``words`` module turns events into sentences (one renderer per language), so the engines,
the boards and the Spanish version share one account of what happened.

>>> e = Event("bid", seat=1, bid="three 5s")
>>> e.kind, e["seat"], e.to_dict()
('bid', 1, {'kind': 'bid', 'seat': 1, 'bid': 'three 5s'})
"""

from __future__ import annotations

from typing import Any


class Event:
    """One thing that happened: a ``kind`` and JSON-ready fields."""

    __slots__ = ("fields", "kind")

    def __init__(self, kind: str, **fields: Any) -> None:
        self.kind = kind
        self.fields: dict[str, Any] = fields

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.fields}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.fields) == (other.kind, other.fields)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.fields.items())
        return f"Event({self.kind!r}{args})"
