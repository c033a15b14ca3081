"""Exact odds of bids from what one player can see, and what each choice is expected to cost.

Every hidden die is independent and fair: it counts for a number bid with probability 1/3 (the face
or a wild star) and for a star bid with probability 1/6. So the count of a bid is the matches among
the dice you see plus a binomial over the dice you do not. The tables are kept as whole-number
weights over a common denominator (``3**n`` or ``6**n``) and cached, so a full table of bids costs
microseconds; every probability handed out is an exact :class:`~fractions.Fraction`.

>>> o = bid_odds(5, 5, known=[5, 5], unknown=3)
>>> o.at_least, o.exactly
(Fraction(1, 27), Fraction(1, 27))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from types import MappingProxyType

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Challenge
from vegas_tutor.liars_dice.observation import Observation
from vegas_tutor.liars_dice.rules import challenge_losses, count_matches
from vegas_tutor.liars_dice.track import ALL_BIDS, FACES, STAR, Bid

_FACE_SET = frozenset(FACES)


@cache
def _weights(unknown: int, star: bool) -> tuple[tuple[int, ...], int]:
    """Whole-number weights of 0..unknown matches among ``unknown`` hidden dice, and their total."""
    other = 5 if star else 2  # 1 in 6 (star) or 2 in 6 = 1 in 3 (face or star) count
    base = 6 if star else 3
    return tuple(comb(unknown, k) * other ** (unknown - k) for k in range(unknown + 1)), base**unknown


@cache
def _fractions(unknown: int, star: bool) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """P(exactly k) and P(at least k) for k = 0..unknown."""
    weights, total = _weights(unknown, star)
    pmf = tuple(Fraction(w, total) for w in weights)
    tails: list[Fraction] = []
    running = 0
    for w in reversed(weights):
        running += w
        tails.append(Fraction(running, total))
    return pmf, tuple(reversed(tails))


@cache
def _distribution(matches: int, unknown: int, star: bool) -> Mapping[int, Fraction]:
    pmf, _ = _fractions(unknown, star)
    return MappingProxyType({matches + k: p for k, p in enumerate(pmf)})


@dataclass(frozen=True)
class BidOdds:
    """The exact chances of a bid from one player's view."""

    quantity: int
    face: int
    known_matches: int
    """Matching dice among those the viewer sees."""
    unknown: int
    """Dice hidden from the viewer."""
    at_least: Fraction
    """P(the bid is true): at least ``quantity`` matching dice in play."""
    exactly: Fraction
    """P(a perfect bid): exactly ``quantity``."""
    distribution: Mapping[int, Fraction]
    """P(count = c) for every possible count c of matching dice in play."""


def _check_view(known: Sequence[int], unknown: int) -> None:
    if isinstance(known, str | bytes) or not all(
        is_int(d) for d in known
    ) or not _FACE_SET.issuperset(known):
        raise InvalidActionError(_("known must be die faces 1..6 (1 = ★), got {known!r}", known=known))
    if not is_int(unknown) or unknown < 0:
        raise InvalidActionError(_("unknown must be a whole number of hidden dice >= 0, got {unknown!r}",
                                   unknown=unknown))


def _odds(quantity: int, face: int, matches: int, unknown: int) -> BidOdds:
    star = face == STAR
    pmf, tails = _fractions(unknown, star)
    need = quantity - matches
    at_least = tails[need] if 0 <= need <= unknown else (Fraction(1) if need < 0 else Fraction(0))
    exactly = pmf[need] if 0 <= need <= unknown else Fraction(0)
    return BidOdds(quantity, face, matches, unknown, at_least, exactly, _distribution(matches, unknown, star))


def bid_odds(quantity: int, face: int, *, known: Sequence[int], unknown: int) -> BidOdds:
    """The exact odds that at least (and exactly) ``quantity`` dice in play match ``face``.

    ``known`` are the dice the viewer sees (own cup and every shown die), ``unknown`` how many are
    hidden. Stars are wild for a number bid; only stars count for a star bid (``face=STAR``).

    >>> bid_odds(3, STAR, known=[1, 2], unknown=2).at_least
    Fraction(1, 36)
    """
    if not is_int(quantity) or quantity < 1:
        raise InvalidActionError(_("a bid quantity is a whole number >= 1, got {quantity!r}", quantity=quantity))
    if not is_int(face) or face not in _FACE_SET:
        raise InvalidActionError(_("a bid face is ★ (1) or 2..6, got {face!r}", face=face))
    _check_view(known, unknown)
    return _odds(quantity, face, count_matches(known, face), unknown)


