"""The board's log of what happened, grouped by turn: the setup, then one group per turn ("Round 2 · Green's
turn"), every line of a turn kept, and the turns of the last whole round kept with the current one.

>>> log = TurnLog(players=3)
>>> log.add("Blue draws the card A2.", seat=0, setup=False)
>>> log.add("Blue ends the turn.", seat=0, setup=False)
>>> log.add("Green draws the card B4.", seat=1, setup=False)
>>> [(g["title"], len(g["lines"])) for g in log.view(["Blue", "Green", "Red"])]
[("Round 1 · Blue's turn", 2), ("Round 1 · Green's turn", 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vegas_tutor.i18n import _

MAX_LINES = 200
"""A safety bound on the lines of one group (a turn has far fewer)."""


class TurnLog:
    """Lines grouped by turn; a new group starts whenever another seat's turn begins."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.groups: list[dict[str, Any]] = []
        self.turns = 0
        """How many turns (not setup) have been opened: the round is ``(turns - 1) // players + 1``."""

    def clear(self) -> None:
        self.groups, self.turns = [], 0

    def add(self, line: str, *, seat: int | None, setup: bool) -> None:
        """One line about the turn of ``seat`` (``setup``: the deal and the start rolls)."""
        if not line:
            return
        last = self.groups[-1] if self.groups else None
        if setup:
            if last is None or not last["setup"]:
                self.groups.append({"setup": True, "seat": None, "round": 0, "lines": []})
        elif last is None or last["setup"] or last["seat"] != seat:
            self.turns += 1
            self.groups.append({"setup": False, "seat": seat, "round": (self.turns - 1) // self.players + 1,
                                "lines": []})
        lines = self.groups[-1]["lines"]
        if len(lines) < MAX_LINES:
            lines.append(line)
        keep = self.players + 1  # the last whole round and the turn going on now
        if len(self.groups) > keep:
            del self.groups[: len(self.groups) - keep]

    def note(self, line: str, *, seat: int) -> None:
        """A line about the turn going on now (a trade, an answer); ``seat``: whose turn, if none is logged yet."""
        if self.groups and not self.groups[-1]["setup"]:
            self.groups[-1]["lines"].append(line)
        else:
            self.add(line, seat=seat, setup=False)

    def view(self, names: Sequence[str], you: int | None = None) -> list[dict[str, Any]]:
        """The groups for the board, oldest first, each with its title (``you``: the learner's seat)."""
        out = []
        for g in self.groups:
            if g["setup"]:
                title = _("Setup")
            elif g["seat"] == you:
                title = _("Round {n} · your turn", n=g["round"])
            else:
                title = _("Round {n} · {name}'s turn", n=g["round"], name=names[g["seat"]])
            out.append({"title": title, "seat": g["seat"], "lines": list(g["lines"])})
        return out
