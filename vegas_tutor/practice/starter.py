"""Exercises for a new learner, so that the Practice page is never empty: the decisions of seeded bot games
where the easy bot's choice costs the most against the coach's, grouped by theme.

Each game seats :data:`PLAYERS` players: seat 0 plays the ``easy`` level and the others ``medium``
(:mod:`vegas_tutor.las_vegas.bots` and the like; medium rather than hard, which searches and would take
minutes per game). Each of seat 0's decisions the coach rates an inaccuracy or a mistake becomes an exercise
(:func:`vegas_tutor.practice.exercise.exercises_from_game`, ``source="starter"``). The same game, number of
games and seed always give the same exercises. Lords of Vegas games trade as the board's players do
(:func:`lords_of_vegas_trade`): at each turn's start the turn player may propose one trade, answered by its
partner's level, and the easy seat's answers and accepted proposals are decisions too (the ``trade`` theme).

The Practice page does not play bot games while a learner waits: it reads the **shipped set**
(:data:`SHIPPED`, ``starter_exercises.json`` beside this module), the costliest :data:`SHIPPED_PER_THEME` of
each theme from :data:`SHIPPED_GAMES` games of each game, written by ``--write`` and checked entry by entry on
load as a deck is (:func:`shipped_starters`); a test makes it again and compares.

From a shell, the themes over N games of each game, every exercise's best answer re-checked by the coach::

    python -m vegas_tutor.practice.starter --games 200 [--game liars_dice] [--seed 0]
    python -m vegas_tutor.practice.starter --write     # the shipped set, made again
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from vegas_tutor.core.games import GAMES
from vegas_tutor.practice.exercise import THEMES, Exercise, exercises_from_game, rejudge

PLAYERS = 3
EASY_SEAT = 0
RIVALS = "medium"
SHIPPED = Path(__file__).with_name("starter_exercises.json")
SHIPPED_GAMES = 6
"""Bot games per game behind the shipped set."""
SHIPPED_PER_THEME = 3
SHIPPED_SEED = 0
TRADE_SEEDS = 7_919
"""Added to the run's seed for the seeds of the Lords of Vegas trades (apart from the moves')."""


def bot_seed(seed: int, game_index: int, move: int) -> int:
    """The seed of one bot decision: a fixed mix of the run's seed, the game's index and the move's."""
    return ((seed * 1_000_003 + game_index) * 10_007 + move) % 2**31


def bot_game(game: str, seed: int, game_index: int) -> Any:
    """One finished game: seat :data:`EASY_SEAT` easy, the others :data:`RIVALS`, seeded."""
    return bot_game_and_trades(game, seed, game_index)[0]


def bot_game_and_trades(game: str, seed: int, game_index: int) -> tuple[Any, list[tuple[Any, Any]]]:
    """:func:`bot_game`, and the easy seat's trades answered, each with the position before it (Lords of Vegas
    only: the other games have no trades)."""
    g = GAMES[game]
    state = g.new_game(PLAYERS, seed=bot_seed(seed, game_index, 0))
    answered: list[tuple[Any, Any]] = []
    turn_seen: tuple[int, int] | None = None
    for move in range(g.max_moves):
        if state.is_over:
            return state, answered
        if game == "lords_of_vegas" and state.phase == "draw" and (state.turn, len(state.seen_cards())) != turn_seen:
            turn_seen = (state.turn, len(state.seen_cards()))
            answered.extend(lords_of_vegas_trade(state, bot_seed(seed + TRADE_SEEDS, game_index, move)))
        level = "easy" if state.current_player == EASY_SEAT else RIVALS
        state.apply(g.bots.choose_action(state, level, seed=bot_seed(seed, game_index, move + 1)))
    raise RuntimeError(f"a {game} bot game did not end in {g.max_moves} moves")  # pragma: no cover


def lords_of_vegas_trade(state: Any, seed: int) -> list[tuple[Any, Any]]:
    """At a Lords of Vegas turn's start, as at the board: the turn player may propose one trade (easy by
    :func:`~vegas_tutor.lords_of_vegas.bots.easy_offer`, medium by the valuation's best offer), and its partner
    answers by its own level; the trade is made when accepted (``state`` changes). The easy seat's decision
    in it, if any (its answer, or its proposal accepted), with the position before it."""
    from vegas_tutor.lords_of_vegas.bots import easy_accepts, easy_offer, propose_trade
    from vegas_tutor.lords_of_vegas.trade_coach import TradeChoice
    from vegas_tutor.lords_of_vegas.trade_value import accepts

    proposer = state.turn
    trade = easy_offer(state, proposer, seed) if proposer == EASY_SEAT else propose_trade(state, proposer)
    if trade is None:
        return []
    partner = trade.second
    accepted = easy_accepts(state, trade, partner, seed + 1) if partner == EASY_SEAT else accepts(state, trade, partner)
    before = state.copy()
    if accepted:
        state.propose_trade(trade)
        state.accept_trade(partner)
    if partner == EASY_SEAT:
        return [(before, TradeChoice(EASY_SEAT, trade, accepted))]
    return [(before, TradeChoice(EASY_SEAT, trade, True))] if proposer == EASY_SEAT and accepted else []


