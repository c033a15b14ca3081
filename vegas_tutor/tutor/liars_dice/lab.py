"""The Liar's Dice strategy lab (lesson 02.08): one strategy against one, two or three copies of another, and
a bid's simulated chance closing in on its exact value.

Every game is played in full through the rules engine (rolls, bids, shows, challenges), five dice each, the
tested strategy going round the seats; the bots decide from their own observation. The quick strategies
play a thousand games in seconds, the bots fewer (:data:`GAME_LIMITS`), and the lab says so.

>>> tested, rivals = play_match("odds", "random", 20, seed=1)
>>> tested.games, round(tested.wins + rivals.wins)
(20, 20)
>>> set(tested.values.tolist()) | set(rivals.values.tolist()) <= set(range(6))
True
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _, _n, number
from vegas_tutor.liars_dice import Roll, new_game
from vegas_tutor.liars_dice.odds import bid_odds
from vegas_tutor.liars_dice.policies import POLICIES, choose
from vegas_tutor.liars_dice.track import STAR
from vegas_tutor.tutor.lab import (
    Lab,
    LabResult,
    Progress,
    Standing,
    Tally,
    convergence_figure,
    distribution_figure,
    games_choice,
    match_lab,
    percent,
    standings_table,
    win_rate_figure,
)
from vegas_tutor.tutor.liars_dice.coaching import policy_name
from vegas_tutor.tutor.notebook import exact_details

DICE = 5
LEVELS = ("easy", "medium", "hard")
"""The bots' levels (:data:`vegas_tutor.liars_dice.bots.LEVELS`, imported when a match is played)."""
STRATEGIES: tuple[str, ...] = (*POLICIES, *LEVELS)
GAME_LIMITS = {"random": 5_000, "odds": 1_000, "easy": 1_000, "medium": 200, "hard": 100}
"""The most games a match with this strategy plays (about ten seconds' worth on a small machine)."""
GAME_SIZES = (20, 100, 500, 1_000, 5_000)
TABLES = (2, 3, 4)
DRAWS = (100, 1_000, 10_000, 100_000)
HAND = (STAR, 3, 3, 5, 6)
"""The cup of the convergence example: a star, two threes, a five and a six."""
BID = (5, 3)
"""The bid of the convergence example: five threes, with five dice hidden."""


def limit(tested: str, rivals: str) -> int:
    """The most games a match of ``tested`` against ``rivals`` plays."""
    for strategy in (tested, rivals):
        if strategy not in STRATEGIES:
            raise ConfigError(_("unknown strategy {strategy!r}: choose one of {choices}", strategy=strategy,
                                choices=", ".join(STRATEGIES)))
    return min(GAME_LIMITS[tested], GAME_LIMITS[rivals])


def _play(seats: list[str], seed: int) -> tuple[tuple[int, ...], list[int]]:
    """One game, seat s played by ``seats[s]``: each seat's dice at the end and the winner (one)."""
    from vegas_tutor.liars_dice.bots import choose_action

    state = new_game(len(seats), dice=DICE, seed=seed)
    rng = make_rng(seed + 1)
    while not state.is_over:
        if state.is_chance:
            state.apply(Roll())
            continue
        seat = state.current_player
        assert seat is not None
        strategy = seats[seat]
        if strategy in POLICIES:
            state.apply(choose(strategy, state, rng))
        else:
            state.apply(choose_action(state, strategy, seed=int(rng.integers(1 << 31))))
    return state.dice_counts, list(state.winners)


def play_match(tested: str, rivals: str, games: int, *, players: int = 2, seed: int = 0,
               progress: Progress | None = None) -> tuple[Standing, Standing]:
    """``games`` games of one ``tested`` player against ``players - 1`` ``rivals``, the tested seat going round.

    Returns the tested strategy's standing and one rival's (the rival seats averaged); the values are the
    dice each held at the end (0 once out). More games than :func:`limit` are refused.
    """
    most = limit(tested, rivals)
    if players not in TABLES:
        raise ConfigError(_("the lab plays 2 to 4 players, not {players!r}", players=players))
    if not is_int(games) or not 1 <= games <= most:
        raise ConfigError(_("{tested} against {rivals} plays 1 to {most} games, not {games!r}",
                            tested=policy_name(tested), rivals=policy_name(rivals), most=number(most), games=games))
    tally = Tally(players)
    tally.one_by_one(tested, rivals, games, seed, _play, progress)
    label = _("each other {strategy}", strategy=policy_name(rivals)) if tested == rivals else policy_name(rivals)
    return tally.standings(policy_name(tested), label)


