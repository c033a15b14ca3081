"""The rules of :mod:`vegas_tutor.lords_of_vegas.rules`, compiled with numba on one flat array per game.

The fast path behind :mod:`~vegas_tutor.lords_of_vegas.simulate`. ``rules.py`` stays the reference: the
tests play hundreds of games through both, transition by transition (same legal actions in the same
order, then every field of the position equal after each action). :func:`encode` and :func:`decode`
translate a :class:`~vegas_tutor.lords_of_vegas.rules.Data` record (events aside) to and from the array.

Lots are numbered in board order (0..47), the Game End card is 48, colours follow ``COLOURS``. Decisions
are rows ``(kind, x, y, z)``: ``BUILD``/``SPRAWL`` (lot, colour, lot moved from or -1), ``REMODEL`` (casino,
colour), ``REORGANIZE`` (casino), ``GAMBLE`` (casino, bet), ``END_TURN``, ``MOVE_DIE``/``PLACE_DIE``
(lot), ``LAY_OFF`` (0 or 1); a casino is named by its first lot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

from vegas_tutor.lords_of_vegas.actions import (
    Action,
    Build,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    Sprawl,
)
from vegas_tutor.lords_of_vegas.board import (
    COLOURS,
    GAME_END,
    LOT_IDS,
    LOTS,
    ORDER,
    SCORE_TRACK,
    STRIP,
    TILES_PER_COLOUR,
)
from vegas_tutor.lords_of_vegas.rules import (
    BET_PER_TILE,
    DICE_PER_PLAYER,
    MARKERS_PER_PLAYER,
    REMODEL_PER_TILE,
    Data,
)

Ints = NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., Any])


def _jit(func: F) -> F:
    return cast(F, numba.njit(cache=True, nogil=True)(func))


N = 48
END = 48
PHASES = ("deal", "start_roll", "draw", "draw_move", "tie_roll", "play", "reorg_roll", "reorg_place", "layoff",
          "gamble_roll", "over")  # fmt: skip
DEAL, START_ROLL, DRAW, DRAW_MOVE, TIE_ROLL, PLAY, REORG_ROLL, REORG_PLACE, LAYOFF, GAMBLE_ROLL, OVER = range(11)
AFTER = ("pay", "play", "draw")
PAY_NEXT, PLAY_NEXT, DRAW_NEXT = range(3)
BUILD, SPRAWL, REMODEL, REORGANIZE, GAMBLE, END_TURN, MOVE_DIE, PLACE_DIE, LAY_OFF = range(9)
MAX_ACTIONS = 4096

# The array: money, score (4 each), per lot marker, tile, die owner, die value, unseen, rerolled (48 each),
# pending lots, seen cards, placing groups, then scalars.
MONEY, SCORE = 0, 4
MARKER, TILE, DOWNER, DVALUE, UNSEEN, REROLLED = 8, 56, 104, 152, 200, 248
PENDING = 296  # 12
SEEN = 308  # 49
START = 357  # 4 start rolls (-1: not rolled)
ROLLING = 361  # 4 flags
PL_OWNER, PL_N = 365, 369  # 4 groups: owner, dice left to place
PL_VALUES, PL_LOTS = 373, 421  # 4 x 12 each
(PLAYERS, TURN, PHASE, DRAWN, END_AFTER, DEAL_NEXT, GAMBLED, CARD, AFTER_TIES, N_PENDING, N_SEEN, N_PLACING,
 BET_KEY, BET_AMOUNT, BET_BOSS, BET_HALF) = range(469, 485)  # fmt: skip
WINNERS = 485  # 4 flags
SIZE = 489

_DIE = np.array([LOTS[lot].die for lot in LOT_IDS], dtype=np.int64)
_COST = np.array([LOTS[lot].cost for lot in LOT_IDS], dtype=np.int64)
_CARD = np.array([5 if LOTS[lot].card == STRIP else COLOURS.index(LOTS[lot].card) for lot in LOT_IDS], np.int64)
_STRIP = np.array([LOTS[lot].strip for lot in LOT_IDS], dtype=np.int64)
_BLOCK_F = np.array([LOTS[lot].block == "F" for lot in LOT_IDS], dtype=np.int64)
_NEAR = np.full((N, 4), -1, dtype=np.int64)
for _i, _lot in enumerate(LOT_IDS):
    for _j, _near in enumerate(sorted(LOTS[_lot].neighbours, key=ORDER.__getitem__)):
        _NEAR[_i, _j] = ORDER[_near]
_TRACK = np.array(SCORE_TRACK, dtype=np.int64)
_TRACK_AT = np.full(SCORE_TRACK[-1] + 1, -1, dtype=np.int64)
_TRACK_AT[_TRACK] = np.arange(len(SCORE_TRACK))
_WIN = SCORE_TRACK[-1]
_TILES = TILES_PER_COLOUR
_DICE = DICE_PER_PLAYER
_MARKERS = MARKERS_PER_PLAYER
_REMODEL = REMODEL_PER_TILE
_BET = BET_PER_TILE


# --- reading the board ---------------------------------------------------------------------------------


@_jit
def in_play(s: Ints, lot: int) -> bool:
    return not (s[PLAYERS] == 2 and _BLOCK_F[lot] == 1)


@_jit
def casinos(s: Ints, gid: Ints, info: Ints) -> int:
    """Group the tiles into casinos, ordered by first lot: ``gid[lot]`` (-1: no tile) and one ``info`` row
    per casino: first lot, colour, size, boss (-1: none), Strip contact, pips, top value, owners at the top
    (as bit flags)."""
    gid[:] = -1
    stack = np.empty(N, np.int64)
    count = 0
    for lot in range(N):
        colour = s[TILE + lot]
        if colour < 0 or gid[lot] >= 0:
            continue
        g = count
        count += 1
        gid[lot] = g
        stack[0] = lot
        top = 1
        size = 0
        strip = 0
        pips = 0
        high = 0
        owners = 0
        while top > 0:
            top -= 1
            here = stack[top]
            size += 1
            strip |= _STRIP[here]
            owner = s[DOWNER + here]
            if owner >= 0:
                v = s[DVALUE + here]
                pips += v
                if v > high:
                    high = v
                    owners = 1 << owner
                elif v == high:
                    owners |= 1 << owner
            for k in range(4):
                near = _NEAR[here, k]
                if near >= 0 and gid[near] < 0 and s[TILE + near] == colour:
                    gid[near] = g
                    stack[top] = near
                    top += 1
        boss = -1
        for p in range(4):
            if owners == 1 << p:
                boss = p
        info[g, 0] = lot
        info[g, 1] = colour
        info[g, 2] = size
        info[g, 3] = boss
        info[g, 4] = strip
        info[g, 5] = pips
        info[g, 6] = high
        info[g, 7] = owners
    return count


@_jit
def _tiles_left(s: Ints, colour: int) -> int:
    used = 0
    for lot in range(N):
        if s[TILE + lot] == colour:
            used += 1
    return _TILES - used


@_jit
def _count(s: Ints, base: int, seat: int) -> int:
    n = 0
    for lot in range(N):
        if s[base + lot] == seat:
            n += 1
    return n


@_jit
def current_player(s: Ints) -> int:
    phase = s[PHASE]
    if phase == OVER:
        return -1
    if phase == DEAL:
        return int(s[DEAL_NEXT] % s[PLAYERS])
    if phase == START_ROLL:
        for p in range(s[PLAYERS]):
            if s[ROLLING + p] == 1 and s[START + p] < 0:
                return p
    if phase == REORG_PLACE:
        return int(s[PL_OWNER])
    if phase == LAYOFF:
        return int(s[BET_BOSS])
    return int(s[TURN])


# --- the legal decisions ---------------------------------------------------------------------------------


@_jit
def _add(out: Ints, n: int, kind: int, x: int, y: int, z: int) -> int:
    out[n, 0] = kind
    out[n, 1] = x
    out[n, 2] = y
    out[n, 3] = z
    return n + 1


@_jit
def _with_movers(out: Ints, n: int, kind: int, lot: int, colour: int, movers: Ints, n_movers: int) -> int:
    for m in range(n_movers):
        n = _add(out, n, kind, lot, colour, movers[m])
    return n


@_jit
def legal(s: Ints, out: Ints) -> int:
    """Write the legal decisions into ``out`` in the order of ``rules.legal_actions``; return their number
    (0 at a chance step or when the game is over)."""
    phase = s[PHASE]
    n = 0
    if phase == DRAW_MOVE:
        for lot in range(N):
            if s[DOWNER + lot] == s[TURN]:
                n = _add(out, n, MOVE_DIE, lot, 0, 0)
        return n
    if phase == REORG_PLACE:
        for i in range(s[PL_N]):
            n = _add(out, n, PLACE_DIE, s[PL_LOTS + i], 0, 0)
        return n
    if phase == LAYOFF:
        n = _add(out, n, LAY_OFF, 0, 0, 0)
        return _add(out, n, LAY_OFF, 1, 0, 0)
    if phase != PLAY:
        return 0
    p = s[TURN]
    money = s[MONEY + p]
    left = np.empty(5, np.int64)
    for c in range(5):
        left[c] = _tiles_left(s, c)
    movers = np.empty(_DICE, np.int64)
    n_movers = 0
    if _count(s, DOWNER, p) < _DICE:
        movers[0] = -1
        n_movers = 1
    else:
        for lot in range(N):
            if s[DOWNER + lot] == p:
                movers[n_movers] = lot
                n_movers += 1
    gid = np.empty(N, np.int64)
    info = np.empty((N, 8), np.int64)
    count = casinos(s, gid, info)
    for lot in range(N):  # build on your markers
        if s[MARKER + lot] == p and money >= _COST[lot]:
            for colour in range(5):
                if left[colour] > 0:
                    n = _with_movers(out, n, BUILD, lot, colour, movers, n_movers)
    for lot in range(N):  # sprawl beside your casinos: (lot, colour) in board order, then colour
        if s[TILE + lot] >= 0 or s[MARKER + lot] >= 0 or not in_play(s, lot):
            continue
        for colour in range(5):
            near_mine = False
            for k in range(4):
                near = _NEAR[lot, k]
                if near >= 0 and gid[near] >= 0:
                    g = gid[near]
                    if info[g, 3] == p and info[g, 1] == colour:
                        near_mine = True
            if near_mine and money >= 2 * _COST[lot] and left[colour] > 0:
                n = _with_movers(out, n, SPRAWL, lot, colour, movers, n_movers)
    for g in range(count):  # remodel a casino you boss
        size = info[g, 2]
        if info[g, 3] == p and money >= _REMODEL * size:
            for colour in range(5):
                if colour != info[g, 1] and left[colour] >= size:
                    n = _add(out, n, REMODEL, info[g, 0], colour, 0)
    for g in range(count):  # reorganize a casino with a die of yours, none re-rolled this turn
        mine = False
        fresh = True
        for lot in range(N):
            if gid[lot] == g and s[DOWNER + lot] >= 0:
                if s[DOWNER + lot] == p:
                    mine = True
                if s[REROLLED + lot] == 1:
                    fresh = False
        if mine and fresh and money >= info[g, 5]:
            n = _add(out, n, REORGANIZE, info[g, 0], 0, 0)
    if s[GAMBLED] == 0 and money >= 1:
        for g in range(count):
            if info[g, 3] >= 0 and info[g, 3] != p:
                for bet in range(1, min(_BET * info[g, 2], money) + 1):
                    n = _add(out, n, GAMBLE, info[g, 0], bet, 0)
    return _add(out, n, END_TURN, 0, 0, 0)


# --- changing the board ----------------------------------------------------------------------------------


@_jit
def _advance(position: int, points: int) -> int:
    i = _TRACK_AT[position]
    while i + 1 < len(_TRACK) and points >= _TRACK[i + 1] - _TRACK[i]:
        points -= _TRACK[i + 1] - _TRACK[i]
        i += 1
    return int(_TRACK[i])


@_jit
def _finish(s: Ints) -> None:
    s[PHASE] = OVER
    players = s[PLAYERS]
    best = -1
    for p in range(players):
        best = max(best, s[SCORE + p])
    richest = -1
    for p in range(players):
        if s[SCORE + p] == best:
            richest = max(richest, s[MONEY + p])
    for p in range(players):
        s[WINNERS + p] = 1 if s[SCORE + p] == best and s[MONEY + p] == richest else 0


@_jit
def _pay(s: Ints, card: int) -> None:
    """Markers pay $1; the casinos the card names pay their dice; their bosses score, smallest first."""
    for lot in range(N):
        if s[MARKER + lot] >= 0:
            s[MONEY + s[MARKER + lot]] += 1
    gid = np.empty(N, np.int64)
    info = np.empty((N, 8), np.int64)
    count = casinos(s, gid, info)
    strip = card == END or _CARD[card] == 5
    paying = np.zeros(N, np.int64)
    for g in range(count):
        if (info[g, 4] == 1) if strip else (info[g, 1] == _CARD[card]):
            paying[g] = 1
    for lot in range(N):
        if gid[lot] >= 0 and paying[gid[lot]] == 1 and s[DOWNER + lot] >= 0:
            s[MONEY + s[DOWNER + lot]] += s[DVALUE + lot]
    for boss in range(4):  # each boss's casinos by size, then board order
        for size in range(1, N + 1):
            for g in range(count):
                if paying[g] == 1 and info[g, 3] == boss and info[g, 2] == size:
                    s[SCORE + boss] = _advance(s[SCORE + boss], size)
    won = False
    for p in range(s[PLAYERS]):
        if s[SCORE + p] == _WIN:
            won = True
    if card == END or won:
        _finish(s)


@_jit
def _settle(s: Ints, then: int) -> None:
    """Start a tie re-roll if a casino's top dice belong to two or more players, else carry on."""
    gid = np.empty(N, np.int64)
    info = np.empty((N, 8), np.int64)
    count = casinos(s, gid, info)
    for g in range(count):
        owners = info[g, 7]
        if owners != 0 and owners & (owners - 1) != 0:
            k = 0
            for lot in range(N):
                if gid[lot] == g and s[DOWNER + lot] >= 0 and s[DVALUE + lot] == info[g, 6]:
                    s[PENDING + k] = lot
                    k += 1
            s[N_PENDING] = k
            s[PHASE] = TIE_ROLL
            s[AFTER_TIES] = then
            return
    s[N_PENDING] = 0
    if then == PAY_NEXT:
        card = s[CARD]
        s[CARD] = -1
        _pay(s, card)
        if s[PHASE] != OVER:
            s[PHASE] = PLAY
    elif then == PLAY_NEXT:
        s[PHASE] = PLAY
    else:
        s[PHASE] = DRAW


