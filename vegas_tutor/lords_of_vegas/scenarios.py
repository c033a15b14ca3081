"""Every worked example of the Lords of Vegas rulebook (the ``LOV-*`` ids of docs/rules.md) as a step-through.

Each scenario starts from a position built with :meth:`State.position` (or a new game) and plays the
example's moves through the engine, chance outcomes given explicitly. The rulebook's numbers are checked by
tests/lords_of_vegas/test_lov_scenarios.py, not here: a wrong narration or an engine change fails a test, not the
import.

:data:`EXAMPLES` holds the lessons' own step-throughs (``LOV-X-*``) of the rules the rulebook teaches without
an example, and :func:`market_position` the trading lesson's mid-game position.

>>> SCENARIOS["LOV-BUILD"].steps[-1].state.die("A2")
(2, 2)
>>> EXAMPLES["LOV-X-TILE-DRAW"].steps[1].state.die("A2")
(1, 5)
>>> market_position().players, market_position().phase
(4, 'play')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from types import MappingProxyType
from typing import Any

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.i18n import N_, using
from vegas_tutor.lords_of_vegas.actions import (
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
)
from vegas_tutor.lords_of_vegas.board import GAME_END
from vegas_tutor.lords_of_vegas.engine import State, TileSpec, new_game
from vegas_tutor.lords_of_vegas.trades import Offer, Trade

BLUE, GREEN, RED, YELLOW = range(4)
Steps = list[Step[State]]


def _position(players: int, **spec: Any) -> State:
    """A hand-set position with a fixed seed, so a scenario's later bare rolls are the same every time."""
    return State.position(players, seed=2010, **spec)


def _step(steps: Steps, words: str, state: State, *highlight: str) -> None:
    steps.append(Step(words, state.copy(), tuple(highlight)))


def _setup() -> Steps:
    s = new_game(4, seed=2010)
    steps: Steps = []
    _step(steps, N_("The Game End card is set aside and the 48 lot cards shuffled; 2 cards go to each player."), s)
    for card in ("B4", "C1", "D2", "E2", "A1", "C8", "E5", "B6"):
        s.apply(DrawCard(card))
    _step(
        steps,
        N_("Blue's cards are B4 and A1: a marker on each, and money equal to their setup values, $4 + $7 = "
           "$11 (a lot's setup value is 10 minus its die)."),
        s,
        "lot:B4",
        "lot:A1",
        "player:blue",
    )
    _step(
        steps,
        N_("The 40 cards left are split into 4 piles of 10; the Game End card goes on top of the 4th pile, so "
           "it comes up after 30 more cards."),
        s,
    )
    for roll in ((5, 4), (6, 6), (3, 1), (2, 2)):
        s.apply(RollDice(roll))
    _step(
        steps,
        N_("Everyone rolls 2 dice; Green's 12 is highest, so Green takes the first turn."),
        s,
        "player:green",
    )
    return steps


def _draw_d8() -> Steps:
    s = _position(
        4,
        markers={"B2": GREEN},
        tiles={
            "C1": ("gold", GREEN, 4),
            "C2": ("gold", GREEN, 2),
            "C4": ("gold", BLUE, 2),
            "F9": ("gold", YELLOW, 6),
            "A1": ("brown", RED, 3),
            "B3": ("purple", BLUE, 3),
        },
        money=[10, 10, 10, 10],
        scores=[0, 0, 0, 0],
        turn=YELLOW,
        phase="draw",
    )
    steps: Steps = []
    _step(steps, N_("It is Yellow's turn. Green has a marker on lot B2. Two casinos are gold: Green's, with 3 "
                    "tiles, and Yellow's, with 1 tile."), s)
    s.apply(DrawCard("D8"))
    _step(
        steps,
        N_("Yellow draws the gold card D8 and marks it. The two markers pay $1 each (Green, Yellow). Gold "
           "casinos pay: Yellow gets $6 and 1 point for the 1-tile casino; Green bosses the 3-tile one and "
           "scores 3 points; its dice pay $2 to Blue and $6 to Green. Brown and purple casinos pay nothing."),
        s,
        "lot:D8",
        "casino:C1",
        "casino:F9",
    )
    return steps


