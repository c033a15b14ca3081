"""The odds panel of the Liar's Dice table: exact odds of the bid, a seeded simulation beside them, and the
expected dice you lose for each choice, all from what ONE player sees (or a what-if view of it).

>>> view = OddsView(own=(5, 5), shown=(), unknown=3, bid=Bid(5, 5))
>>> panel = bid_panel(view)
>>> panel["at_least"]["text"], panel["exactly"]["text"], [row["count"] for row in panel["distribution"]]
('1/27', '1/27', [2, 3, 4, 5])
>>> sim = CountSimulation(view, seed=3); sim.run(1000); sim.view(view.bid)["n"]
1000
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from vegas_tutor.core.chance_words import chance_words
from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _, number
from vegas_tutor.liars_dice.actions import Challenge
from vegas_tutor.liars_dice.engine import Observation
from vegas_tutor.liars_dice.odds import action_odds, bid_odds
from vegas_tutor.liars_dice.track import STAR, Bid
from vegas_tutor.liars_dice.words import bid_words

JSON = dict[str, Any]

SHOWN_TAIL = 0.0005
"""Counts beyond the bid less likely than this are left off the distribution's chart."""
MAX_SIMULATED = 200_000
"""A simulation stops growing here (the panel's error bar is far below a percent by then)."""


@dataclass(frozen=True)
class OddsView:
    """What the odds are computed from: your hidden dice, the shown dice, how many are hidden, the bid."""

    own: tuple[int, ...]
    shown: tuple[int, ...]
    unknown: int
    bid: Bid | None

    @property
    def known(self) -> tuple[int, ...]:
        return tuple(sorted(self.own + self.shown))

    @classmethod
    def of(cls, obs: Observation) -> OddsView:
        """The view of one player's observation."""
        shown = tuple(sorted(d for cup in obs.shown for d in cup))
        return cls(tuple(obs.own_hidden), shown, obs.unknown, obs.last_bid)


def exact(p: Fraction) -> JSON:
    """A probability for the browser: its float, its exact fraction and its words ("about 1 in 33")."""
    return {"p": float(p), "text": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
            "words": chance_words(p)}


def bid_panel(view: OddsView) -> JSON:
    """P(the bid is true), P(perfect), and the exact distribution of the count with the bid marked."""
    bid = view.bid
    if bid is None:
        return {"status": "waiting", "reason": _("Nobody has bid yet this round.")}
    odds = bid_odds(bid.quantity, bid.face, known=view.known, unknown=view.unknown)
    p_match = Fraction(1, 6) if bid.is_star else Fraction(1, 3)
    q = bid.quantity
    counts = sorted(odds.distribution)
    top = max([c for c in counts if odds.distribution[c] >= SHOWN_TAIL] + [min(q, counts[-1])])
    rows = [{"count": c, **exact(odds.distribution[c]), "true": c >= q, "bid": c == q}
            for c in counts if c <= top]
    return {
        "status": "ready",
        "bid": {"text": bid_words(bid), "quantity": q, "face": bid.face, "star": bid.is_star},
        "known": list(view.known), "own": list(view.own), "shown": list(view.shown),
        "matches": odds.known_matches, "unknown": view.unknown,
        "p_match": f"{p_match.numerator}/{p_match.denominator}",
        "expected_count": float(odds.known_matches + view.unknown * p_match),
        "at_least": exact(odds.at_least), "exactly": exact(odds.exactly),
        "beyond": q > counts[-1],
        "distribution": rows,
    }


def starting_bid(view: OddsView) -> Bid:
    """A bid for the what-if editor to start from when nobody has bid: the face the viewer holds most of
    (the higher on a tie; 2 with no number in the cup) at about its expected count.

    >>> starting_bid(OddsView(own=(1, 4, 4, 6), shown=(), unknown=6, bid=None))
    Bid(5, 4)
    """
    numbers = [f for f in view.known if f != STAR]
    face = max(set(numbers), key=lambda f: (numbers.count(f), f)) if numbers else 2
    expected = sum(1 for d in view.known if d in (face, STAR)) + Fraction(view.unknown, 3)
    return Bid(min(20, max(1, round(expected))), face)


