"""Exact odds for Lords of Vegas (``fractions.Fraction`` throughout): gambles, reorganizes, the next card.

Every figure is computed from the public position (the game has no hidden information apart from the
deck's order, which is treated as uniformly random among the unseen cards).

* :func:`gamble_odds`: the distribution of a bet's result for the gambler, the boss and the bank, with or
  without the lay-off. Without it, the gambler's expected result is -2/36 of the bet (the house edge).
* :func:`reorganize_odds`: the chance that each player ends up boss of a reorganized casino, tie re-rolls
  included, and each owner's expected change in pips. Where owners put their re-rolled dice changes
  neither (the boss and the pips depend only on the values rolled), so no assumption about their
  placement is needed; placement only matters for later draws of the tiles' cards. The tie re-rolls are
  counted face by face from the top (see :func:`_groups`): a 6-die casino of four owners takes ~10 ms.
* :func:`next_card_odds`: the chance that the next card is each colour, a Strip card or the Game End card.
* :func:`next_draw_odds`: each player's expected money and points from the next card's payout.

>>> g = gamble_odds(6)
>>> g.gambler_ev, g.gambler_ev / 6
(Fraction(-1, 3), Fraction(-1, 18))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, gcd

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.i18n import _
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
    if not is_int(bet) or bet < 1:
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
        raise IllegalActionError(_("there is no bossed casino on {lot}", lot=lot))
    return gamble_odds(bet, lay_off=lay_off, boss_money=state.money(casino.boss))


# --- ties and reorganize ---

Die = tuple[int, int]
"""(owner, value)"""
Exact = tuple[tuple[int, ...], int]
"""A vector of exact numbers as whole numbers: (numerators, their common denominator)."""


@dataclass(frozen=True)
class TieResult:
    """How a casino's dice settle after a roll of some of them, tie re-rolls included."""

    boss: dict[int, Fraction]
    """Each owner's chance to end as the boss."""
    pips: dict[int, Fraction]
    """Each owner's expected total pips in the casino afterwards."""


class _Sum:
    """A running sum of :data:`Exact` vectors (whole numbers are much faster than ``Fraction`` here)."""

    def __init__(self, width: int) -> None:
        self.nums = [0] * width
        self.den = 1

    def add(self, nums: list[int], den: int) -> None:
        g = gcd(self.den, den)
        mine, theirs = den // g, self.den // g
        if mine != 1:
            self.nums = [x * mine for x in self.nums]
            self.den *= mine
        acc = self.nums
        for i, x in enumerate(nums):
            if x:
                acc[i] += x * theirs

    def total(self, scale: int = 1) -> Exact:
        """The sum divided by ``scale``, in lowest terms."""
        return _lowest(self.nums, self.den * scale)


