"""The English words for Lords of Vegas events: one sentence per event, for the board's log and the lessons.
:func:`say` speaks the language in force: in Spanish it hands the event to :mod:`.words_es`.
:func:`event_words` tells what one action did, for the narration and the log.

``names`` are the display names of the seats; ``you`` names the learner's seat (second person).

>>> from vegas_tutor.core.events import Event
>>> names = ("Blue", "Green", "Red")
>>> say(Event("score", seat=2, points=1, casino="E4", before=14, after=15), names)
'Red scores 1 point for the casino at E4 (14 → 15).'
>>> say(Event("gamble", seat=0, total=7, gain=-4, boss=1, boss_gain=4), names, you=0)
'You roll 7 and lose $4; Green takes $4.'
>>> say(Event("action", seat=1, action="reorganize E4"), names)
'Green reorganizes the casino at E4.'
>>> say(Event("trade", first=2, second=0, gives=[{"money": 3, "lots": [], "dice": []},
...                                               {"money": 0, "lots": ["A2"], "dice": []}],
...           actor=None, action=None), names, you=0)
'Trade: Red gives $3 and gets lot A2 from you.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from vegas_tutor.core.events import Event
from vegas_tutor.core.words import check_kind, renderer
from vegas_tutor.i18n import _, money, names_list
from vegas_tutor.lords_of_vegas import words_es
from vegas_tutor.lords_of_vegas.actions import (
    ACTION_TYPES,
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
    parse_action,
)
from vegas_tutor.lords_of_vegas.names import describe, players

if TYPE_CHECKING:
    from vegas_tutor.lords_of_vegas.engine import State


LANG = "en"
"""The language of this renderer's numbers, money and lists."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class _Speaker:
    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names, self.you = names, you

    def who(self, seat: int, *, mid: bool = False) -> str:
        """The seat's name, or "You" ("you" in mid-sentence) for the learner."""
        if seat == self.you:
            return "you" if mid else "You"
        return self.names[seat]

    def does(self, seat: int, plain: str, third: str | None = None) -> str:
        """``"You roll"`` / ``"Red rolls"``."""
        return f"{self.who(seat)} {plain if seat == self.you else third or plain + 's'}"

    def whose(self, seat: int) -> str:
        return "your" if seat == self.you else f"{self.names[seat]}'s"


def _move(move_from: str | None) -> str:
    return "" if move_from is None else f", moving a die from {move_from}"


def _action(e: Event, sp: _Speaker) -> str:
    seat, action = e["seat"], parse_action(e["action"])
    if isinstance(action, Build):
        article = "an" if action.colour[0] in "aeiou" else "a"
        return f"{sp.does(seat, 'build')} {article} {action.colour} casino on {action.lot}{_move(action.move_from)}."
    if isinstance(action, Sprawl):
        return f"{sp.does(seat, 'sprawl')} {action.colour} into {action.lot}{_move(action.move_from)}."
    if isinstance(action, Remodel):
        return f"{sp.does(seat, 'remodel')} the casino at {action.lot} to {action.colour}."
    if isinstance(action, Reorganize):
        return f"{sp.does(seat, 'reorganize')} the casino at {action.lot}."
    if isinstance(action, Gamble):
        return f"{sp.does(seat, 'bet')} {money(action.bet, lang=LANG)} at the casino at {action.lot}."
    if isinstance(action, EndTurn):
        return f"{sp.does(seat, 'end')} the turn."
    if isinstance(action, LayOff):
        return f"{sp.does(seat, 'lay', 'lays')} off half the bet." if action.half else \
            f"{sp.does(seat, 'take')} the whole bet."
    if isinstance(action, PlaceDie | MoveDie):
        verb = "place" if isinstance(action, PlaceDie) else "move"
        return f"{sp.does(seat, verb)} a die on {action.lot}."
    return f"{sp.who(seat)}: {action}."  # pragma: no cover - every decision is named above


