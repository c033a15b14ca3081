"""Measured strength and decision time of the opponents, one section per game (``--game``).

Las Vegas (``--game las_vegas``), 4 players, each line over ``--games`` games (default 600) with a 95%
Wilson interval on the share of games the tested bot finishes 1st (a shared first place counts, as in
``lasvegas.interactive.confront`` and our engine's winners; parity is 25%). Every line names its rules:
**base** (no neutral dice) or **neutral** (the variant: 2 white dice per player, blocking bills).

1. hard against three of the ``lasvegas`` package's ``greedy_first``, in that package's own engine and
   match harness (``confront``, random seating each game), in the base game and in the neutral variant.
   The package keeps 48 bills by default; the match is played with the rulebook's 54 (its ``bills_pool``
   option). Our bot decides on a :class:`State` built from the package's ``GameEnv`` by
   :func:`state_from_env`, the money and bills each player has won included. Goal (issue 24): >= 50%.
   How often our playouts' ``leader`` rule predicts ``greedy_first``'s move is printed beside it.
2. hard against three of our medium and three of our greedy policy, in our engine, base and neutral;
   every bot is told how each seat plays, as a table tells it (hard plays those rivals out by their own rule;
   in the harness of line 1 it is told nothing and plays every seat out as ``leader``, the package's rule).
   Goal: >= 50% against medium.
3. The table of every level against every level (base game): one bot of level A against three of
   level B, in our engine, the A seat rotating round the table (``--table-games``, default ``--games``).
4. Decision time per level, wall and CPU of the deciding thread (p50/p95 in ms, every decision with more
   than one face in the lines above). The machine may be shared: the CPU figure is the bot's own cost.
5. The coach's latency: ``review`` of one face in 100 positions spread over greedy games.

Liar's Dice (``--game liars_dice``) and Lords of Vegas (``--game lords_of_vegas``) run the sections of
``bench_bots_liars_dice.py`` and ``bench_bots_lords_of_vegas.py``; without ``--game`` all three run.

Run: ``pip install --no-deps lasvegas==0.2.0`` and its ``tabulate`` and ``tqdm``, then
``python bench/bench_bots.py --game las_vegas [--games 600] [--table-games 200] [--lines ours,table]``.
Without the package the Las Vegas section stops with an error (non-zero exit status).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from vegas_tutor.core.dice import make_rng
from vegas_tutor.las_vegas import BILLS, Place, Roll, State, new_game
from vegas_tutor.las_vegas.bots import LEVELS, choose_action
from vegas_tutor.las_vegas.policies import choose_face
from vegas_tutor.las_vegas.rules import bills_by_owner

TIMES: dict[str, list[float]] = defaultdict(list)
CPU_TIMES: dict[str, list[float]] = defaultdict(list)


def wilson(hits: float, n: int) -> tuple[float, float, float]:
    """The share ``hits / n`` and its 95% Wilson interval."""
    p = hits / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def line(label: str, hits: float, n: int, goal: float | None = None) -> None:
    p, lo, hi = wilson(hits, n)
    verdict = "" if goal is None else ("  goal >= {:.0%}: {}".format(goal, "met" if lo >= goal else
                                       "not shown" if p >= goal else "MISSED"))
    print(f"  {label:<34} 1st {p:6.1%}  [{lo:5.1%}, {hi:5.1%}]  ({n} games){verdict}")


# ---------------------------------------------------------------------- Las Vegas
def timed_choice(state: State, level: str, seed: int, seats: Sequence[str] | None = None) -> Place | Roll:
    start, cpu = time.perf_counter(), time.thread_time()
    action = choose_action(state, level, seed=seed, seats=seats)
    if len(state.legal_actions()) > 1:
        TIMES[level].append(time.perf_counter() - start)
        CPU_TIMES[level].append(time.thread_time() - cpu)
    assert isinstance(action, Place | Roll)
    return action


def lv_play(levels: Sequence[str], seed: int, neutral: bool = False) -> list[int]:
    """One game in our engine, seat s played at ``levels[s]`` (a level, or ``"greedy"``); the winners."""
    state = new_game(len(levels), neutral=neutral, seed=seed)
    rng = make_rng(seed + 1)
    while not state.is_over:
        if state.phase != "place":
            state.apply(Roll())
            continue
        seat = state.current_player
        assert seat is not None
        level = levels[seat]
        if level == "greedy":
            state.apply(choose_face(state, "greedy", rng))
        else:
            state.apply(timed_choice(state, level, int(rng.integers(1 << 31)), list(levels)))
    return state.winners


def lv_match(tested: str, others: str, games: int, seed: int, neutral: bool = False) -> float:
    """Games where one ``tested`` bot (rotating seats) finishes 1st against three ``others``."""
    firsts = 0
    for g in range(games):
        levels = [others] * 4
        levels[g % 4] = tested
        firsts += (g % 4) in lv_play(levels, seed + g, neutral)
    return firsts


def _decompose(scores: Sequence[tuple[int, int]], pool: Counter[int]) -> list[list[int]] | None:
    """Bills for each player matching (total, count), drawn from ``pool`` (the package keeps only these)."""
    values = sorted(pool, reverse=True)

    def one(total: int, count: int, i: int, left: Counter[int]) -> Iterator[list[int]]:
        if count == 0:
            if total == 0:
                yield []
            return
        if i == len(values) or total < count * values[-1] or total > count * values[i]:
            return
        bill = values[i]
        for k in range(min(count, left[bill], total // bill), -1, -1):
            for rest in one(total - k * bill, count - k, i + 1, left):
                yield [bill] * k + rest

    def all_players(p: int, left: Counter[int]) -> list[list[int]] | None:
        if p == len(scores):
            return []
        for mine in one(*scores[p], 0, left):
            left.subtract(mine)
            rest = all_players(p + 1, left)
            left.update(mine)
            if rest is not None:
                return [mine, *rest]
        return None

    return all_players(0, Counter(pool))


def state_from_env(env: Any) -> State:
    """Our :class:`State` for the ``lasvegas`` ``GameEnv`` whose player must place its roll.

    Our seats follow the package's turn order from the player to act (our seat 0). The package keeps only
    each player's money and bill count: the bills are any that match (which ones changes no decision).
    """
    players, extra = env.num_players, env.num_xtr_players
    if extra > 1 or len(env.bills_pool) != len(BILLS):
        raise ValueError("the adapter needs the rulebook's bills and at most one neutral colour")
    order = list(env.round_order)
    first = order.index(env.current_player_index)
    seats = [order[(first + k) % players] for k in range(players)]  # our seat -> package player
    casinos = [list(b) for b in env.casinos_bills]
    pool = Counter(int(b) for b in BILLS)
    pool.subtract(int(b) for c in casinos for b in c)
    scores = [(int(env.scores[p][0]), int(env.scores[p][1])) for p in seats]
    won = _decompose(scores, +pool)
    if won is None:
        raise ValueError(f"no bills match the package's scores {scores}")
    dice = env.dice
    placed = {c + 1: [int(dice[players + c, p]) for p in seats] + ([int(dice[players + c, players])] if extra else [])
              for c in range(6)}
    state = State.position(
        players, neutral=bool(extra), casino_bills=casinos, placed=placed,
        hand=[int(dice[p, p]) for p in seats],
        white_hand=[int(dice[p, players]) if extra else 0 for p in seats],
        won=won, round=int(env.current_round), start=seats.index(env.first_player_index), turn=0, seed=0,
    )
    for c, winners in enumerate(env.get_winners()):  # the same payout, seat for seat
        paid = dict(zip(winners[::-1], sorted(env.casinos_bills[c], reverse=True), strict=False))
        now = bills_by_owner(state.placed_on(c + 1), state.bills_on(c + 1), players)
        assert [paid.get(p, 0) for p in seats] == list(now[:players]), (c, winners, now)
    own = tuple(int(env.rolled[seats[0]].get(f, 0)) for f in range(6))
    white = tuple(int(env.rolled[players].get(f, 0)) for f in range(6)) if extra else None
    state.apply(Roll(own=own, white=white))  # type: ignore[arg-type]
    return state


def package_policy(level: str, seed: int) -> Callable[..., int]:
    """A ``lasvegas`` policy that lets our bot of ``level`` decide."""
    rng = make_rng(seed)

    def policy(env: Any, **_: Any) -> int:
        state = state_from_env(env)
        action = timed_choice(state, level, int(rng.integers(1 << 31)))
        assert isinstance(action, Place)
        return action.face - 1

    policy.__name__ = f"vegas_tutor_{level}"
    return policy


def predicted(policy: Callable[..., int], tally: list[int], check: int) -> Callable[..., int]:
    """``policy`` unchanged; for its first ``check`` decisions, counts in ``tally`` (decisions, agreements)
    how often our ``leader`` rule on the adapted state picks the same face."""
    from vegas_tutor.las_vegas.policies import leader_face

    def spied(env: Any, **kw: Any) -> int:
        face = int(policy(env, **kw))
        if tally[0] < check:
            tally[0] += 1
            tally[1] += leader_face(state_from_env(env)).face - 1 == face
        return face

    spied.__name__ = policy.__name__
    return spied


CHUNK = 20
"""Games per ``confront`` call in :func:`harness_line` (one match, the tally printed between calls)."""


def harness_line(games: int, neutral: bool, seed: int) -> None:
    """hard against three ``greedy_first`` in ``lasvegas``' own engine and ``confront``."""
    import random

    from lasvegas.act.policy import greedy_first  # type: ignore[import-untyped]
    from lasvegas.interactive import confront  # type: ignore[import-untyped]

    random.seed(seed)  # the package draws from the standard generator
    np.random.seed(seed)
    tally = [0, 0]
    opponent = predicted(greedy_first, tally, check=500)
    t0 = time.perf_counter()
    rules = "neutral" if neutral else "base"
    hard = package_policy("hard", seed)
    firsts, done = 0.0, 0
    while done < games:  # in chunks, a running tally printed after each
        chunk = min(CHUNK, games - done)
        rankings, _ = confront(hard, opponent, opponent, opponent, games=chunk, show=False, out=True,
                               bills_pool=list(BILLS), num_xtr_players=1 if neutral else 0)
        firsts, done = firsts + float(rankings[0, 0]), done + chunk
        if done < games:
            print(f"    ... {rules}: {firsts:.0f} firsts in {done} games", flush=True)
    line(f"{rules}: hard vs 3 greedy_first", firsts, games, goal=0.50)
    print(f"    (lasvegas 0.2.0 engine and confront, {rules} game, 54 bills, money won passed; "
          f"leader = greedy_first on {tally[1]}/{tally[0]} of their decisions; {time.perf_counter() - t0:.0f} s)",
          flush=True)


