"""The Lords of Vegas board made in Spanish: its synced texts (status, action labels, names, colours, log,
odds panel, trade panel, refusals, stepper narration) are Spanish, and its ``strings`` trait carries the
Spanish of every ``t()`` / ``tn()`` text of widgets/lords_of_vegas.js."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

from vegas_tutor import i18n, i18n_check
from vegas_tutor.resources import widgets_dir
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard, LordsOfVegasStepper

ENGLISH = re.compile(r"\b(the|you|your|and|rolls?|draws?|builds?|pays?|casino at|turn|bet|lot|dice)\b",
                     re.IGNORECASE)


def spanish_board(**kwargs: Any) -> LordsOfVegasBoard:
    with i18n.using("es"):
        return LordsOfVegasBoard(**kwargs)


def texts(view: Any) -> list[str]:
    """Every string inside a synced JSON value."""
    if isinstance(view, str):
        return [view]
    if isinstance(view, dict):
        return [text for value in view.values() for text in texts(value)]
    if isinstance(view, list):
        return [text for value in view for text in texts(value)]
    return []


def test_a_board_made_in_spanish_syncs_spanish_texts() -> None:
    board = spanish_board(players=3, seed=4, pace="all")
    view = board.board
    assert board.lang == "es"
    assert view["describe"] == "Robas una carta (paso 1 del turno)."
    assert view["actions"] == [{"kind": "draw", "title": "Robar una carta", "actions": ["draw"],
                                "labels": ["robar"]}]
    assert [p["name"] for p in view["players"]] == ["Tú (Azul)", "Verde", "Rojo"]
    assert [p["letter"] for p in view["players"]] == ["Az", "Ve", "Ro"]
    assert view["colour_names"]["gold"] == "dorado" and view["lots"]["D8"]["printed"]["code"] == "Do"
    with i18n.using("es"):
        assert not board.handle({"type": "act", "action": "end turn"})
    assert board.error == "terminar turno: ahora pulsa «robar»"
    with i18n.using("es"):
        for _move in range(6):
            if board.board["is_over"]:
                break
            board.handle({"type": "act", "action": board.board["actions"][0]["actions"][-1]})
    log = board.board["log"]
    assert log and all(g["title"] == "Preparación" or g["title"].startswith("Ronda ") for g in log)
    lines = [line for g in log for line in g["lines"]]
    assert lines and not [line for line in lines if ENGLISH.search(line)]
    assert not ENGLISH.search(board.board["describe"])
    groups = board.board["actions"]
    labels = [label for g in groups for label in g["labels"]] + [g["title"] for g in groups]
    assert labels and not [label for label in labels if ENGLISH.search(label)]


def test_the_odds_and_trade_panels_speak_spanish() -> None:
    from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS

    with i18n.using("es"):
        board = LordsOfVegasBoard(SCENARIOS["LOV-GAMBLE"].steps[0].state, learner=3, pace="all")
        board.handle({"type": "ask_offers"})
    odds = board.odds
    assert odds["gamble"] is not None and odds["gamble"]["label"].startswith("apostar ")
    assert all(label.startswith("apostar ") for label in odds["gamble_labels"])
    trade = board.board["trade"]
    assert not [text for text in texts(trade["sellable_labels"]) if ENGLISH.search(text)]
    assert trade["answer"] in ("", "Ahora nadie tiene un intercambio que ofrecerte.") or trade["offer"]


def test_the_stepper_tells_a_rulebook_example_in_spanish() -> None:
    with i18n.using("es"):
        stepper = LordsOfVegasStepper("LOV-BUILD")
        stepper.next()
    view = stepper.stepper
    assert view["title"] == "Construir: Rojo construye en A2"
    assert view["narration"] == ("Rojo construye allí por 6\u00a0$: una ficha dorada, con el dado de Rojo "
                                 "mostrando el 2 impreso.")
    english = LordsOfVegasStepper("LOV-BUILD")
    assert english.stepper["title"] == "Build: Red builds on A2"


def test_the_strings_trait_covers_every_text_of_the_board_script() -> None:
    board = spanish_board(players=4, seed=1)
    wanted = {m.msgid: m.plural for m in i18n_check.widget_messages(widgets_dir())
              if m.where.startswith("widgets/lords_of_vegas.js")}
    assert len(wanted) > 90
    missing = sorted(msgid for msgid in wanted if not board.strings.get(msgid))
    assert not missing
    plurals = [msgid for msgid, plural in wanted.items() if plural is not None]
    assert plurals and all(isinstance(board.strings[m], list) and len(board.strings[m]) == 2 for m in plurals)
    assert board.strings["Show the other players' turns"] == "Cómo mostrar los turnos de los demás jugadores"
    assert LordsOfVegasBoard(players=4, seed=1).strings == {}


def test_a_spanish_kernel_builds_the_examples_and_a_board() -> None:
    """A Spanish lesson sets the language before it imports anything: the rulebook examples (whose checks read
    the engine's refusals) still build, and the board speaks Spanish."""
    code = ("from vegas_tutor import i18n; i18n.set_language('es'); "
            "from vegas_tutor.tutor.lords_of_vegas.examples import EXAMPLES, market_position; "
            "from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard, LordsOfVegasStepper; "
            "print(LordsOfVegasBoard(market_position(), pace='all').board['describe']); "
            "print(LordsOfVegasStepper(EXAMPLES['LOV-X-SHORT']).stepper['title'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        "Construyes, expandes, remodelas, reorganizas o apuestas, o terminas el turno (paso 2 del turno).",
        "Un jefe que no puede pagar una apuesta"]


def test_a_watched_turn_is_told_in_spanish() -> None:
    from vegas_tutor.tutor.lords_of_vegas import watch_turn

    with i18n.using("es"):
        scenario = watch_turn(3, seed=2, turns=2)
        stepper = LordsOfVegasStepper(scenario)
    assert scenario.title == "2 turnos jugados por jugadores al azar" == stepper.stepper["title"]
    assert scenario.steps[0].narration.startswith("Las cartas están repartidas")
    told = [step.narration for step in scenario.steps[1:]]
    assert told and not [text for text in told if ENGLISH.search(text)]