def _gamble(e: Event, sp: _Speaker) -> str:
    gain, boss_gain = e["gain"], e["boss_gain"]
    result = f"win {money(gain, lang=LANG)}" if gain > 0 else f"lose {money(-gain, lang=LANG)}"
    third = f"wins {money(gain, lang=LANG)}" if gain > 0 else f"loses {money(-gain, lang=LANG)}"
    boss = e["boss"]
    if boss_gain > 0:
        boss_part = f"{sp.does(boss, 'take')} {money(boss_gain, lang=LANG)}"
    elif boss_gain < 0:
        boss_part = f"{sp.does(boss, 'pay')} {money(-boss_gain, lang=LANG)}"
    else:
        boss_part = f"{sp.does(boss, 'pay', 'pays')} nothing"
    return f"{sp.does(e['seat'], 'roll')} {e['total']} and {result if e['seat'] == sp.you else third}; {boss_part}."


def _over(e: Event, sp: _Speaker) -> str:
    winners = e["winners"]
    if len(winners) == 1:
        return f"The game is over: {sp.does(winners[0], 'win')}."
    return f"The game is over: {names_list([sp.who(s) for s in winners], lang=LANG)} share the win."


_SAY: dict[str, Callable[[Event, _Speaker], str]] = {
    "move_die": lambda e, sp: f"{sp.does(e['seat'], 'move')} the die from {e['lot']} to {e['to']}: the tile on "
                              f"{e['lot']} now belongs to nobody.",
    "tie": lambda e, sp: f"Tie for the top of the {e['colour']} casino at {e['casino']}: "
                         f"{_plural(len(e['dice']), 'die').replace('dies', 'dice')} on "
                         f"{names_list(e['dice'], lang=LANG)} roll again.",
    "markers_pay": lambda e, sp: f"Each marker pays its owner {money(1, lang=LANG)}.",
    "casino_pays": lambda e, sp: f"The {e['colour']} casino at {e['casino']} ({_plural(e['tiles'], 'tile')}) pays "
                                 f"{money(e['pips'], lang=LANG)}: {money(1, lang=LANG)} a pip to the owner of "
                                 "each die.",
    "score": lambda e, sp: f"{sp.does(e['seat'], 'score')} {_plural(e['points'], 'point')} for the casino at "
                           f"{e['casino']} ({e['before']} → {e['after']}).",
    "game_over": _over,
    "draw": lambda e, sp: f"{sp.does(e['seat'], 'draw')} the card {e['card']}.",
    "out_of_play_draw": lambda e, sp: f"{e['card']} is out of play with two players: it pays, then "
                                      f"{sp.does(e['seat'], 'draw')} again.",
    "no_marker": lambda e, sp: f"{sp.who(e['seat'])} {'have' if e['seat'] == sp.you else 'has'} no marker left: "
                               f"{e['card']} stays unowned.",
    "own_die": lambda e, sp: f"{sp.who(e['seat'])} already {'hold' if e['seat'] == sp.you else 'holds'} the die "
                             f"on {e['card']}.",
    "out_of_play_deal": lambda e, sp: f"{e['card']} is out of play with two players: it is set aside and another "
                                      "card is dealt.",
    "starts": lambda e, sp: f"{sp.does(e['seat'], 'roll')} the highest total ({e['total']}) and "
                            f"{'start' if e['seat'] == sp.you else 'starts'}.",
    "start_tie": lambda e, sp: f"Tie for the highest start roll ({e['total']}): "
                               f"{names_list([sp.who(s, mid=i > 0) for i, s in enumerate(e['seats'])], lang=LANG)} "
                               "roll again.",
    "gamble": _gamble,
    "action": _action,
    "trade": lambda e, sp: _trade(e, sp),
}