LV_LINES = ("harness_base", "harness_neutral", "ours", "medium_base", "medium_neutral", "table", "coach")
"""The Las Vegas lines ``--lines`` may name: ``ours`` is the four lines in our engine, ``medium_base`` and
``medium_neutral`` one of them each (hard vs 3 medium)."""


def las_vegas(games: int, table_games: int | None = None, lines: Sequence[str] = LV_LINES) -> None:
    try:
        import lasvegas  # type: ignore[import-untyped]
    except ImportError:
        sys.exit("bench_bots: the lasvegas package is missing: pip install --no-deps lasvegas==0.2.0 tabulate tqdm")
    if lasvegas.__version__ != "0.2.0":
        sys.exit(f"bench_bots: lasvegas 0.2.0 is the peer measured, found {lasvegas.__version__}")
    print(f"Las Vegas, 4 players, {games} games per line, 95% intervals, 1st place (shared counts), parity 25%")
    if "harness_base" in lines:
        harness_line(games, neutral=False, seed=11)
    if "harness_neutral" in lines:
        harness_line(games, neutral=True, seed=12)
    for neutral in (False, True):
        rules = "neutral" if neutral else "base"
        if "ours" in lines or f"medium_{rules}" in lines:
            line(f"{rules}: hard vs 3 medium", lv_match("hard", "medium", games, seed=30_000, neutral=neutral), games,
                 goal=0.50)
        if "ours" in lines:
            line(f"{rules}: hard vs 3 our greedy", lv_match("hard", "greedy", games, seed=10_000, neutral=neutral),
                 games)
    table_games = games if table_games is None else table_games
    print("\n  Level table (base game, our engine): one of A against three of B (parity 25%)" if "table" in lines
          else "")
    for a in LEVELS if "table" in lines else ():
        for b in LEVELS:
            line(f"base: {a} vs 3 {b}", lv_match(a, b, table_games, seed=20_000), table_games)
    print("\n  Decision time, ms (every decision with more than one face): wall, and CPU of the deciding thread")
    for level in (lv for lv in LEVELS if TIMES[lv]):
        ms, cpu = np.array(TIMES[level]) * 1000, np.array(CPU_TIMES[level]) * 1000
        print(f"  {level:<7} wall p50 {np.percentile(ms, 50):7.2f}  p95 {np.percentile(ms, 95):7.2f}  "
              f"max {ms.max():7.1f}   CPU p50 {np.percentile(cpu, 50):7.2f}  p95 {np.percentile(cpu, 95):7.2f}  "
              f"({len(ms)} decisions)" + ("  goal p95 <= 300 ms" if level == "hard" else ""))
    if "coach" in lines:
        lv_coach_latency()


