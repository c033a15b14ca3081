"""The Practice page: the learner's exercises (:mod:`vegas_tutor.practice`) one at a time, due ones first.

:class:`Practice` is what the page shows: a :class:`PracticePanel` (what is due, learned and the streak, the
game chooser, the question with its choices, then the coach's verdict and why) above the exercise's board,
drawn read-only from the learner's seat (the game's own board with ``interactive=False`` and no odds: only
what the learner could see). The learner's choice in the panel is the only interaction.

**Kept in the browser.** The page keeps the deck (:func:`~vegas_tutor.practice.deck.save_deck`, a sealed
record) in its local storage and sends it once drawn, with the **inbox**: the exercises the boards made at
the end of the learner's games (``practice_found``, see :class:`~vegas_tutor.tutor.widget.TutorWidget`). Both
are checked as a saved game is: a deck that fails a check is refused whole and dropped (the panel says why,
a fresh deck starts); an inbox entry that fails is dropped alone. After every change the panel puts the deck
in ``saved`` for the page to keep, and the ids it took from the inbox in ``taken``.

**The order.** Due exercises first, the most overdue first (FSRS, :mod:`vegas_tutor.practice.schedule`);
then, so that the page is never empty, the shipped starter exercises not met yet
(:func:`~vegas_tutor.practice.starter.shipped_starters`), one theme of each game after another. A starter
joins the deck when it is answered.

The messages (checked like a board's; a malformed one changes nothing)::

    {"type": "load", "deck": <text or null>, "inbox": [<exercise>, ...]}   once the page is drawn
    {"type": "answer", "id": "0123456789abcdef", "choice": "place 3"}      the learner's choice
    {"type": "next"}                                                        the next exercise
    {"type": "game", "game": "liars_dice"}                                  one game only ("" for all)

>>> from datetime import datetime, timezone
>>> page = Practice(clock=lambda: datetime(2026, 3, 1, 9, tzinfo=timezone.utc))
>>> page.panel.summary["due_now"], page.panel.exercise["source"]
(0, 'starter')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, ClassVar

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets as t

from vegas_tutor.core.errors import IllegalActionError, InvalidActionError, RecordError, VegasTutorError
from vegas_tutor.core.games import GAMES
from vegas_tutor.i18n import N_, _, _n, tr
from vegas_tutor.practice.deck import Deck, Item, check_exercise, load_deck, save_deck
from vegas_tutor.practice.exercise import THEME_WORDS, THEMES, Answer, Exercise, game_coach, judge_answer
from vegas_tutor.practice.question import LessonQuestion, QuestionBook
from vegas_tutor.practice.schedule import is_learned
from vegas_tutor.practice.starter import shipped_starters
from vegas_tutor.tutor.assets import INBOX_JS, SHARED_CSS, SHARED_JS, WordedWidget, front_end
from vegas_tutor.tutor.class_relay import recorder
from vegas_tutor.tutor.messages import MAX_RECORD_CHARS, OneOf, echo, parse_message
from vegas_tutor.tutor.widget import MAX_ERROR_CHARS

JSON = dict[str, Any]
MAX_INBOX = 200
"""The most exercises a page may send from its inbox at once (the boards keep fewer)."""
MAX_CHOICE_CHARS = 200
MAX_INBOX_ID = 120
MAX_DECK_CHARS = 1_500_000
"""The longest deck the page is asked to keep (a browser keeps about 5 MB per site, its saved games included;
an exercise takes about 13,000 characters)."""

GROUP_WORDS: dict[str, str] = {
    "Place": N_("Place your dice"), "Bid": N_("Bids"), "StarBid": N_("Star bids"), "Challenge": N_("Challenge"),
    "Show": N_("Show and re-roll"), "NoShow": N_("Keep your cup"), "Build": N_("Build"), "Remodel": N_("Remodel"),
    "Sprawl": N_("Sprawl"), "Reorganize": N_("Reorganize"), "Gamble": N_("Gamble"), "LayOff": N_("Lay off"),
    "PlaceDie": N_("Place a re-rolled die"), "MoveDie": N_("Move a die"), "EndTurn": N_("End the turn"),
}
"""The headings the choices are grouped under, by the kind of action."""


# ---------------------------------------------------------------------------------------------- the messages
@dataclass(frozen=True)
class DeckText:
    """The kept deck's text (``None``: this browser keeps none), at most ``MAX_RECORD_CHARS`` long."""

    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> str | None:
        if value is not None and not isinstance(value, str):
            raise InvalidActionError(_("message {kind!r}: {name} must be a kept deck's text or null, got {value}",
                                       kind=kind, name=name, value=echo(value)))
        if value is not None and len(value) > MAX_RECORD_CHARS:
            raise InvalidActionError(_("message {kind!r}: {name} is too long ({size:,} characters; at most "
                                       "{most:,})", kind=kind, name=name, size=len(value), most=MAX_RECORD_CHARS))
        return value


