"""The words of Liar's Dice: bids, actions, events, the reveal of a challenge and the table's status line.

One renderer per language: this module is the English one and :mod:`.words_es` the Spanish one; every
public function here answers in the language in force (:func:`vegas_tutor.i18n.language`), through one table
of renderers (:data:`RENDERERS`). ``names`` are the seats' names and ``you`` the learner's seat, who reads the
second person (whatever that seat is called).

>>> from vegas_tutor.core.events import Event
>>> names = ("Anna", "Shane", "Mike")
>>> say(Event("bid", seat=1, bid="three 5s", quantity=3, face=5), names)
'Shane bids three 5s.'
>>> say(Event("lose", seat=0, dice=2, left=3), names, you=0), bid_words(Bid(1, 1))
('You lose 2 dice (3 left).', 'one star')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vegas_tutor.core.events import Event
from vegas_tutor.core.words import check_kind, renderer
from vegas_tutor.i18n import names_list
from vegas_tutor.liars_dice import words_es
from vegas_tutor.liars_dice.actions import faces_text
from vegas_tutor.liars_dice.track import Bid

if TYPE_CHECKING:
    from vegas_tutor.liars_dice.actions import Action
    from vegas_tutor.liars_dice.observation import ChallengeResult, Observation

YOU = "You"
"""The name the scenarios and the default tables give the learner's seat (the words go by the seat, ``you``)."""
LANG = "en"
"""The language of this renderer's lists."""


# ----------------------------------------------------------------------------------------- English
def _bid_words(bid: Bid) -> str:
    return str(bid)


def _action_words(action: Action) -> str:
    return _bid_words(action) if isinstance(action, Bid) else str(action)


