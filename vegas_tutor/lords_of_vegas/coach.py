"""The Lords of Vegas coach: what each decision is worth, which one is best, and why, in plain words.

The coach judges on one scale, the chance of finishing 1st, by the search the hard level plays by
(:func:`.search.play_out`): its best options are each played out :data:`.bots.HARD_PLAYOUTS` times to your next
turn, every seat playing medium, with shared random numbers, and each playout ends on the chance of 1st place
that the standing reached gives (a curve fitted on medium self-play). The loss of a decision is the chance of
finishing 1st it gives up against the best option played out; under :data:`GOOD` (2 points of winning chance)
it is good, from :data:`MISTAKE` (6 points) a mistake. A decision that seems to give up :data:`RECHECK` (4 points)
or more is checked before its verdict: it and the best are played out as many times again (:func:`rechecked`).

The options played out are the ones hard plays out (:func:`.search.candidates`: medium's choice, its next best
ranked decisions and ending the turn), and the decision reviewed; equal chances keep that order, so the coach's
best is hard's choice on the same playouts. The reasons in the game's own unit come from a one-step count: what
each option leaves you if the board then stayed as it is until the end: the points your bossed casinos will still
score (each remaining draw uniform over the unseen cards; the Game End card pays the Strip once more), and your
money plus the dollars your dice and markers will still bring. Chance the decision itself sets off is counted
exactly there: a reorganize by the stored exact odds of :mod:`.reorg_table` (from :func:`.odds.settle_odds`), a
bet by :func:`.odds.gamble_odds` (the boss assumed to lay off when short, as the bots do), a tie re-roll by
:func:`.odds.casino_tie_odds`. That count (points plus money at the position's rate, over the average rival) is
the value the medium bot plays by. The coach never sees the deck's order.

>>> from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
>>> state = SCENARIOS["LOV-REORG"].steps[0].state
>>> r = review(state, "end turn")
>>> r.best, r.verdict
(Reorganize(lot='A2'), 'mistake')
>>> r.loss > MISTAKE, r.option(r.best).win_chance > r.option(EndTurn()).win_chance
(True, True)
"""

from __future__ import annotations

import math
import time
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.core.verdict import Verdict, judge
from vegas_tutor.i18n import _, money, number, percent
from vegas_tutor.lords_of_vegas import compiled, names, odds, rules, search
from vegas_tutor.lords_of_vegas.actions import (
    Action,
    Build,
    DrawCard,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    RollDice,
    Sprawl,
    parse_action,
)
from vegas_tutor.lords_of_vegas.board import LOTS, STRIP
from vegas_tutor.lords_of_vegas.bots import HARD_CANDIDATES, HARD_PLAYOUTS
from vegas_tutor.lords_of_vegas.bots_compiled import PARAMS, RATE, RATE_FLOOR, REORG_TABLE, RIVALS
from vegas_tutor.lords_of_vegas.casinos import Casino
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import colour, player
from vegas_tutor.lords_of_vegas.reorg_table import TABLE
from vegas_tutor.lords_of_vegas.rules import REMODEL_PER_TILE, Data

GOOD, MISTAKE = 0.02, 0.06
"""Verdict thresholds on the chance of finishing 1st given up: below 2 points ``good``, from 6 points
``mistake``, between them ``inaccuracy`` (as the other games' coaches)."""
COACH_LEAST = 16
"""Playouts per option the coach always plays, whatever the time."""
RECHECK = 0.04
"""A decision that gives up this much of the chance of finishing 1st or more against the best is played out
again before its verdict, it and the best, on as many fresh playouts (:func:`rechecked`): the best was picked
on the first playouts, which flatter it (on the 300 decisions of ``bench_coach_reference.py``, a quarter of the
mistakes called on 64 playouts were not mistakes by the deeper reference)."""
COACH_BUDGET = 0.5
"""Wall-clock seconds after which a board's coach stops playing out (once it has :data:`COACH_LEAST`); without
a budget the coach plays all :data:`.bots.HARD_PLAYOUTS`, so its judgement of a position never changes."""