@dataclass(frozen=True)
class Inbox:
    """A list of at most :data:`MAX_INBOX` objects (each checked later as an exercise)."""

    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or any(not isinstance(item, dict) for item in value):
            raise InvalidActionError(_("message {kind!r}: {name} must be a list of exercises, got {value}",
                                       kind=kind, name=name, value=echo(value)))
        if len(value) > MAX_INBOX:
            raise InvalidActionError(_("message {kind!r}: at most {most} exercises at once, got {n}", kind=kind,
                                       most=MAX_INBOX, n=len(value)))
        return tuple(value)


@dataclass(frozen=True)
class Word:
    """Text of ``least`` to ``most`` characters, made only of ``allowed``."""

    least: int
    most: int
    allowed: str
    typed: ClassVar[bool] = True

    def check(self, kind: str, name: str, value: Any) -> str:
        if not isinstance(value, str) or not self.least <= len(value) <= self.most or set(value) - set(self.allowed):
            raise InvalidActionError(_("message {kind!r}: {name} is malformed: {value}", kind=kind, name=name,
                                       value=echo(value)))
        return value


CHOICE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $-(),.'"
"""What an action's text may hold (the engines write their actions in these)."""


@dataclass(frozen=True)
class LoadIntent:
    deck: Annotated[str | None, DeckText()]
    inbox: Annotated[tuple[Any, ...], Inbox()]


@dataclass(frozen=True)
class AnswerIntent:
    id: Annotated[str, Word(16, 16, "0123456789abcdef")]
    choice: Annotated[str, Word(1, MAX_CHOICE_CHARS, CHOICE_CHARS)]


@dataclass(frozen=True)
class NextIntent:
    pass


@dataclass(frozen=True)
class GameIntent:
    game: Annotated[str, OneOf(("", *GAMES))]


Intent = LoadIntent | AnswerIntent | NextIntent | GameIntent
INTENTS: dict[str, type[Intent]] = {"load": LoadIntent, "answer": AnswerIntent, "next": NextIntent,
                                    "game": GameIntent}


# ---------------------------------------------------------------------------------------------- the panel
class PracticePanel(WordedWidget):
    """The panel of the Practice page (its projections; :class:`Practice` fills them)."""

    _esm = front_end(INBOX_JS, SHARED_JS, "practice.js")
    _css = front_end(SHARED_CSS, "practice.css")
    summary = t.Dict().tag(sync=True)
    """``total``, ``due_now``, ``due_today``, ``learned``, ``streak``, ``fresh`` (starters not met), ``next_due``
    (when the next one is due, in words, when none is due now)."""
    games = t.List(t.Dict()).tag(sync=True)
    """The game chooser: ``{"id", "title", "chosen"}`` each, "All games" (``id`` "") first."""
    exercise = t.Dict().tag(sync=True)
    """The exercise asked (empty when there is none): what the learner sees before choosing."""
    result = t.Dict().tag(sync=True)
    """The coach's judgement of the answer (empty until answered)."""
    notice = t.Unicode("").tag(sync=True)
    """What the page must know once: a kept deck refused, inbox exercises dropped or taken."""
    saved = t.Unicode("").tag(sync=True)
    """The deck as a sealed record, after every change (the page keeps it)."""
    taken = t.List(t.Unicode()).tag(sync=True)
    """The inbox ids the deck took (or dropped): the page removes them from its inbox."""
    loaded = t.Bool(False).tag(sync=True)
    """Whether the page's kept deck has been read (until then the panel shows the starters)."""
    error = t.Unicode("").tag(sync=True)
    version = t.Int(0).tag(sync=True)


