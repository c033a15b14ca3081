"""Step-throughs of the rules the rulebook teaches without a worked example (trades, a drawn tile, the dice
supply, the two-player game, a boss short of money, markers running out), and the mid-game position the
trading lesson plays from. Each starts from :meth:`State.position` and plays its moves through the engine;
what the narration says is checked while the example is built (a disagreement fails at once).

>>> EXAMPLES["LOV-X-TILE-DRAW"].steps[1].state.die("A2")
(1, 5)
>>> market_position().players, market_position().phase
(4, 'play')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

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
    Reorganize,
    RollDice,
)
from vegas_tutor.lords_of_vegas.engine import State, TileSpec
from vegas_tutor.lords_of_vegas.trades import Offer, Trade

BLUE, GREEN, RED, YELLOW = range(4)
Steps = list[Step[State]]


class ExampleMismatch(RuntimeError):
    """The engine disagrees with what an example's narration says."""


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise ExampleMismatch(what)


def _at(players: int, **spec: object) -> State:
    return State.position(players, seed=2010, **spec)  # type: ignore[arg-type]


def _step(steps: Steps, words: str, state: State, *highlight: str) -> None:
    steps.append(Step(words, state.copy(), tuple(highlight)))


# ----------------------------------------------------------------------------------------------- trades
def _trade_lot() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"A2": ("brown", YELLOW, 5), "A3": ("brown", YELLOW, 3), "C1": ("gold", RED, 4)}
    s = _at(4, tiles=tiles, markers={"A5": RED, "B2": BLUE}, money=[9, 12, 3, 20], turn=YELLOW,
            draws_before_end=20)
    _step(steps, N_("Yellow's turn, step 2. Yellow bosses the 2-tile brown casino A2-A3; Red marks A5, just below "
                    "A2, and has $3. A5 is not empty, so Yellow cannot sprawl into it."), s, "lot:A5", "lot:A2")
    trade = Trade(YELLOW, RED, Offer(money=8), Offer(lots=("A5",)))
    s.propose_trade(trade)
    s.accept_trade(RED)
    _check(s.marker("A5") == YELLOW and s.money(RED) == 11 and s.money(YELLOW) == 12, "Yellow buys A5 for $8")
    _step(steps, N_("Yellow offers $8 for lot A5 and Red accepts: Red's marker on A5 is now Yellow's, and $8 goes "
                    "from Yellow ($20 → $12) to Red ($3 → $11). Trades happen at any time no dice are rolling, "
                    "even on another player's turn."), s, "lot:A5", "player:red", "player:yellow")
    s.apply(Build("A5", "brown"))
    casino = s.casino_at("A5")
    _check(casino is not None and casino.size == 3 and casino.boss == YELLOW, "A5 joins the brown casino")
    _step(steps, N_("Yellow now owns A5, so it may build there at the printed cost ($9), not sprawl at double: the "
                    "brown tile joins A2-A3, and Yellow bosses a 3-tile casino, 3 points on every brown card."),
          s, "lot:A5")
    return steps


def _trade_layoff() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"C1": ("gold", RED, 6), "C2": ("gold", RED, 2), "C3": ("gold", GREEN, 3)}
    s = _at(4, tiles=tiles, markers={"B2": RED}, money=[15, 10, 2, 5], turn=BLUE, draws_before_end=20)
    s.apply(Gamble("C1", 10))
    _check(s.phase == "layoff" and s.current_player == RED, "Red is asked about the lay-off")
    _step(steps, N_("Blue bets $10 at Red's 3-tile gold casino. Red has only $2, and must now decide whether to lay "
                    "off half of the bet before Blue rolls."), s, "lot:C1", "player:red")
    try:
        s.propose_trade(Trade(RED, GREEN, Offer(dice=("C2",)), Offer(money=4)))
        refused = ""
    except IllegalActionError as why:
        refused = str(why)
    _check("only money and lots" in refused, "no dice change hands during a pending choice")
    _step(steps, N_("Red offers Green the die on C2 for $4. The engine refuses: while a choice is pending only money "
                    "and lots change hands: dice and actions wait until it is made."), s, "lot:C2")
    s.propose_trade(Trade(RED, GREEN, Offer(lots=("B2",)), Offer(money=6)))
    s.accept_trade(GREEN)
    _check(s.money(RED) == 8 and s.marker("B2") == GREEN, "Red sells B2 for $6")
    _step(steps, N_("Lots may change hands: Red sells its lot B2 to Green for $6 and now holds $8, before deciding."),
          s, "lot:B2", "player:red")
    s.apply(LayOff(True))
    s.apply(RollDice((1, 2)))
    _check(s.money(RED) == 3 and s.money(BLUE) == 25, "a lay-off: Red pays $5, the bank $5")
    _step(steps, N_("Red lays off half. Blue rolls 3 and wins $10: Red pays half, $5, the bank the other $5."),
          s, "player:red", "player:blue")
    return steps


