"""Why an action is not legal, in words (the legal list itself is the rule; this only explains it)."""

from __future__ import annotations

from collections.abc import Sequence

from vegas_tutor.i18n import _, money
from vegas_tutor.lords_of_vegas import rules
from vegas_tutor.lords_of_vegas.actions import (
    Action,
    Build,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    Sprawl,
)
from vegas_tutor.lords_of_vegas.board import LOTS, TILES_PER_COLOUR
from vegas_tutor.lords_of_vegas.names import colour, players, seat_word
from vegas_tutor.lords_of_vegas.rules import DICE_PER_PLAYER, Data


def phase_words(d: Data, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """Where the game is, as one sentence naming who acts (``you``: that seat in the second person).

    >>> from vegas_tutor.lords_of_vegas import State
    >>> phase_words(State.position(3, money=[5, 5, 5]).data())
    'Blue builds, sprawls, remodels, reorganizes or gambles, or ends the turn (step 2 of the turn).'
    >>> phase_words(State.position(3, phase="draw", turn=2).data(), you=2)
    'You draw a card (step 1 of the turn).'
    """
    shown = list(names) if names is not None else players(d.players)
    who = rules.current_player(d)
    me = who is not None and who == you
    name = "" if who is None else shown[who]
    if d.phase == "deal":
        return _("The setup: the lot cards are dealt, two to each player.")
    if d.phase == "start_roll":
        return _("The setup: you roll two dice to see who starts.") if me else \
            _("The setup: {name} rolls two dice to see who starts.", name=name)
    if d.phase == "draw":
        return _("You draw a card (step 1 of the turn).") if me else \
            _("{name} draws a card (step 1 of the turn).", name=name)
    if d.phase == "draw_move":
        return _("You choose which of your dice moves to the drawn tile {card}.", card=d.card) if me else \
            _("{name} chooses which of their dice moves to the drawn tile {card}.", name=name, card=d.card)
    if d.phase == "tie_roll":
        return _("The tied top dice of a casino are rolled again.")
    if d.phase == "play":
        if me:
            return _("You build, sprawl, remodel, reorganize or gamble, or end the turn (step 2 of the turn).")
        return _("{name} builds, sprawls, remodels, reorganizes or gambles, or ends the turn (step 2 of the turn).",
                 name=name)
    if d.phase == "reorg_roll":
        return _("You roll the dice of the casino being reorganized.") if me else \
            _("{name} rolls the dice of the casino being reorganized.", name=name)
    if d.phase == "reorg_place":
        return _("You place your re-rolled dice on your tiles of the casino.") if me else \
            _("{name} places their re-rolled dice on their tiles of the casino.", name=name)
    if d.phase == "layoff":
        assert d.bet is not None
        if me:
            return _("You decide whether to lay off half of the {bet} bet at {lot}.", bet=money(d.bet[1]),
                     lot=d.bet[0])
        return _("{name} decides whether to lay off half of the {bet} bet at {lot}.", name=name,
                 bet=money(d.bet[1]), lot=d.bet[0])
    if d.phase == "gamble_roll":
        return _("You roll two dice for the bet.") if me else _("{name} rolls two dice for the bet.", name=name)
    return _("The game is over.")


def why_not(d: Data, action: Action) -> str:
    """A specific reason an action is not legal (the fixed order of legal_actions is the rule)."""
    p = d.turn
    phase_of = {MoveDie: "draw_move", PlaceDie: "reorg_place", LayOff: "layoff"}
    wanted = phase_of.get(type(action), "play")
    if d.phase != wanted:
        return _("not now: {where}", where=phase_words(d))
    cash = d.money[p]
    who = seat_word(p)
    if isinstance(action, Build | Sprawl):
        lot = LOTS[action.lot]
        if isinstance(action, Build) and d.marker.get(action.lot) != p:
            return _("{name} has no marker on {lot}", name=who, lot=action.lot)
        if isinstance(action, Sprawl):
            if action.lot in d.tile or action.lot in d.marker or not rules.in_play(d, action.lot):
                return _("{lot} is not an empty, unowned lot in play", lot=action.lot)
            if (action.lot, action.colour) not in rules.sprawl_targets(d, p):
                return _("{name} bosses no {colour} casino next to {lot}", name=who, colour=colour(action.colour),
                         lot=action.lot)
        cost = lot.cost * (2 if isinstance(action, Sprawl) else 1)
        if cash < cost:
            return _("it costs {cost} and {name} has {money}", cost=money(cost), name=who, money=money(cash))
        if rules.tiles_left(d, action.colour) == 0:
            return _("all {n} {colour} tiles are on the board", n=TILES_PER_COLOUR, colour=colour(action.colour))
        if rules.dice_left(d, p) > 0 and action.move_from is not None:
            return _("{name} still has dice in supply: no die is moved", name=who)
        if rules.dice_left(d, p) == 0 and d.die_owner.get(action.move_from or "") != p:
            return _("all {n} of {name}'s dice are on the board: name one of them to move", n=DICE_PER_PLAYER,
                     name=who)
    if isinstance(action, Remodel | Reorganize | Gamble):
        c = rules.casino_at(d, action.lot)
        if c is None:
            return _("there is no casino on {lot}", lot=action.lot)
        if isinstance(action, Remodel):
            if c.boss != p:
                return _("{name} is not the boss of the casino at {lot}", name=who, lot=c.key)
            if action.colour == c.colour:
                return _("the casino is already {colour}", colour=colour(c.colour))
            if rules.tiles_left(d, action.colour) < c.size:
                return _("fewer than {n} {colour} tiles are left", n=c.size, colour=colour(action.colour))
            return _("it costs {cost} and {name} has {money}", cost=money(5 * c.size), name=who, money=money(cash))
        if isinstance(action, Reorganize):
            if p not in c.owners():
                return _("{name} has no die in the casino at {lot}", name=who, lot=c.key)
            if any(lot in d.rerolled for lot, _v, _o in c.dice):
                return _("a die of this casino was already re-rolled this turn")
            return _("it costs {cost} and {name} has {money}", cost=money(c.pips), name=who, money=money(cash))
        if d.gambled:
            return _("{name} has already gambled this turn", name=who)
        if c.boss is None or c.boss == p:
            return _("gamble only at a casino another player bosses")
        return _("the bet limit is {limit} ({per_tile} a tile, at most what {name} holds)",
                 limit=money(min(5 * c.size, cash)), per_tile=money(5), name=who)
    if isinstance(action, MoveDie):
        return _("{name} has no die on {lot}", name=who, lot=action.lot)
    if isinstance(action, PlaceDie):
        return _("{lot} is not a tile still waiting for one of {name}'s dice", lot=action.lot,
                 name=seat_word(d.placing[0][0]))
    return _("not legal now")
