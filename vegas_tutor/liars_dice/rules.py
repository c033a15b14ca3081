"""The rules of Liar's Dice (board edition, docs/rules.md §2) that are plain functions: the table's limits,
which dice count for a bid (stars are wild), what a challenge costs and which shows a bidder may make.

The engine, the fast simulator, the odds, the bots and the coach count matches with :func:`count_matches`
and :func:`counts_for`; the batched simulator (:mod:`.simulate`) counts whole arrays of cups its own
vectorised way (tested round by round against the engine). The bid track and its order are in :mod:`.track`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from vegas_tutor.liars_dice.actions import Show
from vegas_tutor.liars_dice.track import STAR, Bid

MAX_PLAYERS = 4
MAX_DICE = 10


def counts_for(die: int, face: int) -> bool:
    """Whether a die showing ``die`` counts for a bid on ``face``: stars are wild for a number bid (the face or
    ★ counts), and only ★ counts for a star bid."""
    return die == face or (die == STAR and face != STAR)


def count_matches(dice: Sequence[int], face: int) -> int:
    """How many of ``dice`` count for a bid on ``face`` (:func:`counts_for`, by counting faces).

    >>> count_matches((1, 3, 3, 5), 3), count_matches((1, 3, 3, 5), STAR)
    (3, 1)
    """
    cup = dice if isinstance(dice, tuple | list) else tuple(dice)  # (count() is quick on both)
    return cup.count(STAR) if face == STAR else cup.count(face) + cup.count(STAR)


def challenge_losses(
    bid: Bid, count: int, *, bidder: int, challenger: int, dice_counts: Sequence[int]
) -> tuple[int, ...]:
    """Dice each seat loses when ``bid`` is challenged and ``count`` dice match.

    More than bid: the challenger loses the difference; fewer: the bidder does; exactly the bid (a
    perfect bid): everyone else with dice loses one, except that a player with one die left keeps it
    (Die Hard) unless they are the challenger. Nobody loses more dice than they hold.
    """
    losses = [0] * len(dice_counts)
    if count > bid.quantity:
        losses[challenger] = min(count - bid.quantity, dice_counts[challenger])
    elif count < bid.quantity:
        losses[bidder] = min(bid.quantity - count, dice_counts[bidder])
    else:
        for seat, held in enumerate(dice_counts):
            if seat != bidder and held > 0 and (held > 1 or seat == challenger):
                losses[seat] = 1
    return tuple(losses)



@lru_cache(maxsize=8192)
def show_options(hidden: tuple[int, ...]) -> tuple[Show, ...]:
    """Every show from a sorted cup: each sub-multiset leaving at least one die, smallest first."""
    counts = Counter(hidden)
    distinct = sorted(counts)
    subsets = []
    for takes in product(*(range(counts[f] + 1) for f in distinct)):
        n = sum(takes)
        if 0 < n < len(hidden):
            subsets.append(tuple(f for f, k in zip(distinct, takes, strict=True) for _ in range(k)))
    subsets.sort(key=lambda t: (len(t), t))
    return tuple(Show(s) for s in subsets)
