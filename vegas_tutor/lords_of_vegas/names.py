"""The names a learner reads for Lords of Vegas things, in the language in force: players, colours, cards
and actions. An action's ``str`` stays the engine's text (it parses back); :func:`describe` is what a learner
reads ("reorganize E4" / "reorganizar E4").

>>> from vegas_tutor import i18n
>>> from vegas_tutor.lords_of_vegas.actions import Gamble, Reorganize
>>> player(2), colour("gold"), describe(Gamble("C3", 4))
('Red', 'gold', 'gamble $4 at C3')
>>> with i18n.using("es"):
...     player(2), colour("gold"), describe(Reorganize("E4")), describe(Gamble("C3", 4))
('Rojo', 'dorado', 'reorganizar E4', 'apostar 4\\xa0$ en C3')
"""

from __future__ import annotations

from vegas_tutor.i18n import N_, _, money, names_list, tr
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
from vegas_tutor.lords_of_vegas.board import GAME_END, STRIP

PLAYER_WORDS: dict[str, str] = {"blue": N_("Blue"), "green": N_("Green"), "red": N_("Red"), "yellow": N_("Yellow")}
"""The seats' names as a learner reads them (the engine's names are the lower-case English keys)."""
_SEATS = ("blue", "green", "red", "yellow")
SEAT_WORDS: dict[str, str] = {"blue": N_("blue"), "green": N_("green"), "red": N_("red"), "yellow": N_("yellow")}
"""The seats' names as the engine's refusals write them ("blue has only $10"; "Azul" in Spanish)."""
PLAYER_LETTERS: dict[str, str] = {"blue": N_("B"), "green": N_("G"), "red": N_("R"), "yellow": N_("Y")}
"""Each seat's letter on its dice and markers (distinct in every language: colour is never the only signal)."""
COLOUR_WORDS: dict[str, str] = {"aqua": N_("aqua"), "brown": N_("brown"), "gold": N_("gold"),
                                "purple": N_("purple"), "silver": N_("silver"), STRIP: N_("Pay the Strip")}
"""The casino colours (and the Strip cards' value) as a learner reads them."""
COLOUR_CODES: dict[str, str] = {"aqua": N_("Aq"), "brown": N_("Br"), "gold": N_("Go"), "purple": N_("Pu"),
                                "silver": N_("Si"), STRIP: N_("St")}
"""A short text label for each tile and card colour (colour is never the only signal)."""

LEVEL_WORDS: dict[str, str] = {"random": N_("random"), "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
"""How the computer players play (the bots' levels, and uniformly at random) as a learner reads it."""


def level(key: str) -> str:
    """A bots' level ("medium" / "medio"), or "random"."""
    return tr(LEVEL_WORDS[key])


def player(seat: int) -> str:
    """The seat's name: "Blue", "Azul"."""
    return tr(PLAYER_WORDS[_SEATS[seat]])


def seat_word(seat: int) -> str:
    """The seat's name inside a refusal or a label: "blue", "Azul"."""
    return tr(SEAT_WORDS[_SEATS[seat]])


def letter(seat: int) -> str:
    """The seat's letter: "B" for Blue ("Az" for Azul: Amarillo starts with A too)."""
    return tr(PLAYER_LETTERS[_SEATS[seat]])


def player_named(key: str) -> str:
    """A seat's name from the engine's key ("blue")."""
    return tr(PLAYER_WORDS[key])


def players(count: int) -> list[str]:
    """The names of seats 0..count-1."""
    return [player(p) for p in range(count)]


def colour(key: str) -> str:
    """A casino colour ("gold" / "dorado"), or the Strip cards' value."""
    return tr(COLOUR_WORDS[key])


def code(key: str) -> str:
    """The two-letter code of a colour ("Go" / "Do")."""
    return tr(COLOUR_CODES[key])


def card(card_id: str) -> str:
    """A card by its lot id, or the Game End card."""
    return _("the Game End card") if card_id == GAME_END else card_id


join = names_list
"""``a``, ``a and b``, ``a, b and c`` in the language in force (:func:`vegas_tutor.i18n.names_list`)."""


def describe(action: Action) -> str:
    """What a learner reads for ``action`` (in English its ``str``)."""
    if isinstance(action, DrawCard):
        return _("draw") if action.card is None else _("draw {card}", card=action.card)
    if isinstance(action, RollDice):
        return _("roll") if action.values is None else _("roll {values}", values=" ".join(map(str, action.values)))
    if isinstance(action, Build):
        if action.move_from is None:
            return _("build {colour} on {lot}", colour=colour(action.colour), lot=action.lot)
        return _("build {colour} on {lot}, moving the die from {source}", colour=colour(action.colour),
                 lot=action.lot, source=action.move_from)
    if isinstance(action, Sprawl):
        if action.move_from is None:
            return _("sprawl {colour} into {lot}", colour=colour(action.colour), lot=action.lot)
        return _("sprawl {colour} into {lot}, moving the die from {source}", colour=colour(action.colour),
                 lot=action.lot, source=action.move_from)
    if isinstance(action, Remodel):
        return _("remodel {lot} to {colour}", lot=action.lot, colour=colour(action.colour))
    if isinstance(action, Reorganize):
        return _("reorganize {lot}", lot=action.lot)
    if isinstance(action, Gamble):
        return _("gamble {bet} at {lot}", bet=money(action.bet), lot=action.lot)
    if isinstance(action, LayOff):
        return _("lay off half") if action.half else _("take the whole bet")
    if isinstance(action, PlaceDie):
        return _("place on {lot}", lot=action.lot)
    if isinstance(action, MoveDie):
        return _("move die from {lot}", lot=action.lot)
    if isinstance(action, EndTurn):
        return _("end turn")
    return str(action)  # pragma: no cover - every action is named above