@_jit
def _put_die(s: Ints, lot: int, owner: int, value: int, move_from: int) -> None:
    if move_from >= 0:
        s[DOWNER + move_from] = -1
        s[DVALUE + move_from] = 0
        if s[REROLLED + move_from] == 1:
            s[REROLLED + move_from] = 0
            s[REROLLED + lot] = 1
    s[DOWNER + lot] = owner
    s[DVALUE + lot] = value


@_jit
def _value_or_printed(s: Ints, lot: int) -> int:
    return int(s[DVALUE + lot] if s[DOWNER + lot] >= 0 else _DIE[lot])


@_jit
def draw(s: Ints, card: int) -> None:
    """Resolve a drawn card (setup deal or step 1)."""
    s[SEEN + s[N_SEEN]] = card
    s[N_SEEN] += 1
    if card != END:
        s[UNSEEN + card] = 0
    players = s[PLAYERS]
    if s[PHASE] == DEAL:
        if not in_play(s, card):
            return
        seat = s[DEAL_NEXT] % players
        s[MARKER + card] = seat
        s[MONEY + seat] += 10 - _DIE[card]
        s[DEAL_NEXT] += 1
        if s[DEAL_NEXT] == 2 * players:
            remaining = 0
            for lot in range(N):
                remaining += s[UNSEEN + lot]
            s[END_AFTER] = remaining - remaining // 4
            s[PHASE] = START_ROLL
            for p in range(4):
                s[ROLLING + p] = 1 if p < players else 0
                s[START + p] = -1
        return
    if card == END:
        _pay(s, card)
        return
    s[DRAWN] += 1
    if not in_play(s, card):
        _pay(s, card)
        return
    s[CARD] = card
    p = s[TURN]
    if s[TILE + card] < 0:
        if _count(s, MARKER, p) < _MARKERS:
            s[MARKER + card] = p
    elif s[DOWNER + card] == p:
        pass
    elif _count(s, DOWNER, p) < _DICE:
        _put_die(s, card, p, _value_or_printed(s, card), -1)
    else:
        s[PHASE] = DRAW_MOVE
        return
    _settle(s, PAY_NEXT)


