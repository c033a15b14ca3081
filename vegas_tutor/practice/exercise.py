"""Exercises from a learner's own games: each decision the coach rates an inaccuracy or a mistake, kept with
the position before it so that it can be asked again ("what do you do?") and judged again.

Decisions are read off the game's history as the board's coach reads them (:class:`~vegas_tutor.tutor.coaching.Coach`:
the learner's own moves, never a roll or a draw, each with the position before it) and judged by the game's own
coach (``review`` of :mod:`vegas_tutor.las_vegas.coach` and the like, through each game's ``GameCoach``). A
decision with one legal choice is no exercise and is not reviewed. A Lords of Vegas trade the learner answered
(an offer accepted or refused, a proposal accepted) is a decision the history does not show as one: the board
hands those in (``answered``), each with the position it was answered in, and its choices are accept and refuse.

An :class:`Exercise` holds the position in two forms:

- ``record``: the **whole** position, the engine's own sealed record (``State.to_json``). It holds what the
  learner could not see (the other cups, the order of the pile, the generator that deals the next cards), so it
  stays on the server: the coach re-judges from it (:func:`judge_answer`, :func:`rejudge`).
- :meth:`Exercise.visible`: what the learner saw, the board's own projection for their seat (the Las Vegas board,
  the Liar's Dice table from the seat's observation, the Lords of Vegas board). This is what a page may show.

Each exercise has one **theme**, in the rules' own terms (:data:`THEMES`), read from the action types of the
learner's choice and the coach's, and from the position:

- Las Vegas: ``tie`` (either placement goes to a casino where dice cancel in a tie, before or after the dice go
  in), ``big_bill`` (either goes to the casino holding the largest bill on the table), else ``placement``.
- Liar's Dice: ``show`` (show and re-roll, or keep the cup), ``challenge`` (either choice is a challenge),
  ``stars`` (either is a bid on stars), else ``bid``.
- Lords of Vegas: ``gamble`` (a bet or a lay-off), ``reorganize`` (a reorganize, or placing its re-rolled dice),
  ``sprawl``, ``trade`` (a trade answered, or an action sold in one), ``build`` (a build or a remodel), else
  ``other``.

>>> from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS
>>> state = SCENARIOS["LOV-REORG"].steps[0].state
>>> e = make_exercise(state, "end turn")
>>> e.best, e.verdict, e.theme, sorted(e.visible())
('reorganize A2', 'mistake', 'reorganize', ['game', 'id', 'position', 'seat', 'theme'])
>>> judge_answer(e, "reorganize A2").answer
'best'
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, Literal

from vegas_tutor.core.games import GAMES
from vegas_tutor.i18n import N_

JSON = dict[str, Any]
Verdict = Literal["inaccuracy", "mistake"]
Answer = Literal["best", "good", "inaccuracy", "mistake"]
"""How an answer to an exercise is judged: the coach's own choice, or the verdict of what it gives up."""
Source = Literal["game", "starter"]
"""Where an exercise comes from: the learner's own game, or a bot game (:mod:`vegas_tutor.practice.starter`)."""

THEMES: dict[str, tuple[str, ...]] = {
    "las_vegas": ("tie", "big_bill", "placement"),
    "liars_dice": ("challenge", "stars", "show", "bid"),
    "lords_of_vegas": ("gamble", "reorganize", "sprawl", "trade", "build", "other"),
}
"""Each game's theme keys, in the order a page lists them."""

THEME_WORDS: dict[str, str] = {
    "tie": N_("ties that cancel"), "big_bill": N_("the big bill"), "placement": N_("where to place"),
    "challenge": N_("when to challenge"), "stars": N_("what stars do to a count"), "show": N_("when to show"),
    "bid": N_("what to bid"), "gamble": N_("when to gamble"), "reorganize": N_("when to reorganize"),
    "sprawl": N_("when to sprawl"), "trade": N_("trades"), "build": N_("what to build"), "other": N_("the turn"),
    "lesson": N_("a lesson's question"),
}
"""Each theme of :data:`THEMES` in the learner's words (``tr`` shows them in the language in force), and
``lesson`` for a lesson's question (:mod:`vegas_tutor.practice.question`)."""

