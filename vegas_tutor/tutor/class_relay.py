"""Class mode, in the lesson's kernel: what the lesson records for the teacher's class view, and the widget
that hands it to the page.

A class-mode server starts each lesson kernel with its id and its own signing key in the environment
(:data:`ENV_KERNEL`, :data:`ENV_KEY`; see ``vegas_tutor.class_records.kernel_key``). Only then does
:data:`recorder` record anything; outside class mode it does nothing and nothing is sent anywhere.

The kernel decides what a record says (a prediction's answer and whether it is right, a lesson finished, a game
played to the end with its result, the opponents' level and the coach's summary, a practice exercise answered
with its theme and the coach's judgement) and signs it; the page only
relays it: :class:`ClassRelay` syncs the records made so far (``records``), and its front end
(``widgets/class_relay.js``) keeps each one in the browser's storage until the server has acknowledged it,
sending it again with the same idempotency key after a lost connection or a reload.

A lesson is finished when the learner has answered each of its predictions and scrolled to its end (the page
sends the intent ``{"type": "end"}`` once the lesson's last cell is in view).

>>> quiet = Recorder(environ={})
>>> quiet.active, quiet.record("finished", {"predictions": 0})
(False, None)
>>> active = Recorder(environ={ENV_KERNEL: "k-1", ENV_KEY: "secret"})
>>> active.record("finished", {"predictions": 0})["key"]
'k-1:1'
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Mapping
from typing import Any

import traitlets as t

from vegas_tutor.class_records import ENV_KERNEL, ENV_KEY, sign_record
from vegas_tutor.tutor.assets import WordedWidget, front_end
from vegas_tutor.tutor.event_loop import running_loop

_log = logging.getLogger("vegas_tutor")
MAX_KEPT = 400
"""The most records a kernel keeps for its page (older ones have long been acknowledged)."""


class ClassRelay(WordedWidget):
    """The page's side of the class records: a line saying the lesson's answers go to the teacher, and the
    records to relay (``records``: ``key``, ``body``, ``sig`` each; the browser cannot change them)."""

    _esm = front_end("class_relay.js")
    _css = front_end("class_relay.css")
    records = t.List(t.Dict()).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "end":
            recorder.reached_end()


class Recorder:
    """The records of one kernel: numbered in order (the idempotency key is the kernel's id and the number),
    signed, kept for the page."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self.kernel = env.get(ENV_KERNEL, "")
        self.key = env.get(ENV_KEY, "")
        self.kept: list[dict[str, str]] = []
        self.relay: ClassRelay | None = None
        self.predictions = 0
        """How many predictions the lesson asks (said by its progress line)."""
        self.answered: set[str] = set()
        self.attempts: dict[str, int] = {}
        self.at_end = False
        self.finished = False
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def active(self) -> bool:
        """Whether this kernel records (it was started by a class-mode server)."""
        return bool(self.kernel and self.key)

    def record(self, kind: str, data: Mapping[str, Any]) -> dict[str, str] | None:
        """Make, sign and keep one record for the page; None outside class mode."""
        if not self.active:
            return None
        seq = len(self.kept) + 1 if not self.kept else int(self.kept[-1]["key"].rsplit(":", 1)[1]) + 1
        body, sig = sign_record(self.key, self.kernel, seq, kind, data)
        entry = {"key": f"{self.kernel}:{seq}", "body": body, "sig": sig}
        self.kept = [*self.kept, entry][-MAX_KEPT:]
        if self.relay is not None:
            self.relay.records = list(self.kept)
        return entry

    def show(self) -> None:
        """Put the relay on the page (once per kernel; class mode only)."""
        if not self.active or self.relay is not None:
            return
        from IPython.display import display

        self.relay = ClassRelay(records=list(self.kept))
        display(self.relay)  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ what the lesson reports
    def lesson(self, predictions: int) -> None:
        """The lesson asks ``predictions`` predictions; show the relay."""
        self.predictions = predictions
        self.show()

    def prediction(self, key: str, text: str, choices: list[str], choice: int, answer: int) -> None:
        """A prediction was revealed: the learner chose ``choice``, ``answer`` is right."""
        if not self.active:
            return
        attempt = self.attempts.get(key, 0) + 1
        self.attempts[key] = attempt
        self.record("answer", {"question": key, "text": text[:600], "choices": [c[:600] for c in choices][:12],
                               "choice": choice, "answer": answer, "attempt": attempt})
        self.answered.add(key)
        self._check_finished()

    def practice(self, game: str, theme: str, source: str, answer: str) -> None:
        """An exercise of ``game`` and ``theme`` was answered on the Practice page, judged ``answer``."""
        self.record("practice", {"game": game, "theme": theme, "source": source, "answer": answer})

    def reached_end(self) -> None:
        """The page says the learner has scrolled to the lesson's end."""
        self.at_end = True
        self._check_finished()

    def _check_finished(self) -> None:
        if self.finished or not self.at_end or len(self.answered) < self.predictions:
            return
        self.finished = True
        self.record("finished", {"predictions": self.predictions})

    def game_over(self, board: Any) -> None:
        """``board``'s game has just been played to the end: record the result, the level and, once the
        coach has judged every decision, its summary (None when the coach was off). A record that cannot be
        made is logged; the game goes on."""
        if not self.active:
            return
        try:
            self._game_over(board)
        except Exception as error:  # the class records must never stop a learner's game
            _log.error("vegas-tutor: the end of a game could not be recorded: %r", error)

    def _game_over(self, board: Any) -> None:
        state = board._state
        players = int(state.players)
        test = getattr(board, "_is_learner", None)
        mine = {seat for seat in range(players) if callable(test) and test(seat)}
        winners = set(state.winners)
        result = "lost" if not mine & winners else "won" if winners <= mine else "shared"
        base = {"game": str(state.GAME_ID)[:40], "result": result, "level": str(board._opponents())[:40],
                "moves": len(state.history)}
        coach = getattr(board, "_coach", None)
        if coach is None or not coach.on:
            self.record("game", {**base, "coach": None})
            return

        def summary() -> None:
            coach.sync(state, test)  # the learner's last decisions, if the board has not caught up yet
            verdicts = [coach.game.verdict(float(d.review.loss)) for d in coach.decisions if d.review is not None]
            self.record("game", {**base, "coach": {"decisions": len(coach.decisions),
                                                   "inaccuracies": verdicts.count("inaccuracy"),
                                                   "mistakes": verdicts.count("mistake")}})

        loop = running_loop()  # the kernel's loop: another library's loop in a test process never runs this
        if loop is None:
            summary()
            return

        async def after_reviews() -> None:
            await coach.settled()
            summary()

        task = loop.create_task(after_reviews())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


recorder = Recorder()
"""This kernel's recorder (active only in a kernel a class-mode server started)."""