@_jit
def _auto_place(s: Ints) -> None:
    """Place re-rolled dice where the owner has no real choice; stop at the first real choice."""
    while s[N_PLACING] > 0:
        n = s[PL_N]
        choice = False
        for i in range(1, n):
            if s[PL_VALUES + i] != s[PL_VALUES]:
                choice = True
        if n > 1 and choice:
            return
        for i in range(n):
            s[DVALUE + s[PL_LOTS + i]] = s[PL_VALUES + i]
        _pop_group(s)
    _settle(s, PLAY_NEXT)


@_jit
def _pop_group(s: Ints) -> None:
    groups = s[N_PLACING]
    for g in range(groups - 1):
        s[PL_OWNER + g] = s[PL_OWNER + g + 1]
        s[PL_N + g] = s[PL_N + g + 1]
        for i in range(12):
            s[PL_VALUES + 12 * g + i] = s[PL_VALUES + 12 * (g + 1) + i]
            s[PL_LOTS + 12 * g + i] = s[PL_LOTS + 12 * (g + 1) + i]
    last = groups - 1
    s[PL_OWNER + last] = 0
    s[PL_N + last] = 0
    for i in range(12):
        s[PL_VALUES + 12 * last + i] = 0
        s[PL_LOTS + 12 * last + i] = 0
    s[N_PLACING] = groups - 1


