"""Fast play of Las Vegas compiled with numba: whole games, rollouts of the round, and winning chances.

- :func:`simulate_games` / :func:`simulate_results` play many whole games (the lab's and the studies'
  strategy comparisons);
- :func:`rollouts` plays the rest of the round from a position (the bill outlook of :mod:`.odds` where
  counting exactly would be too slow);
- :func:`win_shares` turns a round's takes into the chance of winning the game (the coach and the hard
  bot's search);
- :func:`arrays` and the compiled pieces (rolling, paying out, dealing, the policies' choice) are what
  :mod:`.playouts` reuses.

This is the unchecked fast path. The checked :class:`~vegas_tutor.las_vegas.engine.State` stays the
reference; the tests hold the two together (exact agreement of the payout rule and the policies' choices,
statistical agreement of whole games and of rest-of-round rollouts). Dice come from numba's own generator,
seeded by ``seed`` for repeatability.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.policies import POLICIES, check_policy
from vegas_tutor.las_vegas.rules import (
    BILLS,
    DICE_PER_PLAYER,
    MAX_BILLS_PER_CASINO,
    MIN_STAKE,
    ROUNDS,
    neutral_dice_per_player,
    spare_neutral_dice,
)

Ints = NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., Any])
_PILE = len(BILLS)
_GREEDY = POLICIES.index("greedy")


def _jit(func: F) -> F:
    return cast(F, numba.njit(cache=True, nogil=True)(func))


@_jit
def seat_bill(counts: Ints, bills: Ints, owner: int) -> int:
    """The bill ``owner`` takes at one casino (``counts`` dice per owner), 0 if none.

    An owner whose count someone else also has cancels; the others take bills by rank, most dice first.
    """
    c = counts[owner]
    if c == 0:
        return 0
    rank = 0
    for other in range(counts.shape[0]):
        if other == owner:
            continue
        oc = counts[other]
        if oc == c:
            return 0
        if oc > c:
            # Only an owner who is paid (unique count) takes a rank ahead of ``owner``.
            alone = True
            for third in range(counts.shape[0]):
                if third != other and counts[third] == oc:
                    alone = False
                    break
            if alone:
                rank += 1
    return int(bills[rank]) if rank < MAX_BILLS_PER_CASINO else 0


@_jit
def owner_bills(counts: Ints, bills: Ints, out: Ints) -> None:
    """Write into ``out`` the bill each owner takes at one casino (``counts`` dice per owner)."""
    for o in range(counts.shape[0]):
        out[o] = seat_bill(counts, bills, o)


@_jit
def _roll(dice: int, counts: Ints) -> None:
    """Roll ``dice`` dice into counts per face: one uniform draw in [0, 6**m) gives m dice as base-6 digits."""
    counts[:] = 0
    while dice > 0:
        m = min(dice, 12)
        x = np.random.randint(0, 6**m)
        for _digit in range(m):
            counts[x % 6] += 1
            x //= 6
        dice -= m


@_jit
def _gain(placed: Ints, bills: Ints, seat: int, white_owner: int, face: int, own: int, white: int,
          work: Ints, paid: Ints) -> int:
    """How much placing ``own`` (+ ``white``) dice on casino ``face`` raises ``seat``'s bill there now."""
    before = seat_bill(placed[face], bills[face], seat)
    work[:] = placed[face]
    work[seat] += own
    if white_owner >= 0:
        work[white_owner] += white
    return seat_bill(work, bills[face], seat) - before


@_jit
def _choose(policy: int, placed: Ints, bills: Ints, seat: int, white_owner: int, own: Ints, white: Ints,
            work: Ints, paid: Ints) -> int:
    """The face index (0..5) the policy places: random among those rolled, or greedy with random ties."""
    if policy != _GREEDY:
        present = 0
        for f in range(6):
            if own[f] + white[f] > 0:
                present += 1
        pick = np.random.randint(0, present)
        for f in range(6):
            if own[f] + white[f] > 0:
                if pick == 0:
                    return f
                pick -= 1
    best = -1
    best_gain = -(1 << 40)
    ties = 0
    for f in range(6):
        if own[f] + white[f] == 0:
            continue
        gain = _gain(placed, bills, seat, white_owner, f, own[f], white[f], work, paid)
        if gain > best_gain:
            best, best_gain, ties = f, gain, 1
        elif gain == best_gain:
            ties += 1
            if np.random.randint(0, ties) == 0:
                best = f
    return best


