"""The two renderers of Liar's Dice events: the same event kinds, Spanish words that are really Spanish."""

from __future__ import annotations

import re

import pytest

from vegas_tutor import i18n
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.liars_dice import Bid, Challenge, Roll, new_game, words, words_es
from vegas_tutor.liars_dice.scenarios import SCENARIOS, SEAT_NAMES
from vegas_tutor.liars_dice.track import ALL_BIDS, STAR

NAMES = ("You", "Shane", "Mike", "Mary")
ENGLISH = re.compile(r"\b(the|you|your|dice|die|bid|bids|roll|rolls|challenge|challenges|loses?|and|wins?|opens?)\b",
                     re.IGNORECASE)


def played_events(seed: int) -> list[words.Event]:
    """Every event of one whole seeded game of four players (the last legal choice each time: big bids, shows)."""
    game = new_game(4, dice=3, seed=seed)
    events: list[words.Event] = []
    turn = 0
    while not game.is_over:
        legal = game.legal_actions()
        if game.is_chance:
            game.apply(Roll())
        else:
            turn += 1
            game.apply(legal[turn % len(legal)])
        events.extend(game.events)
    return events


def test_both_renderers_cover_the_same_event_kinds_and_every_kind_the_engine_emits() -> None:
    assert set(words.EVENTS) == set(words_es.EVENTS)
    emitted = {event.kind for seed in range(4) for event in played_events(seed)}
    assert emitted == set(words.EVENTS)


def test_spanish_words_of_a_played_game_are_spanish() -> None:
    events = played_events(1)
    assert len(events) > 20
    for event in events:
        english = words.say(event, NAMES, you=0)
        with i18n.using("es"):
            spanish = words.say(event, NAMES, you=0)
        assert spanish and spanish != english, event
        assert not ENGLISH.search(spanish), spanish
        for word in (" the ", " you ", " dice ", " bid "):
            assert word not in f" {spanish.lower()} "


def test_spanish_bids_say_the_quantity_in_words_and_the_face_in_figures() -> None:
    with i18n.using("es"):
        assert words.bid_words(Bid(5, 5)) == "cinco 5"
        assert words.bid_words(Bid(1, 3)) == "un 3"
        assert words.bid_words(Bid(1, STAR)) == "una estrella"
        assert words.bid_words(Bid(3, STAR)) == "tres estrellas"
        assert words.action_words(Challenge()) == "desafío"
        texts = [words.bid_words(bid) for bid in ALL_BIDS]
    assert len(set(texts)) == len(ALL_BIDS)  # no two bids read alike
    assert words.bid_words(Bid(5, 5)) == "five 5s"


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s.startswith(("LD-CHALLENGE", "LD-DIEHARD", "LD-END",
                                                                            "LD-COUNT", "LD-SHOW"))])
def test_spanish_reveals_of_the_rulebook_challenges(scenario: str) -> None:
    state = next(step.state for step in SCENARIOS[scenario].steps if step.state.last_challenge is not None)
    result, names = state.last_challenge, SEAT_NAMES[scenario]
    you = names.index(words.YOU)  # the scenarios' learner
    assert result is not None
    with i18n.using("es"):
        spanish = words.reveal(result, names, you=you)
        status = words.status(state.observation(you), names, awaiting_show=False, you=you)
    assert spanish != words.reveal(result, names, you=you)
    assert not ENGLISH.search(spanish.replace("«Die Hard»", "")), spanish  # the rule keeps its English name
    assert not ENGLISH.search(status), status
    assert str(result.count) in spanish


def test_a_refusal_is_spanish_under_spanish_and_english_otherwise() -> None:
    game = new_game(2, dice=2, seed=1)
    game.apply(Roll((2, 5)))
    game.apply(Roll((1, 6)))
    with i18n.using("es"), pytest.raises(IllegalActionError) as refused:
        game.apply(Challenge())
    assert str(refused.value).startswith("desafío no es válido: aún no hay ninguna apuesta")  # no "No permitido"
    with i18n.using("es"), pytest.raises(InvalidActionError, match="no tiene espacio de estrellas 11"):
        Bid(11, STAR)
    with pytest.raises(IllegalActionError, match=r"^challenge is not legal: there is no bid yet"):
        game.apply(Challenge())
    game.apply(Bid(3, 4))
    game.apply("no show")
    with i18n.using("es"), pytest.raises(IllegalActionError, match="no sube la apuesta de tres 4"):
        game.apply(Bid(2, 6))
    assert game.last_bid == Bid(3, 4)  # a refusal changes nothing
