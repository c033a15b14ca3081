"""Casinos as a view of the board: groups of same-colour tiles joined edge to edge inside a block."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vegas_tutor.lords_of_vegas.board import LOTS, ORDER


@dataclass(frozen=True)
class Casino:
    """One casino: its tiles (board order), colour, dice ``(lot, owner, value)``, boss and Strip contact.

    ``boss`` is the owner of the single highest die (or of all the tied highest dice, if they are one
    player's); ``None`` when the casino has no dice, or while a tie between players awaits its re-roll.
    """

    lots: tuple[str, ...]
    colour: str
    dice: tuple[tuple[str, int, int], ...]
    boss: int | None
    strip: bool

    @property
    def key(self) -> str:
        """The casino's first lot in board order: how actions name it."""
        return self.lots[0]

    @property
    def size(self) -> int:
        return len(self.lots)

    @property
    def pips(self) -> int:
        return sum(value for _, _, value in self.dice)

    def owners(self) -> tuple[int, ...]:
        """The players with a die here, in seat order."""
        return tuple(sorted({owner for _, owner, _ in self.dice}))

    def tied_top(self) -> tuple[str, ...]:
        """Lots of the highest dice when they belong to two or more players (a tie to re-roll), else ()."""
        if not self.dice:
            return ()
        top = max(value for _, _, value in self.dice)
        tied = [(lot, owner) for lot, owner, value in self.dice if value == top]
        if len({owner for _, owner in tied}) < 2:
            return ()
        return tuple(lot for lot, _ in tied)


def boss_of(dice: tuple[tuple[str, int, int], ...]) -> int | None:
    """The boss among ``(lot, owner, value)`` dice: owner of the highest value, if only one player has it."""
    if not dice:
        return None
    top = max(value for _, _, value in dice)
    owners = {owner for _, owner, value in dice if value == top}
    return owners.pop() if len(owners) == 1 else None


def groups(tiles: Mapping[str, str]) -> list[tuple[str, ...]]:
    """The connected same-colour groups of ``tiles`` (lot -> colour), each in board order, by first lot."""
    seen: set[str] = set()
    out: list[tuple[str, ...]] = []
    for lot in sorted(tiles, key=ORDER.__getitem__):
        if lot in seen:
            continue
        colour = tiles[lot]
        group, stack = [], [lot]
        seen.add(lot)
        while stack:
            here = stack.pop()
            group.append(here)
            for near in LOTS[here].neighbours:
                if near not in seen and tiles.get(near) == colour:
                    seen.add(near)
                    stack.append(near)
        out.append(tuple(sorted(group, key=ORDER.__getitem__)))
    out.sort(key=lambda g: ORDER[g[0]])
    return out


def build_casino(
    lots: tuple[str, ...], colour: str, die_owner: Mapping[str, int], die_value: Mapping[str, int]
) -> Casino:
    """The :class:`Casino` view of one group of tiles."""
    dice = tuple((lot, die_owner[lot], die_value[lot]) for lot in lots if lot in die_owner)
    return Casino(
        lots=lots,
        colour=colour,
        dice=dice,
        boss=boss_of(dice),
        strip=any(LOTS[lot].strip for lot in lots),
    )
