"""The computer players compiled with numba on the array of :mod:`.compiled`: a value of the position, the
easy and medium policies, playouts with a level per seat, and the Monte Carlo kernel of the hard level.

The value (:func:`standing`) is what a seat holds if the board stayed as it is until the end: its score,
the points its bossed casinos will score on the draws left (each draw uniform over the unseen cards,
the Game End card paying the Strip once more), and its money plus the dollars its dice and markers will
bring, counted at ``rate`` points per dollar. The rate falls with the draws left: money is worth what it
can still build, and at the end it only breaks ties. Medium plays the decision that most raises its value
over the average rival's; a reorganize is valued exactly from :data:`REORG_TABLE` (odds.settle_odds).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas.reorg_table import TABLE

Floats = NDArray[np.float64]
RANDOM, EASY, MEDIUM = 0, 1, 2
CODES = {"random": RANDOM, "easy": EASY, "medium": MEDIUM}

RATE, RATE_FLOOR, MARGIN, RIVALS = 0.5, 0.002, 0.05, 1.0
"""Points per dollar at the start (scaled by the draws left; 0.5 won most often against 0.1 to 1.0 in
medium-against-medium games), its floor at the end, the gain medium needs
before it acts rather than ends its turn, and the weight of the average rival's value."""
PARAMS = np.array([RATE, RATE_FLOOR, MARGIN, RIVALS], dtype=np.float64)
EASY_BUILD, EASY_SPRAWL, EASY_GAMBLE, EASY_BIG_BET, EASY_REORG = 0.9, 0.3, 0.1, 0.15, 0.05
"""Easy: how often it builds when it can, sprawls, gambles (a bet of $1-3), bets anything instead, reorganizes."""
EASY_GOOD = 0.3
"""How often easy sees medium's decision and plays it (with 0.3, bench_bots_lords_of_vegas.py: easy 70.1% of
1st places against three random, medium 71.8% against three easy, 2,000 games each; with 0, easy took 29.9%
against three random and medium 97.1% against three easy)."""


def _reorg_array() -> Floats:
    """Row ``a*1000 + b*100 + c*10 + d`` for die counts a >= b >= c >= d (owners, most dice first): each
    owner's chance to end as boss (4 columns), then their expected pips (4 columns)."""
    out = np.zeros((10_000, 8), dtype=np.float64)
    for counts, (boss, pips) in TABLE.items():
        padded = (*counts, 0, 0, 0)[:4]
        row = ((padded[0] * 10 + padded[1]) * 10 + padded[2]) * 10 + padded[3]
        out[row, : len(boss)] = boss
        out[row, 4 : 4 + len(pips)] = pips
    return out


REORG_TABLE = _reorg_array()


@c._jit
def draws_left(s: c.Ints) -> int:
    """Lot cards still to draw before the Game End card."""
    if s[c.END_AFTER] < 0:
        return 0
    return int(max(s[c.END_AFTER] - s[c.DRAWN], 0))


@c._jit
def rate(s: c.Ints, prm: Floats) -> float:
    return float(prm[0] * (draws_left(s) + 1) / 31.0 + prm[1])


@c._jit
def expected_pays(s: c.Ints, info: c.Ints, count: int, pays: Floats) -> None:
    """How many more times each casino is expected to pay (the board unchanged)."""
    if s[c.PHASE] == c.OVER:
        pays[:count] = 0.0
        return
    r = draws_left(s)
    seen = np.zeros(6, np.float64)
    unseen = 0
    for lot in range(c.N):
        if s[c.UNSEEN + lot] == 1:
            seen[c._CARD[lot]] += 1.0
            unseen += 1
    share = r / unseen if unseen > 0 else 0.0
    for g in range(count):
        e = share * seen[info[g, 1]]
        if info[g, 4] == 1:
            e += share * seen[5] + 1.0
        pays[g] = e


