"""Las palabras de los dados del mentiroso en español: apuestas, acciones, sucesos, el recuento de un desafío
y la línea de estado de la mesa (el renderizador español de :mod:`.words`, con su propia gramática).

El asiento ``you`` es quien aprende, se llame como se llame: se le habla de tú ("Apuestas cinco 5",
"Pierdes 2 dados").

>>> from vegas_tutor.core.events import Event
>>> names = ("Anna", "Shane", "Mike")
>>> say(Event("bid", seat=1, bid="three 5s", quantity=3, face=5), names)
'Shane apuesta tres 5.'
>>> say(Event("lose", seat=0, dice=2, left=3), names, you=0), bid_words(Bid(1, 1))
('Pierdes 2 dados (te quedan 3).', 'una estrella')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from vegas_tutor.core.events import Event
from vegas_tutor.i18n import names_list
from vegas_tutor.liars_dice.actions import Challenge, NoShow, Show, faces_text
from vegas_tutor.liars_dice.track import Bid

if TYPE_CHECKING:
    from vegas_tutor.liars_dice.actions import Action
    from vegas_tutor.liars_dice.observation import ChallengeResult, Observation

LANG = "es"
"""The language of this renderer's lists (whatever the language in force)."""

_NUMEROS = [
    "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
    "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
]


def cantidad(n: int, *, femenino: bool = False) -> str:
    """``5`` -> ``"cinco"``; el uno concuerda: «un 5», «una estrella» (cifras a partir de 21)."""
    if n == 1:
        return "una" if femenino else "un"
    return _NUMEROS[n] if 0 <= n < len(_NUMEROS) else str(n)


def bid_words(bid: Bid) -> str:
    """«cinco 5», «un 3», «tres estrellas», «una estrella»: la cantidad en letra, el número en cifra."""
    if bid.is_star:
        return f"{cantidad(bid.quantity, femenino=True)} {'estrella' if bid.quantity == 1 else 'estrellas'}"
    return f"{cantidad(bid.quantity)} {bid.face}"


def action_words(action: Action) -> str:
    """Una acción en pocas palabras: «cinco 5», «desafío», «mostrar ★ 6», «no mostrar nada», «tirar 2 5»."""
    if isinstance(action, Bid):
        return bid_words(action)
    if isinstance(action, Challenge):
        return "desafío"
    if isinstance(action, Show):
        return f"mostrar {faces_text(action.faces)}"
    if isinstance(action, NoShow):
        return "no mostrar nada"
    return "tirar" if action.faces is None else f"tirar {faces_text(action.faces)}"


def dice_words(n: int) -> str:
    """``"1 dado"`` / ``"3 dados"``."""
    return f"{n} {'dado' if n == 1 else 'dados'}"


def seat_name(seat: int, names: Sequence[str], you: int | None) -> str:
    """El nombre de un asiento tal como se lee (el de quien aprende, ``you``, es "Tú")."""
    return "Tú" if seat == you else names[seat]


class _Asientos:
    """Los asientos como los nombra el español: quien aprende (``you``) de tú, sin pronombre delante del verbo."""

    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names, self.you = names, you

    def nombre(self, seat: int) -> str:
        """Un nombre dentro de la frase ("tú" en minúscula)."""
        return "tú" if seat == self.you else self.names[seat]

    def todos(self, seats: Sequence[int]) -> str:
        """``[Mike, tú]`` -> ``"Mike y tú"``: quien aprende va al final."""
        orden = [s for s in seats if s != self.you] + [s for s in seats if s == self.you]
        return names_list([self.nombre(s) for s in orden], lang=LANG)

    def verbo(self, seat: int, tu: str, el: str) -> str:
        """"Pierdes" (quien aprende, sin pronombre) o "Mary pierde"."""
        return tu[:1].upper() + tu[1:] if seat == self.you else f"{self.names[seat]} {el}"

    def de(self, seat: int) -> str:
        """«tu apuesta» / «la apuesta de Mary»."""
        return "tu apuesta" if seat == self.you else f"la apuesta de {self.names[seat]}"

    def solo_tu(self, seats: Sequence[int]) -> bool:
        return list(seats) == [self.you]


def _roll(e: Event, h: _Asientos) -> str:
    return f"{h.verbo(e['seat'], 'tiras', 'tira')} {dice_words(e['dice'])} bajo el cubilete."


def _bid(e: Event, h: _Asientos) -> str:
    return f"{h.verbo(e['seat'], 'apuestas', 'apuesta')} {bid_words(Bid(e['quantity'], e['face']))}."


def _no_show(e: Event, h: _Asientos) -> str:
    seat = e["seat"]
    return "No muestras nada." if seat == h.you else f"{h.names[seat]} no muestra nada."


def _show(e: Event, h: _Asientos) -> str:
    seat = e["seat"]
    again = "vuelves" if seat == h.you else "vuelve"
    return (f"{h.verbo(seat, 'muestras', 'muestra')} {faces_text(tuple(e['faces']))} y {again} a tirar "
            f"{dice_words(e['rerolled'])}.")


def _challenge(e: Event, h: _Asientos) -> str:
    bid = Bid.parse(e["bid"])
    end = " Una apuesta perfecta." if e["perfect"] else ""
    return (f"{h.verbo(e['seat'], 'desafías', 'desafía')} {h.de(e['bidder'])}, {bid_words(bid)}: "
            f"se cuentan {e['count']}.{end}")


def _lose(e: Event, h: _Asientos) -> str:
    seat = e["seat"]
    left = f"te quedan {e['left']}" if seat == h.you else f"le quedan {e['left']}"
    return f"{h.verbo(seat, 'pierdes', 'pierde')} {dice_words(e['dice'])} ({left})."


