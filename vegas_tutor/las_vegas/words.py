"""The words for Las Vegas events: one sentence per event, for the log, the boards and lessons.

This module is the English renderer; :mod:`.words_es` is the Spanish one. :func:`say` and :func:`say_all`
speak the language in force (:func:`vegas_tutor.i18n.language`). ``you`` names the learner's seat: their
lines read in the second person ("You roll 3 3 5" / "Tiras 3 3 5").

>>> from vegas_tutor.core.events import Event
>>> names = ("Anna", "Benno", "Carla")
>>> say(Event("place", seat=1, casino=3, dice=2, white=0), names)
'Benno places 2 dice on casino 3 (The Mirage)'
>>> say(Event("place", seat=0, casino=5, dice=1, white=1), names, you=0)
'You place 1 die and 1 white die on casino 5 (Luxor)'
>>> say(Event("pass", seats=[1, 2]), names)
'Benno and Carla have no dice left and pass'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vegas_tutor.core.events import Event
from vegas_tutor.core.words import check_kind, renderer
from vegas_tutor.i18n import money_k, names_list
from vegas_tutor.las_vegas import words_es
from vegas_tutor.las_vegas.rules import CASINO_NAMES, CASINOS

LANG = "en"
"""The language of this renderer's numbers, money and lists."""


def _faces(counts: Sequence[int]) -> str:
    return " ".join(str(face) for face in CASINOS for _ in range(counts[face - 1])) or "-"


def _dice(n: int, colour: str = "") -> str:
    word = f"{colour} die" if colour else "die"
    return f"{n} {word if n == 1 else word.replace('die', 'dice')}"


class _Speaker:
    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names, self.you = names, you

    def who(self, seat: int, *, mid: bool = False) -> str:
        """The seat's name, or "You" ("you" in mid-sentence) for the learner."""
        if seat == self.you:
            return "you" if mid else "You"
        return self.names[seat]

    def verb(self, seat: int, plain: str, third: str | None = None) -> str:
        """``"You roll"`` / ``"Anna rolls"``."""
        return f"{self.who(seat)} {plain if seat == self.you else third or plain + 's'}"

    def group(self, seats: Sequence[int], plain: str, third: str) -> str:
        """``"Anna and Benno have"`` / ``"Carla has"``."""
        many = len(seats) > 1 or seats[0] == self.you
        return f"{self.all(seats)} {plain if many else third}"

    def all(self, seats: Sequence[int]) -> str:
        """``"Anna, Benno and you"``."""
        return names_list([self.who(s, mid=i > 0) for i, s in enumerate(seats)], lang=LANG)


def _spare(e: Event, sp: _Speaker) -> str:
    return f"{sp.verb(e['seat'], 'roll')} the spare white dice: {_faces(e['white'])}; they go on their casinos"


def _roll(e: Event, sp: _Speaker) -> str:
    white = f" + white {_faces(e['white'])}" if e["white"] is not None and any(e["white"]) else ""
    return f"{sp.verb(e['seat'], 'roll')} {_faces(e['own'])}{white}"


def _place(e: Event, sp: _Speaker) -> str:
    parts = [_dice(e["dice"])] if e["dice"] else []
    if e["white"]:
        parts.append(_dice(e["white"], "white"))
    casino = e["casino"]
    return f"{sp.verb(e['seat'], 'place')} {' and '.join(parts)} on casino {casino} ({CASINO_NAMES[casino]})"


def _payout(e: Event, sp: _Speaker) -> str:
    takes = ", ".join(f"{sp.who(s, mid=True)} {money_k(b, lang=LANG)}" for s, b in e["takes"]) or "nobody"
    back = f"; {', '.join(money_k(b, lang=LANG) for b in e['returned'])} back under the pile" if e["returned"] else ""
    return f"Casino {e['casino']} ({CASINO_NAMES[e['casino']]}) pays {takes}{back}"


def _over(e: Event, sp: _Speaker) -> str:
    winners = e["winners"]
    if len(winners) == 1:
        return f"The game is over: {sp.verb(winners[0], 'win')}"
    return f"The game is over: {sp.all(winners)} share the win"


def _dealt(e: Event, sp: _Speaker) -> str:
    return "Bills dealt: " + "; ".join(
        f"{f}: {' '.join(money_k(b, lang=LANG) for b in e['bills'][f - 1]) or 'none'}" for f in CASINOS)


_SAY: dict[str, Callable[[Event, _Speaker], str]] = {
    "bills_dealt": _dealt,
    "spare_roll": _spare,
    "roll": _roll,
    "place": _place,
    "pass": lambda e, sp: f"{sp.group(e['seats'], 'have', 'has')} no dice left and "
                          f"{'pass' if len(e['seats']) > 1 or e['seats'][0] == sp.you else 'passes'}",
    "payout": _payout,
    "round_start": lambda e, sp: f"Round {e['round']}: {sp.verb(e['start'], 'take')} the start-player card",
    "game_over": _over,
}
KINDS = frozenset(_SAY)
"""Every kind of event the Las Vegas engine records."""


def say_en(event: Event, names: Sequence[str], *, you: int | None = None) -> str:
    """One event as an English sentence; ``you`` is the learner's seat (second person), if any."""
    return _SAY[event.kind](event, _Speaker(names, you))


RENDERERS: dict[str, Callable[..., str]] = {"en": say_en, "es": words_es.say_es}
"""The renderer of each language."""


def say(event: Event, names: Sequence[str], *, you: int | None = None, lang: str | None = None) -> str:
    """One event as a sentence in ``lang`` (the language in force by default).

    >>> from vegas_tutor.i18n import using
    >>> with using("es"):
    ...     say(Event("roll", seat=0, own=[0, 0, 2, 0, 1, 0], white=None), ("Anna", "Benno"), you=0)
    'Tiras 3 3 5'
    """
    check_kind("Las Vegas", KINDS, event)
    return renderer(RENDERERS, lang)(event, names, you=you)


def say_all(events: Sequence[Event], names: Sequence[str], *, you: int | None = None,
            lang: str | None = None) -> list[str]:
    """Every event as a sentence in ``lang`` (the language in force by default)."""
    return [say(e, names, you=you, lang=lang) for e in events]


