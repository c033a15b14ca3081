"""The Lords of Vegas coach: what each decision is worth, which one is best, and why, in plain words.

Each option is valued by what it leaves you if the board then stayed as it is until the end: the points
your bossed casinos will still score (each remaining draw uniform over the unseen cards; the Game End card
pays the Strip once more), and your money plus the dollars your dice and markers will still bring. Chance
the decision itself sets off is counted exactly: a reorganize by the stored exact odds of
:mod:`.reorg_table` (from :func:`.odds.settle_odds`), a bet by :func:`.odds.gamble_odds` (the boss assumed
to lay off when short, as the bots do), a tie re-roll by :func:`.odds.casino_tie_odds`. The coach's measure
is points plus money counted at the position's rate (``rate`` points per dollar: money is worth what it can
still build, and less as the end nears), minus the same for the average rival, so a casino taken from a
rival counts twice. This is the value the medium bot plays by; the coach never sees the deck's order.

>>> from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
>>> state = SCENARIOS["LOV-REORG"].steps[0].state
>>> r = review(state, "end turn")
>>> r.best, r.verdict
(Reorganize(lot='A2'), 'mistake')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.core.verdict import Verdict, judge
from vegas_tutor.i18n import _, money, number, percent
from vegas_tutor.lords_of_vegas import names, odds, rules
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
from vegas_tutor.lords_of_vegas.bots_compiled import RATE, RATE_FLOOR, RIVALS
from vegas_tutor.lords_of_vegas.casinos import Casino
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.names import colour, player
from vegas_tutor.lords_of_vegas.reorg_table import TABLE
from vegas_tutor.lords_of_vegas.rules import REMODEL_PER_TILE, Data

GOOD, MISTAKE = 0.5, 2.0
"""Verdict thresholds on the loss, in points: below 0.5 ``good``, from 2 ``mistake``, between ``inaccuracy``."""


@dataclass(frozen=True)
class Option:
    """One decision and what it leaves the player by the end, the board otherwise unchanged."""

    action: Action
    points: float
    """Your expected score at the end."""
    money: float
    """Your expected money at the end."""
    value: float
    """Points plus money at the rate, minus the average rival's: the coach's measure."""
    note: str
    """What the decision does, in words."""


@dataclass(frozen=True)
class Review:
    """The coach's judgement of one decision."""

    action: Action
    best: Action
    loss: float
    """Points (money counted at ``rate``) given up against ``best``, over the average rival; 0 for the best."""
    points_loss: float
    """Your expected points given up against ``best`` (negative: yours scores more but costs more)."""
    money_loss: float
    """Your expected money given up against ``best`` (negative: yours keeps more)."""
    rate: float
    """Points per dollar in this position."""
    alternatives: tuple[Option, ...]
    """Every legal decision, best first."""
    explanation: str
    """Why, in plain words (no rate)."""
    details: str = ""
    """How the coach counted, for a "details" toggle: the points to come and the rate money is counted at."""

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


def evaluate(state: State) -> tuple[Option, ...]:
    """Every legal decision of the player to act, valued, best first (equal values in legal order)."""
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


def review(state: State, action: Action | str) -> Review:
    """Judge ``action`` (a decision legal now) against the coach's best; the state is not changed."""
    if isinstance(action, str):
        action = parse_action(action)
    if isinstance(action, DrawCard | RollDice):
        raise InvalidActionError(_("{action}: chance decides that, there is nothing to review",
                                   action=names.describe(action)))
    if action not in state.legal_actions():
        state.copy().apply(action)  # raises the engine's own error, saying why
    options = evaluate(state)
    best = options[0]
    canonical = next(o.action for o in options if o.action == action)
    mine = next(o for o in options if o.action == canonical)
    loss = max(best.value - mine.value, 0.0) if mine is not best else 0.0
    r = rate(state.data())
    return Review(canonical, best.action, loss, best.points - mine.points, best.money - mine.money, r,
                  options, *_explain(state, mine, best, loss, r))  # fmt: skip


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


def _explain(state: State, mine: Option, best: Option, loss: float, r: float) -> tuple[str, str]:
    """Why, in plain words, and how it was counted (the rate stays in the details)."""
    details = _("How the coach counts: the points you would end with if the board stayed as it is, plus your money "
                "at {rate} points per $1 (money counts for less as fewer cards are left to draw), against the average "
                "rival.", rate=number(r, 2))
    if mine.action == best.action:
        fields = {"note": mine.note, "points": number(mine.points, 1), "money": money(round(mine.money))}
        if len(state.legal_actions()) == 1:
            return _("The only choice: {note}. If the board stays as it is you end with about {points} points and "
                     "{money}.", **fields), details
        return _("Good choice: {note}. If the board stays as it is you end with about {points} points and "
                 "{money}.", **fields), details
    if loss < GOOD:
        return _("About as good as the coach's choice ({note}): {loss} points apart.", note=best.note,
                 loss=number(loss, 1)), details
    return _("Better: {best}. Yours ({note}) is worth {loss} points less against the average rival.",
             best=best.note, note=mine.note, loss=number(loss, 1)), details
