"""Positions set up by hand (worked examples, "what if" play): built and checked for :meth:`State.position`."""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.config import whole_number
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.lords_of_vegas import rules
from vegas_tutor.lords_of_vegas.board import COLOURS, LOT_IDS, LOTS, SCORE_TRACK, TILES_PER_COLOUR
from vegas_tutor.lords_of_vegas.rules import DICE_PER_PLAYER, MARKERS_PER_PLAYER, PLAYER_NAMES, Data


def position_data(
    players: int,
    markers: dict[str, int],
    tiles: dict[str, tuple[Any, ...]],
    money: list[int],
    scores: list[int],
    turn: int,
    phase: str,
    seen: list[str],
    draws_before_end: int | None,
    gambled: bool,
) -> Data:
    def seat_ok(v: object) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < players

    def bad(msg: str) -> ConfigError:
        return ConfigError(f"impossible position: {msg}")

    whole_number(players, "Lords of Vegas: the number of players", 2, 4)
    if phase not in ("play", "draw"):
        raise bad(f"phase must be 'play' or 'draw', not {phase!r}")
    if not seat_ok(turn):
        raise bad(f"turn must be a seat 0..{players - 1}")
    if len(money) != players or any(not isinstance(m, int) or isinstance(m, bool) or m < 0 for m in money):
        raise bad(f"money must be {players} whole amounts >= 0")
    if len(scores) != players or any(s not in SCORE_TRACK or isinstance(s, bool) for s in scores):
        raise bad(f"scores must be {players} spaces of the score track")
    if max(scores) >= SCORE_TRACK[-1]:
        raise bad("someone has already won with 90 points")
    d = Data(players=players, money=money, score=scores, turn=turn, phase=phase, gambled=bool(gambled))
    for lot, seat in markers.items():
        if lot not in LOTS or not seat_ok(seat):
            raise bad(f"marker {lot!r}: {seat!r} (a lot id and a seat)")
        d.marker[lot] = seat
    for lot, spec in tiles.items():
        if lot not in LOTS or lot in markers:
            raise bad(f"tile on {lot!r}: not a lot, or the lot also has a marker")
        if len(spec) != 3 or spec[0] not in COLOURS:
            raise bad(f"tile on {lot}: give (colour, owner or None, value or None)")
        colour, owner, value = spec
        d.tile[lot] = colour
        if owner is not None:
            if not seat_ok(owner):
                raise bad(f"tile on {lot}: {owner!r} is not a seat")
            if value is None:
                value = LOTS[lot].die
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise bad(f"tile on {lot}: die value {value!r} is not 1..6")
            d.die_owner[lot], d.die_value[lot] = owner, value
        elif value is not None:
            raise bad(f"tile on {lot}: a die value without an owner")
    for lot in (*d.marker, *d.tile):
        if not rules.in_play(d, lot):
            raise bad(f"{lot} is out of play with two players")
    for colour in COLOURS:
        if rules.tiles_left(d, colour) < 0:
            raise bad(f"more than {TILES_PER_COLOUR} {colour} tiles")
    for seat in range(players):
        if rules.dice_left(d, seat) < 0 or rules.markers_left(d, seat) < 0:
            raise bad(f"{PLAYER_NAMES[seat]} uses over {DICE_PER_PLAYER} dice or {MARKERS_PER_PLAYER} markers")
    if len(set(seen)) != len(seen) or any(card not in LOTS for card in seen):
        raise bad("seen cards must be distinct lot ids (the Game End card is never seen before the end)")
    unseen_marked = [lot for lot in d.marker if lot not in seen]
    if unseen_marked:
        raise bad(f"marked lots whose card was never drawn: {', '.join(unseen_marked)}")
    d.seen = list(seen)
    d.unseen = [lot for lot in LOT_IDS if lot not in seen]
    remaining = len(d.unseen)
    before_end = remaining - remaining // 4 if draws_before_end is None else draws_before_end
    if isinstance(before_end, bool) or not isinstance(before_end, int) or not 0 <= before_end <= remaining:
        raise bad(f"draws_before_end must be 0..{remaining}")
    d.end_after, d.drawn = before_end, 0
    tied = [c.key for c in rules.casinos(d) if c.tied_top()]
    if tied:
        raise bad(f"players tie for the top die of the casino at {', '.join(tied)}: re-roll before")
    return d
