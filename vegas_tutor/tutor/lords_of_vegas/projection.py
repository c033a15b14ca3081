"""The JSON the Lords of Vegas board draws: :func:`public_view` plus the printed lots, the players' labels,
the casino outlines, the last card and the learner's legal actions grouped by kind.

Colour is never the only signal: every player has a name and a letter, every tile and card colour a
two-letter code (and a pattern in the CSS), every die its owner's letter and its value.

>>> from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
>>> v = board_view(SCENARIOS["LOV-BUILD"].steps[1].state, learner=None)
>>> v["lots"]["A2"]["die"], v["lots"]["A2"]["printed"]["cost"], v["players"][2]["letter"]
({'owner': 2, 'value': 2}, 6, 'R')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vegas_tutor.core.events import Event
from vegas_tutor.i18n import N_, _, tr
from vegas_tutor.lords_of_vegas import rules
from vegas_tutor.lords_of_vegas.actions import (
    Action,
    Build,
    DrawCard,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    RollDice,
    Sprawl,
)
from vegas_tutor.lords_of_vegas.board import COLOURS, GAME_END, LOT_IDS, LOTS, SCORE_TRACK, STRIP
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.explain import phase_words
from vegas_tutor.lords_of_vegas.names import code, colour, describe, join, letter, player
from vegas_tutor.lords_of_vegas.names import players as seat_names
from vegas_tutor.lords_of_vegas.trades import CHOICE_PHASES, TRADE_PHASES
from vegas_tutor.lords_of_vegas.words import event_words as event_words  # (its home is words)
from vegas_tutor.lords_of_vegas.words import say_all

LEFT_BLOCKS = ("A", "C", "E")
RIGHT_BLOCKS = ("B", "D", "F")
CHANCE_FOR_LEARNER = frozenset({"draw", "gamble_roll", "reorg_roll"})
"""Chance steps the learner performs by a click on their own turn (the others happen by themselves)."""

KINDS: tuple[tuple[type[Any], str, str], ...] = (
    (DrawCard, "draw", N_("Draw a card")),
    (RollDice, "roll", N_("Roll the dice")),
    (MoveDie, "move", N_("Move a die to the drawn lot")),
    (LayOff, "layoff", N_("Answer the bet")),
    (PlaceDie, "place", N_("Place a re-rolled die")),
    (Build, "build", N_("Build a casino tile")),
    (Sprawl, "sprawl", N_("Sprawl a casino")),
    (Remodel, "remodel", N_("Remodel a casino")),
    (Reorganize, "reorganize", N_("Reorganize a casino")),
    (Gamble, "gamble", N_("Gamble at a casino")),
    (EndTurn, "end", N_("End the turn")),
)


def kind_of(action: Action) -> str:
    """The group an action's button goes in (``"build"``, ``"gamble"``...)."""
    return next(kind for cls, kind, _ in KINDS if isinstance(action, cls))


def action_groups(actions: Sequence[Action]) -> list[dict[str, Any]]:
    """The actions grouped by kind, in the order of a turn, each with its text (what the browser sends) and
    its label (what the learner reads, in the language in force)."""
    groups: list[dict[str, Any]] = []
    for cls, kind, title in KINDS:
        chosen = [a for a in actions if isinstance(a, cls)]
        if chosen:
            groups.append({"kind": kind, "title": tr(title), "actions": [str(a) for a in chosen],
                           "labels": [describe(a) for a in chosen]})
    return groups


def learner_actions(state: State, learner: int | None) -> list[Action]:
    """What the learner may do now: their decisions, and their own draw or roll (the others are automatic)."""
    if learner is None or state.is_over or state.current_player != learner:
        return []
    if state.is_chance:
        if state.phase not in CHANCE_FOR_LEARNER or state.turn != learner:
            return []
        return [DrawCard()] if state.phase == "draw" else [RollDice()]
    return state.legal_actions()


def sentences(events: Sequence[Event], names: Sequence[str] | None = None, you: int | None = None) -> str:
    """The engine's events as one text of sentences (the learner's seat, if given, in the second person)."""
    return " ".join(say_all(events, names if names is not None else seat_names(4), you=you))


