"""The rules of Lords of Vegas on a plain data record: setup, the draw step, the five actions, ties, the end.

:class:`Data` is the whole game position; the functions here read and change it without checking
legality (the :class:`~vegas_tutor.lords_of_vegas.engine.State` checks before calling them, the odds
and bots call them directly on copies). Phases, and who acts in each:

``deal``        setup: deal the next property card (chance) to seat ``deal_next % players``
``start_roll``  setup: the next player in ``rolling`` rolls 2d6 (chance); the highest starts
``draw``        step 1: the player on turn draws a card (chance)
``draw_move``   step 1 with all 12 dice on the board: the drawer chooses which die to move (decision)
``tie_roll``    the tied highest dice of a casino are re-rolled (chance), then play goes on
``play``        step 2: build, sprawl, remodel, reorganize, gamble, end turn (decisions)
``reorg_roll``  the reorganized casino's dice are re-rolled (chance)
``reorg_place`` each owner in turn places their re-rolled dice on their tiles (decision)
``layoff``      the boss of the casino bet at decides whether to lay off half (decision)
``gamble_roll`` the gambler rolls 2d6 (chance)
``over``        the game has ended
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vegas_tutor.core.events import Event
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
)
from vegas_tutor.lords_of_vegas.board import (
    COLOURS,
    GAME_END,
    LOT_IDS,
    LOTS,
    ORDER,
    STRIP,
    TILES_PER_COLOUR,
    WINNING_SCORE,
    advance_score,
)
from vegas_tutor.lords_of_vegas.casinos import Casino, build_casino, groups

PLAYER_NAMES: tuple[str, ...] = ("blue", "green", "red", "yellow")
DICE_PER_PLAYER = 12
MARKERS_PER_PLAYER = 10
REMODEL_PER_TILE = 5
BET_PER_TILE = 5
DOUBLE_TOTALS = frozenset({2, 12})
EVEN_TOTALS = frozenset({3, 4, 9, 10, 11})
"""Gamble: these 2d6 totals win the bet back doubled (2, 12) or even (3, 4, 9, 10, 11); 5-8 lose."""

CHANCE_PHASES = frozenset({"deal", "start_roll", "draw", "tie_roll", "reorg_roll", "gamble_roll"})


@dataclass
class Data:
    """The complete position (no hidden information: the deck is drawn uniformly from the unseen cards)."""

    players: int
    money: list[int]
    score: list[int]
    marker: dict[str, int] = field(default_factory=dict)
    tile: dict[str, str] = field(default_factory=dict)
    die_owner: dict[str, int] = field(default_factory=dict)
    die_value: dict[str, int] = field(default_factory=dict)
    unseen: list[str] = field(default_factory=lambda: list(LOT_IDS))
    """Lot cards not yet drawn, in board order (the Game End card is tracked by ``end_after``)."""
    seen: list[str] = field(default_factory=list)
    """Every card drawn so far (setup deal included), in order: the discard piles."""
    end_after: int = -1
    """How many lot cards are drawn in play before the Game End card (-1 until setup is dealt)."""
    short_game: bool = False
    """The short game variant (see :func:`end_after_deal`): the Game End card goes into the deck earlier."""
    drawn: int = 0
    turn: int = 0
    phase: str = "deal"
    deal_next: int = 0
    rolling: list[int] = field(default_factory=list)
    start_rolls: dict[int, int] = field(default_factory=dict)
    gambled: bool = False
    rerolled: set[str] = field(default_factory=set)
    card: str | None = None
    after_ties: str = "play"
    pending: tuple[str, ...] = ()
    placing: list[tuple[int, list[int], list[str]]] = field(default_factory=list)
    bet: tuple[str, int, int, bool | None] | None = None
    """A gamble in progress: (casino key, bet, boss, lay-off chosen or None yet)."""
    winners: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """What the last action did (payouts, ties, takeovers), as structured events (see :mod:`.words`)."""
    groups_cache: list[tuple[str, ...]] | None = None
    casino_cache: list[Casino] | None = None
    """Derived views, dropped whenever a tile or a die changes (see :func:`touched`)."""

    def copy(self) -> Data:
        return Data(
            players=self.players,
            money=self.money.copy(),
            score=self.score.copy(),
            marker=self.marker.copy(),
            tile=self.tile.copy(),
            die_owner=self.die_owner.copy(),
            die_value=self.die_value.copy(),
            unseen=self.unseen.copy(),
            seen=self.seen.copy(),
            end_after=self.end_after,
            short_game=self.short_game,
            drawn=self.drawn,
            turn=self.turn,
            phase=self.phase,
            deal_next=self.deal_next,
            rolling=self.rolling.copy(),
            start_rolls=self.start_rolls.copy(),
            gambled=self.gambled,
            rerolled=self.rerolled.copy(),
            card=self.card,
            after_ties=self.after_ties,
            pending=self.pending,
            placing=[(o, v.copy(), lots.copy()) for o, v, lots in self.placing],
            bet=self.bet,
            winners=self.winners.copy(),
            events=self.events.copy(),
            groups_cache=self.groups_cache,
            casino_cache=self.casino_cache,
        )


def name(seat: int) -> str:
    return PLAYER_NAMES[seat]


# --- reading the board -------------------------------------------------------------------------------


def in_play(d: Data, lot: str) -> bool:
    """Block F is out of play with two players."""
    return not (d.players == 2 and LOTS[lot].block == "F")


def casinos(d: Data) -> list[Casino]:
    """Every casino on the board, ordered by its first lot."""
    if d.casino_cache is None:
        if d.groups_cache is None:
            d.groups_cache = groups(d.tile)
        d.casino_cache = [build_casino(g, d.tile[g[0]], d.die_owner, d.die_value) for g in d.groups_cache]
    return list(d.casino_cache)


def touched(d: Data, tiles: bool = False) -> None:
    """Forget the derived casino views after dice (and, with ``tiles``, tiles) changed."""
    d.casino_cache = None
    if tiles:
        d.groups_cache = None


def casino_at(d: Data, lot: str) -> Casino | None:
    if lot not in d.tile:
        return None
    return next(c for c in casinos(d) if lot in c.lots)


def tiles_left(d: Data, colour: str) -> int:
    return TILES_PER_COLOUR - sum(1 for c in d.tile.values() if c == colour)


def dice_left(d: Data, seat: int) -> int:
    return DICE_PER_PLAYER - sum(1 for o in d.die_owner.values() if o == seat)


def markers_left(d: Data, seat: int) -> int:
    return MARKERS_PER_PLAYER - sum(1 for o in d.marker.values() if o == seat)


def own_dice(d: Data, seat: int) -> list[str]:
    return sorted((lot for lot, o in d.die_owner.items() if o == seat), key=ORDER.__getitem__)


def current_player(d: Data) -> int | None:
    if d.phase == "over":
        return None
    if d.phase == "deal":
        return d.deal_next % d.players
    if d.phase == "start_roll":
        return next(p for p in d.rolling if p not in d.start_rolls)
    if d.phase == "reorg_place":
        return d.placing[0][0]
    if d.phase == "layoff":
        assert d.bet is not None
        return d.bet[2]
    return d.turn


def winners(d: Data) -> list[int]:
    """Most points; equal points are broken by money; still equal: a shared win."""
    best = max(d.score)
    top = [p for p in range(d.players) if d.score[p] == best]
    richest = max(d.money[p] for p in top)
    return [p for p in top if d.money[p] == richest]


def reorg_groups(d: Data) -> list[tuple[int, list[str]]]:
    """The dice being reorganized, by owner in seat order: (owner, their lots in board order)."""
    owners = sorted({d.die_owner[lot] for lot in d.pending})
    return [(o, [lot for lot in d.pending if d.die_owner[lot] == o]) for o in owners]


# --- the legal decisions ---------------------------------------------------------------------------------


def sprawl_targets(d: Data, seat: int) -> list[tuple[str, str]]:
    """(lot, colour) pairs a player could sprawl into, ignoring money and tiles: board order, then colour."""
    out: set[tuple[str, str]] = set()
    for c in casinos(d):
        if c.boss != seat:
            continue
        for lot in c.lots:
            for near in LOTS[lot].neighbours:
                if near not in d.tile and near not in d.marker and in_play(d, near):
                    out.add((near, c.colour))
    return sorted(out, key=lambda t: (ORDER[t[0]], t[1]))


def play_actions(d: Data) -> list[Action]:
    """Step 2's legal actions for the player on turn, in a fixed order (end turn last)."""
    p = d.turn
    money = d.money[p]
    out: list[Action] = []
    all_casinos = casinos(d)
    left = {c: tiles_left(d, c) for c in COLOURS}
    movers: list[str | None] = [None] if dice_left(d, p) > 0 else list(own_dice(d, p))
    for lot in sorted((lot for lot, o in d.marker.items() if o == p), key=ORDER.__getitem__):
        if money >= LOTS[lot].cost:
            out += [Build(lot, colour, m) for colour in COLOURS if left[colour] > 0 for m in movers]
    for lot, colour in sprawl_targets(d, p):
        if money >= 2 * LOTS[lot].cost and left[colour] > 0:
            out += [Sprawl(lot, colour, m) for m in movers]
    for c in all_casinos:
        if c.boss == p and money >= REMODEL_PER_TILE * c.size:
            out += [Remodel(c.key, k) for k in COLOURS if k != c.colour and left[k] >= c.size]
    for c in all_casinos:
        lots = [lot for lot, _, _ in c.dice]
        if p in c.owners() and money >= c.pips and not any(lot in d.rerolled for lot in lots):
            out.append(Reorganize(c.key))
    if not d.gambled and money >= 1:
        for c in all_casinos:
            if c.boss is not None and c.boss != p:
                out += [Gamble(c.key, bet) for bet in range(1, min(BET_PER_TILE * c.size, money) + 1)]
    out.append(EndTurn())
    return out


