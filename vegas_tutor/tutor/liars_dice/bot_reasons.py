"""Why an opponent bid, challenged, showed or kept its cup, in the words of the simple rule its level follows.

The levels of :mod:`vegas_tutor.liars_dice.bots` (``easy``, ``medium``, ``hard``) and the older policies of
:mod:`vegas_tutor.liars_dice.policies` (``random``, ``odds``) each follow a rule a learner can apply by
hand, or, for ``hard``, a search; the table says which one a decision followed, read off the position
before it from the bot's own view (the bots are not asked again). Where the medium level bluffs one step
past its most likely bid, the reason says so.

>>> from vegas_tutor.liars_dice import Roll, new_game
>>> game = new_game(2, dice=2, seed=1); game.apply(Roll((2, 5))); game.apply(Roll((1, 6)))
>>> decision_reason(game, Bid(1, 2), "odds")
'odds level: it bids what is most likely true from what it sees (the lowest such bid on ties)'
>>> decision_reason(game, Bid(1, 2), "hard")  # four dice left against one rival: hard's endgame reading
'hard level: the coach’s choice against one rival, whose bids it trusts little (they may be bluffs): it ...'
"""

from __future__ import annotations

from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll, Show
from vegas_tutor.liars_dice.bots import reads_warily
from vegas_tutor.liars_dice.endgame_table import one_die_strategy
from vegas_tutor.liars_dice.engine import Observation, State, count_matches
from vegas_tutor.liars_dice.odds import bid_odds
from vegas_tutor.liars_dice.track import ALL_BIDS, Bid


def _most_likely(obs: Observation) -> Bid:
    """The legal bid most likely true from ``obs`` (the lowest on ties), as the medium level picks it."""
    last = obs.last_bid
    start = last.rank + 1 if last is not None else 0
    return max(ALL_BIDS[start:], key=lambda b: (float(bid_odds(b.quantity, b.face, known=obs.known,
                                                                unknown=obs.unknown).at_least), -b.rank))


def _easy(obs: Observation, action: Action) -> str:
    if isinstance(action, NoShow):
        return _("easy level: it never shows")
    if isinstance(action, Challenge):
        return _("easy level: it challenges once the bid, or the raise it would make, is a die or two past its "
                 "rough count: the dice it sees plus a third of the rest (a sixth for stars)")
    if obs.last_bid is None:
        return _("easy level: it opens on the face it holds most, its own count plus one for every six dice "
                 "it cannot see")
    return _("easy level: it makes the lowest raise on the face it holds most")


def _keep(obs: Observation) -> str:
    """Why the medium level keeps its cup after its own bid: the cases in which it does not show."""
    bid = obs.last_bid
    assert bid is not None
    matching = count_matches(obs.own_hidden, bid.face)
    seen = sum(count_matches(cup, bid.face) for cup in obs.shown)
    if bid.quantity <= matching + seen:
        return _("medium level: it keeps its cup, as its bid needs none of the others’ dice")
    if matching == 0:
        return _("medium level: it keeps its cup, as none of its dice count for its bid")
    return _("medium level: it keeps its cup, as every die in it counts for its bid")


def _medium(obs: Observation, action: Action) -> str:
    if isinstance(action, Show):
        return _("medium level: its bid needs the others’ dice, so it shows the dice that match and re-rolls "
                 "the rest")
    if isinstance(action, NoShow):
        return _keep(obs)
    if isinstance(action, Challenge):
        return _("medium level: it challenges a bid less likely true than not, counting on the bidder to hold "
                 "some of it")
    if isinstance(action, Bid) and action != _most_likely(obs):
        return _("medium level: now and then it bids one step past the bid most likely true, as a bluff")
    return _("medium level: it bids what is most likely true from what it sees")


def _odds(obs: Observation, action: Action) -> str:
    if isinstance(action, NoShow | Show):
        return _("odds level: it never shows")
    if isinstance(action, Challenge):
        return _("odds level: it challenges when the bid is true less than half the time, from what it sees")
    return _("odds level: it bids what is most likely true from what it sees (the lowest such bid on ties)")


def decision_reason(before: State, action: Action, level: str) -> str:
    """The rule the bot playing ``level`` followed in choosing ``action`` from ``before`` (its turn).

    An empty text for a roll, a finished game or an unknown level."""
    seat = before.current_player
    if seat is None or before.is_chance or isinstance(action, Roll):
        return ""
    choices = [a for a in before.legal_actions() if not isinstance(a, Roll)]
    if choices == [action]:
        return _("the only move it had")
    obs = before.observation(seat)
    if level == "random":
        return _("random level: any legal move, picked at random")
    if level == "hard" and one_die_strategy(obs) is not None:
        return _("hard level: one die each, it plays this endgame’s solved best mix of moves, bluffs included, "
                 "which no way of playing can beat on average")
    if level == "hard" and reads_warily(obs):
        return _("hard level: the coach’s choice against one rival, whose bids it trusts little (they may be "
                 "bluffs): it searches every move for the fewest dice lost")
    if level == "hard":
        return _("hard level: the coach’s choice: it reads the others’ bids and searches every move for the "
                 "fewest dice lost")
    if level == "easy":
        return _easy(obs, action)
    if level == "medium":
        return _medium(obs, action)
    if level == "odds":
        return _odds(obs, action)
    return ""
