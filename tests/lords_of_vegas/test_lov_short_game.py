"""The short game variant (issue 22.8): the deck in 2 piles, Game End on top of the 2nd; off by default, and the
base game's setup and records exactly as they were."""

from __future__ import annotations

import json

import pytest

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, RecordError
from vegas_tutor.core.record import dump_record
from vegas_tutor.lords_of_vegas import GAME_END, DrawCard, State, new_game
from vegas_tutor.lords_of_vegas.engine import Config
from vegas_tutor.lords_of_vegas.rules import end_after_deal


def after_deal(players: int, *, short_game: bool, seed: int = 1) -> State:
    s = new_game(players, seed=seed, short_game=short_game)
    while s.is_chance and s.phase != "draw":
        s.apply(s.legal_actions()[0])
    return s


def test_the_default_is_the_base_game() -> None:
    assert Config() == Config(4, short_game=False) and not new_game(3, seed=2).config.short_game
    with pytest.raises(ConfigError, match="short_game must be True or False"):
        Config(3, short_game="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "full", "short"), [(2, 33, 22), (3, 32, 21), (4, 30, 20)])
def test_game_end_comes_after_half_the_cards(players: int, full: int, short: int) -> None:
    remaining = 48 - 2 * players  # (with 2 players a block-F card dealt is replaced: one card fewer may be left)
    assert end_after_deal(remaining) == full and end_after_deal(remaining, short_game=True) == short
    base, s = after_deal(players, short_game=False), after_deal(players, short_game=True)
    assert base.seen_cards() == s.seen_cards()  # the same deal: only the Game End card is placed higher
    left = len(s.deck_cards()) - 1
    assert base.draws_before_end == left - left // 4 and s.draws_before_end == left - left // 2
    assert s.config == Config(players, short_game=True)


def test_a_short_game_ends_when_game_end_comes_out() -> None:
    s, rng, draws = after_deal(4, short_game=True, seed=5), make_rng(5), 0
    while not s.is_over:
        if s.phase == "draw":
            draws += 1
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))] if not s.is_chance else legal[0] if s.phase != "draw"
                else DrawCard())
    assert s.seen_cards()[-1] == GAME_END or max(s.score(p) for p in range(4)) >= 90
    assert draws <= 21  # 20 lot cards and Game End at most (fewer if a player reaches 90, or F-card draws again)


def test_records_keep_the_variant_and_the_base_record_is_unchanged() -> None:
    base = after_deal(3, short_game=False)
    assert json.loads(base.to_json())["body"]["config"] == {"players": 3}
    short = after_deal(3, short_game=True)
    body = json.loads(short.to_json())["body"]
    assert body["config"] == {"players": 3, "short_game": True}
    again = State.from_json(short.to_json())
    assert again.config.short_game and again.draws_before_end == 21 and again.to_json() == short.to_json()
    assert State.copy(short).config.short_game and short.copy().draws_before_end == 21


@pytest.mark.parametrize("config", [{"players": 3, "short_game": False}, {"players": 3, "short_game": 1},
                                    {"players": 3, "short": True}])
def test_a_tampered_variant_is_refused(config: dict[str, object]) -> None:
    body = json.loads(after_deal(3, short_game=True).to_json())["body"]
    with pytest.raises(RecordError):
        State.from_json(dump_record("lords_of_vegas", State.RECORD_VERSION, {**body, "config": config}))


def test_a_short_game_cannot_start_from_a_position() -> None:
    position = State.position(3, phase="draw", draws_before_end=4, seen=[])
    body = json.loads(position.to_json())["body"]
    with pytest.raises(RecordError, match="short game is saved from a new game only"):
        State.from_json(dump_record("lords_of_vegas", State.RECORD_VERSION,
                                    {**body, "config": {"players": 3, "short_game": True}}))