def legal_actions(d: Data) -> list[Action]:
    if d.phase == "over":
        return []
    if d.phase in CHANCE_PHASES:
        return [DrawCard()] if d.phase in ("deal", "draw") else [RollDice()]
    if d.phase == "play":
        return play_actions(d)
    if d.phase == "draw_move":
        return [MoveDie(lot) for lot in own_dice(d, d.turn)]
    if d.phase == "reorg_place":
        return [PlaceDie(lot) for lot in d.placing[0][2]]
    if d.phase == "layoff":
        return [LayOff(False), LayOff(True)]
    raise AssertionError(f"unknown phase {d.phase}")


# --- changing the board ----------------------------------------------------------------------------------


def _put_tile(d: Data, lot: str, colour: str) -> None:
    d.tile[lot] = colour
    touched(d, tiles=True)


def _put_die(d: Data, lot: str, owner: int, value: int, move_from: str | None) -> None:
    if move_from is not None:
        del d.die_owner[move_from], d.die_value[move_from]
        if move_from in d.rerolled:
            d.rerolled.discard(move_from)
            d.rerolled.add(lot)
        d.events.append(Event("move_die", seat=owner, lot=move_from, to=lot))
    d.die_owner[lot] = owner
    d.die_value[lot] = value
    touched(d)