def status(state: State, names: Sequence[str], you: int | None = None) -> str:
    """The board's status line: who does what now, in a sentence (the learner as "you")."""
    plain = list(names)
    if you is not None:
        plain[you] = player(you)
    if state.is_over:
        winners = state.winners
        if you is not None and you in winners:
            return _("The game is over: you win.") if len(winners) == 1 else \
                _("The game is over: you share the win.")
        if len(winners) == 1:
            return _("The game is over: {name} wins.", name=plain[winners[0]])
        return _("The game is over: {names} share the win.", names=join([plain[w] for w in winners]))
    return phase_words(state.data(), plain, you)


def trade_view(state: State, learner: int, names: Sequence[str], offer: dict[str, Any] | None,
               answer: str) -> dict[str, Any]:
    """What the trade panel needs: whether trades may happen now (and what may change hands), each player's
    money, marked lots and dice, the actions of this turn that can be sold, an offer to the learner and the
    last answer."""
    phase = state.phase
    if state.is_over:
        closed = _("The game is over: no more trades.")
    elif phase not in TRADE_PHASES + CHOICE_PHASES:
        closed = _("No trades while dice are rolling or cards are dealt: wait until they have settled.")
    else:
        closed = ""
    seats = []
    for p in range(state.players):
        seats.append({
            "seat": p, "name": names[p], "colour": state.names[p], "money": state.money(p),
            "lots": [lot for lot in LOTS if state.marker(lot) == p],
            "dice": [{"lot": lot, "value": die[1]} for lot in LOTS if (die := state.die(lot)) and die[0] == p],
        })
    sold = state.legal_actions() if phase == "play" and not closed else []
    sellable = [str(a) for a in sold]
    return {
        "open": not closed, "closed": closed, "seats": seats, "learner": learner,
        "dice_ok": phase in TRADE_PHASES, "actions_ok": phase == "play",
        "note": _("While a choice is pending, only money and lots change hands.") if phase in CHOICE_PHASES else "",
        "turn": state.turn, "sellable": sellable, "sellable_labels": [describe(a) for a in sold], "offer": offer,
        "answer": answer,
    }


def _edges(lot: str, members: frozenset[str]) -> list[str]:
    """The sides of ``lot`` on its casino's outline (the neighbour there is not in the same casino)."""
    me = LOTS[lot]
    sides = []
    for side, (dr, dc) in (("top", (-1, 0)), ("bottom", (1, 0)), ("left", (0, -1)), ("right", (0, 1))):
        near = [n for n in me.neighbours if LOTS[n].row == me.row + dr and LOTS[n].col == me.col + dc]
        if not near or near[0] not in members:
            sides.append(side)
    return sides


def public_view(state: State) -> dict[str, Any]:
    """A small JSON-ready projection of the public position, the part of :func:`board_view` read straight off
    the state (it was ``State.view``).

    >>> from vegas_tutor.lords_of_vegas.engine import new_game
    >>> v = public_view(new_game(2, seed=1))
    >>> v["phase"], v["players"], len(v["lots"])
    ('deal', ['blue', 'green'], 48)
    """
    d = state.data()
    lots: dict[str, dict[str, Any]] = {}
    for lot in LOT_IDS:
        die = state.die(lot)
        lots[lot] = {
            "marker": d.marker.get(lot),
            "tile": d.tile.get(lot),
            "die": None if die is None else {"owner": die[0], "value": die[1]},
            "in_play": rules.in_play(d, lot),
        }
    return {
        "players": list(state.names),
        "phase": d.phase,
        "turn": d.turn,
        "current_player": state.current_player,
        "money": list(d.money),
        "scores": list(d.score),
        "lots": lots,
        "casinos": [
            {"lots": list(c.lots), "colour": c.colour, "boss": c.boss, "strip": c.strip, "pips": c.pips}
            for c in state.casinos()
        ],
        "deck_left": len(state.deck_cards()),
        "draws_before_end": state.draws_before_end,
        "seen": list(d.seen),
        "pending_dice": list(d.pending),
        "events": say_all(d.events, [n.capitalize() for n in state.names]),
        "winners": list(d.winners),
    }