@c._jit
def standing(s: c.Ints, prm: Floats, out: Floats, gid: c.Ints, info: c.Ints) -> None:
    """Each seat's value in points (see the module docstring) into ``out``."""
    players = s[c.PLAYERS]
    count = c.casinos(s, gid, info)
    pays = np.empty(max(count, 1), np.float64)
    expected_pays(s, info, count, pays)
    lam = rate(s, prm)
    markers = 0.0 if s[c.PHASE] == c.OVER else draws_left(s) + 1.0
    for q in range(players):
        out[q] = s[c.SCORE + q] + lam * s[c.MONEY + q]
    for lot in range(c.N):
        m = s[c.MARKER + lot]
        if m >= 0:
            out[m] += lam * markers
        o = s[c.DOWNER + lot]
        if o >= 0:
            out[o] += lam * s[c.DVALUE + lot] * pays[gid[lot]]
    for g in range(count):
        if info[g, 3] >= 0:
            out[info[g, 3]] += info[g, 2] * pays[g]


@c._jit
def relative(out: Floats, seat: int, players: int, rivals: float) -> float:
    """A seat's value minus ``rivals`` times the average rival's."""
    total = 0.0
    for q in range(players):
        total += out[q]
    return float(out[seat] - rivals * (total - out[seat]) / (players - 1))


@c._jit
def _reorganize(s: c.Ints, x: int, prm: Floats, tab: Floats, out: Floats, gid: c.Ints, info: c.Ints) -> None:
    """Expected values after reorganizing the casino on lot ``x`` (exact, from the table)."""
    standing(s, prm, out, gid, info)
    count = c.casinos(s, gid, info)
    pays = np.empty(max(count, 1), np.float64)
    expected_pays(s, info, count, pays)
    g = gid[x]
    e = pays[g]
    lam = rate(s, prm)
    size = info[g, 2]
    dice = np.zeros(4, np.int64)
    pips = np.zeros(4, np.int64)
    for lot in range(c.N):
        if gid[lot] == g and s[c.DOWNER + lot] >= 0:
            dice[s[c.DOWNER + lot]] += 1
            pips[s[c.DOWNER + lot]] += s[c.DVALUE + lot]
    for q in range(4):
        out[q] -= lam * pips[q] * e
    if info[g, 3] >= 0:
        out[info[g, 3]] -= size * e
    out[s[c.TURN]] -= lam * info[g, 5]
    order = np.argsort(-dice * 8 + np.arange(4))  # most dice first, then seat order
    row = ((dice[order[0]] * 10 + dice[order[1]]) * 10 + dice[order[2]]) * 10 + dice[order[3]]
    for k in range(4):
        q = order[k]
        if dice[q] > 0:
            out[q] += tab[row, k] * size * e + lam * tab[row, 4 + k] * e


@c._jit
def gamble_ev(bet: int, half: bool, boss_money: int) -> tuple[float, float]:
    """(gambler's, boss's) expected gain from a bet, exact (rules.bet_result over the 36 rolls)."""
    gain = 0.0
    boss_gain = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            total = a + b
            double = total == 2 or total == 12
            if double or 3 <= total <= 4 or 9 <= total <= 11:
                owed = bet * (2 if double else 1)
                part = owed // 2 if half else owed
                paid = min(part, boss_money)
                gain += paid + owed - part
                boss_gain -= paid
            else:
                gain -= bet
                boss_gain += bet // 2 if half else bet
    return gain / 36.0, boss_gain / 36.0


@c._jit
def lays_off(s: c.Ints) -> bool:
    """Medium's lay-off: when the boss could not pay a double win out of pocket."""
    return bool(s[c.MONEY + s[c.BET_BOSS]] < 2 * s[c.BET_AMOUNT])


