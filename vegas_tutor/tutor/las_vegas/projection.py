"""The JSON view of a Las Vegas game that the browser draws: casinos, dice, roll, turn, hands, payout, log.

Everything here is a pure function of engine objects, so the widget's view can be rebuilt from its synced
traits alone and the projections can be tested without a browser.

>>> from vegas_tutor.las_vegas import new_game
>>> board = board_view(new_game(3, seed=1), humans=(0,))
>>> board["round"], board["phase"], board["turn"]["name"], [c["number"] for c in board["casinos"]]
(1, 'roll', 'Anna', [1, 2, 3, 4, 5, 6])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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


def owners_view(state: State, humans: Sequence[int], bots: bool = True) -> list[JSON]:
    """The owners of dice (seats, then white): name, label, pattern, and who plays the seat
    (``"you"``, ``"bot"``, or ``"none"`` on a board that only shows positions)."""
    labels = owner_labels(state)
    owners: list[JSON] = [
        {
            "index": seat, "name": name, "label": labels[seat], "kind": "seat",
            "pattern": PATTERNS[seat % len(PATTERNS)],
            "player": "you" if seat in humans else "bot" if bots else "none",
        }
        for seat, name in enumerate(state.names)
    ]
    if state.neutral:
        owners.append({"index": state.players, "name": "white", "label": "W", "kind": "white",
                       "pattern": "white", "player": "none"})
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


def payout_view(state: State, payouts: Sequence[CasinoPayout], round_number: int) -> JSON:
    """One finished round's payout, casino by casino, in numbers and in words."""
    casinos: list[JSON] = []
    for p in payouts:
        takes: list[JSON] = [
            {"owner": seat, "name": state.names[seat], "bill": bill}
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
            "words": payout_words(state, p),
        })
    return {"round": round_number, "casinos": casinos}


def payout_words(state: State, p: CasinoPayout) -> str:
    """One casino's payout in a sentence: ties, who takes which bill, what goes back under the pile."""
    dice = [f"{state.owner_name(o)} {n}" for o, n in enumerate(p.dice) if n > 0]
    if not dice:
        return "No dice: " + (f"{', '.join(map(money, p.returned))} back under the pile." if p.returned
                              else "no bills.")
    parts = [f"Dice: {', '.join(dice)}."]
    if p.cancelled:
        names = [state.owner_name(o) for o in p.cancelled]
        parts.append(f"Tie: {_join(names)} cancel{'s' if len(names) == 1 else ''}.")
    takes = [f"{state.names[s]} takes {money(b)}" for s, b in sorted(p.takes.items(), key=lambda t: -t[1])]
    if p.white_bill is not None:
        takes.append(f"the white dice win {money(p.white_bill)}")
    sentence = _join(takes) + "." if takes else "Nobody is paid."
    parts.append(sentence[0].upper() + sentence[1:])
    if p.returned:
        parts.append(f"{', '.join(map(money, p.returned))} back under the pile.")
    return " ".join(parts)


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def board_view(
    state: State,
    *,
    humans: Sequence[int],
    highlight: Sequence[str] = (),
    log_from: int = 0,
    bots: bool = True,
) -> JSON:
    """The whole board as one small JSON dict: casinos, dice, roll, turn, hands, money, last payout, log.

    ``humans`` are the seats the learner plays (the rest are bots or, on a shown position, nobody);
    ``log_from`` is where "what just happened" starts in the state's log; ``bots`` whether the other seats
    are played by bots.
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
    turn: JSON = {"seat": seat, "name": None if seat is None else state.names[seat],
                  "human": seat is not None and seat in humans}
    hands = [
        {"seat": s, "own": state.in_hand(s), "white": state.white_in_hand(s), "money": state.money(s),
         "bills": list(state.bills_won(s))}
        for s in range(state.players)
    ]
    placed_any = any(sum(state.placed_on(c)[: state.players]) for c in CASINOS)
    paid_round = state.round if state.is_over else state.round - 1  # (a position may start mid-game)
    last_payout = payout_view(state, state.payouts[-1], paid_round) if state.payouts else None
    you = state.names.index("You") if "You" in state.names else None
    log = say_all(state.events, state.names, you=you)
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
    if state.is_over:
        winners = state.winners
        names = _join([state.names[s] for s in winners])
        best = money(state.money(winners[0]))
        verb = "win" if len(winners) > 1 or state.names[winners[0]] == "You" else "wins"
        shared = " (a shared victory)" if len(winners) > 1 else ""
        return f"The game is over: {names} {verb} with {best}{shared}."
    seat = state.current_player
    assert seat is not None
    name = state.names[seat]
    you = seat in humans
    who = "Your" if you and name == "You" else f"{name}'s"
    doing = {
        "spare": "roll the 2 spare white dice",
        "roll": "roll",
        "place": "choose a face of the roll",
    }[state.phase]
    return f"Round {state.round} of {ROUNDS}. {who} turn: {doing}."