class Practice(widgets.VBox):  # type: ignore[misc]
    """The Practice page's widget: the panel, then the exercise's read-only board.

    ``lessons`` is the lessons folder (from the page's own folder: ``".."`` for a page in ``es/``), where the
    lesson questions are read; ``clock`` gives the time (UTC-aware; a test passes a fake one). The deck starts
    empty until the page sends its kept one (``load``).
    """

    def __init__(self, *, lessons: str | Path = ".", clock: Callable[[], datetime] | None = None,
                 **kwargs: Any) -> None:
        self._clock = clock or (lambda: datetime.now(UTC))
        self._questions = QuestionBook(Path(lessons))
        self._deck = Deck()
        self._game = ""
        self._current: Item | None = None
        self._asked_at = self._now()
        self._boards: dict[str, Any] = {}
        self.panel = PracticePanel()
        self._holder = widgets.Box(layout=widgets.Layout(display="block"))
        super().__init__([self.panel, self._holder], **kwargs)
        self.add_class("vt-practice-page")
        self.panel.on_msg(lambda _w, content, _b: self.handle(content))
        self._ask(self._first())
        recorder.show()  # class mode: the answers' themes go to the teacher (the relay says so)

    # ------------------------------------------------------------------ reading
    @property
    def deck(self) -> Deck:
        return self._deck

    @property
    def current(self) -> Item | None:
        """The exercise asked (None: nothing to practise now)."""
        return self._current

    @property
    def board(self) -> Any:
        """The board showing the current exercise (None when there is none)."""
        return self._holder.children[0] if self._holder.children else None

    def queue(self) -> list[Item]:
        """What comes next, in order: the due exercises, then the starters not met yet (of the chosen game)."""
        now = self._now()
        due = [e for e in self._deck.due(now) if self._wanted(e)]
        known = {e.id for e in self._deck.exercises}
        return due + [e for e in _starters_in_turn() if e.id not in known and self._wanted(e)]

    # ------------------------------------------------------------------ the messages
    def handle(self, content: object) -> bool:
        """Carry out one message from the page; ``False`` (and ``error`` set) when it is refused."""
        try:
            intent = parse_message(content, INTENTS)
            with self.panel.hold_sync():
                self._carry_out(intent)
                self.panel.error = ""
                self.panel.version += 1
        except VegasTutorError as refusal:
            reason = str(refusal)
            self.panel.error = reason if len(reason) <= MAX_ERROR_CHARS else reason[:MAX_ERROR_CHARS] + "…"
            self.panel.version += 1
            return False
        return True

    def answer(self, choice: str) -> JSON:
        """Answer the current exercise (Python side of the Answer button); the result, or raises when refused."""
        if self._current is None:
            raise IllegalActionError(_("there is nothing to practise now"))
        self._raise_if_refused({"type": "answer", "id": self._current.id, "choice": choice})
        return dict(self.panel.result)

    def next(self) -> None:
        """Go on to the next exercise (Python side of the Next button); raises when refused."""
        self._raise_if_refused({"type": "next"})

    def _raise_if_refused(self, content: JSON) -> None:
        if not self.handle(content):
            refusal = self.panel.error  # already in the language in force
            raise IllegalActionError(refusal)

    def _carry_out(self, intent: Intent) -> None:
        if isinstance(intent, LoadIntent):
            self._load(intent.deck, intent.inbox)
        elif isinstance(intent, AnswerIntent):
            self._answer(intent.id, intent.choice)
        elif isinstance(intent, NextIntent):
            if not self.panel.result and self._current is not None:
                raise IllegalActionError(_("answer this exercise first: what do you do?"))
            self._ask(self._first())
        else:
            self._game = intent.game
            self._ask(self._first())

    def _load(self, text: str | None, inbox: Sequence[Any]) -> None:
        notices = []
        deck = Deck()
        if text is not None:
            try:
                deck = load_deck(text, self._questions)
            except RecordError as bad:
                notices.append(_("Your kept exercises were refused ({reason}); a fresh start has been made.",
                                 reason=bad))
        if deck.dropped:
            notices.append(_n("{n} lesson question is no longer asked by its lesson: it was left out.",
                              "{n} lesson questions are no longer asked by their lessons: they were left out.",
                              deck.dropped))
        fresh: list[Item] = []
        taken, dropped = [], 0
        for raw in inbox:
            key = raw.get("id")
            if isinstance(key, str) and len(key) <= MAX_INBOX_ID:
                taken.append(key)
            try:
                item = self._inbox_item(raw)
            except Exception:  # an inbox entry is untrusted input: whatever breaks in it drops it alone
                item = None
            if item is None:
                dropped += 1
            else:
                fresh.append(item)
        before = len(deck.exercises)
        self._deck = deck.add(fresh, self._now())
        added = len(self._deck.exercises) - before
        if added:
            notices.append(_n("{n} new exercise from your games and lessons.",
                              "{n} new exercises from your games and lessons.", added))
        if dropped:
            notices.append(_n("{n} exercise from your games and lessons was refused and dropped.",
                              "{n} exercises from your games and lessons were refused and dropped.", dropped))
        self.panel.notice = " ".join(notices)
        self.panel.taken = taken
        self.panel.loaded = True
        self._keep()
        self._ask(self._first())

    def _inbox_item(self, raw: Any) -> Item | None:
        """An inbox entry checked: a game's decision (replayed), or a lesson's question (read from the lesson;
        None when the lesson does not ask it)."""
        if raw.get("kind") == "question":
            if set(raw) != {"id", "kind", "page", "key"}:
                return None
            return self._questions.find(raw["page"], raw["key"])
        return check_exercise(raw)

    def _answer(self, exercise_id: str, choice: str) -> None:
        current = self._current
        if current is None or current.id != exercise_id:
            raise IllegalActionError(_("this exercise is no longer asked: the page shows another one"))
        if self.panel.result:
            raise IllegalActionError(_("this exercise is answered: press Next"))
        now = self._now()
        answer, result = (_judge_question(current, choice) if isinstance(current, LessonQuestion)
                          else _judge_decision(current, choice))
        seconds = max(0.0, (now - self._asked_at).total_seconds())
        deck = self._deck if any(e.id == current.id for e in self._deck.exercises) else self._deck.add([current], now)
        self._deck = deck.answer(current.id, answer, now, seconds=seconds)
        self.panel.result = {**result, "answer": answer, "choice": choice,
                             "again": _when(self._deck.card(current.id).card.due, now)}
        if isinstance(current, Exercise) and self.board is not None:
            self.board.show_state(current.state(), highlight=tuple(result["highlight"]))
        recorder.practice(current.game, current.theme, current.source, answer)  # class mode: for the teacher
        self._keep()
        self._summarise()

    # ------------------------------------------------------------------ the projections
    def _first(self) -> Item | None:
        queue = self.queue()
        return queue[0] if queue else None

    def _ask(self, exercise: Item | None) -> None:
        """Ask ``exercise`` (None: say nothing is due) and redraw the summary."""
        self._current, self._asked_at = exercise, self._now()
        self.panel.result = {}
        self._show_board(exercise)
        self.panel.exercise = ({} if exercise is None else _question_view(exercise)
                               if isinstance(exercise, LessonQuestion) else self._exercise_view(exercise))
        self._summarise()

    def _exercise_view(self, exercise: Exercise) -> JSON:
        coach = game_coach(exercise.game)
        groups: dict[str, JSON] = {}
        for text, action in _choices(exercise).items():
            kind = _kind(action)
            group = groups.setdefault(kind, {"label": tr(GROUP_WORDS[kind]) if kind in GROUP_WORDS else kind,
                                             "choices": []})
            group["choices"].append({"text": text, "words": coach.words(action)})
        return {"id": exercise.id, "game": exercise.game, "title": GAMES[exercise.game].title,
                "theme": tr(THEME_WORDS[exercise.theme]), "source": exercise.source,
                "you": _seat_name(self.board, exercise.seat),
                "groups": list(groups.values()), "count": sum(len(g["choices"]) for g in groups.values())}

    def _show_board(self, exercise: Item | None) -> None:
        if not isinstance(exercise, Exercise):
            self._holder.children = ()
            return
        board = self._boards.get(exercise.game)
        state = exercise.state()
        if board is None or _seat(board) != exercise.seat or board.state.players != state.players:
            board = self._boards[exercise.game] = _board(exercise.game, state, exercise.seat)
        else:
            board.show_state(state)
        self._holder.children = (board,)

    def _summarise(self) -> None:
        now = self._now()
        shown = self._deck.summary(now)
        known = {e.id for e in self._deck.exercises}
        fresh = sum(1 for e in shipped_starters() if e.id not in known and self._wanted(e))
        upcoming = [c.card.due for c in self._deck.cards if c.card.due > now]
        self.panel.summary = {"total": shown.total, "due_now": shown.due_now, "due_today": shown.due_today,
                              "learned": shown.learned, "streak": shown.streak, "fresh": fresh,
                              "next_due": _when(min(upcoming), now) if upcoming else ""}
        self.panel.games = [{"id": "", "title": _("All games"), "chosen": self._game == ""},
                            *({"id": g.id, "title": g.title, "chosen": self._game == g.id} for g in GAMES.values())]

    def _keep(self) -> None:
        """Put the deck in ``saved`` for the page; past :data:`MAX_DECK_CHARS`, the learned exercises go first,
        then those due the latest (the page says how many)."""
        text = save_deck(self._deck)
        if len(text) > MAX_DECK_CHARS:
            self._deck, gone = _fitted(self._deck, len(text))
            text = save_deck(self._deck)
            self.panel.notice = " ".join(filter(None, (self.panel.notice, _n(
                "This browser keeps a deck of limited size: {n} exercise, learned or due the latest, was let go.",
                "This browser keeps a deck of limited size: {n} exercises, learned or due the latest, were let go.",
                gone))))
        self.panel.saved = text

    def _wanted(self, exercise: Item) -> bool:
        return not self._game or exercise.game == self._game

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError(f"the practice clock must give timezone-aware times, got {now!r}")
        return now.astimezone(UTC)