def _strip() -> Steps:
    s = _position(
        4,
        tiles={
            "A3": ("brown", RED, 5),
            "C3": ("gold", BLUE, 6),
            "C6": ("gold", GREEN, 4),
            "C9": ("gold", BLUE, 4),
            "A1": ("purple", YELLOW, 3),
            "D9": ("gold", GREEN, 3),
        },
        turn=YELLOW,
        phase="draw",
    )
    steps: Steps = []
    _step(
        steps,
        N_("The 1-tile brown casino (A3) and the 3-tile gold casino (C3, C6, C9) touch the Strip; the 1-tile "
           "purple (A1) and the 1-tile gold (D9) do not."),
        s,
        "casino:A3",
        "casino:C3",
    )
    s.apply(DrawCard("D5"))
    _step(
        steps,
        N_("D5 is a Pay-the-Strip card: only the casinos touching the Strip pay. Red scores 1 and $5; Blue "
           "bosses the gold casino (3 points) and its dice pay Blue $10 and Green $4. Yellow's marker on D5 "
           "pays $1."),
        s,
        "casino:A3",
        "casino:C3",
    )
    return steps


_TRACK_WORDS = {
    1: N_("On space 8, a 1-tile casino pays 1 point: the marker ends on 8."),
    2: N_("On space 8, a 2-tile casino pays 2 points: the marker ends on 10."),
    3: N_("On space 8, a 3-tile casino pays 3 points: the marker ends on 10."),
    4: N_("On space 8, a 4-tile casino pays 4 points: the marker ends on 12."),
    5: N_("On space 8, a 5-tile casino pays 5 points: the marker ends on 12."),
}


def _track() -> Steps:
    steps: Steps = []
    for points in range(1, 6):
        lots = ["C1", "C4", "C7", "C10", "C2"][:points]
        tiles = {lot: ("gold", RED, 6 if i == 0 else 1) for i, lot in enumerate(lots)}
        s = _position(4, tiles=tiles, scores=[0, 0, 8, 0], turn=BLUE, phase="draw", seen=[])
        s.apply(DrawCard("D8"))
        _step(steps, _TRACK_WORDS[points], s)
    tiles = {"C1": ("gold", RED, 2), "C3": ("gold", RED, 2), "E6": ("gold", RED, 2)}
    s = _position(4, tiles=tiles, scores=[0, 0, 8, 0], turn=BLUE, phase="draw", seen=[])
    s.apply(DrawCard("D8"))
    _step(
        steps,
        N_("Three 1-tile gold casinos pay Red in the same turn, but each is recorded on its own (smallest "
           "first): 1 point never pays the 2-point gap from 8 to 10, so Red stays on 8."),
        s,
        "player:red",
    )
    return steps


def _example_board(**extra: object) -> State:
    """The rulebook's running example: Red marks A2, Yellow's brown A3 shows a 5."""
    tiles = {"A3": ("brown", YELLOW, 5)}
    spec: dict[str, object] = {"markers": {"A2": RED}, "tiles": tiles, "money": [50, 50, 50, 50], "turn": RED}
    spec.update(extra)
    return _position(4, **spec)


def _build() -> Steps:
    s = _example_board()
    steps: Steps = []
    _step(steps, N_("Red has a marker on A2 (printed die 2, cost $6)."), s, "lot:A2")
    s.apply(Build("A2", "gold"))
    _step(steps, N_("Red builds there for $6: a gold tile, with Red's die showing the printed 2."), s, "lot:A2")
    return steps


