"""The coach against a deeper reference (issue 23), one section per game (``--game``).

A fixed, seeded set of decisions is drawn from real games whose seats play every level (easy, the
learner-like one, most often; medium and hard too). Each decision is judged twice: by the coach, as the
boards call it, and by a reference far deeper than the coach. Per game the benchmark prints:

- **best agrees**: how often the coach's best choice is the reference's best, or within the reference's
  ``good`` band (it gives up less than the coach's own ``good`` threshold by the reference). Goal >= 90%.
- **mistakes confirmed**: of the choices the coach calls a mistake, how often the reference calls them a
  mistake too (same threshold, read on the reference's losses). Goal >= 90%. Beside it, how often the
  reference at least finds them worse than ``good``.
- **rank correlation**: Spearman's rho between the coach's and the reference's losses, every option of
  every decision pooled. Goal >= 0.8.
- the coach's time per decision (wall and CPU, p50/p95) and the reference's.

Las Vegas (``--game las_vegas``): the reference plays every face out to the end of the game,
``--playouts`` times (default 3,000) per face, every seat playing ``leader`` (the hard bot's playout rule),
the later rounds dealt from the pile in a fresh order each time; each ending is scored by the rules' own
winner (most money, then most bills, a shared first place shared). The coach plays only to the end of the
round and models the rounds left. The loss of a face is the reference's best chance of winning minus the
face's; its standard error is printed with the figures.

Liar's Dice (``--game liars_dice``): for each decision the reference deals the rivals' hidden dice afresh
``--playouts`` times (the dice they showed kept), weighs each deal by how likely it makes the rivals' moves
this round, and plays the round out from each of the coach's 6 best options and the one played, the rivals at
their level and the deciding seat as ``hard`` (``--decider``: another level, or ``coach`` for the coach's best
told the levels; common random numbers across the options of a deal). Each end of the round is read on the
coach's scale: the player's chance of winning from the dice left
(:func:`~vegas_tutor.liars_dice.win_chance.win_chances`). The coach's loss of an option is what its review
of that decision says: checked on 12 deals of the rivals' cups, drawn from the coach's own reading of their
bids, when it seems to give up 4 points or more (:func:`~vegas_tutor.liars_dice.coach.rechecked`); its best is
the review's, the first 3 choices its reading rates alike at the top played out on 8 such deals
(:func:`~vegas_tutor.liars_dice.coach.tie_break`).

Lords of Vegas (``--game lords_of_vegas``): the reference plays the coach's 8 best options and the one played
to the end of the game ``--playouts`` times each, every seat playing medium (common random numbers), and the
options within 8 points of its best ``--deep`` times (1,200). The coach's loss of an option is what its review
of that decision says: checked again on as many fresh playouts when it seems to give up 4 points or more
(:func:`~vegas_tutor.lords_of_vegas.coach.rechecked`). Hard, among the seats whose games give the decisions,
plays all its playouts (no deadline), so the decisions are the same however busy the machine.

Run: ``python bench/bench_coach_reference.py --game las_vegas [--decisions 300] [--playouts 3000]``;
``--game liars_dice --playouts 200 --workers 2``; ``--game lords_of_vegas --playouts 300 --workers 2``.
``--game liars_dice --reference DUMP`` reads the reference from an earlier run's ``--dump`` (the same
``--seed``): only the coach's side is judged again, in a minute or two instead of half an hour.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from vegas_tutor.core.dice import make_rng


@dataclass(frozen=True)
class Judged:
    """One decision: per option, the coach's loss and the reference's (chance of winning, 0 to 1)."""

    coach: tuple[float, ...]
    reference: tuple[float, ...]
    reference_stderr: float
    coach_seconds: float
    coach_cpu: float
    reference_seconds: float
    tag: str = ""
    """Where the decision stands (e.g. the round), for ``--dump``."""
    halves_agree: bool | None = None
    """Liar's Dice: whether the reference's best on one half of the deals is within its good band on the
    other half (how well the reference agrees with itself at half its depth)."""
    options: tuple[str, ...] = ()
    """Liar's Dice: the options judged, in the order of ``coach`` and ``reference`` (the review's best first), for
    ``--reference`` to read them back by option."""
    decision: int = -1
    """Liar's Dice: the decision's place among the seed's (some may be left out), for ``--reference``."""