# ---------------------------------------------------------------------------------------------- helpers
def _starters_in_turn() -> list[Exercise]:
    """The shipped starters, one of each game's themes after another: the costliest of every theme first."""
    rank: dict[tuple[str, str], int] = {}
    keyed = []
    for exercise in shipped_starters():
        group = (exercise.game, exercise.theme)
        rank[group] = rank.get(group, -1) + 1
        keyed.append(((rank[group], THEMES[exercise.game].index(exercise.theme), list(GAMES).index(exercise.game)),
                      exercise))
    return [exercise for _key, exercise in sorted(keyed, key=lambda pair: pair[0])]


def _fitted(deck: Deck, size: int) -> tuple[Deck, int]:
    """The deck cut to 90 % of :data:`MAX_DECK_CHARS`: learned exercises go first, then those due the latest."""
    cards = deck.cards
    order = sorted(range(len(cards)), key=lambda k: (not is_learned(cards[k]), -cards[k].card.due.timestamp()))
    gone: list[str] = []
    for k in order:
        if size <= 0.9 * MAX_DECK_CHARS:
            break
        size -= len(json.dumps(deck.exercises[k].to_dict())) + len(json.dumps(deck.cards[k].to_dict(), default=str))
        gone.append(deck.exercises[k].id)
    return deck.without(gone), len(gone)