def starter_pool(game: str, n_games: int, seed: int = 0) -> tuple[Exercise, ...]:
    """Every exercise of the easy seat in ``n_games`` bot games, game by game, oldest decision first."""
    found: list[Exercise] = []
    for k in range(n_games):
        state, answered = bot_game_and_trades(game, seed, k)
        found.extend(exercises_from_game(state, EASY_SEAT, source="starter", answered=answered, rivals=RIVALS))
    return tuple(found)


def by_theme(exercises: Sequence[Exercise], game: str, per_theme: int | None = None) -> dict[str, tuple[Exercise, ...]]:
    """The exercises grouped by theme (every theme of the game, in :data:`THEMES` order), the costliest first
    (equal losses by id); at most ``per_theme`` of each when given."""
    groups: dict[str, tuple[Exercise, ...]] = {}
    for theme in THEMES[game]:
        chosen = sorted((e for e in exercises if e.theme == theme), key=lambda e: (-e.loss, e.id))
        groups[theme] = tuple(chosen if per_theme is None else chosen[:per_theme])
    return groups


def starter_exercises(game: str, n_games: int, seed: int = 0, *,
                      per_theme: int | None = None) -> dict[str, tuple[Exercise, ...]]:
    """The starter exercises of ``game`` from ``n_games`` bot games, by theme, the costliest first."""
    return by_theme(starter_pool(game, n_games, seed), game, per_theme)


def theme_counts(game: str, n_games: int, seed: int = 0) -> dict[str, int]:
    """How many starter exercises of each theme ``n_games`` bot games give."""
    return {theme: len(group) for theme, group in starter_exercises(game, n_games, seed).items()}


def shipped_set() -> dict[str, Any]:
    """The shipped set as :func:`write_shipped` writes it: how it was made, and every exercise as plain data,
    game by game, each game's themes in :data:`THEMES` order, the costliest first."""
    exercises = [e.to_dict() for game in GAMES
                 for group in starter_exercises(game, SHIPPED_GAMES, SHIPPED_SEED, per_theme=SHIPPED_PER_THEME).values()
                 for e in group]
    return {"games": SHIPPED_GAMES, "per_theme": SHIPPED_PER_THEME, "seed": SHIPPED_SEED, "exercises": exercises}


def write_shipped(path: Path = SHIPPED) -> int:
    """Make the shipped set again and write it to ``path``; the number of exercises."""
    made = shipped_set()
    path.write_text(json.dumps(made, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    return len(made["exercises"])


@cache
def shipped_starters() -> tuple[Exercise, ...]:
    """The shipped starter exercises, each checked as a deck's entry is (a bad one raises ``RecordError``)."""
    from vegas_tutor.practice.deck import check_exercise

    made = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return tuple(check_exercise(raw) for raw in made["exercises"])


def report(game: str, n_games: int, seed: int = 0) -> tuple[str, bool]:
    """The lines the command prints for one game, and whether the coach agreed with every stored answer."""
    start = time.perf_counter()
    pool = starter_pool(game, n_games, seed)
    made = time.perf_counter() - start
    counts = {theme: len(group) for theme, group in by_theme(pool, game).items()}
    verdicts = Counter(e.verdict for e in pool)
    disagree = [e.id for e in pool if rejudge(e) != e]
    lines = [
        f"{game}: {n_games} games of {PLAYERS} (seat {EASY_SEAT} easy, the others {RIVALS}), seed {seed}: "
        f"{len(pool)} exercises in {made:.0f} s",
        "  themes: " + ", ".join(f"{theme} {n}" for theme, n in counts.items()),
        f"  verdicts: inaccuracy {verdicts['inaccuracy']}, mistake {verdicts['mistake']}",
        f"  re-checked by the coach: {len(pool) - len(disagree)} of {len(pool)} agree"
        + (f" (differ: {', '.join(disagree[:10])})" if disagree else "")
        + f" ({time.perf_counter() - start - made:.0f} s)",
    ]
    return "\n".join(lines), not disagree


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Starter exercises: theme counts over bot games, re-checked.")
    parser.add_argument("--games", type=int, default=200, help="bot games per game (default 200)")
    parser.add_argument("--game", choices=list(GAMES), action="append", help="one game (default: all three)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help=f"make the shipped set again ({SHIPPED.name})")
    args = parser.parse_args(argv)
    if args.write:
        print(f"{write_shipped()} exercises written to {SHIPPED}")
        return 0
    ok = True
    for game in args.game or list(GAMES):
        text, agreed = report(game, args.games, args.seed)
        print(text, flush=True)
        ok = ok and agreed
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