def choices_panel(obs: Observation) -> JSON:
    """For the viewer to act: the expected dice they lose if they challenge, and for every sensible raise
    if the next player challenged it. Raises above the dice in play are left out: they always fail.

    The figure looks one move ahead only (the next player's challenge), so it is no ranking of the choices:
    a low bid costs little now and leaves the hard choices for later. No row is marked best."""
    scored = action_odds(obs)
    if not scored:
        return {"status": "waiting", "rows": []}
    total = sum(obs.dice_counts)
    rows: list[JSON] = []
    for choice in scored:
        if not isinstance(choice.action, Challenge) and choice.bid.quantity > total:
            continue
        rows.append({
            "kind": "challenge" if isinstance(choice.action, Challenge) else "raise",
            "text": _("challenge {bid}", bid=bid_words(choice.bid)) if isinstance(choice.action, Challenge)
            else bid_words(choice.bid),
            "quantity": choice.bid.quantity, "face": choice.bid.face, "rank": choice.bid.rank,
            "stands": float(choice.stands), "perfect": float(choice.perfect),
            "loss": float(choice.by_me), "loss_text": _fraction_text(choice.by_me),
        })
    return {"status": "ready", "rows": rows, "left_out": len(scored) - len(rows)}


def _fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


class CountSimulation:
    """Roll the hidden dice again and again (a seeded generator) and count the matches of one face.

    It simulates exactly what the exact odds assume: ``view.unknown`` fair dice, plus the matching dice
    the viewer sees. Counts accumulate over :meth:`run` calls, so the estimate converges on demand.
    """

    def __init__(self, view: OddsView, *, seed: int) -> None:
        if view.bid is None:
            raise InvalidActionError(_("there is no bid to simulate: wait for a bid"))
        self.face = view.bid.face
        self.unknown = view.unknown
        self.matches = sum(1 for d in view.known if d == STAR or (self.face != STAR and d == self.face))
        self._rng = make_rng(seed)
        self.seed = seed
        self.counts: npt.NDArray[np.int64] = np.zeros(self.unknown + 1, dtype=np.int64)
        self._snapshots: list[npt.NDArray[np.int64]] = []
        """The counts after each run, for the convergence table."""

    @staticmethod
    def key(view: OddsView) -> tuple[Any, ...]:
        """Views with the same key share a simulation (the quantity bid does not change what is rolled)."""
        return (view.known, view.unknown, None if view.bid is None else view.bid.face)

    @property
    def n(self) -> int:
        return int(self.counts.sum())

    def run(self, n: int) -> None:
        """Roll the hidden dice ``n`` more times (as many rows of ``unknown`` dice)."""
        if not is_int(n) or n < 1:
            raise InvalidActionError(_("simulate a whole number of rolls >= 1, got {n!r}", n=n))
        if self.n + n > MAX_SIMULATED:
            raise InvalidActionError(_("the simulation stops at {most} rolls: it has converged",
                                       most=number(MAX_SIMULATED)))
        dice = self._rng.integers(1, 7, size=(n, self.unknown))
        hits = (dice == STAR) if self.face == STAR else ((dice == self.face) | (dice == STAR))
        self.counts += np.bincount(hits.sum(axis=1), minlength=self.unknown + 1)
        self._snapshots.append(self.counts.copy())

    def view(self, bid: Bid | None) -> JSON:
        """The simulated P(true), P(perfect) with standard errors, the simulated distribution, the history."""
        if bid is None or self.n == 0:
            return {"status": "off", "n": self.n}
        n = self.n
        need = bid.quantity - self.matches
        at_least = self._tail(self.counts, need)
        exactly = float(self.counts[need]) / n if 0 <= need <= self.unknown else 0.0
        history = [{"n": int(c.sum()), "p": self._tail(c, need)} for c in self._snapshots]
        return {
            "status": "ready", "n": n, "seed": self.seed,
            "at_least": {"p": at_least, "stderr": math.sqrt(at_least * (1 - at_least) / n)},
            "exactly": {"p": exactly, "stderr": math.sqrt(exactly * (1 - exactly) / n)},
            "distribution": [{"count": self.matches + k, "p": float(c) / n} for k, c in enumerate(self.counts)],
            "history": history,
        }

    def _tail(self, counts: npt.NDArray[np.int64], need: int) -> float:
        """Share of the rolls with at least ``need`` matching hidden dice."""
        if need > self.unknown:
            return 0.0
        return float(counts[max(need, 0):].sum()) / float(counts.sum())