def _dice_words(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _seat_name(seat: int, names: Sequence[str], you: int | None) -> str:
    return "You" if seat == you else names[seat]


class _Seats:
    """The seats as English names them: the learner (``you``) as "You", the verb agreeing."""

    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names, self.you = names, you

    def name(self, seat: int) -> str:
        return _seat_name(seat, self.names, self.you)

    def does(self, seat: int, verb: str) -> str:
        """``"You lose"`` / ``"Mary loses"``."""
        return f"{self.name(seat)} {verb}" if seat == self.you else f"{self.name(seat)} {verb}s"

    def whose(self, seat: int) -> str:
        """``"your"`` / ``"Mary's"``."""
        return "your" if seat == self.you else f"{self.names[seat]}'s"

    def all(self, seats: Sequence[int]) -> str:
        """``"Mike and You"``."""
        return names_list([self.name(s) for s in seats], lang=LANG)

    def only_you(self, seats: Sequence[int]) -> bool:
        return list(seats) == [self.you]


def _roll(e: Event, sp: _Seats) -> str:
    return f"{sp.does(e['seat'], 'roll')} {_dice_words(e['dice'])} under the cup."


def _bid(e: Event, sp: _Seats) -> str:
    return f"{sp.does(e['seat'], 'bid')} {_bid_words(Bid(e['quantity'], e['face']))}."


def _no_show(e: Event, sp: _Seats) -> str:
    return f"{sp.does(e['seat'], 'keep')} every die in the cup."


def _show(e: Event, sp: _Seats) -> str:
    seat = e["seat"]
    return (f"{sp.does(seat, 'show')} {faces_text(tuple(e['faces']))} and "
            f"{'re-roll' if seat == sp.you else 're-rolls'} {_dice_words(e['rerolled'])}.")


def _challenge(e: Event, sp: _Seats) -> str:
    bid = Bid.parse(e["bid"])
    end = " A perfect bid." if e["perfect"] else ""
    return (f"{sp.does(e['seat'], 'challenge')} {sp.whose(e['bidder'])} {_bid_words(bid)}: {e['count']} "
            f"counted.{end}")


def _lose(e: Event, sp: _Seats) -> str:
    return f"{sp.does(e['seat'], 'lose')} {_dice_words(e['dice'])} ({e['left']} left)."


def _game_over(e: Event, sp: _Seats) -> str:
    return f"The game is over: {sp.all(e['winners'])} {'win' if sp.only_you(e['winners']) else 'wins'}."


def _round_start(e: Event, sp: _Seats) -> str:
    return f"{sp.does(e['opener'], 'open')} the next round."


EVENTS: dict[str, Callable[[Event, _Seats], str]] = {
    "roll": _roll, "bid": _bid, "no_show": _no_show, "show": _show, "challenge": _challenge, "lose": _lose,
    "game_over": _game_over, "round_start": _round_start,
}
"""The English sentence of each event kind."""
KINDS = frozenset(EVENTS)
"""Every kind of event the Liar's Dice engine records."""


def _say(event: Event, names: Sequence[str], you: int | None) -> str:
    return EVENTS[event.kind](event, _Seats(names, you))


def _reveal(result: ChallengeResult, names: Sequence[str], you: int | None) -> str:
    sp = _Seats(names, you)
    bid, q = result.bid, result.bid.quantity
    bidder, challenger = result.bidder, result.challenger
    what = "stars" if bid.is_star else f"{bid.face}s and stars"
    lines = [f"{sp.name(challenger)} challenged {sp.whose(bidder)} {_bid_words(bid)}. "
             f"Counting {what}: {result.count}."]
    if result.count > q:
        lost = result.losses[challenger]
        lines.append(f"That is {result.count - q} more than the bid: the bid was true, so the challenger pays "
                     f"the difference. {sp.does(challenger, 'lose')} {_dice_words(lost)}"
                     + (f" (all {'you' if challenger == you else 'they'} had)." if lost < result.count - q
                        else "."))
    elif result.count < q:
        lost = result.losses[bidder]
        lines.append(f"That is {q - result.count} short of the bid: the bid was false, so the bidder pays "
                     f"the difference. {sp.does(bidder, 'lose')} {_dice_words(lost)}"
                     + (f" (all {'you' if bidder == you else 'they'} had)." if lost < q - result.count else "."))
    else:
        losers = [s for s, lost in enumerate(result.losses) if lost]
        lines.append(f"Exactly {q}: a perfect bid. Everyone but the bidder loses one die"
                     + (f": {sp.all(losers)}." if losers else "."))
        saved = list(result.saved_by_die_hard)
        if saved:
            lines.append(f"Die Hard: {sp.all(saved)} {'keep' if len(saved) > 1 or sp.only_you(saved) else 'keeps'} "
                         "a last die, since only the challenger loses a last die on a perfect bid.")
    out_now = [s for s, cup in enumerate(result.cups) if cup and len(cup) == result.losses[s]]
    left = [s for s, cup in enumerate(result.cups) if len(cup) > result.losses[s]]
    if out_now:
        lines.append(f"Out of the game: {sp.all(out_now)}.")
    if len(left) <= 1:
        lines.append(f"Only {sp.all(left)} {'have' if sp.only_you(left) else 'has'} dice left: the game is over.")
    else:
        winner = result.winner
        lines.append(f"{sp.does(winner, 'win')} the challenge and {'open' if winner == you else 'opens'} "
                     "the next round.")
    return " ".join(lines)


def _status(obs: Observation, names: Sequence[str], you: int | None, awaiting_show: bool, paused: bool) -> str:
    sp, me = _Seats(names, you), obs.player
    if paused:
        if obs.dice_counts[me]:
            return "The cups are lifted: read the count, then press Next round."
        if me == you:
            return "You are out of the game: read the count, then watch the next round or skip to the end."
        return f"{names[me]} is out of the game: watch the next round or skip to the end."
    if obs.phase == "over":
        return f"The game is over: {sp.all(obs.winners)} {'win' if sp.only_you(obs.winners) else 'wins'}."
    if awaiting_show and obs.last_bid is not None:
        return (f"You bid {_bid_words(obs.last_bid)}. Show some of your dice and re-roll the rest, or keep your "
                "cup as it is.")
    if obs.phase == "roll":
        return "A new round: everyone rolls the dice they still hold, under their cup."
    seat = obs.current_player
    assert seat is not None
    last = obs.last_bid
    if seat == me and me == you:
        return "You open: put the red die anywhere on the track." if last is None else \
            f"Your turn: raise {_bid_words(last)} or challenge it."
    if last is None:
        return f"{names[seat]} opens the round."
    return f"{names[seat]} must raise {_bid_words(last)} or challenge it."


# ----------------------------------------------------------------------------------------- one table
@dataclass(frozen=True)
class Renderer:
    """The words of one language: a function for each public function of this module (``you`` positional)."""

    bid_words: Callable[[Bid], str]
    action_words: Callable[[Action], str]
    dice_words: Callable[[int], str]
    seat_name: Callable[[int, Sequence[str], int | None], str]
    say: Callable[[Event, Sequence[str], int | None], str]
    reveal: Callable[[ChallengeResult, Sequence[str], int | None], str]
    status: Callable[[Observation, Sequence[str], int | None, bool, bool], str]


RENDERERS: dict[str, Renderer] = {
    "en": Renderer(_bid_words, _action_words, _dice_words, _seat_name, _say, _reveal, _status),
    "es": Renderer(words_es.bid_words, words_es.action_words, words_es.dice_words, words_es.seat_name,
                   words_es.say, words_es.reveal, words_es.status),
}
"""The renderer of each language."""


def bid_words(bid: Bid) -> str:
    """A bid the way the language says it: "five 5s", "one star" / «cinco 5», «una estrella»."""
    return renderer(RENDERERS).bid_words(bid)


def action_words(action: Action) -> str:
    """An action in a few words: "five 5s", "challenge", "show ★ 6", "no show", "roll 2 5"."""
    return renderer(RENDERERS).action_words(action)


def dice_words(n: int) -> str:
    """``"1 die"`` / ``"3 dice"`` in the language in force."""
    return renderer(RENDERERS).dice_words(n)


def seat_name(seat: int, names: Sequence[str], *, you: int | None = None) -> str:
    """A seat's name as the learner reads it: their own seat (``you``) is "You" / "Tú"."""
    return renderer(RENDERERS).seat_name(seat, names, you)


def display_name(name: str) -> str:
    """The old name-based :func:`seat_name`: the seat called :data:`YOU` reads "You" / "Tú" (kept for old callers)."""
    return seat_name(0, [name], you=0 if name == YOU else None)


def say(event: Event, names: Sequence[str], *, you: int | None = None) -> str:
    """One sentence for one event of :attr:`~vegas_tutor.liars_dice.engine.State.events` (``you``: the learner's
    seat, in the second person)."""
    check_kind("Liar's Dice", KINDS, event)
    return renderer(RENDERERS).say(event, names, you)


def say_all(events: Sequence[Event], names: Sequence[str], *, you: int | None = None) -> list[str]:
    """Every event as a sentence in the language in force."""
    return [say(e, names, you=you) for e in events]


def reveal(result: ChallengeResult, names: Sequence[str], *, you: int | None = None) -> str:
    """What a challenge showed and cost, and why, in a few sentences."""
    return renderer(RENDERERS).reveal(result, names, you)


def status(obs: Observation, names: Sequence[str], *, awaiting_show: bool, paused: bool = False,
           you: int | None = None) -> str:
    """The table's status line for ``obs.player``: whose turn and what they may do (or the reveal's pause);
    ``you`` is the learner's seat (the second person)."""
    return renderer(RENDERERS).status(obs, names, you, awaiting_show, paused)
