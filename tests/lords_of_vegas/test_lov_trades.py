"""Trades: money, marked lots and dice change hands on acceptance; what cannot be traded is refused."""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.lords_of_vegas import Gamble, Offer, Reorganize, State, Trade, parse_trade

BLUE, GREEN, RED, YELLOW = range(4)


def board() -> State:
    return State.position(
        4,
        markers={"A2": RED, "B2": BLUE},
        tiles={"C1": ("gold", BLUE, 6), "C2": ("gold", RED, 4), "D1": ("silver", YELLOW, 5)},
        money=[10, 10, 10, 10],
        turn=RED,
    )


def test_a_die_for_a_lot_and_money() -> None:
    s = board()
    trade = Trade(RED, BLUE, Offer(3, ("A2",)), Offer(0, (), ("C1",)))
    s.propose_trade(trade)
    assert s.proposal == trade
    with pytest.raises(IllegalActionError):
        s.accept_trade(RED)  # only the second party accepts
    s.accept_trade(BLUE)
    assert s.proposal is None and s.history[-1] == trade
    assert s.money(RED) == 7 and s.money(BLUE) == 13
    assert s.marker("A2") == BLUE and s.die("C1") == (RED, 6)  # a traded die keeps its value
    assert s.casinos()[0].boss == RED
    s.undo()
    assert s.marker("A2") == RED and s.die("C1") == (BLUE, 6) and s.money(RED) == 10


def test_a_traded_die_can_make_a_tie_which_is_re_rolled() -> None:
    s = State.position(4, tiles={"C1": ("gold", BLUE, 5), "C2": ("gold", BLUE, 5), "C4": ("gold", RED, 2)}, turn=RED)
    s.propose_trade(Trade(BLUE, GREEN, Offer(0, (), ("C2",)), Offer()))
    s.accept_trade(GREEN)
    assert s.phase == "tie_roll" and s.pending_dice == ("C1", "C2")
    s.apply("roll 6 2")
    assert s.casinos()[0].boss == BLUE and s.phase == "play"


@pytest.mark.parametrize(
    "trade",
    [
        Trade(RED, BLUE, Offer(11), Offer()),  # more money than Red holds
        Trade(RED, BLUE, Offer(0, ("B2",)), Offer()),  # Blue's lot, not Red's
        Trade(RED, BLUE, Offer(0, (), ("D1",)), Offer()),  # Yellow's die
        Trade(GREEN, YELLOW, Offer(0, (), ("C1",)), Offer(1)),
    ],
)
def test_what_a_side_does_not_hold_cannot_be_traded(trade: Trade) -> None:
    s = board()
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.propose_trade(trade)
    assert s.to_json() == before and s.proposal is None


def test_trades_at_any_time_but_while_dice_roll() -> None:
    s = State.position(4, markers={"A2": RED}, money=[5, 5, 5, 5], phase="draw", turn=YELLOW)
    s.propose_trade(Trade(RED, BLUE, Offer(1, ("A2",)), Offer()))  # off their turn, before Yellow draws
    s.accept_trade(BLUE)
    assert s.phase == "draw" and s.current_player == YELLOW
    assert s.marker("A2") == BLUE and s.money(RED) == 4 and s.money(BLUE) == 6
    tied = State.position(4, tiles={"C1": ("gold", BLUE, 5), "C2": ("gold", BLUE, 5), "C4": ("gold", RED, 2)},
                          phase="draw", turn=YELLOW)
    tied.propose_trade(Trade(BLUE, GREEN, Offer(0, (), ("C2",)), Offer()))
    tied.accept_trade(GREEN)  # the traded die makes a tie: re-rolled at once, then Yellow draws
    assert tied.phase == "tie_roll"
    tied.apply("roll 6 2")
    assert tied.phase == "draw" and tied.current_player == YELLOW
    tied.undo()  # back to the tie roll: no trade while the dice are in the air
    with pytest.raises(IllegalActionError, match="dice are rolling"):
        tied.propose_trade(Trade(BLUE, RED, Offer(0, (), ("C1",)), Offer(1)))
    with pytest.raises(IllegalActionError):
        s.decline_trade()


