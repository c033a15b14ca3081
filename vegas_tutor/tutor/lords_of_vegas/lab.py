"""The Lords of Vegas strategy lab: one strategy against copies of another, and a gamble's simulated average
closing in on its exact value.

Random, easy and medium play on the compiled simulator (:func:`vegas_tutor.lords_of_vegas.bots_compiled.games`),
thousands of games in seconds. The hard level searches at every decision (about ten seconds a game), so its
matches go through the rules engine and are capped at a handful of games (:data:`GAME_LIMITS`).

>>> tested, rivals = play_match("medium", "easy", 8, seed=1)
>>> tested.games, round(tested.wins + 3 * rivals.wins)
(8, 8)
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _, _n, money, number
from vegas_tutor.lords_of_vegas import new_game
from vegas_tutor.lords_of_vegas.names import level
from vegas_tutor.lords_of_vegas.odds import gamble_odds
from vegas_tutor.lords_of_vegas.policies import random_action
from vegas_tutor.lords_of_vegas.rules import bet_result
from vegas_tutor.tutor.lab import (
    Lab,
    LabResult,
    Progress,
    Standing,
    Tally,
    choice,
    convergence_figure,
    distribution_figure,
    games_choice,
    lineup,
    match_lab,
    percent,
    standings_table,
    win_rate_figure,
)
from vegas_tutor.tutor.notebook import exact_details

COMPILED = ("random", "easy", "medium")
"""The strategies the compiled simulator plays (the codes of :mod:`~vegas_tutor.lords_of_vegas.bots_compiled`)."""
STRATEGIES: tuple[str, ...] = (*COMPILED, "hard")
GAME_LIMITS = {"random": 5_000, "easy": 5_000, "medium": 1_000, "hard": 5}
"""The most games a match with this strategy plays (hard takes about ten seconds a game)."""
GAME_SIZES = (5, 100, 1_000, 5_000)
TABLES = (2, 3, 4)
DRAWS = (100, 1_000, 10_000, 100_000)
BETS = (1, 5, 10)
CHUNK = 250
"""Compiled games per call, so the progress line moves."""


def limit(tested: str, rivals: str) -> int:
    """The most games a match of ``tested`` against ``rivals`` plays."""
    for strategy in (tested, rivals):
        if strategy not in STRATEGIES:
            raise ConfigError(_("unknown strategy {value}: choose one of {choices}", value=repr(strategy),
                                choices=", ".join(STRATEGIES)))
    return min(GAME_LIMITS[tested], GAME_LIMITS[rivals])


def _compiled(seats: list[str], n: int, seed: int) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """``n`` compiled games, seat s played by ``seats[s]``: final points and each seat's share of the win."""
    from vegas_tutor.lords_of_vegas import bots_compiled as bc
    from vegas_tutor.lords_of_vegas import compiled as c
    from vegas_tutor.lords_of_vegas.rules import Data

    players = len(seats)
    start = c.encode(Data(players=players, money=[0] * players, score=[0] * players))
    levels = np.array([bc.CODES[s] for s in seats], dtype=np.int64)
    _money, score, won, _steps = bc.games(n, start, levels, seed, bc.PARAMS, bc.REORG_TABLE)
    shares = won / np.maximum(won.sum(axis=1, keepdims=True), 1)
    return np.asarray(score, dtype=np.int64), np.asarray(shares, dtype=np.float64)


def _engine(seats: list[str], seed: int) -> tuple[list[int], list[int]]:
    """One game through the rules engine, seat s played by ``seats[s]`` (the bots told so, as a table tells them):
    each seat's points and the winners."""
    from vegas_tutor.lords_of_vegas.bots import choose_action

    state = new_game(len(seats), seed=seed)
    rng = make_rng(seed + 1)
    while not state.is_over:
        seat = state.current_player
        strategy = "random" if state.is_chance or seat is None else seats[seat]
        if strategy == "random":
            state.apply(random_action(state, rng))
        else:
            state.apply(choose_action(state, strategy, seed=int(rng.integers(1 << 31)), seats=seats))
    return [state.score(s) for s in range(len(seats))], state.winners


def play_match(tested: str, rivals: str, games: int, *, players: int = 4, seed: int = 0,
               progress: Progress | None = None) -> tuple[Standing, Standing]:
    """``games`` games of one ``tested`` player against ``players - 1`` ``rivals``, the tested seat going round.

    Returns the tested strategy's standing and one rival's (the rival seats averaged); the values are the
    final points. More games than :func:`limit` are refused.
    """
    most = limit(tested, rivals)
    if players not in TABLES:
        raise ConfigError(_("Lords of Vegas is for 2 to 4 players, not {value}", value=repr(players)))
    if not is_int(games) or not 1 <= games <= most:
        raise ConfigError(_("{tested} against {rivals} plays 1 to {most} games, not {value}", tested=level(tested),
                            rivals=level(rivals), most=number(most), value=repr(games)))
    tally = Tally(players)
    if tested in COMPILED and rivals in COMPILED:
        for seat in range(players):
            n = games // players + (seat < games % players)
            for first in range(0, n, CHUNK):
                size = min(CHUNK, n - first)
                tally.batch(seat, *_compiled(lineup(tested, rivals, seat, players), size,
                                             (seed * players + seat) * 10_007 + first))
                if progress is not None:
                    progress(tally.games, games)
    else:
        tally.one_by_one(tested, rivals, games, seed, _engine, progress)
    label = _("each other {level}", level=level(rivals)) if tested == rivals else level(rivals)
    return tally.standings(level(tested), label)


