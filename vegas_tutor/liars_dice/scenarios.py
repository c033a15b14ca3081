"""Every Liar's Dice example of the rulebook (docs/rules.md ``LD-*`` ids), replayed through the engine.

Each scenario is a :class:`~vegas_tutor.core.scenario.Scenario` whose steps hold a snapshot of the
state and a teacher's narration. :data:`SEAT_NAMES` gives the names the narration uses for the seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.i18n import N_
from vegas_tutor.liars_dice.actions import NoShow, Roll
from vegas_tutor.liars_dice.engine import State

YOU, SHANE, MIKE, MARY = "You", "Shane", "Mike", "Mary"
LEARNER_SEAT = 0
"""The learner's seat in every example (named :data:`YOU`): the examples are told from it."""
_TABLE = (YOU, SHANE, MIKE, MARY)


class _Script:
    """Drive a state by named moves and keep a step after each one."""

    def __init__(self, names: Sequence[str], counts: Sequence[int], opener: int) -> None:
        self.names = tuple(names)
        self.state = State.start(counts, opener=opener, seed=0)
        self.steps: list[Step[State]] = []

    def seat(self, name: str) -> int:
        return self.names.index(name)

    def step(self, narration: str, *highlight: str) -> None:
        self.steps.append(Step(narration, self.state.copy(), tuple(highlight)))

    def roll(self, cups: dict[str, tuple[int, ...]], narration: str) -> None:
        while self.state.is_chance:
            seat = self.state.current_player
            assert seat is not None
            self.state.apply(Roll(cups[self.names[seat]]))
        self.step(narration, *(f"cup:{self.seat(n)}" for n in cups))

    def play(self, name: str, action: str, narration: str, *highlight: str) -> None:
        seat = self.seat(name)
        if self.state.may_show is not None and not action.startswith("show"):
            self.state.apply(NoShow())  # the bidder kept their cup: the examples only tell the shows
        assert self.state.current_player == seat, f"{name} is not the one to {action}"
        self.state.apply(action)
        self.step(narration, *(highlight or (f"seat:{seat}",)))

    def branch(self, name: str, action: str, narration: str) -> None:
        """A "could also" step: the action applied to a copy; the script carries on from before it."""
        saved = self.state
        self.state = saved.copy()
        self.play(name, action, narration, "bid")
        self.state = saved

    def scenario(self, id_: str, title: str) -> Scenario[State]:
        return Scenario(id_, title, tuple(self.steps))


def _count() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _Script(_TABLE, [5, 5, 5, 5], opener=0)
    s.roll({YOU: (2, 3, 4, 5, 5), SHANE: (1, 2, 3, 4, 6), MIKE: (1, 2, 2, 4, 6), MARY: (1, 3, 3, 6, 6)},
           N_("Everyone rolls under their cup. You hold two 5s. You cannot see it, but Shane, Mike and Mary "
           "each hold one wild star and no 5."))
    s.play(YOU, "five 5s", N_("You bid five 5s: at least five dice on the table show a 5 or a star."))
    s.play(SHANE, "challenge",
           N_("Shane challenges and every cup is lifted. Count the 5s and the stars together: your two 5s, "
           "plus three stars, one in each of the other cups. That makes five 5s in play, exactly your bid: "
           "a perfect bid, so everyone but you loses a die."), "count")
    return _TABLE, s.scenario("LD-COUNT", N_("Stars are wild: counting a number bid"))


def _open_number() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _Script(_TABLE, [5, 5, 5, 5], opener=0)
    s.roll({YOU: (1, 2, 5, 5, 6), SHANE: (2, 3, 3, 4, 6), MIKE: (1, 1, 4, 5, 6), MARY: (2, 2, 3, 5, 6)},
           N_("A new round: four cups of five dice, twenty dice in play. You open the bidding."))
    s.play(YOU, "five 5s",
           N_("You put the red die on numeric space 5 showing a 5: five 5s. You claim at least five dice "
           "show a 5 or a wild star. You may open with any bid, even one you did not roll."), "bid")
    return _TABLE, s.scenario("LD-OPEN-NUM", N_("Opening with a number bid"))


def _open_star() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _Script(_TABLE, [5, 5, 5, 5], opener=0)
    s.roll({YOU: (1, 1, 3, 4, 6), SHANE: (2, 3, 3, 4, 6), MIKE: (1, 2, 4, 5, 6), MARY: (2, 2, 3, 5, 5)},
           N_("A new round, and you open again. This time you look at your two stars."))
    s.play(YOU, "three stars",
           N_("You put the red die on star space 3: three stars. Only stars count for a star bid, so you "
           "claim at least three dice on the table show a star."), "bid")
    return _TABLE, s.scenario("LD-OPEN-STAR", N_("Opening with a star bid"))