def test_supplies_limit_what_a_side_can_receive() -> None:
    marks = {f"C{i}": BLUE for i in range(1, 11)} | {"A2": RED}
    s = State.position(4, markers=marks, money=[5, 5, 5, 5], turn=RED)
    with pytest.raises(IllegalActionError):
        s.propose_trade(Trade(RED, BLUE, Offer(0, ("A2",)), Offer(2)))
    s.propose_trade(Trade(RED, BLUE, Offer(0, ("A2",)), Offer(0, ("C1",))))  # a swap keeps Blue at 10
    s.decline_trade()
    assert s.proposal is None


def test_malformed_trades() -> None:
    with pytest.raises(InvalidActionError):
        Trade(RED, RED, Offer(1), Offer())
    with pytest.raises(InvalidActionError):
        Trade(RED, BLUE, Offer(), Offer())
    with pytest.raises(InvalidActionError):
        Offer(-1)
    with pytest.raises(InvalidActionError):
        Offer(0, ("Z1",))
    with pytest.raises(InvalidActionError):
        Offer(0, ("A1", "A1"))
    with pytest.raises(InvalidActionError):
        parse_trade("trade red: everything for blue: nothing")
    with pytest.raises(InvalidActionError):
        Trade(RED, 7, Offer(1), Offer())


def test_trade_text_round_trip_and_saved_games() -> None:
    trade = Trade(RED, BLUE, Offer(3, ("A2",)), Offer(0, (), ("C1",)))
    assert parse_trade(str(trade)) == trade
    s = board()
    s.propose_trade(str(trade))
    s.accept_trade(BLUE)
    assert State.from_json(s.to_json()).to_json() == s.to_json()


def test_a_new_action_withdraws_the_proposal() -> None:
    s = board()
    s.propose_trade(Trade(RED, BLUE, Offer(1), Offer()))
    s.apply("end turn")
    assert s.proposal is None


def test_money_and_lots_change_hands_before_a_lay_off_decision() -> None:
    """A boss short of cash may raise it before deciding on the lay-off; dice wait until the choice is made."""
    s = State.position(4, tiles={"C1": ("gold", BLUE, 5), "C2": ("gold", BLUE, 3)}, markers={"A2": BLUE},
                       money=[0, 9, 9, 9], turn=RED)
    s.apply("gamble $4 at C1")
    assert s.phase == "layoff" and s.current_player == BLUE
    s.propose_trade(Trade(BLUE, GREEN, Offer(0, ("A2",)), Offer(6)))
    s.accept_trade(GREEN)
    assert s.phase == "layoff" and s.money(BLUE) == 6 and s.marker("A2") == GREEN
    with pytest.raises(IllegalActionError, match="dice and actions wait"):
        s.propose_trade(Trade(BLUE, GREEN, Offer(0, (), ("C2",)), Offer(1)))
    s.apply("take the whole bet")
    assert s.phase == "gamble_roll"
    with pytest.raises(IllegalActionError, match="dice are rolling"):
        s.propose_trade(Trade(GREEN, BLUE, Offer(1), Offer()))


def test_an_action_of_this_turn_is_sold_and_played_at_once() -> None:
    s = State.position(4, tiles={"C1": ("gold", BLUE, 2), "C2": ("gold", RED, 4), "C3": ("gold", RED, 1)},
                       money=[9, 9, 9, 9], turn=BLUE)
    reorganize = Reorganize("C1")
    assert reorganize in s.legal_actions()
    sold = Trade(RED, BLUE, Offer(2), Offer(), reorganize, BLUE)  # Red pays Blue $2 to reorganize now
    assert parse_trade(str(sold)) == sold
    s.propose_trade(sold)
    s.accept_trade(BLUE)
    played = s.copy()
    played.undo()
    played.apply(reorganize)
    assert s.money(RED) == 7 and s.money(BLUE) == played.money(BLUE) + 2  # the $2, then the reorganize's price
    assert s.phase == "reorg_roll" and s.history[-1] == sold  # the reorganize is under way
    s.undo()
    assert s.phase == "play" and s.money(RED) == 9 and s.money(BLUE) == 9
    for bad, why in ((Trade(RED, GREEN, Offer(1), Offer(), reorganize, GREEN), "only the turn player"),
                     (Trade(RED, BLUE, Offer(1), Offer(), Gamble("C1", 99), BLUE), "cannot"),
                     (Trade(RED, BLUE, Offer(1), Offer(0, (), ("C1",)), reorganize, BLUE), "cannot also hand")):
        with pytest.raises(IllegalActionError, match=why):
            s.propose_trade(bad)
    with pytest.raises(InvalidActionError):
        Trade(RED, BLUE, Offer(1), Offer(), reorganize, None)
