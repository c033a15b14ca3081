"""The coach as a player (issue 23, part 2): one seat always plays the coach's best choice, the others medium.

If the coach's best choice loses to the bots it advises against, its advice is wrong. Per game the benchmark
plays the same seeded deals twice, interleaved game by game in one process: once with seat 0 played by the
coach (``review(state, any legal decision).best``, as the boards' Hint computes it; chance acts by the
engine; in Liar's Dice told the others' level, as a table's coach is) and once with seat 0 played by the
``hard`` bot, the other seats ``medium`` both times. It prints
each side's share of 1st places (a shared 1st counts its share) with its 95% Wilson interval, the
difference, and the wall and CPU time per decision of each side.

Run: ``python bench/bench_coach_player.py --game liars_dice [--games 100] [--players 4] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from bench_bots import wilson  # beside this file (the script's folder is on the path)

from vegas_tutor.core.games import GAMES
from vegas_tutor.practice.exercise import game_coach

TESTED_SEAT = 0


RIVALS = "medium"
"""The other seats' level."""


def coach_move(game: str) -> Callable[[Any, int], Any]:
    """The coach's best choice in the position (a legal decision reviewed, as the Hint does; in Liar's Dice as
    a table's Hint, told that its rivals play medium)."""
    coach = game_coach(game)
    review = coach.review
    if game == "liars_dice":
        from vegas_tutor.tutor.liars_dice.coaching import table_coach

        review = table_coach(lambda: RIVALS, TESTED_SEAT).live_review

    def move(state: Any, _seed: int) -> Any:
        first = coach.first_choice(state)
        return review(state, first).best

    return move


def bot_move(game: str, level: str) -> Callable[[Any, int], Any]:
    bots = GAMES[game].bots

    def move(state: Any, seed: int) -> Any:
        return bots.choose_action(state, level, seed=seed)

    return move


def play(game: str, players: int, seed: int, tested: Callable[[Any, int], Any],
         times: tuple[list[float], list[float]]) -> float:
    """One game from the deal of ``seed``; seat 0's share of 1st place. Seat 0's decision times are kept."""
    g = GAMES[game]
    state = g.new_game(players, seed=seed)
    rivals = bot_move(game, RIVALS)
    coach = game_coach(game)
    for k in range(g.max_moves):
        if state.is_over:
            winners = state.winners
            return (1 / len(winners)) if TESTED_SEAT in winners else 0.0
        move_seed = (seed * 100_003 + k) % 2**31
        if state.is_chance or state.current_player != TESTED_SEAT or coach.first_choice(state) is None:
            state.apply(rivals(state, move_seed) if not state.is_chance else g.bots.choose_action(
                state, RIVALS, seed=move_seed))
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        action = tested(state, move_seed)
        times[0].append(time.perf_counter() - wall)
        times[1].append(time.process_time() - cpu)
        state.apply(action)
    raise RuntimeError(f"a {game} game did not end in {g.max_moves} moves")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(GAMES), required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sides = {"coach": coach_move(args.game), "hard": bot_move(args.game, "hard")}
    hits = dict.fromkeys(sides, 0.0)
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in sides}
    began = time.perf_counter()
    for g in range(args.games):
        for name, move in sides.items():  # the same deal for both, one after the other
            hits[name] += play(args.game, args.players, args.seed + g, move, times[name])
    print(f"{args.game}: seat 0 played by the coach's best or by hard, against {args.players - 1} medium; "
          f"{args.games} deals each, seed {args.seed} ({time.perf_counter() - began:.0f} s)")
    for name in sides:
        p, lo, hi = wilson(hits[name], args.games)
        wall, cpu = times[name]
        print(f"  {name:<6} 1st {p:6.1%} [{lo:5.1%}, {hi:5.1%}]  decision wall p50 {pct(wall, .5):.1f} ms, "
              f"p95 {pct(wall, .95):.1f} ms; CPU p50 {pct(cpu, .5):.1f} ms, p95 {pct(cpu, .95):.1f} ms "
              f"({len(wall)} decisions)")
    diff = (hits["coach"] - hits["hard"]) / args.games
    print(f"  coach - hard: {diff:+.1%} of 1st places (goal: the coach at least as strong as hard)")


if __name__ == "__main__":
    main()
