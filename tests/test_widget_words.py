"""Each widget is sent the words of its own module, every one it uses and no other widget's.

The table behind it (``locale/widget_words.json``) is built by ``vegas_tutor.i18n_check``; these tests read
every widget's actual ``_esm`` text with Babel's JavaScript extractor, a second way of finding its words.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from vegas_tutor import i18n
from vegas_tutor.i18n import using
from vegas_tutor.i18n_check import module_messages, widget_words, widget_words_problems
from vegas_tutor.resources import widgets_dir
from vegas_tutor.tutor.assets import WidgetModule, WordedWidget, widget_strings

PACKAGE = Path(i18n.__file__).resolve().parent
ESM = re.compile(r"^\s+_esm = ", re.MULTILINE)


def _widget_classes() -> list[type[WordedWidget]]:
    """Every widget class of the package with a module of its own (its source file says ``_esm = ``)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if ESM.search(path.read_text(encoding="utf-8")):
            importlib.import_module(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
    found: list[type[WordedWidget]] = []
    unvisited: list[type[WordedWidget]] = [WordedWidget]
    while unvisited:
        cls = unvisited.pop()
        unvisited.extend(cls.__subclasses__())
        if any("_esm" in vars(base) for base in cls.__mro__) and cls.__module__.startswith("vegas_tutor."):
            found.append(cls)
    return sorted(set(found), key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


WIDGETS = _widget_classes()


def _module(cls: type) -> str:
    return str(next(vars(base)["_esm"] for base in cls.__mro__ if "_esm" in vars(base)))


def test_the_kept_table_matches_what_the_widgets_mark_now() -> None:
    assert widget_words_problems(widgets_dir()) == []
    table = widget_words(widgets_dir())
    assert {"words.js", "shared.js", "coach.js", "las_vegas.js", "liars_dice.js", "lords_of_vegas.js"} <= set(table)


def test_a_changed_widget_makes_the_kept_table_out_of_date(tmp_path: Path) -> None:
    for path in widgets_dir().glob("*.js"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert widget_words_problems(tmp_path) == []
    with (tmp_path / "prediction.js").open("a", encoding="utf-8") as handle:
        handle.write('\nconst extra = t("a label nobody translated yet");\n')
    (problem,) = widget_words_problems(tmp_path)
    assert "widget_words.json does not match" in problem and "--widget-words" in problem


def test_the_package_has_its_widgets_and_each_is_built_from_named_files() -> None:
    names = {cls.__name__ for cls in WIDGETS}
    assert {"LasVegasBoard", "LiarsDiceBoard", "LordsOfVegasBoard", "PredictionCard", "Chart", "ClassRelay"} <= names
    for cls in WIDGETS:
        module = next(vars(base)["_esm"] for base in cls.__mro__ if "_esm" in vars(base))
        assert isinstance(module, WidgetModule), cls
        assert module.files[0] == "words.js" and module.files[-1].endswith(".js"), cls


@pytest.mark.parametrize("cls", WIDGETS, ids=lambda cls: cls.__name__)
def test_a_spanish_widget_gets_exactly_the_words_its_module_uses(cls: type[WordedWidget]) -> None:
    used = {message.msgid for message in module_messages(_module(cls), cls.__name__)}
    with using("es"):
        given = widget_strings(cls)
    assert used, cls
    assert used - set(given) == set(), f"{cls.__name__} uses words it is not given"
    assert set(given) - used == set(), f"{cls.__name__} is given words it never uses"
    assert all(isinstance(words, (str, list)) and words for words in given.values())
    with using("en"):
        assert widget_strings(cls) == {}


def test_a_board_carries_its_own_words_and_not_another_games() -> None:
    from vegas_tutor.tutor.las_vegas.board import LasVegasBoard
    from vegas_tutor.tutor.question import Prediction, PredictionCard

    with using("es"):
        board = LasVegasBoard(seed=1, bots="random", show_odds=False)
        prediction = Prediction("¿Cuál?", ["a", "b"], answer=0, explanation="porque")
    (card,) = [child for child in prediction.children if isinstance(child, PredictionCard)]
    assert board.lang == "es" and card.lang == "es"
    assert set(board.strings) == {m.msgid for m in module_messages(_module(LasVegasBoard))}
    assert set(widget_words(widgets_dir())["liars_dice.js"]) - set(board.strings)  # another game's words stay out
    assert set(card.strings) == {m.msgid for m in module_messages(_module(PredictionCard))}
    assert len(card.strings) < len(board.strings) < len(i18n.js_strings("es"))
    assert LasVegasBoard(seed=1, bots="random", show_odds=False).strings == {}  # English: no table at all


def test_a_file_missing_from_the_table_is_an_error_in_the_tests_and_a_warning_for_a_learner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(LookupError, match=r"no words table for widgets/nope\.js"):
        i18n.js_strings("es", ["words.js", "nope.js"])
    monkeypatch.setenv(i18n.STRICT_ENV, "0")
    with pytest.warns(i18n.MissingWordsWarning, match="--widget-words"):
        words = i18n.js_strings("es", ["nope.js", "prediction.js"])
    assert set(words) == set(widget_words(widgets_dir())["prediction.js"])
