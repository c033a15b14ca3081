"""A Las Vegas board made under Spanish: its synced texts are Spanish, and its word table covers the widget."""

import re
from fractions import Fraction

from babel.messages.extract import extract_from_file

from vegas_tutor import i18n
from vegas_tutor.i18n_check import JS_KEYWORDS
from vegas_tutor.resources import widgets_dir
from vegas_tutor.tutor.las_vegas import LasVegasBoard, ScenarioStepper
from vegas_tutor.tutor.las_vegas.odds_panel import fraction_text

ENGLISH = re.compile(r"\b(the|your|you|roll|rolls|turn|round|dice|die|takes|back|pile|nobody|odds|game)\b", re.I)


def widget_msgids() -> set[str]:
    path = widgets_dir() / "las_vegas.js"
    found = extract_from_file("javascript", str(path), keywords=dict(JS_KEYWORDS))
    return {text[0] if isinstance(text, tuple) else text for _line, text, _comments, _context in found}


def spanish(text: str) -> bool:
    return bool(text) and not ENGLISH.search(text.replace("The Mirage", ""))


def test_a_spanish_board_sends_spanish_texts_and_every_widget_word() -> None:
    with i18n.using("es"):
        board = LasVegasBoard(players=3, seed=4, bots="greedy", show_odds=True)
    assert board.lang == "es"
    msgids = widget_msgids()
    assert len(msgids) > 80
    assert set(msgids) <= set(board.strings), sorted(set(msgids) - set(board.strings))
    assert board.strings["Roll {what}"] == "Tirar {what}"
    assert board.board["turn"]["name"] == "Tú" and board.board["turn"]["you"]
    assert board.board["describe"] == "Ronda 1 de 4. Tu turno: tira."
    assert board.odds["reason"] == "Tira tus dados para ver cuánto vale cada opción."
    with i18n.using("es"):
        assert board.handle({"type": "roll"})
        assert board.odds["status"] == "ready" and board.odds["you"]
        assert not board.handle({"type": "roll"})
        assert board.error == "ya has tirado: elige un número de la tirada para colocarlo"
        board.handle({"type": "place", "face": board.board["roll"]["groups"][0]["face"]})
        assert board.board["log"] and all(spanish(line) for line in board.board["log"]), board.board["log"]
        while not board.board["is_over"]:
            move = {"type": "roll"} if board.board["phase"] != "place" else \
                {"type": "place", "face": board.board["roll"]["groups"][0]["face"]}
            assert board.handle(move), board.error
    assert board.board["describe"].startswith("La partida ha terminado: ")
    for casino in board.board["last_payout"]["casinos"]:
        assert spanish(casino["words"]), casino["words"]


def test_a_spanish_stepper_tells_the_example_in_spanish() -> None:
    with i18n.using("es"):
        stepper = ScenarioStepper("LV-TIE-1")
        assert stepper.stepper["title"] == "Los empates se anulan: Caesars Palace"
        stepper.next()
        assert spanish(stepper.stepper["narration"]), stepper.stepper["narration"]
        (caesars,) = stepper.board["last_payout"]["casinos"]  # the casino paying in this step (issue 22.3)
        assert caesars["number"] == 2 and "80.000\u00a0$" in caesars["words"]
        assert stepper.board["describe"] == "La ronda 1 ha terminado: los casinos pagan, uno tras otro."
        assert fraction_text(Fraction(25_001, 2)) == "12.500,50\u00a0$ (= 25.001/2)"
    assert fraction_text(Fraction(25_001, 2)) == "$12,500.50 (= 25,001/2)"
