"""Play a Liar's Dice table to its end through its own controls, as a learner clicking would (for tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vegas_tutor.liars_dice.track import Bid

View = dict[str, Any]


def play_to_end(table: Any, *, raise_to: Callable[[View], View] = lambda t: t["raises"][0],
                challenges: Callable[[View], bool] = lambda t: True, each: Callable[[View], None] = lambda t: None,
                moves: int = 500) -> None:
    """Until the game is over (at most ``moves`` steps): the next round when paused, keep the cup when asked,
    challenge when ``challenges(table view)`` allows, else raise to ``raise_to(table view)`` (the lowest raise by
    default). ``each`` sees the table's view before every step."""
    for _ in range(moves):
        t = table.table
        each(t)
        if t["is_over"]:
            return
        if t["paused"]:
            assert table.handle({"type": "next_round"})
        elif t["awaiting_show"]:
            table.keep()
        elif t["can_challenge"] and challenges(t):
            table.challenge()
        else:
            bid = raise_to(t)
            table.bid(Bid(bid["quantity"], bid["face"]))