@dataclass(frozen=True)
class Option:
    """One decision and what it leaves the player by the end, the board otherwise unchanged."""

    action: Action
    points: float
    """Your expected score at the end."""
    money: float
    """Your expected money at the end."""
    value: float
    """Points plus money at the rate, minus the average rival's: the one-step count."""
    note: str
    """What the decision does, in words."""
    win_chance: float | None = None
    """Your chance of finishing 1st after it, by the playouts; None for an option not played out (far
    behind the best by the one-step count)."""


@dataclass(frozen=True)
class Review:
    """The coach's judgement of one decision."""

    action: Action
    best: Action
    loss: float
    """The chance of finishing 1st given up against ``best`` (0 to 1); 0 for the best."""
    points_loss: float
    """Your expected points given up against ``best`` (negative: yours scores more but costs more)."""
    money_loss: float
    """Your expected money given up against ``best`` (negative: yours keeps more)."""
    rate: float
    """Points per dollar in this position."""
    alternatives: tuple[Option, ...]
    """Every legal decision, best first: those played out by their chance of finishing 1st, then the rest
    by the one-step count."""
    explanation: str
    """Why, in plain words (no rate)."""
    details: str = ""
    """How the coach counted, for a "details" toggle: the playouts, the points to come and the rate money is
    counted at."""
    playouts: int = 0
    """Playouts per option played out (fewer than :data:`.bots.HARD_PLAYOUTS` when the time ran out)."""
    checked: int = 0
    """Playouts added to yours and the best's when your decision, far behind, was checked (:func:`rechecked`)."""

    @property
    def verdict(self) -> Verdict:
        return judge(self.loss, good=GOOD, mistake=MISTAKE)

    def option(self, action: Action) -> Option:
        return next(o for o in self.alternatives if o.action == action)


# --- the value of a position -------------------------------------------------------------------------------


def draws_left(d: Data) -> int:
    return max(d.end_after - d.drawn, 0) if d.end_after >= 0 else 0


def rate(d: Data) -> float:
    """Points per dollar: :data:`.bots_compiled.RATE` scaled by the draws left, never below the floor."""
    return RATE * (draws_left(d) + 1) / 31 + RATE_FLOOR


def expected_pays(d: Data, casino: Casino) -> Fraction:
    """How many more times ``casino`` is expected to pay (exact, the board unchanged)."""
    if d.phase == "over":
        return Fraction(0)
    r = draws_left(d)
    unseen = len(d.unseen)
    if not unseen:
        return Fraction(1) if casino.strip else Fraction(0)
    colour = sum(1 for lot in d.unseen if LOTS[lot].card == casino.colour)
    pays = Fraction(r * colour, unseen)
    if casino.strip:
        pays += Fraction(r * sum(1 for lot in d.unseen if LOTS[lot].card == STRIP), unseen) + 1
    return pays


def holdings(d: Data) -> tuple[list[Fraction], list[Fraction]]:
    """Each seat's expected (points, money) at the end if the board stays as it is."""
    points = [Fraction(x) for x in d.score]
    money = [Fraction(x) for x in d.money]
    if d.phase == "over":
        return points, money
    for owner in d.marker.values():
        money[owner] += draws_left(d) + 1
    for casino in rules.casinos(d):
        _add(d, casino, points, money, {casino.boss: Fraction(1)} if casino.boss is not None else {}, None)
    return points, money


def _add(d: Data, casino: Casino, points: list[Fraction], money: list[Fraction], boss: dict[int, Fraction],
         pips: dict[int, Fraction] | None, sign: int = 1) -> None:  # fmt: skip
    """Add (``sign`` -1: take away) a casino's expected points and dollars, for given boss chances and
    expected pips per owner (None: its dice as they are)."""
    pays = expected_pays(d, casino)
    for seat, p in boss.items():
        points[seat] += sign * p * casino.size * pays
    if pips is None:
        pips = {}
        for _, owner, value in casino.dice:
            pips[owner] = pips.get(owner, Fraction(0)) + value
    for seat, pip in pips.items():
        money[seat] += sign * pip * pays


def value(d: Data, points: list[Fraction], money: list[Fraction], seat: int) -> float:
    """The coach's measure for ``seat``: points plus money at the rate, minus the average rival's."""
    r = Fraction(rate(d))
    worth = [p + r * m for p, m in zip(points, money, strict=True)]
    rivals = (sum(worth) - worth[seat]) / (d.players - 1)
    return float(worth[seat] - Fraction(RIVALS) * rivals)