def _four_threes() -> _Script:
    s = _Script(_TABLE, [5, 5, 5, 5], opener=0)
    s.roll({YOU: (1, 3, 3, 5, 6), SHANE: (2, 3, 4, 4, 6), MIKE: (1, 2, 3, 5, 5), MARY: (2, 4, 4, 6, 6)},
           N_("Everyone has rolled; you open."))
    s.play(YOU, "four 3s", N_("You bid four 3s. Shane must now raise or challenge: there is no passing."), "bid")
    return s


def _raise_face() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _four_threes()
    s.branch(SHANE, "four 4s", N_("Shane may keep the red die on space 4 and show a higher face: four 4s ..."))
    s.branch(SHANE, "four 5s", N_("... or four 5s ..."))
    s.play(SHANE, "four 6s", N_("... or four 6s, which he says. Four 2s is no raise: 2 is lower than 3."))
    return _TABLE, s.scenario("LD-RAISE-FACE", N_("Raising on the same space: a higher face"))


def _raise_quantity() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _four_threes()
    s.branch(SHANE, "five 2s", N_("Shane may move the red die to a higher numeric space, any face: five 2s ..."))
    s.branch(SHANE, "six 5s", N_("... or six 5s ..."))
    s.play(SHANE, "seven 3s", N_("... or seven 3s, which he says. On a higher space the face can go down."))
    return _TABLE, s.scenario("LD-RAISE-QTY", N_("Raising to a higher space: any face"))


def _raise_star() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _four_threes()
    s.play(SHANE, "three stars",
           N_("Shane moves the red die to star space 3: three stars. On this track star space 3 sits after "
           "numeric space 5, so it is higher than four 3s, though the quantity went down."), "bid")
    return _TABLE, s.scenario("LD-RAISE-STAR", N_("Raising to a star space"))


def _challenge_1() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _Script(_TABLE, [5, 5, 5, 5], opener=3)
    s.roll({YOU: (2, 3, 4, 6, 6), SHANE: (1, 1, 5, 5, 5), MIKE: (1, 2, 3, 5, 5), MARY: (1, 4, 5, 5, 6)},
           N_("Mary opens this round. You hold no 5s and no stars."))
    s.play(MARY, "nine 5s", N_("Mary bids nine 5s."), "bid")
    s.play(YOU, "challenge",
           N_("You challenge. The cups come up: seven 5s and four stars, eleven in all, two more than the bid. "
           "Mary was right, so you lose the challenge and two dice: 11 counted, 9 bid."), "count", "seat:0")
    return _TABLE, s.scenario("LD-CHALLENGE-1", N_("A challenge lost: the challenger pays the difference"))


def _challenge_2() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _Script(_TABLE, [5, 5, 5, 5], opener=3)
    s.roll({YOU: (2, 3, 4, 6, 6), SHANE: (1, 1, 5, 5, 5), MIKE: (1, 2, 3, 5, 5), MARY: (1, 1, 4, 5, 6)},
           N_("Mary opens. You see no star under your cup."))
    s.play(MARY, "six stars", N_("Mary bids six stars. Only stars count for it."), "bid")
    s.play(YOU, "challenge",
           N_("You challenge. Five stars are revealed, one short of six. Mary loses the challenge and one die: "
           "6 bid, 5 counted."), "count", "seat:3")
    return _TABLE, s.scenario("LD-CHALLENGE-2", N_("A challenge won: the bidder pays the difference"))


def _challenge_3() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _Script(_TABLE, [5, 5, 5, 5], opener=3)
    s.roll({YOU: (1, 2, 2, 4, 6), SHANE: (1, 1, 2, 2, 3), MIKE: (2, 2, 2, 5, 6), MARY: (1, 2, 2, 2, 4)},
           N_("Mary opens."))
    s.play(MARY, "fourteen 2s", N_("Mary bids fourteen 2s."), "bid")
    s.play(YOU, "challenge",
           N_("You challenge. Counting 2s and stars gives exactly fourteen: a perfect bid. You and everyone "
           "else except Mary lose one die each."), "count")
    return _TABLE, s.scenario("LD-CHALLENGE-3", N_("The perfect bid: everyone but the bidder loses a die"))