@c._jit
def _settle_chance(s: c.Ints, values: c.Ints) -> bool:
    """Resolve rolls and placements that follow a decision (first placement choice); True if chance acted."""
    acted = False
    while True:
        phase = s[c.PHASE]
        if phase == c.TIE_ROLL or phase == c.REORG_ROLL or phase == c.GAMBLE_ROLL:
            c.chance_step(s, values)
            acted = True
        elif phase == c.REORG_PLACE:
            c.play(s, c.PLACE_DIE, s[c.PL_LOTS], 0, 0)
        else:
            return acted


@c._jit
def after(s: c.Ints, row: c.Ints, prm: Floats, tab: Floats, samples: int, out: Floats, work: c.Ints,
          gid: c.Ints, info: c.Ints) -> None:  # fmt: skip
    """Each seat's expected value after decision ``row`` (dice it makes roll are sampled ``samples`` times)."""
    kind = row[0]
    players = s[c.PLAYERS]
    if kind == c.REORGANIZE:
        _reorganize(s, row[1], prm, tab, out, gid, info)
        return
    if kind == c.GAMBLE:
        standing(s, prm, out, gid, info)
        c.casinos(s, gid, info)
        boss = info[gid[row[1]], 3]
        half = s[c.MONEY + boss] < 2 * row[2]
        gain, boss_gain = gamble_ev(row[2], half, s[c.MONEY + boss])
        lam = rate(s, prm)
        out[s[c.TURN]] += lam * gain
        out[boss] += lam * boss_gain
        return
    acc = np.zeros(4, np.float64)
    values = np.zeros(16, np.int64)
    done = 0
    for _ in range(samples):
        work[:] = s
        c.play(work, row[0], row[1], row[2], row[3])
        if work[c.PHASE] == c.LAYOFF:
            c.play(work, c.LAY_OFF, 1 if lays_off(work) else 0, 0, 0)
        acted = _settle_chance(work, values)
        standing(work, prm, out, gid, info)
        for q in range(players):
            acc[q] += out[q]
        done += 1
        if not acted:
            break
    for q in range(players):
        out[q] = acc[q] / done


@c._jit
def gains(s: c.Ints, rows: c.Ints, n: int, prm: Floats, tab: Floats, samples: int, bets: bool, result: Floats) -> None:
    """Each decision's gain in the deciding seat's value over the average rival's (0 for ending the turn;
    bets valued only if ``bets``, else -inf)."""
    seat = c.current_player(s)
    players = s[c.PLAYERS]
    out = np.zeros(4, np.float64)
    work = np.empty_like(s)
    gid = np.empty(c.N, np.int64)
    info = np.empty((c.N, 8), np.int64)
    standing(s, prm, out, gid, info)
    base = relative(out, seat, players, prm[3])
    for i in range(n):
        if rows[i, 0] == c.END_TURN:
            result[i] = 0.0
        elif rows[i, 0] == c.GAMBLE and not bets:
            result[i] = -np.inf
        else:
            after(s, rows[i], prm, tab, samples, out, work, gid, info)
            result[i] = relative(out, seat, players, prm[3]) - base


@c._jit
def _easy_play(s: c.Ints, rows: c.Ints, n: int) -> int:
    builds = 0
    sprawls = 0
    small = 0
    bets = 0
    reorgs = 0
    for i in range(n):
        kind = rows[i, 0]
        if kind == c.BUILD:
            builds += 1
        elif kind == c.SPRAWL:
            sprawls += 1
        elif kind == c.GAMBLE:
            bets += 1
            if rows[i, 2] <= 3:
                small += 1
        elif kind == c.REORGANIZE:
            reorgs += 1
    if builds > 0 and np.random.random() < EASY_BUILD:
        return _nth(rows, n, c.BUILD, np.random.randint(0, builds), 99)
    if sprawls > 0 and np.random.random() < EASY_SPRAWL:
        return _nth(rows, n, c.SPRAWL, np.random.randint(0, sprawls), 99)
    if bets > 0 and np.random.random() < EASY_GAMBLE:
        if np.random.random() < EASY_BIG_BET:
            return _nth(rows, n, c.GAMBLE, np.random.randint(0, bets), 999)
        return _nth(rows, n, c.GAMBLE, np.random.randint(0, small), 3)
    if reorgs > 0 and np.random.random() < EASY_REORG:
        return _nth(rows, n, c.REORGANIZE, np.random.randint(0, reorgs), 99)
    return n - 1