# --- the value of a decision -----------------------------------------------------------------------------


def reorganize_chances(casino: Casino) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Each owner's chance to be boss and expected pips after reorganizing ``casino``: the stored exact odds
    (:mod:`.reorg_table`, from :func:`.odds.settle_odds`), looked up by how many dice each owner has."""
    counts: dict[int, int] = {}
    for _lot, owner, _value in casino.dice:
        counts[owner] = counts.get(owner, 0) + 1
    owners = sorted(counts, key=lambda o: (-counts[o], o))
    boss, pips = TABLE[tuple(counts[o] for o in owners)]
    return ({o: Fraction(boss[k]) for k, o in enumerate(owners)},
            {o: Fraction(pips[k]) for k, o in enumerate(owners)})  # fmt: skip


def outcome(state: State, action: Action, base: tuple[list[Fraction], list[Fraction]] | None = None
            ) -> tuple[list[Fraction], list[Fraction]]:  # fmt: skip
    """Each seat's expected (points, money) at the end after ``action`` (legal now), the board otherwise
    unchanged; the chance the action sets off is counted exactly. ``base``: :func:`holdings` of the
    position now, if already known."""
    d = state.data()
    seat = rules.current_player(d)
    assert seat is not None

    def now() -> tuple[list[Fraction], list[Fraction]]:
        points, money = base if base is not None else holdings(d)
        return list(points), list(money)

    if isinstance(action, Reorganize):
        points, money = now()
        casino = rules.casino_at(d, action.lot)
        assert casino is not None
        boss, pips = reorganize_chances(casino)
        _add(d, casino, points, money, {casino.boss: Fraction(1)} if casino.boss is not None else {}, None, -1)
        _add(d, casino, points, money, boss, pips)
        money[seat] -= casino.pips
        return points, money
    if isinstance(action, Gamble | LayOff):
        if isinstance(action, Gamble):
            casino = rules.casino_at(d, action.lot)
            assert casino is not None and casino.boss is not None
            bet, boss_seat, gambler = action.bet, casino.boss, seat
            half = d.money[boss_seat] < 2 * bet
        else:
            assert d.bet is not None
            _, bet, boss_seat, _ = d.bet
            gambler, half = d.turn, action.half
        g = odds.gamble_odds(bet, lay_off=half, boss_money=d.money[boss_seat])
        points, money = now()
        money[gambler] += g.gambler_ev
        money[boss_seat] += g.boss_ev
        return points, money
    work = d.copy()
    if isinstance(action, MoveDie):
        rules.move_die(work, action.lot)
    elif isinstance(action, PlaceDie):
        rules.place_die(work, action.lot)
    else:
        rules.play(work, action)
    points, money = holdings(work)
    if work.phase == "tie_roll":
        casino = next(c for c in rules.casinos(work) if c.tied_top())
        tie = odds.casino_tie_odds(casino)
        _add(work, casino, points, money, {}, None, -1)
        _add(work, casino, points, money, tie.boss, tie.pips)
    return points, money


def one_step(state: State) -> tuple[Option, ...]:
    """Every legal decision of the player to act, valued by the one-step count, best first (equal values in
    legal order); none played out."""
    d = state.data()
    seat = rules.current_player(d)
    if state.is_chance or seat is None:
        raise InvalidActionError(_("nothing to decide now ({phase}): the coach reviews decisions only",
                                   phase=state.phase))
    options = []
    base = holdings(d)
    for action in state.legal_actions():
        points, money = outcome(state, action, base)
        options.append(Option(action, float(points[seat]), float(money[seat]), value(d, points, money, seat),
                              describe(state, action)))  # fmt: skip
    order = sorted(range(len(options)), key=lambda i: (-round(options[i].value, 9), i))
    return tuple(options[i] for i in order)


def position_seed(s: compiled.Ints) -> int:
    """The first seed of the playouts that judge position ``s`` (its array, what every player sees): the same
    position always gets the same judgement, and the positions of a game unrelated playouts (with one seed for
    all, every judgement of a game drew the same cards and dice, and shared its errors)."""
    return zlib.crc32(s.tobytes()) % 2**31


def _to_play_out(state: State, s: compiled.Ints, rows: compiled.Ints, also: Action | None) -> list[Action]:
    """The options hard plays out (:func:`.search.candidates`, in its order: no bet), then ``also``."""
    legal = state.legal_actions()
    idx = np.empty(HARD_CANDIDATES + 1, np.int64)
    m = search.candidates(s, rows, len(legal), position_seed(s), HARD_CANDIDATES, PARAMS, REORG_TABLE, idx)
    chosen = [legal[int(i)] for i in idx[:m]]
    if also is not None and also not in chosen:
        chosen.append(also)
    return chosen


def evaluate(state: State, also: Action | None = None, *, budget: float = math.inf) -> tuple[Option, ...]:
    """Every legal decision of the player to act, best first: the options of :func:`_to_play_out` (``also``
    among them) with their chance of finishing 1st, by it; then the others by the one-step count. The
    playouts stop after ``budget`` seconds of wall time once each option has :data:`COACH_LEAST`."""
    return _judged(state, also, budget)[0]


def _best_first(options: Iterable[Option], order: Sequence[Action]) -> list[Option]:
    """Options played out, by their chance of finishing 1st (never a bet first, though a small one may come out
    as well in the playouts: the turn goes on after it); equal chances keep ``order`` (hard's, medium's choice
    first)."""
    at = {a: i for i, a in enumerate(order)}
    return sorted(options, key=lambda o: (isinstance(o.action, Gamble), -round(o.win_chance or 0.0, 9), at[o.action]))


def _judged(state: State, also: Action | None, budget: float) -> tuple[tuple[Option, ...], int]:
    """:func:`evaluate`'s options and the playouts per option they were judged on."""
    began = time.monotonic()
    ranked = one_step(state)
    legal = state.legal_actions()
    s = compiled.encode(state.data())
    rows = np.zeros((compiled.MAX_ACTIONS, 4), np.int64)
    compiled.legal(s, rows)
    chosen = _to_play_out(state, s, rows, also)
    result, done = search.play_out(s, rows[[legal.index(a) for a in chosen]].copy(), HARD_PLAYOUTS, position_seed(s),
                                   deadline=began + budget, least=COACH_LEAST)
    chance = dict(zip(chosen, result[:, :done].mean(axis=1).tolist(), strict=True))
    played = _best_first((replace(o, win_chance=chance[o.action]) for o in ranked if o.action in chance), chosen)
    return (*played, *(o for o in ranked if o.action not in chance)), done


