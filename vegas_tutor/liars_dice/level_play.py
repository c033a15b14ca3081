"""How the ``easy`` and ``medium`` levels play, as tables over many cups at once.

The bots (:mod:`.bots`) play one row: the cup they hold. The coach reads a rival of a known level by every row
(each count pattern the rival may hold) and every bid it may face, so that what it expects of an easy or a
medium rival is exactly what that bot does (:mod:`.coach`). A row is a cup's matches per bid face (column 0:
stars; column ``f - 1``: the dice counting for a bid on ``f``, stars included); the columns of an answer table
are the bid faced, by rank plus one (column 0: the opening bid).

>>> from vegas_tutor.liars_dice.track import Bid
>>> view = View(matches((2, 2, 5)), matches(()), unknown=3)
>>> easy_doubts(view)[0, Bid(5, 2).rank + 1].tolist()  # five 2s: challenged, with or without its nerve
[True, True]
>>> easy_doubts(view)[0, Bid(3, 2).rank + 1].tolist()  # three 2s: raised to four 2s
[False, False]
>>> ALL_BIDS[easy_answers(view).first[0, 0]]  # its opening: its face, its count + a sixth of the rest
Bid(2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from vegas_tutor.liars_dice.policies import BID_FACE, BID_QUANTITY, BID_STAR, MAX_UNKNOWN, tail_table
from vegas_tutor.liars_dice.track import ALL_BIDS

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

EASY_NERVE = 0.3
"""How often the easy level lets one more die of doubt pass before it challenges."""
MEDIUM_CREDIT = {False: 1 / 2, True: 1 / 3}
"""The medium level's odds that each of the bidder's hidden dice matches the bid (a fair die: 1/3, a star 1/6)."""
MEDIUM_BLUFF = 0.1
"""How often the medium level raises one step past its most likely bid (if that is still even odds)."""

N_BIDS = len(ALL_BIDS)
_TOP = N_BIDS - 1
_FACE_COL = BID_FACE - 1
_FACED = np.arange(-1, N_BIDS)
"""The bid faced in each column of an answer table (-1: none, the opening)."""


@cache
def _next_of_face() -> Ints:
    """``[r + 1, f]``: the rank of the lowest bid on face ``f`` above rank ``r`` (-1: none)."""
    table = np.full((N_BIDS + 1, 7), -1, dtype=np.int64)
    for r in range(N_BIDS - 1, -1, -1):
        table[r] = table[r + 1]
        table[r, ALL_BIDS[r].face] = r
    return table


@cache
def _rank_of() -> Ints:
    """``[quantity, face]``: the rank of that bid (-1: not on the track)."""
    table = np.full((int(BID_QUANTITY.max()) + 1, 7), -1, dtype=np.int64)
    table[BID_QUANTITY, BID_FACE] = np.arange(N_BIDS)
    return table


def matches(dice: tuple[int, ...]) -> Ints:
    """Matches per bid face among ``dice`` (one row)."""
    counts = np.bincount(np.asarray(dice, dtype=np.int64), minlength=7)[1:]
    row = counts + counts[0]
    row[0] = counts[0]
    result: Ints = row.astype(np.int64)[None, :]
    return result


@dataclass(frozen=True)
class View:
    """What a player sees, as numbers: ``rows`` (one per cup it may hold), the shown dice, how many it cannot see."""

    rows: Ints
    shown: Ints
    """Matches per bid face among every shown die (one row, or a flat row)."""
    unknown: int

    @property
    def seen(self) -> Ints:
        """Per row: the matches per bid face the player sees (its cup and the shown dice)."""
        result: Ints = self.rows + self.shown.reshape(1, 6)
        return result

    def truth(self) -> Floats:
        """``(rows, bids)``: P(each bid true) from the player's view (the exact odds, as floats)."""
        need = np.clip(BID_QUANTITY[None, :] - self.seen[:, _FACE_COL], 0, MAX_UNKNOWN + 1)
        result: Floats = tail_table()[BID_STAR[None, :], self.unknown, need]
        return result