@_jit
def roll(s: Ints, values: Ints, n_values: int) -> None:
    """Resolve the pending dice with ``values`` (canonical form, as ``chance.normalise_roll`` gives)."""
    phase = s[PHASE]
    players = s[PLAYERS]
    if phase == START_ROLL:
        seat = current_player(s)
        s[START + seat] = values[0] + values[1]
        best = -1
        done = True
        for p in range(players):
            if s[ROLLING + p] == 1:
                if s[START + p] < 0:
                    done = False
                best = max(best, s[START + p])
        if done:
            top = 0
            first = -1
            for p in range(players):
                if s[ROLLING + p] == 1 and s[START + p] == best:
                    top += 1
                    if first < 0:
                        first = p
            if top == 1:
                s[TURN] = first
                s[PHASE] = DRAW
            else:
                for p in range(players):
                    s[ROLLING + p] = 1 if s[ROLLING + p] == 1 and s[START + p] == best else 0
                for p in range(4):
                    s[START + p] = -1
    elif phase == TIE_ROLL:
        for i in range(s[N_PENDING]):
            s[DVALUE + s[PENDING + i]] = values[i]
        _settle(s, s[AFTER_TIES])
    elif phase == REORG_ROLL:
        at = 0  # values come grouped by owner in seat order; placing starts with the turn player, going left
        start = np.zeros(4, np.int64)
        for owner in range(4):
            start[owner] = at
            for i in range(s[N_PENDING]):
                if s[DOWNER + s[PENDING + i]] == owner:
                    at += 1
        groups = 0
        for step in range(players):
            owner = (s[TURN] + step) % players
            k = 0
            for i in range(s[N_PENDING]):
                lot = s[PENDING + i]
                if s[DOWNER + lot] == owner:
                    s[PL_VALUES + 12 * groups + k] = values[start[owner] + k]
                    s[PL_LOTS + 12 * groups + k] = lot
                    k += 1
            if k > 0:
                s[PL_OWNER + groups] = owner
                s[PL_N + groups] = k
                groups += 1
        s[N_PLACING] = groups
        s[PHASE] = REORG_PLACE
        _auto_place(s)
    elif phase == GAMBLE_ROLL:
        total = values[0] + values[1]
        bet = s[BET_AMOUNT]
        boss = s[BET_BOSS]
        half = s[BET_HALF] == 1
        gambler = s[TURN]
        s[BET_KEY] = -1
        s[BET_AMOUNT] = 0
        s[BET_BOSS] = -1
        s[BET_HALF] = -1
        s[PHASE] = PLAY
        double = total == 2 or total == 12
        if double or 3 <= total <= 4 or 9 <= total <= 11:
            owed = bet * (2 if double else 1)
            boss_part = owed // 2 if half else owed
            paid = min(boss_part, s[MONEY + boss])
            s[MONEY + gambler] += paid + owed - boss_part
            s[MONEY + boss] -= paid
        else:
            s[MONEY + gambler] -= bet
            s[MONEY + boss] += bet // 2 if half else bet