def _judge_decision(exercise: Exercise, choice: str) -> tuple[Answer, JSON]:
    """The coach's judgement of ``choice`` (an action's text) on the exercise's position, and its words."""
    actions = _choices(exercise)
    if choice not in actions:
        raise IllegalActionError(_("{choice} is not one of this exercise's choices", choice=echo(choice)))
    judged = judge_answer(exercise, choice)
    coach = game_coach(exercise.game)
    best = actions[judged.best]
    return judged.answer, {
        "loss_text": coach.loss_text(judged.loss), "yours": coach.words(actions[choice]), "best": coach.words(best),
        "why": judged.explanation, "then": coach.words(actions[exercise.choice]),
        "then_loss": coach.loss_text(exercise.loss), "then_verdict": exercise.verdict,
        "highlight": list(_highlight(best)), "marked": bool(_highlight(best)),
    }


def _judge_question(question: LessonQuestion, choice: str) -> tuple[Answer, JSON]:
    """A lesson question's answer (``choice``: the index of a choice, as text): right, or a mistake."""
    if not choice.isdigit() or not 0 <= int(choice) < len(question.choices):
        raise IllegalActionError(_("{choice} is not one of this exercise's choices", choice=echo(choice)))
    right = int(choice) == question.answer
    return ("best" if right else "mistake"), {
        "loss_text": "", "yours": question.choices[int(choice)], "best": question.choices[question.answer],
        "why": question.explanation, "then": "", "then_loss": "", "then_verdict": "mistake", "highlight": [],
        "marked": False,
    }


