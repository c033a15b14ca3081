"""Live odds for Las Vegas: what each placement is worth, and what each casino will pay whom.

Two kinds of answer, side by side where both exist:

- *exact*: "if the round ended now" is a plain payout; and when only a few dice are left to roll, the
  rest of the round is enumerated through the engine (every roll with its probability, every choice
  with the policy's probability), giving ``Fraction``s;
- *simulated*: seeded rollouts of the rest of the round on the compiled fast path, with standard errors.

Both assume the rest of the round is played by a named policy (see :mod:`.policies`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Place, Roll
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.policies import Policy, bill_now, check_policy, face_weights
from vegas_tutor.las_vegas.rules import CASINOS

EXACT_DICE = 4
"""Enumerate the rest of the round exactly when at most this many dice are left to roll."""
FIRST_BATCH = 2_000


@dataclass(frozen=True)
class FaceOdds:
    """What placing one face of the roll is worth to the player this round."""

    face: int
    dice: int
    """The player's own dice showing the face."""
    white: int
    """White dice showing the face (neutral variant)."""
    expected: float
    """Expected money the player wins this round (all casinos) if they place this face."""
    stderr: float
    """Standard error of ``expected`` (0 when exact)."""
    win_chance: tuple[tuple[tuple[int, float], ...], ...]
    """Per casino 1..6: (bill, probability the player takes a bill of that value) for each bill there."""
    exact: Fraction | None
    """The exact expected money when the rest of the round was enumerated, else None."""
    rollouts: int


@dataclass(frozen=True)
class PlacementOdds:
    """The odds of every choice of the player about to place."""

    seat: int
    policy: str
    faces: tuple[FaceOdds, ...]

    def best(self) -> FaceOdds:
        return max(self.faces, key=lambda f: (f.expected, -f.face))


@dataclass(frozen=True)
class BillOutlook:
    """Each casino's expected bill for each owner (seats, then white): now, and by the end of the round."""

    now: tuple[tuple[int, ...], ...]
    """[casino][owner]: the bill taken if the round ended now (exact)."""
    by_end: tuple[tuple[float, ...], ...]
    """[casino][owner]: the expected bill when the round is played out by the policy (simulated)."""
    by_end_stderr: tuple[tuple[float, ...], ...]
    exact_by_end: tuple[tuple[Fraction, ...], ...] | None
    """The same, enumerated exactly when few dice are left; else None."""
    policy: str
    rollouts: int


def dice_left(state: State) -> int:
    """Dice still to be rolled this round (own and white, in every hand)."""
    return sum(state.in_hand(s) + state.white_in_hand(s) for s in range(state.players))


def bills_now(state: State) -> tuple[tuple[int, ...], ...]:
    """[casino][owner]: what each owner would take at each casino if the round ended now."""
    return tuple(tuple(bill_now(state, c, o) for o in range(state.owners)) for c in CASINOS)


def exact_round_bills(state: State, policy: Policy | Literal["leader"]) -> tuple[tuple[Fraction, ...], ...]:
    """[casino][owner]: the exact expected bill at the end of this round, playing it out by ``policy``
    (``leader``, the playouts' rule, too: the coach's second method).

    Enumerates every roll and every choice through the engine, so it is only practical with a few dice
    left (see :data:`EXACT_DICE`).
    """
    if policy != "leader":
        check_policy(policy)
    if state.is_over:
        raise IllegalActionError(_("the game is over: there is no round left to play"))
    work = state.copy()
    round_now = work.round
    owners = range(state.owners)
    memo: dict[tuple[object, ...], list[list[Fraction]]] = {}

    def value() -> list[list[Fraction]]:
        if work.is_over or work.round != round_now:
            return [[Fraction(p.takes.get(o, 0) if o < state.players else (p.white_bill or 0)) for o in owners]
                    for p in work.payouts[-1]]
        key = (work.current_player, work.phase, work.current_roll,
               tuple(work.placed_on(c) for c in CASINOS),
               tuple((work.in_hand(s), work.white_in_hand(s)) for s in range(state.players)))
        if key in memo:
            return memo[key]
        branches: list[tuple[Place | Roll, Fraction]]
        if work.phase == "place":
            branches = [(Place(face), p) for face, p in face_weights(work, policy).items()]
        else:
            branches = [(outcome, p) for outcome, p in work.chance_outcomes()]
        total = [[Fraction(0)] * state.owners for _ in CASINOS]
        for action, p in branches:
            work.apply(action)
            sub = value()
            work.undo()
            for c in range(6):
                row, sub_row = total[c], sub[c]
                for o in owners:
                    if sub_row[o]:
                        row[o] += p * sub_row[o]
        memo[key] = total
        return total

    return tuple(tuple(row) for row in value())


def _simulated(state: State, policy: Policy, n: int, seed: int) -> np.ndarray:
    """(n, 6, owners) bills at the end of the round, from a state where a player must roll."""
    from vegas_tutor.las_vegas.simulate import rollouts  # the compiled simulator loads on first use

    return rollouts(state, n, policy=policy, seed=seed)


