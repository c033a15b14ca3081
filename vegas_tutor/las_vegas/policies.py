"""How simulated players choose a face, defined once on the engine's ``State``.

- ``"random"``: a uniformly random face among those rolled.
- ``"greedy"``: the face whose placement most raises the player's bill *if the round ended now* at that
  casino (the bill they would take after placing, minus the bill they would take before); ties are
  broken uniformly at random.

:func:`face_weights` gives each policy's exact probabilities (for exact enumeration), :func:`choose_face`
draws its choice; :func:`check_policy`, :func:`bill_now` and :func:`placement_gain` are their parts.
:func:`leader_face` defines the playouts' third choice, ``leader`` (not a policy a player picks): the face
that leaves the player closest to whoever leads if the round ended now. The fast simulator
(:mod:`vegas_tutor.las_vegas.simulate`) and the playouts (:mod:`vegas_tutor.las_vegas.playouts`) compile
the same choices on arrays and are tested against these definitions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, get_args

from vegas_tutor.core.dice import Rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Place
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.rules import bills_by_owner

Policy = Literal["random", "greedy"]
POLICIES: tuple[str, ...] = get_args(Policy)


def check_policy(policy: object) -> Policy:
    if policy not in POLICIES:
        raise ConfigError(_("unknown policy {policy!r}: choose one of {choices}", policy=policy,
                            choices=", ".join(POLICIES)))
    return policy  # type: ignore[return-value]


def bill_now(state: State, casino: int, owner: int, dice: Sequence[int] | None = None) -> int:
    """The bill ``owner`` would take at ``casino`` if the round ended now (with ``dice`` per owner if given).

    For white (owner ``players``) it is the bill the white dice block.
    """
    counts = state.placed_on(casino) if dice is None else dice
    return bills_by_owner(counts, state.bills_on(casino), state.players)[owner]


def placement_gain(state: State, face: int) -> int:
    """How much placing ``face`` raises the player's bill at that casino, if the round ended now."""
    roll = state.current_roll
    seat = state.current_player
    if roll is None or seat is None:
        raise IllegalActionError(_("there is no roll to place ({state})", state=state.describe()))
    own, white = roll
    after = list(state.placed_on(face))
    after[seat] += own[face - 1]
    if state.neutral:
        after[state.players] += white[face - 1]
    return bill_now(state, face, seat, after) - bill_now(state, face, seat)


def face_weights(state: State, policy: Policy | Literal["leader"]) -> dict[int, Fraction]:
    """The probability that ``policy`` places each legal face (exact; used by exact enumeration)."""
    faces = [a.face for a in state.legal_actions() if isinstance(a, Place)]
    if not faces:
        raise IllegalActionError(_("there is no face to choose ({state})", state=state.describe()))
    if policy == "leader":  # (the playouts' rule; exact enumeration only, for the coach's tests)
        return {leader_face(state).face: Fraction(1)}
    if check_policy(policy) == "greedy":
        gains = {f: placement_gain(state, f) for f in faces}
        best = max(gains.values())
        faces = [f for f in faces if gains[f] == best]
    return {f: Fraction(1, len(faces)) for f in faces}


def choose_face(state: State, policy: Policy, rng: Rng) -> Place:
    """Draw the policy's choice with ``rng``."""
    faces = list(face_weights(state, policy))
    return Place(faces[int(rng.integers(len(faces)))])


def standings_now(state: State, face: int | None = None) -> list[tuple[int, int]]:
    """Each seat's (money, bills) if the round ended now, after placing ``face`` of the roll if given."""
    players = state.players
    totals = [(state.money(s), len(state.bills_won(s))) for s in range(players)]
    roll, seat = state.current_roll, state.current_player
    for casino in range(1, 7):
        counts = list(state.placed_on(casino))
        if face == casino and roll is not None and seat is not None:
            counts[seat] += roll[0][casino - 1]
            if state.neutral:
                counts[players] += roll[1][casino - 1]
        paid = bills_by_owner(counts, state.bills_on(casino), players)
        totals = [(t + paid[s], n + (paid[s] > 0)) for s, (t, n) in enumerate(totals)]
    return totals


def leader_key(state: State, face: int) -> tuple[int, ...]:
    """How far placing ``face`` leaves the player behind: every seat's (money, bills) if the round ended
    now, less the player's own, richest first, as one tuple (smaller is better)."""
    seat = state.current_player
    if seat is None or state.current_roll is None:
        raise IllegalActionError(_("there is no roll to place ({state})", state=state.describe()))
    totals = standings_now(state, face)
    mine = totals[seat]
    rows = sorted(((t - mine[0], n - mine[1]) for t, n in totals), reverse=True)
    return tuple(x for row in rows for x in row)


def leader_face(state: State) -> Place:
    """The ``leader`` choice of the playouts (:mod:`.playouts`): the face with the smallest
    :func:`leader_key`, the lowest face among equals. It plays as ``lasvegas``' ``greedy_first``."""
    faces = [a.face for a in state.legal_actions() if isinstance(a, Place)]
    if not faces:
        raise IllegalActionError(_("there is no face to choose ({state})", state=state.describe()))
    return Place(min(faces, key=lambda f: (leader_key(state, f), f)))
