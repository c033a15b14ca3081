"""Playouts to the end of the round or of the game, compiled, for the hard bot's search.

The round is played out as in :mod:`.simulate` (its dice, payout and deal are reused as they are); if
asked, the later rounds are dealt from the bills still on the pile, in an order drawn afresh for each
playout (the searcher never sees the real order), and played too. Besides ``random`` and ``greedy``
(:mod:`.policies`), a seat can play ``leader``: the face that leaves the player closest to whoever leads
the game if the round ended now (see :func:`.policies.leader_face`, its definition on the engine), or as the
``medium`` or ``easy`` bot plays (:mod:`.bots`, on arrays).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

import numpy as np
from numpy.typing import NDArray

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.bots import EASY_BIG_BILL, EASY_WANDER
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.policies import POLICIES
from vegas_tutor.las_vegas.rules import (
    BILLS,
    DICE_PER_PLAYER,
    MAX_BILLS_PER_CASINO,
    ROUNDS,
    neutral_dice_per_player,
    spare_neutral_dice,
)
from vegas_tutor.las_vegas.simulate import (
    _choose,
    _deal,
    _jit,
    _next_seat,
    _pay_out,
    _roll,
    arrays,
    owner_bills,
)

Ints = NDArray[np.int64]
PlayoutPolicy = Literal["random", "greedy", "leader", "medium", "easy"]
PLAYOUT_POLICIES: tuple[str, ...] = get_args(PlayoutPolicy)
assert PLAYOUT_POLICIES[: len(POLICIES)] == POLICIES  # the compiled indices of random and greedy are shared
_LEADER = PLAYOUT_POLICIES.index("leader")
_MEDIUM = PLAYOUT_POLICIES.index("medium")
_EASY = PLAYOUT_POLICIES.index("easy")
_PILE = len(BILLS)


@_jit
def _leader(placed: Ints, bills: Ints, money: Ints, nbills: Ints, seat: int, white_owner: int, own: Ints,
            white: Ints, pay: Ints, work: Ints, paid: Ints, tot: Ints, cnt: Ints, key: Ints, best_key: Ints) -> int:
    """The face index the ``leader`` policy places (the lowest among equals).

    For each face: every seat's money and bill count if the round ended after placing it, less the
    player's own; these rows sorted from the richest (then most bills) down, read as one sequence; the
    face with the smallest sequence (compared term by term) is chosen.
    """
    players = money.shape[0]
    for c in range(6):
        owner_bills(placed[c], bills[c], pay[c])
    best = -1
    for f in range(6):
        if own[f] + white[f] == 0:
            continue
        work[:] = placed[f]
        work[seat] += own[f]
        if white_owner >= 0:
            work[white_owner] += white[f]
        owner_bills(work, bills[f], paid)
        for s in range(players):
            t = money[s]
            n = nbills[s]
            for c in range(6):
                b = paid[s] if c == f else pay[c, s]
                if b > 0:
                    t += b
                    n += 1
            tot[s] = t
            cnt[s] = n
        mine_t, mine_n = tot[seat], cnt[seat]
        for s in range(players):
            tot[s] -= mine_t
            cnt[s] -= mine_n
        # Rows from the richest down (insertion sort on (money, bills), players <= 5).
        for i in range(1, players):
            t, n = tot[i], cnt[i]
            j = i
            while j > 0 and (tot[j - 1] < t or (tot[j - 1] == t and cnt[j - 1] < n)):
                tot[j] = tot[j - 1]
                cnt[j] = cnt[j - 1]
                j -= 1
            tot[j] = t
            cnt[j] = n
        for s in range(players):
            key[2 * s] = tot[s]
            key[2 * s + 1] = cnt[s]
        better = best < 0
        if not better:
            for i in range(2 * players):
                if key[i] != best_key[i]:
                    better = key[i] < best_key[i]
                    break
        if better:
            best = f
            best_key[:] = key
    return best


@_jit
def _medium(placed: Ints, bills: Ints, seat: int, white_owner: int, own: Ints, white: Ints, work: Ints,
            before: Ints, after: Ints) -> int:
    """The face index the ``medium`` bot places (:func:`.bots._medium` on arrays): the most bill gained at the
    casino if the round ended now plus half the bills taken from rivals shared between them, then the fewest own
    dice spent, then uniformly among equals. Scores are doubled and multiplied by the rivals, to stay integers."""
    players = placed.shape[1] - (1 if white_owner >= 0 else 0)
    best, best_key, best_own, ties = -1, 0, 0, 0
    for f in range(6):
        if own[f] + white[f] == 0:
            continue
        owner_bills(placed[f], bills[f], before)
        work[:] = placed[f]
        work[seat] += own[f]
        if white_owner >= 0:
            work[white_owner] += white[f]
        owner_bills(work, bills[f], after)
        taken = 0
        for s in range(players):
            if s != seat:
                taken += before[s] - after[s]
        key = 2 * (players - 1) * (after[seat] - before[seat]) + taken
        if best < 0 or key > best_key or (key == best_key and own[f] < best_own):
            best, best_key, best_own, ties = f, key, own[f], 1
        elif key == best_key and own[f] == best_own:
            ties += 1
            if np.random.randint(0, ties) == 0:
                best = f
    return best


@_jit
def _easy(bills: Ints, own: Ints, white: Ints) -> int:
    """The face index the ``easy`` bot places (:func:`.bots._easy` on arrays): any face rolled with chance
    :data:`.bots.EASY_WANDER`; else with chance :data:`.bots.EASY_BIG_BILL` the casino with the biggest bill,
    otherwise the face showing the most dice; uniformly among equals."""
    draw = np.random.random()
    best, best_key, ties = -1, -1, 0
    for f in range(6):
        if own[f] + white[f] == 0:
            continue
        if draw < EASY_WANDER:
            key = 0
        elif draw < EASY_WANDER + EASY_BIG_BILL:
            key = bills[f].max()
        else:
            key = own[f] + white[f]
        if key > best_key:
            best, best_key, ties = f, key, 1
        elif key == best_key:
            ties += 1
            if np.random.randint(0, ties) == 0:
                best = f
    return best


@_jit
def _pick(policy: int, placed: Ints, bills: Ints, money: Ints, nbills: Ints, seat: int, white_owner: int,
          own: Ints, white: Ints, work: Ints, paid: Ints, pay: Ints, keys: Ints) -> int:
    """The face index ``policy`` places; ``keys`` is (4, 10) working space."""
    if policy == _LEADER:
        return _leader(placed, bills, money, nbills, seat, white_owner, own, white, pay, work, paid,
                       keys[0], keys[1], keys[2], keys[3])
    if policy == _MEDIUM:
        return _medium(placed, bills, seat, white_owner, own, white, work, pay[0], pay[1])
    if policy == _EASY:
        return _easy(bills, own, white)
    return _choose(policy, placed, bills, seat, white_owner, own, white, work, paid)


@_jit
def _play_round(policies: Ints, placed: Ints, hand: Ints, white: Ints, turn: int, bills: Ints,
                white_owner: int, money: Ints, nbills: Ints, scratch: Ints, pay: Ints, keys: Ints) -> None:
    """Play the round to its end from ``turn`` (who must roll), seat s by ``policies[s]``.

    The same dice and choices as :func:`.simulate._play_round` for its policies, given the same seed.
    """
    owners = placed.shape[1]
    own_roll, white_roll, work, paid = scratch[0], scratch[1], scratch[2, :owners], scratch[3, :owners]
    while turn >= 0:
        _roll(hand[turn], own_roll)
        _roll(white[turn], white_roll)
        f = _pick(policies[turn], placed, bills, money, nbills, turn, white_owner, own_roll, white_roll, work,
                  paid, pay, keys)
        placed[f, turn] += own_roll[f]
        hand[turn] -= own_roll[f]
        if white_owner >= 0:
            placed[f, white_owner] += white_roll[f]
            white[turn] -= white_roll[f]
        turn = _next_seat(hand, white, turn)


@_jit
def _finish_game(policies: Ints, placed: Ints, hand: Ints, white: Ints, turn: int, bills: Ints,
                 white_owner: int, money: Ints, nbills: Ints, pile: Ints, head: int, size: int, round_: int,
                 start: int, white_per_player: int, spare: int, scratch: Ints, pay: Ints, keys: Ints,
                 last_round: int) -> None:
    """Play from ``turn`` (who must roll, or -1 when the round is over) to the end of round ``last_round``.

    ``money``/``nbills`` are updated in place; ``pile`` is a ring of the bills still to deal from ``head``.
    """
    players = hand.shape[0]
    spare_roll = np.zeros(6, np.int64)
    r = round_
    while True:
        if turn >= 0:
            _play_round(policies, placed, hand, white, turn, bills, white_owner, money, nbills, scratch, pay,
                        keys)
        size = _pay_out(placed, bills, pile, head, size, money, nbills, pay)
        if r >= last_round:
            return
        r += 1
        start = (start + 1) % players
        head, size = _deal(bills, pile, head, size)
        placed[:, :] = 0
        hand[:] = DICE_PER_PLAYER
        white[:] = white_per_player
        if spare:
            _roll(spare, spare_roll)
            placed[:, white_owner] += spare_roll
        turn = start


@_jit
def _games(n: int, players: int, neutral: bool, policies: Ints, seed: int, all_bills: Ints, per_player_white: int,
           spare: int) -> tuple[Ints, Ints]:
    """Whole games through :func:`_finish_game`: the same as :func:`.simulate._games` for its policies."""
    np.random.seed(seed)
    owners = players + 1 if neutral else players
    white_owner = players if neutral else -1
    result = np.zeros((n, players), np.int64)
    counts = np.zeros((n, players), np.int64)
    placed = np.zeros((6, owners), np.int64)
    bills = np.zeros((6, MAX_BILLS_PER_CASINO), np.int64)
    hand = np.zeros(players, np.int64)
    white = np.zeros(players, np.int64)
    spare_roll = np.zeros(6, np.int64)
    scratch = np.zeros((4, 6), np.int64)
    pay = np.zeros((6, owners), np.int64)
    keys = np.zeros((4, 10), np.int64)
    pile = all_bills.copy()
    for g in range(n):
        pile[:] = all_bills
        np.random.shuffle(pile)
        head, size = _deal(bills, pile, 0, _PILE)
        placed[:, :] = 0
        hand[:] = DICE_PER_PLAYER
        white[:] = per_player_white
        if spare:
            _roll(spare, spare_roll)
            placed[:, white_owner] += spare_roll
        _finish_game(policies, placed, hand, white, 0, bills, white_owner, result[g], counts[g], pile, head, size,
                     1, 0, per_player_white, spare, scratch, pay, keys, ROUNDS)
    return result, counts


@_jit
def _face_playouts(n: int, policies: Ints, seed: int, placed0: Ints, hand0: Ints, white0: Ints, seat: int,
                   bills0: Ints, white_owner: int, money0: Ints, nbills0: Ints, rest: Ints, round_: int, start: int,
                   white_per_player: int, spare: int, own_roll: Ints, white_roll: Ints,
                   faces: Ints, last_round: int) -> tuple[Ints, Ints]:
    """For each face index in ``faces``: ``seat`` places it, then the game is played out ``n`` times to the
    end of round ``last_round``.

    The faces share their random numbers (the same seed, the same pile orders as far as paths allow).
    ``rest`` holds the bills on the pile (any order). Returns the final money and bill counts per face,
    playout and seat, shape (faces, n, players).
    """
    players = hand0.shape[0]
    owners = placed0.shape[1]
    money = np.zeros((faces.shape[0], n, players), np.int64)
    count = np.zeros((faces.shape[0], n, players), np.int64)
    placed = np.empty_like(placed0)
    bills = np.empty_like(bills0)
    hand = np.empty_like(hand0)
    white = np.empty_like(white0)
    pile = np.zeros(_PILE, np.int64)
    scratch = np.zeros((4, 6), np.int64)
    pay = np.zeros((6, owners), np.int64)
    keys = np.zeros((4, 10), np.int64)
    m = rest.shape[0]
    for k in range(faces.shape[0]):
        np.random.seed(seed)
        f = faces[k]
        for g in range(n):
            placed[:, :] = placed0
            bills[:, :] = bills0
            hand[:] = hand0
            white[:] = white0
            money[k, g] = money0
            count[k, g] = nbills0
            pile[:m] = rest
            if last_round > round_:  # the order matters only if more bills are dealt
                np.random.shuffle(pile[:m])
            placed[f, seat] += own_roll[f]
            hand[seat] -= own_roll[f]
            if white_owner >= 0:
                placed[f, white_owner] += white_roll[f]
                white[seat] -= white_roll[f]
            nxt = _next_seat(hand, white, seat)
            _finish_game(policies, placed, hand, white, nxt, bills, white_owner, money[k, g], count[k, g], pile, 0,
                         m, round_, start, white_per_player, spare, scratch, pay, keys, last_round)
    return money, count


def _white_dice(players: int, neutral: bool) -> tuple[int, int]:
    """White dice per player and spare white dice at each round start."""
    return (neutral_dice_per_player(players), spare_neutral_dice(players)) if neutral else (0, 0)


def _indices(policy: str | Sequence[str], players: int) -> Ints:
    seats = [policy] * players if isinstance(policy, str) else list(policy)
    for p in seats:
        if p not in PLAYOUT_POLICIES:
            raise ConfigError(_("unknown policy {policy!r}: choose one of {choices}", policy=p,
                                choices=", ".join(PLAYOUT_POLICIES)))
    if len(seats) != players:
        raise ConfigError(_("one policy per seat: {players} players, {count} policies given", players=players,
                            count=len(seats)))
    return np.array([PLAYOUT_POLICIES.index(p) for p in seats], dtype=np.int64)


def playout_games(n: int, *, players: int = 4, neutral: bool = False, policy: str | Sequence[str] = "random",
                  seed: int = 0) -> tuple[Ints, Ints]:
    """Whole games played by these playouts: ``(money, bills)`` per game and seat, shape (n, players).

    For ``random`` and ``greedy`` the games are exactly those of :func:`.simulate.simulate_results` with
    the same seed; ``leader`` is allowed too.
    """
    if not is_int(n) or n < 0:
        raise ConfigError(_("n must be a whole number >= 0, got {n!r}", n=n))
    if not isinstance(players, int) or not 2 <= players <= 5 or (neutral and players == 5):
        raise ConfigError(_("Las Vegas is for 2 to 5 players (variant: 2 to 4), got {players!r}", players=players))
    white, spare = _white_dice(players, bool(neutral))
    return _games(n, players, bool(neutral), _indices(policy, players), int(seed), np.array(BILLS, dtype=np.int64),
                  white, spare)


def face_playouts(state: State, n: int, *, policy: str | Sequence[str] = "leader", seed: int = 0,
                  rounds: int | None = None) -> tuple[tuple[int, ...], Ints, Ints]:
    """For the player about to place: each legal face, then ``n`` playouts to the end of the game (or of
    the round ``rounds`` after this one: 0 stops when this round is paid).

    The later rounds are dealt from the bills on the pile in a fresh random order per playout (the real
    order is never read). Returns the faces (1..6, lowest first) and the final money and bill counts per
    face, playout and seat: two arrays of shape (faces, n, players).
    """
    roll, seat = state.current_roll, state.current_player
    if state.phase != "place" or roll is None or seat is None:
        raise IllegalActionError(_("face playouts need a roll to place ({state})", state=state.describe()))
    if not is_int(n) or n < 1:
        raise ConfigError(_("n must be a whole number >= 1, got {n!r}", n=n))
    if rounds is not None and (not is_int(rounds) or rounds < 0):
        raise ConfigError(_("rounds must be a whole number >= 0, got {rounds!r}", rounds=rounds))
    last_round = ROUNDS if rounds is None else min(ROUNDS, state.round + rounds)
    policies = _indices(policy, state.players)
    placed, hand, white, bills, white_owner = arrays(state)
    own, white_roll = (np.array(r, dtype=np.int64) for r in roll)
    faces = tuple(f for f in range(1, 7) if own[f - 1] + white_roll[f - 1] > 0)
    money = np.array([state.money(s) for s in range(state.players)], dtype=np.int64)
    nbills = np.array([len(state.bills_won(s)) for s in range(state.players)], dtype=np.int64)
    rest = np.array(sorted(state.pile), dtype=np.int64)
    per_player, spare = _white_dice(state.players, state.neutral)
    final_money, final_bills = _face_playouts(
        n, policies, int(seed), placed, hand, white, seat, bills, white_owner, money, nbills, rest, state.round,
        state.start_player, per_player, spare, own, white_roll, np.array(faces, dtype=np.int64) - 1, last_round)
    return faces, final_money, final_bills


def compiled_face(state: State, policy: str = "leader", *, seed: int = 0) -> int:
    """The face (1..6) the compiled ``policy`` places in ``state`` (for the tests against
    :func:`.policies.leader_face` and :func:`.bots.choose_action`); ``seed`` draws among equal faces."""
    roll, seat = state.current_roll, state.current_player
    if state.phase != "place" or roll is None or seat is None:
        raise IllegalActionError(_("there is no roll to place ({state})", state=state.describe()))
    placed, _hand, _white, bills, white_owner = arrays(state)
    own, white = (np.array(r, dtype=np.int64) for r in roll)
    money = np.array([state.money(s) for s in range(state.players)], dtype=np.int64)
    nbills = np.array([len(state.bills_won(s)) for s in range(state.players)], dtype=np.int64)
    owners = placed.shape[1]
    playout_games(0, players=state.players, neutral=state.neutral, seed=int(seed))  # seeds the compiled draws
    face = _pick(int(_indices(policy, 1)[0]), placed, bills, money, nbills, seat, white_owner, own, white,
                 np.zeros(owners, np.int64), np.zeros(owners, np.int64), np.zeros((6, owners), np.int64),
                 np.zeros((4, 10), np.int64))
    return int(face) + 1
