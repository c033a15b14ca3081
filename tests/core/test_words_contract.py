"""The words contract of the three games: ``say(event, names, *, you)``, declared kinds, both languages."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from vegas_tutor import i18n
from vegas_tutor.core.events import Event
from vegas_tutor.core.words import UnknownEventError
from vegas_tutor.las_vegas import words as las_vegas_words
from vegas_tutor.las_vegas import words_es as las_vegas_words_es
from vegas_tutor.liars_dice import words as liars_dice_words
from vegas_tutor.liars_dice import words_es as liars_dice_words_es
from vegas_tutor.lords_of_vegas import words as lords_of_vegas_words
from vegas_tutor.lords_of_vegas import words_es as lords_of_vegas_words_es

WORDS: dict[str, tuple[ModuleType, ModuleType]] = {
    "las_vegas": (las_vegas_words, las_vegas_words_es),
    "liars_dice": (liars_dice_words, liars_dice_words_es),
    "lords_of_vegas": (lords_of_vegas_words, lords_of_vegas_words_es),
}
PACKAGE = Path(i18n.__file__).parent
MADE = re.compile(r"""\bEvent\(\s*["']([a-z_]+)["']""")


def _made_kinds(game: str) -> set[str]:
    """Every event kind the game's own code makes (its words modules aside)."""
    return {kind for path in (PACKAGE / game).glob("*.py") if not path.stem.startswith("words")
            for kind in MADE.findall(path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("game", sorted(WORDS))
def test_every_kind_the_engine_makes_has_words_in_both_languages(game: str) -> None:
    english, spanish = WORDS[game]
    made = _made_kinds(game)
    assert made, game
    assert english.KINDS == spanish.KINDS
    assert made <= english.KINDS, made - english.KINDS


@pytest.mark.parametrize("game", sorted(WORDS))
def test_a_kind_of_another_game_is_refused_clearly(game: str) -> None:
    english, _spanish = WORDS[game]
    with pytest.raises(UnknownEventError, match="has no 'no_such_kind' event"):
        english.say(Event("no_such_kind"), ("Anna", "Benno"), you=0)
    with i18n.using("es"), pytest.raises(UnknownEventError):
        english.say(Event("no_such_kind"), ("Anna", "Benno"))


def test_the_learner_is_a_seat_whatever_it_is_called() -> None:
    lose = Event("lose", seat=1, dice=1, left=2)
    assert liars_dice_words.say(lose, ("You", "Shane")) == "Shane loses 1 die (2 left)."
    assert liars_dice_words.say(lose, ("Anna", "Shane"), you=1) == "You lose 1 die (2 left)."
    with i18n.using("es"):
        assert liars_dice_words.say(lose, ("Anna", "Shane"), you=1) == "Pierdes 1 dado (te quedan 2)."
        assert liars_dice_words.seat_name(1, ("Anna", "Shane"), you=1) == "Tú"