def _sprawl() -> Steps:
    s = _example_board()
    s.apply(Build("A2", "gold"))
    steps: Steps = []
    _step(steps, N_("Red bosses the 1-tile gold casino on A2; Yellow owns A3 next to it."), s, "casino:A2")
    s.apply(Sprawl("A5", "gold"))
    _step(
        steps,
        N_("Red sprawls into A5: nobody owns it. The tile must be gold like the casino, and it costs $18, "
           "double A5's $9. A3 is not possible: Yellow owns it."),
        s,
        "lot:A5",
    )
    return steps


def _remodelled() -> tuple[State, Steps]:
    s = _example_board()
    s.apply(Build("A2", "gold"))
    s.apply(Sprawl("A5", "gold"))
    steps: Steps = []
    _step(steps, N_("Red bosses the 2-tile gold casino (A2 with a 2, A5 with a 3), beside Yellow's brown A3."), s)
    s.apply(Remodel("A2", "brown"))
    _step(
        steps,
        N_("Red remodels it to brown for $10 ($5 a tile). It merges with Yellow's brown casino; Yellow's 5 "
           "beats Red's 3, so Yellow is the boss of the new 3-tile casino."),
        s,
        "casino:A2",
    )
    return s, steps


def _remodel() -> Steps:
    return _remodelled()[1]


def _reorg() -> Steps:
    s, _ = _remodelled()
    steps: Steps = []
    _step(steps, N_("The 3-tile brown casino holds 2 + 3 (Red) and 5 (Yellow): 10 pips."), s, "casino:A2")
    s.apply(Reorganize("A2"))
    _step(steps, N_("Red reorganizes it for $10, $1 per pip, and every die in it is re-rolled."), s, "casino:A2")
    s.apply(RollDice((5, 1, 4)))  # Red's two dice (seat order first), then Yellow's
    _step(steps, N_("Red rolls a 5 and a 1, Yellow a 4. Red chooses where the 5 goes."), s)
    s.apply(PlaceDie("A5"))
    _step(
        steps,
        N_("Red's 5 is now the highest die: Red is the boss. Had the roll gone badly, Red could not "
           "reorganize this casino again this turn: no die is re-rolled twice in a turn."),
        s,
        "lot:A5",
    )
    return steps


def _gamble() -> Steps:
    tiles = {"A1": ("brown", RED, 3), "A2": ("brown", RED, 2), "A4": ("brown", RED, 4)}
    s = _position(4, tiles=tiles, money=[20, 20, 20, 20], turn=YELLOW)
    steps: Steps = []
    _step(steps, N_("Red bosses a 3-tile casino: a bet there may be up to $15 ($5 a tile)."), s, "casino:A1")
    s.apply(Gamble("A1", 4))
    _step(steps, N_("On Yellow's turn, Yellow bets $4 at Red's casino; Red hears the bet."), s)
    s.apply(LayOff(False))
    _step(steps, N_("Red does not lay off half of the bet to the bank."), s)
    s.apply(RollDice((2, 1)))
    _step(steps, N_("Yellow rolls 3 (3, 4, 9, 10, 11 win even money): Red pays Yellow $4."), s, "player:yellow")
    return steps


def _tie() -> Steps:
    tiles = {
        "C1": ("gold", GREEN, 4),
        "C2": ("gold", GREEN, 5),
        "C4": ("brown", RED, 5),
        "C7": ("brown", RED, 2),
        "C8": ("brown", YELLOW, 2),
    }
    s = _position(4, tiles=tiles, money=[20, 20, 20, 20], turn=GREEN)
    steps: Steps = []
    _step(steps, N_("Green bosses a 2-tile gold casino (4, 5); Red a 3-tile brown one (Red 5 and 2, Yellow 2)."), s)
    s.apply(Remodel("C1", "brown"))
    _step(
        steps,
        N_("Green remodels to brown: one 5-tile casino, where Green's 5 and Red's 5 tie for the top. Both are "
           "re-rolled at once, for free."),
        s,
        "lot:C2",
        "lot:C4",
    )
    s.apply(RollDice((3, 3)))
    _step(steps, N_("Both 5s come up 3. Now Green's 4 is the highest die: Green is the boss."), s, "lot:C1")
    return steps