def odds_table(known: Sequence[int], unknown: int, quantities: Sequence[int] = range(1, 21)) -> dict[
        tuple[int, int], BidOdds]:
    """:func:`bid_odds` for every quantity x face 1..6, keyed ``(quantity, face)``."""
    _check_view(known, unknown)
    if any(not is_int(q) or q < 1 for q in quantities):
        raise InvalidActionError(_("quantities must be whole numbers >= 1, got {quantities!r}", quantities=quantities))
    matches = {face: count_matches(known, face) for face in FACES}
    return {(q, f): _odds(q, f, matches[f], unknown) for q in quantities for f in FACES}


@dataclass(frozen=True)
class ActionOdds:
    """One choice (challenge, or raise to ``bid``) scored from one player's view.

    A challenge is scored on the current bid. A raise is scored as if the next player challenges it
    (and without a show). Losses follow the rules: the difference, capped at the dice held; on a
    perfect bid everyone but the bidder loses one, with Die Hard.
    """

    action: Challenge | Bid
    bid: Bid
    """The bid that would be challenged."""
    me: int
    bidder: int
    challenger: int
    stands: Fraction
    """P(the bid is true): at least its quantity in play."""
    perfect: Fraction
    """P(exactly its quantity)."""
    expected_loss: tuple[Fraction, ...]
    """Expected dice lost by each seat."""

    @property
    def by_me(self) -> Fraction:
        return self.expected_loss[self.me]

    @property
    def by_bidder(self) -> Fraction:
        return self.expected_loss[self.bidder]

    @property
    def by_others(self) -> dict[int, Fraction]:
        """Expected loss of every seat other than me and the bidder (seats still in the game)."""
        return {s: e for s, e in enumerate(self.expected_loss) if s not in (self.me, self.bidder)}


def _next_seat(counts: Sequence[int], seat: int) -> int:
    n = len(counts)
    return next((seat + i) % n for i in range(1, n + 1) if counts[(seat + i) % n] > 0)


def _score(action: Challenge | Bid, bid: Bid, me: int, bidder: int, challenger: int,
           known: Sequence[int], unknown: int, counts: tuple[int, ...]) -> ActionOdds:
    matches = count_matches(known, bid.face)
    weights, total = _weights(unknown, bid.is_star)
    expected = [0] * len(counts)
    for k, w in enumerate(weights):
        losses = challenge_losses(bid, matches + k, bidder=bidder, challenger=challenger, dice_counts=counts)
        for seat, lost in enumerate(losses):
            if lost:
                expected[seat] += w * lost
    odds = _odds(bid.quantity, bid.face, matches, unknown)
    return ActionOdds(action, bid, me, bidder, challenger, odds.at_least, odds.exactly,
                      tuple(Fraction(e, total) for e in expected))


def action_odds(observation: Observation) -> tuple[ActionOdds, ...]:
    """Score the viewer's choices: challenge (if there is a bid) and every legal raise, in that order.

    Empty unless it is the viewer's turn to bid or challenge.
    """
    if not isinstance(observation, Observation):
        raise InvalidActionError(_("action_odds needs an Observation, got {kind}", kind=type(observation).__name__))
    me = observation.player
    if observation.phase != "bid" or observation.current_player != me:
        return ()
    known, unknown, counts = observation.known, observation.unknown, observation.dice_counts
    out: list[ActionOdds] = []
    last, bidder = observation.last_bid, observation.bidder
    if last is not None and bidder is not None:
        out.append(_score(Challenge(), last, me, bidder, me, known, unknown, counts))
    challenger = _next_seat(counts, me)
    raises = ALL_BIDS[last.rank + 1:] if last is not None else ALL_BIDS
    out.extend(_score(b, b, me, me, challenger, known, unknown, counts) for b in raises)
    return tuple(out)