_COACHES = {"las_vegas": "LAS_VEGAS_COACH", "liars_dice": "LIARS_DICE_COACH", "lords_of_vegas": "LORDS_OF_VEGAS_COACH"}


@dataclass(frozen=True)
class Exercise:
    """One decision to practise. ``record`` is server-side only (it holds hidden information); a page shows
    :meth:`visible` before the answer, and ``choice``, ``best``, ``loss`` after it."""

    id: str
    """A hash of the game, the position and the choice (:func:`exercise_id`)."""
    game: str
    seat: int
    """The learner's seat in the position."""
    record: str
    """The whole position before the decision, as the engine's sealed record. Never sent to a page."""
    choice: str
    """The learner's original choice, as action text (``"place 3"``, ``"challenge"``, ``"end turn"``)."""
    best: str
    """The coach's choice when the exercise was made."""
    loss: float
    """What ``choice`` gave up against ``best``, in ``unit``."""
    unit: str
    """The game's coach unit, in English as marked (``tr(unit)`` shows it in the language in force)."""
    verdict: Verdict
    theme: str
    source: Source = "game"
    rivals: str = ""
    """The level the learner's rivals played at, for a coach that reads rivals by their level (a Liar's Dice
    table's bots; ``GameCoach.rival_levels``): the exercise is judged as the table judged it. "" when the coach
    read every rival alike."""

    def state(self) -> Any:
        """The whole position, opened from ``record`` by the engine (server-side)."""
        return GAMES[self.game].state_class.from_json(self.record)

    def visible(self) -> JSON:
        """What the learner could see at the decision: the seat's projection of the position (no other cup, no
        pile order, no deck), with the exercise's id, game, seat and theme. Words are in the language in force."""
        return {"id": self.id, "game": self.game, "seat": self.seat, "theme": self.theme,
                "position": seat_view(self.state(), self.seat)}

    def to_dict(self) -> JSON:
        """Every field as plain JSON data (the record included: server-side)."""
        return {"id": self.id, "game": self.game, "seat": self.seat, "record": self.record, "choice": self.choice,
                "best": self.best, "loss": self.loss, "unit": self.unit, "verdict": self.verdict,
                "theme": self.theme, "source": self.source, **({"rivals": self.rivals} if self.rivals else {})}


@dataclass(frozen=True)
class Judgement:
    """The coach's judgement of an answer to an exercise, made again on the stored position."""

    answer: Answer
    loss: float
    best: str
    explanation: str
    """The coach's why, in the language in force."""
    details: str = ""
    """How the coach counted (Lords of Vegas: the rate money is counted at), for a "details" toggle."""
    missed: bool = False
    """A mistake that is a missed chance: the answer was as good as most choices, a much better one was there."""


def exercise_id(game: str, record: str, choice: str) -> str:
    """The stable id of an exercise: 16 hex digits of a SHA-256 of the game, the position and the choice."""
    return hashlib.sha256("\n".join((game, record, choice)).encode()).hexdigest()[:16]


@cache
def game_coach(game: str) -> Any:
    """The game's ``GameCoach`` (:mod:`vegas_tutor.tutor.coaching`): its review, decisions, thresholds, unit."""
    if game not in _COACHES:
        raise KeyError(game)
    return getattr(import_module(f"vegas_tutor.tutor.{game}.coaching"), _COACHES[game])


