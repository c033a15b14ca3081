"""Exact odds for Lords of Vegas (``fractions.Fraction`` throughout): gambles, reorganizes, the next card.

Every figure is computed from the public position (the game has no hidden information apart from the
deck's order, which is treated as uniformly random among the unseen cards).

* :func:`gamble_odds`: the distribution of a bet's result for the gambler, the boss and the bank, with or
  without the lay-off. Without it, the gambler's expected result is -2/36 of the bet (the house edge).
* :func:`reorganize_odds`: the chance that each player ends up boss of a reorganized casino, tie re-rolls
  included, and each owner's expected change in pips. Where owners put their re-rolled dice changes
  neither (the boss and the pips depend only on the values rolled), so no assumption about their
  placement is needed; placement only matters for later draws of the tiles' cards.
* :func:`next_card_odds`: the chance that the next card is each colour, a Strip card or the Game End card.
* :func:`next_draw_odds`: each player's expected money and points from the next card's payout.

>>> g = gamble_odds(6)
>>> g.gambler_ev, g.gambler_ev / 6
(Fraction(-1, 3), Fraction(-1, 18))
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import gcd, lcm

from vegas_tutor.core.dice import roll_outcomes
from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.lords_of_vegas import rules
from vegas_tutor.lords_of_vegas.actions import DrawCard
from vegas_tutor.lords_of_vegas.board import COLOURS, GAME_END, LOTS, STRIP
from vegas_tutor.lords_of_vegas.casinos import Casino
from vegas_tutor.lords_of_vegas.engine import State

ZERO = Fraction(0)


def _two_dice_totals() -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            out[a + b] = out.get(a + b, ZERO) + Fraction(1, 36)
    return out


TWO_DICE = _two_dice_totals()
"""The 2d6 total's exact distribution."""


def _mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((x * p for x, p in dist.items()), ZERO)


# --- gamble ---


@dataclass(frozen=True)
class GambleOdds:
    """A bet's outcome: each side's gain (negative: loss) with its probability, and the expectations."""

    bet: int
    lay_off: bool
    gambler: dict[int, Fraction]
    boss: dict[int, Fraction]
    bank: dict[int, Fraction]
    win_chance: Fraction

    @property
    def gambler_ev(self) -> Fraction:
        return _mean(self.gambler)

    @property
    def boss_ev(self) -> Fraction:
        return _mean(self.boss)

    @property
    def bank_ev(self) -> Fraction:
        return _mean(self.bank)


def gamble_odds(bet: int, *, lay_off: bool = False, boss_money: int | None = None) -> GambleOdds:
    """The exact result of betting ``bet`` dollars; ``boss_money`` caps what the boss pays (None: no cap)."""
    if isinstance(bet, bool) or not isinstance(bet, int) or bet < 1:
        raise ValueError(f"a bet is a whole number of dollars >= 1, got {bet!r}")
    if boss_money is not None and (not isinstance(boss_money, int) or boss_money < 0):
        raise ValueError(f"the boss's money must be a whole number >= 0, got {boss_money!r}")
    cap = boss_money if boss_money is not None else 2 * bet
    gambler: dict[int, Fraction] = {}
    boss: dict[int, Fraction] = {}
    bank: dict[int, Fraction] = {}
    win = ZERO
    for total, p in TWO_DICE.items():
        g, b = rules.bet_result(total, bet, lay_off, cap)
        gambler[g] = gambler.get(g, ZERO) + p
        boss[b] = boss.get(b, ZERO) + p
        bank[-g - b] = bank.get(-g - b, ZERO) + p
        win += p if g > 0 else 0
    return GambleOdds(bet, lay_off, dict(sorted(gambler.items())), dict(sorted(boss.items())),
                      dict(sorted(bank.items())), win)  # fmt: skip


