"""The Las Vegas coach: what each face of a roll is worth, which one is best, and why, in plain words.

Each legal face is placed, then the rest of the round is played out on the compiled playouts with every
seat playing ``leader`` (:mod:`.playouts`: close the gap to whoever leads, as the hard bot expects), the
faces sharing their random numbers. Two values per face:

- ``margin``: the expected money the player takes this round, minus what the average rival takes (the
  bill you take from a rival counts as much as a bill you win, split between the rivals);
- ``win_chance``: the chance of winning the game. In the last round it is read off each rolled-out
  ending (most money, then most bills, a shared victory counted as a share). Earlier, each player's gain
  over the rounds still to come is modelled as normal with the spread measured in greedy games
  (:data:`ROUND_SPREAD`) widened by :data:`LATER_ROUNDS_SPREAD`, the same for all, so only the money
  standings matter.

The coach prefers the face with the best chance of winning (then the best margin). It sees only what
the learner sees: the dice, the bills on the casinos and each player's money and bill count; never the
order of the face-down pile (the rollouts end with the round, and the later rounds are the model).

>>> from vegas_tutor.las_vegas import State
>>> state = State.position(2, turn=0, seed=1,
...     casino_bills=[[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]],
...     placed={1: [2, 1], 2: [1, 3], 3: [1, 2], 4: [2, 0]})
>>> state.apply("roll 3 5")
>>> review(state, "place 3").best
Place(face=3)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.polynomial.hermite_e import hermegauss

from vegas_tutor import i18n
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.core.verdict import Verdict, judge
from vegas_tutor.i18n import _, _n, names_list
from vegas_tutor.las_vegas.actions import Action, Place, parse_action
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.rules import CASINO_NAMES, ROUNDS, bills_by_owner, money

ROUND_SPREAD: dict[tuple[int, bool], float] = {
    (2, False): 51_000.0, (2, True): 71_000.0,
    (3, False): 53_000.0, (3, True): 54_000.0,
    (4, False): 51_000.0, (4, True): 50_000.0,
    (5, False): 48_000.0,
}
"""(players, neutral) -> the spread of one player's gain in one round, for comparisons: the standard
deviation of the difference of two seats' final money in greedy games, over sqrt(2 x 4 rounds)."""

LATER_ROUNDS_SPREAD: dict[int, float] = {1: 1.4, 2: 1.45, 3: 1.65}
"""Rounds still to play -> how much wider than :data:`ROUND_SPREAD` the coach takes their spread. Fitted
against playouts of every face to the end of the game (``bench/bench_coach_reference.py``, decisions of
seed 23): with the greedy spread alone the coach gave early losses about 1.4-1.6 times their size (its
"mistakes" in round 1 were mistakes by the deeper reference one time in three). The hard bot's search counts
the rounds left the same way (:mod:`.search`)."""

COACH_ROLLOUTS = 8_000
"""Rollouts shared between the faces of a roll (p95 70–85 ms in bench_bots on this 2-core machine)."""
SEED = 20_240_611
"""The coach's fixed seed: the same position always gets the same review."""

GOOD, MISTAKE = 0.02, 0.06
"""Verdict thresholds on the chance of winning lost: below 2 points ``good``, from 6 points ``mistake``,
between them ``inaccuracy``."""

_NODES, _WEIGHTS = hermegauss(16)


@dataclass(frozen=True)
class Option:
    """One face of the roll and what the coach thinks it is worth."""

    action: Place
    dice: int
    """The player's own dice showing the face."""
    white: int
    """White dice showing the face (neutral variant)."""
    money: float
    """Expected money the player takes this round."""
    money_stderr: float
    margin: float
    """Expected money this round minus the average rival's."""
    margin_stderr: float
    win_chance: float
    """Estimated chance of winning the game."""
    win_stderr: float
    now: str
    """What the placement changes if the round ended now, in words."""