def match_result(tested: str, rivals: str, asked: int, *, players: int = 2, seed: int = 0,
                 progress: Progress | None = None) -> LabResult:
    """The two charts of a match (win rates, dice left) and its summary; more games than allowed are capped."""
    games = min(asked, limit(tested, rivals))
    me, them = play_match(tested, rivals, games, players=players, seed=seed, progress=progress)
    mine, theirs = policy_name(tested), policy_name(rivals)
    lead = _n("One {tested} player against one {rivals}, {games} games",
              "One {tested} player against {n} {rivals}, {games} games", players - 1,
              tested=mine, rivals=theirs, games=number(games))
    slow = policy_name(tested if GAME_LIMITS[tested] < GAME_LIMITS[rivals] else rivals)
    capped = "" if games == asked else _(" ({slow} is slower, so this run plays {games} games, not {asked})",
                                         slow=slow, games=number(games), asked=number(asked))
    return LabResult(
        figures=(
            (win_rate_figure([me, them], parity=1 / players, title=_("{lead}: who won?", lead=lead)),
             _("{sentence}. Each {rivals} player won {rate} on average; with {players} equal players each would "
               "win {fair}.", sentence=me.sentence(), rivals=theirs, rate=percent(them.rate), players=players,
               fair=percent(1 / players))),
            (distribution_figure([me, them], unit=_("dice left at the end (0: out of the game)"), step=1,
                                 tick=lambda d: number(d), average=lambda d: number(d, 2),
                                 title=_("Dice each player held at the end")),
             _("The {tested} player ended with {mine} dice on average, each {rivals} player with {theirs}; the "
               "winner is the only one left with dice.", tested=mine, rivals=theirs,
               mine=number(float(np.mean(me.values)), 2), theirs=number(float(np.mean(them.values)), 2))),
        ),
        summary="<p>" + _("{lead}{capped}, {dice} dice each.", lead=lead, capped=capped, dice=DICE) + "</p>"
        + standings_table([me, them], _("dice left"), lambda d: number(d, 2)),
    )


def strategy_lab(tested: str = "odds", rivals: str = "random", games: int = 1_000, *, players: int = 2,
                 seed: int = 0) -> Lab:
    """The match panel: the tested strategy, the rivals', the table size and the number of games; Run."""
    return match_lab(STRATEGIES, policy_name, match_result, tested=tested, rivals=rivals, games=games,
                     sizes=GAME_SIZES, tables=TABLES, players=players, seed=seed,
                     note=_("Choose, then press Run. Every game is played through the full rules. Random plays up "
                            "to {random} games, odds and easy {odds}, medium {medium} and hard {hard} (each about "
                            "ten seconds).", random=number(GAME_LIMITS["random"]), odds=number(GAME_LIMITS["odds"]),
                            medium=number(GAME_LIMITS["medium"]), hard=number(GAME_LIMITS["hard"])))


def exact_chance(hand: tuple[int, ...] = HAND, bid: tuple[int, int] = BID, hidden: int = DICE) -> Fraction:
    """The exact chance that ``bid`` (quantity, face) is true, seen from ``hand`` with ``hidden`` dice unseen."""
    return bid_odds(bid[0], bid[1], known=list(hand), unknown=hidden).at_least


def bid_samples(n: int, *, hand: tuple[int, ...] = HAND, bid: tuple[int, int] = BID, hidden: int = DICE,
                seed: int = 0) -> NDArray[np.int64]:
    """``n`` rolls of the ``hidden`` dice: 1 where ``bid`` is true with them, 0 where it is not.

    A star is wild for a number bid; a star bid counts stars only.
    """
    if n < 1:
        raise ConfigError(_("a simulation needs at least one roll, got {n}", n=n))
    quantity, face = bid
    counted = (STAR,) if face == STAR else (face, STAR)
    mine = sum(1 for d in hand if d in counted)
    dice = make_rng(seed).integers(1, 7, size=(n, hidden))
    matches = np.isin(dice, counted).sum(axis=1)
    return np.asarray(mine + matches >= quantity, dtype=np.int64)


def convergence_result(n: int, *, seed: int = 0) -> LabResult:
    """The chart of the example bid's simulated chance closing in on the exact one."""
    samples, exact = bid_samples(n, seed=seed), exact_chance()
    share = float(np.mean(samples))
    return LabResult(
        figures=((convergence_figure(samples, float(exact), title=_("Is five threes true? Simulation vs exact"),
                                     unit=_("share of rolls where the bid is true (%)"), scale=100,
                                     tick=lambda p: percent(p / 100, 1), draws=_("simulated rolls")),
                  _("In {n} simulated rolls the bid was true {share} of the time; the exact chance is {exact}.",
                    n=number(n), share=percent(share), exact=percent(float(exact)))),),
        summary=("<p>" + _("Exact: {exact}. Simulated ({n} rolls): {share}.", exact=percent(float(exact)),
                           n=number(n), share=percent(share)) + "</p>"
                 + exact_details(exact, _("The exact chance as a fraction"))),
    )


def convergence_lab(n: int = 1_000, *, seed: int = 0) -> Lab:
    """The convergence panel: choose how many rolls to simulate; Run."""
    count = games_choice(DRAWS, n, label=_("Simulated rolls"))
    runs = [seed]

    def run(_progress: Progress) -> LabResult:
        runs[0] += 1
        return convergence_result(count.value, seed=runs[0])

    return Lab([count], run, charts=1, note=_("Choose how many rolls to simulate, then press Run."))