def _end() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {
        "A3": ("aqua", BLUE, 5),
        "A6": ("aqua", BLUE, 6),
        "B1": ("gold", GREEN, 3),
        "B4": ("gold", GREEN, 6),
        "C5": ("silver", RED, 1),
    }
    s = _position(3, tiles=tiles, scores=[10, 12, 12], money=[9, 4, 6], turn=RED, phase="draw", draws_before_end=0)
    _step(steps, N_("The next card is the Game End card: Green 12 points, Red 12, Blue 10."), s)
    s.apply(DrawCard(GAME_END))
    _step(
        steps,
        N_("Game End: markers pay, then the Strip pays one last time: Blue's and Green's 2-tile casinos touch "
           "it (Blue 10 -> 12, Green 12 -> 14), Red's C5 does not. Green has the most points, 14, and wins."),
        s,
        "player:green",
    )
    s = _position(2, scores=[8, 8], money=[9, 4], phase="draw", draws_before_end=0)
    s.apply(DrawCard(GAME_END))
    _step(steps, N_("Had the points been equal (8 each), the richer player would win: Blue, $9 against $4."), s)
    big: dict[str, TileSpec] = {f"C{i}": ("silver", RED, None) for i in range(1, 10)}
    s = _position(3, tiles=big, scores=[0, 0, 81], phase="draw", turn=BLUE, seen=[])
    s.apply(DrawCard("B2"))
    _step(
        steps,
        N_("A 9-tile casino pays Red 9 points, 81 -> 90: a player who reaches 90 wins at once."),
        s,
        "player:red",
    )
    return steps


_BUILDERS: dict[str, tuple[str, Callable[[], Steps]]] = {
    "LOV-SETUP": (N_("Setup: starting money and the Game End card"), _setup),
    "LOV-DRAW-D8": (N_("Drawing a card: Yellow draws D8"), _draw_d8),
    "LOV-STRIP": (N_("Which casinos touch the Strip"), _strip),
    "LOV-TRACK": (N_("The score track and its breaks"), _track),
    "LOV-BUILD": (N_("Build: Red builds on A2"), _build),
    "LOV-SPRAWL": (N_("Sprawl: Red sprawls into A5 for $18"), _sprawl),
    "LOV-REMODEL": (N_("Remodel: a hostile takeover by merging"), _remodel),
    "LOV-REORG": (N_("Reorganize: re-rolling a casino's dice"), _reorg),
    "LOV-GAMBLE": (N_("Gamble: Yellow bets $4 at Red's casino"), _gamble),
    "LOV-TIE": (N_("Ties: the tied highest dice are re-rolled"), _tie),
    "LOV-END": (N_("The end of the game"), _end),
}

with using("en"):  # (built in English whatever the importer's language)
    SCENARIOS: Mapping[str, Scenario[State]] = MappingProxyType(
        {key: Scenario(key, title, tuple(build())) for key, (title, build) in _BUILDERS.items()}
    )
    """Every ``LOV-*`` worked example of docs/rules.md, in catalogue order."""