@dataclass(frozen=True)
class Review:
    """The coach's judgement of one decision."""

    action: Place
    best: Place
    loss: float
    """Chance of winning the game given up against ``best`` (0 to 1; 0 for the best)."""
    dollars: float
    """Margin this round given up against ``best``, in dollars. Negative only when the coach's choice gives
    up money this round for a better chance to win."""
    alternatives: tuple[Option, ...]
    """Every legal face, lowest first."""
    explanation: str

    @property
    def verdict(self) -> Verdict:
        """``good``, ``inaccuracy`` or ``mistake`` by the chance of winning lost (see :data:`GOOD`)."""
        return judge(self.loss, good=GOOD, mistake=MISTAKE)

    def option(self, action: Place) -> Option:
        return next(o for o in self.alternatives if o.action == action)


def evaluate(state: State, rollouts: int = COACH_ROLLOUTS, *, seed: int = SEED) -> tuple[Option, ...]:
    """Every legal face of the roll waiting to be placed, valued by ``rollouts`` rollouts in all.

    A face that ends the round is valued exactly (its rollouts all agree).
    """
    from vegas_tutor.las_vegas.playouts import face_playouts  # numba loads on first use
    from vegas_tutor.las_vegas.simulate import win_shares

    per_face = max(1, rollouts // max(1, _faces(state)))
    faces, final_money, final_count = face_playouts(state, per_face, policy="leader", seed=seed, rounds=0)
    seat = state.current_player
    assert seat is not None and state.current_roll is not None
    own, white = state.current_roll
    base_money = np.array([state.money(s) for s in range(state.players)], dtype=np.int64)
    base_count = np.array([len(state.bills_won(s)) for s in range(state.players)], dtype=np.int64)
    takes, counts = final_money - base_money, final_count - base_count
    left = ROUNDS - state.round
    spread = ROUND_SPREAD[(state.players, state.neutral)] * LATER_ROUNDS_SPREAD.get(left, 1.0)
    wins = win_shares(takes, counts, base_money, base_count, seat, left, spread, _NODES, _WEIGHTS)
    mine = takes[:, :, seat].astype(float)
    margins = mine - (takes.sum(2) - takes[:, :, seat]) / (state.players - 1)
    n = takes.shape[1]
    options = []
    for k, face in enumerate(faces):
        options.append(Option(
            Place(face), own[face - 1], white[face - 1], float(mine[k].mean()), _stderr(mine[k], n),
            float(margins[k].mean()),
            _stderr(margins[k], n), float(wins[k].mean()), _stderr(wins[k], n), describe_now(state, face),
        ))
    return tuple(options)


def best_option(options: tuple[Option, ...]) -> Option:
    """The coach's choice: the best chance of winning, then the best margin, then the lowest face."""
    return max(options, key=lambda o: (round(o.win_chance, 9), round(o.margin, 3), -o.action.face))


def review(state: State, action: Action | str) -> Review:
    """Judge ``action`` (a face of the roll waiting to be placed) against the coach's best choice.

    The state is not changed. An action that is not a legal placement now raises.
    """
    if isinstance(action, str):
        action = parse_action(action)
    if not isinstance(action, Place):
        raise InvalidActionError(_("the coach reviews placements (place N), got {action!r}", action=action))
    if action not in state.legal_actions():
        state.copy().apply(action)  # raises the engine's own IllegalActionError, naming the rolled faces
    options = evaluate(state)
    best = best_option(options)
    mine = next(o for o in options if o.action == action)
    loss = best.win_chance - mine.win_chance
    return Review(action, best.action, loss, best.margin - mine.margin, options, _explain(state, mine, best, loss))


def describe_now(state: State, face: int, *, yours: bool = False) -> str:
    """What placing ``face`` changes if the round ended now: the bill you take, a tie, a rival's lost bill.

    ``yours``: the words start "your 3s" instead of "the 3s". In the language in force.

    >>> from vegas_tutor.las_vegas import State
    >>> state = State.position(2, casino_bills=[[60_000]] * 2 + [[90_000, 20_000]] + [[50_000]] * 3,
    ...                        placed={1: [5, 6], 3: [1, 2]}, seed=1)
    >>> state.apply("roll 3 5")
    >>> describe_now(state, 3)
    'the 3s (1 die) on The Mirage tie you with Benno at 2 dice (you lose your $20k) and cost Benno the $90k'
    """
    seat = state.current_player
    roll = state.current_roll
    assert seat is not None and roll is not None
    own, white = roll[0][face - 1], roll[1][face - 1]
    counts = list(state.placed_on(face))
    bills = state.bills_on(face)
    before = bills_by_owner(counts, bills, state.players)
    counts[seat] += own
    if state.neutral:
        counts[state.players] += white
    after = bills_by_owner(counts, bills, state.players)
    dice = [_n("{n} die", "{n} dice", own)] if own else []
    if white:
        dice.append(_n("{n} white", "{n} white", white))
    effects = []
    tied = [_owner(state, o) for o in range(state.owners) if o != seat and counts[o] == counts[seat] > 0]
    if own and tied:
        if before[seat]:
            effects.append(_n("tie you with {names} at {n} die (you lose your {bill})",
                              "tie you with {names} at {n} dice (you lose your {bill})", counts[seat],
                              names=join(tied), bill=money(before[seat])))
        else:
            effects.append(_n("tie you with {names} at {n} die", "tie you with {names} at {n} dice", counts[seat],
                              names=join(tied)))
    elif after[seat] != before[seat]:
        effects.append(_("take {bill}", bill=money(after[seat])) if not before[seat]
                       else _("move you from {before} to {after}", before=money(before[seat]),
                              after=money(after[seat])))
    for rival in range(state.players):
        if rival == seat or after[rival] == before[rival]:
            continue
        who = state.names[rival]
        if not after[rival]:
            effects.append(_("cost {name} the {bill}", name=who, bill=money(before[rival])))
        elif after[rival] < before[rival]:
            effects.append(_("drop {name} to {bill}", name=who, bill=money(after[rival])))
        else:
            effects.append(_("lift {name} to {bill}", name=who, bill=money(after[rival])))
    fields = {"face": face, "dice": " + ".join(dice), "casino": CASINO_NAMES[face],
              "effects": join(effects or [_("change no bill yet")])}
    if yours:
        return _("your {face}s ({dice}) on {casino} {effects}", **fields)
    return _("the {face}s ({dice}) on {casino} {effects}", **fields)


join = names_list
"""``["a", "b", "c"]`` -> ``"a, b and c"`` ("a, b y c" in Spanish): :func:`vegas_tutor.i18n.names_list`."""

def _owner(state: State, owner: int) -> str:
    """An owner's name, the neutral dice called "white" (in the language in force)."""
    return _("white") if owner == state.players else state.names[owner]


def _explain(state: State, mine: Option, best: Option, loss: float) -> str:
    seat = state.current_player
    rival = (_("against {name}", name=state.names[1 - seat]) if state.players == 2 and seat is not None
             else _("against the average rival"))
    yours = describe_now(state, mine.action.face, yours=True)
    if mine.action == best.action:
        fields = {"now": mine.now, "margin": _signed(mine.margin), "rival": rival,
                  "chance": i18n.percent(mine.win_chance)}
        if len(state.legal_actions()) == 1:
            return _("The only choice: {now}, if the round ended now. Expected this round: {margin} {rival}; "
                     "chance of winning {chance}.", **fields)
        return _("Good choice: {now}, if the round ended now. Expected this round: {margin} {rival}; "
                 "chance of winning {chance}.", **fields)
    gap = best.margin - mine.margin
    if loss < GOOD:
        return _("About as good as the coach's {face}s (less than {good} apart in chance of winning): {yours}, "
                 "if the round ended now.", face=best.action.face, good=i18n.percent(GOOD), yours=yours)
    fields = {"best": best.now, "yours": yours, "rival": rival, "loss": i18n.percent(loss)}
    if gap >= 0:
        return _("Better: {best}; {yours} (if the round ended now). Yours is worth {money} less this round "
                 "{rival}, {loss} less chance of winning.", money=money(_thousands(gap)), **fields)
    return _("Better: {best}; {yours} (if the round ended now). Yours earns {money} more this round {rival}, "
             "but {loss} less chance of winning the game.", money=money(_thousands(-gap)), **fields)


def _faces(state: State) -> int:
    return len(state.legal_actions())


def _stderr(values: np.ndarray, n: int) -> float:
    return float(values.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0


def _thousands(x: float) -> int:
    return int(round(x, -3))


def _signed(x: float) -> str:
    if _thousands(x) == 0:
        return _("about even")
    amount = money(_thousands(abs(x)))
    return f"-{amount}" if x < 0 else f"+{amount}"