def lv_coach_latency(positions: int = 100) -> None:
    from vegas_tutor.las_vegas.coach import review

    warm = new_game(4, seed=0)
    warm.apply(Roll())
    review(warm, warm.legal_actions()[0])  # load the compiled code before timing
    rng = make_rng(77)
    ms = []
    while len(ms) < positions:
        state = new_game(4, seed=int(rng.integers(1 << 30)))
        stop = int(rng.integers(0, 70))
        for _ in range(stop):
            if state.is_over:
                break
            state.apply(choose_face(state, "greedy", rng) if state.phase == "place" else Roll())
        if state.is_over:
            continue
        if state.phase != "place":
            state.apply(Roll())
        legal = state.legal_actions()
        start = time.perf_counter()
        review(state, legal[int(rng.integers(len(legal)))])
        ms.append((time.perf_counter() - start) * 1000)
    print(f"\n  Coach review latency over {positions} positions: p50 {np.percentile(ms, 50):.1f} ms, "
          f"p95 {np.percentile(ms, 95):.1f} ms, max {max(ms):.1f} ms  (goal p95 <= 150 ms)")


def liars_dice(games: int) -> None:
    """The Liar's Dice tables and decision times (bench_bots_liars_dice.py)."""
    import bench_bots_liars_dice

    bench_bots_liars_dice.main(["--games", str(games)])