@dataclass(frozen=True)
class Answers:
    """A level's answer to each bid it may face, per row: challenge, or raise to ``first`` or to ``second``."""

    challenge: Floats
    """``(rows, N_BIDS + 1)``: P(it challenges the bid of the column)."""
    first: Ints
    """Its raise (rank; -1 where it always challenges)."""
    p_first: Floats
    second: Ints
    """Its other raise (-1: none)."""
    p_second: Floats

    def raise_probs(self, faced: int) -> Floats:
        """``(rows, N_BIDS - faced - 1)``: P(raising the bid of rank ``faced`` (-1: opening) to each higher bid)."""
        result: Floats = self.raise_rows(np.array([faced]))[0]
        return result

    def raise_rows(self, faced: Ints) -> Floats:
        """``(len(faced), rows, N_BIDS - faced[0] - 1)``: :meth:`raise_probs` of each rank in ``faced`` (ascending)
        at once, each in the columns of its own bids (0 in those of bids not above it)."""
        first, cols = int(faced[0]), faced + 1
        width = N_BIDS - first - 1
        out = np.zeros((len(faced), len(self.first), width + 1))
        at = (np.arange(len(faced))[:, None], np.arange(len(self.first))[None, :])
        for to, p in ((self.first[:, cols], self.p_first[:, cols]), (self.second[:, cols], self.p_second[:, cols])):
            out[(*at, np.where(to >= 0, to - first - 1, width).T)] += p.T  # (one cell per row and rank)
        result: Floats = out[:, :, :width]
        return result

    def likelihood(self, faced: int, move: int) -> Floats:
        """Per row: P(the move of rank ``move`` over the bid of rank ``faced``; ``move`` -1: a challenge)."""
        col = faced + 1
        if move < 0:
            return self.challenge[:, col].copy()
        result: Floats = (self.p_first[:, col] * (self.first[:, col] == move)
                          + self.p_second[:, col] * (self.second[:, col] == move))
        return result


# ---------------------------------------------------------------------------------------------- easy
def easy_guess(view: View) -> Floats:
    """``(rows, 6)``: the easy level's rough count of each face: what it sees plus a third (a sixth for stars)
    of the dice it cannot see."""
    per_die = np.array([6.0, 3, 3, 3, 3, 3])
    result: Floats = view.seen + view.unknown / per_die[None, :]
    return result


def easy_favourite(view: View) -> Ints:
    """Per row: the number face with the most matches in the cup (the higher face on ties)."""
    flipped = view.rows[:, :0:-1]  # faces 6, 5, ..., 2
    result: Ints = 6 - np.argmax(flipped, axis=1)
    return result