@_jit
def dice_to_roll(s: Ints) -> int:
    phase = s[PHASE]
    if phase in (START_ROLL, GAMBLE_ROLL):
        return 2
    return int(s[N_PENDING])


@_jit
def bare_roll(s: Ints, values: Ints) -> int:
    """Roll the pending dice with numba's generator, in canonical form; return how many."""
    n = dice_to_roll(s)
    for i in range(n):
        values[i] = np.random.randint(1, 7)
    phase = s[PHASE]
    if phase in (START_ROLL, GAMBLE_ROLL):
        if values[0] < values[1]:
            values[0], values[1] = values[1], values[0]
    elif phase == REORG_ROLL:  # each owner's values, highest first
        at = 0
        for owner in range(4):
            k = 0
            for i in range(s[N_PENDING]):
                if s[DOWNER + s[PENDING + i]] == owner:
                    k += 1
            values[at : at + k] = np.sort(values[at : at + k])[::-1]
            at += k
    return n


@_jit
def draw_random(s: Ints) -> int:
    """A card uniformly among those the pending draw may bring (the Game End card once the piles are out)."""
    if s[PHASE] == DRAW and s[DRAWN] == s[END_AFTER]:
        return END
    left = 0
    for lot in range(N):
        left += s[UNSEEN + lot]
    pick = np.random.randint(0, left)
    for lot in range(N):
        if s[UNSEEN + lot] == 1:
            if pick == 0:
                return lot
            pick -= 1
    return -1