def lords_of_vegas(games: int) -> None:
    """The Lords of Vegas tables and decision times (bench_bots_lords_of_vegas.py)."""
    import bench_bots_lords_of_vegas

    bench_bots_lords_of_vegas.main(["--games", str(games)])


GAMES: dict[str, Callable[[int], None]] = {
    "las_vegas": las_vegas, "liars_dice": liars_dice, "lords_of_vegas": lords_of_vegas,
}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=[*sorted(GAMES), "all"], default="all")
    parser.add_argument("--games", type=int, help="games per line (default 600 for Las Vegas, 1000 otherwise)")
    parser.add_argument("--table-games", type=int, help="Las Vegas level table: games per line (default --games)")
    parser.add_argument("--lines", default=",".join(LV_LINES),
                        help=f"Las Vegas lines to run, comma-separated (default all: {','.join(LV_LINES)})")
    args = parser.parse_args(argv)
    lines = args.lines.split(",")
    if not set(lines) <= set(LV_LINES):
        parser.error(f"--lines: choose among {', '.join(LV_LINES)}")
    for name in sorted(GAMES) if args.game == "all" else [args.game]:
        print(f"\n=== {name} ===", flush=True)
        if name == "las_vegas":
            las_vegas(args.games or 600, args.table_games, lines)
        else:
            GAMES[name](args.games or 1_000)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
