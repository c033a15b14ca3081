"""Lords of Vegas (Mayfair 2010): the real board, the complete rules engine, exact odds, worked examples.

Modules: ``board`` (lots, colours, score track), ``actions``, ``engine`` (:class:`State`, :func:`new_game`),
``rules`` (the rules on a plain record), ``chance``, ``casinos``, ``trades``, ``positions``, ``explain``,
``odds`` and ``scenarios`` (every LOV-* example of docs/rules.md).

Decisions where the rulebook is silent (docs/rules.md §3 otherwise):

* The deck has no hidden order: each draw is uniform over the unseen lot cards. The piles are split
  exactly: of the R cards left after the deal, the Game End card comes after R - R//4 of them.
* Start: the tied highest 2d6 rolls again. Two players: a block-F card dealt at setup is discarded and
  replaced; in play it pays (markers, casinos), then its drawer draws again.
* A drawer with no marker left leaves the drawn empty lot unowned; with all 12 dice on the board, the
  drawer chooses which die to move to the drawn tile (``MoveDie``).
* A tie made by taking a tile is re-rolled before the casinos pay. Tie re-rolls do not count as the
  "one re-roll per turn" of a reorganize.
* After a reorganize roll, owners place their dice one at a time, highest first, starting with the
  reorganizer and going left (a forced placement is made for them).
* Equal-size casinos score equal points, so their scoring order cannot change anything: no decision.
* Reaching 90 ends the game once the payout in progress is complete.
* A lay-off halves (rounded down) what the boss pays or takes, double wins included.
* Trades happen between any two players at any time when no dice are rolling and no choice is pending:
  between actions of a turn, or before a turn's card is drawn (so also off one's own turn). A proposal
  lapses with the next action. "Trading an action of this turn" is a trade of money or property agreed
  for an action the turn player then takes: the rules allow no promise beyond this turn, so nothing more
  is recorded.

>>> from vegas_tutor.lords_of_vegas import new_game, LOTS
>>> LOTS["A2"].cost
6
>>> new_game(3, seed=7).phase
'deal'
"""

from vegas_tutor.lords_of_vegas.actions import (
    Action,
    Build,
    DrawCard,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    RollDice,
    Sprawl,
    parse_action,
)
from vegas_tutor.lords_of_vegas.board import (
    COLOURS,
    GAME_END,
    LOT_IDS,
    LOTS,
    SCORE_TRACK,
    STRIP,
    Lot,
    advance_score,
)
from vegas_tutor.lords_of_vegas.casinos import Casino
from vegas_tutor.lords_of_vegas.engine import State, new_game
from vegas_tutor.lords_of_vegas.rules import DICE_PER_PLAYER, MARKERS_PER_PLAYER, PLAYER_NAMES
from vegas_tutor.lords_of_vegas.trades import Offer, Trade, parse_trade

__all__ = [
    "COLOURS",
    "DICE_PER_PLAYER",
    "GAME_END",
    "LOTS",
    "LOT_IDS",
    "MARKERS_PER_PLAYER",
    "PLAYER_NAMES",
    "SCORE_TRACK",
    "STRIP",
    "Action",
    "Build",
    "Casino",
    "DrawCard",
    "EndTurn",
    "Gamble",
    "LayOff",
    "Lot",
    "MoveDie",
    "Offer",
    "PlaceDie",
    "Remodel",
    "Reorganize",
    "RollDice",
    "Sprawl",
    "State",
    "Trade",
    "advance_score",
    "new_game",
    "parse_action",
    "parse_trade",
]
