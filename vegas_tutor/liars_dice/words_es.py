"""Las palabras de los dados del mentiroso en español: apuestas, acciones, sucesos, el recuento de un desafío
y la línea de estado de la mesa (el renderizador español de :mod:`.words`, con su propia gramática).

El asiento llamado ``"You"`` es quien aprende: se le habla de tú ("Apuestas cinco 5", "Pierdes 2 dados").

>>> from vegas_tutor.core.events import Event
>>> names = ("You", "Shane", "Mike")
>>> say(Event("bid", seat=1, bid="three 5s", quantity=3, face=5), names)
'Shane apuesta tres 5.'
>>> say(Event("lose", seat=0, dice=2, left=3), names), bid_words(Bid(1, 1))
('Pierdes 2 dados (te quedan 3).', 'una estrella')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from vegas_tutor.core.events import Event
from vegas_tutor.liars_dice.actions import Challenge, NoShow, Show, faces_text
from vegas_tutor.liars_dice.track import Bid

if TYPE_CHECKING:
    from vegas_tutor.liars_dice.actions import Action
    from vegas_tutor.liars_dice.engine import ChallengeResult, Observation

YOU = "You"

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


def display_name(name: str) -> str:
    """El nombre de un asiento tal como se lee ("You" es "Tú")."""
    return "Tú" if name == YOU else name


def _nombre(name: str) -> str:
    """Un nombre dentro de la frase ("tú" en minúscula)."""
    return "tú" if name == YOU else name


def join(names: Sequence[str]) -> str:
    """``["Mike", "You"]`` -> ``"Mike y tú"``; quien aprende va al final."""
    items = [n for n in names if n != YOU] + [n for n in names if n == YOU]
    words = [_nombre(n) for n in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " y " + words[-1]


def _verbo(name: str, tu: str, el: str) -> str:
    """"Pierdes" (quien aprende, sin pronombre) o "Mary pierde"."""
    return tu[:1].upper() + tu[1:] if name == YOU else f"{name} {el}"


def _de(name: str) -> str:
    """«tu apuesta» / «la apuesta de Mary»."""
    return "tu apuesta" if name == YOU else f"la apuesta de {name}"


def _roll(e: Event, names: Sequence[str]) -> str:
    return f"{_verbo(names[e['seat']], 'tiras', 'tira')} {dice_words(e['dice'])} bajo el cubilete."


def _bid(e: Event, names: Sequence[str]) -> str:
    return f"{_verbo(names[e['seat']], 'apuestas', 'apuesta')} {bid_words(Bid(e['quantity'], e['face']))}."


def _no_show(e: Event, names: Sequence[str]) -> str:
    name = names[e["seat"]]
    return "No muestras nada." if name == YOU else f"{name} no muestra nada."


def _show(e: Event, names: Sequence[str]) -> str:
    name = names[e["seat"]]
    again = "vuelves" if name == YOU else "vuelve"
    return (f"{_verbo(name, 'muestras', 'muestra')} {faces_text(tuple(e['faces']))} y {again} a tirar "
            f"{dice_words(e['rerolled'])}.")


def _challenge(e: Event, names: Sequence[str]) -> str:
    bid = Bid.parse(e["bid"])
    end = " Una apuesta perfecta." if e["perfect"] else ""
    return (f"{_verbo(names[e['seat']], 'desafías', 'desafía')} {_de(names[e['bidder']])}, {bid_words(bid)}: "
            f"se cuentan {e['count']}.{end}")


def _lose(e: Event, names: Sequence[str]) -> str:
    name = names[e["seat"]]
    left = f"te quedan {e['left']}" if name == YOU else f"le quedan {e['left']}"
    return f"{_verbo(name, 'pierdes', 'pierde')} {dice_words(e['dice'])} ({left})."


def _ganan(winners: Sequence[str]) -> str:
    if list(winners) == [YOU]:
        return "ganas tú"
    return f"{'gana' if len(winners) == 1 else 'ganan'} {join(winners)}"


def _game_over(e: Event, names: Sequence[str]) -> str:
    return f"Fin del juego: {_ganan([names[s] for s in e['winners']])}."


def _round_start(e: Event, names: Sequence[str]) -> str:
    return f"{_verbo(names[e['opener']], 'abres', 'abre')} la siguiente ronda."


EVENTS: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "roll": _roll, "bid": _bid, "no_show": _no_show, "show": _show, "challenge": _challenge, "lose": _lose,
    "game_over": _game_over, "round_start": _round_start,
}
"""La frase en español de cada clase de suceso."""


def say(event: Event, names: Sequence[str]) -> str:
    """Una frase para un suceso de :attr:`~vegas_tutor.liars_dice.engine.State.events`."""
    return EVENTS[event.kind](event, names)


def _pierde(name: str, lost: int, debt: int) -> str:
    text = f"{_verbo(name, 'pierdes', 'pierde')} {dice_words(lost)}"
    if lost < debt:
        return text + (" (todos los que tenías)." if name == YOU else " (todos los que tenía).")
    return text + "."


def reveal(result: ChallengeResult, names: Sequence[str]) -> str:
    """Lo que mostró y costó un desafío, y por qué, en unas pocas frases."""
    bid, q = result.bid, result.bid.quantity
    bidder, challenger = names[result.bidder], names[result.challenger]
    what = "las estrellas" if bid.is_star else f"los {bid.face} y las estrellas"
    lines = [f"{_verbo(challenger, 'has desafiado', 'ha desafiado')} {_de(bidder)}, {bid_words(bid)}. "
             f"Se cuentan {what}: {result.count}."]
    if result.count > q:
        lines.append(f"Son {result.count - q} más que la apuesta: la apuesta era verdadera, así que el retador "
                     f"paga la diferencia. {_pierde(challenger, result.losses[result.challenger], result.count - q)}")
    elif result.count < q:
        lines.append(f"Faltan {q - result.count} para la apuesta: la apuesta era falsa, así que el postor paga "
                     f"la diferencia. {_pierde(bidder, result.losses[result.bidder], q - result.count)}")
    else:
        losers = [names[s] for s, lost in enumerate(result.losses) if lost]
        lines.append(f"Exactamente {q}: una apuesta perfecta. Todos menos el postor pierden un dado"
                     + (f": {join(losers)}." if losers else "."))
        saved = [names[s] for s in result.saved_by_die_hard]
        if saved:
            keep = "conservas" if saved == [YOU] else "conserva" if len(saved) == 1 else "conserváis" \
                if YOU in saved else "conservan"
            who = "" if saved == [YOU] else f"{join(saved)} "
            lines.append(f"Regla «Die Hard»: {who}{keep} el último dado, porque en una apuesta perfecta solo el "
                         "retador pierde su último dado.")
    out_now = [names[s] for s, cup in enumerate(result.cups) if cup and len(cup) == result.losses[s]]
    left = [names[s] for s, cup in enumerate(result.cups) if len(cup) > result.losses[s]]
    if out_now:
        lines.append(f"Fuera del juego: {join(out_now)}.")
    if len(left) <= 1:
        has = "tienes" if left == [YOU] else "tiene"
        lines.append(f"Solo {join(left)} {has} dados: fin del juego.")
    else:
        winner = names[result.winner]
        opens = "abres" if winner == YOU else "abre"
        lines.append(f"{_verbo(winner, 'ganas', 'gana')} el desafío y {opens} la siguiente ronda.")
    return " ".join(lines)


def status(obs: Observation, names: Sequence[str], *, awaiting_show: bool, paused: bool = False) -> str:
    """La línea de estado de la mesa para ``obs.player``: a quién le toca y qué puede hacer."""
    me = obs.player
    if paused:
        if obs.dice_counts[me]:
            return "Los cubiletes están levantados: lee el recuento y pulsa Siguiente ronda."
        if names[me] == YOU:
            return "Estás fuera del juego: lee el recuento y mira la siguiente ronda o salta al final."
        return f"{names[me]} está fuera del juego: mira la siguiente ronda o salta al final."
    if obs.phase == "over":
        return f"Fin del juego: {_ganan([names[s] for s in obs.winners])}."
    if awaiting_show and obs.last_bid is not None:
        return (f"Apuestas {bid_words(obs.last_bid)}. Muestra algunos de tus dados y vuelve a tirar el resto, o deja "
                "tu cubilete como está.")
    if obs.phase == "roll":
        return "Nueva ronda: cada jugador tira bajo su cubilete los dados que aún tiene."
    seat = obs.current_player
    assert seat is not None
    last = obs.last_bid
    if seat == me and names[me] == YOU:
        return "Abres tú: pon el dado rojo en cualquier espacio de la pista." if last is None else \
            f"Tu turno: sube la apuesta de {bid_words(last)} o desafíala."
    if last is None:
        return f"{names[seat]} abre la ronda."
    return f"{names[seat]} debe subir la apuesta de {bid_words(last)} o desafiarla."