def exercises_from_game(state: Any, seat: int, *, source: Source = "game", answered: Sequence[tuple[Any, Any]] = (),
                        rivals: str = "") -> tuple[Exercise, ...]:
    """The exercises of ``seat``'s decisions in a game (finished, or so far), oldest first: each decision with a
    choice to make that the coach rates an inaccuracy or a mistake. ``answered``: ``(position, choice)`` of the
    decisions the history does not show (trades answered), of ``seat`` only. ``rivals``: the level the other
    seats played at (kept when the game's coach reads that level, else ignored). The state is not changed."""
    game = state.GAME_ID
    coach = game_coach(game)
    found = []
    decisions = _decisions(state, seat, coach) + [d for d in answered if decider(*d) == seat]
    for before, action in sorted(decisions, key=lambda d: len(d[0].history)):
        exercise = make_exercise(before, action, source=source, rivals=rivals)
        if exercise is not None:
            found.append(exercise)
    return tuple(found)


def _decisions(state: Any, seat: int, coach: Any) -> list[tuple[Any, Any]]:
    """``(position before, action)`` of each of ``seat``'s decisions with more than one choice, oldest first
    (read off the history by undoing a copy, as the board's coach does)."""
    probe = state.copy()
    found = []
    while probe.history:
        action = probe.undo().played
        if probe.current_player == seat and coach.is_decision(action) and _choices(probe, coach) > 1:
            found.append((probe.copy(), action))
    return found[::-1]


def _choices(state: Any, coach: Any) -> int:
    return sum(1 for a in state.legal_actions() if coach.is_decision(a))


def make_exercise(before: Any, action: Any, *, source: Source = "game", rivals: str = "") -> Exercise | None:
    """The exercise of ``action`` (an action or its text) of the player to act in the position ``before``, or
    None when the coach rates it good. ``rivals``: the level the other seats play at (kept when the game's coach
    reads rivals by level, else ignored)."""
    game = before.GAME_ID
    coach = game_coach(game)
    rivals = rivals if rivals in coach.rival_levels else ""
    review = coach_review(coach, before, action, rivals)
    seat = decider(before, review.action)  # (the action as the coach read it: a trade answer's text names its seat)
    loss = float(review.loss)
    verdict = coach.verdict(loss)
    if verdict == "good":
        return None
    record, choice = before.to_json(), str(review.action)
    return Exercise(exercise_id(game, record, choice), game, seat, record, choice, str(review.best), loss,
                    coach.unit, verdict, theme_of(game, before, review.action, review.best), source, rivals)


def coach_review(coach: Any, state: Any, action: Any, rivals: str) -> Any:
    """The game coach's review of ``action`` in ``state``, its rivals read at level ``rivals`` ("": alike)."""
    return coach.review_among(state, action, rivals) if rivals else coach.review(state, action)


def decider(state: Any, action: Any) -> int:
    """The seat that makes ``action`` in ``state``: the player to act, or the seat an answer to a trade names."""
    seat = getattr(action, "seat", None)
    return int(seat) if isinstance(seat, int) else int(state.current_player)


def details(review: Any) -> str:
    """How the coach counted a review ("" when its game's coach says nothing more than its why)."""
    return str(getattr(review, "details", "") or "")


def judge_answer(exercise: Exercise, choice: str) -> Judgement:
    """Judge ``choice`` (action text) on the exercise's position with the coach, as it judges now (the stored
    ``best`` is not trusted). A choice that is not legal there raises the engine's own error."""
    coach = game_coach(exercise.game)
    review = coach_review(coach, exercise.state(), choice, exercise.rivals)
    loss = float(review.loss)
    best = review.action == review.best
    answer: Answer = "best" if best else coach.verdict(loss)
    return Judgement(answer, loss, str(review.best), review.explanation, details(review),
                     missed=answer == "mistake" and coach.missed(review))


def rejudge(exercise: Exercise) -> Exercise | None:
    """The exercise as the coach makes it now from its stored position and choice (None: now judged good);
    equal to ``exercise`` when the coach agrees with what it stored."""
    return make_exercise(exercise.state(), exercise.choice, source=exercise.source, rivals=exercise.rivals)


