"""``Prediction``: the learner commits before the reveal; the answer reaches the browser only with the verdict."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from vegas_tutor.core.errors import ConfigError, InvalidActionError
from vegas_tutor.tutor import Prediction
from vegas_tutor.tutor.question import after_all


def question(**kwargs: object) -> Prediction:
    return Prediction("Who takes the $80k?", ["Anna", "Benno", "Nobody"], answer=2,
                      explanation="Anna and Benno tie & cancel.", **kwargs)  # type: ignore[arg-type]


def synced(q: Prediction) -> dict[str, object]:
    """What the browser holds (the card's synced state)."""
    state: dict[str, object] = q.card.get_state()
    return state


def test_the_answer_is_not_sent_before_the_reveal() -> None:
    q = question()
    q.handle({"type": "choose", "index": 0})
    state = synced(q)
    assert state["answer"] == -1 and state["verdict"] == "" and not state["revealed"]
    assert "cancel" not in str(state)
    assert q.handle({"type": "reveal"}) is True
    assert synced(q)["answer"] == 2 and "tie & cancel" in str(synced(q)["verdict"])


def test_reveal_waits_for_a_prediction() -> None:
    q = question()
    assert q.reveal() is False and not q.revealed and q.verdict == ""
    assert q.handle({"type": "reveal"}) is False and "prediction first" in q.error


def test_a_wrong_prediction_is_answered_and_explained_then_tried_again() -> None:
    q = question()
    seen: list[str] = []
    q.on_reveal(lambda p: seen.append("reveal"))
    q.on_retry(lambda p: seen.append("retry"))
    q.choose("Benno")
    assert q.reveal() is True
    assert q.verdict == "Not quite: the answer is “Nobody”. Anna and Benno tie & cancel."
    with pytest.raises(InvalidActionError, match="Try again"):
        q.choose("Anna")  # no changing the answer once it is shown
    assert q.handle({"type": "again"}) is True
    assert not q.revealed and q.chosen is None and synced(q)["answer"] == -1 and q.verdict == ""
    q.handle({"type": "choose", "index": 2})
    q.handle({"type": "reveal"})
    assert q.verdict.startswith("Right!") and seen == ["reveal", "retry", "reveal"]


@pytest.mark.parametrize("message", [None, [], {"type": "peek"}, {"type": "choose"}, {"type": "choose", "index": 3},
                                     {"type": "choose", "index": True}, {"type": "choose", "index": "1"}])
def test_bad_messages_are_refused_and_change_nothing(message: object) -> None:
    q = question()
    q.choose("Anna")
    before = synced(q)
    assert q.handle(message) is False and q.error
    assert synced(q) == before


def test_revealed_content_is_built_on_the_first_reveal_and_hidden_while_trying_again() -> None:
    built: list[widgets.HTML] = []

    def board() -> widgets.HTML:
        built.append(widgets.HTML("Denny takes $30k"))
        return built[-1]

    q = question(then=board)
    gate = q.children[1]
    assert not built and "Answer the question" in gate.children[0].value
    q.choose("Anna")
    q.reveal()
    assert gate.children == (built[0],)
    q.try_again()
    assert "Answer the question" in gate.children[0].value
    q.choose("Nobody")
    q.reveal()
    assert len(built) == 1 and gate.children == (built[0],)  # built once


def test_after_all_waits_for_every_question() -> None:
    first, second = question(), Prediction("?", ["a", "b"], answer=0, explanation="")
    shown = widgets.HTML("the table")
    gate = after_all(first, second, content=shown, waiting="Answer both")
    first.choose("Anna")
    first.reveal()
    assert gate.children[0] is not shown and "Answer both" in gate.children[0].value
    second.choose("b")
    second.reveal()
    assert gate.children == (shown,)
    with pytest.raises(ConfigError):
        after_all(content=shown)


def test_bad_questions_and_choices() -> None:
    with pytest.raises(ConfigError):
        Prediction("?", ["only"], answer=0, explanation="")
    with pytest.raises(ConfigError):
        Prediction("?", ["a", "b"], answer=2, explanation="")
    with pytest.raises(ConfigError):
        Prediction("?", ["a", "a"], answer=0, explanation="")
    with pytest.raises(InvalidActionError, match="not one of the choices"):
        question().choose("Carla")


def test_each_question_has_a_stable_key() -> None:
    assert question().card.key == question().card.key != Prediction("?", ["a", "b"], answer=0, explanation="").card.key