def _offer(offer: dict[str, list[str] | int]) -> str:
    amount, lots, dice = offer["money"], offer["lots"], offer["dice"]
    assert isinstance(amount, int) and isinstance(lots, list) and isinstance(dice, list)
    parts = [money(amount, lang=LANG)] if amount else []
    if lots:
        parts.append(f"{'lot' if len(lots) == 1 else 'lots'} {names_list(lots, lang=LANG)}")
    if dice:
        parts.append(f"the {'die' if len(dice) == 1 else 'dice'} on {names_list(dice, lang=LANG)}")
    return names_list(parts, lang=LANG) if parts else "nothing"


def _trade(e: Event, sp: _Speaker) -> str:
    first, second = e["first"], e["second"]
    text = (f"Trade: {sp.does(first, 'give')} {_offer(e['gives'][0])} and "
            f"{'get' if first == sp.you else 'gets'} {_offer(e['gives'][1])} from {sp.who(second, mid=True)}.")
    if e["action"] is not None:
        text += " " + _action(Event("action", seat=e["actor"], action=e["action"]), sp).replace(".", " at once.", 1)
    return text


KINDS = frozenset(_SAY)
"""Every kind of event the Lords of Vegas engine records."""


def say_en(event: Event, names: Sequence[str], *, you: int | None = None) -> str:
    """One event as an English sentence; ``you`` is the learner's seat (second person), if any."""
    return _SAY[event.kind](event, _Speaker(names, you))


RENDERERS: dict[str, Callable[..., str]] = {"en": say_en, "es": words_es.say}
"""The renderer of each language."""


def say(event: Event, names: Sequence[str], *, you: int | None = None, lang: str | None = None) -> str:
    """One event as a sentence in ``lang`` (the language in force by default); ``you`` is the learner's seat
    (second person), if any."""
    check_kind("Lords of Vegas", KINDS, event)
    return renderer(RENDERERS, lang)(event, names, you=you)


def say_all(events: Sequence[Event], names: Sequence[str], *, you: int | None = None,
            lang: str | None = None) -> list[str]:
    """Every event as a sentence in ``lang`` (the language in force by default)."""
    return [say(e, names, you=you, lang=lang) for e in events]


def event_words(state: State, action: Action, seat: int | None, names: Sequence[str] | None = None,
                you: int | None = None) -> str:
    """What ``action`` (just played by ``seat``) did, in a sentence for the narration or the log, in the language
    in force (``you``: the learner's seat, in the second person)."""
    names = list(names) if names is not None else players(state.players)
    if isinstance(action, EndTurn) and seat is not None:
        return _("You end the turn.") if seat == you else _("{name} ends the turn.", name=names[seat])
    played = state.history[-1] if state.history else action
    said = " ".join(say_all(state.events, names, you=you))
    if seat is None:
        return said or _("Chance: {action}.", action=describe(played) if isinstance(played, ACTION_TYPES)
                         else str(played))
    mine = seat == you
    who = _("You") if mine else names[seat]
    told = said.startswith(who) or any(e.kind in ("draw", "gamble", "starts") and e.get("seat") == seat
                                       for e in state.events)  # (the events already say who drew or rolled)
    if isinstance(played, DrawCard) and not told and played.card is not None:
        dealt = "" if state.phase not in ("deal", "start_roll") else (
            _("You are dealt the card {card}.", card=played.card) if mine
            else _("{name} is dealt the card {card}.", name=names[seat], card=played.card))
        return " ".join(x for x in (dealt, said) if x)
    if isinstance(played, RollDice) and played.values is not None and not told:
        values = names_list([str(v) for v in played.values])
        rolled = _("You roll {values}.", values=values) if mine else \
            _("{name} rolls {values}.", name=names[seat], values=values)
        return " ".join(x for x in (rolled, said) if x)
    if not said and isinstance(played, ACTION_TYPES) and not isinstance(played, DrawCard | RollDice):
        return say(Event("action", seat=seat, action=str(played)), names, you=you)
    if said:
        return said
    return _("{name}: {action}.", name=who, action=describe(played) if isinstance(played, ACTION_TYPES)
             else str(played))