def settle(d: Data, then: str) -> None:
    """After any change to dice or tiles: start a tie re-roll if a casino needs one, else carry on.

    ``then`` is the phase to carry on with: ``"pay"`` (pay the drawn card, then play), ``"play"``, or
    ``"draw"`` (a trade made before a turn's card is drawn)."""
    for c in casinos(d):
        tied = c.tied_top()
        if tied:
            d.phase, d.pending, d.after_ties = "tie_roll", tied, then
            d.events.append(Event("tie", colour=c.colour, casino=c.key, dice=list(tied)))
            return
    d.pending = ()
    if then == "pay":
        assert d.card is not None
        card, d.card = d.card, None
        pay(d, card)
        if d.phase != "over":
            d.phase = "play"
    else:
        d.phase = then


def pay(d: Data, card: str) -> None:
    """Markers pay $1 each; the casinos the card names pay $1 a pip to each die and points to the boss."""
    for owner in d.marker.values():
        d.money[owner] += 1
    if d.marker:
        d.events.append(Event("markers_pay"))
    paying = paying_casinos(d, card)
    for c in paying:
        for _, owner, value in c.dice:
            d.money[owner] += value
        d.events.append(Event("casino_pays", colour=c.colour, casino=c.key, tiles=c.size, pips=c.pips))
    for boss, size, key in scoring_order([(c.boss, c.size, c.key) for c in paying if c.boss is not None]):
        before = d.score[boss]
        d.score[boss] = advance_score(before, size)
        d.events.append(Event("score", seat=boss, points=size, casino=key, before=before, after=d.score[boss]))
    if card == GAME_END or WINNING_SCORE in d.score:
        finish(d)


def paying_casinos(d: Data, card: str) -> list[Casino]:
    """The casinos a card makes pay: all of its colour, or (Strip cards, Game End) all touching the Strip."""
    strip = card == GAME_END or LOTS[card].card == STRIP
    return [c for c in casinos(d) if (c.strip if strip else c.colour == LOTS[card].card)]


