"""The Las Vegas strategy lab (lesson 01.07): one strategy against three copies of another, and a simulated
bill closing in on its exact value.

Matches of the two simple policies (random, greedy) run on the compiled simulator, thousands of games a
second; a bot level (easy, medium, hard) plays through the rules engine one decision at a time, so its matches
are capped (:data:`GAME_LIMITS`) and the lab says so.

>>> tested, rivals = play_match("greedy", "random", 40, seed=1)
>>> tested.games, rivals.games, round(tested.wins + 3 * rivals.wins)
(40, 40, 40)
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from vegas_tutor import i18n
from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import N_, _, tr
from vegas_tutor.las_vegas import Roll, State, new_game
from vegas_tutor.las_vegas.odds import exact_round_bills
from vegas_tutor.las_vegas.policies import POLICIES, choose_face
from vegas_tutor.tutor.lab import (
    Lab,
    LabResult,
    Progress,
    Standing,
    Tally,
    convergence_figure,
    distribution_figure,
    games_choice,
    lineup,
    match_lab,
    percent,
    standings_table,
    win_rate_figure,
)
from vegas_tutor.tutor.las_vegas.projection import you_name

PLAYERS = 4
LEVELS = ("easy", "medium", "hard")
"""The bots' levels (:data:`vegas_tutor.las_vegas.bots.LEVELS`; the bots and the compiled simulator are
imported when a match is played, so the lesson page opens without them)."""
STRATEGIES: tuple[str, ...] = (*POLICIES, *LEVELS)
GAME_LIMITS = {"random": 20_000, "greedy": 20_000, "easy": 500, "medium": 500, "hard": 20}
"""The most games a match with this strategy plays (a bot level plays through the rules engine)."""
GAME_SIZES = (20, 100, 500, 2_000, 20_000)
ENDINGS = (100, 1_000, 10_000, 100_000)
STRATEGY_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "easy": N_("easy"), "medium": N_("medium"),
                  "hard": N_("hard")}
"""Each strategy's name as a learner reads it (translated where shown)."""


def strategy_name(strategy: str) -> str:
    """A strategy's name in the language in force: "greedy" / "codicioso"."""
    return tr(STRATEGY_NAMES[strategy])


def limit(tested: str, rivals: str) -> int:
    """The most games a match of ``tested`` against ``rivals`` plays."""
    for strategy in (tested, rivals):
        if strategy not in STRATEGIES:
            raise ConfigError(_("unknown strategy {strategy!r}: choose one of {choices}", strategy=strategy,
                                choices=", ".join(STRATEGIES)))
    return min(GAME_LIMITS[tested], GAME_LIMITS[rivals])


def _shares(money: NDArray[np.int64], bills: NDArray[np.int64]) -> NDArray[np.float64]:
    """Each seat's share of each game's victory: most money, then most bills; still tied, shared."""
    key = money * 1_000 + bills
    first = key == key.max(axis=1, keepdims=True)
    return np.asarray(first / first.sum(axis=1, keepdims=True), dtype=np.float64)


def _play(seats: list[str], seed: int) -> tuple[list[int], list[int]]:
    """One game in the rules engine, seat s played by ``seats[s]`` (the bots told so, as a table tells them):
    each seat's money and the winners."""
    from vegas_tutor.las_vegas.bots import choose_action

    state = new_game(len(seats), seed=seed)
    rng = make_rng(seed + 1)
    while not state.is_over:
        if state.phase != "place":
            state.apply(Roll())
            continue
        seat = state.current_player
        assert seat is not None
        strategy = seats[seat]
        if strategy in POLICIES:
            state.apply(choose_face(state, strategy, rng))  # type: ignore[arg-type]
        else:
            state.apply(choose_action(state, strategy, seed=int(rng.integers(1 << 31)), seats=seats))
    return [state.money(s) for s in range(len(seats))], state.winners


def play_match(tested: str, rivals: str, games: int, *, seed: int = 0,
               progress: Progress | None = None) -> tuple[Standing, Standing]:
    """``games`` games of one ``tested`` player against three ``rivals``, the tested seat going round the table.

    Returns the tested strategy's standing and one rival's (the three rival seats averaged: their wins / 3,
    all their final money). ``games`` above :func:`limit` is refused.
    """
    most = limit(tested, rivals)
    if not is_int(games) or not 1 <= games <= most:
        raise ConfigError(_("{tested} against {rivals} plays 1 to {most:,} games, not {games!r}",
                            tested=strategy_name(tested), rivals=strategy_name(rivals), most=most, games=games))
    from vegas_tutor.las_vegas.simulate import simulate_results

    tally = Tally(PLAYERS)
    if tested in POLICIES and rivals in POLICIES:
        for seat in range(PLAYERS):
            n = games // PLAYERS + (seat < games % PLAYERS)
            money, bills = simulate_results(n, players=PLAYERS, policy=lineup(tested, rivals, seat, PLAYERS),
                                            seed=seed * PLAYERS + seat)
            tally.batch(seat, money, _shares(money, bills))
            if progress is not None:
                progress(tally.games, games)
    else:
        tally.one_by_one(tested, rivals, games, seed, _play, progress)
    rival_label = _("each {strategy}", strategy=strategy_name(rivals)) if tested == rivals else strategy_name(rivals)
    return tally.standings(strategy_name(tested), rival_label)


def dollars(amount: float) -> str:
    """$340k, for a chart's ticks ("340.000 $" in Spanish)."""
    if i18n.language() == "es":
        return f"{i18n.number(round(amount, -3))}\u00a0$"
    return f"${amount / 1000:,.0f}k"


