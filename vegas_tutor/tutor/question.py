"""Predictions: the learner commits to an answer before anything on the page gives it away.

``Prediction`` shows a question whose choices form one labelled radio group (one Tab stop, the question as its
accessible name), a Reveal button, and after the reveal the verdict, the reason and **Try again**. The answer
stays in Python until the reveal: the browser receives it only with the verdict.

``Prediction(..., then=make_board)`` keeps what would answer the question (a board, a table) off the page until
the reveal; :func:`after_all` does the same for content that answers several questions at once. Such content is
built on the first reveal and hidden again while a question is being tried again.

>>> q = Prediction("Who takes the $80k?", ["Anna", "Benno"], answer=0, explanation="Anna has the most dice.")
>>> q.reveal()
False
>>> q.choose("Anna"); q.reveal()
True
>>> q.verdict
'Right! Anna has the most dice.'
>>> q.try_again(); q.revealed, q.card.answer, q.verdict
(False, -1, '')

A prediction made while Spanish is in force speaks Spanish (the lesson gives its question and choices in Spanish):

>>> from vegas_tutor.i18n import using
>>> with using("es"):
...     q = Prediction("¿Quién se lleva los 80.000 $?", ["Anna", "Benno"], answer=0,
...                    explanation="Anna tiene más dados.")
...     q.choose("Benno"); shown = q.reveal()
>>> q.verdict, q.card.lang
('No del todo: la respuesta es «Anna». Anna tiene más dados.', 'es')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, TypeAlias

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets as t

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, InvalidActionError
from vegas_tutor.i18n import _, using
from vegas_tutor.practice.question import prediction_key
from vegas_tutor.tutor.assets import WordedWidget, front_end
from vegas_tutor.tutor.class_relay import recorder
from vegas_tutor.tutor.messages import parse_message

Content: TypeAlias = "widgets.Widget | Callable[[], widgets.Widget]"
"""What a reveal uncovers: a widget, or a function that builds it (called once, on the first reveal)."""



class PredictionCard(WordedWidget):
    """The browser side of a :class:`Prediction`: question, choices, verdict (no answer before the reveal)."""

    _esm = front_end("progress_store.js", "practice_inbox.js", "prediction.js")
    _css = front_end("prediction.css")
    question = t.Unicode("").tag(sync=True)
    choices = t.List(t.Unicode()).tag(sync=True)
    key = t.Unicode("").tag(sync=True)
    """A stable name of the question, under which the browser records that it was answered."""
    chosen = t.Int(-1).tag(sync=True)
    revealed = t.Bool(False).tag(sync=True)
    answer = t.Int(-1).tag(sync=True)
    """The answer's index, sent only once revealed (-1 before)."""
    verdict = t.Unicode("").tag(sync=True)
    retry = t.Bool(False).tag(sync=True)
    """Whether the learner may try again: after a wrong answer only (a right one leaves nothing to try)."""