def match_result(tested: str, rivals: str, asked: int, *, players: int = 4, seed: int = 0,
                 progress: Progress | None = None) -> LabResult:
    """The two charts of a match (win rates, final points) and its summary; more games than allowed are capped."""
    games = min(asked, limit(tested, rivals))
    me, them = play_match(tested, rivals, games, players=players, seed=seed, progress=progress)
    mine, theirs = level(tested), level(rivals)
    lead = _n("One {tested} player against {n} {rivals}, {games} games",
              "One {tested} player against {n} {rivals}, {games} games", players - 1, tested=mine, rivals=theirs,
              games=number(games))
    capped = "" if games == asked else _(
        " (hard searches at every decision, about ten seconds a game, so this run plays {games} games, not "
        "{asked}: too few to be sure of much)", games=number(games), asked=number(asked))
    return LabResult(
        figures=(
            (win_rate_figure([me, them], parity=1 / players, title=_("{lead}: who won?", lead=lead)),
             _("{sentence}. Each {rivals} player won {rate} on average; with {n} equal players each would win "
               "{parity}.", sentence=me.sentence(), rivals=theirs, rate=percent(them.rate), n=players,
               parity=percent(1 / players))),
            (distribution_figure([me, them], unit=_("points at the end"), step=5,
                                 tick=lambda p: number(p), average=lambda p: number(p, 1),
                                 title=_("Points of each player at the end")),
             _("The {tested} player ended with {mine} points on average, the {rivals} players with {theirs}.",
               tested=mine, rivals=theirs, mine=number(float(np.mean(me.values)), 1),
               theirs=number(float(np.mean(them.values)), 1))),
        ),
        summary=_("<p>{lead}{capped}.</p>", lead=lead, capped=capped)
        + standings_table([me, them], _("points"), lambda p: number(p, 1)),
    )


def strategy_lab(tested: str = "medium", rivals: str = "easy", games: int = 1_000, *, players: int = 4,
                 seed: int = 0) -> Lab:
    """The match panel: the tested strategy, the rivals', the table size and the number of games; Run."""
    return match_lab(STRATEGIES, level, match_result, tested=tested, rivals=rivals, games=games,
                     sizes=GAME_SIZES, tables=TABLES, players=players, seed=seed,
                     note=_("Choose, then press Run. Random, easy and medium play thousands of games in seconds; "
                            "medium at most {medium}; hard thinks about ten seconds a game, so it plays at most "
                            "{hard} games.", medium=number(GAME_LIMITS["medium"]), hard=GAME_LIMITS["hard"]))


def signed(dollars: float) -> str:
    """-$0.278 / +$1.500: a gain or a loss in dollars ("-0,278 $" in Spanish)."""
    return money(dollars, 3, signed=True)


def exact_gain(bet: int) -> Fraction:
    """The gambler's exact expected gain on a bet of ``bet`` dollars (no lay-off, a boss who can pay)."""
    return gamble_odds(bet).gambler_ev


def gamble_samples(bet: int, n: int, *, seed: int = 0) -> NDArray[np.int64]:
    """The gambler's gain in ``n`` simulated bets of ``bet`` dollars: two dice rolled, settled by the rules."""
    if n < 1:
        raise ConfigError(_("a simulation needs at least one bet, got {n}", n=n))
    gains = np.array([0, 0] + [bet_result(total, bet, False, 2 * bet)[0] for total in range(2, 13)])
    totals = make_rng(seed).integers(1, 7, size=(n, 2)).sum(axis=1)
    return np.asarray(gains[totals], dtype=np.int64)


def convergence_result(bet: int, n: int, *, seed: int = 0) -> LabResult:
    """The chart of a bet's simulated average gain closing in on the exact one."""
    if bet not in BETS:
        raise ConfigError(_("the lab bets one of {choices}, not {value}", choices=str(BETS), value=repr(bet)))
    samples, exact = gamble_samples(bet, n, seed=seed), exact_gain(bet)
    mean = float(np.mean(samples))
    return LabResult(
        figures=((convergence_figure(samples, float(exact),
                                     title=_("A {bet} bet: simulated average gain vs exact", bet=money(bet)),
                                     unit=_("average gain per bet ($)"), tick=signed,
                                     draws=_("simulated bets")),
                  _("Over {n} simulated bets of {bet} the gambler's average gain was {mean}; the exact expected "
                    "gain is {exact} (a loss).", n=number(n), bet=money(bet), mean=signed(mean),
                    exact=signed(float(exact)))),),
        summary=_("<p>Exact expected gain: {exact} per {bet} bet; the gambler loses {share} of the bet on average. "
                  "Simulated ({n} bets): {mean}.</p>", exact=signed(float(exact)), bet=money(bet),
                  share=percent(-float(exact) / bet), n=number(n), mean=signed(mean))
        + exact_details(-exact / bet, _("The loss per dollar bet as a fraction")),
    )


def convergence_lab(n: int = 1_000, bet: int = 5, *, seed: int = 0) -> Lab:
    """The convergence panel: choose the bet and how many bets to simulate; Run."""
    count = games_choice(DRAWS, n, label=_("Simulated bets"))
    stake = choice(_("Bet ($)"), [str(b) for b in BETS], str(bet))
    runs = [seed]

    def run(_progress: Progress) -> LabResult:
        runs[0] += 1
        return convergence_result(int(stake.value), count.value, seed=runs[0])

    return Lab([stake, count], run, charts=1, note=_("Choose the bet and how many to simulate, then press Run."))
