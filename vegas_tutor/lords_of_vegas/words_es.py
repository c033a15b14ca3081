"""Las palabras en español de los sucesos de Lords of Vegas: una frase por suceso, para el registro del tablero
y las lecciones (el renderizador inglés es :mod:`.words`; ``words.say`` elige según el idioma en vigor).

``names`` son los nombres de los asientos tal como se muestran; ``you`` es el asiento del alumno (de tú).
Términos del juego: docs/terms/lords_of_vegas.md.

>>> from vegas_tutor.core.events import Event
>>> names = ("Azul", "Verde", "Rojo")
>>> say(Event("score", seat=2, points=1, casino="E4", before=14, after=15), names)
'Rojo gana 1 punto por el casino de E4 (14 → 15).'
>>> say(Event("gamble", seat=0, total=7, gain=-4, boss=1, boss_gain=4), names, you=0)
'Sacas 7 y pierdes 4\\xa0$; Verde se lleva 4\\xa0$.'
>>> say(Event("action", seat=1, action="reorganize E4"), names)
'Verde reorganiza el casino de E4.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vegas_tutor.core.events import Event
from vegas_tutor.i18n import money, names_list
from vegas_tutor.lords_of_vegas.actions import (
    Build,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    Sprawl,
    parse_action,
)
from vegas_tutor.lords_of_vegas.board import GAME_END

_COLOURS = {"aqua": "aguamarina", "brown": "marrón", "gold": "dorado", "purple": "violeta", "silver": "plateado",
            "strip": "que paga The Strip"}


LANG = "es"
"""The language of this renderer's numbers, money and lists (whatever the language in force)."""


def _card(card: str) -> str:
    return "la carta de Fin de Juego" if card == GAME_END else f"la carta {card}"


def _card_name(card: str) -> str:
    return "La carta de Fin de Juego" if card == GAME_END else card


class _Speaker:
    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names, self.you = names, you

    def who(self, seat: int) -> str:
        """El nombre del asiento, o "tú" para el alumno."""
        return "tú" if seat == self.you else self.names[seat]

    def does(self, seat: int, tu: str, third: str) -> str:
        """``"Sacas"`` / ``"Rojo saca"``: el verbo de tú, o el nombre y la tercera persona."""
        return tu[:1].upper() + tu[1:] if seat == self.you else f"{self.names[seat]} {third}"

    def mid(self, seat: int, tu: str, third: str) -> str:
        """Lo mismo en mitad de una frase (``"te llevas"`` en minúscula)."""
        return tu if seat == self.you else f"{self.names[seat]} {third}"


def _move(move_from: str | None) -> str:
    return "" if move_from is None else f", moviendo un dado de {move_from}"


def _action(e: Event, sp: _Speaker) -> str:
    seat, action = e["seat"], parse_action(e["action"])
    if isinstance(action, Build):
        return (f"{sp.does(seat, 'construyes', 'construye')} una ficha de casino {_COLOURS[action.colour]} en "
                f"{action.lot}{_move(action.move_from)}.")
    if isinstance(action, Sprawl):
        their = "tu" if seat == sp.you else "su"
        return (f"{sp.does(seat, 'expandes', 'expande')} {their} casino {_COLOURS[action.colour]} a "
                f"{action.lot}{_move(action.move_from)}.")
    if isinstance(action, Remodel):
        return f"{sp.does(seat, 'remodelas', 'remodela')} el casino de {action.lot} a {_COLOURS[action.colour]}."
    if isinstance(action, Reorganize):
        return f"{sp.does(seat, 'reorganizas', 'reorganiza')} el casino de {action.lot}."
    if isinstance(action, Gamble):
        return f"{sp.does(seat, 'apuestas', 'apuesta')} {money(action.bet, lang=LANG)} en el casino de {action.lot}."
    if isinstance(action, EndTurn):
        return f"{sp.does(seat, 'terminas', 'termina')} el turno."
    if isinstance(action, LayOff):
        if action.half:
            return f"{sp.does(seat, 'dejas', 'deja')} la mitad de la apuesta al banco."
        return f"{sp.does(seat, 'aceptas', 'acepta')} la apuesta entera."
    if isinstance(action, PlaceDie):
        return f"{sp.does(seat, 'colocas', 'coloca')} un dado en {action.lot}."
    if isinstance(action, MoveDie):
        return f"{sp.does(seat, 'mueves', 'mueve')} el dado de {action.lot}."
    return f"{sp.who(seat)}: {action}."  # pragma: no cover - every decision is named above


def _gamble(e: Event, sp: _Speaker) -> str:
    seat, gain, boss_gain, boss = e["seat"], e["gain"], e["boss_gain"], e["boss"]
    if gain > 0:
        result = f"{sp.does(seat, 'sacas', 'saca')} {e['total']} y {'ganas' if seat == sp.you else 'gana'} " \
                 f"{money(gain, lang=LANG)}"
    else:
        result = f"{sp.does(seat, 'sacas', 'saca')} {e['total']} y {'pierdes' if seat == sp.you else 'pierde'} " \
                 f"{money(-gain, lang=LANG)}"
    if boss_gain > 0:
        boss_part = f"{sp.mid(boss, 'te llevas', 'se lleva')} {money(boss_gain, lang=LANG)}"
    elif boss_gain < 0:
        boss_part = f"{sp.mid(boss, 'pagas', 'paga')} {money(-boss_gain, lang=LANG)}"
    else:
        boss_part = "no pagas nada" if boss == sp.you else f"{sp.names[boss]} no paga nada"
    return f"{result}; {boss_part}."