@c._jit
def _nth(rows: c.Ints, n: int, kind: int, k: int, max_bet: int) -> int:
    """The index of the ``k``-th row of ``kind`` (gambles: among bets up to ``max_bet``)."""
    for i in range(n):
        if rows[i, 0] == kind and (kind != c.GAMBLE or rows[i, 2] <= max_bet):
            if k == 0:
                return i
            k -= 1
    return n - 1


@c._jit
def pick(s: c.Ints, rows: c.Ints, n: int, level: int, prm: Floats, tab: Floats, scratch: Floats) -> int:
    """The index of the decision ``level`` takes among ``rows[:n]`` (``scratch``: at least n floats)."""
    if n == 1:
        return 0
    if level == RANDOM:
        return int(np.random.randint(0, n))
    if level == EASY and np.random.random() < EASY_GOOD:
        level = MEDIUM
    phase = s[c.PHASE]
    if phase == c.LAYOFF:
        if level == EASY:
            return int(np.random.randint(0, 2))
        return 1 if lays_off(s) else 0
    if phase == c.REORG_PLACE:
        if level == EASY:
            return int(np.random.randint(0, n))
        for i in range(n):  # the highest die onto a tile whose card was drawn: no one can take it over
            if s[c.UNSEEN + rows[i, 1]] == 0:
                return i
        return 0
    if level == EASY:
        if phase == c.PLAY:
            return _easy_play(s, rows, n)
        return int(np.random.randint(0, n))
    gains(s, rows, n, prm, tab, 4, False, scratch)
    best = n - 1 if phase == c.PLAY else 0
    top = prm[2] if phase == c.PLAY else scratch[0]
    for i in range(n):
        if rows[i, 0] != c.GAMBLE and rows[i, 0] != c.END_TURN and scratch[i] > top:
            best = i
            top = scratch[i]
    return best


@c._jit
def playout(s: c.Ints, levels: c.Ints, prm: Floats, tab: Floats, rows: c.Ints, rounds: int = -1, seat: int = 0) -> int:
    """Play ``s`` on, seat q deciding at ``levels[q]``, to the end or (``rounds`` >= 0) until the turn has
    come back to ``seat`` that many times; return the number of steps."""
    values = np.zeros(16, np.int64)
    scratch = np.zeros(c.MAX_ACTIONS, np.float64)
    steps = 0
    while s[c.PHASE] != c.OVER and rounds != 0:
        if c.is_chance(s):
            c.chance_step(s, values)
        else:
            n = c.legal(s, rows)
            i = pick(s, rows, n, levels[c.current_player(s)], prm, tab, scratch)
            c.play(s, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
            if rows[i, 0] == c.END_TURN and s[c.TURN] == seat:
                rounds -= 1
        steps += 1
    return steps


@c._jit
def games(
    n: int, start: c.Ints, levels: c.Ints, seed: int, prm: Floats, tab: Floats
) -> tuple[c.Ints, c.Ints, c.Ints, c.Ints]:
    """``n`` games from ``start`` with a level per seat: money, score, winner flags (n, players), steps."""
    np.random.seed(seed)
    players = start[c.PLAYERS]
    money = np.zeros((n, players), np.int64)
    score = np.zeros((n, players), np.int64)
    won = np.zeros((n, players), np.int64)
    steps = np.zeros(n, np.int64)
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    s = np.empty_like(start)
    for g in range(n):
        s[:] = start
        steps[g] = playout(s, levels, prm, tab, rows)
        money[g] = s[c.MONEY : c.MONEY + players]
        score[g] = s[c.SCORE : c.SCORE + players]
        won[g] = s[c.WINNERS : c.WINNERS + players]
    return money, score, won, steps