def _show() -> tuple[tuple[str, ...], Scenario[State]]:
    s = _Script(_TABLE, [4, 5, 5, 5], opener=3)
    s.roll({YOU: (1, 4, 4, 6), SHANE: (1, 2, 3, 6, 6), MIKE: (1, 4, 5, 6, 6), MARY: (1, 2, 5, 6, 6)},
           N_("You have four dice left: a 6, a star and two 4s. Mary opens."))
    s.play(MARY, "ten 6s", N_("Mary bids ten 6s."), "bid")
    s.play(YOU, "eleven 6s", N_("You raise to eleven 6s."), "bid")
    s.play(YOU, "show ★ 6",
           N_("Right after your bid you put the 6 and the star out of your cup, in view of everyone. They "
           "stay out for the rest of the round and count for 6s."), "shown:0")
    s.state.apply(Roll((3, 6)))
    s.step(N_("Then you re-roll the two 4s under the cup: a 3 and a 6. At least one die must always be "
           "re-rolled."), "cup:0")
    s.play(SHANE, "challenge",
           N_("Shane challenges. Your shown 6 and star count, and so does the 6 you re-rolled: twelve 6s in "
           "all, one more than the bid. Shane loses one die."), "count", "seat:1")
    return _TABLE, s.scenario("LD-SHOW", N_("Show and re-roll"))


def _die_hard() -> tuple[tuple[str, ...], Scenario[State]]:
    names = (YOU, MARY, SHANE, MIKE)
    s = _Script(names, [1, 3, 4, 3], opener=3)
    s.roll({YOU: (3,), MARY: (1, 5, 5), SHANE: (1, 2, 4, 5), MIKE: (1, 5, 5)},
           N_("You have one die left. Shane has four, Mike and Mary three each. Mike opens."))
    s.play(MIKE, "five 5s", N_("Mike bids five 5s."), "bid")
    s.play(YOU, "six 5s", N_("You raise to six 5s."), "bid")
    s.play(MARY, "eight 5s", N_("Mary raises to eight 5s."), "bid")
    s.play(SHANE, "challenge",
           N_("Shane challenges Mary. Exactly eight 5s and stars: a perfect bid. Shane and Mike lose a die. "
           "You would too, but you did not call the challenge and it is your last die: Die Hard saves it."),
           "count")
    return names, s.scenario("LD-DIEHARD", N_("Die Hard: the last die survives a perfect bid"))


def _next_round() -> tuple[tuple[str, ...], Scenario[State]]:
    names = (YOU, SHANE, MIKE)
    s = _Script(names, [3, 3, 3], opener=1)
    s.roll({YOU: (2, 5, 6), SHANE: (3, 3, 4), MIKE: (1, 2, 6)}, N_("Shane opens a round of three players."))
    s.play(SHANE, "four 3s", N_("Shane bids four 3s."), "bid")
    s.play(MIKE, "challenge",
           N_("Mike challenges: only three 3s and stars. Shane loses one die, and Mike has won the challenge."),
           "count", "seat:1")
    s.roll({YOU: (1, 4, 4), SHANE: (2, 6), MIKE: (2, 3, 5)},
           N_("Everyone loads the dice they still have and rolls again. The winner of the challenge, Mike, "
           "opens the new round."))
    s.play(MIKE, "seven 4s",
           N_("Mike may start anywhere on the track, even high up: he opens with seven 4s."), "bid")
    return names, s.scenario("LD-NEXT-ROUND", N_("The challenge winner opens the next round"))


def _end() -> tuple[tuple[str, ...], Scenario[State]]:
    names = (YOU, SHANE, MIKE)
    s = _Script(names, [1, 2, 0], opener=0)
    s.roll({YOU: (4,), SHANE: (2, 6)}, N_("Mike is already out. You have one die, Shane two. You open."))
    s.play(YOU, "two 4s", N_("You bid two 4s."), "bid")
    s.play(SHANE, "challenge",
           N_("Shane challenges: your 4 is the only match, one short. You lose your last die and are out."),
           "count", "seat:0")
    s.step(N_("Only Shane has dice left: the game is over and Shane wins."), "winner")
    return names, s.scenario("LD-END", N_("The last player with dice wins"))


_BUILDERS = (
    _count, _open_number, _open_star, _raise_face, _raise_quantity, _raise_star, _challenge_1,
    _challenge_2, _challenge_3, _show, _die_hard, _next_round, _end,
)

SEAT_NAMES: dict[str, tuple[str, ...]] = {}
SCENARIOS: dict[str, Scenario[State]] = {}
for _build in _BUILDERS:
    _names, _scenario = _build()
    SEAT_NAMES[_scenario.id] = _names
    SCENARIOS[_scenario.id] = _scenario
