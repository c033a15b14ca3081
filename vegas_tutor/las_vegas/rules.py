"""The constants and the payout rule of Las Vegas (docs/rules.md §1).

The constants: the 54 bills, the casinos and their names, the stake a casino is dealt up to, the rounds,
the dice per player, the white dice of the neutral variant and the default player names. The payout rule
comes in two forms that agree: :func:`settle_casino` by owner name (it checks its counts and bills) and
:func:`bills_by_owner` by seat, white last; :func:`cancelled_owners` names the owners whose dice cancel.
The engine, the policies, the bots and the tutor use them; the compiled simulator and playouts take the
constants and compile their own copy of the payout rule (tested against this one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from vegas_tutor import i18n
from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _

BILLS: tuple[int, ...] = (
    (60_000,) * 5 + (70_000,) * 5 + (80_000,) * 5 + (90_000,) * 5
    + (10_000,) * 6 + (40_000,) * 6 + (50_000,) * 6
    + (20_000,) * 8 + (30_000,) * 8
)
"""The 54 bills of the game."""

CASINOS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
CASINO_NAMES: Mapping[int, str] = {
    1: "Golden Nugget",
    2: "Caesars Palace",
    3: "The Mirage",
    4: "Sahara",
    5: "Luxor",
    6: "Circus Circus",
}
MIN_STAKE = 50_000
"""Bills are dealt to a casino until it holds at least this much."""
ROUNDS = 4
DICE_PER_PLAYER = 8
MAX_BILLS_PER_CASINO = 5
"""Five $10k bills reach $50k, so no casino is ever dealt more than five."""
WHITE = "white"
"""The owner name of the neutral dice in :func:`settle_casino`."""
DEFAULT_NAMES: tuple[str, ...] = ("Anna", "Benno", "Carla", "Denny", "Emil")


def neutral_dice_per_player(players: int) -> int:
    """White dice each player rolls in the neutral variant: 4 with 2 players, 2 with 3 or 4."""
    return {2: 4, 3: 2, 4: 2}.get(players, 0)


def spare_neutral_dice(players: int) -> int:
    """White dice the start player rolls at round start in the variant: the 2 spares of a 3-player game."""
    return 2 if players == 3 else 0


money = i18n.money_k
"""``80000`` -> ``"$80k"`` (``"80.000 $"`` in Spanish): :func:`vegas_tutor.i18n.money_k`."""


def settle_casino(dice: Mapping[str, int], bills: Sequence[int]) -> tuple[dict[str, int], list[int]]:
    """Pay out one casino: who takes which bill, and which bills go to the bottom of the pile.

    Owners with the same number of dice cancel; the rest take bills from the highest down, most dice
    first. The neutral owner :data:`WHITE` counts as a player, but its bill goes back to the pile, as
    do bills nobody wins (highest first).

    >>> settle_casino({"Anna": 3, "Denny": 1}, [10_000, 80_000, 30_000])
    ({'Anna': 80000, 'Denny': 30000}, [10000])
    >>> settle_casino({"Anna": 2, "Carla": 2, "Benno": 1, "Denny": 1}, [60_000])
    ({}, [60000])
    """
    for owner, count in dice.items():
        if not is_int(count) or count < 0:
            raise InvalidActionError(_("dice of {owner!r} must be a count >= 0, got {count!r}", owner=owner,
                                       count=count))
    for bill in bills:
        if not is_int(bill) or bill <= 0:
            raise InvalidActionError(_("a bill must be a positive whole number of dollars, got {bill!r}", bill=bill))
    tally = Counter(c for c in dice.values() if c > 0)
    standing = sorted(
        ((count, owner) for owner, count in dice.items() if count > 0 and tally[count] == 1),
        key=lambda pair: -pair[0],
    )
    ordered = sorted(bills, reverse=True)
    takes: dict[str, int] = {}
    returned: list[int] = []
    for i, bill in enumerate(ordered):
        if i < len(standing) and standing[i][1] != WHITE:
            takes[standing[i][1]] = bill
        else:
            returned.append(bill)
    return takes, returned


def bills_by_owner(dice: Sequence[int], bills: Sequence[int], players: int) -> tuple[int, ...]:
    """The bill each owner takes at a casino if the round ended now: ``dice`` per owner (seats, then white).

    White (owner ``players``) gets the bill it blocks; in play, that bill goes back under the pile.

    >>> bills_by_owner([0, 2, 0, 0, 3], [80_000, 30_000], players=4)
    (0, 30000, 0, 0, 80000)
    """
    named = {(WHITE if o == players else str(o)): n for o, n in enumerate(dice)}
    tally = Counter(n for n in dice if n > 0)
    standing = sorted((n, o) for o, n in enumerate(dice) if n > 0 and tally[n] == 1)[::-1]
    settle_casino(named, bills)  # the checks on counts and bills
    ordered = sorted(bills, reverse=True)
    out = [0] * len(dice)
    for (_count, owner), bill in zip(standing, ordered, strict=False):
        out[owner] = bill
    return tuple(out)


def cancelled_owners(dice: Sequence[int]) -> list[int]:
    """The owners whose dice at a casino cancel: those with as many dice as another owner.

    >>> cancelled_owners([2, 1, 2, 0, 1, 3])
    [0, 1, 2, 4]
    """
    tally = Counter(n for n in dice if n > 0)
    return [owner for owner, n in enumerate(dice) if n > 0 and tally[n] > 1]