def _trade_action() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"D1": ("purple", BLUE, 5), "D2": ("purple", BLUE, 3), "D4": ("purple", GREEN, 4)}
    s = _at(4, tiles=tiles, money=[10, 20, 8, 8], turn=GREEN, draws_before_end=20)
    _step(steps, N_("Green's turn, step 2. Blue bosses the purple casino D1-D2-D4 with a 5; Green has a 4 in it and "
                    "$20, enough to reorganize it ($12) and perhaps take it over."), s, "lot:D4", "lot:D1")
    _check(Reorganize("D1") in s.legal_actions(), "Green could reorganize")
    trade = Trade(BLUE, GREEN, Offer(money=5), Offer(), action=EndTurn(), actor=GREEN)
    s.propose_trade(trade)
    s.accept_trade(GREEN)
    _check(s.turn == RED and s.money(GREEN) == 25, "Green sells its end turn")
    _step(steps, N_("Blue pays Green $5 for an action of this turn: Green ends its turn, at once, as part of the "
                    "trade. Nothing is promised for later; the action is played in the trade itself. Red's turn "
                    "begins."),
          s, "player:green", "player:blue")
    return steps


# ----------------------------------------------------------------------------------------------- corner rules
def _tile_draw() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"A2": ("brown", RED, 5), "A3": ("brown", BLUE, 4), "A5": ("brown", None, None)}
    s = _at(4, tiles=tiles, money=[5, 5, 5, 5], turn=GREEN, phase="draw", seen=["A3"], draws_before_end=20)
    _step(steps, N_("Green is about to draw. Red's 5 bosses the brown casino A2-A3-A5 (Blue has a 4; the tile on A5 "
                    "has no die: it belongs to nobody)."), s, "lot:A2")
    before = s.copy()
    s.apply(DrawCard("A2"))
    _check(s.die("A2") == (GREEN, 5) and s.casino_at("A2") is not None and s.casino_at("A2").boss == GREEN,  # type: ignore[union-attr]
           "Green's die replaces Red's at the same value")
    _step(steps, N_("Green draws A2, a lot with a tile: Green's die replaces Red's die there, showing the same 5. "
                    "Green is now the boss of the casino; Red's die goes back to Red's supply."), s, "lot:A2")
    s = before
    s.apply(DrawCard("A5"))
    _check(s.die("A5") == (GREEN, 3), "a tile without a die gets the printed value")
    _step(steps, N_("Had Green drawn A5 instead, the tile without a die gets Green's die at the lot's printed "
                    "value, 3. (A player who draws a tile already holding their own die changes nothing.)"),
          s, "lot:A5")
    return steps


def _dice_supply() -> Steps:
    steps: Steps = []
    lots = [f"C{i}" for i in range(1, 13)]
    colours = ("aqua", "brown", "gold", "purple", "silver")
    tiles: dict[str, TileSpec] = {lot: (colours[i % 5], BLUE, None) for i, lot in enumerate(lots)}
    s = _at(4, tiles=tiles, markers={"A2": BLUE}, money=[30, 5, 5, 5], turn=BLUE, draws_before_end=20)
    _check(s.dice_left(BLUE) == 0, "all 12 of Blue's dice are on the board")
    _step(steps, N_("Each player has 12 dice. All 12 of Blue's are on the board, on the 12 lots of block C; Blue "
                    "also marks A2 and has $30."), s, "lot:A2", "player:blue")
    s.apply(Build("A2", "gold", move_from="C1"))
    _check(s.die("A2") == (BLUE, 2) and s.die("C1") is None and s.tile("C1") == "aqua", "a die moves")
    _step(steps, N_("Blue builds on A2 anyway: with no die left in supply, Blue moves one of its dice, the one on "
                    "C1, to A2 (showing A2's printed 2). The aqua tile on C1 stays on the board, owned by nobody."),
          s, "lot:A2", "lot:C1")
    s = _at(4, tiles={**tiles, "A3": ("gold", GREEN, 4)}, money=[30, 5, 5, 5], turn=BLUE, phase="draw",
            seen=lots, draws_before_end=20)
    s.apply(DrawCard("A3"))
    _check(s.phase == "draw_move" and s.current_player == BLUE, "the drawer chooses which die moves")
    _step(steps, N_("Another time, Blue (all 12 dice out) draws A3, where Green has a 4: Blue must choose which of "
                    "its own dice moves there."), s, "lot:A3")
    s.apply(MoveDie("C2"))
    _check(s.die("A3") == (BLUE, 4) and s.die("C2") is None, "the moved die takes the value on A3")
    _step(steps, N_("Blue moves the die from C2: on A3 it shows Green's 4 (a drawn tile keeps its value), and C2's "
                    "tile now belongs to nobody."), s, "lot:A3", "lot:C2")
    return steps