def gamble_odds_at(state: State, lot: str, bet: int, *, lay_off: bool = False) -> GambleOdds:
    """:func:`gamble_odds` for a bet at the casino on ``lot`` (the boss's money caps the payout)."""
    casino = state.casino_at(lot)
    if casino is None or casino.boss is None:
        raise IllegalActionError(f"there is no bossed casino on {lot}")
    return gamble_odds(bet, lay_off=lay_off, boss_money=state.money(casino.boss))


# --- ties and reorganize ---

Die = tuple[int, int]
"""(owner, value)"""
_Key = tuple[tuple[Die, ...], tuple[int, ...]]
"""A tie-resolution state: the dice keeping their values, and the owners of the dice about to be rolled."""


@dataclass(frozen=True)
class TieResult:
    """How a casino's dice settle after a roll of some of them, tie re-rolls included."""

    boss: dict[int, Fraction]
    """Each owner's chance to end as the boss."""
    pips: dict[int, Fraction]
    """Each owner's expected total pips in the casino afterwards."""


@cache
def _rolls(owners: tuple[int, ...]) -> tuple[tuple[tuple[Die, ...], int], ...]:
    """Every result of rolling one die per entry of ``owners`` (each owner's dice as a sorted multiset),
    with its number of ways out of the 6**len(owners) ordered rolls."""
    parts = []
    for o in sorted(set(owners)):
        n = owners.count(o)
        parts.append(
            [
                (tuple((o, face) for face in range(1, 7) for _ in range(counts[face - 1])), int(p * 6**n))
                for counts, p in roll_outcomes(n)
            ]
        )
    out = []
    for combo in product(*parts):
        ways = 1
        dice: tuple[Die, ...] = ()
        for faces, w in combo:
            dice += faces
            ways *= w
        out.append((dice, ways))
    return tuple(out)


@cache
def _step(key: _Key, seats: tuple[int, ...]) -> tuple[dict[_Key, Fraction], tuple[Fraction, ...]]:
    """One roll from ``key``: the transient states it leads to, and the absorbed value vector.

    The vector holds, for each seat, P(boss) then E[pips] contributions of the rolls that settle at once.
    Counting is done in whole numbers of ordered rolls, divided by their total at the end.
    """
    kept, rolling = key
    where = {seat: i for i, seat in enumerate(seats)}
    moves: dict[_Key, int] = {}
    counts = [0] * (2 * len(seats))
    for rolled, ways in _rolls(rolling):
        dice = kept + rolled
        top = max(v for _, v in dice)
        at_top = [o for o, v in dice if v == top]
        first = at_top[0]
        if all(o == first for o in at_top):
            counts[where[first]] += ways
            for o, v in dice:
                counts[len(seats) + where[o]] += ways * v
        else:
            nxt = (tuple(sorted(d for d in dice if d[1] != top)), tuple(sorted(at_top)))
            moves[nxt] = moves.get(nxt, 0) + ways
    total = 6 ** len(rolling)
    return {k: Fraction(w, total) for k, w in moves.items()}, tuple(Fraction(c, total) for c in counts)


def _solve(start: _Key, seats: tuple[int, ...]) -> tuple[Fraction, ...]:
    """The value vector of ``start``: an absorbing Markov chain solved exactly, one strongly connected
    component at a time (Tarjan's order: every component after those it leads to)."""
    preds: dict[_Key, set[_Key]] = {start: set()}
    frontier = [start]
    while frontier:  # the whole reachable graph first, to know which states other components read
        node = frontier.pop()
        for nxt in _step(node, seats)[0]:
            if nxt not in preds:
                preds[nxt] = set()
                frontier.append(nxt)
            preds[nxt].add(node)
    values: dict[_Key, tuple[Fraction, ...]] = {}
    index: dict[_Key, int] = {}
    low: dict[_Key, int] = {}
    stack: list[_Key] = []
    on_stack: set[_Key] = set()
    work: list[tuple[_Key, list[_Key], int]] = []  # iterative Tarjan: (node, successors, next one)

    def push(node: _Key) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        work.append((node, list(_step(node, seats)[0]), 0))

    push(start)
    while work:
        node, succ, i = work[-1]
        if i < len(succ):
            work[-1] = (node, succ, i + 1)
            nxt = succ[i]
            if nxt not in index:
                push(nxt)
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
            continue
        work.pop()
        if work:
            parent = work[-1][0]
            low[parent] = min(low[parent], low[node])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            inside = set(component)
            needed = {k for k in component if k == start or not preds[k] <= inside}
            _solve_component(component, seats, values, needed)
    return values[start]


