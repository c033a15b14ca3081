"""The shared parts of the tutor in Spanish: the widgets' words, a prediction, refusals, coach, labs, money."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from vegas_tutor.core.errors import IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.core.record import load_record
from vegas_tutor.i18n import catalog, using
from vegas_tutor.i18n_check import widget_messages
from vegas_tutor.resources import widgets_dir
from vegas_tutor.tutor import lab, messages
from vegas_tutor.tutor.assets import WordedWidget
from vegas_tutor.tutor.coaching import Coach, GameCoach, ReplayIntent
from vegas_tutor.tutor.notebook import chance, exact_details
from vegas_tutor.tutor.question import Prediction, after_all

SHARED_WIDGETS = ("shared.js", "coach.js", "prediction.js", "progress.js", "progress_store.js", "lab_chart.js")


def _shared_msgids() -> list[str]:
    return [m.msgid for m in widget_messages(widgets_dir()) if Path(m.where.split(":")[0]).name in SHARED_WIDGETS]


def test_a_widget_made_in_spanish_carries_every_word_of_the_shared_widgets_in_spanish() -> None:
    msgids = _shared_msgids()
    assert len(msgids) > 100 and "Reveal the answer" in msgids and "Not allowed:" in msgids
    with using("es"):
        widget = WordedWidget()
    assert widget.lang == "es"
    table = catalog("es")
    for msgid in msgids:
        words = widget.strings.get(msgid)
        assert words, f"no Spanish for {msgid!r} in the widget's table"
        assert words == (list(table[msgid].forms) if len(table[msgid].forms) > 1 else table[msgid].forms[0])
    assert widget.strings["Not allowed:"] == "No permitido:"
    assert widget.strings["Resume your game from move {moves}? (saved {when})"].startswith("¿Reanudar tu partida")
    assert widget.strings["{n} minute ago"] == ["hace {n} minuto", "hace {n} minutos"]
    assert widget.strings["↶ Undo"] == "↶ Deshacer" and widget.strings["Coach"] == "Entrenador"
    english = WordedWidget()
    assert english.lang == "en" and english.strings == {}


def test_most_spanish_words_of_the_widgets_differ_from_the_english() -> None:
    with using("es"):
        strings = WordedWidget().strings
    same = [m for m in set(_shared_msgids()) if strings[m] in (m, [m])]
    assert same == [] or all(len(m) < 4 for m in same), same  # a mark alone ("✓") may stay as it is


def test_a_prediction_made_in_spanish_shows_spanish_words_and_verdicts() -> None:
    with using("es"):
        q = Prediction("¿Quién se lleva el billete?", ["Anna", "Benno"], answer=0, explanation="Anna tiene más dados.")
        gate = after_all(q, content=lambda: WordedWidget())
        assert not q.reveal() and q.error == "Haz primero tu predicción."
        assert not q.handle({"type": "choose", "index": 7})
        assert q.error == "el índice de la opción debe ser 0..1; llegó 7"
        q.choose("Anna")
        assert q.reveal()
    assert q.card.lang == "es" and q.card.strings["Reveal the answer"] == "Ver la respuesta"
    assert q.card.strings["Try again"] == "Intentar de nuevo" and q.card.strings["Predict:"] == "Predice:"
    assert q.verdict == "¡Correcto! Anna tiene más dados."
    with using("es"):
        q.try_again()
        q.choose("Benno")
        q.reveal()
    assert q.verdict == "No del todo: la respuesta es «Anna». Anna tiene más dados."
    assert isinstance(gate.children[0], WordedWidget)  # revealed: the content is shown, built once
    with using("es"):
        waiting = after_all(Prediction("¿Sí?", ["sí", "no"], answer=0, explanation=""), content=WordedWidget())
    assert "Responde a la pregunta de arriba para ver esto." in waiting.children[0].value


def test_a_refusal_of_the_shared_message_checks_speaks_the_language_in_force() -> None:
    bad = {"type": "step", "to": "sideways"}
    with pytest.raises(InvalidActionError) as english:
        messages.step_intent("step", bad)
    with using("es"), pytest.raises(InvalidActionError) as spanish:
        messages.step_intent("step", bad)
    assert str(english.value) == "message 'step': to must be one of back, next, restart, got 'sideways'"
    assert str(spanish.value) == "mensaje 'step': to debe ser uno de back, next, restart; llegó 'sideways'"
    with using("es"), pytest.raises(InvalidActionError, match=r"^tipo de mensaje desconocido 'fly'"):
        messages.message_kind({"type": "fly"}, {"step": ("to",)})
    with using("es"), pytest.raises(InvalidActionError) as too_long:
        messages.shared_intent({"type": "resume", "record": "x" * (messages.MAX_RECORD_CHARS + 1)})
    assert "1.000.001 caracteres" in str(too_long.value) and "como mucho 1.000.000" in str(too_long.value)


def test_a_saved_game_refusal_of_core_is_spanish_too() -> None:
    with using("es"), pytest.raises(RecordError) as refused:
        load_record("{not json", "las_vegas", 2)
    assert str(refused.value).startswith("la partida guardada no es JSON válido: ")


def _coach() -> GameCoach:
    return GameCoach(review=lambda s, a: None, is_decision=lambda a: True, first_choice=lambda s: None,
                     words=str, loss_text=lambda x: f"{x:.1f} puntos", option_text=str, score=lambda o: 0.0,
                     good=1.0, mistake=3.0, unit="of the chance of winning the game")


def test_the_coach_legend_and_refusals_are_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    import vegas_tutor.i18n as i18n

    table = dict(catalog("es"))
    table["of the chance of winning the game"] = i18n.Entry(("de la probabilidad de ganar la partida",), False)
    monkeypatch.setattr(i18n, "catalog", lambda lang: table)
    with using("es"):
        legend = _coach().thresholds()
        coach = Coach(_coach(), on_ready=lambda: None, on=True)
        state = type("S", (), {"is_over": True, "history": ()})()
        with pytest.raises(IllegalActionError) as refused:
            coach.carry_out(ReplayIntent(4), state, lambda seat: True)
    assert legend == ("Bien: pierdes menos de 1.0 puntos de la probabilidad de ganar la partida; error: "
                      "3.0 puntos o más; entre ambos, una imprecisión. Un error cuya elección valía tanto como la "
                      "mayoría es una ocasión perdida: había una mucho mejor.")
    assert str(refused.value) == "no hay ninguna decisión 5: esta partida tuvo 0 decisiones"


def test_lab_and_notebook_words_are_spanish_with_spanish_numbers() -> None:
    standing = lab.Standing("codiciosa", wins=1170.0, games=2000, values=np.array([1.0, 2.0]))
    with using("es"):
        sentence = standing.sentence()
        figure = lab.win_rate_figure([standing], parity=0.25)
        table = lab.standings_table([standing], "dinero", str)
        panel = lab.Lab([], lambda progress: lab.LabResult(()), charts=1)
        words = (chance(Fraction(1, 27)), chance(Fraction(0)), exact_details(Fraction(1, 1234567)))
    assert sentence.startswith("codiciosa ganó el 58,5\u00a0% de 2.000 partidas (intervalo del 95\u00a0%: de ")
    assert figure.layout.title.text == "Porcentaje de partidas ganadas" and figure.layout.separators == ",."
    assert "<th>Estrategia</th>" in table and "<td>2.000</td>" in table and "dinero de media" in table
    assert panel.button.description == "Ejecutar" and "Elige y pulsa «Ejecutar»." in panel.progress.value
    assert panel.charts[0].placeholder == "Pulsa «Ejecutar» para dibujar este gráfico."
    assert words[0] == "alrededor del 3,7\u00a0% (1 entre 27)" and words[1] == "imposible (0\u00a0%)"
    assert "<summary>La cifra exacta</summary><p>1 / 1.234.567</p>" in words[2]
    assert standing.sentence().startswith("codiciosa won 58.5% of 2,000 games (95% interval ")


def test_the_widgets_money_percent_and_dice_follow_the_language() -> None:
    if shutil.which("node") is None:  # .ci/run installs Debian's nodejs: there the test always runs
        if os.environ.get("CI"):
            pytest.fail("node is missing (required when CI is set: apt-get install nodejs)")
        pytest.skip("needs node (Debian's nodejs) to run the widgets' helpers")
    source = (widgets_dir() / "words.js").read_text() + (widgets_dir() / "shared.js").read_text()
    with using("es"):
        strings = json.dumps(WordedWidget().strings)
    probe = f"""
WORDS.lang = "es"; WORDS.strings = {strings};
const es = [money(80000), moneyAbout(77015.2), percent(0.4567), percent(0.003), diceWord(1), diceWord(3),
            savedAgo(Date.now() - 5 * 60000), stepperKeys({{ get: () => ({{ id: "LV-1" }}) }})];
WORDS.lang = "en"; WORDS.strings = {{}};
const en = [money(80000), moneyAbout(77015.2), percent(0.4567), diceWord(3), savedAgo(Date.now() - 5 * 60000)];
console.log(JSON.stringify({{ es, en }}));
"""
    out = subprocess.run(["node", "--input-type=module", "-e", source + probe], capture_output=True, text=True,
                         timeout=60, check=True)
    result = json.loads(out.stdout)
    keys = " Teclas: las flechas derecha e izquierda avanzan y retroceden el ejemplo."
    assert result["es"] == ["80.000\u00a0$", "77.000\u00a0$", "46\u00a0%", "<1\u00a0%", "1 dado", "3 dados",
                            "hace 5 minutos", keys]
    assert result["en"] == ["$80k", "$77.0k", "46%", "3 dice", "5 minutes ago"]