def _face_odds(after: State, seat: int, face: int, roll: tuple[tuple[int, ...], tuple[int, ...]],
               policy: Policy, target: float, seed: int, max_rollouts: int, bills: Mapping[int, tuple[int, ...]],
               round_now: int, count_exactly: bool) -> FaceOdds:
    own, white = roll
    if after.is_over or after.round != round_now:  # this placement ended the round: nothing left to chance
        takes = {p.casino: p.takes.get(seat, 0) for p in after.payouts[-1]}
        chance = tuple(tuple((b, 1.0 if takes[c] == b else 0.0) for b in _distinct(bills[c])) for c in CASINOS)
        value = sum(takes.values())
        return FaceOdds(face, own[face - 1], white[face - 1], float(value), 0.0, chance, Fraction(value), 0)
    exact = None
    if count_exactly and dice_left(after) <= EXACT_DICE:
        exact = sum(row[seat] for row in exact_round_bills(after, policy))
    pay = _simulated(after, policy, FIRST_BATCH, seed)
    mine = pay[:, :, seat].sum(1)
    stderr = float(mine.std(ddof=1) / np.sqrt(len(mine)))
    if stderr > target and len(mine) < max_rollouts:
        more = min(max_rollouts, int(len(mine) * (stderr / target) ** 2 * 1.1) + 1) - len(mine)
        pay = np.concatenate([pay, _simulated(after, policy, more, seed + 1)])
        mine = pay[:, :, seat].sum(1)
        stderr = float(mine.std(ddof=1) / np.sqrt(len(mine)))
    chance = tuple(
        tuple((b, float(np.mean(pay[:, c - 1, seat] == b))) for b in _distinct(bills[c])) for c in CASINOS
    )
    return FaceOdds(face, own[face - 1], white[face - 1], float(mine.mean()), stderr, chance,
                    None if exact is None else Fraction(exact), len(mine))


def _distinct(bills: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(bills))


def placement_odds(
    state: State,
    *,
    policy: str = "random",
    target_stderr: float = 1_000.0,
    seed: int = 0,
    max_rollouts: int = 200_000,
    exact: bool = True,
) -> PlacementOdds:
    """For the player about to place: each face's expected money this round and chance of each bill.

    Rollouts continue until the standard error is at most ``target_stderr`` dollars (or ``max_rollouts``).
    With ``exact=False`` the rest of the round is never enumerated (it can take seconds with 4 dice left):
    the simulated figures are the same, and ``FaceOdds.exact`` is set only for a certain payout.
    """
    chosen = check_policy(policy)
    roll, seat = state.current_roll, state.current_player
    if state.phase != "place" or roll is None or seat is None:
        raise IllegalActionError(_("the odds of a placement need a roll to place ({state})", state=state.describe()))
    bills = {c: state.bills_on(c) for c in CASINOS}
    faces = []
    for action in state.legal_actions():
        assert isinstance(action, Place)
        after = state.copy()
        after.apply(action)
        faces.append(_face_odds(after, seat, action.face, roll, chosen, target_stderr, seed, max_rollouts,
                                bills, state.round, exact))
    return PlacementOdds(seat, chosen, tuple(faces))


def bill_outlook(
    state: State, *, policy: str = "random", n: int = 4_000, seed: int = 0, exact: bool = True
) -> BillOutlook:
    """Each casino's bill for each owner: exact if the round ended now, expected by the end of the round.

    While a roll waits to be placed, the player's own choice is made by the policy too. With ``exact=False``
    the end of the round is only simulated, never enumerated.
    """
    chosen = check_policy(policy)
    if state.is_over:
        raise IllegalActionError(_("the game is over: no casino will pay again"))
    now = bills_now(state)
    by_end_exact = exact_round_bills(state, chosen) if exact and dice_left(state) <= EXACT_DICE else None
    if state.phase == "roll":
        branches = [(Fraction(1), state)]
    elif state.phase == "place":
        branches = []
        for face, p in face_weights(state, chosen).items():
            after = state.copy()
            after.apply(Place(face))
            branches.append((p, after))
    else:  # the spare white roll: play it, then roll out
        after = state.copy()
        after.apply(after.legal_actions()[0])
        branches = [(Fraction(1), after)]
    mean = np.zeros((6, state.owners))
    var = np.zeros((6, state.owners))
    for p, branch in branches:
        if branch.round != state.round or branch.is_over:
            pay = np.array([[[p_.takes.get(o, 0) if o < state.players else (p_.white_bill or 0)
                              for o in range(state.owners)] for p_ in branch.payouts[-1]]], dtype=float)
        else:
            pay = _simulated(branch, chosen, n, seed).astype(float)
        mean += float(p) * pay.mean(0)
        var += float(p) ** 2 * (pay.var(0, ddof=1) / len(pay) if len(pay) > 1 else 0.0)
    return BillOutlook(now, _rows(mean), _rows(np.sqrt(var)), by_end_exact, chosen, n)


def _rows(a: np.ndarray) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(float(x) for x in row) for row in a)