def _two_players() -> Steps:
    steps: Steps = []
    tiles: dict[str, TileSpec] = {"E1": ("gold", BLUE, 3), "B1": ("gold", GREEN, 4)}
    s = _at(2, tiles=tiles, money=[5, 5], turn=BLUE, phase="draw", draws_before_end=20)
    _check(not any(s.view()["lots"][f"F{i}"]["in_play"] for i in range(1, 10)), "block F is out of play")
    _step(steps, N_("A game for two: Blue and Green. Block F is out of play (shaded): nobody marks or builds "
                    "there. Blue is about to draw."), s, "player:blue")
    s.apply(DrawCard("F3"))
    _check(s.phase == "draw" and s.turn == BLUE and s.marker("F3") is None and s.money(BLUE) == 8,
           "an F card pays, then its drawer draws again")
    _step(steps, N_("Blue draws F3, a gold card of block F: it still pays (Blue's gold casino pays $3, Green's $4, "
                    "and each boss scores), but nobody takes F3, and Blue draws again."), s, "lot:F3", "lot:E1")
    return steps


def _short_boss() -> Steps:
    steps: Steps = []
    s = _at(4, tiles={"A1": ("gold", RED, 6)}, money=[5, 5, 3, 20], turn=YELLOW, draws_before_end=20)
    _step(steps, N_("Yellow's turn. Red bosses a 1-tile gold casino (a bet of up to $5) and has only $3."),
          s, "lot:A1", "player:red")
    s.apply(Gamble("A1", 5))
    s.apply(LayOff(False))
    _step(steps, N_("Yellow bets $5; Red takes the whole bet (no lay-off)."), s, "player:red")
    s.apply(RollDice((1, 2)))
    _check(s.money(RED) == 0 and s.money(YELLOW) == 23, "a boss short of money pays what it has")
    _step(steps, N_("Yellow rolls 3 and wins even money, $5. Red has only $3, so Red pays what it has: Yellow gets "
                    "$3, and the other $2 are lost. (Red could have raised cash by a trade before deciding.)"),
          s, "player:red", "player:yellow")
    return steps


def _no_markers() -> Steps:
    steps: Steps = []
    marked = ["A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4"]
    s = _at(4, markers=dict.fromkeys(marked, BLUE), tiles={"D1": ("aqua", GREEN, 3)}, money=[5, 5, 5, 5],
            turn=BLUE, phase="draw", draws_before_end=20)
    _check(s.markers_left(BLUE) == 0, "Blue's 10 markers are on the board")
    _step(steps, N_("Each player has 10 markers, and all of Blue's are on the board. Blue is about to draw."),
          s, "player:blue")
    s.apply(DrawCard("D4"))
    _check(s.marker("D4") is None and s.money(BLUE) == 15 and s.money(GREEN) == 8, "no marker: the lot stays unowned")
    _step(steps, N_("Blue draws D4, an empty aqua lot: with no marker left, D4 stays unowned. The card still pays: "
                    "each of Blue's 10 markers $1 ($5 → $15), and the aqua casino pays Green $3."), s, "lot:D4")
    return steps


_BUILDERS: dict[str, tuple[str, Callable[[], Steps]]] = {
    "LOV-X-TRADE-LOT": (N_("A trade: Yellow buys a lot beside its casino"), _trade_lot),
    "LOV-X-TRADE-LAYOFF": (N_("Trading while a lay-off is pending"), _trade_layoff),
    "LOV-X-TRADE-ACTION": (N_("Selling an action of this turn"), _trade_action),
    "LOV-X-TILE-DRAW": (N_("Drawing a lot that already holds a tile"), _tile_draw),
    "LOV-X-DICE": (N_("The dice supply: 12 dice each"), _dice_supply),
    "LOV-X-TWO": (N_("The game for two: block F out"), _two_players),
    "LOV-X-SHORT": (N_("A boss who cannot pay a bet"), _short_boss),
    "LOV-X-MARKERS": (N_("When the markers run out"), _no_markers),
}

with using("en"):  # (the checks made while building read the engine's own English refusals)
    EXAMPLES: Mapping[str, Scenario[State]] = MappingProxyType(
        {key: Scenario(key, title, tuple(build())) for key, (title, build) in _BUILDERS.items()})
    """The lessons' own step-throughs, by id."""


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
