"""Las Vegas opponents in three levels, seeded and reproducible.

- ``easy``, a beginner: mostly places the face showing the most dice, sometimes the casino with the
  biggest bill, now and then any face at all. Never a tie on purpose, never a rival's bill in mind.
- ``medium``, the rule a good human follows: the face that most raises the bill you would take if the
  round ended now, counting the bills it takes from rivals (split between them) as half as much; equal
  choices go to the face that spends fewer dice, keeping more for later turns.
- ``hard``, search (:mod:`.search`): every face is placed and the round is played out on the compiled
  simulator, every seat closing its gap to the leader (money already won included), but the rivals the
  table says play easy or medium (or a simple policy), who are played out by their own rule; the face with the
  best chance of winning the game is chosen.

>>> from vegas_tutor.las_vegas import new_game
>>> state = new_game(4, seed=2)
>>> choose_action(state, "hard", seed=1)
Roll(own=None, white=None)
>>> state.apply("roll")
>>> choose_action(state, "medium", seed=1) in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

from vegas_tutor.core.dice import Rng, make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Action, Place, Roll
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.policies import POLICIES
from vegas_tutor.las_vegas.rules import bills_by_owner
from vegas_tutor.las_vegas.search import search_face

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[str, ...] = get_args(Level)
EASY_WANDER = 0.15
"""How often the easy level places any face at all."""
EASY_BIG_BILL = 0.3
"""How often (otherwise) the easy level goes for the casino with the biggest bill."""


def choose_action(state: State, level: str, *, seed: int | None = None,
                  seats: Sequence[str | None] | None = None) -> Action:
    """The action of the player to act at ``level``: the bare roll while dice must be rolled, else a face.

    ``seats``: how each seat plays, where the table knows it (a level, a policy, or None for a person); only
    ``hard`` reads it. The same state, level, seed and seats always give the same action; the state is not changed.
    """
    if level not in LEVELS:
        raise ConfigError(_("unknown level {level!r}: choose one of {choices}", level=level,
                            choices=", ".join(LEVELS)))
    if not isinstance(state, State):
        raise ConfigError(_("choose_action needs a Las Vegas State, got {kind}", kind=type(state).__name__))
    if seats is not None and (not isinstance(seats, list | tuple) or len(seats) != state.players
                              or any(s is not None and s not in (*LEVELS, *POLICIES) for s in seats)):
        raise ConfigError(_("seats: one level, policy or None per seat ({players} seats), got {seats!r}",
                            players=state.players, seats=seats))
    if state.is_over:
        raise IllegalActionError(_("the game is over: there is nothing left to choose"))
    if state.phase in ("spare", "roll"):
        return Roll()
    faces = [a.face for a in state.legal_actions() if isinstance(a, Place)]
    if len(faces) == 1:
        return Place(faces[0])
    rng = make_rng(seed)
    if level == "easy":
        return Place(_easy(state, faces, rng))
    if level == "medium":
        return Place(_medium(state, faces, rng))
    return search_face(state, seed=int(rng.integers(1 << 31)), seats=seats)


def _dice(state: State, face: int) -> int:
    roll = state.current_roll
    assert roll is not None
    return roll[0][face - 1] + roll[1][face - 1]


def _easy(state: State, faces: list[int], rng: Rng) -> int:
    draw = float(rng.random())
    if draw < EASY_WANDER:
        return faces[int(rng.integers(len(faces)))]
    if draw < EASY_WANDER + EASY_BIG_BILL:
        key = {f: max(state.bills_on(f), default=0) for f in faces}
    else:
        key = {f: _dice(state, f) for f in faces}
    top = max(key.values())
    best = [f for f in faces if key[f] == top]
    return best[int(rng.integers(len(best)))]


def _medium(state: State, faces: list[int], rng: Rng) -> int:
    seat = state.current_player
    roll = state.current_roll
    assert seat is not None and roll is not None
    rivals = state.players - 1

    def score(face: int) -> tuple[float, int]:
        counts = list(state.placed_on(face))
        before = bills_by_owner(counts, state.bills_on(face), state.players)
        counts[seat] += roll[0][face - 1]
        if state.neutral:
            counts[state.players] += roll[1][face - 1]
        after = bills_by_owner(counts, state.bills_on(face), state.players)
        taken = sum(before[s] - after[s] for s in range(state.players) if s != seat)
        return after[seat] - before[seat] + 0.5 * taken / rivals, -roll[0][face - 1]

    scores = {f: score(f) for f in faces}
    top = max(scores.values())
    best = [f for f in faces if scores[f] == top]
    return best[int(rng.integers(len(best)))]