@_jit
def play(s: Ints, kind: int, x: int, y: int, z: int) -> None:
    """Carry out a decision already known to be legal."""
    p = s[TURN]
    if kind in (BUILD, SPRAWL):
        if kind == BUILD:
            s[MARKER + x] = -1
            s[MONEY + p] -= _COST[x]
        else:
            s[MONEY + p] -= 2 * _COST[x]
        s[TILE + x] = y
        _put_die(s, x, p, _DIE[x], z)
        _settle(s, PLAY_NEXT)
    elif kind in (REMODEL, REORGANIZE, GAMBLE):
        gid = np.empty(N, np.int64)
        info = np.empty((N, 8), np.int64)
        casinos(s, gid, info)
        g = gid[x]
        if kind == REMODEL:
            s[MONEY + p] -= _REMODEL * info[g, 2]
            for lot in range(N):
                if gid[lot] == g:
                    s[TILE + lot] = y
            _settle(s, PLAY_NEXT)
        elif kind == REORGANIZE:
            s[MONEY + p] -= info[g, 5]
            k = 0
            for lot in range(N):
                if gid[lot] == g and s[DOWNER + lot] >= 0:
                    s[PENDING + k] = lot
                    s[REROLLED + lot] = 1
                    k += 1
            s[N_PENDING] = k
            s[PHASE] = REORG_ROLL
        else:
            s[GAMBLED] = 1
            s[BET_KEY] = x
            s[BET_AMOUNT] = y
            s[BET_BOSS] = info[g, 3]
            s[BET_HALF] = -1
            s[PHASE] = LAYOFF
    elif kind == END_TURN:
        s[TURN] = (p + 1) % s[PLAYERS]
        s[GAMBLED] = 0
        for lot in range(N):
            s[REROLLED + lot] = 0
        s[PHASE] = DRAW
    elif kind == MOVE_DIE:
        card = s[CARD]
        _put_die(s, card, p, _value_or_printed(s, card), x)
        _settle(s, PAY_NEXT)
    elif kind == PLACE_DIE:
        n = s[PL_N]
        s[DVALUE + x] = s[PL_VALUES]
        for i in range(n - 1):
            s[PL_VALUES + i] = s[PL_VALUES + i + 1]
        s[PL_VALUES + n - 1] = 0
        at = 0
        for i in range(n):
            if s[PL_LOTS + i] != x:
                s[PL_LOTS + at] = s[PL_LOTS + i]
                at += 1
        s[PL_LOTS + n - 1] = 0
        s[PL_N] = n - 1
        _auto_place(s)
    elif kind == LAY_OFF:
        s[BET_HALF] = x
        s[PHASE] = GAMBLE_ROLL