@_jit
def _play_round(policies: Ints, placed: Ints, hand: Ints, white: Ints, turn: int, bills: Ints,
                white_owner: int, scratch: Ints) -> None:
    """Play one game's round to its end, seat s by ``policies[s]``; ``scratch`` is (4, 6) working space."""
    players = hand.shape[0]
    owners = placed.shape[1]
    own_roll, white_roll, work, paid = scratch[0], scratch[1], scratch[2, :owners], scratch[3, :owners]
    while True:
        _roll(hand[turn], own_roll)
        _roll(white[turn], white_roll)
        f = _choose(policies[turn], placed, bills, turn, white_owner, own_roll, white_roll, work, paid)
        placed[f, turn] += own_roll[f]
        hand[turn] -= own_roll[f]
        if white_owner >= 0:
            placed[f, white_owner] += white_roll[f]
            white[turn] -= white_roll[f]
        nxt = -1
        for step in range(1, players + 1):
            seat = (turn + step) % players
            if hand[seat] + white[seat] > 0:
                nxt = seat
                break
        if nxt < 0:
            return
        turn = nxt


@_jit
def _pay_out(placed: Ints, bills: Ints, pile: Ints, head: int, size: int, money: Ints, nbills: Ints,
             pay: Ints) -> int:
    """Pay every casino into ``pay`` (casino, owner); unwon and white bills go under the pile. Returns size."""
    players = money.shape[0]
    for c in range(6):
        owner_bills(placed[c], bills[c], pay[c])
        for j in range(MAX_BILLS_PER_CASINO):
            bill = bills[c, j]
            if bill == 0:
                continue
            taken = False
            for s in range(players):
                if pay[c, s] == bill:
                    # Equal bills are interchangeable: count how many of this value seats took so far.
                    taken = True
                    break
            if taken:
                took = 0
                for s in range(players):
                    if pay[c, s] == bill:
                        took += 1
                earlier = 0
                for k in range(j):
                    if bills[c, k] == bill:
                        earlier += 1
                taken = earlier < took
            if not taken:
                pile[(head + size) % _PILE] = bill
                size += 1
        for s in range(players):
            if pay[c, s] > 0:
                money[s] += pay[c, s]
                nbills[s] += 1
    return size


@_jit
def _deal(bills: Ints, pile: Ints, head: int, size: int) -> tuple[int, int]:
    bills[:, :] = 0
    for c in range(6):
        total = 0
        j = 0
        while total < MIN_STAKE and size > 0:
            bill = pile[head]
            total += bill
            head = (head + 1) % _PILE
            size -= 1
            k = j
            while k > 0 and bills[c, k - 1] < bill:  # keep the casino's bills highest first
                bills[c, k] = bills[c, k - 1]
                k -= 1
            bills[c, k] = bill
            j += 1
    return head, size


@_jit
def _games(n: int, players: int, neutral: bool, policies: Ints, seed: int, all_bills: Ints) -> tuple[Ints, Ints]:
    np.random.seed(seed)
    owners = players + 1 if neutral else players
    white_owner = players if neutral else -1
    per_player_white = 0
    spare = 0
    if neutral:
        per_player_white = 4 if players == 2 else 2
        spare = 2 if players == 3 else 0
    result = np.zeros((n, players), np.int64)
    counts = np.zeros((n, players), np.int64)
    placed = np.zeros((6, owners), np.int64)
    bills = np.zeros((6, MAX_BILLS_PER_CASINO), np.int64)
    pay = np.zeros((6, owners), np.int64)
    hand = np.zeros(players, np.int64)
    white = np.zeros(players, np.int64)
    spare_roll = np.zeros(6, np.int64)
    scratch = np.zeros((4, 6), np.int64)
    pile = all_bills.copy()
    for g in range(n):
        pile[:] = all_bills
        np.random.shuffle(pile)
        head, size = 0, _PILE
        money = result[g]
        nbills = counts[g]
        for r in range(ROUNDS):
            head, size = _deal(bills, pile, head, size)
            placed[:, :] = 0
            hand[:] = DICE_PER_PLAYER
            white[:] = per_player_white
            if spare:
                _roll(spare, spare_roll)
                placed[:, white_owner] += spare_roll
            _play_round(policies, placed, hand, white, r % players, bills, white_owner, scratch)
            size = _pay_out(placed, bills, pile, head, size, money, nbills, pay)
    return result, counts