def scoring_order(paid: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """(boss, size, casino) records in the order they are scored: each boss's smallest casino first.

    Equal sizes score equal points, so the owner's choice between them cannot change the result; they
    are recorded in board order.
    """
    return sorted(paid, key=lambda r: (r[0], r[1], ORDER[r[2]]))


def score_after(score: list[int], paid: list[tuple[int, int, str]]) -> list[int]:
    """The score track positions after scoring ``paid`` (boss, size, casino) records."""
    out = list(score)
    for boss, size, _ in scoring_order(paid):
        out[boss] = advance_score(out[boss], size)
    return out


def bet_result(total: int, bet: int, half: bool, boss_money: int) -> tuple[int, int]:
    """(gambler's gain, boss's gain) for a bet settled by a 2d6 ``total`` (the bank takes the rest).

    Win: the boss owes the winnings (doubled on 2 or 12), only half of them (rounded down) after a
    lay-off, and pays at most what they hold; the bank pays the rest of the boss's part. Loss: the
    gambler pays the bet, to the boss, or half of it (rounded down) after a lay-off.
    """
    if total in DOUBLE_TOTALS or total in EVEN_TOTALS:
        owed = bet * (2 if total in DOUBLE_TOTALS else 1)
        boss_part = owed // 2 if half else owed
        paid = min(boss_part, boss_money)
        return paid + owed - boss_part, -paid
    return -bet, bet // 2 if half else bet


def finish(d: Data) -> None:
    d.phase = "over"
    d.winners = winners(d)
    d.events.append(Event("game_over", winners=list(d.winners)))


def draw(d: Data, card: str) -> None:
    """Resolve a drawn card (setup deal or step 1)."""
    d.seen.append(card)
    if card != GAME_END:
        d.unseen.remove(card)
    if d.phase == "deal":
        _deal(d, card)
        return
    d.events.append(Event("draw", seat=d.turn, card=card))
    if card == GAME_END:
        pay(d, card)
        return
    d.drawn += 1
    if not in_play(d, card):
        d.events.append(Event("out_of_play_draw", seat=d.turn, card=card))
        pay(d, card)
        return
    d.card = card
    p = d.turn
    if card not in d.tile:
        if markers_left(d, p) > 0:
            d.marker[card] = p
        else:
            d.events.append(Event("no_marker", seat=p, card=card))
    elif d.die_owner.get(card) == p:
        d.events.append(Event("own_die", seat=p, card=card))
    elif dice_left(d, p) > 0:
        _put_die(d, card, p, d.die_value.get(card, LOTS[card].die), None)
    else:
        d.phase = "draw_move"
        return
    settle(d, "pay")


def end_after_deal(remaining: int, *, short_game: bool = False) -> int:
    """How many lot cards are drawn before the Game End card, ``remaining`` lot cards being left after the deal.

    The rules split the deck into 4 roughly equal piles and put the Game End card on top of the 4th: it comes
    out after the first three piles. The short game variant splits the deck into 2 piles and puts the Game End
    card on top of the 2nd: it comes out after the first pile, about half as many cards into the game.

    >>> end_after_deal(40), end_after_deal(40, short_game=True)
    (30, 20)
    """
    if short_game:
        return remaining - remaining // 2
    return remaining - remaining // 4


def _deal(d: Data, card: str) -> None:
    seat = d.deal_next % d.players
    if not in_play(d, card):
        d.events.append(Event("out_of_play_deal", card=card))
        return
    d.marker[card] = seat
    d.money[seat] += LOTS[card].setup_value
    d.deal_next += 1
    if d.deal_next == 2 * d.players:
        d.end_after = end_after_deal(len(d.unseen), short_game=d.short_game)
        d.phase = "start_roll"
        d.rolling = list(range(d.players))
        d.start_rolls = {}


def move_die(d: Data, source: str) -> None:
    assert d.card is not None
    _put_die(d, d.card, d.turn, d.die_value.get(d.card, LOTS[d.card].die), source)
    settle(d, "pay")


def roll(d: Data, values: tuple[int, ...]) -> None:
    """Resolve the pending dice with ``values`` (already in canonical form)."""
    if d.phase == "start_roll":
        seat = current_player(d)
        assert seat is not None
        d.start_rolls[seat] = sum(values)
        if len(d.start_rolls) == len(d.rolling):
            best = max(d.start_rolls.values())
            top = [p for p in d.rolling if d.start_rolls[p] == best]
            if len(top) == 1:
                d.turn, d.phase = top[0], "draw"
                d.events.append(Event("starts", seat=top[0], total=best))
            else:
                d.rolling, d.start_rolls = top, {}
                d.events.append(Event("start_tie", total=best, seats=list(top)))
    elif d.phase == "tie_roll":
        for lot, value in zip(d.pending, values, strict=True):
            d.die_value[lot] = value
        touched(d)
        settle(d, d.after_ties)
    elif d.phase == "reorg_roll":
        d.placing = []
        at = 0
        groups_ = reorg_groups(d)
        groups_.sort(key=lambda g: (g[0] - d.turn) % d.players)
        by_owner = {}
        for owner, lots in reorg_groups(d):
            by_owner[owner] = list(values[at : at + len(lots)])
            at += len(lots)
        for owner, lots in groups_:
            d.placing.append((owner, by_owner[owner], list(lots)))
        d.phase = "reorg_place"
        _auto_place(d)
    elif d.phase == "gamble_roll":
        _settle_bet(d, sum(values))
    else:
        raise AssertionError(d.phase)


def _auto_place(d: Data) -> None:
    """Place re-rolled dice wherever the owner has no real choice; stop at the first real choice."""
    while d.placing:
        _, values, lots = d.placing[0]
        if len(lots) > 1 and len(set(values)) > 1:
            return
        for lot, value in zip(lots, values, strict=True):
            d.die_value[lot] = value
        touched(d)
        d.placing.pop(0)
    settle(d, "play")


def place_die(d: Data, lot: str) -> None:
    _, values, lots = d.placing[0]
    d.die_value[lot] = values.pop(0)
    touched(d)
    lots.remove(lot)
    _auto_place(d)


def _settle_bet(d: Data, total: int) -> None:
    assert d.bet is not None
    _, bet, boss, half = d.bet
    assert half is not None
    gambler = d.turn
    d.bet = None
    d.phase = "play"
    gain, boss_gain = bet_result(total, bet, half, d.money[boss])
    d.money[gambler] += gain
    d.money[boss] += boss_gain
    d.events.append(Event("gamble", seat=gambler, total=total, gain=gain, boss=boss, boss_gain=boss_gain))


def end_turn(d: Data) -> None:
    d.turn = (d.turn + 1) % d.players
    d.gambled = False
    d.rerolled = set()
    d.phase = "draw"


def play(d: Data, action: Action) -> None:
    """Carry out a step-2 decision already known to be legal."""
    p = d.turn
    d.events.append(Event("action", seat=p, action=str(action)))
    if isinstance(action, Build):
        lot = LOTS[action.lot]
        del d.marker[action.lot]
        d.money[p] -= lot.cost
        _put_tile(d, action.lot, action.colour)
        _put_die(d, action.lot, p, lot.die, action.move_from)
        settle(d, "play")
    elif isinstance(action, Sprawl):
        lot = LOTS[action.lot]
        d.money[p] -= 2 * lot.cost
        _put_tile(d, action.lot, action.colour)
        _put_die(d, action.lot, p, lot.die, action.move_from)
        settle(d, "play")
    elif isinstance(action, Remodel):
        c = casino_at(d, action.lot)
        assert c is not None
        d.money[p] -= REMODEL_PER_TILE * c.size
        for lot_id in c.lots:
            _put_tile(d, lot_id, action.colour)
        settle(d, "play")
    elif isinstance(action, Reorganize):
        c = casino_at(d, action.lot)
        assert c is not None
        d.money[p] -= c.pips
        d.pending = tuple(lot_id for lot_id, _, _ in c.dice)
        d.rerolled.update(d.pending)
        d.phase = "reorg_roll"
    elif isinstance(action, Gamble):
        c = casino_at(d, action.lot)
        assert c is not None and c.boss is not None
        d.gambled = True
        d.bet = (c.key, action.bet, c.boss, None)
        d.phase = "layoff"
    elif isinstance(action, EndTurn):
        end_turn(d)
    else:
        raise AssertionError(action)


def lay_off(d: Data, half: bool) -> None:
    assert d.bet is not None
    d.bet = (d.bet[0], d.bet[1], d.bet[2], half)
    d.phase = "gamble_roll"
