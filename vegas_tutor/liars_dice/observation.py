"""What a Liar's Dice player may see: the :class:`Observation` of the table from one seat, the phase of play
and the :class:`ChallengeResult` a challenge reveals. Plain data, with no engine behind it, so that the words,
the odds and the bots read it without importing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from vegas_tutor.liars_dice.track import Bid

Phase = Literal["roll", "show", "bid", "over"]
"""``roll``: a cup is to be rolled; ``show``: the last bidder decides whether to show; ``bid``: raise or
challenge; ``over``: one player has dice left."""


@dataclass(frozen=True)
class ChallengeResult:
    """What a challenge revealed and what it cost (public once the cups are lifted)."""

    bid: Bid
    bidder: int
    challenger: int
    cups: tuple[tuple[int, ...], ...]
    """Every seat's dice, hidden and shown together, sorted."""
    count: int
    losses: tuple[int, ...]
    winner: int
    """Who won the challenge and opens the next round (the bidder on a perfect bid)."""

    @property
    def perfect(self) -> bool:
        return self.count == self.bid.quantity

    @property
    def saved_by_die_hard(self) -> tuple[int, ...]:
        """Seats that kept their last die on a perfect bid."""
        if not self.perfect:
            return ()
        return tuple(
            s
            for s, cup in enumerate(self.cups)
            if len(cup) == 1 and s not in (self.bidder, self.challenger)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "bid": str(self.bid),
            "bidder": self.bidder,
            "challenger": self.challenger,
            "cups": [list(c) for c in self.cups],
            "count": self.count,
            "losses": list(self.losses),
            "winner": self.winner,
            "perfect": self.perfect,
        }


@dataclass(frozen=True)
class Observation:
    """What ``player`` may see: own hidden dice, shown dice, dice counts, the bids; nothing else hidden."""

    player: int
    dice_counts: tuple[int, ...]
    own_hidden: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...]
    bids: tuple[tuple[int, Bid], ...]
    """This round's bids as (seat, bid), oldest first."""
    phase: Phase
    current_player: int | None
    may_show: bool
    """True if ``player`` made the last bid and may still show and re-roll."""
    last_challenge: ChallengeResult | None
    winners: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.dice_counts)

    @property
    def last_bid(self) -> Bid | None:
        return self.bids[-1][1] if self.bids else None

    @property
    def bidder(self) -> int | None:
        return self.bids[-1][0] if self.bids else None

    @property
    def known(self) -> tuple[int, ...]:
        """Every die this player sees: own hidden dice and all shown dice."""
        return tuple(sorted(self.own_hidden + tuple(d for cup in self.shown for d in cup)))

    @property
    def unknown(self) -> int:
        """How many dice are hidden from this player (other players' cups)."""
        return sum(self.dice_counts) - len(self.known)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able projection for a widget."""
        return {
            "player": self.player,
            "dice_counts": list(self.dice_counts),
            "own_hidden": list(self.own_hidden),
            "shown": [list(c) for c in self.shown],
            "bids": [{"seat": seat, "bid": str(bid), "quantity": bid.quantity, "face": bid.face}
                     for seat, bid in self.bids],
            "phase": self.phase,
            "current_player": self.current_player,
            "may_show": self.may_show,
            "last_challenge": None if self.last_challenge is None else self.last_challenge.to_dict(),
            "winners": list(self.winners),
        }