def easy_raise(view: View) -> Ints:
    """``(rows, N_BIDS + 1)``: the bid the easy level raises to over each bid (-1: none on its face); column 0
    its opening bid."""
    fav = easy_favourite(view)
    rows = np.arange(len(fav))
    out = _next_of_face()[:, fav].T.copy()
    quantity = np.maximum(1, view.rows[rows, fav - 1] + view.unknown // 6)
    out[:, 0] = _rank_of()[np.minimum(quantity, _rank_of().shape[0] - 1), fav]
    result: Ints = out
    return result


def easy_doubts(view: View) -> Bools:
    """``(rows, N_BIDS + 1, 2)``: whether the easy level challenges the bid of each column with one die of doubt
    let pass (``[..., 0]``) or two (``[..., 1]``, its nerve). Column 0, the opening, is never challenged."""
    guess = easy_guess(view)
    to = easy_raise(view)
    fav = easy_favourite(view)
    faced = _FACED[1:]
    q_faced = BID_QUANTITY[None, :, None]
    g_faced = guess[:, _FACE_COL][:, :, None]
    target = to[:, 1:]
    g_fav = guess[np.arange(len(fav)), fav - 1][:, None, None]
    q_target = np.where(target >= 0, BID_QUANTITY[np.maximum(target, 0)], 0)[:, :, None]
    slack = np.array([1, 2])[None, None, :]
    doubt = (faced[None, :, None] == _TOP) | (q_faced > g_faced + slack) | (target[:, :, None] < 0) | (
        q_target > g_fav + slack)
    out = np.zeros((len(fav), N_BIDS + 1, 2), dtype=bool)
    out[:, 1:] = doubt
    return out


def easy_challenge(view: View) -> Floats:
    """``(rows, N_BIDS + 1)``: P(the easy level challenges the bid of each column), its nerve drawn with
    probability :data:`EASY_NERVE`."""
    doubts = easy_doubts(view)
    result: Floats = (1 - EASY_NERVE) * doubts[..., 0] + EASY_NERVE * doubts[..., 1]
    return result


def easy_answers(view: View) -> Answers:
    """The easy level's answers (its nerve drawn with probability :data:`EASY_NERVE`)."""
    challenge = easy_challenge(view)
    to = easy_raise(view)
    none = np.full(to.shape, -1, dtype=np.int64)
    return Answers(challenge, np.where(challenge < 1, to, -1), 1 - challenge, none, np.zeros(to.shape))


# ---------------------------------------------------------------------------------------------- medium
@cache
def binomial(n: int, p: float) -> Floats:
    """P(0, 1, ..., ``n`` of ``n`` dice match), each with chance ``p`` (kept read-only)."""
    out = np.ones(1)
    for _die in range(n):
        out = np.convolve(out, [1 - p, p])
    out.flags.writeable = False
    return out


def medium_credited(view: View, bidder_hidden: int) -> Floats:
    """``(rows, N_BIDS)``: P(each bid true) if each of the bidder's ``bidder_hidden`` dice matches with
    :data:`MEDIUM_CREDIT` odds (a bidder usually holds some of what they bid) and every other hidden die is fair."""
    tails = [_credited_tail(view.unknown, bidder_hidden, star) for star in (False, True)]
    need = np.clip(BID_QUANTITY[None, :] - view.seen[:, _FACE_COL], 0, view.unknown + 1)
    result: Floats = np.where(BID_STAR[None, :] == 1, tails[1][need], tails[0][need])
    return result


@cache
def _credited_tail(unknown: int, bidder_hidden: int, star: bool) -> Floats:
    """``[k]``: P(at least k matches among ``unknown`` hidden dice, the bidder's ``bidder_hidden`` credited with
    :data:`MEDIUM_CREDIT`), k = 0 .. unknown + 1."""
    rest = binomial(unknown - bidder_hidden, 1 / 6 if star else 1 / 3)
    total = np.convolve(rest, binomial(bidder_hidden, MEDIUM_CREDIT[star]))
    result: Floats = np.append(np.cumsum(total[::-1])[::-1], 0.0)
    result.flags.writeable = False
    return result


def medium_best(truth: Floats) -> Ints:
    """``(rows, N_BIDS + 1)``: the bid most likely true above the bid of each column (the lowest on ties; -1:
    none above the top)."""
    # the best from rank r up is the first rank j >= r whose chance is the highest of all from j up
    highest = np.maximum.accumulate(truth[:, ::-1], axis=1)[:, ::-1]
    ranks = np.where(truth >= highest, np.arange(N_BIDS)[None, :], N_BIDS)
    out = np.full((len(truth), N_BIDS + 1), -1, dtype=np.int64)
    out[:, :N_BIDS] = np.minimum.accumulate(ranks[:, ::-1], axis=1)[:, ::-1]
    return out


def medium_bluff(truth: Floats, best: Ints) -> Ints:
    """The medium level's bluff over each ``best``: one step up on the same face, if still even odds (-1: none)."""
    face = BID_FACE[np.maximum(best, 0)]
    step = _next_of_face()[np.maximum(best, 0) + 1, face]
    rows = np.arange(len(truth))[:, None]
    ok = (best >= 0) & (step >= 0) & (truth[rows, np.maximum(step, 0)] >= 0.5)
    result: Ints = np.where(ok, step, -1)
    return result


def medium_doubts(view: View, bidder_hidden: int) -> Bools:
    """``(rows, N_BIDS + 1)``: whether the medium level challenges the bid of each column (never the opening)."""
    out = np.zeros((len(view.rows), N_BIDS + 1), dtype=bool)
    out[:, 1:] = (medium_credited(view, bidder_hidden) < 0.5) | (_FACED[None, 1:] == _TOP)
    return out


def medium_challenge(view: View, bidder_hidden: int) -> Floats:
    """``(rows, N_BIDS + 1)``: :func:`medium_doubts` as probabilities."""
    result: Floats = medium_doubts(view, bidder_hidden).astype(float)
    return result


def medium_answers(view: View, bidder_hidden: int) -> Answers:
    """The medium level's answers to bids of a bidder hiding ``bidder_hidden`` dice (the bluff drawn with
    probability :data:`MEDIUM_BLUFF`)."""
    truth = view.truth()
    challenge = medium_challenge(view, bidder_hidden)
    best = medium_best(truth)
    bluff = medium_bluff(truth, best)
    p_bluff = np.where(bluff >= 0, MEDIUM_BLUFF, 0.0) * (1 - challenge)
    return Answers(challenge, np.where(challenge < 1, best, -1), 1 - challenge - p_bluff, bluff, p_bluff)


READ_EXACTLY = ("easy", "medium")
"""The levels whose play :func:`answers` gives exactly."""


def answers(level: str, view: View, bidder_hidden: int) -> Answers:
    """The answers of ``level`` (one of :data:`READ_EXACTLY`) to bids of a bidder hiding ``bidder_hidden`` dice."""
    return easy_answers(view) if level == "easy" else medium_answers(view, bidder_hidden)


def challenges(level: str, view: View, bidder_hidden: int) -> Floats:
    """:attr:`Answers.challenge` of :func:`answers` alone (all a show needs: the next player challenges or not)."""
    return easy_challenge(view) if level == "easy" else medium_challenge(view, bidder_hidden)
