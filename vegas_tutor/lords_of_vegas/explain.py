"""Why an action is not legal, in words (the legal list itself is the rule; this only explains it)."""

from __future__ import annotations

from collections.abc import Sequence

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
from vegas_tutor.lords_of_vegas.rules import DICE_PER_PLAYER, PLAYER_NAMES, Data


def phase_words(d: Data, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """Where the game is, as one sentence naming who acts (``you``: that seat in the second person).

    >>> from vegas_tutor.lords_of_vegas import State
    >>> phase_words(State.position(3, money=[5, 5, 5]).data())
    'Blue builds, sprawls, remodels, reorganizes or gambles, or ends the turn (step 2 of the turn).'
    >>> phase_words(State.position(3, phase="draw", turn=2).data(), you=2)
    'You draw a card (step 1 of the turn).'
    """
    shown = list(names) if names is not None else [n.capitalize() for n in PLAYER_NAMES[: d.players]]
    who = rules.current_player(d)

    def does(plain: str, third: str | None = None) -> str:
        assert who is not None
        if who == you:
            return f"You {plain}"
        return f"{shown[who]} {third or plain + 's'}"

    their = "your" if who == you else "their"
    if d.phase == "deal":
        return "The setup: the lot cards are dealt, two to each player."
    if d.phase == "start_roll":
        return f"The setup: {does('roll')} two dice to see who starts."
    if d.phase == "draw":
        return f"{does('draw')} a card (step 1 of the turn)."
    if d.phase == "draw_move":
        return f"{does('choose', 'chooses')} which of {their} dice moves to the drawn tile {d.card}."
    if d.phase == "tie_roll":
        return "The tied top dice of a casino are rolled again."
    if d.phase == "play":
        if who == you:
            return "You build, sprawl, remodel, reorganize or gamble, or end the turn (step 2 of the turn)."
        return f"{does('build')}, sprawls, remodels, reorganizes or gambles, or ends the turn (step 2 of the turn)."
    if d.phase == "reorg_roll":
        return f"{does('roll')} the dice of the casino being reorganized."
    if d.phase == "reorg_place":
        return f"{does('place')} {their} re-rolled dice on {their} tiles of the casino."
    if d.phase == "layoff":
        assert d.bet is not None
        return f"{does('decide')} whether to lay off half of the ${d.bet[1]} bet at {d.bet[0]}."
    if d.phase == "gamble_roll":
        return f"{does('roll')} two dice for the bet."
    return "The game is over."


def why_not(d: Data, action: Action) -> str:
    """A specific reason an action is not legal (the fixed order of legal_actions is the rule)."""
    p = d.turn
    phase_of = {MoveDie: "draw_move", PlaceDie: "reorg_place", LayOff: "layoff"}
    wanted = phase_of.get(type(action), "play")
    if d.phase != wanted:
        return f"not now: {phase_words(d)}"
    money = d.money[p]
    who = PLAYER_NAMES[p]
    if isinstance(action, Build | Sprawl):
        lot = LOTS[action.lot]
        if isinstance(action, Build) and d.marker.get(action.lot) != p:
            return f"{who} has no marker on {action.lot}"
        if isinstance(action, Sprawl):
            if action.lot in d.tile or action.lot in d.marker or not rules.in_play(d, action.lot):
                return f"{action.lot} is not an empty, unowned lot in play"
            if (action.lot, action.colour) not in rules.sprawl_targets(d, p):
                return f"{who} bosses no {action.colour} casino next to {action.lot}"
        cost = lot.cost * (2 if isinstance(action, Sprawl) else 1)
        if money < cost:
            return f"it costs ${cost} and {who} has ${money}"
        if rules.tiles_left(d, action.colour) == 0:
            return f"all {TILES_PER_COLOUR} {action.colour} tiles are on the board"
        if rules.dice_left(d, p) > 0 and action.move_from is not None:
            return f"{who} still has dice in supply: no die is moved"
        if rules.dice_left(d, p) == 0 and d.die_owner.get(action.move_from or "") != p:
            return f"all {DICE_PER_PLAYER} of {who}'s dice are on the board: name one of them to move"
    if isinstance(action, Remodel | Reorganize | Gamble):
        c = rules.casino_at(d, action.lot)
        if c is None:
            return f"there is no casino on {action.lot}"
        if isinstance(action, Remodel):
            if c.boss != p:
                return f"{who} is not the boss of the casino at {c.key}"
            if action.colour == c.colour:
                return f"the casino is already {c.colour}"
            if rules.tiles_left(d, action.colour) < c.size:
                return f"fewer than {c.size} {action.colour} tiles are left"
            return f"it costs ${5 * c.size} and {who} has ${money}"
        if isinstance(action, Reorganize):
            if p not in c.owners():
                return f"{who} has no die in the casino at {c.key}"
            if any(lot in d.rerolled for lot, _, _ in c.dice):
                return "a die of this casino was already re-rolled this turn"
            return f"it costs ${c.pips} and {who} has ${money}"
        if d.gambled:
            return f"{who} has already gambled this turn"
        if c.boss is None or c.boss == p:
            return "gamble only at a casino another player bosses"
        return f"the bet limit is ${min(5 * c.size, money)} ($5 a tile, at most what {who} holds)"
    if isinstance(action, MoveDie):
        return f"{PLAYER_NAMES[p]} has no die on {action.lot}"
    if isinstance(action, PlaceDie):
        return f"{action.lot} is not a tile still waiting for one of {PLAYER_NAMES[d.placing[0][0]]}'s dice"
    return "not legal now"