@_jit
def _rollouts(n: int, policy: int, seed: int, placed0: Ints, hand0: Ints, white0: Ints, turn: int,
              bills: Ints, white_owner: int) -> Ints:
    np.random.seed(seed)
    out = np.zeros((n, 6, placed0.shape[1]), np.int64)
    placed = np.empty_like(placed0)
    hand = np.empty_like(hand0)
    white = np.empty_like(white0)
    scratch = np.zeros((4, 6), np.int64)
    policies = np.full(hand0.shape[0], policy, np.int64)
    for g in range(n):
        placed[:, :] = placed0
        hand[:] = hand0
        white[:] = white0
        _play_round(policies, placed, hand, white, turn, bills, white_owner, scratch)
        for c in range(6):
            owner_bills(placed[c], bills[c], out[g, c])
    return out


def simulate_games(
    n: int, *, players: int = 4, neutral: bool = False, policy: str | Sequence[str] = "random", seed: int = 0
) -> Ints:
    """Play ``n`` whole games with ``policy`` at every seat (or ``policy[s]`` at seat s); return each seat's
    money, shape (n, players).

    Seat 0 starts round 1 and the start passes left each round, as in :func:`~.engine.new_game`.

    >>> simulate_games(3, players=2, seed=1).shape
    (3, 2)
    >>> simulate_games(2, players=3, policy=("greedy", "random", "random")).shape
    (2, 3)
    """
    return simulate_results(n, players=players, neutral=neutral, policy=policy, seed=seed)[0]


def simulate_results(
    n: int, *, players: int = 4, neutral: bool = False, policy: str | Sequence[str] = "random", seed: int = 0
) -> tuple[Ints, Ints]:
    """As :func:`simulate_games`, with each seat's number of bills too (the tie-break for first place):
    ``(money, bills)``, both of shape (n, players)."""
    seats = [policy] * players if isinstance(policy, str) else list(policy)
    chosen = [check_policy(p) for p in seats]
    if not is_int(n) or n < 0:
        raise ConfigError(_("n must be a whole number >= 0, got {n!r}", n=n))
    if not isinstance(players, int) or not 2 <= players <= 5 or (neutral and players == 5):
        raise ConfigError(_("Las Vegas is for 2 to 5 players (variant: 2 to 4), got {players!r}", players=players))
    assert neutral_dice_per_player(3) == 2 and spare_neutral_dice(3) == 2  # the constants compiled above
    if len(chosen) != players:
        raise ConfigError(_("one policy per seat: {players} players, {count} policies given", players=players,
                            count=len(chosen)))
    all_bills = np.array(BILLS, dtype=np.int64)
    indices = np.array([POLICIES.index(p) for p in chosen], dtype=np.int64)
    return _games(n, players, bool(neutral), indices, int(seed), all_bills)


