"""The solved 1v1 endgame (one die each) as a compact table the ``hard`` bot plays from.

The table holds an exact equilibrium of the last round of a game (see :mod:`.equilibrium`): for each
die a player may hold and each bid history over the twelve bids that can be true with two dice, the
probability of every raise and of the challenge. Rows are kept where the player's own plan can reach;
probabilities are stored in 1/65535ths. It ships as ``endgame_1v1.npz`` beside this module and is read
on first use only (:func:`one_die_table`); :func:`generate` rebuilds it (scipy, the ``bench`` extra).

Who opened does not matter: the number of bids so far says whose turn it is (the opener bids first),
so one table serves both seats and any two seats of a bigger table once the others are out.

>>> from vegas_tutor.liars_dice import State, Roll
>>> s = State.start([0, 1, 1], opener=2); s.apply(Roll((4,))); s.apply(Roll((6,)))
>>> probs = one_die_strategy(s.observation(2))
>>> round(sum(probs.values()), 6), all(a in s.legal_actions() for a in probs)
(1.0, True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge
from vegas_tutor.liars_dice.equilibrium import build_tree, cfr_plus, possible_bids, solve_lp
from vegas_tutor.liars_dice.observation import Observation
from vegas_tutor.liars_dice.track import Bid

TABLE_FILE = Path(__file__).with_name("endgame_1v1.npz")
SCALE = 65535
_CHALLENGE = 12


@cache
def one_die_bids() -> tuple[Bid, ...]:
    """The twelve bids that can be true with two dice in play, track order (the table's columns 0..11)."""
    return possible_bids(2)


def _column(bid: Bid) -> int | None:
    try:
        return one_die_bids().index(bid)
    except ValueError:
        return None


def row_key(die: int, history: tuple[Bid, ...]) -> int | None:
    """The table row of a player holding ``die`` after ``history``; None if a bid there cannot be true."""
    mask = 0
    for bid in history:
        col = _column(bid)
        if col is None:
            return None
        mask |= 1 << col
    return (die - 1) * 4096 + mask


@cache
def one_die_table() -> dict[int, npt.NDArray[np.uint16]]:
    """The shipped table: row key -> 13 probabilities in 1/65535ths (twelve bids, then the challenge)."""
    if not TABLE_FILE.exists():
        raise ConfigError(_("the solved endgame table {path} is missing", path=str(TABLE_FILE)))
    with np.load(TABLE_FILE) as data:
        keys, probs = data["keys"], data["probs"]
    return {int(k): probs[i] for i, k in enumerate(keys)}


def is_one_die_endgame(obs: Observation) -> bool:
    """Two players left, one die each."""
    alive = [c for c in obs.dice_counts if c > 0]
    return alive == [1, 1]


def one_die_strategy(obs: Observation) -> dict[Action, float] | None:
    """The solved table's probabilities for ``obs.player``'s move, or None where the table does not apply
    (not a 1v1 endgame, a bid that cannot be true was made, or a history the table's plan never reaches)."""
    if not is_one_die_endgame(obs) or obs.phase != "bid" or len(obs.own_hidden) != 1:
        return None
    key = row_key(obs.own_hidden[0], tuple(bid for _seat, bid in obs.bids))
    row = None if key is None else one_die_table().get(key)
    if row is None or int(row.sum()) == 0:
        return None
    total = float(row.sum())
    out: dict[Action, float] = {}
    bids = one_die_bids()
    for col in range(13):
        if row[col]:
            out[Challenge() if col == _CHALLENGE else bids[col]] = float(row[col]) / total
    return out


def generate(path: Path = TABLE_FILE, *, method: str = "lp") -> dict[str, float]:
    """Solve the 1v1 endgame (``"lp"``: exact, needs scipy; ``"cfr"``: CFR+), write the table to ``path``
    and return the solution's proven value bounds (the opener's win probability)."""
    game = build_tree((1, 1), opener=0)
    solution = solve_lp(game) if method == "lp" else cfr_plus(game, iterations=20000, target=1e-7)
    keys: list[int] = []
    rows: list[npt.NDArray[np.uint16]] = []
    for p in (0, 1):
        t = game.players[p]
        plan, behave = solution.plans[p], solution.strategy(p)
        for i, info in enumerate(t.keys):
            if plan[t.parent[i]] <= 1e-12:
                continue
            seen = info[1]
            die = next(entry[1][0] for entry in seen if isinstance(entry, tuple) and len(entry) == 2)
            history = tuple(Bid.parse(entry) for entry in seen if isinstance(entry, str))
            key = row_key(die, history)
            assert key is not None
            probs = np.zeros(13)
            for k, action in enumerate(t.actions[i]):
                col = _CHALLENGE if isinstance(action, Challenge) else _column(action)  # type: ignore[arg-type]
                assert col is not None
                probs[col] = max(0.0, float(behave[t.first[i] + k]))
            keys.append(key)
            rows.append(_quantize(probs))
    order = np.argsort(keys)
    np.savez_compressed(path, keys=np.array(keys, dtype=np.int32)[order],
                        probs=np.array(rows, dtype=np.uint16)[order])
    one_die_table.cache_clear()
    return {"lower": solution.lower, "upper": solution.upper}


def _quantize(probs: npt.NDArray[np.float64]) -> npt.NDArray[np.uint16]:
    """Probabilities as whole 1/65535ths summing to 65535 (largest remainders)."""
    scaled = probs / probs.sum() * SCALE
    base = np.floor(scaled).astype(np.int64)
    short = SCALE - int(base.sum())
    for col in np.argsort(-(scaled - base))[:short]:
        base[col] += 1
    out: npt.NDArray[np.uint16] = base.astype(np.uint16)
    return out
