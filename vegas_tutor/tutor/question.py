"""``Prediction``: ask the learner to commit to an answer before the reveal (plain ipywidgets, no front end).

>>> q = Prediction("Who takes the $80k?", ["Anna", "Benno"], answer=0, explanation="Anna has the most dice.")
>>> q.reveal()
False
>>> q.choose("Anna"); q.reveal()
True
>>> "Right" in q.verdict.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vegas_tutor.core.errors import ConfigError, InvalidActionError
from vegas_tutor.tutor.notebook import IGNORE_MATH


class Prediction(widgets.VBox):  # type: ignore[misc]
    """A question, its choices as radio buttons, a Reveal button; the answer and why appear on reveal.

    Reveal stays disabled until a choice is made, so the learner predicts before seeing the answer.
    ``on_reveal`` callbacks run after the reveal (e.g. to show the odds panel).
    """

    def __init__(self, question: str, choices: Sequence[str], *, answer: int, explanation: str) -> None:
        choices = list(choices)
        if len(choices) < 2 or len(set(choices)) != len(choices):
            raise ConfigError("a prediction needs at least two distinct choices")
        if not isinstance(answer, int) or not 0 <= answer < len(choices):
            raise ConfigError(f"answer must index a choice (0..{len(choices) - 1}), got {answer!r}")
        self.choices = tuple(choices)
        self.answer = answer
        self.explanation = explanation
        self.prompt = widgets.HTML(f"<p class='vt-question {IGNORE_MATH}'><strong>Predict:</strong> "
                                   f"{escape(question)}</p>")
        self.options = widgets.RadioButtons(options=choices, value=None, description="",
                                            layout=widgets.Layout(width="auto"))
        self.reveal_button = widgets.Button(description="Reveal the answer", disabled=True,
                                            tooltip="Make your prediction first", icon="eye")
        self.verdict = widgets.HTML("")
        self.revealed = False
        self._callbacks: list[Callable[[Prediction], Any]] = []
        self.options.observe(self._chosen, names="value")
        self.reveal_button.on_click(lambda _button: self.reveal())
        super().__init__([self.prompt, self.options, self.reveal_button, self.verdict])
        self.add_class("vt-prediction")

    def choose(self, choice: str) -> None:
        """Pick a choice by its text (what a click on a radio button does)."""
        if choice not in self.choices:
            raise InvalidActionError(f"{choice!r} is not one of the choices: {', '.join(self.choices)}")
        self.options.value = choice

    def on_reveal(self, callback: Callable[[Prediction], Any]) -> None:
        """Call ``callback(self)`` once the answer is revealed."""
        self._callbacks.append(callback)

    def reveal(self) -> bool:
        """Show the answer; ``False`` (and nothing shown) while no prediction was made."""
        chosen = self.options.value
        if chosen is None:
            self.verdict.value = f"<p role='status' class='{IGNORE_MATH}'>Make your prediction first.</p>"
            return False
        right = self.choices.index(chosen) == self.answer
        correct = escape(self.choices[self.answer])
        head = "Right!" if right else f"Not quite: the answer is <strong>{correct}</strong>."
        self.verdict.value = f"<p role='status' class='{IGNORE_MATH}'>{head} {escape(self.explanation)}</p>"
        self.revealed = True
        self.options.disabled = True
        self.reveal_button.disabled = True
        for callback in self._callbacks:
            callback(self)
        return True

    def _chosen(self, change: dict[str, Any]) -> None:
        if not self.revealed:
            self.reveal_button.disabled = change["new"] is None
            chosen = change["new"] is not None
            self.reveal_button.tooltip = "Show the answer" if chosen else "Make your prediction first"