def rechecked(state: State, options: tuple[Option, ...], action: Action, *, done: int = HARD_PLAYOUTS,
              deadline: float = math.inf) -> tuple[tuple[Option, ...], int]:
    """``options`` (as :func:`evaluate` gives them, judged on ``done`` playouts each) after the check of
    ``action``: when it gives up :data:`RECHECK` or more against the best, it and the best are played out on the
    next ``done`` seeds too (common to both; fewer once the wall clock passes ``deadline``) and their chances become
    the means over all their playouts. The best stays first (the hint's choice and hard's), the others after it
    by their chances again. Also returns the playouts added (0: no check)."""
    best = options[0]
    mine = next(o for o in options if o.action == action)
    if mine is best or mine.win_chance is None or best.win_chance is None or \
            best.win_chance - mine.win_chance < RECHECK:
        return options, 0
    legal = state.legal_actions()
    s = compiled.encode(state.data())
    rows = np.zeros((compiled.MAX_ACTIONS, 4), np.int64)
    compiled.legal(s, rows)
    pair = rows[[legal.index(best.action), legal.index(action)]].copy()
    result, more = search.play_out(s, pair, done, position_seed(s), deadline=deadline, first=done)
    chance = {o.action: (c * done + float(result[k, :more].sum())) / (done + more)
              for k, (o, c) in enumerate(((best, best.win_chance), (mine, mine.win_chance)))}
    after = [replace(o, win_chance=chance[o.action]) if o.action in chance else o for o in options]
    played = _best_first((o for o in after[1:] if o.win_chance is not None), [o.action for o in options])
    return (after[0], *played, *(o for o in after if o.win_chance is None)), more