def _question_view(question: LessonQuestion) -> JSON:
    return {"id": question.id, "kind": "question", "game": question.game, "title": GAMES[question.game].title,
            "theme": tr(THEME_WORDS["lesson"]), "source": "lesson", "lesson": question.lesson, "you": "",
            "question": question.question, "count": len(question.choices),
            "groups": [{"label": "", "choices": [{"text": str(k), "words": choice}
                                                 for k, choice in enumerate(question.choices)]}]}


def _choices(exercise: Exercise) -> dict[str, Any]:
    """The exercise's choices: each legal decision of its position, by its action text, in the engine's order."""
    coach = game_coach(exercise.game)
    return {str(a): a for a in exercise.state().legal_actions() if coach.is_decision(a)}


def _kind(action: Any) -> str:
    name = type(action).__name__
    return "StarBid" if name == "Bid" and getattr(action, "is_star", False) else name


def _highlight(action: Any) -> tuple[str, ...]:
    """Where the coach's choice is on the board: the casino a Las Vegas placement goes to, a Lords of Vegas lot."""
    if type(action).__name__ == "Place":
        return (f"casino:{action.face}",)
    lot = getattr(action, "lot", None)
    return (f"lot:{lot}",) if isinstance(lot, str) else ()


def _board(game: str, state: Any, seat: int) -> Any:
    """The game's board showing ``state`` read-only from ``seat`` (no odds, no coach, no opponents)."""
    board_class = GAMES[game].board
    if game == "las_vegas":
        return board_class(state, humans=(seat,), show_odds=False, interactive=False)
    if game == "liars_dice":
        from vegas_tutor.liars_dice.scenarios import SEAT_NAMES

        rivals = iter(SEAT_NAMES["LD-COUNT"][1:])
        names = [_("You") if s == seat else next(rivals) for s in range(state.players)]
        return board_class(state, viewer=seat, names=names, show_odds=False, interactive=False)
    return board_class(state, learner=seat, show_odds=False, interactive=False)


def _seat_name(board: Any, seat: int) -> str:
    """The learner's name on the board ("" when the board calls them "You")."""
    names = board.names if hasattr(board, "names") else board.state.names
    name = str(names[seat])
    return "" if name == _("You") else name


def _seat(board: Any) -> int:
    for name in ("viewer", "learner"):
        if hasattr(board, name):
            return int(getattr(board, name))
    return int(board.humans[0])


def _when(due: datetime, now: datetime) -> str:
    """When ``due`` comes, from ``now``, in words: "in 10 minutes", "in 3 days", "now"."""
    minutes = round((due - now).total_seconds() / 60)
    if minutes < 1:
        return _("now")
    if minutes < 60:
        return _n("in {n} minute", "in {n} minutes", minutes)
    hours = round(minutes / 60)
    if hours < 24:
        return _n("in {n} hour", "in {n} hours", hours)
    days = round(hours / 24)
    return _n("in {n} day", "in {n} days", days)
