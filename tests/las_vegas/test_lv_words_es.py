"""Las Vegas in Spanish: the Spanish event renderer, refusals, scenarios and coach words in the language in force."""

import re

import pytest

from vegas_tutor import i18n
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.core.events import Event
from vegas_tutor.las_vegas import State, new_game, words, words_es
from vegas_tutor.las_vegas.coach import describe_now, review
from vegas_tutor.las_vegas.scenarios import SCENARIOS

ENGLISH = (" the ", " you ", " your ", " dice ", " die ", " rolls ", " places ", " pays ", " and ", " white ",
           " takes ", " nobody ", " round ", " game ", " bills ")
"""Words that give English away (padded with spaces: names and casinos such as "The Mirage" stay)."""
ENGLISH_MONEY = re.compile(r"\$\d")


def english_words(text: str) -> list[str]:
    padded = f" {text.lower().replace('the mirage', '')} ".replace(".", " ").replace(",", " ").replace(":", " ")
    return [word for word in ENGLISH if word in padded]


def played_events() -> list[tuple[Event, tuple[str, ...]]]:
    """Every event of a whole 3-player neutral game (spare white dice included) and of the LV-PASS example,
    each with the names of its game."""
    game = new_game(3, neutral=True, seed=11)
    rng = make_rng(5)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    passing = SCENARIOS["LV-PASS"].steps[-1].state
    return [(e, game.names) for e in game.events] + [(e, passing.names) for e in passing.events]


def position(state: State) -> tuple[object, ...]:
    return (state.round, state.phase, state.current_player,
            tuple(state.placed_on(c) for c in range(1, 7)), tuple(state.money(s) for s in range(state.players)))


def test_both_renderers_cover_the_same_event_kinds() -> None:
    assert words.KINDS == words_es.KINDS
    assert {e.kind for e, _names in played_events()} == words.KINDS  # the test game really has every kind


@pytest.mark.parametrize("you", [None, 0, 1])
def test_spanish_words_of_a_played_game_are_spanish(you: int | None) -> None:
    for event, names in played_events():
        spanish = words.say(event, names, you=you, lang="es")
        english = words.say(event, names, you=you, lang="en")
        assert spanish and spanish != english, event
        assert not english_words(spanish), (spanish, english_words(spanish))
        assert not ENGLISH_MONEY.search(spanish), spanish


def test_say_follows_the_language_in_force() -> None:
    event = Event("place", seat=1, casino=3, dice=2, white=0)
    assert words.say(event, ("Anna", "Benno")) == "Benno places 2 dice on casino 3 (The Mirage)"
    with i18n.using("es"):
        assert words.say(event, ("Anna", "Benno")) == "Benno coloca 2 dados en el casino 3 (The Mirage)"
        assert words.say(event, ("Anna", "Benno"), you=1) == "Colocas 2 dados en el casino 3 (The Mirage)"
        game = new_game(2, seed=1)
        assert game.log[0].startswith("Billetes repartidos: 1: ")
    assert game.log[0].startswith("Bills dealt: 1: ")


def test_spanish_grammar_of_groups_and_winners() -> None:
    names = ("Anna", "Benno", "Carla")
    assert words_es.say_es(Event("pass", seats=[0]), names, you=0) == "Te quedas sin dados y pasas"
    assert words_es.say_es(Event("pass", seats=[0, 2]), names, you=0) == "Carla y tú os quedáis sin dados y pasáis"
    assert words_es.say_es(Event("pass", seats=[2]), names) == "Carla se queda sin dados y pasa"
    assert words_es.say_es(Event("game_over", winners=[1]), names, you=1) == "La partida ha terminado: ganas"
    assert words_es.say_es(Event("game_over", winners=[0, 1]), names, you=1) == \
        "La partida ha terminado: Anna y tú compartís la victoria"
    nobody = Event("payout", casino=1, takes=[], cancelled=[0, 1], white_bill=None, returned=[60_000, 10_000])
    assert words_es.say_es(nobody, names) == \
        "El casino 1 (Golden Nugget) no paga a nadie; 60.000\u00a0$ y 10.000\u00a0$ vuelven al fondo de la pila"


def test_a_refusal_under_spanish_is_spanish_and_english_stays_english() -> None:
    game = new_game(2, seed=3)
    game.apply("roll")
    with i18n.using("es"):
        with pytest.raises(IllegalActionError) as refused:
            game.apply("roll")
        assert "no es válido ahora (" in str(refused.value) and "No permitido" not in str(refused.value)
        assert "debe elegir un número de la tirada" in str(refused.value)
        with pytest.raises(InvalidActionError, match="no se puede leer 'place 7'"):
            game.apply("place 7")
        face = next(f for f in range(1, 7) if all(getattr(a, "face", 0) != f for a in game.legal_actions()))
        with pytest.raises(IllegalActionError) as absent:
            game.apply(f"place {face}")
        assert f"colocar los {face} en el casino {face}" in str(absent.value)
        assert "ningún dado de la tirada muestra" in str(absent.value)
    with pytest.raises(IllegalActionError, match=r"is not legal now \(round 1, Anna to choose a face of the roll\)"):
        game.apply("roll")


def test_every_scenario_is_told_in_spanish() -> None:
    for sid in SCENARIOS:
        english = SCENARIOS[sid]
        with i18n.using("es"):
            spanish = SCENARIOS[sid]
        assert spanish.title != english.title
        assert [position(s.state) for s in spanish.steps] == [position(s.state) for s in english.steps]
        for es, en in zip(spanish.steps, english.steps, strict=True):
            assert es.narration != en.narration
            assert not ENGLISH_MONEY.search(es.narration), es.narration
            assert not english_words(es.narration), (es.narration, english_words(es.narration))


def test_the_coach_speaks_spanish() -> None:
    state = State.position(2, casino_bills=[[60_000]] * 2 + [[90_000, 20_000]] + [[50_000]] * 3,
                           placed={1: [5, 6], 3: [1, 2]}, seed=1)
    state.apply("roll 3 5")
    with i18n.using("es"):
        assert describe_now(state, 3) == ("los 3 (1 dado) en The Mirage te empatan con Benno a 2 dados "
                                          "(pierdes tu billete de 20.000\u00a0$) y le quitan a Benno el billete "
                                          "de 90.000\u00a0$")
        text = review(state, "place 5").explanation
    assert not english_words(text) and not ENGLISH_MONEY.search(text), text