def _over(e: Event, sp: _Speaker) -> str:
    winners = e["winners"]
    if len(winners) == 1:
        if winners[0] == sp.you:
            return "Se acabó la partida: ganas."
        return f"Se acabó la partida: gana {sp.names[winners[0]]}."
    if sp.you in winners:
        others = [sp.names[s] for s in winners if s != sp.you]
        return f"Se acabó la partida: compartes la victoria con {names_list(others, lang=LANG)}."
    return f"Se acabó la partida: {names_list([sp.names[s] for s in winners], lang=LANG)} comparten la victoria."


def _start_tie(e: Event, sp: _Speaker) -> str:
    seats = e["seats"]
    if sp.you in seats:
        others = [sp.names[s] for s in seats if s != sp.you]
        return (f"Empate en la tirada inicial más alta ({e['total']}): {names_list([*others, 'tú'], lang=LANG)} "
                "volvéis a tirar.")
    return (f"Empate en la tirada inicial más alta ({e['total']}): "
            f"{names_list([sp.names[s] for s in seats], lang=LANG)} vuelven a tirar.")


def _dice(lots: Sequence[str]) -> str:
    return f"el dado de {lots[0]}" if len(lots) == 1 else f"los {len(lots)} dados de {names_list(lots, lang=LANG)}"


def _offer(offer: dict[str, list[str] | int]) -> str:
    amount, lots, dice = offer["money"], offer["lots"], offer["dice"]
    assert isinstance(amount, int) and isinstance(lots, list) and isinstance(dice, list)
    parts = [money(amount, lang=LANG)] if amount else []
    if lots:
        parts.append(f"el lote {lots[0]}" if len(lots) == 1 else f"los lotes {names_list(lots, lang=LANG)}")
    if dice:
        parts.append(_dice(dice))
    return names_list(parts, lang=LANG) if parts else "nada"


def _trade(e: Event, sp: _Speaker) -> str:
    first, second = e["first"], e["second"]
    partner = "ti" if second == sp.you else sp.names[second]
    text = (f"Intercambio: {sp.does(first, 'das', 'da')} {_offer(e['gives'][0])} y "
            f"{'recibes' if first == sp.you else 'recibe'} de {partner} {_offer(e['gives'][1])}.")
    if e["action"] is not None:
        played = _action(Event("action", seat=e["actor"], action=e["action"]), sp)
        text += f" En el acto, {played[0].lower()}{played[1:]}"
    return text


def _no_marker(e: Event, sp: _Speaker) -> str:
    whom = "No te quedan" if e["seat"] == sp.you else f"A {sp.names[e['seat']]} no le quedan"
    return f"{whom} marcadores: el lote {e['card']} se queda sin dueño."


_SAY: dict[str, Callable[[Event, _Speaker], str]] = {
    "move_die": lambda e, sp: f"{sp.does(e['seat'], 'mueves', 'mueve')} el dado de {e['lot']} a {e['to']}: la "
                              f"ficha de {e['lot']} ya no es de nadie.",
    "tie": lambda e, sp: f"Empate en lo alto del casino {_COLOURS[e['colour']]} de {e['casino']}: "
                         f"{_dice(e['dice'])} se vuelven a tirar.",
    "markers_pay": lambda e, sp: f"Cada marcador paga {money(1, lang=LANG)} a su dueño.",
    "casino_pays": lambda e, sp: f"El casino {_COLOURS[e['colour']]} de {e['casino']} "
                                 f"({e['tiles']} {'ficha' if e['tiles'] == 1 else 'fichas'}) paga "
                                 f"{money(e['pips'], lang=LANG)}: {money(1, lang=LANG)} por pip al dueño de cada dado.",
    "score": lambda e, sp: f"{sp.does(e['seat'], 'ganas', 'gana')} {e['points']} "
                           f"{'punto' if e['points'] == 1 else 'puntos'} por el casino de {e['casino']} "
                           f"({e['before']} → {e['after']}).",
    "game_over": _over,
    "draw": lambda e, sp: f"{sp.does(e['seat'], 'robas', 'roba')} {_card(e['card'])}.",
    "out_of_play_draw": lambda e, sp: f"{_card_name(e['card'])} está fuera de juego con dos jugadores: paga y "
                                      f"{'vuelves' if e['seat'] == sp.you else 'vuelve'} a robar"
                                      f"{'' if e['seat'] == sp.you else ' ' + sp.names[e['seat']]}.",
    "no_marker": _no_marker,
    "own_die": lambda e, sp: f"{sp.does(e['seat'], 'ya tienes', 'ya tiene')} el dado de {e['card']}.",
    "out_of_play_deal": lambda e, sp: f"{_card_name(e['card'])} está fuera de juego con dos jugadores: se aparta "
                                      "y se reparte otra carta.",
    "starts": lambda e, sp: f"{sp.does(e['seat'], 'sacas', 'saca')} el total más alto ({e['total']}) y "
                            f"{'empiezas' if e['seat'] == sp.you else 'empieza'}.",
    "start_tie": _start_tie,
    "gamble": _gamble,
    "action": _action,
    "trade": _trade,
}
KINDS = frozenset(_SAY)
"""Cada clase de suceso que registra el motor de Lords of Vegas."""


def say(event: Event, names: Sequence[str], *, you: int | None = None) -> str:
    """Un suceso como frase en español (en el idioma en vigor: ``words.say`` se encarga); ``you`` es el asiento
    del alumno (de tú), si lo hay."""
    return _SAY[event.kind](event, _Speaker(names, you))
