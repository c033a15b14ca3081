"""Starter exercises from seeded bot games: the easy seat's costliest decisions, by theme, always the same.

The pools are made once for the module (``pools``, module-scoped: the module's tests share a worker); the test of
determinism makes them again."""

import pytest

from vegas_tutor.core.games import GAMES
from vegas_tutor.lords_of_vegas.trade_coach import review_trade
from vegas_tutor.lords_of_vegas.trades import Trade
from vegas_tutor.practice import starter
from vegas_tutor.practice.exercise import THEMES, exercises_from_game, make_exercise, rejudge
from vegas_tutor.practice.starter import (
    EASY_SEAT,
    PLAYERS,
    RIVALS,
    bot_game,
    bot_game_and_trades,
    by_theme,
    main,
    starter_exercises,
    starter_pool,
    theme_counts,
)

GAMES_PLAYED = {"las_vegas": 1, "liars_dice": 2, "lords_of_vegas": 1}


@pytest.fixture(scope="module")
def pools():
    """Each game's starter pool of ``GAMES_PLAYED`` bot games of seed 11, made when first asked for."""
    made = {}

    def pool(game):
        if game not in made:
            made[game] = starter_pool(game, GAMES_PLAYED[game], seed=11)
        return made[game]

    return pool


@pytest.mark.parametrize("game", list(GAMES))
def test_starter_exercises_are_the_easy_seat_s_costly_decisions_grouped_by_theme(game, pools):
    pool = pools(game)
    assert pool and all(e.source == "starter" and e.seat == EASY_SEAT and e.game == game for e in pool)
    groups = by_theme(pool, game)
    assert tuple(groups) == THEMES[game]
    assert sorted(e.id for group in groups.values() for e in group) == sorted(e.id for e in pool)
    for theme, group in groups.items():
        assert all(e.theme == theme for e in group)
        assert [e.loss for e in group] == sorted((e.loss for e in group), reverse=True)
    capped = by_theme(pool, game, per_theme=1)
    assert all(len(capped[t]) == min(1, len(groups[t])) and capped[t] == groups[t][:1] for t in groups)


@pytest.mark.parametrize("game", ["liars_dice", "lords_of_vegas"])
def test_the_same_games_and_seed_give_the_same_exercises(game, pools):
    assert starter_exercises(game, GAMES_PLAYED[game], seed=11, per_theme=2) == by_theme(pools(game), game, 2)
    assert bot_game(game, 11, 0).to_json() == bot_game(game, 11, 0).to_json()
    assert bot_game(game, 12, 0).to_json() != bot_game(game, 11, 0).to_json()


def test_the_theme_counts_count_every_starter_exercise(pools, monkeypatch):
    asked = []

    def made(game, n_games, seed=0):  # the pool made already (the test above makes it again)
        asked.append((game, n_games, seed))
        return pools(game)

    monkeypatch.setattr(starter, "starter_pool", made)
    counts = theme_counts("liars_dice", GAMES_PLAYED["liars_dice"], seed=11)
    assert asked == [("liars_dice", GAMES_PLAYED["liars_dice"], 11)]
    assert counts == {t: len(g) for t, g in by_theme(pools("liars_dice"), "liars_dice").items()}
    assert sum(counts.values()) == len(pools("liars_dice"))


def test_a_bot_game_is_finished_with_the_starter_s_seats():
    state = bot_game("liars_dice", 11, 1)
    assert state.is_over and state.players == PLAYERS


def test_the_command_prints_the_themes_and_the_coach_s_re_check(capsys):
    assert main(["--games", "1", "--game", "liars_dice", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "liars_dice: 1 games" in out and "themes: challenge" in out
    agreed = next(line for line in out.splitlines() if "re-checked" in line)
    n = sum(1 for _ in starter_pool("liars_dice", 1, seed=11))
    assert f"{n} of {n} agree" in agreed


TRADE_GAME = (0, 36)
"""A bot game (seed, number) in which the easy seat answers a trade at a cost: 1 of its 83 answers in the 80 games
of seed 0 is (the others are good)."""


def test_lords_of_vegas_bot_games_trade_and_the_easy_seat_s_trades_become_exercises():
    state, answered = bot_game_and_trades("lords_of_vegas", *TRADE_GAME)
    assert state.to_json() == bot_game("lords_of_vegas", *TRADE_GAME).to_json()  # the same game, trades included
    assert answered and all(choice.seat == EASY_SEAT and EASY_SEAT in (choice.trade.first, choice.trade.second)
                            for _before, choice in answered)
    assert any(isinstance(a, Trade) for a in state.history)  # made trades are in the game
    costly = 0
    for before, choice in answered:  # an answer the coach finds costly is an exercise, one it finds good is not
        judged = review_trade(before, choice)
        assert judged.seat == EASY_SEAT and (judged.verdict == "good") == (make_exercise(before, str(choice)) is None)
        costly += judged.verdict != "good"
    found = exercises_from_game(state, EASY_SEAT, source="starter", answered=answered, rivals=RIVALS)
    trades = [e for e in found if e.theme == "trade"]
    assert len(trades) == costly == 1
    assert all(e.seat == EASY_SEAT and rejudge(e) == e for e in trades)
    assert all(e.choice.startswith("blue ") and e.best != e.choice for e in trades)