def rollouts(state: State, n: int, *, policy: str = "random", seed: int = 0) -> Ints:
    """Play the rest of the round ``n`` times from ``state`` (a player must roll); return the bills won.

    The result has shape (n, 6, owners): the bill each owner takes at each casino when the round ends.
    """
    chosen = check_policy(policy)
    if state.phase != "roll":
        raise IllegalActionError(_("rollouts start when a player must roll ({state})", state=state.describe()))
    placed = np.array([state.placed_on(c) for c in range(1, 7)], dtype=np.int64)
    hand = np.array([state.in_hand(s) for s in range(state.players)], dtype=np.int64)
    white = np.array([state.white_in_hand(s) for s in range(state.players)], dtype=np.int64)
    bills = np.zeros((6, MAX_BILLS_PER_CASINO), dtype=np.int64)
    for c in range(1, 7):
        on = state.bills_on(c)
        bills[c - 1, : len(on)] = on
    turn = state.current_player
    assert turn is not None
    white_owner = state.players if state.neutral else -1
    return _rollouts(n, POLICIES.index(chosen), int(seed), placed, hand, white, turn, bills, white_owner)


# ---------------------------------------------------------------------- one decision, searched
@_jit
def _next_seat(hand: Ints, white: Ints, turn: int) -> int:
    """The next seat after ``turn`` (``turn`` itself last) still holding dice, or -1 when the round is over."""
    players: int = hand.shape[0]
    for step in range(1, players + 1):
        seat = (turn + step) % players
        if hand[seat] + white[seat] > 0:
            return seat
    return -1


@_jit
def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


@_jit
def win_shares(money: Ints, count: Ints, base_money: Ints, base_count: Ints, seat: int, rounds_left: int,
               spread: float, nodes: NDArray[np.float64], weights: NDArray[np.float64]) -> NDArray[np.float64]:
    """The chance that ``seat`` wins the game, for every rolled-out ending of this round.

    ``money``/``count`` (…, players) are this round's takes, ``base_*`` what each seat held before. With no
    round left the game is decided: 1 for a sole winner (most money, then most bills), 1/k for a victory
    shared by k. Otherwise each seat's gain over the ``rounds_left`` rounds still to play is modelled as
    independent normal with standard deviation ``spread * sqrt(rounds_left)`` (the same mean for all), and
    the chance to finish ahead of every rival is integrated over the seat's own gain with the Gauss–Hermite
    ``nodes``/``weights`` (probabilists' form).
    """
    players = base_money.shape[0]
    flat_money = money.reshape(-1, players)
    flat_count = count.reshape(-1, players)
    rows = flat_money.shape[0]
    out = np.zeros(rows, np.float64)
    scale = spread * math.sqrt(max(rounds_left, 1))
    total_weight = weights.sum()
    for r in range(rows):
        mine = base_money[seat] + flat_money[r, seat]
        if rounds_left == 0:
            bills_mine = base_count[seat] + flat_count[r, seat]
            tied = 1
            beaten = False
            for s in range(players):
                if s == seat:
                    continue
                theirs = base_money[s] + flat_money[r, s]
                bills_theirs = base_count[s] + flat_count[r, s]
                if theirs > mine or (theirs == mine and bills_theirs > bills_mine):
                    beaten = True
                    break
                if theirs == mine and bills_theirs == bills_mine:
                    tied += 1
            out[r] = 0.0 if beaten else 1.0 / tied
            continue
        acc = 0.0
        for q in range(nodes.shape[0]):
            prod = weights[q]
            for s in range(players):
                if s != seat:
                    lead = (mine - base_money[s] - flat_money[r, s]) / scale
                    prod *= _normal_cdf(lead + nodes[q])
            acc += prod
        out[r] = acc / total_weight
    return out.reshape(money.shape[:-1])


def arrays(state: State) -> tuple[Ints, Ints, Ints, Ints, int]:
    """The compiled form of the round in play: dice placed, in hand, white in hand, bills; the white owner."""
    placed = np.array([state.placed_on(c) for c in range(1, 7)], dtype=np.int64)
    hand = np.array([state.in_hand(s) for s in range(state.players)], dtype=np.int64)
    white = np.array([state.white_in_hand(s) for s in range(state.players)], dtype=np.int64)
    bills = np.zeros((6, MAX_BILLS_PER_CASINO), dtype=np.int64)
    for c in range(1, 7):
        on = state.bills_on(c)
        bills[c - 1, : len(on)] = on
    return placed, hand, white, bills, state.players if state.neutral else -1
