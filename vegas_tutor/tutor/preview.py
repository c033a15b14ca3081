"""The simulated half of the placement odds, for a board that must answer before an exact count is done.

:func:`vegas_tutor.las_vegas.odds.placement_odds` also enumerates the rest of the round exactly when few dice
are left, which can take a second or more. The board first shows these simulated figures (the very same
numbers ``placement_odds`` reports, from the same seeded rollouts), then adds the exact values when the
background count is done. (Workaround: ``placement_odds`` has no switch to skip the exact count; with one,
this module would reduce to a call.)

>>> from vegas_tutor.las_vegas import new_game
>>> state = new_game(3, seed=2); state.apply("roll")
>>> odds = simulated_placement_odds(state, policy="random", target_stderr=1_500)
>>> [f.face for f in odds.faces] == [a.face for a in state.legal_actions()], odds.faces[0].exact
(True, None)
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.las_vegas.actions import Place
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.odds import FIRST_BATCH, FaceOdds, PlacementOdds
from vegas_tutor.las_vegas.policies import check_policy
from vegas_tutor.las_vegas.rules import CASINOS
from vegas_tutor.las_vegas.simulate import rollouts


def simulated_placement_odds(
    state: State, *, policy: str, target_stderr: float, seed: int = 0, max_rollouts: int = 200_000
) -> PlacementOdds:
    """``placement_odds`` without the exact count: every face's simulated expectation and bill chances."""
    chosen = check_policy(policy)
    roll, seat = state.current_roll, state.current_player
    if state.phase != "place" or roll is None or seat is None:
        raise IllegalActionError(f"the odds of a placement need a roll to place ({state.describe()})")
    own, white = roll
    faces = []
    for action in state.legal_actions():
        assert isinstance(action, Place)
        face = action.face
        bills = {c: tuple(dict.fromkeys(state.bills_on(c))) for c in CASINOS}
        after = state.copy()
        after.apply(action)
        if after.is_over or after.round != state.round:  # the last die: the payout is certain
            takes = {p.casino: p.takes.get(seat, 0) for p in after.payouts[-1]}
            chance = tuple(tuple((b, 1.0 if takes[c] == b else 0.0) for b in bills[c]) for c in CASINOS)
            value = sum(takes.values())
            faces.append(FaceOdds(face, own[face - 1], white[face - 1], float(value), 0.0, chance,
                                  Fraction(value), 0))
            continue
        pay = rollouts(after, FIRST_BATCH, policy=chosen, seed=seed)
        mine = pay[:, :, seat].sum(1)
        stderr = float(mine.std(ddof=1) / np.sqrt(len(mine)))
        if stderr > target_stderr and len(mine) < max_rollouts:
            more = min(max_rollouts, int(len(mine) * (stderr / target_stderr) ** 2 * 1.1) + 1) - len(mine)
            pay = np.concatenate([pay, rollouts(after, more, policy=chosen, seed=seed + 1)])
            mine = pay[:, :, seat].sum(1)
            stderr = float(mine.std(ddof=1) / np.sqrt(len(mine)))
        chance = tuple(tuple((b, float(np.mean(pay[:, c - 1, seat] == b))) for b in bills[c]) for c in CASINOS)
        faces.append(FaceOdds(face, own[face - 1], white[face - 1], float(mine.mean()), stderr, chance, None,
                              len(mine)))
    return PlacementOdds(seat, chosen, tuple(faces))