@_jit
def is_chance(s: Ints) -> bool:
    phase = s[PHASE]
    return phase in (DEAL, START_ROLL, DRAW, TIE_ROLL, REORG_ROLL, GAMBLE_ROLL)


@_jit
def chance_step(s: Ints, values: Ints) -> None:
    """Resolve the pending draw or roll with numba's generator."""
    if s[PHASE] == DEAL or s[PHASE] == DRAW:
        draw(s, draw_random(s))
    else:
        n = bare_roll(s, values)
        roll(s, values, n)


# --- translating a rules.Data record -------------------------------------------------------------------


def _lot_code(card: str) -> int:
    return END if card == GAME_END else ORDER[card]


def _lot_id(code: int) -> str:
    return GAME_END if code == END else LOT_IDS[code]


def encode(d: Data) -> Ints:
    """The array of a position (its events and derived views aside)."""
    s = np.zeros(SIZE, dtype=np.int64)
    s[MONEY : MONEY + d.players] = d.money
    s[SCORE : SCORE + d.players] = d.score
    for base in (MARKER, TILE, DOWNER):
        s[base : base + N] = -1
    for lot, seat in d.marker.items():
        s[MARKER + ORDER[lot]] = seat
    for lot, colour in d.tile.items():
        s[TILE + ORDER[lot]] = COLOURS.index(colour)
    for lot, owner in d.die_owner.items():
        s[DOWNER + ORDER[lot]] = owner
        s[DVALUE + ORDER[lot]] = d.die_value[lot]
    for lot in d.unseen:
        s[UNSEEN + ORDER[lot]] = 1
    for lot in d.rerolled:
        s[REROLLED + ORDER[lot]] = 1
    for i, lot in enumerate(d.pending):
        s[PENDING + i] = ORDER[lot]
    for i, card in enumerate(d.seen):
        s[SEEN + i] = _lot_code(card)
    s[START : START + 4] = -1
    for seat, total in d.start_rolls.items():
        s[START + seat] = total
    for seat in d.rolling:
        s[ROLLING + seat] = 1
    for g, (owner, values, lots) in enumerate(d.placing):
        s[PL_OWNER + g] = owner
        s[PL_N + g] = len(lots)
        s[PL_VALUES + 12 * g : PL_VALUES + 12 * g + len(values)] = values
        s[PL_LOTS + 12 * g : PL_LOTS + 12 * g + len(lots)] = [ORDER[lot] for lot in lots]
    s[PLAYERS], s[TURN], s[PHASE], s[DRAWN] = d.players, d.turn, PHASES.index(d.phase), d.drawn
    s[END_AFTER], s[DEAL_NEXT], s[GAMBLED] = d.end_after, d.deal_next, int(d.gambled)
    s[CARD] = -1 if d.card is None else _lot_code(d.card)
    s[AFTER_TIES], s[N_PENDING], s[N_SEEN] = AFTER.index(d.after_ties), len(d.pending), len(d.seen)
    s[N_PLACING] = len(d.placing)
    s[BET_KEY], s[BET_AMOUNT], s[BET_BOSS], s[BET_HALF] = -1, 0, -1, -1
    if d.bet is not None:
        key, amount, boss, half = d.bet
        s[BET_KEY], s[BET_AMOUNT], s[BET_BOSS] = ORDER[key], amount, boss
        s[BET_HALF] = -1 if half is None else int(half)
    for seat in d.winners:
        s[WINNERS + seat] = 1
    return s