# ------------------------------------------------------------------ the lessons' own examples: trades
# Step-throughs of rules the rulebook teaches without a worked example (trades, a drawn tile, the dice supply,
# the game for two, a boss short of money, markers running out), and the trading lesson's mid-game position.
def _trade_lot() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"A2": ("brown", YELLOW, 5), "A3": ("brown", YELLOW, 3), "C1": ("gold", RED, 4)}
    s = _position(4, tiles=tiles, markers={"A5": RED, "B2": BLUE}, money=[9, 12, 3, 20], turn=YELLOW,
            draws_before_end=20)
    _step(steps, N_("Yellow's turn, step 2. Yellow bosses the 2-tile brown casino A2-A3; Red marks A5, just below "
                    "A2, and has $3. A5 is not empty, so Yellow cannot sprawl into it."), s, "lot:A5", "lot:A2")
    trade = Trade(YELLOW, RED, Offer(money=8), Offer(lots=("A5",)))
    s.propose_trade(trade)
    s.accept_trade(RED)
    _step(steps, N_("Yellow offers $8 for lot A5 and Red accepts: Red's marker on A5 is now Yellow's, and $8 goes "
                    "from Yellow ($20 → $12) to Red ($3 → $11). Trades happen at any time no dice are rolling, "
                    "even on another player's turn."), s, "lot:A5", "player:red", "player:yellow")
    s.apply(Build("A5", "brown"))
    _step(steps, N_("Yellow now owns A5, so it may build there at the printed cost ($9), not sprawl at double: the "
                    "brown tile joins A2-A3, and Yellow bosses a 3-tile casino, 3 points on every brown card."),
          s, "lot:A5")
    return steps


def _trade_layoff() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"C1": ("gold", RED, 6), "C2": ("gold", RED, 2), "C3": ("gold", GREEN, 3)}
    s = _position(4, tiles=tiles, markers={"B2": RED}, money=[15, 10, 2, 5], turn=BLUE, draws_before_end=20)
    s.apply(Gamble("C1", 10))
    _step(steps, N_("Blue bets $10 at Red's 3-tile gold casino. Red has only $2, and must now decide whether to lay "
                    "off half of the bet before Blue rolls."), s, "lot:C1", "player:red")
    with suppress(IllegalActionError):  # (refused: only money and lots while a choice is pending)
        s.propose_trade(Trade(RED, GREEN, Offer(dice=("C2",)), Offer(money=4)))
    _step(steps, N_("Red offers Green the die on C2 for $4. The engine refuses: while a choice is pending only money "
                    "and lots change hands: dice and actions wait until it is made."), s, "lot:C2")
    s.propose_trade(Trade(RED, GREEN, Offer(lots=("B2",)), Offer(money=6)))
    s.accept_trade(GREEN)
    _step(steps, N_("Lots may change hands: Red sells its lot B2 to Green for $6 and now holds $8, before deciding."),
          s, "lot:B2", "player:red")
    s.apply(LayOff(True))
    s.apply(RollDice((1, 2)))
    _step(steps, N_("Red lays off half. Blue rolls 3 and wins $10: Red pays half, $5, the bank the other $5."),
          s, "player:red", "player:blue")
    return steps


def _trade_action() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"D1": ("purple", BLUE, 5), "D2": ("purple", BLUE, 3), "D4": ("purple", GREEN, 4)}
    s = _position(4, tiles=tiles, money=[10, 20, 8, 8], turn=GREEN, draws_before_end=20)
    _step(steps, N_("Green's turn, step 2. Blue bosses the purple casino D1-D2-D4 with a 5; Green has a 4 in it and "
                    "$20, enough to reorganize it ($12) and perhaps take it over."), s, "lot:D4", "lot:D1")
    trade = Trade(BLUE, GREEN, Offer(money=5), Offer(), action=EndTurn(), actor=GREEN)
    s.propose_trade(trade)
    s.accept_trade(GREEN)
    _step(steps, N_("Blue pays Green $5 for an action of this turn: Green ends its turn, at once, as part of the "
                    "trade. Nothing is promised for later; the action is played in the trade itself. Red's turn "
                    "begins."),
          s, "player:green", "player:blue")
    return steps


