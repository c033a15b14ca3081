"""The coach on a board: a verdict on each of the learner's decisions, a hint before one, a review at the end.

Each game says what its coach is in a :class:`GameCoach` (its ``review(state, action)``, its unit and its
verdict thresholds, in :mod:`vegas_tutor.tutor.las_vegas.coaching` and the like); a board holds one
:class:`Coach` and syncs :meth:`Coach.view` as its ``coach`` trait.

- **Decisions** are read off the real game's history (never a roll), so a move made from Python, an undo or a
  resumed game are all seen. Each is kept with the position before it. The learner's are judged first, newest
  first; the other seats' (the bots') after them, for the review's table of every player
  (:mod:`vegas_tutor.tutor.game_review`).
- **Reviews run off the click path**: on the kernel's event loop they are computed one at a time in a worker
  thread, and the board redraws when one is ready (without a loop, as in a test, at once); a bot's only once the
  game is over, and then spaced (:data:`OTHERS_REDRAW_S`).
- **Replay**: the board shows the position before one decision, read-only (every move is refused until
  "Back to the end"), with the coach's alternatives beside it.

The coach's messages (checked like every other, a malformed one changes nothing)::

    {"type": "coach", "on": true}     the Coach switch
    {"type": "hint"}                  the coach's choice for the learner's decision now
    {"type": "replay", "decision": 3} show the position before decision 3 (counted from 0)
    {"type": "replay_end"}            back to the end of the game

>>> coach_intent({"type": "replay", "decision": 2}), coach_intent({"type": "roll"})
(ReplayIntent(decision=2), None)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from vegas_tutor.core.errors import IllegalActionError
from vegas_tutor.core.verdict import judge
from vegas_tutor.i18n import _, _n, number, tr
from vegas_tutor.practice.exercise import details
from vegas_tutor.tutor.event_loop import running_loop
from vegas_tutor.tutor.game_review import game_review
from vegas_tutor.tutor.messages import Range, parse_message, taken

JSON = dict[str, Any]

MAX_DECISIONS = 100_000
COSTLIEST = 3
"""How many of the costliest decisions the end-of-game review marks."""
SHOWN_ALTERNATIVES = 6
"""The most alternatives a replay lists: the best ones, and yours whatever its rank."""
OTHERS_REDRAW_S = 2.0
"""While the bots' decisions are judged after the game, the board redraws at most this often (and once more when
the last one is judged): each redraw draws the whole review again in the browser."""


def points_text(loss: float) -> str:
    """A chance of winning given up, in points ("6.3 points"): the unit of the three games' verdicts."""
    return _("{points} points", points=number(100 * loss, 1))


@dataclass(frozen=True)
class CoachSwitch:
    on: bool


@dataclass(frozen=True)
class HintIntent:
    pass


@dataclass(frozen=True)
class ReplayIntent:
    decision: Annotated[int, Range(0, MAX_DECISIONS)]


@dataclass(frozen=True)
class ReplayEndIntent:
    pass


CoachIntent = CoachSwitch | HintIntent | ReplayIntent | ReplayEndIntent
COACH_INTENTS = (CoachSwitch, HintIntent, ReplayIntent, ReplayEndIntent)
COACH_MESSAGES: dict[str, type[CoachIntent]] = {"coach": CoachSwitch, "hint": HintIntent, "replay": ReplayIntent,
                                                "replay_end": ReplayEndIntent}


def coach_intent(content: object) -> CoachIntent | None:
    """The coach's intent of a message, None for any other message; a malformed coach message raises."""
    if not taken(content, COACH_MESSAGES):
        return None
    return parse_message(content, COACH_MESSAGES)


def with_coach(parse: Callable[[object], Any]) -> Callable[[object], Any]:
    """A board's message checker that also takes the coach's messages."""

    def parse_with_coach(content: object) -> Any:
        intent = coach_intent(content)
        return intent if intent is not None else parse(content)

    return parse_with_coach