# ---------------------------------------------------------------------------------------------- themes
def theme_of(game: str, state: Any, choice: Any, best: Any) -> str:
    """The theme key of the decision ``choice`` (the coach preferring ``best``) in ``state``."""
    theme: Callable[[Any, Any, Any], str] = {"las_vegas": _las_vegas_theme, "liars_dice": _liars_dice_theme,
                                              "lords_of_vegas": _lords_of_vegas_theme}[game]
    return theme(state, choice, best)


def _las_vegas_theme(state: Any, choice: Any, best: Any) -> str:
    from vegas_tutor.las_vegas.actions import Place
    from vegas_tutor.las_vegas.rules import CASINOS, cancelled_owners

    faces = [a.face for a in (choice, best) if isinstance(a, Place)]
    seat, roll = state.current_player, state.current_roll
    for face in faces:
        before = list(state.placed_on(face))
        after = list(before)
        after[seat] += roll[0][face - 1]
        if state.neutral:
            after[state.players] += roll[1][face - 1]
        if cancelled_owners(before) or cancelled_owners(after):
            return "tie"
    top = max((bill for casino in CASINOS for bill in state.bills_on(casino)), default=0)
    if top and any(top in state.bills_on(face) for face in faces):
        return "big_bill"
    return "placement"


def _liars_dice_theme(state: Any, choice: Any, best: Any) -> str:
    from vegas_tutor.liars_dice.actions import Challenge, NoShow, Show
    from vegas_tutor.liars_dice.track import Bid

    pair = (choice, best)
    if any(isinstance(a, Show | NoShow) for a in pair):
        return "show"
    if any(isinstance(a, Challenge) for a in pair):
        return "challenge"
    if any(isinstance(a, Bid) and a.is_star for a in pair):
        return "stars"
    return "bid"


def _lords_of_vegas_theme(state: Any, choice: Any, best: Any) -> str:
    from vegas_tutor.lords_of_vegas.actions import Build, Gamble, LayOff, PlaceDie, Remodel, Reorganize, Sprawl
    from vegas_tutor.lords_of_vegas.trade_coach import TradeChoice
    from vegas_tutor.lords_of_vegas.trades import Trade

    kinds: tuple[tuple[str, tuple[type, ...]], ...] = (
        ("trade", (Trade, TradeChoice)), ("gamble", (Gamble, LayOff)), ("reorganize", (Reorganize, PlaceDie)),
        ("sprawl", (Sprawl,)), ("build", (Build, Remodel)))
    for theme, types in kinds:
        if any(isinstance(a, types) for a in (choice, best)):
            return theme
    return "other"


# ---------------------------------------------------------------------------------------------- the seat's view
def seat_view(state: Any, seat: int) -> JSON:
    """The position as ``seat`` sees it: the board's own projection (the Las Vegas board with the seat as its
    only player, the Liar's Dice table from the seat's observation, the Lords of Vegas board for the seat)."""
    game = state.GAME_ID
    if game == "las_vegas":
        from vegas_tutor.tutor.las_vegas.projection import board_view

        return board_view(state, humans=(seat,), bots=False)
    if game == "liars_dice":
        from vegas_tutor.liars_dice.scenarios import SEAT_NAMES
        from vegas_tutor.tutor.liars_dice.projection import table_view

        obs = state.observation(seat)
        rivals = iter(SEAT_NAMES["LD-COUNT"][1:])
        names = ["You" if s == seat else next(rivals) for s in range(state.players)]
        kinds = ["you" if s == seat else "none" for s in range(state.players)]
        return table_view(obs, names=names, players=kinds, learner_to_act=obs.phase == "bid",
                          awaiting_show=obs.phase == "show")
    from vegas_tutor.tutor.lords_of_vegas.projection import board_view as lov_view

    return lov_view(state, learner=seat, you=seat)
