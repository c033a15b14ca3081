"""The Liar's Dice table in Spanish: what Python syncs is Spanish, and the widget's table of words is whole."""

from __future__ import annotations

import re

import pytest

from vegas_tutor import i18n, i18n_check
from vegas_tutor.resources import widgets_dir
from vegas_tutor.tutor import coaching
from vegas_tutor.tutor.liars_dice.board import LiarsDiceTable
from vegas_tutor.tutor.liars_dice.stepper import LiarsDiceStepper, watch_round

ENGLISH = re.compile(r"\b(the|you|your|dice|bid|bids|roll|challenge|loses?|wins?|opens?|raise|cup|odds)\b",
                     re.IGNORECASE)


@pytest.fixture(autouse=True)
def reviews_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's reviews computed at once (a browser test run earlier in the session may have left an event
    loop in this thread, whose callbacks nothing would run)."""
    monkeypatch.setattr(coaching, "running_loop", lambda: None)


def spanish(text: str) -> bool:
    return bool(text) and not ENGLISH.search(text.replace("«Die Hard»", ""))


def play_to_a_reveal(table: LiarsDiceTable) -> dict[str, object]:
    """Bid the lowest raise, keep the cup, and challenge when the learner may, until the cups are lifted;
    the odds panel the learner saw before challenging."""
    seen: dict[str, object] = {}
    for _move in range(50):
        t = table.table
        if t["paused"] or t["is_over"]:
            return seen
        if t["awaiting_show"]:
            assert table.handle({"type": "keep"}), table.error
        elif t["can_challenge"]:
            seen = dict(table.odds)
            assert table.handle({"type": "challenge"}), table.error
        elif t["learner_to_act"]:
            low = t["raises"][0]
            assert table.handle({"type": "bid", "quantity": low["quantity"], "face": low["face"]}), table.error
    raise AssertionError("no reveal in 50 moves")


def test_a_table_made_in_spanish_syncs_spanish_words() -> None:
    with i18n.using("es"):
        table = LiarsDiceTable(players=3, dice=3, seed=5, coach=True)
        assert table.lang == "es"
        assert table.table["describe"] == "Abres tú: pon el dado rojo en cualquier espacio de la pista."
        assert table.table["players"][0]["name"] == "Tú"
        assert table.odds["reason"] == "Nadie ha apostado todavía en esta ronda."
        assert table.handle({"type": "challenge"}) is False and spanish(table.error), table.error
        assert table.error.startswith("desafío no es válido: ")  # the board prints "No permitido:" before it
        odds = play_to_a_reveal(table)
        t = table.table
        assert spanish(t["describe"]) and spanish(t["reveal"]["words"]), t["reveal"]["words"]
        assert spanish(t["reveal"]["bid"]["text"]) and spanish(t["undo"]["reason"] or t["undo"]["what"])
        assert odds["status"] == "ready" and spanish(odds["bid"]["text"])  # type: ignore[index]
        rows = odds["choices"]["rows"]  # type: ignore[index]
        assert rows and all(spanish(row["text"]) for row in rows)
        assert spanish(table.coaching["last"]["text"]) and spanish(table.coaching["last"]["words"])
    english = LiarsDiceTable(players=3, dice=3, seed=5)
    assert english.lang == "en" and english.strings == {}
    assert english.table["describe"] == "You open: put the red die anywhere on the track."


def test_the_widget_words_cover_every_text_of_liars_dice_js() -> None:
    msgids = {m.msgid for m in i18n_check.widget_messages(widgets_dir()) if m.where.startswith("widgets/liars_dice.js")}
    assert len(msgids) > 150
    with i18n.using("es"):
        table = LiarsDiceTable(players=2, dice=2, seed=1)
    missing = msgids - set(table.strings)
    assert not missing
    assert table.strings["Next round ▶"] == "Siguiente ronda ▶"
    assert table.strings["{n} die"] == ["{n} dado", "{n} dados"]


def test_the_steppers_speak_spanish() -> None:
    with i18n.using("es"):
        stepper = LiarsDiceStepper("LD-CHALLENGE-1")
        assert stepper.stepper["title"] == "Un desafío perdido: el retador paga la diferencia"
        stepper.next()
        stepper.next()
        assert spanish(stepper.stepper["narration"]) and spanish(stepper.table["reveal"]["words"])
        watched = watch_round(3, dice=2, seed=4)
    assert all(spanish(step.narration) for step in watched.steps), [s.narration for s in watched.steps]
    assert LiarsDiceStepper("LD-CHALLENGE-1").stepper["title"] == "A challenge lost: the challenger pays the difference"
