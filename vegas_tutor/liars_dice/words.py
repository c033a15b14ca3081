"""The words of Liar's Dice: bids, actions, events, the reveal of a challenge and the table's status line.

One renderer per language: this module is the English one and :mod:`.words_es` the Spanish one; every
public function here answers in the language in force (:func:`vegas_tutor.i18n.language`).
``names`` are the seats' names; the seat named ``"You"`` is the learner, who reads the second person.

>>> from vegas_tutor.core.events import Event
>>> names = ("You", "Shane", "Mike")
>>> say(Event("bid", seat=1, bid="three 5s", quantity=3, face=5), names)
'Shane bids three 5s.'
>>> say(Event("lose", seat=0, dice=2, left=3), names), bid_words(Bid(1, 1))
('You lose 2 dice (3 left).', 'one star')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from vegas_tutor.core.events import Event
from vegas_tutor.i18n import language
from vegas_tutor.liars_dice.actions import faces_text
from vegas_tutor.liars_dice.track import Bid

if TYPE_CHECKING:
    from vegas_tutor.liars_dice.actions import Action
    from vegas_tutor.liars_dice.engine import ChallengeResult, Observation

YOU = "You"
"""The name of the learner's seat (the second person in every language)."""


def _es() -> bool:
    return language() == "es"


# ----------------------------------------------------------------------------------------- public, dispatching
def bid_words(bid: Bid) -> str:
    """A bid the way the language says it: "five 5s", "one star" / «cinco 5», «una estrella»."""
    if _es():
        from vegas_tutor.liars_dice import words_es
        return words_es.bid_words(bid)
    return str(bid)


def action_words(action: Action) -> str:
    """An action in a few words: "five 5s", "challenge", "show ★ 6", "no show", "roll 2 5"."""
    if _es():
        from vegas_tutor.liars_dice import words_es
        return words_es.action_words(action)
    return bid_words(action) if isinstance(action, Bid) else str(action)


def dice_words(n: int) -> str:
    """``"1 die"`` / ``"3 dice"`` in the language in force."""
    if _es():
        from vegas_tutor.liars_dice import words_es
        return words_es.dice_words(n)
    return f"{n} {'die' if n == 1 else 'dice'}"


def display_name(name: str) -> str:
    """The seat's name as the learner reads it ("You" / "Tú")."""
    if _es():
        from vegas_tutor.liars_dice import words_es
        return words_es.display_name(name)
    return name


def say(event: Event, names: Sequence[str]) -> str:
    """One sentence for one event of :attr:`~vegas_tutor.liars_dice.engine.State.events`."""
    if _es():
        from vegas_tutor.liars_dice import words_es
        return words_es.say(event, names)
    return EVENTS[event.kind](event, names)


def reveal(result: ChallengeResult, names: Sequence[str]) -> str:
    """What a challenge showed and cost, and why, in a few sentences."""
    if _es():
        from vegas_tutor.liars_dice import words_es
        return words_es.reveal(result, names)
    return _reveal(result, names)


def status(obs: Observation, names: Sequence[str], *, awaiting_show: bool, paused: bool = False) -> str:
    """The table's status line for ``obs.player``: whose turn and what they may do (or the reveal's pause)."""
    if _es():
        from vegas_tutor.liars_dice import words_es
        return words_es.status(obs, names, awaiting_show=awaiting_show, paused=paused)
    return _status(obs, names, awaiting_show=awaiting_show, paused=paused)


# ----------------------------------------------------------------------------------------- English
def says(name: str, verb: str) -> str:
    """``"You lose"`` / ``"Mary loses"``."""
    return f"{name} {verb}" if name == YOU else f"{name} {verb}s"