def ranks(values: np.ndarray) -> np.ndarray:
    """Ranks from 1, ties sharing their mean rank."""
    order = np.argsort(values, kind="stable")
    sorted_values = values[order]
    out = np.empty(len(values))
    start = 0
    while start < len(values):
        end = start
        while end + 1 < len(values) and sorted_values[end + 1] == sorted_values[start]:
            end += 1
        out[order[start:end + 1]] = (start + end) / 2 + 1
        start = end + 1
    return out


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation of two equal-length samples."""
    ra, rb = ranks(np.asarray(a, float)), ranks(np.asarray(b, float))
    return float(np.corrcoef(ra, rb)[0, 1])


def percentile_ms(values: Sequence[float], q: float) -> float:
    return float(np.percentile(np.asarray(values) * 1000, q))


def report(game: str, judged: Sequence[Judged], good: float, mistake: float, *,
           coach_mistake: float | None = None) -> None:
    """Print the three figures against their goals and the times. ``good`` and ``mistake`` are the
    reference's bands; ``coach_mistake`` the coach's own mistake threshold when its scale is another."""
    DUMPED.extend(judged)
    agree = sum(1 for j in judged if j.reference[int(np.argmin(j.coach))] < good)
    called = mistake if coach_mistake is None else coach_mistake
    calls = [(c, r) for j in judged for c, r in zip(j.coach, j.reference, strict=True) if c >= called]
    confirmed = sum(1 for _c, r in calls if r >= mistake)
    worse = sum(1 for _c, r in calls if r >= good)
    coach = [c for j in judged for c in j.coach]
    reference = [r for j in judged for r in j.reference]
    rho = spearman(coach, reference)
    stderr = float(np.mean([j.reference_stderr for j in judged]))
    n = len(judged)

    def verdict(value: float, goal: float) -> str:
        return f"goal >= {goal:g}: {'met' if value >= goal else 'MISSED'}"

    print(f"\n{game}: {n} decisions, {len(coach)} options; the reference's standard error per option "
          f"{stderr:.3f} (mean)")
    print(f"  best agrees          {agree / n:6.1%}  ({agree}/{n})  {verdict(agree / n, 0.9)}")
    if calls:
        print(f"  mistakes confirmed   {confirmed / len(calls):6.1%}  ({confirmed}/{len(calls)})  "
              f"{verdict(confirmed / len(calls), 0.9)};  worse than good by the reference: "
              f"{worse / len(calls):.1%}")
    else:
        print("  mistakes confirmed   (the coach called no mistake)")
    print(f"  rank correlation     {rho:6.3f}  {verdict(rho, 0.8)}")
    wall = [j.coach_seconds for j in judged]
    cpu = [j.coach_cpu for j in judged]
    ref = [j.reference_seconds for j in judged]
    print(f"  coach per decision   wall p50 {percentile_ms(wall, 50):.0f} ms, p95 {percentile_ms(wall, 95):.0f} ms; "
          f"CPU p50 {percentile_ms(cpu, 50):.0f} ms, p95 {percentile_ms(cpu, 95):.0f} ms")
    print(f"  reference            wall p50 {percentile_ms(ref, 50):.0f} ms, p95 {percentile_ms(ref, 95):.0f} ms")


def timed(fn: Callable[[], object]) -> tuple[object, float, float]:
    start, cpu = time.perf_counter(), time.thread_time()
    out = fn()
    return out, time.perf_counter() - start, time.thread_time() - cpu


# ---------------------------------------------------------------------- Las Vegas
LV_SEATS = (("easy", "easy", "medium", "hard"), ("easy", "medium", "medium", "hard"),
            ("easy", "easy", "easy", "medium"))
"""The tables the decisions come from, in turn (4 players; a seat's level; the easy bot is the learner-like one)."""


def lv_decisions(n: int, seed: int) -> list[object]:
    """``n`` placement decisions (two faces or more) from seeded bot games, every seat's turn a candidate,
    one in four kept, so that every round of a game is drawn from."""
    from vegas_tutor.las_vegas import Roll, new_game
    from vegas_tutor.las_vegas.bots import choose_action

    rng = make_rng(seed)
    out: list[object] = []
    game = 0
    while len(out) < n:
        levels = LV_SEATS[game % len(LV_SEATS)]
        state = new_game(len(levels), seed=seed + game)
        game += 1
        while not state.is_over and len(out) < n:
            if state.phase != "place":
                state.apply(Roll())
                continue
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1 and rng.random() < 0.25:
                out.append(state.copy())
            state.apply(choose_action(state, levels[seat], seed=int(rng.integers(1 << 31))))
    return out


def lv_judge(state: object, playouts: int, seed: int) -> Judged:
    from vegas_tutor.las_vegas import State
    from vegas_tutor.las_vegas.coach import SEED, evaluate
    from vegas_tutor.las_vegas.playouts import face_playouts
    from vegas_tutor.las_vegas.simulate import win_shares

    assert isinstance(state, State)
    options, wall, cpu = timed(lambda: evaluate(state, seed=SEED))
    assert isinstance(options, tuple)
    best = max(o.win_chance for o in options)
    coach = {o.action.face: best - o.win_chance for o in options}
    start = time.perf_counter()
    faces, money, bills = face_playouts(state, playouts, policy="leader", seed=seed, rounds=None)
    seat = state.current_player
    assert seat is not None
    zero = np.zeros(state.players, dtype=np.int64)
    shares = win_shares(money, bills, zero, zero, seat, 0, 1.0, np.zeros(1), np.ones(1)).reshape(len(faces), -1)
    chance = shares.mean(axis=1)
    stderr = float(np.mean(shares.std(axis=1) / math.sqrt(playouts)))
    reference = {f: float(chance.max() - chance[k]) for k, f in enumerate(faces)}
    took = time.perf_counter() - start
    order = sorted(coach)
    assert order == sorted(reference), (order, sorted(reference))
    return Judged(tuple(coach[f] for f in order), tuple(reference[f] for f in order), stderr, wall, cpu, took,
                  f"round {state.round}")


def run_las_vegas(decisions: int, playouts: int, seed: int) -> None:
    from vegas_tutor.las_vegas.coach import GOOD, MISTAKE

    states = lv_decisions(decisions, seed)
    judged = [lv_judge(s, playouts, seed + k) for k, s in enumerate(states)]
    report("Las Vegas (4 players, base game)", judged, GOOD, MISTAKE)


# ---------------------------------------------------------------------- Lords of Vegas
LOV_SEATS = (("easy", "medium", "medium", "hard"), ("easy", "easy", "medium", "medium"))
"""The tables the decisions come from, in turn (4 players)."""
LOV_OPTIONS = 8
"""The options judged per decision: the coach's best ``LOV_OPTIONS`` of those it played out, and the one played."""
LOV_CONTENDERS = 0.08
"""Options the reference finds within this much of its best after ``--playouts`` are played out further, to
``--deep`` playouts in all (the verdicts' bands are 2 and 6 points: a reference as noisy as them judges nothing)."""


def lov_decisions(n: int, seed: int) -> list[tuple[object, object]]:
    """``n`` (position, action played) pairs with two decisions or more, from seeded bot games, one in
    six decisions kept; hard plays all its playouts whatever the time (no deadline), so the same seed always
    gives the same decisions, however busy the machine."""
    from vegas_tutor.lords_of_vegas import new_game
    from vegas_tutor.lords_of_vegas.bots import choose_action

    rng = make_rng(seed)
    out: list[tuple[object, object]] = []
    game = 0
    while len(out) < n:
        levels = LOV_SEATS[game % len(LOV_SEATS)]
        state = new_game(len(levels), seed=seed + game)
        game += 1
        while not state.is_over and len(out) < n:
            seat = None if state.is_chance else state.current_player
            action = choose_action(state, "easy" if seat is None else levels[seat],
                                   seed=int(rng.integers(1 << 31)), budget=math.inf)  # hard: all its playouts
            if seat is not None and len(state.legal_actions()) > 1 and rng.random() < 1 / 6:
                out.append((state.copy(), action))
            state.apply(action)
    return out


def lov_judge(position: tuple[object, object], playouts: int, deep: int, seed: int,
              stored: dict[str, Any] | None = None) -> Judged:
    from vegas_tutor.lords_of_vegas import State, search
    from vegas_tutor.lords_of_vegas import bots_compiled as bc
    from vegas_tutor.lords_of_vegas import compiled as c
    from vegas_tutor.lords_of_vegas.coach import evaluate, rechecked

    state, played = position
    assert isinstance(state, State)
    options, wall, cpu = timed(lambda: evaluate(state, played))  # type: ignore[arg-type]
    assert isinstance(options, tuple)
    judged = [o for o in options if o.win_chance is not None]
    chosen = judged[:LOV_OPTIONS] + [o for o in judged[LOV_OPTIONS:] if o.action == played]

    def loss(action: object) -> float:  # as the coach's review of that decision says (checked again if far behind)
        after, _more = rechecked(state, options, action)  # type: ignore[arg-type]
        mine = next(o for o in after if o.action == action)
        return max(after[0].win_chance - mine.win_chance, 0.0)  # type: ignore[operator]

    _loss, recheck_wall, recheck_cpu = timed(lambda: loss(played))
    wall, cpu = wall + recheck_wall, cpu + recheck_cpu
    coach = [loss(o.action) for o in chosen]
    if stored is not None:  # the reference of an earlier run: the same options, if the coach's playouts are
        if len(stored["reference"]) != len(chosen):
            raise SystemExit("--reference: the stored run judged other options (the coach's playouts changed)")
        return Judged(tuple(coach), tuple(stored["reference"]), stored["reference_stderr"], wall, cpu,
                      stored["reference_seconds"])
    start = time.perf_counter()
    legal = state.legal_actions()
    s = c.encode(state.data())
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    n = c.legal(s, rows)
    assert n == len(legal)
    cands = rows[[legal.index(o.action) for o in chosen]].copy()

    def out(k: int, first: int, reps: int) -> np.ndarray:
        return search.playouts(s, cands[k:k + 1], reps, seed, first, search.MEDIUM_SEATS, bc.PARAMS,
                               bc.REORG_TABLE, -1, search.LEAF)[0]

    results = [out(k, 0, playouts) for k in range(len(chosen))]
    first = np.array([r.mean() for r in results])
    for k in range(len(chosen)):  # the contenders, further (the same seeds for all: common random numbers)
        if deep > playouts and first.max() - first[k] < LOV_CONTENDERS:
            results[k] = np.concatenate([results[k], out(k, playouts, deep - playouts)])
    chance = np.array([r.mean() for r in results])
    top = int(np.argmax(chance))
    stderr = float(np.mean([np.std(results[k] - results[top][:len(results[k])]) / math.sqrt(len(results[k]))
                            for k in range(len(chosen)) if k != top and len(results[k]) == len(results[top])]
                           or [0.0]))
    reference = tuple(float(chance.max() - x) for x in chance)
    return Judged(tuple(coach), reference, stderr, wall, cpu, time.perf_counter() - start)


def _lov_part(args: tuple[int, int, int, int, int]) -> list[Judged]:
    lo, hi, decisions, playouts, seed = args[0], args[1], args[2], args[3], args[4]
    positions = lov_decisions(decisions, seed)
    stored: list[Any] = json.loads(Path(REFERENCE).read_text()) if REFERENCE else [None] * decisions
    if len(stored) != decisions:
        raise SystemExit(f"--reference {REFERENCE}: {len(stored)} decisions judged, not {decisions}")
    return [lov_judge(positions[k], playouts, DEEP, seed + k, stored[k]) for k in range(lo, hi)]


def run_lords_of_vegas(decisions: int, playouts: int, seed: int) -> None:
    from vegas_tutor.lords_of_vegas.coach import GOOD, MISTAKE

    per = -(-decisions // WORKERS)
    parts = [(lo, min(lo + per, decisions), decisions, playouts, seed) for lo in range(0, decisions, per)]
    if WORKERS == 1:
        judged = [j for part in parts for j in _lov_part(part)]
    else:
        with ProcessPoolExecutor(WORKERS) as pool:
            judged = [j for part in pool.map(_lov_part, parts) for j in part]
    if REFERENCE:
        print(f"\nLords of Vegas: the reference read from {REFERENCE} (an earlier run's --dump, the same seed and "
              "decisions, and the same coach's playouts, so the same options: its times are that run's)")
    first = "the stored run's" if REFERENCE else str(playouts)
    print(f"\nLords of Vegas: the reference plays {first} playouts per option to the end of the game, and "
          f"{DEEP} for those within {LOV_CONTENDERS:.0%} of its best; {WORKERS} processes")
    report("Lords of Vegas (4 players)", judged, GOOD, MISTAKE)


# ---------------------------------------------------------------------- Liar's Dice
LD_TABLES = ((("easy", "medium", "hard"), 3), (("easy", "easy", "medium"), 3), (("easy", "hard"), 4))
"""The tables the decisions come from, in turn: the seats' levels and the dice each starts with."""
LD_OPTIONS = 6
"""The options judged per decision: the coach's best ``LD_OPTIONS`` and the one played."""
LD_WORLDS = 48
"""Rivals' cups drawn per decision, each kept with the likelihood of the rivals' moves this round."""
LD_DECIDER = "hard"
"""How the deciding seat plays on after the option judged (``--decider``: a level, ``own`` for its own level, or
``coach`` for the coach's best told the levels)."""
LD_LEVELS = True
"""The coach is told the rivals' levels and reads each by its level's model (``--one-model``: one for all)."""
LD_ROUND_GOES_ON = True
"""With three players or more the coach counts the round going on past the next player, as its review does
(``--round-ends``: as nothing, as before and as the ``hard`` bot does)."""
LD_TIE_BREAK = True
"""The coach's best is its review's: the reading's ties at the top played out (``--no-tie-break``: the first of
them, as before)."""
LD_LIKELIHOOD_DRAWS = 6
"""Draws of an easy or medium rival's (random) move to estimate how likely its real move was."""


@dataclass(frozen=True)
class LdDecision:
    """A decision and the round that led to it: the round's start, its actions (chance rolls included)."""

    counts: tuple[int, ...]
    opener: int
    history: tuple[object, ...]
    seat: int
    played: object
    levels: tuple[str, ...]


def ld_decisions(n: int, seed: int) -> list[LdDecision]:
    """``n`` decisions with two choices or more from seeded bot games, one in three kept."""
    from vegas_tutor.liars_dice import State
    from vegas_tutor.liars_dice.bots import choose_action

    rng = make_rng(seed)
    out: list[LdDecision] = []
    game = 0
    while len(out) < n:
        levels, dice = LD_TABLES[game % len(LD_TABLES)]
        state = State.start([dice] * len(levels), seed=seed + game)
        game += 1
        counts, opener, history = state.dice_counts, state.opener, []
        while not state.is_over and len(out) < n:
            alive = sum(1 for c in state.dice_counts if c > 0)
            if state.phase == "roll" and len(state.pending_rolls) == alive:  # a round begins
                counts, opener, history = state.dice_counts, state.opener, []
            seat = state.current_player
            assert seat is not None
            if state.is_chance:
                action = _uniform_roll(state, rng)
            else:
                action = choose_action(state, levels[seat], seed=int(rng.integers(1 << 31)))
                if len(state.legal_actions()) > 1 and rng.random() < 1 / 3:
                    out.append(LdDecision(counts, opener, tuple(history), seat, action, levels))
            history.append(action)
            state.apply(action)
    return out


def _uniform_roll(state: object, rng: object, keep: tuple[int, ...] = ()) -> object:
    """The roll of the seat to roll, every die uniform (``keep``: faces it must show, the rest uniform)."""
    from vegas_tutor.liars_dice import Roll, State

    assert isinstance(state, State)
    seat = state.current_player
    assert seat is not None
    size = state.dice_counts[seat] - len(state.shown[seat])  # the dice in the cup (a show set some aside)
    faces = list(keep) + [int(x) for x in rng.integers(1, 7, size - len(keep))]  # type: ignore[attr-defined]
    return Roll(tuple(sorted(faces)))


def _rival_rolls(decision: LdDecision) -> dict[int, list[tuple[int, ...]]]:
    """Per rival, for each of its rolls this round (in order), the faces it later shows from that roll."""
    from vegas_tutor.liars_dice import Roll, Show, State

    state = State.start(list(decision.counts), opener=decision.opener, seed=0)
    rolls: dict[int, list[tuple[int, ...]]] = {}
    for action in decision.history:
        seat = state.current_player
        assert seat is not None
        if isinstance(action, Roll):
            rolls.setdefault(seat, []).append(())
        elif isinstance(action, Show) and seat != decision.seat:
            rolls[seat][-1] = tuple(action.faces)
        state.apply(action)
    return rolls


def ld_world(decision: LdDecision, rng: Any) -> tuple[object, float] | None:
    """The round replayed with the rivals' hidden dice drawn afresh (the dice they showed kept), and the
    likelihood of the rivals' real moves with those dice; None when a move is impossible with them."""
    from vegas_tutor.liars_dice import Roll, State
    from vegas_tutor.liars_dice.bots import action_probabilities, choose_from_observation

    state = State.start(list(decision.counts), opener=decision.opener, seed=0)
    shows = _rival_rolls(decision)
    rolled: dict[int, int] = {}
    weight = 1.0
    for action in decision.history:
        seat = state.current_player
        assert seat is not None
        if isinstance(action, Roll) and seat != decision.seat:
            k = rolled.get(seat, 0)
            rolled[seat] = k + 1
            state.apply(_uniform_roll(state, rng, shows[seat][k]))
            continue
        if not isinstance(action, Roll) and seat != decision.seat:
            obs = state.observation(seat)
            level = decision.levels[seat]
            mix = action_probabilities(obs, level, rng)
            if len(mix) == 1 and level != "hard":  # a random move: how often it is the real one
                hits = sum(choose_from_observation(obs, level, rng) == action for _ in range(LD_LIKELIHOOD_DRAWS))
                weight *= hits / LD_LIKELIHOOD_DRAWS
            else:
                weight *= mix.get(action, 0.0)  # type: ignore[call-overload]
            if weight == 0.0:
                return None
        state.apply(action)
    return state, weight


def ld_round_out(state: Any, option: object, seat: int, levels: tuple[str, ...], rng: Any) -> float:
    """``option``, then the round played out, the rivals at their level and ``seat`` as ``hard`` (a verdict judges
    the decision, not how its player goes on): ``seat``'s chance of winning lost by the dice each seat lost (the
    coach's scale, :func:`~vegas_tutor.liars_dice.win_chance.win_chances`)."""
    from vegas_tutor.liars_dice.bots import choose_action
    from vegas_tutor.liars_dice.win_chance import win_chances

    before = state.dice_counts
    state.apply(option)
    while not state.is_over and state.dice_counts == before:
        who = state.current_player
        if state.is_chance:
            state.apply(_uniform_roll(state, rng))
        else:
            level = LD_DECIDER if who == seat and LD_DECIDER != "own" else levels[who]
            if level == "coach":
                state.apply(ld_ranked(state.observation(who), levels)[0].action)
            else:
                state.apply(choose_action(state, level, seed=int(rng.integers(1 << 31))))
    return win_chances(before)[seat] - win_chances(state.dice_counts)[seat]


def ld_ranked(obs: Any, levels: tuple[str, ...]) -> list[Any]:
    """The coach's options for ``obs.player``, best first (by the chance of winning, then dice), told the rivals'
    levels unless ``--one-model``: the coach judged, and the ``--decider coach`` playing on."""
    from vegas_tutor.liars_dice.coach import evaluate

    told = dict(enumerate(levels)) if LD_LEVELS else None
    options = evaluate(obs, chances=True, levels=told, round_goes_on=LD_ROUND_GOES_ON)
    return sorted(options, key=lambda o: (-o.win_chance, o.value))


def ld_judge(decision: LdDecision, seed: int, worlds_wanted: int = LD_WORLDS,
             stored: dict[str, Any] | None = None) -> Judged | None:
    """The coach's losses of a decision's options and the reference's; with ``stored`` (this decision's entry of a
    ``--dump`` of an earlier run, the same seed and options), the reference is read from it, not played again."""
    from vegas_tutor.liars_dice import State
    from vegas_tutor.liars_dice.coach import GOOD, rechecked, tie_break

    rng = make_rng(seed)
    state = State.start(list(decision.counts), opener=decision.opener, seed=0)
    for action in decision.history:
        state.apply(action)
    obs = state.observation(decision.seat)
    told = dict(enumerate(decision.levels)) if LD_LEVELS else None

    def coach_ranked() -> tuple[list[Any], list[Any]]:  # the reading's order; the review's best first, the rest
        reading = ld_ranked(obs, decision.levels)
        best = tie_break(state, tuple(reading), told)[0] if LD_TIE_BREAK else reading[0]
        return reading, [best, *(o for o in reading if o is not best)]

    both, wall, cpu = timed(coach_ranked)
    assert isinstance(both, tuple)
    reading, ranked = both

    def options_of(order: list[Any]) -> list[Any]:
        return order[:LD_OPTIONS] + [o for o in order[LD_OPTIONS:] if o.action == decision.played]

    chosen = options_of(ranked)

    def loss(action: object) -> float:  # as the coach's review of that decision says (checked if far behind)
        after, _dealt = rechecked(state, tuple(ranked), action, told, best=ranked[0])  # type: ignore[arg-type]
        return max(ranked[0].win_chance - next(o for o in after if o.action == action).win_chance, 0.0)

    _loss, check_wall, check_cpu = timed(lambda: loss(decision.played))
    wall, cpu = wall + check_wall, cpu + check_cpu
    coach = tuple(loss(o.action) for o in chosen)
    if stored is not None:  # the reference of an earlier run, by option (a dump without them: the reading's order,
        # as a run without the tie-break judged them)
        named = stored.get("options") or [repr(o.action) for o in options_of(reading)]
        judged_then = dict(zip(named, stored["reference"], strict=True))
        if set(judged_then) != {repr(o.action) for o in chosen}:
            raise SystemExit(f"--reference: the stored run judged other options for {decision}")
        reference = tuple(judged_then[repr(o.action)] for o in chosen)
        tag = (f"{len([c for c in decision.counts if c > 0])} players, {obs.phase}, coach's best "
               f"{type(ranked[0].action).__name__}, reference's "
               f"{type(chosen[int(np.argmin(reference))].action).__name__}")
        return Judged(coach, reference, float(stored["reference_stderr"]), wall, cpu,
                      float(stored["reference_seconds"]), tag, stored["halves_agree"],
                      tuple(repr(o.action) for o in chosen))
    start = time.perf_counter()
    worlds: list[tuple[object, float]] = []
    for _try in range(worlds_wanted * 20):
        world = ld_world(decision, rng)
        if world is not None:
            worlds.append(world)
            if len(worlds) == worlds_wanted:
                break
    if not worlds:  # no deal of the rivals' cups explains their moves in the tries allowed: not judged
        return None
    weights = np.array([w for _s, w in worlds])
    values = np.zeros((len(chosen), len(worlds)))
    for j, (world, _w) in enumerate(worlds):
        base = int(rng.integers(1 << 31))
        for i, option in enumerate(chosen):  # the same random numbers for every option of a world
            played = world.copy()  # type: ignore[attr-defined]
            values[i, j] = ld_round_out(played, option.action, decision.seat, decision.levels, make_rng(base))
    mean = values @ weights / weights.sum()
    diffs = values - values[int(np.argmin(mean))]
    share = weights / weights.sum()
    stderr = float(np.mean(np.sqrt((share**2 * (diffs - (diffs @ share)[:, None]) ** 2).sum(axis=1))))
    reference = tuple(float(v - mean.min()) for v in mean)
    halves = [np.arange(len(worlds)) % 2 == k for k in (0, 1)]
    means = [values[:, h] @ weights[h] / weights[h].sum() if weights[h].sum() > 0 else mean for h in halves]
    halves_agree = bool(means[1][int(np.argmin(means[0]))] - means[1].min() < GOOD)
    tag = (f"{len([c for c in decision.counts if c > 0])} players, {obs.phase}, coach's best "
           f"{type(ranked[0].action).__name__}, reference's {type(chosen[int(np.argmin(mean))].action).__name__}")
    return Judged(coach, reference, stderr, wall, cpu, time.perf_counter() - start, tag, halves_agree,
                  tuple(repr(o.action) for o in chosen))


def run_liars_dice(decisions: int, playouts: int, seed: int) -> None:
    """``playouts``: here the worlds per decision (one round played out per world and option)."""
    from vegas_tutor.liars_dice.coach import GOOD, MISTAKE

    chosen = ld_decisions(decisions, seed)
    places = list(range(len(chosen)))
    stored: list[dict[str, Any] | None] = [None] * len(chosen)
    if REFERENCE:
        dumped = json.loads(Path(REFERENCE).read_text())
        if all(entry.get("decision", -1) >= 0 for entry in dumped):  # by place: the run may have left some out
            by_place = {entry["decision"]: entry for entry in dumped}
            places = [k for k in places if k in by_place]
            stored = [by_place[k] for k in places]
        elif len(dumped) == len(chosen):  # a dump from before the places were written: every decision in it
            stored = dumped
        else:
            raise SystemExit(f"--reference {REFERENCE}: {len(dumped)} decisions judged, not {len(chosen)}, and "
                             "not named: a run of the same --seed and --decisions is needed")
        print(f"\nLiar's Dice: the reference read from {REFERENCE} (an earlier run's --dump, the same seed and "
              "decisions: its deals and rounds are not played again; its times are that run's)")
    with ProcessPoolExecutor(WORKERS) as pool:
        found = list(pool.map(ld_judge, [chosen[k] for k in places], [seed + k for k in places],
                              [playouts] * len(places), stored))
    judged = [replace(j, decision=k) for k, j in zip(places, found, strict=True) if j is not None]
    if len(judged) < len(chosen):  # (with --reference: those the stored run left out too)
        print(f"\nLiar's Dice: {len(chosen) - len(judged)} of {len(chosen)} decisions left out (no deal of the rivals' "
              f"cups found that explains their moves)")
    deals = "the stored run's deals" if REFERENCE else f"{playouts} deals"
    print(f"\nLiar's Dice: {deals} per decision; the deciding seat plays on as {LD_DECIDER} "
          f"('own': its own level); the coach reads "
          f"{'each rival by its level' if LD_LEVELS else 'every rival alike'}; the round going on past the next "
          f"player {'counted' if LD_ROUND_GOES_ON else 'worth nothing'}; {WORKERS} processes")
    report("Liar's Dice (2-3 players, 3-4 dice each)", judged, GOOD, MISTAKE)
    halves = sum(1 for j in judged if j.halves_agree)
    print(f"  the reference with itself: its best on half the deals is within the good band on the other half "
          f"{halves / len(judged):.1%} ({halves}/{len(judged)}) (a ceiling for 'best agrees' at half the deals)")


REFERENCE = ""
"""A ``--dump`` of an earlier run of the same game, seed and decisions to read the reference from (``--reference``):
the coach's side is judged again, the reference's deals, rounds and playouts are not played again."""
DUMPED: list[Judged] = []
DEEP = 1_200
"""``--deep``: the playouts of the Lords of Vegas reference's contenders."""
WORKERS = 1
"""``--workers``: processes the Lords of Vegas reference is split over (the same decisions, the same figures)."""


GAMES = {"las_vegas": run_las_vegas, "liars_dice": run_liars_dice, "lords_of_vegas": run_lords_of_vegas}


def main(argv: Sequence[str] | None = None) -> None:
    global DEEP, WORKERS, LD_DECIDER, LD_LEVELS, LD_ROUND_GOES_ON, LD_TIE_BREAK, REFERENCE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--dump", help="write every judged decision to this JSON file")
    parser.add_argument("--deep", type=int, default=DEEP, help="Lords of Vegas: the contenders' playouts")
    parser.add_argument("--workers", type=int, default=WORKERS, help="Lords of Vegas, Liar's Dice: processes")
    parser.add_argument("--decider", default=LD_DECIDER, help="Liar's Dice: how the deciding seat plays on (a "
                        "level, 'own' for the seat's own level, or 'coach' for the coach's best told the levels)")
    parser.add_argument("--one-model", action="store_true", help="Liar's Dice: the coach reads every rival alike "
                        "(not told their levels)")
    parser.add_argument("--round-ends", action="store_true", help="Liar's Dice: the coach counts the round going "
                        "on past the next player as worth nothing (as the hard bot does)")
    parser.add_argument("--no-tie-break", action="store_true", help="Liar's Dice: the coach's best is the first of "
                        "the choices its reading rates alike at the top (as before its review played them out)")
    parser.add_argument("--reference", default="", help="Liar's Dice, Lords of Vegas: read the reference from this "
                        "--dump of an earlier run of the same --seed and --decisions (the coach's side is judged "
                        "again)")
    args = parser.parse_args(argv)
    DEEP, WORKERS, LD_DECIDER, LD_LEVELS = args.deep, args.workers, args.decider, not args.one_model
    LD_ROUND_GOES_ON, LD_TIE_BREAK, REFERENCE = not args.round_ends, not args.no_tie_break, args.reference
    for game in args.game or sorted(GAMES):
        GAMES[game](args.decisions, args.playouts, args.seed)
    if args.dump:
        Path(args.dump).write_text(json.dumps([asdict(j) for j in DUMPED]))


if __name__ == "__main__":
    main()