def review(state: State, action: Action | str, *, budget: float = math.inf) -> Review:
    """Judge ``action`` (a decision legal now) against the coach's best, checked again when it seems to give up
    :data:`RECHECK` or more (:func:`rechecked`); the state is not changed. ``budget``: wall-clock seconds for the
    playouts (a board's coach passes :data:`COACH_BUDGET`)."""
    if isinstance(action, str):
        action = parse_action(action)
    if isinstance(action, DrawCard | RollDice):
        raise InvalidActionError(_("{action}: chance decides that, there is nothing to review",
                                   action=names.describe(action)))
    if action not in state.legal_actions():
        state.copy().apply(action)  # raises the engine's own error, saying why
    canonical = next(a for a in state.legal_actions() if a == action)
    began = time.monotonic()
    options, done = _judged(state, canonical, budget)
    options, more = rechecked(state, options, canonical, done=done, deadline=began + budget)
    best = options[0]
    mine = next(o for o in options if o.action == canonical)
    assert best.win_chance is not None and mine.win_chance is not None
    loss = max(best.win_chance - mine.win_chance, 0.0) if mine is not best else 0.0
    r = rate(state.data())
    return Review(canonical, best.action, loss, best.points - mine.points, best.money - mine.money, r,
                  options, *_explain(state, mine, best, loss, r, done, more), playouts=done, checked=more)  # fmt: skip


# --- words -------------------------------------------------------------------------------------------------


def _casino_words(casino: Casino, seat: int) -> str:
    fields = {"n": casino.size, "colour": colour(casino.colour), "lot": casino.key}
    if casino.boss == seat:
        return _("the {n}-tile {colour} casino at {lot} (you are boss)", **fields)
    if casino.boss is None:
        return _("the {n}-tile {colour} casino at {lot} (no boss yet)", **fields)
    return _("the {n}-tile {colour} casino at {lot} ({name} is boss)", name=player(casino.boss), **fields)


def describe(state: State, action: Action) -> str:
    """What a decision does, in the lessons' words."""
    d = state.data()
    seat = rules.current_player(d)
    assert seat is not None
    if isinstance(action, Build | Sprawl):
        work = d.copy()
        rules.play(work, action)
        casino = rules.casino_at(work, action.lot)
        assert casino is not None
        cost = money(LOTS[action.lot].cost * (1 if isinstance(action, Build) else 2))
        if isinstance(action, Build):
            return _("build {lot} for {cost}: {casino}", lot=action.lot, cost=cost, casino=_casino_words(casino, seat))
        return _("sprawl into {lot} for {cost}: {casino}", lot=action.lot, cost=cost,
                 casino=_casino_words(casino, seat))
    if isinstance(action, Remodel):
        casino = rules.casino_at(d, action.lot)
        assert casino is not None
        work = d.copy()
        rules.play(work, action)
        after = rules.casino_at(work, action.lot)
        assert after is not None
        return _("remodel to {colour} for {cost}: {casino}", colour=colour(action.colour),
                 cost=money(REMODEL_PER_TILE * casino.size), casino=_casino_words(after, seat))
    if isinstance(action, Reorganize):
        r = odds.reorganize_odds(state, action.lot)
        casino = rules.casino_at(d, action.lot)
        assert casino is not None
        fields = {"lot": casino.key, "cost": money(r.cost), "pips": casino.pips,
                  "chance": percent(float(r.boss.get(seat, 0)))}
        if casino.boss == seat:
            return _("reorganize {lot} for {cost} ({pips} pips): {chance} chance to be boss (you are boss now)",
                     **fields)
        return _("reorganize {lot} for {cost} ({pips} pips): {chance} chance to be boss (you are not boss now)",
                 **fields)
    if isinstance(action, Gamble):
        casino = rules.casino_at(d, action.lot)
        assert casino is not None and casino.boss is not None
        g = odds.gamble_odds(action.bet, lay_off=d.money[casino.boss] < 2 * action.bet,
                             boss_money=d.money[casino.boss])  # fmt: skip
        return _("bet {bet} at {name}'s casino: {chance} to win, {ev} on average", bet=money(action.bet),
                 name=player(casino.boss), chance=percent(float(g.win_chance)),
                 ev=money(g.gambler_ev, 2, signed=True))
    if isinstance(action, LayOff):
        assert d.bet is not None
        g = odds.gamble_odds(d.bet[1], lay_off=action.half, boss_money=d.money[seat])
        if action.half:
            return _("lay off half the bet: {ev} to you on average, at worst {worst}",
                     ev=money(g.boss_ev, 2, signed=True), worst=money(min(g.boss), 2, signed=True))
        return _("take the whole bet: {ev} to you on average, at worst {worst}",
                 ev=money(g.boss_ev, 2, signed=True), worst=money(min(g.boss), 2, signed=True))
    if isinstance(action, MoveDie):
        return _("move your {value} from {lot} to {card}", value=d.die_value[action.lot], lot=action.lot,
                 card=d.card)
    if isinstance(action, PlaceDie):
        value = d.placing[0][1][0]
        if action.lot not in d.unseen:
            return _("put your {value} on {lot} (its card is drawn, so no one can take it)", value=value,
                     lot=action.lot)
        return _("put your {value} on {lot} (its card is still in the deck: whoever draws it takes the die)",
                 value=value, lot=action.lot)
    assert isinstance(action, EndTurn)
    return _("end your turn, keeping {money} for later", money=money(d.money[seat]))


