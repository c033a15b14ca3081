"""The JSON view of a Las Vegas game that the browser draws: casinos, dice, roll, turn, hands, payout, log.

Everything here is a pure function of engine objects, so the widget's view can be rebuilt from its synced
traits alone and the projections can be tested without a browser.

>>> from vegas_tutor.las_vegas import new_game
>>> board = board_view(new_game(3, seed=1), humans=(0,))
>>> board["round"], board["phase"], board["turn"]["name"], [c["number"] for c in board["casinos"]]
(1, 'roll', 'You', [1, 2, 3, 4, 5, 6])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_tutor.i18n import _, _n
from vegas_tutor.las_vegas.coach import join
from vegas_tutor.las_vegas.engine import CasinoPayout, State
from vegas_tutor.las_vegas.odds import bills_now, dice_left
from vegas_tutor.las_vegas.rules import CASINO_NAMES, CASINOS, ROUNDS, cancelled_owners, money
from vegas_tutor.las_vegas.words import say_all

JSON = dict[str, Any]

PATTERNS: tuple[str, ...] = ("solid", "stripes", "dots", "bars", "checks")
"""A pattern per seat, drawn on its dice beside its colour and letter (colour is never the only signal)."""

LOG_LINES = 8
"""How many of the latest log lines the board shows."""


def tied_owners(dice: Sequence[int]) -> list[int]:
    """The owners whose dice at a casino cancel if the round ended now (the rules' own tie rule)."""
    return cancelled_owners(dice)


def owner_labels(state: State) -> list[str]:
    """One short distinct label per owner, drawn on its dice: the name's initial, or its seat number."""
    labels: list[str] = []
    for seat, name in enumerate(state.names):
        initial = (name.strip()[:1] or str(seat + 1)).upper()
        labels.append(initial if initial not in labels and initial != "W" else str(seat + 1))
    if state.neutral:
        labels.append("W")
    return labels


def learner_seat(humans: Sequence[int]) -> int | None:
    """The learner's own seat, "You" on the board: the seat of a learner who plays one seat (``None`` when the
    board plays nobody's, or several learners share it)."""
    return humans[0] if len(humans) == 1 else None


def owners_view(state: State, humans: Sequence[int], bots: bool = True) -> list[JSON]:
    """The owners of dice (seats, then white): name, label, pattern, and who plays the seat
    (``"you"``, ``"bot"``, or ``"none"`` on a board that only shows positions)."""
    labels = owner_labels(state)
    you = learner_seat(humans)
    owners: list[JSON] = [
        {
            "index": seat, "name": seat_name(state, seat, you), "label": labels[seat], "kind": "seat",
            "pattern": PATTERNS[seat % len(PATTERNS)],
            "player": "you" if seat in humans else "bot" if bots else "none",
            "you": seat == you,
        }
        for seat in range(state.players)
    ]
    if state.neutral:
        owners.append({"index": state.players, "name": owner_name(state, state.players, you), "label": "W",
                       "kind": "white", "pattern": "white", "player": "none", "you": False})
    return owners


def roll_view(state: State) -> JSON | None:
    """The roll waiting to be placed, grouped by face (one group per face showing any die)."""
    roll = state.current_roll
    if roll is None:
        return None
    own, white = roll
    groups = [
        {"face": face, "own": own[face - 1], "white": white[face - 1], "casino": CASINO_NAMES[face]}
        for face in CASINOS if own[face - 1] + white[face - 1] > 0
    ]
    return {"own": list(own), "white": list(white), "groups": groups}


def payout_view(state: State, payouts: Sequence[CasinoPayout], round_number: int, you: int | None = None) -> JSON:
    """One finished round's payout, casino by casino, in numbers and in words (``you``: the learner's seat)."""
    casinos: list[JSON] = []
    for p in payouts:
        takes: list[JSON] = [
            {"owner": seat, "name": seat_name(state, seat, you), "bill": bill}
            for seat, bill in sorted(p.takes.items(), key=lambda item: -item[1])
        ]
        casinos.append({
            "number": p.casino,
            "name": CASINO_NAMES[p.casino],
            "bills": list(p.bills),
            "dice": list(p.dice),
            "takes": takes,
            "cancelled": list(p.cancelled),
            "white_bill": p.white_bill,
            "returned": list(p.returned),
            "words": payout_words(state, p, you),
        })
    return {"round": round_number, "casinos": casinos}


def payout_words(state: State, p: CasinoPayout, you: int | None = None) -> str:
    """One casino's payout in a sentence: ties, who takes which bill, what goes back under the pile."""
    if not any(p.dice):
        if p.returned:
            return _("No dice: {bills} back under the pile.", bills=", ".join(map(money, p.returned)))
        return _("No dice: no bills.")
    dice = ", ".join(f"{owner_name(state, o, you)} {n}" for o, n in enumerate(p.dice) if n > 0)
    parts = [_("Dice: {dice}.", dice=dice)]
    if p.cancelled:
        names = [owner_name(state, o, you) for o in p.cancelled]
        parts.append(_n("Tie: {names} cancels.", "Tie: {names} cancel.", len(names), names=join(names)))
    takes = [_("You take {bill}", bill=money(b)) if s == you
             else _("{name} takes {bill}", name=state.names[s], bill=money(b))
             for s, b in sorted(p.takes.items(), key=lambda t: -t[1])]
    if p.white_bill is not None:
        takes.append(_("the white dice win {bill}", bill=money(p.white_bill)))
    sentence = join(takes) + "." if takes else _("Nobody is paid.")
    parts.append(sentence[0].upper() + sentence[1:])
    if p.returned:
        parts.append(_("{bills} back under the pile.", bills=", ".join(map(money, p.returned))))
    return " ".join(parts)


def you_name() -> str:
    """What the learner's seat is called when they play one seat: "You" ("Tú" in Spanish)."""
    return _("You")


def seat_name(state: State, seat: int, you: int | None) -> str:
    """A seat's name as a learner reads it: "You" in the language in force for the learner's seat ``you``,
    the game's name for the others."""
    return you_name() if seat == you else state.names[seat]


def owner_name(state: State, owner: int, you: int | None = None) -> str:
    """An owner's name as a learner reads it: a seat's (see :func:`seat_name`), or the white dice's."""
    return _("white") if owner == state.players else seat_name(state, owner, you)


def board_view(
    state: State,
    *,
    humans: Sequence[int],
    highlight: Sequence[str] = (),
    log_from: int = 0,
    bots: bool = True,
    reasons: Mapping[int, str] | None = None,
) -> JSON:
    """The whole board as one small JSON dict: casinos, dice, roll, turn, hands, money, last payout, log.

    ``humans`` are the seats the learner plays (the rest are bots or, on a shown position, nobody);
    ``log_from`` is where "what just happened" starts in the state's log; ``bots`` whether the other seats
    are played by bots; ``reasons`` the rule an opponent followed, by the index of its placement in the log.
    """
    now = bills_now(state)
    casinos = [
        {
            "number": c,
            "name": CASINO_NAMES[c],
            "bills": list(state.bills_on(c)),
            "dice": list(state.placed_on(c)),
            "now": list(now[c - 1]),
            "tied": tied_owners(state.placed_on(c)),
        }
        for c in CASINOS
    ]
    seat = state.current_player
    you = learner_seat(humans)
    turn: JSON = {"seat": seat, "name": None if seat is None else seat_name(state, seat, you),
                  "human": seat is not None and seat in humans, "you": seat is not None and seat == you}
    hands = [
        {"seat": s, "own": state.in_hand(s), "white": state.white_in_hand(s), "money": state.money(s),
         "bills": list(state.bills_won(s))}
        for s in range(state.players)
    ]
    placed_any = any(sum(state.placed_on(c)[: state.players]) for c in CASINOS)
    paid_round = state.round if state.is_over else state.round - 1  # (a position may start mid-game)
    last_payout = payout_view(state, state.payouts[-1], paid_round, you) if state.payouts else None
    log = say_all(state.events, state.names, you=you)
    for i, why in (reasons or {}).items():
        if 0 <= i < len(log):
            log[i] = _("{line} ({why})", line=log[i], why=why)
    recent = log[max(log_from, len(log) - LOG_LINES):]
    return {
        "players": state.players,
        "neutral": state.neutral,
        "owners": owners_view(state, humans, bots),
        "round": state.round,
        "rounds": ROUNDS,
        "start_player": state.start_player,
        "phase": state.phase,
        "turn": turn,
        "describe": describe(state, humans),
        "casinos": casinos,
        "roll": roll_view(state),
        "hands": hands,
        "pile": len(state.pile),
        "dice_left": dice_left(state),
        "last_payout": last_payout,
        "just_paid": last_payout is not None and not placed_any and not state.is_over,
        "is_over": state.is_over,
        "winners": list(state.winners),
        "log": recent,
        "highlight": list(highlight),
    }


def describe(state: State, humans: Sequence[int]) -> str:
    """Whose turn it is and what they must do, in a sentence for the status line."""
    you = learner_seat(humans)
    if state.is_over:
        winners = state.winners
        best = money(state.money(winners[0]))
        if len(winners) > 1:
            return _("The game is over: {names} win with {money} (a shared victory).",
                     names=join([seat_name(state, s, you) for s in winners]), money=best)
        if winners[0] == you:
            return _("The game is over: You win with {money}.", money=best)
        return _("The game is over: {name} wins with {money}.", name=state.names[winners[0]], money=best)
    seat = state.current_player
    assert seat is not None
    fields = {"round": state.round, "rounds": ROUNDS, "name": seat_name(state, seat, you)}
    if seat == you:
        if state.phase == "spare":
            return _("Round {round} of {rounds}. Your turn: roll the 2 spare white dice.", **fields)
        if state.phase == "roll":
            return _("Round {round} of {rounds}. Your turn: roll.", **fields)
        return _("Round {round} of {rounds}. Your turn: choose a face of the roll.", **fields)
    if state.phase == "spare":
        return _("Round {round} of {rounds}. {name}'s turn: roll the 2 spare white dice.", **fields)
    if state.phase == "roll":
        return _("Round {round} of {rounds}. {name}'s turn: roll.", **fields)
    return _("Round {round} of {rounds}. {name}'s turn: choose a face of the roll.", **fields)