def _ganan(winners: Sequence[int], h: _Asientos) -> str:
    if h.solo_tu(winners):
        return "ganas tú"
    return f"{'gana' if len(winners) == 1 else 'ganan'} {h.todos(winners)}"


def _game_over(e: Event, h: _Asientos) -> str:
    return f"Fin del juego: {_ganan(e['winners'], h)}."


def _round_start(e: Event, h: _Asientos) -> str:
    return f"{h.verbo(e['opener'], 'abres', 'abre')} la siguiente ronda."


EVENTS: dict[str, Callable[[Event, _Asientos], str]] = {
    "roll": _roll, "bid": _bid, "no_show": _no_show, "show": _show, "challenge": _challenge, "lose": _lose,
    "game_over": _game_over, "round_start": _round_start,
}
"""La frase en español de cada clase de suceso."""
KINDS = frozenset(EVENTS)
"""Cada clase de suceso que registra el motor (las mismas que :data:`.words.KINDS`)."""


def say(event: Event, names: Sequence[str], you: int | None = None) -> str:
    """Una frase para un suceso de :attr:`~vegas_tutor.liars_dice.engine.State.events` (``you``: quien aprende)."""
    return EVENTS[event.kind](event, _Asientos(names, you))


def _pierde(h: _Asientos, seat: int, lost: int, debt: int) -> str:
    text = f"{h.verbo(seat, 'pierdes', 'pierde')} {dice_words(lost)}"
    if lost < debt:
        return text + (" (todos los que tenías)." if seat == h.you else " (todos los que tenía).")
    return text + "."


def reveal(result: ChallengeResult, names: Sequence[str], you: int | None = None) -> str:
    """Lo que mostró y costó un desafío, y por qué, en unas pocas frases."""
    h = _Asientos(names, you)
    bid, q = result.bid, result.bid.quantity
    bidder, challenger = result.bidder, result.challenger
    what = "las estrellas" if bid.is_star else f"los {bid.face} y las estrellas"
    lines = [f"{h.verbo(challenger, 'has desafiado', 'ha desafiado')} {h.de(bidder)}, {bid_words(bid)}. "
             f"Se cuentan {what}: {result.count}."]
    if result.count > q:
        lines.append(f"Son {result.count - q} más que la apuesta: la apuesta era verdadera, así que el retador "
                     f"paga la diferencia. {_pierde(h, challenger, result.losses[challenger], result.count - q)}")
    elif result.count < q:
        lines.append(f"Faltan {q - result.count} para la apuesta: la apuesta era falsa, así que el postor paga "
                     f"la diferencia. {_pierde(h, bidder, result.losses[bidder], q - result.count)}")
    else:
        losers = [s for s, lost in enumerate(result.losses) if lost]
        lines.append(f"Exactamente {q}: una apuesta perfecta. Todos menos el postor pierden un dado"
                     + (f": {h.todos(losers)}." if losers else "."))
        saved = list(result.saved_by_die_hard)
        if saved:
            keep = "conservas" if h.solo_tu(saved) else "conserva" if len(saved) == 1 else "conserváis" \
                if you in saved else "conservan"
            who = "" if h.solo_tu(saved) else f"{h.todos(saved)} "
            lines.append(f"Regla «Die Hard»: {who}{keep} el último dado, porque en una apuesta perfecta solo el "
                         "retador pierde su último dado.")
    out_now = [s for s, cup in enumerate(result.cups) if cup and len(cup) == result.losses[s]]
    left = [s for s, cup in enumerate(result.cups) if len(cup) > result.losses[s]]
    if out_now:
        lines.append(f"Fuera del juego: {h.todos(out_now)}.")
    if len(left) <= 1:
        has = "tienes" if h.solo_tu(left) else "tiene"
        lines.append(f"Solo {h.todos(left)} {has} dados: fin del juego.")
    else:
        winner = result.winner
        opens = "abres" if winner == you else "abre"
        lines.append(f"{h.verbo(winner, 'ganas', 'gana')} el desafío y {opens} la siguiente ronda.")
    return " ".join(lines)


def status(obs: Observation, names: Sequence[str], you: int | None = None, awaiting_show: bool = False,
           paused: bool = False) -> str:
    """La línea de estado de la mesa para ``obs.player``: a quién le toca y qué puede hacer."""
    h, me = _Asientos(names, you), obs.player
    if paused:
        if obs.dice_counts[me]:
            return "Los cubiletes están levantados: lee el recuento y pulsa Siguiente ronda."
        if me == you:
            return "Estás fuera del juego: lee el recuento y mira la siguiente ronda o salta al final."
        return f"{names[me]} está fuera del juego: mira la siguiente ronda o salta al final."
    if obs.phase == "over":
        return f"Fin del juego: {_ganan(obs.winners, h)}."
    if awaiting_show and obs.last_bid is not None:
        return (f"Apuestas {bid_words(obs.last_bid)}. Muestra algunos de tus dados y vuelve a tirar el resto, o deja "
                "tu cubilete como está.")
    if obs.phase == "roll":
        return "Nueva ronda: cada jugador tira bajo su cubilete los dados que aún tiene."
    seat = obs.current_player
    assert seat is not None
    last = obs.last_bid
    if seat == me and me == you:
        return "Abres tú: pon el dado rojo en cualquier espacio de la pista." if last is None else \
            f"Tu turno: sube la apuesta de {bid_words(last)} o desafíala."
    if last is None:
        return f"{names[seat]} abre la ronda."
    return f"{names[seat]} debe subir la apuesta de {bid_words(last)} o desafiarla."
