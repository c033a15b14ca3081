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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets as t

from vegas_tutor.core.errors import IllegalActionError, RecordError, VegasTutorError
from vegas_tutor.core.games import GAMES
from vegas_tutor.i18n import _, _n
from vegas_tutor.practice.deck import Deck, Item, check_exercise, load_deck, save_deck
from vegas_tutor.practice.exercise import Exercise
from vegas_tutor.practice.question import LessonQuestion, QuestionBook
from vegas_tutor.practice.schedule import is_learned
from vegas_tutor.practice.starter import shipped_starters
from vegas_tutor.tutor.assets import INBOX_JS, SHARED_CSS, SHARED_JS, WordedWidget, front_end
from vegas_tutor.tutor.class_relay import recorder
from vegas_tutor.tutor.messages import PingIntent, taken
from vegas_tutor.tutor.practice_messages import INTENTS, AnswerIntent, Intent, LoadIntent, NextIntent, parse_message
from vegas_tutor.tutor.practice_views import (
    decision_view,
    judge_decision,
    judge_question,
    question_view,
    read_only_board,
    seat_of,
    starters_in_turn,
    when,
)
from vegas_tutor.tutor.widget import MAX_ERROR_CHARS

JSON = dict[str, Any]
PING = {"ping": PingIntent}
MAX_INBOX_ID = 120
"""The longest inbox id the page is told to drop."""
MAX_DECK_CHARS = 1_500_000
"""The longest deck the page is asked to keep (a browser keeps about 5 MB per site, its saved games included;
an exercise takes about 13,000 characters)."""


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
        self._holder = widgets.Box(layout=widgets.Layout(display="none"))  # (shown once the page's deck is read)
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
        return due + [e for e in starters_in_turn() if e.id not in known and self._wanted(e)]

    # ------------------------------------------------------------------ the messages
    def handle(self, content: object) -> bool:
        """Carry out one message from the page; ``False`` (and ``error`` set) when it is refused."""
        try:
            if taken(content, PING):  # the page's watch of the connection: answered, nothing else changes
                self.panel.send({"type": "pong", "n": parse_message(content, PING).n})
                return True
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
        if deck.retired:
            notices.append(_n("{n} exercise, judged again by the coach's newer count, is no longer a mistake: it was "
                              "left out.",
                              "{n} exercises, judged again by the coach's newer count, are no longer mistakes: they "
                              "were left out.", deck.retired))
        fresh: list[Item] = []
        took, dropped = [], 0
        for raw in inbox:
            key = raw.get("id")
            if isinstance(key, str) and len(key) <= MAX_INBOX_ID:
                took.append(key)
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
        self.panel.taken = took
        self.panel.loaded = True
        self._holder.layout.display = "block"
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
        if isinstance(current, Exercise):
            self.panel.send({"type": "busy", "what": _("The coach is judging your answer")})
        now = self._now()
        answer, result = (judge_question(current, choice) if isinstance(current, LessonQuestion)
                          else judge_decision(current, choice))
        seconds = max(0.0, (now - self._asked_at).total_seconds())
        deck = self._deck if any(e.id == current.id for e in self._deck.exercises) else self._deck.add([current], now)
        self._deck = deck.answer(current.id, answer, now, seconds=seconds)
        self.panel.result = {**result, "answer": answer, "choice": choice,
                             "again": when(self._deck.card(current.id).card.due, now)}
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
        if exercise is None:
            self.panel.exercise = {}
        elif isinstance(exercise, LessonQuestion):
            self.panel.exercise = question_view(exercise)
        else:
            self.panel.exercise = decision_view(exercise)
        self._summarise()

    def _show_board(self, exercise: Item | None) -> None:
        if not isinstance(exercise, Exercise):
            self._holder.children = ()
            return
        board = self._boards.get(exercise.game)
        state = exercise.state()
        if board is None or seat_of(board) != exercise.seat or board.state.players != state.players:
            board = self._boards[exercise.game] = read_only_board(exercise.game, state, exercise.seat)
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
                              "next_due": when(min(upcoming), now) if upcoming else ""}
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