@dataclass(frozen=True)
class GameCoach:
    """What a board needs of one game's coach.

    ``review(state, action)`` returns the game's ``Review`` (``best``, ``loss``, ``alternatives``,
    ``explanation``); ``loss`` below ``good`` is a good decision, from ``mistake`` a mistake, between them
    an inaccuracy (both in the game's ``unit``).
    """

    review: Callable[[Any, Any], Any]
    is_decision: Callable[[Any], bool]
    """Whether an action is a decision (not a roll or a draw of chance)."""
    first_choice: Callable[[Any], Any]
    """A legal decision of the position (reviewed to learn the best), or None when there is none to make."""
    words: Callable[[Any], str]
    """A decision in a few words: "place the 4s"."""
    loss_text: Callable[[float], str]
    """A loss in the game's unit: "3 points of winning chance"."""
    option_text: Callable[[Any], str]
    """An alternative's value in words."""
    score: Callable[[Any], float]
    """An alternative's value, higher is better (to list the best few first)."""
    good: float
    mistake: float
    unit: str
    """What a loss counts, for the legend ("of the chance of winning the game"): marked with ``N_`` where the
    game's coach is defined, shown in the language in force (``tr``)."""
    waiting: Callable[[Any], str] | None = None
    """What a hint of the position waits for, in words ("playing out each face of your roll 8,000 times"),
    shown with the time it has taken so far while the hint is computed."""
    chances: Callable[[Any], tuple[float, float] | None] | None = None
    """A review's (best choice's, your choice's) chance of winning the game, for the review's luck and chart
    (None: this review counts another unit, as a trade's; the field None: the game's coach counts in another
    unit)."""
    live_review: Callable[[Any, Any], Any] | None = None
    """The review a board's coach runs (None: ``review``): the same judgement, bounded in wall time, so it may
    rest on fewer playouts on a busy machine (Lords of Vegas), or told what the board knows and a stored
    position does not: the level its bots play at (Liar's Dice). ``review`` plays every playout and knows
    only the position (practice, tests, benches)."""
    answers: Callable[[Any, str], tuple[Any, ...]] | None = None
    """For a decision that is not a move of the position (a Lords of Vegas trade answered), ``(state, text)``
    gives its possible answers, checked by the engine in ``state``; ``()`` for a move."""
    weighed: Callable[[Any], bool] | None = None
    """Whether an alternative is one a player weighs, for the middle a missed chance is measured against (None:
    every one; Liar's Dice leaves out the bids more likely false than true, most of its hundred raises)."""
    rival_levels: tuple[str, ...] = ()
    """The levels this coach can read the rivals at (Liar's Dice: each level's model of play); () for a coach
    that reads every rival alike."""
    review_among: Callable[[Any, Any, str], Any] | None = None
    """``(state, action, level)``: the review with every rival of the player to act read at ``level`` (one of
    ``rival_levels``), so that a stored decision is judged as the table judged it (None: no ``rival_levels``)."""
    judge_other: Callable[[Any, Any], Any] | None = None
    """The review of another seat's decision (a bot's), of which the review's accuracy table uses the loss alone
    (None: ``live_review``, else ``review``): Liar's Dice leaves out the play-outs that only pick which of the
    choices its reading rates alike at the top to name as the best."""

    def verdict(self, loss: float) -> str:
        """The verdict's key ("good", "inaccuracy", "mistake"): the boards show its word in their language."""
        return judge(loss, good=self.good, mistake=self.mistake)

    def thresholds(self) -> str:
        """The verdicts' legend, in the language in force."""
        return _("Good: under {good} given up {unit}; mistake: {mistake} or more; in between, an inaccuracy. A "
                 "mistake whose choice was as good as most is a missed chance: a much better one was there.",
                 good=self.loss_text(self.good), unit=tr(self.unit), mistake=self.loss_text(self.mistake))

    def missed(self, review: Any) -> bool:
        """Whether a mistake is a **missed chance**: the choice was worth at least as much as the middle one of
        the choices a player weighs (not a blunder of its own), while a far better one was there."""
        weighed = [o for o in review.alternatives
                   if self.weighed is None or self.weighed(o) or o.action == review.action]
        scores = sorted(self.score(o) for o in weighed)
        if len(scores) < 3 or self.verdict(float(review.loss)) != "mistake":
            return False
        return bool(self.score(review.option(review.action)) >= scores[len(scores) // 2])


@dataclass
class Decision:
    """One decision: the position before it, the action and, once computed, the review."""

    at: int
    """Its index in the game's history."""
    before: Any
    action: Any
    review: Any = None
    failed: str = ""
    seat: int = -1
    """Who decided (the learner's seat, or a bot's)."""


@dataclass
class _Hint:
    at: int
    review: Any = None
    failed: str = ""


@dataclass
class Coach:
    """The coach of one board: the learner's decisions in the game, their reviews, the hint, the replay."""

    game: GameCoach
    on_ready: Callable[[], None]
    """Called on the event loop when a review computed in the background is ready (the board redraws)."""
    on: bool = False
    decisions: list[Decision] = field(default_factory=list)
    others: list[Decision] = field(default_factory=list)
    """The other seats' decisions (the bots'), judged after the learner's, for the review's accuracy table."""
    replay: int | None = None
    background: bool = True
    _source: object = None
    _seen: int = 0
    _hint: _Hint | None = None
    _busy: bool = False
    _hinting: bool = False
    _drawn: float = 0.0
    """When the board was last redrawn for a review (``time.monotonic``)."""
    _cache: dict[tuple[int, str], Any] = field(default_factory=dict)

    # ------------------------------------------------------------------ reading the game
    def sync(self, state: Any, learner: Callable[[int | None], bool]) -> None:
        """Catch up with the real game: a new game (another state object) or an undo drops what is gone;
        new decisions of the learner (``learner(seat)``) are added. Then queue the reviews missing."""
        n = len(state.history)
        if state is not self._source:
            self._source, self._seen, self.decisions, self._hint, self.replay = state, 0, [], None, None
            self._cache, self.others = {}, []
        if n < self._seen:
            self.decisions = [d for d in self.decisions if d.at < n]
            self.others = [d for d in self.others if d.at < n]
            self._seen = n
            if self.replay is not None and self.replay >= len(self.decisions):
                self.replay = None
        if not self.on or n == self._seen:
            return
        found: list[Decision] = []
        others: list[Decision] = []
        probe = state.copy()
        while len(probe.history) > self._seen:
            action = probe.undo().played
            seat = probe.current_player
            if self.game.is_decision(action) and seat is not None:
                decision = Decision(len(probe.history), probe.copy(), action, seat=seat)
                (found if learner(seat) else others).append(decision)
        self.decisions.extend(reversed(found))
        self.others.extend(reversed(others))
        self.decisions.sort(key=lambda d: d.at)  # (in game order, with the trades noted)
        self._seen = n
        self._work()

    def note(self, before: Any, action: Any) -> None:
        """A decision the game's history does not show as one (a trade answered: a refused one leaves no trace),
        made in the position ``before``; kept in game order and reviewed like the others (while the coach is on)."""
        if not self.on:
            return
        seat = getattr(action, "seat", None)
        self.decisions.append(Decision(len(before.history), before.copy(), action,
                                       seat=seat if isinstance(seat, int) else int(before.current_player)))
        self.decisions.sort(key=lambda d: d.at)
        self._work()

    def set_on(self, on: bool, state: Any, learner: Callable[[int | None], bool]) -> None:
        self.on = on
        if not on:
            self.replay = None
            self._hint = None
        self.sync(state, learner)

    # ------------------------------------------------------------------ intents
    def carry_out(self, intent: CoachIntent, state: Any, learner: Callable[[int | None], bool]) -> None:
        """Carry out one of the coach's intents; raises ``IllegalActionError`` (changing nothing) when refused."""
        if isinstance(intent, CoachSwitch):
            self.set_on(intent.on, state, learner)
            return
        if not self.on:
            raise IllegalActionError(_("switch the coach on first"))
        if isinstance(intent, HintIntent):
            if self.replay is not None:
                raise IllegalActionError(_("the board shows a past decision: press 'Back to the end' first"))
            if state.is_over or not learner(state.current_player) or self.game.first_choice(state) is None:
                raise IllegalActionError(_("there is no decision of yours to hint at now"))
            at = len(state.history)
            if self._hint is None or self._hint.at != at:
                self._hint = _Hint(at)
                self._queue_hint(state.copy())
        elif isinstance(intent, ReplayIntent):
            if not state.is_over:
                raise IllegalActionError(_("the review opens at the end of the game"))
            if intent.decision >= len(self.decisions):
                raise IllegalActionError(_n("there is no decision {number}: this game had {n} decision",
                                            "there is no decision {number}: this game had {n} decisions",
                                            len(self.decisions), number=intent.decision + 1))
            self.replay = intent.decision
        else:
            if self.replay is None:
                raise IllegalActionError(_("the board shows the end of the game already"))
            self.replay = None

    def guard(self, intent: object) -> None:
        """Refuse every move while a past decision is replayed (the board is read-only then)."""
        if self.replay is not None and not isinstance(intent, COACH_INTENTS):
            raise IllegalActionError(_("the board shows a past decision (read-only): press 'Back to the end' first"))

    def replay_state(self) -> Any:
        """The position the board shows while replaying (None: the real game)."""
        return None if self.replay is None else self.decisions[self.replay].before

    # ------------------------------------------------------------------ the background work
    def _review(self, before: Any, action: Any) -> Any:
        key = (len(before.history), str(action))
        if key not in self._cache:
            self._cache[key] = (self.game.live_review or self.game.review)(before, action)
        return self._cache[key]

    def _queue_hint(self, state: Any) -> None:
        hint = self._hint
        assert hint is not None

        def compute() -> Any:
            first = self.game.first_choice(state)
            best = self._review(state, first).best
            return self._review(state, best)

        def done(result: Any, failed: str) -> None:
            hint.review, hint.failed = result, failed

        self._run(compute, done, hint=True)

    def _work(self) -> None:
        """Start the next missing review (one at a time, newest decision first: its verdict is awaited)."""
        if self._busy or not self.on:
            return
        mine = [d for d in self.decisions if d.review is None and not d.failed]
        later = [d for d in self.others if d.review is None and not d.failed]  # the bots', oldest first
        if not mine and not later:
            return
        decision = mine[-1] if mine else later[0]

        def done(result: Any, failed: str) -> None:
            decision.review, decision.failed = result, failed

        judge_other = self.game.judge_other
        if mine:
            self._run(lambda: self._review(decision.before, decision.action), done)
        else:
            judge = judge_other or self._review
            self._run(lambda: judge(decision.before, decision.action), done, other=True)

    def _redraw(self, other: bool) -> None:
        """Have the board redrawn after a review: always for the learner's decision or a hint; for another seat's,
        only once the game is over (the review's table of players shows it), and then at most every
        ``OTHERS_REDRAW_S`` while more are being judged."""
        if other:
            if not getattr(self._source, "is_over", False):
                return
            if self._busy and time.monotonic() - self._drawn < OTHERS_REDRAW_S:
                return
        self._drawn = time.monotonic()
        self.on_ready()

    def _run(self, compute: Callable[[], Any], done: Callable[[Any, str], None], *, hint: bool = False,
             other: bool = False) -> None:
        """Compute in a worker thread when on the kernel's event loop (one review and one hint at a time);
        ``other``: another seat's decision (see ``_redraw``)."""
        loop = running_loop()
        if loop is None or not self.background:
            try:
                done(compute(), "")
            except Exception as exc:  # a review that fails is said on the board, not raised into a click
                done(None, _("the coach could not judge this ({problem})", problem=exc))
            if not hint:
                self._work()
            return
        if hint:
            self._hinting = True
        else:
            self._busy = True
        future = loop.run_in_executor(None, compute)

        def finished(f: asyncio.Future[Any]) -> None:
            if hint:
                self._hinting = False
            else:
                self._busy = False
            failure = None if f.cancelled() else f.exception()
            if failure is not None or f.cancelled():
                done(None, _("the coach could not judge this ({problem})", problem=repr(failure)))
            else:
                done(f.result(), "")
            self._work()
            self._redraw(other)

        future.add_done_callback(finished)

    async def settled(self) -> None:
        """Wait until no review is being computed (for notebooks and tests)."""
        while self._busy or self._hinting:
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ the projection
    def view(self, state: Any, learner: Callable[[int | None], bool],
             names: Callable[[int], str] | None = None) -> JSON:
        """The ``coach`` trait: the switch, the last verdict, the hint, and at the end the review (``names``: a
        seat's name on the board, for the review's table of players)."""
        if not self.on:
            return {"on": False}
        out: JSON = {"on": True, "thresholds": self.game.thresholds(), "last": None, "hint": None,
                     "review": None, "replay": None,
                     "can_hint": (not state.is_over and self.replay is None and learner(state.current_player)
                                  and self.game.first_choice(state) is not None)}
        if self.decisions:
            out["last"] = self._decision_view(len(self.decisions) - 1)
        hint = self._hint
        if hint is not None and hint.at == len(state.history) and not state.is_over:
            out["hint"] = ({"status": "failed", "text": hint.failed} if hint.failed else
                           {"status": "computing", "what": self.game.waiting(state) if self.game.waiting else ""}
                           if hint.review is None else
                           {"status": "ready", "best": self.game.words(hint.review.best),
                            "text": hint.review.explanation, "details": details(hint.review)})
        if state.is_over:
            out["review"] = {**self._review_view(), **game_review(self, state, learner, names or str)}
            if self.replay is not None:
                out["replay"] = {**self._decision_view(self.replay),
                                 "alternatives": self._alternatives(self.decisions[self.replay])}
        return out

    def _decision_view(self, k: int) -> JSON:
        d = self.decisions[k]
        base: JSON = {"n": k, "words": self.game.words(d.action)}
        if d.failed:
            return {**base, "status": "failed", "text": d.failed}
        if d.review is None:
            return {**base, "status": "computing"}
        loss = float(d.review.loss)
        return {**base, "status": "ready", "verdict": self.game.verdict(loss), "missed": self.game.missed(d.review),
                "loss": loss,
                "loss_text": self.game.loss_text(loss), "best": self.game.words(d.review.best),
                "text": d.review.explanation, "details": details(d.review)}

    def _review_view(self) -> JSON:
        rows = [self._decision_view(k) for k in range(len(self.decisions))]
        ready = [r for r in rows if r["status"] == "ready" and r["loss"] > 0]
        costly = sorted(ready, key=lambda r: -r["loss"])[:COSTLIEST]
        for rank, row in enumerate(costly, 1):
            row["costly"] = rank
        pending = sum(1 for r in rows if r["status"] == "computing")
        total = sum(r["loss"] for r in rows if r["status"] == "ready")
        return {"rows": rows, "pending": pending, "total_text": self.game.loss_text(total)}

    def _alternatives(self, d: Decision) -> JSON:
        """The best few alternatives first (the coach's choice at the top), and the learner's among them."""
        if d.review is None:
            return {"rows": [], "more": 0}
        ranked = sorted(d.review.alternatives, key=lambda o: (o.action != d.review.best, -self.game.score(o)))
        shown = ranked[:SHOWN_ALTERNATIVES]
        if not any(o.action == d.action for o in shown):
            shown = [*shown[:SHOWN_ALTERNATIVES - 1], next(o for o in ranked if o.action == d.action)]
        rows = [{"words": self.game.words(o.action), "value": self.game.option_text(o),
                 "best": o.action == d.review.best, "yours": o.action == d.action} for o in shown]
        return {"rows": rows, "more": len(ranked) - len(shown)}

