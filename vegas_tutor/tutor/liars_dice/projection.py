"""The small JSON views of a Liar's Dice game that the browser draws, built from ONE player's observation.

Nothing here reads the engine's hidden truth: :func:`table_view` takes an
:class:`~vegas_tutor.liars_dice.Observation` (the viewer's own cup, the shown dice, the counts, the bids,
the last public challenge), so a die hidden from the viewer cannot reach the browser. The revealed cups
of a challenge are public once the cups are lifted, and come from the observation's ``last_challenge``.

>>> from vegas_tutor.liars_dice import Roll, new_game
>>> game = new_game(2, dice=2, seed=1)
>>> game.apply(Roll((2, 5))); game.apply(Roll((1, 6)))
>>> view = table_view(game.observation(0), names=("You", "Shane"))
>>> [p["own"] for p in view["players"]], [p["hidden"] for p in view["players"]]
([[2, 5], None], [2, 2])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vegas_tutor.i18n import _
from vegas_tutor.liars_dice import words
from vegas_tutor.liars_dice.observation import ChallengeResult, Observation
from vegas_tutor.liars_dice.rules import counts_for
from vegas_tutor.liars_dice.track import ALL_BIDS, STAR, TRACK, Bid, face_text
from vegas_tutor.liars_dice.words import bid_words, seat_name

JSON = dict[str, Any]

PATTERNS: tuple[str, ...] = ("solid", "stripes", "dots", "bars")
"""A pattern per seat beside its colour and letter (colour is never the only signal)."""

_SPACE_INDEX = {space: i for i, space in enumerate(TRACK)}


def seat_labels(names: Sequence[str]) -> list[str]:
    """One short distinct label per seat: the name's initial, else its first two letters ("Mike", "Ma" for
    Mary), else the seat number."""
    labels: list[str] = []
    for seat, name in enumerate(names):
        word = name.strip()
        initial = (word[:1] or str(seat + 1)).upper()
        two = word[:1].upper() + word[1:2].lower()
        labels.append(initial if initial not in labels else two if len(two) == 2 and two not in labels
                      else str(seat + 1))
    return labels


def track_view() -> list[JSON]:
    """The bid track in board order: numeric spaces and star spaces."""
    return [{"index": i, "quantity": s.quantity, "star": s.star, "label": str(s)} for i, s in enumerate(TRACK)]


def bid_view(bid: Bid, seat: int | None = None, names: Sequence[str] = (), you: int | None = None) -> JSON:
    """One bid: its words, numbers, rank and track space (and who made it; ``you``: the learner's seat)."""
    out: JSON = {"text": bid_words(bid), "quantity": bid.quantity, "face": bid.face, "star": bid.is_star,
                 "rank": bid.rank, "space": _SPACE_INDEX[bid.space]}
    if seat is not None:
        out["seat"] = seat
        out["name"] = seat_name(seat, names, you=you) if seat < len(names) else _("Seat {n}", n=seat + 1)
    return out


def reveal_view(result: ChallengeResult, names: Sequence[str], you: int | None = None) -> JSON:
    """A challenge's reveal: every cup with its matching dice numbered in counting order, who loses what, why.

    Dice are counted cup by cup from the bidder round the table. The words come from
    :func:`vegas_tutor.liars_dice.words.reveal`, in the language in force.
    """
    bid, q = result.bid, result.bid.quantity
    n = len(result.cups)
    running = 0
    cups: list[JSON] = [{} for _seat in range(n)]
    for step in range(n):
        seat = (result.bidder + step) % n
        dice = []
        for face in result.cups[seat]:
            match = counts_for(face, bid.face)
            running += match
            dice.append({"face": face, "match": match, "order": running if match else None})
        cups[seat] = {"seat": seat, "name": seat_name(seat, names, you=you), "dice": dice,
                      "matches": sum(1 for d in dice if d["match"]), "lost": result.losses[seat]}
    reason = "difference" if result.count != q else "die-hard" if result.saved_by_die_hard else "perfect"
    return {
        "bid": bid_view(bid, result.bidder, names, you),
        "bidder": result.bidder, "challenger": result.challenger, "winner": result.winner,
        "count": result.count, "perfect": result.perfect, "reason": reason,
        "losses": list(result.losses), "die_hard": list(result.saved_by_die_hard),
        "cups": cups, "words": words.reveal(result, names, you=you),
    }


def legal_raises(last: Bid | None) -> list[Bid]:
    """Every bid that raises ``last`` (every bid when nobody has bid), in track order."""
    return list(ALL_BIDS[last.rank + 1:] if last is not None else ALL_BIDS)


def describe(obs: Observation, names: Sequence[str], *, awaiting_show: bool) -> str:
    """One sentence: whose turn, what they may do (:func:`vegas_tutor.liars_dice.words.status`)."""
    return words.status(obs, names, awaiting_show=awaiting_show, you=obs.player)


def table_view(
    obs: Observation,
    *,
    names: Sequence[str],
    players: Sequence[str] | None = None,
    highlight: Sequence[str] = (),
    awaiting_show: bool = False,
    learner_to_act: bool = False,
    paused: bool = False,
    reasons: Sequence[str] = (),
    challenge_reason: str = "",
) -> JSON:
    """The table as ``obs.player`` sees it.

    ``players`` says who plays each seat (``"you"``, ``"bot"`` or ``"none"``). ``learner_to_act`` adds the
    legal raises and the challenge for the learner's buttons; ``awaiting_show`` the show-and-re-roll choice;
    ``paused`` says the table waits, after a reveal, for the learner to start the next round. ``reasons``
    gives, bid by bid, the rule a bot followed (``"why"`` of its history entry; empty for the learner's), and
    ``challenge_reason`` that of the last challenge (``"why"`` of the reveal).
    """
    me = obs.player
    kinds = list(players) if players is not None else ["none"] * obs.players
    labels = seat_labels([seat_name(seat, names, you=me) for seat in range(len(names))])
    bidder = obs.bidder
    seats: list[JSON] = []
    for seat in range(obs.players):
        count = obs.dice_counts[seat]
        shown = list(obs.shown[seat])
        seats.append({
            "seat": seat, "name": seat_name(seat, names, you=me), "label": labels[seat],
            "pattern": PATTERNS[seat % len(PATTERNS)],
            "player": kinds[seat], "viewer": seat == me, "dice": count, "shown": shown,
            "hidden": count - len(shown),
            "own": list(obs.own_hidden) if seat == me else None,
            "to_act": obs.current_player == seat and obs.phase == "bid",
            "bidder": bidder == seat, "out": count == 0, "winner": seat in obs.winners,
        })
    last = obs.last_bid
    raises = legal_raises(last) if learner_to_act else []
    return {
        "players": seats,
        "viewer": me,
        "phase": obs.phase,
        "current": obs.current_player,
        "total_dice": sum(obs.dice_counts),
        "bid": bid_view(last, bidder, names, me) if last is not None and bidder is not None else None,
        "history": [{**bid_view(b, s, names, me), "why": reasons[i] if i < len(reasons) else ""}
                    for i, (s, b) in enumerate(obs.bids)],
        "track": track_view(),
        "faces": [{"face": f, "text": face_text(f)} for f in (STAR, 2, 3, 4, 5, 6)],
        "raises": [bid_view(b) for b in raises],
        "can_challenge": learner_to_act and last is not None,
        "learner_to_act": learner_to_act,
        "awaiting_show": awaiting_show,
        "paused": paused,
        "reveal": {**reveal_view(obs.last_challenge, names, me), "why": challenge_reason}
        if obs.last_challenge is not None else None,
        "reveal_fresh": obs.last_challenge is not None and not obs.bids,
        "describe": words.status(obs, names, awaiting_show=awaiting_show, paused=paused, you=me),
        "out": obs.dice_counts[me] == 0,
        "is_over": obs.phase == "over",
        "winners": list(obs.winners),
        "highlight": list(highlight),
    }
