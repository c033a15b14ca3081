"""Chance in Lords of Vegas: what a pending draw or roll can bring, with exact probabilities.

A draw is uniform over the unseen lot cards, except that the Game End card comes exactly when the
first three piles are drawn. Given roll values are put in a canonical form (see :class:`RollDice`).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from vegas_tutor.core.dice import roll_outcomes
from vegas_tutor.i18n import _
from vegas_tutor.lords_of_vegas.actions import Action, DrawCard, RollDice
from vegas_tutor.lords_of_vegas.board import GAME_END
from vegas_tutor.lords_of_vegas.rules import Data, reorg_groups


def cards_to_draw(d: Data) -> list[str]:
    """The cards the pending draw may bring (each equally likely)."""
    if d.phase == "draw" and d.drawn == d.end_after:
        return [GAME_END]
    return list(d.unseen)


def two_dice_outcomes() -> list[tuple[RollDice, Fraction]]:
    """2d6 as 21 unordered rolls (higher die first) with their exact probabilities."""
    return [(RollDice((a, b)), Fraction(1 if a == b else 2, 36)) for a in range(6, 0, -1) for b in range(a, 0, -1)]


def _faces_desc(counts: tuple[int, ...]) -> list[int]:
    return [face for face in range(6, 0, -1) for _ in range(counts[face - 1])]


def chance_outcomes(d: Data) -> list[tuple[Action, Fraction]]:
    """Every outcome of the pending chance event with its exact probability (empty at a decision)."""
    if d.phase in ("deal", "draw"):
        cards = cards_to_draw(d)
        return [(DrawCard(card), Fraction(1, len(cards))) for card in cards]
    if d.phase in ("start_roll", "gamble_roll"):
        return list(two_dice_outcomes())
    if d.phase == "tie_roll":
        share = Fraction(1, 6 ** len(d.pending))
        return [(RollDice(v), share) for v in product(range(6, 0, -1), repeat=len(d.pending))]
    if d.phase == "reorg_roll":
        per_owner = [roll_outcomes(len(lots)) for _, lots in reorg_groups(d)]
        out: list[tuple[Action, Fraction]] = []
        for combo in product(*per_owner):
            values: list[int] = []
            p = Fraction(1)
            for counts, q in combo:
                values += _faces_desc(counts)
                p *= q
            out.append((RollDice(tuple(values)), p))
        return out
    return []


def normalise_roll(d: Data, values: tuple[int, ...]) -> tuple[int, ...] | str:
    """The canonical form of a given roll for the pending event, or the reason it does not fit."""
    if d.phase in ("start_roll", "gamble_roll"):
        if len(values) != 2:
            return _("this roll is 2d6: give two faces")
        return tuple(sorted(values, reverse=True))
    if d.phase == "tie_roll":
        if len(values) != len(d.pending):
            return _("the tie re-roll is of {n} dice ({lots}), in that order", n=len(d.pending),
                     lots=", ".join(d.pending))
        return values
    if d.phase == "reorg_roll":
        if len(values) != len(d.pending):
            return _("the reorganize re-rolls {n} dice", n=len(d.pending))
        out: list[int] = []
        at = 0
        for _owner, lots in reorg_groups(d):
            out += sorted(values[at : at + len(lots)], reverse=True)
            at += len(lots)
        return tuple(out)
    return _("no dice are to be rolled now")


def bare_roll(d: Data, rng_values: list[int]) -> tuple[int, ...]:
    """Canonical form of freshly rolled values (from the generator) for the pending event."""
    result = normalise_roll(d, tuple(rng_values))
    assert not isinstance(result, str)
    return result


def dice_to_roll(d: Data) -> int:
    if d.phase in ("start_roll", "gamble_roll"):
        return 2
    return len(d.pending)
