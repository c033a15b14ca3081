"""Progress kept in the learner's browser (``localStorage``), never on the server.

A lesson page carries a :class:`LessonProgress` (written there by ``tools/lesson_nav.py``): it records the
visit and the minutes spent while the tab is visible, and shows them with the predictions answered (each
:class:`~vegas_tutor.tutor.question.Prediction` records its own reveal). The landing page carries a
:class:`CourseProgress`: lessons opened, minutes per lesson, predictions answered, and a link to continue
where the learner left off.

>>> LessonProgress(predictions=2).kind, LessonProgress(predictions=2).predictions
('lesson', 2)
>>> CourseProgress([("01.00-intro.ipynb", "Las Vegas in one round", 0)]).lessons[0]["game"]
'01'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets as t

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _
from vegas_tutor.resources import LESSON_NAME
from vegas_tutor.tutor.assets import WordedWidget, front_end
from vegas_tutor.tutor.class_relay import recorder


class _Progress(WordedWidget):
    _esm = front_end("progress_store.js", "progress.js")
    _css = front_end("progress.css")
    kind = t.Unicode("lesson").tag(sync=True)


class LessonProgress(_Progress):
    """One lesson page's line: time spent here and predictions answered (of ``predictions``); in class mode
    it does not claim the answers stay in the browser (the relay's line says where they go)."""

    predictions = t.Int(0).tag(sync=True)
    class_mode = t.Bool(False).tag(sync=True)

    def __init__(self, predictions: int = 0, **kwargs: Any) -> None:
        if not is_int(predictions) or predictions < 0:
            raise ConfigError(_("predictions must be a count (0 or more), got {value!r}", value=predictions))
        super().__init__(kind="lesson", predictions=predictions, class_mode=recorder.active, **kwargs)
        recorder.lesson(predictions)  # class mode: the records for the teacher, and the line saying so


class CourseProgress(_Progress):
    """The landing page's summary of every lesson: ``(file name, title, number of predictions)`` each."""

    lessons = t.List(t.Dict()).tag(sync=True)

    def __init__(self, lessons: Sequence[tuple[str, str, int]], **kwargs: Any) -> None:
        rows = []
        for name, title, predictions in lessons:
            match = LESSON_NAME.match(name)
            if match is None:
                raise ConfigError(_("{name!r} is not a lesson file name (like 01.02-payouts-and-ties.ipynb)",
                                    name=name))
            if predictions < 0:
                raise ConfigError(_("{name}: a negative number of predictions ({count})", name=name,
                                    count=predictions))
            rows.append({"name": name, "title": title, "game": match["game"], "predictions": predictions})
        super().__init__(kind="course", lessons=rows, **kwargs)
