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

from vegas_tutor.liars_dice.engine import ChallengeResult, Observation, count_matches
from vegas_tutor.liars_dice.track import ALL_BIDS, STAR, TRACK, Bid, face_text

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


def bid_view(bid: Bid, seat: int | None = None, names: Sequence[str] = ()) -> JSON:
    """One bid: its words, numbers, rank and track space (and who made it)."""
    out: JSON = {"text": str(bid), "quantity": bid.quantity, "face": bid.face, "star": bid.is_star,
                 "rank": bid.rank, "space": _SPACE_INDEX[bid.space]}
    if seat is not None:
        out["seat"] = seat
        out["name"] = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    return out


def says(name: str, verb: str) -> str:
    """``"You lose"`` / ``"Mary loses"``."""
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def dice_words(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def reveal_view(result: ChallengeResult, names: Sequence[str]) -> JSON:
    """A challenge's reveal: every cup with its matching dice numbered in counting order, who loses what, why.

    Dice are counted cup by cup from the bidder round the table.
    """
    bid, q = result.bid, result.bid.quantity
    n = len(result.cups)
    running = 0
    cups: list[JSON] = [{} for _ in range(n)]
    for step in range(n):
        seat = (result.bidder + step) % n
        dice = []
        for face in result.cups[seat]:
            match = count_matches((face,), bid.face) == 1
            running += match
            dice.append({"face": face, "match": match, "order": running if match else None})
        cups[seat] = {"seat": seat, "name": names[seat], "dice": dice,
                      "matches": sum(1 for d in dice if d["match"]), "lost": result.losses[seat]}
    bidder, challenger = names[result.bidder], names[result.challenger]
    what = "stars" if bid.is_star else f"{bid.face}s and stars"
    lines = [f"{challenger} challenged {'your' if bidder == 'You' else bidder + chr(39) + 's'} {bid}. "
             f"Counting {what}: {result.count}."]
    if result.count > q:
        lost = result.losses[result.challenger]
        lines.append(f"That is {result.count - q} more than the bid: the bid was true, so the challenger pays "
                     f"the difference. {says(challenger, 'lose')} {dice_words(lost)}"
                     + (f" (all {'you' if challenger == 'You' else 'they'} had)." if lost < result.count - q
                        else "."))
        reason = "difference"
    elif result.count < q:
        lost = result.losses[result.bidder]
        lines.append(f"That is {q - result.count} short of the bid: the bid was false, so the bidder pays "
                     f"the difference. {says(bidder, 'lose')} {dice_words(lost)}"
                     + (f" (all {'you' if bidder == 'You' else 'they'} had)." if lost < q - result.count else "."))
        reason = "difference"
    else:
        losers = [names[s] for s, lost in enumerate(result.losses) if lost]
        lines.append(f"Exactly {q}: a perfect bid. Everyone but the bidder loses one die"
                     + (f": {_join(losers)}." if losers else "."))
        saved = [names[s] for s in result.saved_by_die_hard]
        if saved:
            lines.append(f"Die Hard: {_join(saved)} {'keep' if len(saved) > 1 or saved == ['You'] else 'keeps'} "
                         "a last die, since only the challenger loses a last die on a perfect bid.")
        reason = "die-hard" if saved else "perfect"
    out_now = [names[s] for s, cup in enumerate(result.cups) if cup and len(cup) == result.losses[s]]
    left = [names[s] for s, cup in enumerate(result.cups) if len(cup) > result.losses[s]]
    winner = names[result.winner]
    if out_now:
        lines.append(f"Out of the game: {_join(out_now)}.")
    if len(left) <= 1:
        lines.append(f"Only {_join(left)} {'have' if left == ['You'] else 'has'} dice left: the game is over.")
    else:
        opens = "open" if winner == "You" else "opens"
        lines.append(f"{says(winner, 'win')} the challenge and {opens} the next round.")
    return {
        "bid": bid_view(bid, result.bidder, names),
        "bidder": result.bidder, "challenger": result.challenger, "winner": result.winner,
        "count": result.count, "perfect": result.perfect, "reason": reason,
        "losses": list(result.losses), "die_hard": list(result.saved_by_die_hard),
        "cups": cups, "words": " ".join(lines),
    }


def legal_raises(last: Bid | None) -> list[Bid]:
    """Every bid that raises ``last`` (every bid when nobody has bid), in track order."""
    return list(ALL_BIDS[last.rank + 1:] if last is not None else ALL_BIDS)


def describe(obs: Observation, names: Sequence[str], *, awaiting_show: bool) -> str:
    """One sentence: whose turn, what they may do."""
    if obs.phase == "over":
        winners = [names[s] for s in obs.winners]
        return f"The game is over: {_join(winners)} {'win' if winners == ['You'] else 'wins'}."
    me = obs.player
    if awaiting_show and obs.last_bid is not None:
        return (f"You bid {obs.last_bid}. Show some of your dice and re-roll the rest, or keep your cup as it is.")
    if obs.phase == "roll":
        return "A new round: everyone rolls the dice they still hold, under their cup."
    seat = obs.current_player
    assert seat is not None
    last = obs.last_bid
    if seat == me and names[me] == "You":
        return "You open: put the red die anywhere on the track." if last is None else \
            f"Your turn: raise {last} or challenge it."
    if last is None:
        return f"{names[seat]} opens the round."
    return f"{names[seat]} must raise {last} or challenge it."


def table_view(
    obs: Observation,
    *,
    names: Sequence[str],
    players: Sequence[str] | None = None,
    highlight: Sequence[str] = (),
    awaiting_show: bool = False,
    learner_to_act: bool = False,
    paused: bool = False,
) -> JSON:
    """The table as ``obs.player`` sees it.

    ``players`` says who plays each seat (``"you"``, ``"bot"`` or ``"none"``). ``learner_to_act`` adds the
    legal raises and the challenge for the learner's buttons; ``awaiting_show`` the show-and-re-roll choice;
    ``paused`` says the table waits, after a reveal, for the learner to start the next round.
    """
    me = obs.player
    kinds = list(players) if players is not None else ["none"] * obs.players
    labels = seat_labels(names)
    bidder = obs.bidder
    seats: list[JSON] = []
    for seat in range(obs.players):
        count = obs.dice_counts[seat]
        shown = list(obs.shown[seat])
        seats.append({
            "seat": seat, "name": names[seat], "label": labels[seat], "pattern": PATTERNS[seat % len(PATTERNS)],
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
        "bid": bid_view(last, bidder, names) if last is not None and bidder is not None else None,
        "history": [bid_view(b, s, names) for s, b in obs.bids],
        "track": track_view(),
        "faces": [{"face": f, "text": face_text(f)} for f in (STAR, 2, 3, 4, 5, 6)],
        "raises": [bid_view(b) for b in raises],
        "can_challenge": learner_to_act and last is not None,
        "learner_to_act": learner_to_act,
        "awaiting_show": awaiting_show,
        "paused": paused,
        "reveal": reveal_view(obs.last_challenge, names) if obs.last_challenge is not None else None,
        "reveal_fresh": obs.last_challenge is not None and not obs.bids,
        "describe": describe(obs, names, awaiting_show=awaiting_show) if not paused
        else "The cups are lifted: read the count, then press Next round." if obs.dice_counts[me]
        else ("You are out of the game: read the count, then watch the next round or skip to the end."
              if names[me] == "You" else f"{names[me]} is out of the game: watch the next round or skip to the end."),
        "out": obs.dice_counts[me] == 0,
        "is_over": obs.phase == "over",
        "winners": list(obs.winners),
        "highlight": list(highlight),
    }
