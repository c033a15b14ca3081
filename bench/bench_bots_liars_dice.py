"""Liar's Dice bots: measured strength (win rates with 95% intervals) and decision times.

Every game is played in full through the engine's :class:`State` (rolls, bids, shows, challenges),
five dice each, the bot under test rotating through the seats; seat 0 opens the first round. The
``"odds"`` and ``"random"`` moves come from :func:`vegas_tutor.liars_dice.policies.choose`, the bots'
from :func:`vegas_tutor.liars_dice.bots.choose_action`.

Lines and goals (issue 11):

- 2 players: hard vs "odds" (goal >= 60%), hard vs "random" (goal >= 95%);
- 4 players: hard 1st against three "odds" bots (goal >= 40%, parity 25%);
- the level-vs-level table (2 players): each row level's win rate against each column level and
  against the two policies;
- decision time p50/p95 per level (goal: hard <= 300 ms p95) and the coach's review (goal <= 150 ms p95);
- with ``--endgame-reading N``: N two-player games of hard against ``hard-coach``, hard reading its rival as the
  coach reads every rival even in the endgame (:data:`~vegas_tutor.liars_dice.bots.ENDGAME_READING` left out),
  which is what the warier endgame reading costs or gains head to head.

Run: ``/work/venv/bin/python bench/bench_bots_liars_dice.py [--games N] [--endgame-reading N]`` (default 1000 per
line).
Other benches may call :func:`strength_table` and :func:`decision_times`.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence

import numpy as np

from vegas_tutor.liars_dice import Roll, State, new_game
from vegas_tutor.liars_dice.actions import Action
from vegas_tutor.liars_dice.bots import LEVELS, choose_action
from vegas_tutor.liars_dice.coach import MODEL, best_in_dice, review
from vegas_tutor.liars_dice.endgame_table import one_die_strategy
from vegas_tutor.liars_dice.policies import choose
from vegas_tutor.tutor.lab import wilson

DICE = 5


def _act(player: str, state: State, rng: np.random.Generator) -> Action:
    if player in ("odds", "random"):
        return choose(player, state, rng)
    if player == "hard-coach" and not state.is_chance and state.current_player is not None:
        obs = state.observation(state.current_player)
        seed = int(rng.integers(1 << 31))
        if one_die_strategy(obs) is not None:
            return choose_action(state, "hard", seed=seed)
        return best_in_dice(obs, MODEL)
    return choose_action(state, player, seed=int(rng.integers(1 << 31)))


def play_game(players: Sequence[str], seed: int) -> int:
    """One full game, ``players[i]`` (a bot level or a policy name) at seat ``i``; the winner's seat."""
    state = new_game(len(players), dice=DICE, seed=seed)
    rng = np.random.default_rng(seed + 1)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(Roll() if state.is_chance else _act(players[seat], state, rng))
    return state.winners[0]


def win_rate(me: str, rival: str, players: int, games: int, seed: int = 0) -> tuple[int, int, float]:
    """``me`` against ``players - 1`` copies of ``rival``, ``me`` rotating through the seats: (wins, games, s)."""
    start, wins = time.perf_counter(), 0
    for g in range(games):
        seat = g % players
        lineup = [rival] * players
        lineup[seat] = me
        wins += play_game(lineup, seed + g) == seat
    return wins, games, time.perf_counter() - start


def _line(label: str, wins: int, games: int, goal: float | None, secs: float) -> str:
    lo, hi = wilson(wins, games)
    verdict = "" if goal is None else ("  met" if lo >= goal else ("  missed (interval)" if wins / games >= goal
                                                                     else "  MISSED"))
    goal_text = "" if goal is None else f"  goal >= {goal:.0%}"
    return (f"{label:<34} {wins / games:6.1%}  [{lo:5.1%}, {hi:5.1%}]  n={games}{goal_text}{verdict}"
            f"  ({secs:.0f} s)")


