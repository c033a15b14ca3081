"""The odds panel of the Lords of Vegas board: exact odds of the options of the seat to act.

* before a draw: what the next card will be, and each player's expected money and points from it;
* in the play step: each possible reorganize (who ends as boss, the expected change of pips) and a gamble
  (the outcome distribution and expectation for the gambler and the boss, with and without a lay-off);
* when a bet waits for the boss's answer: that bet, both ways.

Every number is an exact ``Fraction`` from :mod:`vegas_tutor.lords_of_vegas.odds`, sent as a float with
its fraction text. A reorganize of a casino of up to ``FRACTION_DICE`` dice is computed at once (≤ 25 ms
for 6 dice of four owners); a bigger one (up to 9 dice, the most a casino can hold: 9 tiles a colour) is
read from :data:`~vegas_tutor.lords_of_vegas.reorg_table.TABLE`, the same exact odds stored as floats (its
fraction would take seconds), so every casino's odds are shown.

>>> from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
>>> from vegas_tutor.lords_of_vegas import Gamble
>>> panel = odds_panel(SCENARIOS["LOV-GAMBLE"].steps[0].state, 3, inspect=Gamble("A1", 4))
>>> panel["gamble"]["ways"][0]["win_chance"]["text"], panel["gamble"]["bet"]
('4/9', 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from vegas_tutor import i18n
from vegas_tutor.core.chance_words import chance_words
from vegas_tutor.lords_of_vegas.actions import Action, Gamble, Reorganize
from vegas_tutor.lords_of_vegas.casinos import Casino
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import describe, players
from vegas_tutor.lords_of_vegas.odds import (
    gamble_odds_at,
    next_card_odds,
    next_draw_odds,
    reorganize_odds,
)
from vegas_tutor.lords_of_vegas.reorg_table import MAX_DICE, TABLE

MAX_REORG_DICE = MAX_DICE
"""Reorganize odds are shown for every casino the rules allow (9 tiles a colour: at most 9 dice)."""
FRACTION_DICE = 6
"""Up to this many dice the odds are computed as fractions; above, read from the stored exact table."""


FRACTION_CHARS = 40
"""A fraction longer than this (tie re-rolls make huge denominators) is sent as a 9-decimal text."""


def number(x: Fraction | int) -> dict[str, Any]:
    """A probability or expectation for the browser: its value and its exact fraction text (or, for a
    fraction too long to read, its value to 9 decimals)."""
    f = Fraction(x)
    text = str(f)
    return {"p": float(f), "text": text if len(text) <= FRACTION_CHARS else decimal(float(f), 9)}


def chance(p: Fraction) -> dict[str, Any]:
    """A probability for the browser: as :func:`number`, with its words ("about 1 in 33", ``words``)."""
    return {**number(p), "words": chance_words(p)}


def decimal(x: float, digits: int, *, sign: bool = False) -> str:
    """``x`` to ``digits`` decimals the language's way ("0.386485" / "0,386485"), "+" in front if ``sign``."""
    text = i18n.number(abs(x), digits)
    return ("-" if x < 0 else "+" if sign else "") + text


def _dist(dist: dict[int, Fraction]) -> list[dict[str, Any]]:
    return [{"gain": gain, **chance(p)} for gain, p in dist.items()]


def gamble_panel(state: State, lot: str, bet: int, names: Sequence[str]) -> dict[str, Any]:
    """A bet of ``bet`` at the casino on ``lot``: both answers of the boss (take it whole, lay off half)."""
    casino = state.casino_at(lot)
    assert casino is not None and casino.boss is not None
    ways = []
    for lay_off in (False, True):
        o = gamble_odds_at(state, lot, bet, lay_off=lay_off)
        ways.append({"lay_off": lay_off, "win_chance": chance(o.win_chance), "gambler": _dist(o.gambler),
                     "boss": _dist(o.boss), "gambler_ev": number(o.gambler_ev), "boss_ev": number(o.boss_ev)})
    return {"casino": casino.key, "bet": bet, "boss": casino.boss, "boss_name": names[casino.boss], "ways": ways,
            "action": str(Gamble(casino.key, bet)), "label": describe(Gamble(casino.key, bet))}