def match_result(tested: str, rivals: str, asked: int, *, seed: int = 0,
                 progress: Progress | None = None) -> LabResult:
    """The two charts of a match (win rates, final money) and its summary; more games than allowed are capped."""
    games = min(asked, limit(tested, rivals))
    me, them = play_match(tested, rivals, games, seed=seed, progress=progress)
    names = {"tested": strategy_name(tested), "rivals": strategy_name(rivals)}
    lead = _("One {tested} player against three {rivals} players, {games:,} games", games=games, **names)
    slow = tested if GAME_LIMITS[tested] < GAME_LIMITS[rivals] else rivals
    capped = "" if games == asked else " " + _("({strategy} decides through the full rules, so this run plays "
                                               "{games:,} games, not {asked:,})", strategy=strategy_name(slow),
                                               games=games, asked=asked)
    rival_sentence = (_("Each {rivals} player won {rate} on average", rate=percent(them.rate), **names)
                      if tested != rivals else _("Each other player won {rate} on average", rate=percent(them.rate)))
    return LabResult(
        figures=(
            (win_rate_figure([me, them], parity=1 / PLAYERS, title=_("{lead}: who finished first?", lead=lead)),
             _("{standing}. {rivals}; with four equal players each would win 25%.", standing=me.sentence(),
               rivals=rival_sentence)),
            (distribution_figure([me, them], unit=_("final money"), step=40_000, tick=dollars,
                                 title=_("Final money of each player")),
             _average_sentence(tested, rivals, dollars(float(np.mean(me.values))),
                               dollars(float(np.mean(them.values))))),
        ),
        summary=f"<p>{lead}{capped}.</p>" + standings_table([me, them], _("money"), dollars),
    )


def _average_sentence(tested: str, rivals: str, mine: str, theirs: str) -> str:
    names = {"tested": strategy_name(tested), "rivals": strategy_name(rivals), "mine": mine, "theirs": theirs}
    if rivals[:1] in "aeiou":
        return _("On average the {tested} player ended with {mine}, an {rivals} player with {theirs}.", **names)
    return _("On average the {tested} player ended with {mine}, a {rivals} player with {theirs}.", **names)


def strategy_lab(tested: str = "greedy", rivals: str = "random", games: int = 2_000, *, seed: int = 0) -> Lab:
    """The match panel: choose the tested strategy, the rivals' and the number of games; Run."""
    return match_lab(STRATEGIES, strategy_name, match_result, tested=tested, rivals=rivals, games=games,
                     sizes=GAME_SIZES, against=_("against three"), seed=seed,
                     note=_("Choose the strategies and the number of games, then press Run. The bot levels play "
                            "through the full rules, one decision at a time: easy and medium at most {medium:,} "
                            "games (about 10 s), hard at most {hard} (10 to 20 s).", medium=GAME_LIMITS["easy"],
                            hard=GAME_LIMITS["hard"]))


def lesson_position() -> State:
    """Lesson 01.05's position after you place the 5: Benno must roll; the rest of the round is to play."""
    position = State.position(
        2, names=[you_name(), "Benno"], turn=0, seed=1,
        casino_bills=[[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]],
        placed={1: [2, 1], 2: [1, 3], 3: [1, 2], 4: [2, 0]},
    )
    position.apply("roll 3 5")
    position.apply("place 5")
    return position


def exact_bill(state: State, seat: int = 0) -> Fraction:
    """``seat``'s exact expected money this round from ``state``, everyone placing at random (every ending
    counted, :func:`~vegas_tutor.las_vegas.odds.exact_round_bills`)."""
    return sum((casino[seat] for casino in exact_round_bills(state, "random")), Fraction(0))


def bill_samples(state: State, n: int, *, seat: int = 0, seed: int = 0) -> NDArray[np.int64]:
    """``n`` random endings of the round from ``state`` (everyone placing at random): ``seat``'s money this
    round in each, from the compiled simulator."""
    from vegas_tutor.las_vegas.simulate import rollouts

    return np.asarray(rollouts(state, n, policy="random", seed=seed)[:, :, seat].sum(axis=1), dtype=np.int64)


def convergence_result(n: int, *, seed: int = 0) -> LabResult:
    """The chart of your simulated bill closing in on the exact one, for lesson 01.05's position."""
    position = lesson_position()
    samples, exact = bill_samples(position, n, seed=seed), exact_bill(position)
    mean = float(np.mean(samples))
    return LabResult(
        figures=((convergence_figure(samples, float(exact), title=_("Your money this round: simulation vs exact"),
                                     unit=_("average money ($k)"), scale=1 / 1000, tick=_thousands_tick,
                                     draws=_("simulated endings")),
                  _("After {n:,} simulated endings the average is {average} ({dollars}); the exact value is {exact}.",
                    n=n, average=dollars(mean), dollars=i18n.money(mean), exact=i18n.money(float(exact)))),),
        summary="<p>" + _("Exact expected money: {exact}. Simulated ({n:,} endings): {mean}, off by {off}.",
                          exact=i18n.money(float(exact), 2), n=n, mean=i18n.money(mean, 2),
                          off=i18n.money(abs(mean - float(exact)), 2)) + "</p>",
    )


def convergence_lab(n: int = 1_000, *, seed: int = 0) -> Lab:
    """The convergence panel: choose how many endings to simulate; Run."""
    count = games_choice(ENDINGS, n, label=_("Simulated endings"))
    runs = [seed]

    def run(_progress: Progress) -> LabResult:
        runs[0] += 1
        return convergence_result(count.value, seed=runs[0])

    return Lab([count], run, charts=1, note=_("Choose how many endings to simulate, then press Run."))


def _thousands_tick(k: float) -> str:
    """A tick of thousands of dollars: "$77.50k" / "77,50 mil $"."""
    return _("${k}k", k=i18n.number(k, 2))
