"""Lords of Vegas in Spanish: the Spanish renderer covers every event kind the English one does, the events of
real played games read as Spanish sentences (not the English ones), and refusals, phases, names and actions
come out in Spanish under ``i18n.using("es")``."""

from __future__ import annotations

import re

import pytest

from vegas_tutor import i18n
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.core.events import Event
from vegas_tutor.lords_of_vegas import State, Trade, new_game, words, words_es
from vegas_tutor.lords_of_vegas.actions import Gamble, Reorganize, Sprawl, parse_action
from vegas_tutor.lords_of_vegas.explain import phase_words
from vegas_tutor.lords_of_vegas.names import describe, player
from vegas_tutor.lords_of_vegas.policies import random_action
from vegas_tutor.lords_of_vegas.trades import Offer

ENGLISH = re.compile(r"\b(the|you|your|and|rolls?|draws?|builds?|pays?|casino at|scores?|wins?|bet|lot)\b",
                     re.IGNORECASE)
"""English words that no Spanish sentence of these renderers contains."""
NAMES = ("Azul", "Verde", "Rojo", "Amarillo")

SAMPLES = [
    Event("move_die", seat=1, lot="A2", to="B3"),
    Event("tie", colour="gold", casino="C1", dice=["C1", "C2"]),
    Event("markers_pay"),
    Event("casino_pays", colour="aqua", casino="E4", tiles=3, pips=11),
    Event("score", seat=0, points=2, casino="E4", before=8, after=10),
    Event("game_over", winners=[0, 2]),
    Event("draw", seat=2, card="D8"),
    Event("out_of_play_draw", seat=1, card="F3"),
    Event("no_marker", seat=0, card="D4"),
    Event("own_die", seat=3, card="A5"),
    Event("out_of_play_deal", card="F2"),
    Event("starts", seat=1, total=11),
    Event("start_tie", total=9, seats=[0, 3]),
    Event("gamble", seat=3, total=2, gain=8, boss=0, boss_gain=-8),
    Event("action", seat=2, action="sprawl gold into A5"),
    Event("trade", first=2, second=0, gives=[{"money": 3, "lots": [], "dice": []},
                                             {"money": 0, "lots": ["A2", "B4"], "dice": ["C1"]}],
          actor=2, action="reorganize E4"),
]


def played_events(players: int, seed: int) -> list[Event]:
    """Every event of a game played at random to its end (and a trade made on the way)."""
    rng, state, seen = make_rng(seed), new_game(players, seed=seed), []
    traded = False
    while not state.is_over:
        if not traded and state.phase == "play" and state.money(state.turn) > 0:
            other = (state.turn + 1) % players
            state.propose_trade(Trade(state.turn, other, Offer(money=1), Offer()))
            state.accept_trade(other)
            seen.extend(state.events)
            traded = True
        state.apply(random_action(state, rng))
        seen.extend(state.events)
    return seen


def test_both_renderers_cover_the_same_event_kinds() -> None:
    assert words.KINDS == words_es.KINDS
    assert {e.kind for e in SAMPLES} == words.KINDS  # the samples below reach every kind


@pytest.mark.parametrize("you", [None, 0, 1, 2])
def test_every_kind_reads_as_spanish_for_every_point_of_view(you: int | None) -> None:
    for event in SAMPLES:
        english = words.say(event, NAMES, you=you)
        with i18n.using("es"):
            spanish = words.say(event, NAMES, you=you)
        assert spanish and spanish != english, event.kind
        assert not ENGLISH.search(spanish), (event.kind, spanish)
        assert spanish[0].isupper() and spanish.endswith("."), spanish


def test_the_words_of_real_games_are_spanish() -> None:
    events = played_events(2, seed=5) + played_events(4, seed=11)
    kinds = {e.kind for e in events}
    assert {"draw", "casino_pays", "score", "action", "gamble", "trade", "game_over"} <= kinds
    for event in events:
        english = words.say(event, NAMES, you=0)
        with i18n.using("es"):
            spanish = words.say(event, NAMES, you=0)
        assert spanish and spanish != english, event
        assert not ENGLISH.search(spanish), spanish
        for phrase in (" the ", " you ", " casino at ", " and "):
            assert phrase not in spanish


def test_spanish_money_is_written_the_rulebook_way() -> None:
    with i18n.using("es"):
        text = words.say(Event("gamble", seat=0, total=7, gain=-1_200, boss=1, boss_gain=1_200), NAMES, you=0)
    assert text == "Sacas 7 y pierdes 1.200\u00a0$; Verde se lleva 1.200\u00a0$."


def test_refusals_read_under_spanish_are_spanish() -> None:
    state = State.position(3, markers={"A2": 0}, money=[2, 5, 5])
    with i18n.using("es"), pytest.raises(IllegalActionError) as refused:
        state.apply("build gold on A2")
    assert str(refused.value) == "construir dorado en A2: cuesta 6\u00a0$ y Azul tiene 2\u00a0$"
    with pytest.raises(IllegalActionError) as english:
        state.apply("build gold on A2")
    assert str(english.value) == "build gold on A2: it costs $6 and blue has $2"
    with i18n.using("es"), pytest.raises(InvalidActionError) as unread:
        parse_action("fly to the moon")
    assert str(unread.value) == "no se puede leer 'fly to the moon' como una acción de Lords of Vegas"
    with i18n.using("es"), pytest.raises(IllegalActionError) as trade:
        state.propose_trade(Trade(0, 1, Offer(money=9), Offer()))
    assert "Azul solo tiene 2\u00a0$" in str(trade.value) and "has only" not in str(trade.value)


def test_phases_names_and_actions_follow_the_language() -> None:
    d = State.position(3, phase="draw", turn=2).data()
    with i18n.using("es"):
        assert phase_words(d, you=2) == "Robas una carta (paso 1 del turno)."
        assert phase_words(d) == "Rojo roba una carta (paso 1 del turno)."
        assert [player(p) for p in range(4)] == list(NAMES)
        assert describe(Sprawl("A5", "gold")) == "expandir dorado a A5"
        assert describe(Gamble("C3", 12)) == "apostar 12\u00a0$ en C3"
    assert describe(Reorganize("E4")) == str(Reorganize("E4")) == "reorganize E4"
    assert i18n.language() == "en"