def reorganize_panel(state: State, lot: str, names: Sequence[str]) -> dict[str, Any]:
    """Reorganizing the casino on ``lot``: who ends as boss and each owner's expected change of pips."""
    casino = state.casino_at(lot)
    assert casino is not None
    if len(casino.dice) > FRACTION_DICE:
        return _table_panel(casino, names)
    o = reorganize_odds(state, lot)
    rows = [{"seat": seat, "name": names[seat], "boss": chance(o.boss.get(seat, Fraction(0))),
             "pips_before": o.pips_before[seat], "pips_change": number(o.pip_change[seat])}
            for seat in sorted(o.pips_after)]
    return {"casino": casino.key, "cost": o.cost, "dice": len(casino.dice), "exact": True, "rows": rows,
            "action": str(Reorganize(casino.key))}


def _table_panel(casino: Casino, names: Sequence[str]) -> dict[str, Any]:
    """A big casino's reorganize odds from the stored table (owners ordered by their dice, most first)."""
    count = {o: sum(1 for _, w, _ in casino.dice if w == o) for o in casino.owners()}
    order = sorted(count, key=lambda o: (-count[o], o))
    boss, pips = TABLE[tuple(count[o] for o in order)]
    rows = []
    for seat in sorted(count):
        at = order.index(seat)
        before = sum(v for _, w, v in casino.dice if w == seat)
        rows.append({"seat": seat, "name": names[seat], "boss": {"p": boss[at], "text": decimal(boss[at], 6)},
                     "pips_before": before,
                     "pips_change": {"p": pips[at] - before, "text": decimal(pips[at] - before, 6, sign=True)}})
    return {"casino": casino.key, "cost": casino.pips, "dice": len(casino.dice), "exact": True, "rows": rows,
            "action": str(Reorganize(casino.key)), "stored": True}


def card_panel(state: State, names: Sequence[str]) -> dict[str, Any] | None:
    """The next card's chances (and, before a draw, each player's expected gains from it)."""
    if state.draws_before_end is None or state.is_over:
        return None
    card = next_card_odds(state)
    out: dict[str, Any] = {
        "colours": {c: chance(p) for c, p in card.colours.items()},
        "strip": chance(card.strip), "game_end": chance(card.game_end), "pays_strip": chance(card.pays_strip),
        "draws_before_end": state.draws_before_end, "gains": None,
    }
    if state.phase == "draw":
        draw = next_draw_odds(state)
        out["gains"] = [{"seat": s, "name": names[s], "money": number(draw.money[s]),
                         "points": number(draw.points[s])} for s in range(state.players)]
    return out


def odds_panel(state: State, seat: int | None, names: Sequence[str] | None = None,
               inspect: Action | None = None) -> dict[str, Any]:
    """The panel for ``seat``'s options now; ``inspect``: the gamble to show (default: the largest bet at
    the first casino ``seat`` may gamble at)."""
    names = list(names) if names is not None else players(state.players)
    panel: dict[str, Any] = {"status": "ready", "seat": seat, "name": None if seat is None else names[seat],
                             "card": card_panel(state, names), "reorganize": [], "gamble": None, "gambles": [],
                             "gamble_labels": []}
    bet = state.pending_bet
    if bet is not None:
        panel["gamble"] = gamble_panel(state, bet[0], bet[1], names)
        return panel
    if seat is None or state.phase != "play" or state.current_player != seat:
        return panel
    legal = state.legal_actions()
    panel["reorganize"] = [reorganize_panel(state, a.lot, names) for a in legal if isinstance(a, Reorganize)]
    gambles = [a for a in legal if isinstance(a, Gamble)]
    largest: dict[str, Gamble] = {}
    for g in gambles:
        if g.lot not in largest or g.bet > largest[g.lot].bet:
            largest[g.lot] = g
    panel["gambles"] = [str(g) for g in largest.values()]
    panel["gamble_labels"] = [describe(g) for g in largest.values()]
    chosen = inspect if isinstance(inspect, Gamble) and inspect in gambles else next(iter(largest.values()), None)
    if chosen is not None:
        panel["gamble"] = gamble_panel(state, chosen.lot, chosen.bet, names)
    return panel