# ------------------------------------------------------------------ the lessons' own examples: corner rules
def _tile_draw() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"A2": ("brown", RED, 5), "A3": ("brown", BLUE, 4), "A5": ("brown", None, None)}
    s = _position(4, tiles=tiles, money=[5, 5, 5, 5], turn=GREEN, phase="draw", seen=["A3"], draws_before_end=20)
    _step(steps, N_("Green is about to draw. Red's 5 bosses the brown casino A2-A3-A5 (Blue has a 4; the tile on A5 "
                    "has no die: it belongs to nobody)."), s, "lot:A2")
    before = s.copy()
    s.apply(DrawCard("A2"))
    _step(steps, N_("Green draws A2, a lot with a tile: Green's die replaces Red's die there, showing the same 5. "
                    "Green is now the boss of the casino; Red's die goes back to Red's supply."), s, "lot:A2")
    s = before
    s.apply(DrawCard("A5"))
    _step(steps, N_("Had Green drawn A5 instead, the tile without a die gets Green's die at the lot's printed "
                    "value, 3. (A player who draws a tile already holding their own die changes nothing.)"),
          s, "lot:A5")
    return steps


def _dice_supply() -> Steps:
    steps: Steps = []
    lots = [f"C{i}" for i in range(1, 13)]
    colours = ("aqua", "brown", "gold", "purple", "silver")
    tiles: dict[str, TileSpec] = {lot: (colours[i % 5], BLUE, None) for i, lot in enumerate(lots)}
    s = _position(4, tiles=tiles, markers={"A2": BLUE}, money=[30, 5, 5, 5], turn=BLUE, draws_before_end=20)
    _step(steps, N_("Each player has 12 dice. All 12 of Blue's are on the board, on the 12 lots of block C; Blue "
                    "also marks A2 and has $30."), s, "lot:A2", "player:blue")
    s.apply(Build("A2", "gold", move_from="C1"))
    _step(steps, N_("Blue builds on A2 anyway: with no die left in supply, Blue moves one of its dice, the one on "
                    "C1, to A2 (showing A2's printed 2). The aqua tile on C1 stays on the board, owned by nobody."),
          s, "lot:A2", "lot:C1")
    s = _position(4, tiles={**tiles, "A3": ("gold", GREEN, 4)}, money=[30, 5, 5, 5], turn=BLUE, phase="draw",
            seen=lots, draws_before_end=20)
    s.apply(DrawCard("A3"))
    _step(steps, N_("Another time, Blue (all 12 dice out) draws A3, where Green has a 4: Blue must choose which of "
                    "its own dice moves there."), s, "lot:A3")
    s.apply(MoveDie("C2"))
    _step(steps, N_("Blue moves the die from C2: on A3 it shows Green's 4 (a drawn tile keeps its value), and C2's "
                    "tile now belongs to nobody."), s, "lot:A3", "lot:C2")
    return steps


def _two_players() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"E1": ("gold", BLUE, 3), "B1": ("gold", GREEN, 4)}
    s = _position(2, tiles=tiles, money=[5, 5], turn=BLUE, phase="draw", draws_before_end=20)
    _step(steps, N_("A game for two: Blue and Green. Block F is out of play (shaded): nobody marks or builds "
                    "there. Blue is about to draw."), s, "player:blue")
    s.apply(DrawCard("F3"))
    _step(steps, N_("Blue draws F3, a gold card of block F: it still pays (Blue's gold casino pays $3, Green's $4, "
                    "and each boss scores), but nobody takes F3, and Blue draws again."), s, "lot:F3", "lot:E1")
    return steps


def _short_boss() -> Steps:
    steps: Steps = []
    s = _position(4, tiles={"A1": ("gold", RED, 6)}, money=[5, 5, 3, 20], turn=YELLOW, draws_before_end=20)
    _step(steps, N_("Yellow's turn. Red bosses a 1-tile gold casino (a bet of up to $5) and has only $3."),
          s, "lot:A1", "player:red")
    s.apply(Gamble("A1", 5))
    s.apply(LayOff(False))
    _step(steps, N_("Yellow bets $5; Red takes the whole bet (no lay-off)."), s, "player:red")
    s.apply(RollDice((1, 2)))
    _step(steps, N_("Yellow rolls 3 and wins even money, $5. Red has only $3, so Red pays what it has: Yellow gets "
                    "$3, and the other $2 are lost. (Red could have raised cash by a trade before deciding.)"),
          s, "player:red", "player:yellow")
    return steps