class Prediction(widgets.VBox):  # type: ignore[misc]
    """A question to answer before the reveal, with what the reveal uncovers below it.

    ``on_reveal`` callbacks run after each reveal (e.g. to show the odds panel), ``on_retry`` ones when the
    learner tries again.
    """

    def __init__(self, question: str, choices: Sequence[str], *, answer: int, explanation: str,
                 then: Content | None = None) -> None:
        choices = list(choices)
        if len(choices) < 2 or len(set(choices)) != len(choices):
            raise ConfigError(_("a prediction needs at least two distinct choices"))
        if not is_int(answer) or not 0 <= answer < len(choices):
            raise ConfigError(_("answer must index a choice (0..{last}), got {answer!r}", last=len(choices) - 1,
                                answer=answer))
        self.choices = tuple(choices)
        self.answer = answer
        self.explanation = explanation
        key = prediction_key(question)
        self.card = PredictionCard(question=question, choices=choices, key=key)
        self._lang = self.card.lang
        """The language of the prediction's words (the one in force when it was made)."""
        self.card.on_msg(self._on_msg)
        self._callbacks: list[Callable[[Prediction], Any]] = []
        self._retry_callbacks: list[Callable[[Prediction], Any]] = []
        self.error = ""
        """Why the last message from the browser was refused ("" after an accepted one)."""
        super().__init__([self.card])
        self.add_class("vt-prediction-box")
        if then is not None:
            gate = after_all(self, content=then)
            self.children = (self.card, gate)

    @property
    def revealed(self) -> bool:
        return bool(self.card.revealed)

    @property
    def chosen(self) -> str | None:
        """The choice made, or None."""
        return None if self.card.chosen < 0 else self.choices[self.card.chosen]

    @property
    def verdict(self) -> str:
        """The verdict and the reason, in plain text ("" until revealed)."""
        return str(self.card.verdict)

    def choose(self, choice: str) -> None:
        """Pick a choice by its text (what a click on a radio button does)."""
        if choice not in self.choices:
            raise InvalidActionError(_("{choice!r} is not one of the choices: {choices}", choice=choice,
                                       choices=", ".join(self.choices)))
        if self.revealed:
            raise InvalidActionError(_("the answer is shown: press Try again to choose afresh"))
        self.card.chosen = self.choices.index(choice)

    def on_reveal(self, callback: Callable[[Prediction], Any]) -> None:
        """Call ``callback(self)`` after every reveal."""
        self._callbacks.append(callback)

    def on_retry(self, callback: Callable[[Prediction], Any]) -> None:
        """Call ``callback(self)`` when the learner tries the question again."""
        self._retry_callbacks.append(callback)

    def reveal(self) -> bool:
        """Show the answer; ``False`` (and nothing shown) while no prediction was made."""
        chosen = self.card.chosen
        if chosen < 0:
            self.error = _("Make your prediction first.")
            return False
        if self.revealed:
            return True
        with using(self._lang):
            if chosen == self.answer:
                verdict = _("Right! {explanation}", explanation=self.explanation)
            else:
                verdict = _("Not quite: the answer is “{answer}”. {explanation}", answer=self.choices[self.answer],
                            explanation=self.explanation)
        with self.card.hold_sync():
            self.card.answer = self.answer
            self.card.verdict = verdict.strip()
            self.card.retry = chosen != self.answer
            self.card.revealed = True
        recorder.prediction(self.card.key, self.card.question, list(self.choices), chosen, self.answer)  # class mode
        for callback in self._callbacks:
            callback(self)
        return True

    def try_again(self) -> None:
        """Clear the choice and the verdict (the answer leaves the browser again) and hide what was revealed."""
        with self.card.hold_sync():
            self.card.revealed = False
            self.card.answer = -1
            self.card.verdict = ""
            self.card.retry = False
            self.card.chosen = -1
        for callback in self._retry_callbacks:
            callback(self)

    def handle(self, content: object) -> bool:
        """Carry out one message from the browser; ``False`` (and ``error`` set) when it is refused."""
        try:
            intent = parse_message(content, MESSAGES)
            if isinstance(intent, ChooseIntent):
                if not 0 <= intent.index < len(self.choices):
                    raise InvalidActionError(_("choice index must be 0..{last}, got {index!r}",
                                               last=len(self.choices) - 1, index=intent.index))
                self.choose(self.choices[intent.index])
            elif isinstance(intent, RevealIntent) and not self.reveal():
                raise InvalidActionError(_("make your prediction first"))
            elif isinstance(intent, AgainIntent):
                if self.revealed and not self.card.retry:
                    raise InvalidActionError(_("your answer was right: there is nothing to try again"))
                self.try_again()
        except InvalidActionError as refusal:
            self.error = str(refusal)
            return False
        self.error = ""
        return True

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.handle(content)


@dataclass(frozen=True)
class ChooseIntent:
    """Pick the choice at ``index`` (checked against the question's choices when carried out)."""

    index: int


@dataclass(frozen=True)
class RevealIntent:
    """Show the answer."""


@dataclass(frozen=True)
class AgainIntent:
    """Try the question again."""


MESSAGES: dict[str, type[ChooseIntent | RevealIntent | AgainIntent]] = {
    "choose": ChooseIntent, "reveal": RevealIntent, "again": AgainIntent}
"""A prediction's messages from the browser."""


def after_all(*predictions: Prediction, content: Content, waiting: str = "") -> widgets.VBox:
    """A box that shows ``content`` only while every one of ``predictions`` is revealed, ``waiting`` before
    (by default: answer the question above to see this, in the language in force)."""
    if not predictions:
        raise ConfigError(_("after_all needs at least one prediction"))
    waiting = waiting or _("Answer the question above to see this.")
    note = widgets.HTML(f"<p class='vt-waiting tex2jax_ignore mathjax_ignore'><em>{escape(waiting)}</em></p>")
    box = widgets.VBox([note])
    box.add_class("vt-revealed")
    built: list[widgets.Widget] = []

    def update(_prediction: Prediction) -> None:
        if all(p.revealed for p in predictions):
            if not built:
                built.append(content() if callable(content) else content)
            box.children = (built[0],)
        else:
            box.children = (note,)

    for prediction in predictions:
        prediction.on_reveal(update)
        prediction.on_retry(update)
    return box