def join(names: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _roll(e: Event, names: Sequence[str]) -> str:
    return f"{says(names[e['seat']], 'roll')} {dice_words(e['dice'])} under the cup."


def _bid(e: Event, names: Sequence[str]) -> str:
    return f"{says(names[e['seat']], 'bid')} {bid_words(Bid(e['quantity'], e['face']))}."


def _no_show(e: Event, names: Sequence[str]) -> str:
    return f"{says(names[e['seat']], 'keep')} every die in the cup."


def _show(e: Event, names: Sequence[str]) -> str:
    name = names[e["seat"]]
    return (f"{says(name, 'show')} {faces_text(tuple(e['faces']))} and "
            f"{'re-roll' if name == YOU else 're-rolls'} {dice_words(e['rerolled'])}.")


def _challenge(e: Event, names: Sequence[str]) -> str:
    bid = Bid.parse(e["bid"])
    bidder = "your" if names[e["bidder"]] == YOU else f"{names[e['bidder']]}'s"
    end = " A perfect bid." if e["perfect"] else ""
    return f"{says(names[e['seat']], 'challenge')} {bidder} {bid_words(bid)}: {e['count']} counted.{end}"


def _lose(e: Event, names: Sequence[str]) -> str:
    return f"{says(names[e['seat']], 'lose')} {dice_words(e['dice'])} ({e['left']} left)."


def _game_over(e: Event, names: Sequence[str]) -> str:
    winners = [names[s] for s in e["winners"]]
    return f"The game is over: {join(winners)} {'win' if winners == [YOU] else 'wins'}."


def _round_start(e: Event, names: Sequence[str]) -> str:
    return f"{says(names[e['opener']], 'open')} the next round."


EVENTS: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "roll": _roll, "bid": _bid, "no_show": _no_show, "show": _show, "challenge": _challenge, "lose": _lose,
    "game_over": _game_over, "round_start": _round_start,
}
"""The English sentence of each event kind."""


def _reveal(result: ChallengeResult, names: Sequence[str]) -> str:
    bid, q = result.bid, result.bid.quantity
    bidder, challenger = names[result.bidder], names[result.challenger]
    what = "stars" if bid.is_star else f"{bid.face}s and stars"
    lines = [f"{challenger} challenged {'your' if bidder == YOU else bidder + chr(39) + 's'} {bid_words(bid)}. "
             f"Counting {what}: {result.count}."]
    if result.count > q:
        lost = result.losses[result.challenger]
        lines.append(f"That is {result.count - q} more than the bid: the bid was true, so the challenger pays "
                     f"the difference. {says(challenger, 'lose')} {dice_words(lost)}"
                     + (f" (all {'you' if challenger == YOU else 'they'} had)." if lost < result.count - q
                        else "."))
    elif result.count < q:
        lost = result.losses[result.bidder]
        lines.append(f"That is {q - result.count} short of the bid: the bid was false, so the bidder pays "
                     f"the difference. {says(bidder, 'lose')} {dice_words(lost)}"
                     + (f" (all {'you' if bidder == YOU else 'they'} had)." if lost < q - result.count else "."))
    else:
        losers = [names[s] for s, lost in enumerate(result.losses) if lost]
        lines.append(f"Exactly {q}: a perfect bid. Everyone but the bidder loses one die"
                     + (f": {join(losers)}." if losers else "."))
        saved = [names[s] for s in result.saved_by_die_hard]
        if saved:
            lines.append(f"Die Hard: {join(saved)} {'keep' if len(saved) > 1 or saved == [YOU] else 'keeps'} "
                         "a last die, since only the challenger loses a last die on a perfect bid.")
    out_now = [names[s] for s, cup in enumerate(result.cups) if cup and len(cup) == result.losses[s]]
    left = [names[s] for s, cup in enumerate(result.cups) if len(cup) > result.losses[s]]
    if out_now:
        lines.append(f"Out of the game: {join(out_now)}.")
    if len(left) <= 1:
        lines.append(f"Only {join(left)} {'have' if left == [YOU] else 'has'} dice left: the game is over.")
    else:
        winner = names[result.winner]
        lines.append(f"{says(winner, 'win')} the challenge and {'open' if winner == YOU else 'opens'} "
                     "the next round.")
    return " ".join(lines)


def _status(obs: Observation, names: Sequence[str], *, awaiting_show: bool, paused: bool) -> str:
    me = obs.player
    if paused:
        if obs.dice_counts[me]:
            return "The cups are lifted: read the count, then press Next round."
        if names[me] == YOU:
            return "You are out of the game: read the count, then watch the next round or skip to the end."
        return f"{names[me]} is out of the game: watch the next round or skip to the end."
    if obs.phase == "over":
        winners = [names[s] for s in obs.winners]
        return f"The game is over: {join(winners)} {'win' if winners == [YOU] else 'wins'}."
    if awaiting_show and obs.last_bid is not None:
        return (f"You bid {bid_words(obs.last_bid)}. Show some of your dice and re-roll the rest, or keep your cup "
                "as it is.")
    if obs.phase == "roll":
        return "A new round: everyone rolls the dice they still hold, under their cup."
    seat = obs.current_player
    assert seat is not None
    last = obs.last_bid
    if seat == me and names[me] == YOU:
        return "You open: put the red die anywhere on the track." if last is None else \
            f"Your turn: raise {bid_words(last)} or challenge it."
    if last is None:
        return f"{names[seat]} opens the round."
    return f"{names[seat]} must raise {bid_words(last)} or challenge it."

