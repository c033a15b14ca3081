"""The Spanish words for Las Vegas events: one sentence per event, written directly in Spanish.

With its own grammar (the English renderer is :mod:`.words`); the game's words
come from the term table ``docs/terms/las_vegas.md``. ``you`` is the learner's seat, addressed as *tú*
("Tiras 3 3 5", "Colocas 2 dados en el casino 3 (The Mirage)").

>>> from vegas_tutor.core.events import Event
>>> names = ("Anna", "Benno", "Carla")
>>> say_es(Event("place", seat=0, casino=3, dice=2, white=0), names)
'Anna coloca 2 dados en el casino 3 (The Mirage)'
>>> say_es(Event("place", seat=0, casino=5, dice=1, white=1), names, you=0)
'Colocas 1 dado y 1 dado blanco en el casino 5 (Luxor)'
>>> say_es(Event("pass", seats=[1, 2]), names)
'Benno y Carla se quedan sin dados y pasan'
>>> say_es(Event("payout", casino=2, takes=[[0, 80_000], [1, 30_000]], cancelled=[], white_bill=None,
...                 returned=[10_000]), names, you=0)
'El casino 2 (Caesars Palace) paga: tú 80.000\\xa0$, Benno 30.000\\xa0$; 10.000\\xa0$ vuelve al fondo de la pila'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vegas_tutor.core.events import Event
from vegas_tutor.i18n import money_k, names_list
from vegas_tutor.las_vegas.rules import CASINO_NAMES, CASINOS

LANG = "es"
"""The language of this renderer's numbers, money and lists (whatever the language in force)."""


def _faces(counts: Sequence[int]) -> str:
    return " ".join(str(face) for face in CASINOS for _ in range(counts[face - 1])) or "-"


def _dice(n: int, white: bool = False) -> str:
    word = "dado" if n == 1 else "dados"
    return f"{n} {word}{(' blanco' if n == 1 else ' blancos') if white else ''}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Speaker:
    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names, self.you = names, you

    def who(self, seat: int) -> str:
        """The seat's name, or "tú" for the learner."""
        return "tú" if seat == self.you else self.names[seat]

    def verb(self, seat: int, you_form: str, their_form: str) -> str:
        """``"Tiras"`` / ``"Anna tira"``: no subject in the second person."""
        return _capital(you_form) if seat == self.you else f"{self.names[seat]} {their_form}"

    def group(self, seats: Sequence[int]) -> str:
        """The names of a group, the learner last ("Benno y tú")."""
        others = [self.names[s] for s in seats if s != self.you]
        return names_list(others + (["tú"] if self.you in seats else []), lang=LANG)


def _spare(e: Event, h: _Speaker) -> str:
    return (f"{h.verb(e['seat'], 'tiras', 'tira')} los dados blancos sobrantes: {_faces(e['white'])}; "
            "van a sus casinos")


def _roll(e: Event, h: _Speaker) -> str:
    white = f" + blancos {_faces(e['white'])}" if e["white"] is not None and any(e["white"]) else ""
    return f"{h.verb(e['seat'], 'tiras', 'tira')} {_faces(e['own'])}{white}"


def _place(e: Event, h: _Speaker) -> str:
    parts = [_dice(e["dice"])] if e["dice"] else []
    if e["white"]:
        parts.append(_dice(e["white"], white=True))
    casino = e["casino"]
    return (f"{h.verb(e['seat'], 'colocas', 'coloca')} {' y '.join(parts)} en el casino {casino} "
            f"({CASINO_NAMES[casino]})")


def _pass(e: Event, h: _Speaker) -> str:
    seats = e["seats"]
    if seats == [h.you]:
        return "Te quedas sin dados y pasas"
    if h.you in seats:
        return f"{_capital(h.group(seats))} os quedáis sin dados y pasáis"
    if len(seats) == 1:
        return f"{h.names[seats[0]]} se queda sin dados y pasa"
    return f"{h.group(seats)} se quedan sin dados y pasan"


def _payout(e: Event, h: _Speaker) -> str:
    casino = f"El casino {e['casino']} ({CASINO_NAMES[e['casino']]})"
    takes = ", ".join(f"{h.who(s)} {money_k(b, lang=LANG)}" for s, b in e["takes"])
    returned = e["returned"]
    back = ""
    if returned:
        verb = "vuelve" if len(returned) == 1 else "vuelven"
        back = f"; {names_list([money_k(b, lang=LANG) for b in returned], lang=LANG)} {verb} al fondo de la pila"
    return f"{casino} paga: {takes}{back}" if takes else f"{casino} no paga a nadie{back}"


def _over(e: Event, h: _Speaker) -> str:
    winners = e["winners"]
    if len(winners) == 1:
        return f"La partida ha terminado: {'ganas' if winners[0] == h.you else 'gana ' + h.names[winners[0]]}"
    verb = "compartís" if h.you in winners else "comparten"
    return f"La partida ha terminado: {h.group(winners)} {verb} la victoria"


def _dealt(e: Event, h: _Speaker) -> str:
    return "Billetes repartidos: " + "; ".join(
        f"{f}: {', '.join(money_k(b, lang=LANG) for b in e['bills'][f - 1]) or 'ninguno'}" for f in CASINOS)


def _round_start(e: Event, h: _Speaker) -> str:
    start = e["start"]
    card = "la carta de jugador inicial"
    return f"Ronda {e['round']}: " + (f"recibes {card}" if start == h.you else f"{h.names[start]} recibe {card}")


_SAY: dict[str, Callable[[Event, _Speaker], str]] = {
    "bills_dealt": _dealt,
    "spare_roll": _spare,
    "roll": _roll,
    "place": _place,
    "pass": _pass,
    "payout": _payout,
    "round_start": _round_start,
    "game_over": _over,
}
KINDS = frozenset(_SAY)
"""Every kind of event this renderer puts into words (the same as :data:`.words.KINDS`)."""


def say_es(event: Event, names: Sequence[str], *, you: int | None = None) -> str:
    """One event as a Spanish sentence (in the language in force: ``words.say`` sees to it); ``you`` is the
    learner's seat (addressed as *tú*), if any."""
    return _SAY[event.kind](event, _Speaker(names, you))