def strength_table(games: int = 1000, *, seed: int = 0, table: bool = True) -> None:
    """Print the goal lines and (if ``table``) the level-vs-level table, ``games`` games per line."""
    print(f"Liar's Dice strength, {DICE} dice each, {games} games per line, 95% Wilson intervals")
    results: dict[tuple[str, str], float] = {}
    for me, rival, players, goal in (("hard", "odds", 2, 0.60), ("hard", "random", 2, 0.95),
                                     ("hard", "odds", 4, 0.40)):
        wins, n, secs = win_rate(me, rival, players, games, seed)
        if players == 2:
            results[(me, rival)] = wins / n
        print(_line(f"{players}p {me} vs {rival}" + (" (1st)" if players > 2 else ""), wins, n, goal, secs),
              flush=True)
    if not table:
        return
    print("Level vs level (and vs the two policies), 2 players: the row level's win rate")
    columns = (*LEVELS, "odds", "random")
    for i, a in enumerate(LEVELS):
        for b in columns[i + 1:]:
            if (a, b) in results:
                continue
            wins, n, secs = win_rate(a, b, 2, games, seed)
            results[(a, b)] = wins / n
            if b in LEVELS:
                results[(b, a)] = 1 - wins / n
            print(_line(f"2p {a} vs {b}", wins, n, None, secs), flush=True)
    print(f"{'':>8}" + "".join(f"{b:>9}" for b in columns))
    for a in LEVELS:
        print(f"{a:>8}" + "".join(f"{'-' if a == b else f'{results[(a, b)]:.1%}':>9}" for b in columns))


def _positions(players: int, count: int, seed: int) -> list[State]:
    """Decision points (not chance) met in hard-vs-"odds" games, ``count`` of them."""
    out: list[State] = []
    g = 0
    while len(out) < count:
        lineup = ["odds"] * players
        lineup[g % players] = "hard"
        state = new_game(players, dice=DICE, seed=seed + g)
        rng = np.random.default_rng(seed + g)
        while not state.is_over and len(out) < count:
            if not state.is_chance:
                out.append(state.copy())
            seat = state.current_player
            assert seat is not None
            state.apply(Roll() if state.is_chance else _act(lineup[seat], state, rng))
        g += 1
    return out


def _quantiles(times: list[float]) -> str:
    ms = sorted(1000 * t for t in times)
    p95 = ms[min(len(ms) - 1, math.ceil(0.95 * len(ms)) - 1)]
    return f"p50 {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms  max {ms[-1]:6.1f} ms"


def decision_times(count: int = 400, *, seed: int = 0) -> None:
    """Print p50/p95 decision times per level and of the coach's review, on positions of real games."""
    print(f"Decision times on {count} positions per table size (2 and 4 players)")
    for players in (2, 4):
        positions = _positions(players, count, seed)
        openings = [s for s in positions if not s.bids]
        for level in LEVELS:
            times = []
            for s in positions:
                start = time.perf_counter()
                choose_action(s, level, seed=1)
                times.append(time.perf_counter() - start)
            goal = "  goal p95 <= 300 ms" if level == "hard" else ""
            print(f"  {players}p {level:<7} {_quantiles(times)}{goal}", flush=True)
        for label, group in (("coach review", positions), ("coach, openings", openings)):
            times = []
            for s in group:
                action = s.legal_actions()[0]
                start = time.perf_counter()
                review(s, action)
                times.append(time.perf_counter() - start)
            print(f"  {players}p {label:<15} {_quantiles(times)}  goal p95 <= 150 ms (n={len(group)})", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per strength line")
    parser.add_argument("--positions", type=int, default=400, help="positions per decision-time line")
    parser.add_argument("--no-table", action="store_true", help="skip the level-vs-level table")
    parser.add_argument("--times-only", action="store_true", help="only the decision times")
    parser.add_argument("--endgame-reading", type=int, metavar="N",
                        help="only N games of hard against hard reading as the coach in the endgame too")
    args = parser.parse_args(argv)
    if args.endgame_reading:
        cpu = time.process_time()
        wins, games, secs = win_rate("hard", "hard-coach", 2, args.endgame_reading)
        print(f"2p hard vs hard-coach (the coach's reading in the endgame too): "
              f"{_line('', wins, games, None, secs).strip()}, CPU {time.process_time() - cpu:.0f} s", flush=True)
        return
    decision_times(args.positions)
    if not args.times_only:
        strength_table(args.games, table=not args.no_table)


if __name__ == "__main__":
    main()