def _lowest(nums: Sequence[int], den: int) -> Exact:
    g = gcd(den, *nums)
    return tuple(x // g for x in nums), den // g


def _hits(counts: tuple[int, ...], level: int) -> list[tuple[tuple[int, ...], int]]:
    """Dice each uniform on 1..``level``: which of them show ``level`` (a count per owner), each with its
    number of ways out of ``level ** sum(counts)``."""
    n = sum(counts)
    out = []
    for hit in product(*(range(c + 1) for c in counts)):
        ways = (level - 1) ** (n - sum(hit))
        for c, h in zip(counts, hit, strict=True):
            ways *= comb(c, h)
        if ways:
            out.append((hit, ways))
    return out


def _group(counts: tuple[int, ...], floor: int) -> Exact:
    """:func:`_groups` above ``floor`` for any counts per owner (zeros allowed), aligned with them."""
    where = sorted((i for i, c in enumerate(counts) if c), key=lambda i: -counts[i])
    nums, den = _groups(tuple(counts[i] for i in where))[floor]
    k, s = len(where), len(counts)
    out = [0] * (2 * s + 1)
    for i, at in enumerate(where):
        out[at], out[s + at] = nums[i], nums[k + i]
    out[-1] = nums[-1]
    return tuple(out), den


def _level_terms(counts: tuple[int, ...], level: int, floor: int, here: tuple[int, ...], below: tuple[int, ...]
                 ) -> tuple[_Sum, int]:  # fmt: skip
    """What happens at ``level``, per owner (``counts`` dice uniform on 1..level, ``here`` kept dice showing
    it, ``below`` pips of kept dice under it): (boss chances, pips, chance to go on down, chance the
    whole group ties again), summed over the ways, and the number of ways."""
    k = len(counts)
    step = _Sum(2 * k + 2)
    whole = sum(here) == 0
    for hit, ways in _hits(counts, level):
        top = tuple(h + c for h, c in zip(hit, here, strict=True))
        rest = [(c - h) * level + 2 * b for c, h, b in zip(counts, hit, below, strict=True)]  # doubled
        owners = [i for i, t in enumerate(top) if t]
        term = [0] * (2 * k + 2)
        if not owners:
            term[-2] = ways
            step.add(term, 1)
        elif len(owners) == 1:
            term[owners[0]] = 2 * ways
            for j in range(k):
                term[k + j] = ways * (2 * top[j] * level + rest[j])
            step.add(term, 2)
        elif whole and hit == counts and floor == level - 1:
            term[-1] = ways
            step.add(term, 1)
        else:
            nums, den = _group(top, level - 1)
            stays = den - nums[-1]
            for j in range(k):
                term[j] = 2 * ways * nums[j]
                term[k + j] = ways * (2 * nums[k + j] + stays * rest[j])
            term[-2] = 2 * ways * nums[-1]
            step.add(term, 2 * den)
    return step, level ** sum(counts)


@cache
def _groups(counts: tuple[int, ...]) -> tuple[Exact, ...]:
    """A tied group re-rolled above a floor, for each floor 0..5: per owner (``counts``: dice per owner,
    most first) the chance to end as boss and the expected pips that way, then the chance to fall.

    Values are revealed from the top face down (deferred decisions): dice not yet seen to show ``level``
    or more are uniform on 1..``level`` (mean ``level``/2). At each level the dice showing it are the new
    top: one owner's, the group settles; two or more owners', they are re-rolled (a smaller group, or
    this one above a higher floor); none, go down a level. The group falls if every die ends at or below
    the floor (each then uniform there, to be compared with the dice below). The only cycle, the whole
    group tied again at the level just above the floor, is one unknown, solved exactly.
    """
    k = len(counts)
    width = 2 * k + 1
    none = (0,) * k
    out: dict[int, Exact] = {}
    steps: dict[int, Exact] = {}  # each level's step above lower floors: settled vector, chance to go on
    for floor in range(5, -1, -1):
        level = floor + 1
        step, scale = _level_terms(counts, level, floor, none, none)
        nums, den = step.total(scale)
        # From the floor up: vector = a + b * (own vector above this floor), fallen at the floor itself.
        a, a_den = list(nums), den
        for upper in range(level + 1, 7):
            up, up_den = steps[upper]
            a = [up[-1] * x for x in a]
            for j in range(2 * k):
                a[j] += up[j] * a_den
            reduced, a_den = _lowest(a, a_den * up_den)
            a = list(reduced)
        vec = _lowest(a[:width], a_den - a[-1])
        out[floor] = vec
        vec_nums, vec_den = vec  # this level's step for lower floors: the whole tie is re-rolled above it
        again = nums[-1]
        steps[level] = _lowest([x * vec_den + again * v for x, v in zip(nums[:width], vec_nums, strict=True)],
                               den * vec_den)  # fmt: skip
    return tuple(out[f] for f in range(6))


def _sweep(kept: tuple[Die, ...], rolling: tuple[int, ...], seats: tuple[int, ...]) -> Exact:
    """Boss chances and expected pips per seat: ``rolling`` dice thrown beside the ``kept`` ones, the top
    revealed face by face from 6 down as in :func:`_groups` (kept dice show their own values)."""
    at = {seat: i for i, seat in enumerate(seats)}
    s = len(seats)
    counts = [0] * s
    for o in rolling:
        counts[at[o]] += 1
    result = _Sum(2 * s)
    reach: Exact = ((1,), 1)  # the chance that no die settled the casino above this level
    for level in range(6, 0, -1):
        here, below = [0] * s, [0] * s
        for o, v in kept:
            if v == level:
                here[at[o]] += 1
            elif v < level:
                below[at[o]] += v
        step, scale = _level_terms(tuple(counts), level, -1, tuple(here), tuple(below))
        nums, den = step.total(scale)
        result.add([reach[0][0] * x for x in nums[: 2 * s]], reach[1] * den)
        reach = _lowest([reach[0][0] * nums[-2]], reach[1] * den)
        counts = [c + h for c, h in zip(counts, here, strict=True)]
    return result.total()


def settle_odds(kept: Iterable[Die], rolling: Iterable[int]) -> TieResult:
    """Roll one die for each owner in ``rolling`` beside the ``kept`` (owner, value) dice, then re-roll the
    tied highest dice (of two or more players) until one player holds the highest die.

    >>> settle_odds([], [0, 1]).boss
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    kept_t, rolling_t = tuple(sorted(kept)), tuple(sorted(rolling))
    seats = tuple(sorted({o for o, _ in kept_t} | set(rolling_t)))
    if not seats:
        raise ValueError("a casino without dice has no boss")
    if not rolling_t:
        top = max(v for _, v in kept_t)
        if len({o for o, v in kept_t if v == top}) > 1:
            raise ValueError("kept dice tie for the top: name the tied dice as rolling")
    nums, den = _sweep(kept_t, rolling_t, seats)
    s = len(seats)
    return TieResult({seat: Fraction(nums[i], den) for i, seat in enumerate(seats)},
                     {seat: Fraction(nums[s + i], den) for i, seat in enumerate(seats)})  # fmt: skip


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
        raise IllegalActionError(_("there is no casino with dice on {lot}", lot=lot))
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
        raise IllegalActionError(_("the setup deal is not over: the Game End card is not in the deck yet"))
    if state.is_over:
        raise IllegalActionError(_("the game is over: no card will be drawn"))
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
        raise IllegalActionError(_("the next-draw odds are for the start of a turn, not phase {phase}",
                                   phase=state.phase))
    if DrawCard(card) not in {a for a, _ in state.chance_outcomes()}:
        raise IllegalActionError(_("{card} cannot be the next card", card=card))
    money, points = _card_payout(state.data(), card)
    return DrawOdds(dict(enumerate(money)), dict(enumerate(points)))


def next_draw_odds(state: State) -> DrawOdds:
    """Expected money and points per seat from the next card (before step 1 of a turn).

    Tie re-rolls a takeover causes are included exactly. Assumption: a drawer with all 12 dice on the
    board moves their lowest die. With two players an out-of-play F card pays, and the further card it
    calls for is a new draw, not counted here.
    """
    if state.phase != "draw":
        raise IllegalActionError(_("the next-draw odds are for the start of a turn, not phase {phase}",
                                   phase=state.phase))
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