def board_view(
    state: State,
    *,
    learner: int | None,
    names: Sequence[str] | None = None,
    kinds: Sequence[str] | None = None,
    highlight: Sequence[str] = (),
    log: Sequence[dict[str, Any]] = (),
    you: int | None = None,
) -> dict[str, Any]:
    """The whole board as JSON: everything public (Lords of Vegas has no hidden information but the deck)."""
    view = public_view(state)
    seats = state.names
    names = list(names) if names is not None else seat_names(state.players)
    kinds = list(kinds) if kinds is not None else ["none"] * state.players
    casino_of: dict[str, dict[str, Any]] = {}
    casinos = []
    for c in state.casinos():
        entry = {
            "key": c.lots[0], "lots": list(c.lots), "colour": c.colour, "code": code(c.colour),
            "colour_name": colour(c.colour),
            "size": c.size, "pips": c.pips, "strip": c.strip, "boss": c.boss,
            "boss_name": None if c.boss is None else names[c.boss],
            "tied": bool(c.tied_top()),
        }
        entry["dice"] = len(c.dice)
        casinos.append(entry)
        for lot in c.lots:
            casino_of[lot] = entry
    lots: dict[str, dict[str, Any]] = {}
    for lot_id, info in view["lots"].items():
        printed = LOTS[lot_id]
        casino = casino_of.get(lot_id)
        lots[lot_id] = {
            **info,
            "id": lot_id,
            "printed": {"die": printed.die, "cost": printed.cost, "card": printed.card,
                        "code": code(printed.card), "strip": printed.strip},
            "casino": None if casino is None else casino["key"],
            "edges": [] if casino is None else _edges(lot_id, frozenset(casino["lots"])),
            "code": None if info["tile"] is None else code(info["tile"]),
        }
    blocks = {b: [[lot.id for lot in LOTS.values() if lot.block == b and lot.row == r]
                  for r in range(1 + max(x.row for x in LOTS.values() if x.block == b))]
              for b in (*LEFT_BLOCKS, *RIGHT_BLOCKS)}
    seen = [c for c in view["seen"] if c != GAME_END]
    last = view["seen"][-1] if view["seen"] else None
    players = [
        {
            "seat": p, "colour": seats[p], "name": names[p], "letter": letter(p), "kind": kinds[p],
            "money": view["money"][p], "score": view["scores"][p], "dice_left": state.dice_left(p),
            "markers_left": state.markers_left(p), "to_act": view["current_player"] == p,
            "winner": p in view["winners"],
        }
        for p in range(state.players)
    ]
    actions = learner_actions(state, learner)
    return {
        "phase": view["phase"],
        "describe": status(state, names, you),
        "turn": view["turn"],
        "current": view["current_player"],
        "players": players,
        "lots": lots,
        "blocks": {"left": [[b, blocks[b]] for b in LEFT_BLOCKS], "right": [[b, blocks[b]] for b in RIGHT_BLOCKS]},
        "casinos": casinos,
        "last_card": None if last is None else {
            "card": last, "end": last == GAME_END,
            "colour": None if last == GAME_END else LOTS[last].card,
            "code": None if last == GAME_END else code(LOTS[last].card),
        },
        "cards_seen": len(seen),
        "deck_left": view["deck_left"],
        "draws_before_end": view["draws_before_end"],
        "track": list(SCORE_TRACK),
        "tiles_left": {c: state.tiles_left(c) for c in COLOURS},
        "colour_names": {c: colour(c) for c in (*COLOURS, STRIP)},
        "events": view["events"],
        "log": list(log),
        "pending_dice": view["pending_dice"],
        "bet": None if state.pending_bet is None else {
            "casino": state.pending_bet[0], "amount": state.pending_bet[1], "boss": state.pending_bet[2]},
        "actions": action_groups(actions),
        "learner_to_act": bool(actions),
        "is_over": state.is_over,
        "winners": view["winners"],
        "highlight": list(highlight),
    }