def _why(mine: Option, best: Option) -> str:
    """One sentence of why ``best`` beats ``mine``, from the one-step count's points and money at the end."""
    points, dollars = best.points - mine.points, best.money - mine.money
    fields = {"points": number(abs(points), 1), "money": money(round(abs(dollars)))}
    if points >= 0.5 and dollars >= -0.5:
        return _("It ends with about {points} more points for you, and no less money.", **fields)
    if points >= 0.5:
        return _("It costs {money} more, but ends with about {points} more points for you.", **fields)
    if points <= -0.5 and dollars >= 0.5:
        return _("Yours ends with about {points} more points, but the {money} it costs is worth more kept for the "
                 "casinos the next cards make possible.", **fields)
    if dollars >= 0.5:
        return _("It keeps {money} more of your money for the cards to come.", **fields)
    return _("Played out to your next turn, yours leaves your rivals better placed.")


def _explain(state: State, mine: Option, best: Option, loss: float, r: float, done: int,
             more: int = 0) -> tuple[str, str]:
    """Why, in plain words, and how it was counted (the playouts and the rate stay in the details)."""
    details = _("How the coach counts: the choices it lists first were each played out {n} times to your next turn, "
                "every player playing as the medium bot does, each playout scored by the chance of finishing 1st that "
                "the standing it reached gives (a curve fitted on 3,000 bot games). The points and money are what you "
                "would end with if the board stayed as it is; they pick which choices to play out, money counted at "
                "{rate} points per $1 (less as fewer cards are left to draw).", n=number(done), rate=number(r, 2))
    if more:
        details += " " + _("Your choice and the coach's were then played out {n} more times each, to check the "
                           "verdict.", n=number(more))
    assert mine.win_chance is not None and best.win_chance is not None
    if mine.action == best.action:
        fields = {"note": mine.note, "chance": percent(mine.win_chance), "points": number(mine.points, 1),
                  "money": money(round(mine.money))}
        if len(state.legal_actions()) == 1:
            return _("The only choice: {note}. You have about {chance} to finish 1st; if the board stays as it is you "
                     "end with about {points} points and {money}.", **fields), details
        return _("Good choice: {note}. It leaves you about {chance} to finish 1st, the best of the choices played "
                 "out; if the board stays as it is you end with about {points} points and {money}.", **fields), details
    if loss < GOOD:
        return _("About as good as the coach's choice ({note}): {loss} points of winning chance apart.", note=best.note,
                 loss=number(100 * loss, 1)), details
    return _("Better: {best}. {why} Yours ({note}) leaves you about {mine} to finish 1st, the coach's choice {chance}.",
             best=best.note, why=_why(mine, best), note=mine.note, mine=percent(mine.win_chance),
             chance=percent(best.win_chance)), details