def _no_markers() -> Steps:
    steps: Steps = []
    marked = ["A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4"]
    s = _position(4, markers=dict.fromkeys(marked, BLUE), tiles={"D1": ("aqua", GREEN, 3)}, money=[5, 5, 5, 5],
            turn=BLUE, phase="draw", draws_before_end=20)
    _step(steps, N_("Each player has 10 markers, and all of Blue's are on the board. Blue is about to draw."),
          s, "player:blue")
    s.apply(DrawCard("D4"))
    _step(steps, N_("Blue draws D4, an empty aqua lot: with no marker left, D4 stays unowned. The card still pays: "
                    "each of Blue's 10 markers $1 ($5 → $15), and the aqua casino pays Green $3."), s, "lot:D4")
    return steps


_EXAMPLE_BUILDERS: dict[str, tuple[str, Callable[[], Steps]]] = {
    "LOV-X-TRADE-LOT": (N_("A trade: Yellow buys a lot beside its casino"), _trade_lot),
    "LOV-X-TRADE-LAYOFF": (N_("Trading while a lay-off is pending"), _trade_layoff),
    "LOV-X-TRADE-ACTION": (N_("Selling an action of this turn"), _trade_action),
    "LOV-X-TILE-DRAW": (N_("Drawing a lot that already holds a tile"), _tile_draw),
    "LOV-X-DICE": (N_("The dice supply: 12 dice each"), _dice_supply),
    "LOV-X-TWO": (N_("The game for two: block F out"), _two_players),
    "LOV-X-SHORT": (N_("A boss who cannot pay a bet"), _short_boss),
    "LOV-X-MARKERS": (N_("When the markers run out"), _no_markers),
}

EXAMPLES: Mapping[str, Scenario[State]] = MappingProxyType(
    {key: Scenario(key, title, tuple(build())) for key, (title, build) in _EXAMPLE_BUILDERS.items()})
"""The lessons' own step-throughs, by id (``LOV-X-*``; their numbers are checked by
tests/lords_of_vegas/test_lov_examples.py, not here: a wrong narration fails a test, not the import)."""


def market_position() -> State:
    """A busy mid-game position for four, Blue (the learner) in step 2 of its turn: markers, casinos and dice
    in every block, and lots worth trading (Blue marks a lot beside Green's casino; Green one beside Blue's)."""
    tiles: dict[str, TileSpec] = {
        "A1": ("gold", RED, 6), "A2": ("gold", RED, 2), "A4": ("gold", YELLOW, 5),
        "B1": ("aqua", GREEN, 5), "B2": ("aqua", GREEN, 3), "B4": ("aqua", BLUE, 4),
        "C1": ("brown", BLUE, 6), "C2": ("brown", BLUE, 1), "C4": ("brown", GREEN, 3), "C5": ("brown", RED, 5),
        "C8": ("silver", YELLOW, 4), "C9": ("silver", YELLOW, 6), "C11": ("silver", BLUE, 2),
        "D1": ("purple", GREEN, 4), "D4": ("purple", RED, 2), "D5": ("purple", YELLOW, 1),
        "E2": ("silver", RED, 3), "E3": ("silver", GREEN, 5),
        "F1": ("aqua", YELLOW, 6), "F4": ("aqua", BLUE, 3), "F5": ("gold", GREEN, 2), "F9": ("brown", RED, 1),
    }
    markers = {"B5": BLUE, "C3": BLUE, "E5": BLUE, "A3": GREEN, "C6": GREEN, "D7": GREEN, "D2": RED, "E4": RED,
               "F2": YELLOW, "F7": YELLOW, "C12": YELLOW}
    return State.position(4, tiles=tiles, markers=markers, money=[24, 18, 11, 15], scores=[12, 14, 10, 16],
                          turn=BLUE, draws_before_end=12, seed=2010)
