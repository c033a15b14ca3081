"""``Prediction``: the learner commits before the reveal."""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import ConfigError, InvalidActionError
from vegas_tutor.tutor import Prediction


def question() -> Prediction:
    return Prediction("Who takes the $80k?", ["Anna", "Benno", "Nobody"], answer=2,
                      explanation="Anna and Benno tie & cancel.")


def test_reveal_waits_for_a_prediction() -> None:
    q = question()
    assert q.reveal_button.disabled
    assert q.reveal() is False and not q.revealed
    assert "Make your prediction first" in q.verdict.value


def test_a_wrong_prediction_is_answered_and_explained() -> None:
    q = question()
    seen: list[Prediction] = []
    q.on_reveal(seen.append)
    q.choose("Benno")
    assert not q.reveal_button.disabled
    assert q.reveal() is True
    assert "Not quite" in q.verdict.value and "<strong>Nobody</strong>" in q.verdict.value
    assert "tie &amp; cancel" in q.verdict.value  # escaped
    assert seen == [q] and q.options.disabled and q.reveal_button.disabled


def test_a_right_prediction() -> None:
    q = question()
    q.options.value = "Nobody"  # what a click on the radio button does
    q.reveal_button.click()
    assert q.revealed and "'>Right!" in q.verdict.value
    assert "mathjax_ignore" in q.verdict.value  # "$80k ... $30k" must not become a formula


def test_bad_questions_and_choices() -> None:
    with pytest.raises(ConfigError):
        Prediction("?", ["only"], answer=0, explanation="")
    with pytest.raises(ConfigError):
        Prediction("?", ["a", "b"], answer=2, explanation="")
    with pytest.raises(InvalidActionError, match="not one of the choices"):
        question().choose("Carla")
