"""Positions set up by hand (worked examples, "what if" play): built and checked for :meth:`State.position`."""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.config import whole_number
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _
from vegas_tutor.lords_of_vegas import rules
from vegas_tutor.lords_of_vegas.board import COLOURS, LOT_IDS, LOTS, SCORE_TRACK, TILES_PER_COLOUR
from vegas_tutor.lords_of_vegas.names import colour as colour_word
from vegas_tutor.lords_of_vegas.names import seat_word
from vegas_tutor.lords_of_vegas.rules import DICE_PER_PLAYER, MARKERS_PER_PLAYER, Data


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
        return is_int(v) and 0 <= v < players

    def bad(msg: str) -> ConfigError:
        return ConfigError(_("impossible position: {why}", why=msg))

    whole_number(players, _("Lords of Vegas: the number of players"), 2, 4)
    if phase not in ("play", "draw"):
        raise bad(_("phase must be 'play' or 'draw', not {value}", value=repr(phase)))
    if not seat_ok(turn):
        raise bad(_("turn must be a seat 0..{last}", last=players - 1))
    if len(money) != players or any(not is_int(m) or m < 0 for m in money):
        raise bad(_("money must be {n} whole amounts >= 0", n=players))
    if len(scores) != players or any(s not in SCORE_TRACK or isinstance(s, bool) for s in scores):
        raise bad(_("scores must be {n} spaces of the score track", n=players))
    if max(scores) >= SCORE_TRACK[-1]:
        raise bad(_("someone has already won with 90 points"))
    d = Data(players=players, money=money, score=scores, turn=turn, phase=phase, gambled=bool(gambled))
    for lot, seat in markers.items():
        if lot not in LOTS or not seat_ok(seat):
            raise bad(_("marker {lot}: {seat} (a lot id and a seat)", lot=repr(lot), seat=repr(seat)))
        d.marker[lot] = seat
    for lot, spec in tiles.items():
        if lot not in LOTS or lot in markers:
            raise bad(_("tile on {lot}: not a lot, or the lot also has a marker", lot=repr(lot)))
        if len(spec) != 3 or spec[0] not in COLOURS:
            raise bad(_("tile on {lot}: give (colour, owner or None, value or None)", lot=lot))
        colour, owner, value = spec
        d.tile[lot] = colour
        if owner is not None:
            if not seat_ok(owner):
                raise bad(_("tile on {lot}: {owner} is not a seat", lot=lot, owner=repr(owner)))
            if value is None:
                value = LOTS[lot].die
            if not is_int(value) or not 1 <= value <= 6:
                raise bad(_("tile on {lot}: die value {value} is not 1..6", lot=lot, value=repr(value)))
            d.die_owner[lot], d.die_value[lot] = owner, value
        elif value is not None:
            raise bad(_("tile on {lot}: a die value without an owner", lot=lot))
    for lot in (*d.marker, *d.tile):
        if not rules.in_play(d, lot):
            raise bad(_("{lot} is out of play with two players", lot=lot))
    for colour in COLOURS:
        if rules.tiles_left(d, colour) < 0:
            raise bad(_("more than {n} {colour} tiles", n=TILES_PER_COLOUR, colour=colour_word(colour)))
    for seat in range(players):
        if rules.dice_left(d, seat) < 0 or rules.markers_left(d, seat) < 0:
            raise bad(_("{name} uses over {dice} dice or {markers} markers", name=seat_word(seat), dice=DICE_PER_PLAYER,
                        markers=MARKERS_PER_PLAYER))
    if len(set(seen)) != len(seen) or any(card not in LOTS for card in seen):
        raise bad(_("seen cards must be distinct lot ids (the Game End card is never seen before the end)"))
    unseen_marked = [lot for lot in d.marker if lot not in seen]
    if unseen_marked:
        raise bad(_("marked lots whose card was never drawn: {lots}", lots=", ".join(unseen_marked)))
    d.seen = list(seen)
    d.unseen = [lot for lot in LOT_IDS if lot not in seen]
    remaining = len(d.unseen)
    before_end = remaining - remaining // 4 if draws_before_end is None else draws_before_end
    if not is_int(before_end) or not 0 <= before_end <= remaining:
        raise bad(_("draws_before_end must be 0..{last}", last=remaining))
    d.end_after, d.drawn = before_end, 0
    tied = [c.key for c in rules.casinos(d) if c.tied_top()]
    if tied:
        raise bad(_("players tie for the top die of the casino at {lots}: re-roll before", lots=", ".join(tied)))
    return d
