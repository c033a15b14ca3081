"""Every page the app serves, in English and Spanish, opened once in a real browser for all its page checks
(opening a page, its kernel and its widgets, is most of a browser test's time).

**As the learner first meets it.** No page, English or Spanish, has a serious or critical axe-core violation
(``axe_check``; boards after moves are checked in the game modules and ``test_e2e_spanish``). A Spanish lesson
says it is Spanish, shows no English (tooltips and labels included) and fits its boxes at 1024x768 and
1366x900. On a page with predictions, before any is answered: no verdict or answer drawn, no prediction's
reason, no answer in words (two or more) outside its own card, and none of the rule phrases listed in
``GIVEAWAYS``. The landing pages carry none of those phrases either (their summaries are the lessons'
opening paragraphs).

**With every question answered** (the first choice of each): each verdict says whether it was right (English)
and gives its reason; the ``GIVEAWAYS`` phrases are on the page (the rule is still taught); no sentence a
reveal uncovered was on the page before (a strategy lab's own help aside).

**Nothing off the machine.** No page, nor anything it loads (scripts, fonts, sockets), requests an address but
the app's own: the session's tab records every request from its first page on (``watch_requests``).

**Money is not mathematics.** On every page MathJax typeset exactly the formulas listed in ``FORMULAS`` and
nothing else: a dollar amount typeset as a formula ("Bills 80𝑘,30k…") fails.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pytest
from axe_check import blocking, violations  # beside this file, on the path (conftest)
from e2e_app import AppServer, watch_requests
from lesson_nav_tool import nav
from test_e2e_spanish import LESSONS as SPANISH_LESSONS
from test_e2e_spanish import assert_fits, assert_spanish

from vegas_tutor.resources import LANDING_NOTEBOOK, lesson_names, lessons_dir

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e

LESSONS = Path(os.environ.get("VEGAS_TUTOR_E2E_LESSONS") or lessons_dir())
"""The lessons the served app shows (conftest's ``VEGAS_TUTOR_E2E_LESSONS`` serves another folder)."""
UPDATE_TIMEOUT_MS = 15_000
MATH_SETTLE_MS = 400
"""How long the count of typeset formulas must stay the same before it counts (MathJax works in batches)."""

GIVEAWAYS: dict[str, tuple[str, ...]] = {
    # the rule that answers a question, in the words the lesson uses once it is answered
    "01.01-placing-dice.ipynb": ("all your dice showing that face", "several turns in a row"),
    "es/01.01-colocar-dados.ipynb": ("todos tus dados con ese número", "varios turnos seguidos"),
    "01.03-rounds-and-the-end.ipynb": ("holding more bills",),
    "01.04-the-neutral-variant.ipynb": ("an extra, imaginary player",),
    "es/01.04-la-variante-neutral.ipynb": ("un jugador más, imaginario",),
    "es/01.03-las-rondas-y-el-fin-de-la-partida.ipynb": ("tiene más billetes",),
    "02.03-challenges.ipynb": ("the challenger loses the difference", "everyone else loses one die"),
    "es/02.03-desafios-quien-pierde-cuantos-dados.ipynb": ("el retador pierde la diferencia",
                                                          "todos los demás pierden un dado"),
    "02.04-show-and-reroll.ipynb": ("at least one die must stay in the cup",),
    "es/02.04-mostrar-y-volver-a-tirar.ipynb": ("al menos un dado tiene que quedarse en el cubilete",),
    "02.05-die-hard-and-the-end.ipynb": ("one die keeps it",),
    "es/02.05-die-hard-la-nueva-ronda-y-el-final.ipynb": ("un dado lo conserva",),
    "03.02-building-and-growing-casinos.ipynb": ("double",),
    "es/03.02-construir-y-hacer-crecer-casinos.ipynb": ("el doble",),
}

_BINOMIAL = ("(13)3=127", "k", "n", "p", "P(k)=(nk)pk(1−p)n−k,", "(nk)", "k")
FORMULAS: dict[str, tuple[str, ...]] = {
    # the only formulas MathJax may typeset, as the rendered formula's text, in page order
    "01.05-the-odds.ipynb": ("E[bill]=∑outcomeP(outcome)×bill(outcome)",),
    "es/01.05-las-probabilidades.ipynb": ("E[billete]=∑desenlaceP(desenlace)×billete(desenlace)",),
    "02.06-the-odds.ipynb": _BINOMIAL,
    "es/02.06-las-probabilidades-es-verdadera-esta-apuesta.ipynb": _BINOMIAL,
    "03.03-reorganize-and-gamble.ipynb": ("1.96p(1−p)/n",),
    "es/03.03-reorganizar-y-apostar.ipynb": ("1,96p(1−p)/n",),
}


class Asked(NamedTuple):
    """One ``Prediction(...)`` of a lesson, as its code gives it."""

    question: str
    answer: str | None
    """The right choice (``None`` when the lesson computes which it is)."""
    explanation: str | None
    """The reason the reveal gives (``None`` when the lesson computes it)."""


def predictions(page: str) -> list[Asked]:
    """The predictions of a page, in page order, as the answer key reads them from its code cells."""
    notebook = json.loads((LESSONS / page).read_text(encoding="utf-8"))
    found = [Asked(asked.question or "", asked.answer, asked.explanation) for asked in nav.prediction_answers(notebook)]
    assert all(asked.question for asked in found), f"{page}: a question the test cannot read"
    return found


def _pages() -> list[str]:
    root = LESSONS
    english = [p.name for p in sorted(root.glob("*.ipynb"))]
    spanish = [f"es/{p.name}" for p in sorted((root / "es").glob("*.ipynb"))]
    return english + spanish


PAGES = _pages()
WITH_PREDICTIONS = [page for page in PAGES if predictions(page)]
assert set(lesson_names(LESSONS)) <= set(PAGES)


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def visible_text(page: Page, *, outside_cards: bool = False) -> str:
    """What the page shows, whitespace folded and case-folded; without the prediction cards' own words when
    ``outside_cards``."""
    text = _plain(page.locator("body").inner_text())
    if outside_cards:
        for card in page.locator(".vt-prediction").all():
            text = text.replace(_plain(card.inner_text()), " ")
    return text


def _wordy(answer: str) -> bool:
    """Whether an answer is words (two or more with letters), not a name or an amount that pages mention anyway."""
    return sum(bool(re.search(r"[^\W\d_]", word)) for word in answer.split()) >= 2


def sentences(text: str) -> list[str]:
    """The sentences of six words or more in ``text`` (folded as ``_plain`` does)."""
    parts = re.split(r"(?<=[.:;!?])\s+", " ".join(text.split()))
    return [_plain(part) for part in parts if len(part.split()) >= 6]


def answer(page: Page, card: Locator, choice: int = 0) -> str:
    """Choose a choice by clicking its label, reveal, and return the verdict once Python sent it."""
    card.locator("label.vt-choice").nth(choice).click()
    reveal = card.get_by_role("button", name=re.compile("Reveal the answer|Ver la respuesta|Mostrar la respuesta"))
    reveal.wait_for(state="visible")
    page.wait_for_function("el => !el.disabled", arg=reveal.element_handle(), timeout=UPDATE_TIMEOUT_MS)
    reveal.click()
    verdict = card.locator(".vt-verdict[role=status]")
    page.wait_for_function("el => el.textContent.trim().length > 0", arg=verdict.element_handle(),
                           timeout=UPDATE_TIMEOUT_MS)
    return verdict.inner_text()


_FORMULAS_JS = """() => [...document.querySelectorAll('mjx-container, .MathJax, .MathJax_Display')]
  .map(el => (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ''))"""


def typeset_formulas(page: Page) -> list[str]:
    """The text of every formula MathJax typeset on the page, once MathJax has loaded and the count held still."""
    page.wait_for_function("() => window.MathJax !== undefined", timeout=UPDATE_TIMEOUT_MS)
    seen: list[str] = page.evaluate(_FORMULAS_JS)
    while True:
        page.wait_for_timeout(MATH_SETTLE_MS)
        now: list[str] = page.evaluate(_FORMULAS_JS)
        if now == seen:
            return now
        seen = now


def assert_only_intended_formulas(page: Page, name: str) -> None:
    found = typeset_formulas(page)
    intended = list(FORMULAS.get(name, ()))
    assert found == intended, f"{name}: MathJax typeset {found!r}, but the page's formulas are {intended!r}"


Shot = Callable[["Page", str], Path]
TITLED = {"glossary.ipynb": ("Glossary | vegas-tutor", "Perfect bid"),
          "teacher.ipynb": ("For teachers | vegas-tutor", "Warm the Binder image")}
"""Pages with a fixed tab title and a phrase they must show."""


def _shot_name(name: str) -> str:
    return name.replace("/", "-").removesuffix(".ipynb")


def assert_nothing_told_early(page: Page, name: str) -> str:
    """No reason, wordy answer, giveaway phrase or verdict is on the page before its question is answered;
    returns the page's text as it was then."""
    asked = predictions(name)
    cards = page.locator(".vt-prediction")
    assert cards.count() == len(asked), f"{name}: {cards.count()} question cards, the code asks {len(asked)}"
    before = visible_text(page)
    outside = visible_text(page, outside_cards=True)
    for number, (question, right, explanation) in enumerate(asked, start=1):
        if explanation is not None:
            assert _plain(explanation) not in before, f"{name}: the reason of question {number} shows early"
        if right is not None and _wordy(right) and _plain(right) not in _plain(question):
            assert _plain(right) not in outside, f"{name}: the answer of question {number}, {right!r}, shows early"
        card = cards.nth(number - 1)
        assert card.locator(".vt-verdict[role=status]").inner_text() == "", f"{name}: verdict {number} drawn early"
        assert card.locator(".vt-answer").count() == 0, f"{name}: answer {number} drawn early"
    for phrase in GIVEAWAYS.get(name, ()):
        assert _plain(phrase) not in before, f"{name}: {phrase!r} answers a question before it is asked"
    return before


def answer_all(page: Page, name: str) -> None:
    """Answer every question with its first choice; each verdict (English) says right or not, with the reason."""
    cards = page.locator(".vt-prediction")
    for number, (_question, _right, explanation) in enumerate(predictions(name)):
        verdict = " ".join(answer(page, cards.nth(number)).split())
        if not name.startswith("es/"):
            assert re.match(r"Right!|Not quite: the answer is", verdict), f"{name}: verdict {verdict!r}"
        if explanation is not None:
            assert " ".join(explanation.split()) in verdict, f"{name}: verdict {number + 1} lacks its reason"
    page.wait_for_function("() => !document.querySelector('.vt-waiting')", timeout=UPDATE_TIMEOUT_MS)


def assert_taught_after(page: Page, name: str, before: str) -> None:
    """Once answered, the giveaway phrases are on the page, and every sentence a reveal uncovered was not before."""
    after = visible_text(page)
    for phrase in GIVEAWAYS.get(name, ()):
        assert _plain(phrase) in after, f"{name}: {phrase!r} is not taught once the questions are answered"
    # the words a reveal uncovers (a strategy lab's own controls and help, shared by every lab, left aside)
    uncovered = " ".join(box.inner_text() for box in page.locator(".vt-revealed .widget-html").all()
                         if not box.evaluate("el => !!el.closest('.vt-lab')"))
    for sentence in sentences(uncovered):
        assert sentence not in before, f"{name}: {sentence!r} was on the page before its question was answered"


def assert_landing_answers_nothing(page: Page, name: str) -> None:
    """A landing page's lesson summaries carry no giveaway phrase of its language's lessons."""
    shown = visible_text(page)
    spanish = name.startswith("es/")
    for lesson, phrases in GIVEAWAYS.items():
        if lesson.startswith("es/") == spanish:
            for phrase in phrases:
                if len(phrase.split()) >= 3:  # a short word ("double") may fairly describe a game
                    assert _plain(phrase) not in shown, f"{name}: {lesson}'s summary answers its question"


def check_page(page: Page, name: str, save_screenshot: Shot) -> None:
    """The checks of the module docstring, on a page just opened."""
    asked = bool(predictions(name))
    found = blocking(violations(page))
    assert not found, f"{name}: axe-core: {json.dumps(found, indent=1)}"
    if name.removeprefix("es/") in SPANISH_LESSONS and name.startswith("es/"):
        assert page.title().endswith("| vegas-tutor"), page.title()
        assert page.get_by_role("link", name="English").count() >= 1
        assert page.get_by_role("link", name="Índice").count() >= 1
        assert_spanish(page, name)
        assert_fits(page, name)
    if name in TITLED:
        title, text = TITLED[name]
        assert page.title() == title and text in " ".join(page.locator("body").inner_text().split())
        assert page.get_by_role("link", name="Index").count() >= 1
    if asked:
        before = assert_nothing_told_early(page, name)
        if not name.startswith("es/"):
            save_screenshot(page, f"asked-{_shot_name(name)}")
        answer_all(page, name)
        assert_taught_after(page, name, before)
        save_screenshot(page, f"answered-{_shot_name(name)}")
    elif Path(name).name == LANDING_NOTEBOOK:
        assert_landing_answers_nothing(page, name)
    elif name in TITLED:
        save_screenshot(page, f"page-{_shot_name(name)}")
    assert_only_intended_formulas(page, name)


def test_the_lists_name_real_pages() -> None:
    assert set(GIVEAWAYS) <= set(WITH_PREDICTIONS) and set(FORMULAS) <= set(PAGES) and set(TITLED) <= set(PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_every_page(open_lesson: Callable[..., Page], app_server: AppServer, save_screenshot: Shot, name: str) -> None:
    page = open_lesson(name, selector=".vt-prediction" if predictions(name) else None)
    check_page(page, name, save_screenshot)
    foreign = watch_requests(page, app_server.url)  # the session's tab records from its first page on
    assert not foreign, "requests off the machine:\n" + "\n".join(foreign)