def decode(s: Ints) -> Data:
    """The :class:`Data` record of an array (no events, and a fresh casino cache)."""
    players = int(s[PLAYERS])
    lots = [(i, lot) for i, lot in enumerate(LOT_IDS)]
    bet = None
    if s[BET_KEY] >= 0:
        half = None if s[BET_HALF] < 0 else bool(s[BET_HALF])
        bet = (LOT_IDS[s[BET_KEY]], int(s[BET_AMOUNT]), int(s[BET_BOSS]), half)
    return Data(
        players=players,
        money=[int(x) for x in s[MONEY : MONEY + players]],
        score=[int(x) for x in s[SCORE : SCORE + players]],
        marker={lot: int(s[MARKER + i]) for i, lot in lots if s[MARKER + i] >= 0},
        tile={lot: COLOURS[s[TILE + i]] for i, lot in lots if s[TILE + i] >= 0},
        die_owner={lot: int(s[DOWNER + i]) for i, lot in lots if s[DOWNER + i] >= 0},
        die_value={lot: int(s[DVALUE + i]) for i, lot in lots if s[DOWNER + i] >= 0},
        unseen=[lot for i, lot in lots if s[UNSEEN + i]],
        seen=[_lot_id(int(c)) for c in s[SEEN : SEEN + s[N_SEEN]]],
        end_after=int(s[END_AFTER]),
        drawn=int(s[DRAWN]),
        turn=int(s[TURN]),
        phase=PHASES[s[PHASE]],
        deal_next=int(s[DEAL_NEXT]),
        rolling=[p for p in range(players) if s[ROLLING + p]],
        start_rolls={p: int(s[START + p]) for p in range(players) if s[START + p] >= 0},
        gambled=bool(s[GAMBLED]),
        rerolled={lot for i, lot in lots if s[REROLLED + i]},
        card=None if s[CARD] < 0 else _lot_id(int(s[CARD])),
        after_ties=AFTER[s[AFTER_TIES]],
        pending=tuple(LOT_IDS[c] for c in s[PENDING : PENDING + s[N_PENDING]]),
        placing=[
            (
                int(s[PL_OWNER + g]),
                [int(v) for v in s[PL_VALUES + 12 * g : PL_VALUES + 12 * g + s[PL_N + g]]],
                [LOT_IDS[c] for c in s[PL_LOTS + 12 * g : PL_LOTS + 12 * g + s[PL_N + g]]],
            )
            for g in range(s[N_PLACING])
        ],
        bet=bet,
        winners=[p for p in range(players) if s[WINNERS + p]],
    )


def action_of(row: Ints) -> Action:
    """The :mod:`~vegas_tutor.lords_of_vegas.actions` value of a decision row."""
    kind, x, y, z = (int(v) for v in row[:4])
    if kind in (BUILD, SPRAWL):
        move = None if z < 0 else LOT_IDS[z]
        return (Build if kind == BUILD else Sprawl)(LOT_IDS[x], COLOURS[y], move)
    if kind == REMODEL:
        return Remodel(LOT_IDS[x], COLOURS[y])
    if kind == REORGANIZE:
        return Reorganize(LOT_IDS[x])
    if kind == GAMBLE:
        return Gamble(LOT_IDS[x], y)
    if kind == MOVE_DIE:
        return MoveDie(LOT_IDS[x])
    if kind == PLACE_DIE:
        return PlaceDie(LOT_IDS[x])
    if kind == LAY_OFF:
        return LayOff(bool(x))
    return EndTurn()


@_jit
def _seed(seed: int) -> None:
    np.random.seed(seed)