def _integer_row(fractions: dict[int, Fraction]) -> dict[int, int]:
    """An equation with fraction coefficients, scaled to coprime whole numbers (zeros dropped)."""
    scale = lcm(*(x.denominator for x in fractions.values()))
    row = {j: x.numerator * (scale // x.denominator) for j, x in fractions.items() if x}
    divisor = gcd(*row.values())
    return {j: x // divisor for j, x in row.items()} if divisor > 1 else row


def _solve_component(
    component: list[_Key],
    seats: tuple[int, ...],
    values: dict[_Key, tuple[Fraction, ...]],
    needed: set[_Key],
) -> None:
    """Solve (I - P_CC) V_C = b_C + P_C,out V_out exactly by sparse, fraction-free elimination.

    Each equation is a row of whole numbers (the right-hand sides in columns -1, -2, ...), scaled freely
    and kept small by dividing out its gcd. Only the ``needed`` values (read by other components) are
    formed: the other states are eliminated first (forward elimination), then the needed ones solved.
    Pivots are diagonal entries (the matrix is a nonsingular M-matrix: the chain leaves every component
    with probability 1), the next one chosen to keep the fill small (Markowitz's rule).
    """
    n = len(component)
    width = 2 * len(seats)
    where = {key: i for i, key in enumerate(component)}
    rows: list[dict[int, int]] = []
    for i, key in enumerate(component):
        moves, vec = _step(key, seats)
        equation: dict[int, Fraction] = {i: Fraction(1)}
        known = list(vec)
        for nxt, p in moves.items():
            if nxt in where:
                equation[where[nxt]] = equation.get(where[nxt], ZERO) - p
            else:
                known = [r + p * v for r, v in zip(known, values[nxt], strict=True)]
        equation.update({-1 - k: known[k] for k in range(width)})
        rows.append(_integer_row(equation))
    in_column: dict[int, set[int]] = {j: set() for j in range(n)}
    for i, row in enumerate(rows):
        for j in row:
            if j >= 0:
                in_column[j].add(i)
    keep = {where[key] for key in needed}
    active = set(range(n))
    for last_phase in (False, True):
        pool = keep if last_phase else set(range(n)) - keep
        heap = [(len(rows[c]) * len(in_column[c]), c) for c in pool]
        heapq.heapify(heap)
        while heap:
            cost, col = heapq.heappop(heap)
            now = len(rows[col]) * len(in_column[col])
            if now != cost:  # its fill changed since it was queued: queue it again (lazy Markowitz)
                heapq.heappush(heap, (now, col))
                continue
            active.discard(col)
            pivot = rows[col]
            lead = pivot[col]
            targets = active | keep if last_phase else active
            for i in [i for i in in_column[col] if i != col and i in targets]:
                row = rows[i]
                factor = row[col]
                for j in row:
                    row[j] *= lead
                for j, x in pivot.items():
                    value = row.get(j, 0) - factor * x
                    if value:
                        if j not in row and j >= 0:
                            in_column[j].add(i)
                        row[j] = value
                    elif j in row:
                        del row[j]
                        if j >= 0:
                            in_column[j].discard(i)
                divisor = gcd(*row.values())
                if divisor > 1:
                    rows[i] = {j: x // divisor for j, x in row.items()}
    for i in keep:
        row = rows[i]
        values[component[i]] = tuple(Fraction(row.get(-1 - k, 0), row[i]) for k in range(width))


def settle_odds(kept: Iterable[Die], rolling: Iterable[int]) -> TieResult:
    """Roll one die for each owner in ``rolling`` beside the ``kept`` (owner, value) dice, then re-roll the
    tied highest dice (of two or more players) until one player holds the highest die.

    >>> settle_odds([], [0, 1]).boss
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    result = _settle(tuple(sorted(kept)), tuple(sorted(rolling)))  # cached: hand out copies
    return TieResult(dict(result.boss), dict(result.pips))


@cache
def _settle(kept_t: tuple[Die, ...], rolling_t: tuple[int, ...]) -> TieResult:
    seats = tuple(sorted({o for o, _ in kept_t} | set(rolling_t)))
    if not seats:
        raise ValueError("a casino without dice has no boss")
    if not rolling_t:
        top = max(v for _, v in kept_t)
        owners = {o for o, v in kept_t if v == top}
        if len(owners) > 1:
            raise ValueError("kept dice tie for the top: name the tied dice as rolling")
        boss = {s: Fraction(s in owners) for s in seats}
        return TieResult(boss, {s: Fraction(sum(v for o, v in kept_t if o == s)) for s in seats})
    vec = _solve((kept_t, rolling_t), seats)
    n = len(seats)
    return TieResult({s: vec[i] for i, s in enumerate(seats)}, {s: vec[n + i] for i, s in enumerate(seats)})


def casino_tie_odds(casino: Casino) -> TieResult:
    """How a casino whose top dice are tied (between players) settles after its tie re-rolls."""
    tied = set(casino.tied_top())
    return settle_odds(
        [(o, v) for lot, o, v in casino.dice if lot not in tied],
        [o for lot, o, _ in casino.dice if lot in tied],
    )


@dataclass(frozen=True)
class ReorganizeOdds:
    """A reorganize of one casino: its cost, who ends up boss, and each owner's expected pips."""

    casino: str
    cost: int
    boss: dict[int, Fraction]
    pips_before: dict[int, int]
    pips_after: dict[int, Fraction]

    @property
    def pip_change(self) -> dict[int, Fraction]:
        return {o: self.pips_after[o] - self.pips_before[o] for o in self.pips_after}


def reorganize_odds(state: State, lot: str) -> ReorganizeOdds:
    """Exact odds of reorganizing the casino on ``lot`` (every die re-rolled, then tie re-rolls)."""
    casino = state.casino_at(lot)
    if casino is None or not casino.dice:
        raise IllegalActionError(f"there is no casino with dice on {lot}")
    result = settle_odds([], [o for _, o, _ in casino.dice])
    before = {o: sum(v for _, w, v in casino.dice if w == o) for o in casino.owners()}
    return ReorganizeOdds(casino.key, casino.pips, result.boss, before, result.pips)


# --- the next card ---


@dataclass(frozen=True)
class CardOdds:
    """What the next card will be: each colour, a Pay-the-Strip lot card, or the Game End card."""

    colours: dict[str, Fraction]
    strip: Fraction
    game_end: Fraction

    @property
    def pays_strip(self) -> Fraction:
        """Strip casinos pay on a Strip card and on the Game End card."""
        return self.strip + self.game_end


def next_card_odds(state: State) -> CardOdds:
    """The next card's chances, given the cards already seen (the Game End card lies under the first
    three piles, so it comes exactly when they run out)."""
    if state.draws_before_end is None:
        raise IllegalActionError("the setup deal is not over: the Game End card is not in the deck yet")
    if state.is_over:
        raise IllegalActionError("the game is over: no card will be drawn")
    if state.draws_before_end == 0:
        return CardOdds(dict.fromkeys(COLOURS, ZERO), ZERO, Fraction(1))
    cards = [c for c in state.deck_cards() if c != GAME_END]
    share = Fraction(1, len(cards))
    colours = {colour: share * sum(1 for c in cards if LOTS[c].card == colour) for colour in COLOURS}
    return CardOdds(colours, share * sum(1 for c in cards if LOTS[c].card == STRIP), ZERO)


@dataclass(frozen=True)
class DrawOdds:
    """Each player's expected money and score-track gain from the next card's payout."""

    money: dict[int, Fraction]
    points: dict[int, Fraction]


def _card_payout(d: rules.Data, card: str) -> tuple[list[Fraction], list[Fraction]]:
    """Exact expected (money, points) gains per seat from drawing ``card`` in position ``d`` (a copy)."""
    money0, score0 = list(d.money), list(d.score)
    rules.draw(d, card)
    if d.phase == "draw_move":
        # Assumption: with all 12 dice on the board, the drawer moves their lowest die (first in board order).
        own = rules.own_dice(d, d.turn)
        rules.move_die(d, min(own, key=lambda lot: d.die_value[lot]))
    if d.phase != "tie_roll":  # paid already (or an out-of-play F card, or the Game End card)
        return [Fraction(m - m0) for m, m0 in zip(d.money, money0, strict=True)], [
            Fraction(s - s0) for s, s0 in zip(d.score, score0, strict=True)
        ]
    money = [Fraction(m - m0) for m, m0 in zip(d.money, money0, strict=True)]
    for owner in d.marker.values():
        money[owner] += 1
    certain: list[tuple[int, int, str]] = []
    uncertain: list[tuple[Casino, TieResult]] = []
    for c in rules.paying_casinos(d, d.card or card):
        if c.tied_top():
            result = casino_tie_odds(c)
            uncertain.append((c, result))
            for o, pips in result.pips.items():
                money[o] += pips
        else:
            for _, o, v in c.dice:
                money[o] += v
            if c.boss is not None:
                certain.append((c.boss, c.size, c.key))
    points = [ZERO] * d.players
    choices = [[(b, p) for b, p in r.boss.items() if p] for _, r in uncertain]
    for combo in product(*choices):
        p = Fraction(1)
        paid = list(certain)
        for (c, _), (boss, q) in zip(uncertain, combo, strict=True):
            p *= q
            paid.append((boss, c.size, c.key))
        after = rules.score_after(score0, paid)
        for seat in range(d.players):
            points[seat] += p * (after[seat] - score0[seat])
    return money, points


def card_payout_odds(state: State, card: str) -> DrawOdds:
    """Expected money and points per seat if the next card drawn is ``card`` (see :func:`next_draw_odds`)."""
    if state.phase != "draw":
        raise IllegalActionError(f"the next-draw odds are for the start of a turn, not phase {state.phase}")
    if DrawCard(card) not in {a for a, _ in state.chance_outcomes()}:
        raise IllegalActionError(f"{card} cannot be the next card")
    money, points = _card_payout(state.data(), card)
    return DrawOdds(dict(enumerate(money)), dict(enumerate(points)))


def next_draw_odds(state: State) -> DrawOdds:
    """Expected money and points per seat from the next card (before step 1 of a turn).

    Tie re-rolls a takeover causes are included exactly. Assumption: a drawer with all 12 dice on the
    board moves their lowest die. With two players an out-of-play F card pays, and the further card it
    calls for is a new draw, not counted here.
    """
    if state.phase != "draw":
        raise IllegalActionError(f"the next-draw odds are for the start of a turn, not phase {state.phase}")
    data = state.data()
    money = [ZERO] * data.players
    points = [ZERO] * data.players
    for action, p in state.chance_outcomes():
        assert isinstance(action, DrawCard) and action.card is not None
        m, s = _card_payout(data.copy(), action.card)
        for seat in range(data.players):
            money[seat] += p * m[seat]
            points[seat] += p * s[seat]
    return DrawOdds(dict(enumerate(money)), dict(enumerate(points)))
