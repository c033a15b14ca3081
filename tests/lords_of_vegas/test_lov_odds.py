"""Exact odds, each checked against the engine: enumeration of its chance outcomes, or a seeded simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.lords_of_vegas import (
    COLOURS,
    GAME_END,
    LOTS,
    DrawCard,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Reorganize,
    RollDice,
    State,
)
from vegas_tutor.lords_of_vegas.engine import TileSpec
from vegas_tutor.lords_of_vegas.odds import (
    TWO_DICE,
    card_payout_odds,
    gamble_odds,
    gamble_odds_at,
    next_card_odds,
    next_draw_odds,
    reorganize_odds,
    settle_odds,
)

BLUE, GREEN, RED, YELLOW = range(4)


def within(estimate: float, exact: Fraction, spread: float, n: int) -> bool:
    """Is a sample mean within 4.5 standard errors of the exact value?"""
    return abs(estimate - float(exact)) <= 4.5 * spread / n**0.5 + 1e-12


# --- gamble ---


def test_two_dice_and_the_house_edge() -> None:
    assert sum(TWO_DICE.values()) == 1 and TWO_DICE[7] == Fraction(1, 6)
    for bet in (1, 4, 15):
        g = gamble_odds(bet)
        assert g.gambler_ev == Fraction(-2, 36) * bet and g.boss_ev == -g.gambler_ev and g.bank_ev == 0
        assert g.win_chance == Fraction(16, 36)
        assert g.gambler == {-bet: Fraction(20, 36), bet: Fraction(14, 36), 2 * bet: Fraction(2, 36)}
        laid = gamble_odds(bet, lay_off=True)
        assert laid.gambler_ev == g.gambler_ev
        assert laid.boss_ev + laid.bank_ev == -laid.gambler_ev


def test_gamble_odds_match_the_engine_outcome_by_outcome() -> None:
    tiles = {"A1": ("brown", RED, 3), "A2": ("brown", RED, 2), "A4": ("brown", RED, 4)}
    for bet, half, red_money in ((5, False, 40), (5, True, 40), (7, True, 3), (15, False, 9)):
        s = State.position(4, tiles=tiles, money=[0, 0, red_money, 30], turn=YELLOW)
        s.apply(Gamble("A1", bet))
        s.apply(LayOff(half))
        gambler: dict[int, Fraction] = {}
        boss: dict[int, Fraction] = {}
        for outcome, p in s.chance_outcomes():
            twin = s.copy()
            twin.apply(outcome)
            g, b = twin.money(YELLOW) - 30, twin.money(RED) - red_money
            gambler[g] = gambler.get(g, Fraction(0)) + p
            boss[b] = boss.get(b, Fraction(0)) + p
        exact = gamble_odds_at(s, "A1", bet, lay_off=half)
        assert exact.gambler == dict(sorted(gambler.items())) and exact.boss == dict(sorted(boss.items()))


def test_gamble_odds_match_a_seeded_simulation() -> None:
    tiles = {"A3": ("aqua", RED, 5)}
    n, total = 3000, 0
    for seed in range(n):
        s = State.position(4, tiles=tiles, money=[0, 0, 100, 100], turn=YELLOW, seed=seed)
        s.apply(Gamble("A3", 5))
        s.apply(LayOff(False))
        s.apply(RollDice())
        total += s.money(YELLOW) - 100
    assert within(total / n, gamble_odds(5).gambler_ev, 5.5, n)


def test_gamble_odds_reject_bad_input() -> None:
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError):
            gamble_odds(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        gamble_odds(3, boss_money=-1)
    with pytest.raises(IllegalActionError):
        gamble_odds_at(State.position(4), "A1", 3)


# --- reorganize and ties ---


def test_settle_small_cases_by_hand() -> None:
    two = settle_odds([], [BLUE, RED])
    assert two.boss == {BLUE: Fraction(1, 2), RED: Fraction(1, 2)}
    assert two.pips == {BLUE: Fraction(7, 2), RED: Fraction(7, 2)}
    one = settle_odds([], [RED, RED])  # one player's dice never tie
    assert one.boss == {RED: 1} and one.pips == {RED: 7}
    kept = settle_odds([(GREEN, 3)], [BLUE, RED])  # Green's 3 stays unless it ties for the top
    assert sum(kept.boss.values()) == 1 and kept.boss[BLUE] == kept.boss[RED]
    assert kept.boss[GREEN] > Fraction(1, 9)  # at least: both re-rolled dice land below 3


def _settle_by_linear_algebra(kept: tuple[tuple[int, int], ...], rolling: tuple[int, ...]) -> dict[int, Fraction]:
    """The second method: the tie chain state by state ((kept dice, owners rolling), every ordered roll), its
    equations V = settled now + sum P(next) V(next) solved by plain Gauss-Jordan elimination (slow: small
    cases only). Returns P(boss) then E[pips] per seat, keyed seat and 10 + seat."""
    seats = sorted({o for o, _ in kept} | set(rolling))
    start = (tuple(sorted(kept)), tuple(sorted(rolling)))
    states, edges = [start], {}
    for state in states:
        moves: dict[object, Fraction] = {}
        settled = dict.fromkeys([*seats, *(10 + s for s in seats)], Fraction(0))
        for faces in product(range(1, 7), repeat=len(state[1])):
            p = Fraction(1, 6 ** len(faces))
            dice = [*state[0], *zip(state[1], faces, strict=True)]
            top = max(v for _, v in dice)
            at_top = sorted(o for o, v in dice if v == top)
            if len(set(at_top)) == 1:
                settled[at_top[0]] += p
                for o, v in dice:
                    settled[10 + o] += p * v
            else:
                nxt = (tuple(sorted(d for d in dice if d[1] != top)), tuple(at_top))
                moves[nxt] = moves.get(nxt, Fraction(0)) + p
                if nxt not in states:
                    states.append(nxt)
        edges[state] = (moves, settled)
    n, keys = len(states), list(edges[start][1])
    index = {state: i for i, state in enumerate(states)}
    rows = []
    for state in states:
        moves, settled = edges[state]
        row = [Fraction(int(i == index[state])) for i in range(n)] + [settled[k] for k in keys]
        for nxt, p in moves.items():
            row[index[nxt]] -= p
        rows.append(row)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col])
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return dict(zip(keys, rows[index[start]][n:], strict=True))


@pytest.mark.parametrize(
    ("kept", "rolling"),
    [
        ((), (BLUE, GREEN, RED)),
        ((), (BLUE, BLUE, RED, RED)),
        ((), (BLUE, BLUE, BLUE, RED)),
        (((RED, 3),), (BLUE, GREEN)),
        (((RED, 6),), (BLUE, GREEN)),
        (((GREEN, 1),), (BLUE, RED)),
    ],
)
def test_settle_odds_match_the_tie_chain_solved_by_linear_algebra(
    kept: tuple[tuple[int, int], ...], rolling: tuple[int, ...]
) -> None:
    exact = settle_odds(kept, rolling)
    reference = _settle_by_linear_algebra(kept, rolling)
    assert exact.boss == {s: reference[s] for s in exact.boss}
    assert exact.pips == {s: reference[10 + s] for s in exact.pips}


def _simulate_reorganize(tiles: dict[str, TileSpec], lot: str, n: int) -> tuple[dict[int, int], dict[int, int]]:
    bosses: dict[int, int] = {}
    pips: dict[int, int] = {}
    for seed in range(n):
        s = State.position(4, tiles=tiles, money=[50, 50, 50, 50], turn=RED, seed=seed)
        s.apply(Reorganize(lot))
        s.apply(RollDice())
        while s.phase != "play":
            actions = s.legal_actions()
            s.apply(actions[0] if not isinstance(actions[0], PlaceDie) else actions[-1])
        casino = s.casino_at(lot)
        assert casino is not None and casino.boss is not None
        bosses[casino.boss] = bosses.get(casino.boss, 0) + 1
        for _, owner, value in casino.dice:
            pips[owner] = pips.get(owner, 0) + value
    return bosses, pips


@pytest.mark.parametrize(
    "dice",
    [
        {"C1": (BLUE, 4), "C2": (BLUE, 2), "C4": (RED, 5)},
        {"C1": (BLUE, 4), "C2": (GREEN, 2), "C4": (RED, 5), "C5": (RED, 1)},
        {"C1": (BLUE, 6), "C2": (BLUE, 5), "C4": (RED, 4), "C5": (RED, 3), "C7": (GREEN, 2), "C8": (YELLOW, 1)},
    ],
)
def test_reorganize_odds_match_a_seeded_simulation(dice: dict[str, tuple[int, int]]) -> None:
    tiles: dict[str, TileSpec] = {lot: ("gold", owner, value) for lot, (owner, value) in dice.items()}
    base = State.position(4, tiles=tiles, money=[50, 50, 50, 50], turn=RED)
    exact = reorganize_odds(base, "C1")
    assert exact.casino == "C1" and exact.cost == sum(v for _, v in dice.values())
    assert sum(exact.boss.values()) == 1
    for owner in exact.pips_before:
        assert exact.pips_before[owner] == sum(v for o, v in dice.values() if o == owner)
        assert exact.pip_change[owner] == exact.pips_after[owner] - exact.pips_before[owner]
    n = 1500
    bosses, pips = _simulate_reorganize(tiles, "C1", n)
    for owner, p in exact.boss.items():
        assert within(bosses.get(owner, 0) / n, p, 0.5, n)
        count = sum(1 for o, _ in dice.values() if o == owner)
        assert within(pips.get(owner, 0) / n, exact.pips_after[owner], 1.8 * count, n)


def test_reorganize_odds_need_a_casino() -> None:
    with pytest.raises(IllegalActionError):
        reorganize_odds(State.position(4), "A1")


# --- the next card ---


def test_next_card_odds_match_the_chance_outcomes() -> None:
    s = State.position(3, markers={"A1": BLUE, "D5": RED}, seen=["A1", "D5", "B2", "C3"], phase="draw")
    odds = next_card_odds(s)
    by_colour: dict[str, Fraction] = {}
    for action, p in s.chance_outcomes():
        assert isinstance(action, DrawCard) and action.card is not None
        kind = LOTS[action.card].card
        by_colour[kind] = by_colour.get(kind, Fraction(0)) + p
    assert odds.colours == {c: by_colour.get(c, Fraction(0)) for c in COLOURS}
    assert odds.strip == by_colour["strip"] == Fraction(2, 44) and odds.game_end == 0
    assert odds.colours["brown"] == Fraction(8, 44) and odds.colours["purple"] == Fraction(8, 44)
    assert sum(odds.colours.values()) + odds.strip == 1


def test_the_game_end_card_is_certain_when_the_three_piles_are_drawn() -> None:
    s = State.position(2, phase="draw", draws_before_end=0)
    odds = next_card_odds(s)
    assert odds.game_end == 1 and odds.pays_strip == 1 and set(odds.colours.values()) == {0}


def test_game_end_position_over_a_whole_game() -> None:
    s = State.position(4, phase="draw", draws_before_end=3, seen=[])
    for _ in range(3):
        assert next_card_odds(s).game_end == 0
        s.apply(DrawCard())
        s.apply("end turn")
    assert next_card_odds(s).game_end == 1
    s.apply(DrawCard())
    assert s.is_over and s.seen_cards()[-1] == GAME_END
    with pytest.raises(IllegalActionError):
        next_card_odds(s)


# --- the next draw's payout ---


def _payout_by_engine(s: State) -> tuple[list[Fraction], list[Fraction]]:
    money = [Fraction(0)] * s.players
    points = [Fraction(0)] * s.players
    for action, p in s.chance_outcomes():
        twin = s.copy()
        twin.apply(action)
        assert twin.phase in ("play", "draw", "over")
        for seat in range(s.players):
            money[seat] += p * (twin.money(seat) - s.money(seat))
            points[seat] += p * (twin.score(seat) - s.score(seat))
    return money, points


def test_next_draw_odds_match_the_engine_card_by_card() -> None:
    s = State.position(
        4,
        markers={"B2": GREEN, "E1": BLUE},
        tiles={
            "C1": ("gold", GREEN, 4),
            "C2": ("gold", GREEN, 2),
            "C4": ("gold", BLUE, 2),
            "A3": ("brown", RED, 5),
            "A6": ("brown", RED, 6),
            "D1": ("silver", YELLOW, 6),
            "D4": ("silver", RED, 3),
        },
        scores=[7, 8, 8, 18],
        turn=YELLOW,
        phase="draw",
    )
    money, points = _payout_by_engine(s)
    odds = next_draw_odds(s)
    assert [odds.money[p] for p in range(4)] == money
    assert [odds.points[p] for p in range(4)] == points


def test_next_draw_odds_with_a_takeover_tie_match_a_seeded_simulation() -> None:
    tiles = {"C1": ("gold", RED, 5), "C2": ("gold", RED, 5), "C4": ("gold", GREEN, 4)}
    s = State.position(4, tiles=tiles, scores=[0, 3, 6, 0], turn=BLUE, phase="draw", seen=["C1", "C4"])
    exact = card_payout_odds(s, "C2")  # Blue takes a red 5: a tie with Red's other 5
    n = 3000
    money = [0] * 4
    points = [0] * 4
    for seed in range(n):
        twin = State.position(
            4, tiles=tiles, scores=[0, 3, 6, 0], turn=BLUE, phase="draw", seen=["C1", "C4"], seed=seed
        )
        twin.apply(DrawCard("C2"))
        while twin.phase == "tie_roll":
            twin.apply(RollDice())
        for seat in range(4):
            money[seat] += twin.money(seat) - s.money(seat)
            points[seat] += twin.score(seat) - s.score(seat)
    for seat in range(4):
        assert within(money[seat] / n, exact.money[seat], 3.0, n)
        assert within(points[seat] / n, exact.points[seat], 3.0, n)
    assert exact.points[BLUE] > 0 and exact.points[RED] > 0
    total = next_draw_odds(s)
    assert sum(total.money.values()) > 0


def test_draw_odds_only_at_the_start_of_a_turn() -> None:
    s = State.position(4)
    with pytest.raises(IllegalActionError):
        next_draw_odds(s)
    with pytest.raises(IllegalActionError):
        card_payout_odds(State.position(4, phase="draw", seen=["A1"]), "A1")


@pytest.mark.parametrize(
    ("kept", "rolling"),
    [((), (BLUE, BLUE, RED)), (((GREEN, 3),), (BLUE, RED)), (((RED, 4), (BLUE, 2)), (BLUE, GREEN))],
)
def test_settle_odds_satisfy_the_one_roll_equation_exactly(
    kept: tuple[tuple[int, int], ...], rolling: tuple[int, ...]
) -> None:
    """V(state) = what one roll settles at once + sum of P(next state) V(next state), each V solved anew."""
    start = settle_odds(list(kept), list(rolling))
    seats = sorted(start.boss)
    boss = dict.fromkeys(seats, Fraction(0))
    pips = dict.fromkeys(seats, Fraction(0))
    for faces in product(range(1, 7), repeat=len(rolling)):
        p = Fraction(1, 6 ** len(rolling))
        dice = [*kept, *zip(rolling, faces, strict=True)]
        top = max(v for _, v in dice)
        at_top = [o for o, v in dice if v == top]
        if len(set(at_top)) == 1:
            boss[at_top[0]] += p
            for o, v in dice:
                pips[o] += p * v
        else:
            nxt = settle_odds([d for d in dice if d[1] != top], at_top)
            for seat in seats:
                boss[seat] += p * nxt.boss.get(seat, Fraction(0))
                pips[seat] += p * nxt.pips.get(seat, Fraction(0))
    assert boss == start.boss and pips == start.pips


def test_next_draw_odds_when_the_drawer_must_move_a_die() -> None:
    """With all 12 dice on the board the odds assume the drawer moves their lowest die: so does the engine here."""
    tiles: dict[str, TileSpec] = {f"C{i}": ("silver" if i < 10 else "brown", BLUE, i % 5 + 1) for i in range(1, 13)}
    tiles |= {"D1": ("gold", RED, 6), "D2": ("gold", GREEN, 3), "A3": ("aqua", YELLOW, 5)}
    s = State.position(4, tiles=tiles, turn=BLUE, phase="draw", seen=[])
    money = [Fraction(0)] * 4
    points = [Fraction(0)] * 4
    moved = 0
    for action, p in s.chance_outcomes():
        twin = s.copy()
        twin.apply(action)
        if twin.phase == "draw_move":
            moved += 1
            mine = [lot for lot in LOTS if (twin.die(lot) or (None, 0))[0] == BLUE]
            twin.apply(MoveDie(min(mine, key=lambda lot: (twin.die(lot) or (0, 0))[1])))
        assert twin.phase in ("play", "draw", "over")
        for seat in range(4):
            money[seat] += p * (twin.money(seat) - s.money(seat))
            points[seat] += p * (twin.score(seat) - s.score(seat))
    odds = next_draw_odds(s)
    assert moved == 3
    assert [odds.money[q] for q in range(4)] == money and [odds.points[q] for q in range(4)] == points
