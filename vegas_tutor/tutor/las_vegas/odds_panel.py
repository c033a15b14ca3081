"""The odds panel of the Las Vegas board and its what-if outlook, and the cache that computes them.

The panel shows, for each face of the learner's roll, the money to expect this round (error bar, exact value
when few dice are left) and the chance of each bill; the outlook shows each casino's bill per owner if the
round ended now and by its end. Both are pure functions of engine objects. An exact count of the rest of a
round can take a second: :class:`Projections` computes it off the kernel's event loop and shows the
simulated figures meanwhile.

>>> from vegas_tutor.las_vegas import Roll, new_game
>>> game = new_game(2, seed=3); game.apply(Roll(own=(0, 0, 4, 0, 1, 3)))
>>> panel = placement_panel(game, "greedy", exact=False)
>>> [f["face"] for f in panel["faces"]], panel["exact_pending"]
([3, 5, 6], True)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from vegas_tutor import i18n
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.odds import EXACT_DICE, BillOutlook, PlacementOdds, bill_outlook, dice_left, placement_odds
from vegas_tutor.las_vegas.rules import CASINO_NAMES, CASINOS
from vegas_tutor.tutor.event_loop import running_loop
from vegas_tutor.tutor.las_vegas.projection import seat_name

JSON = dict[str, Any]

ODDS_TARGET_STDERR = 1_500.0
"""Dollars: the placement odds' simulations stop once every face's standard error is at most this."""
OUTLOOK_ROLLOUTS = 2_000
"""Rollouts behind the what-if "by the end of the round" expectations."""
MARGIN_SE = 1.96
"""Standard errors each side of a simulated expectation: its 95% range ("give or take")."""
SLOW_EXACT_DICE = 3
"""From this many dice left to roll, the exact count of the rest of a round can take a second: it is done in
the background (up to :data:`vegas_tutor.las_vegas.odds.EXACT_DICE`, beyond which the odds only simulate)."""


def _exact(value: Fraction | None) -> JSON | None:
    """An exact expectation for the browser: its value, in dollars (``text``) and, when it is not whole, the
    fraction it is (``fraction``, shown only behind the panel's "exact figures" toggle)."""
    if value is None:
        return None
    fraction = (None if value.denominator == 1
                else f"{i18n.number(value.numerator)}/{i18n.number(value.denominator)}")
    return {"value": float(value), "text": i18n.money(float(value), 0 if fraction is None else 2),
            "fraction": fraction}


def money_words(expected: float, margin: float | None = None) -> str:
    """An expectation in words a learner reads: "about $12k" and, for a simulated one, "give or take $2k"
    (``margin``: the half-width of its 95% range, rounded as the money is).

    >>> money_words(12_345.0, 1_960.0), money_words(12_345.0), money_words(800.0, 300.0)
    ('about $12k, give or take $2k', 'about $12k', 'about $800, give or take $300')
    """
    step = 1_000 if abs(expected) >= 1_000 else 100
    about = i18n.money_k(int(round(expected / step) * step))
    if margin is None:
        return _("about {money}", money=about)
    step = 1_000 if margin >= 1_000 else 100
    spread = int(round(margin / step) * step)
    if spread == 0:
        return _("about {money}", money=about)
    return _("about {money}, give or take {margin}", money=about, margin=i18n.money_k(spread))


def fraction_text(value: Fraction) -> str:
    """A Fraction of dollars in words a learner reads: ``$12,345.67`` (and the fraction when not whole)."""
    if value.denominator == 1:
        return i18n.money(int(value), 0)
    return f"{i18n.money(float(value), 2)} (= {i18n.number(value.numerator)}/{i18n.number(value.denominator)})"


def odds_view(odds: PlacementOdds, state: State, you: int | None = None) -> JSON:
    """Each face of the roll: expected money this round (with standard error and exact value when known)
    and the chance of taking each bill at each casino (``you``: the learner's seat, "You" on the board)."""
    faces = []
    best = odds.best().face
    for f in odds.faces:
        chances = [
            {"casino": c, "bills": [{"bill": bill, "p": p} for bill, p in f.win_chance[c - 1]]}
            for c in CASINOS
        ]
        faces.append({
            "face": f.face, "dice": f.dice, "white": f.white,
            "expected": f.expected, "stderr": f.stderr, "exact": _exact(f.exact),
            "words": money_words(float(f.exact) if f.exact is not None else f.expected,
                                 None if f.exact is not None or not f.rollouts else MARGIN_SE * f.stderr),
            "rollouts": f.rollouts, "chances": chances, "best": f.face == best,
        })
    return {
        "status": "ready",
        "seat": odds.seat,
        "name": seat_name(state, odds.seat, you),
        "you": odds.seat == you,
        "assumption": odds.policy,
        "faces": faces,
    }


def outlook_view(outlook: BillOutlook, state: State) -> JSON:
    """Per casino and owner: the bill if the round ended now, and the expected bill by the round's end."""
    rows: list[JSON] = []
    for c in CASINOS:
        i = c - 1
        rows.append({
            "casino": c,
            "name": CASINO_NAMES[c],
            "now": list(outlook.now[i]),
            "by_end": list(outlook.by_end[i]),
            "stderr": list(outlook.by_end_stderr[i]),
            "exact": None if outlook.exact_by_end is None else [_exact(x) for x in outlook.exact_by_end[i]],
        })
    totals_now = [sum(r["now"][o] for r in rows) for o in range(state.owners)]
    totals_end = [sum(r["by_end"][o] for r in rows) for o in range(state.owners)]
    return {
        "status": "ready",
        "assumption": outlook.policy,
        "rollouts": outlook.rollouts,
        "rows": rows,
        "total_now": totals_now,
        "total_by_end": totals_end,
        "dice_left": dice_left(state),
    }


def waiting(reason: str, status: str = "waiting") -> JSON:
    """An odds or outlook panel with nothing to show yet, and why."""
    return {"status": status, "reason": reason}


def placement_panel(position: State, policy: str, *, exact: bool = True, you: int | None = None) -> JSON:
    """The odds panel of the learner's roll (``exact=False``: the simulated figures, the exact ones pending;
    ``you``: the learner's own seat)."""
    odds = placement_odds(position, policy=policy, target_stderr=ODDS_TARGET_STDERR, exact=exact)
    view = odds_view(odds, position, you)
    return view if exact else {**view, "exact_pending": True}


def outlook_panel(position: State, policy: str, *, exact: bool = True) -> JSON:
    """The what-if outlook of a position (``exact=False``: simulated only, the exact figures pending)."""
    view = outlook_view(bill_outlook(position, policy=policy, n=OUTLOOK_ROLLOUTS, exact=exact), position)
    return view if exact else {**view, "exact_pending": True}


def counts_exactly_after_placing(state: State) -> bool:
    """Whether placing some face of the roll leaves few enough dice that the odds count them exactly
    (and a lot of cases: at least :data:`SLOW_EXACT_DICE`)."""
    roll = state.current_roll
    if roll is None:
        return False
    left = dice_left(state)
    own, white = roll
    return any(SLOW_EXACT_DICE <= left - own[f] - white[f] <= EXACT_DICE for f in range(6) if own[f] + white[f])


def outlook_is_slow(state: State) -> bool:
    """Whether the outlook's exact count of the rest of the round can take a second."""
    return SLOW_EXACT_DICE <= dice_left(state) <= EXACT_DICE


class Projections:
    """Cached panels, one per kind (``key[0]``: odds, outlook); the slow ones computed in the background.

    ``on_ready`` is called back on the event loop when a background panel is done (the board redraws);
    ``on_error`` with the reason when it failed.
    """

    def __init__(self, on_ready: Callable[[], None], on_error: Callable[[str], None]) -> None:
        self._cache: dict[tuple[object, ...], JSON] = {}
        self._pending: set[tuple[object, ...]] = set()
        self._previews: dict[tuple[object, ...], JSON] = {}
        self._on_ready, self._on_error = on_ready, on_error
        self.background = True
        """Compute slow panels off the kernel's event loop (when running in one)."""

    def get(
        self, key: tuple[object, ...], compute: Callable[[], JSON], *, slow: bool,
        preview: Callable[[], JSON] | None = None,
    ) -> JSON:
        """The panel for ``key``. A slow one (an exact count of many cases) is computed off the kernel's event
        loop when there is one, so the board answers at once: meanwhile ``preview`` (the simulated figures)
        is shown, or a note that the figures follow."""
        if key in self._cache:
            return self._cache[key]
        loop = running_loop()
        if not slow or loop is None or not self.background:
            self._keep(key, compute())
            return self._cache[key]
        if key not in self._pending:
            self._pending.add(key)
            future = loop.run_in_executor(None, compute)
            future.add_done_callback(lambda done: self._computed(key, done))
        if preview is not None:
            if key not in self._previews:  # one preview per kind: only the current one is shown
                self._previews = {k: v for k, v in self._previews.items() if k[0] != key[0]}
                self._previews[key] = preview()
            return self._previews[key]
        return waiting(_("Counting every way the rest of the round can go: the exact figures follow in a moment."),
                       status="computing")

    def _keep(self, key: tuple[object, ...], view: JSON) -> None:
        """Cache one panel per kind: only the current position is ever asked again."""
        self._cache = {k: v for k, v in self._cache.items() if k[0] != key[0]}
        self._cache[key] = view

    def _computed(self, key: tuple[object, ...], done: asyncio.Future[JSON]) -> None:
        """Back on the event loop: keep a finished background panel and have the board redraw."""
        self._pending.discard(key)
        if done.cancelled() or done.exception() is not None:
            self._on_error(_("the odds could not be computed: {error!r}", error=done.exception()))
            return
        self._keep(key, done.result())
        self._on_ready()

    async def settled(self) -> None:
        """Wait until no panel is being computed in the background."""
        while self._pending:
            await asyncio.sleep(0.01)


_WARM_UP = threading.Lock()
_warm_up_started = False


def warm_up_simulator() -> None:
    """Load the compiled odds simulator in a background thread, once per process.

    Importing numba and loading the compiled rollouts takes most of a CPU-second: a board that shows odds
    starts this when it is made, so the learner's first roll does not wait for it (a pre-heated kernel has
    it done before anyone opens the lesson).
    """
    global _warm_up_started
    with _WARM_UP:
        if _warm_up_started:
            return
        _warm_up_started = True
    threading.Thread(target=_warm_up, name="vegas-tutor-warm-up", daemon=True).start()


_warm_up_done = threading.Event()


def warmed_up() -> bool:
    """Whether this process's warm-up of the simulator has finished (it may also have failed)."""
    return _warm_up_done.is_set()


def _warm_up() -> None:
    from vegas_tutor.las_vegas import Roll, new_game

    game = new_game(4, seed=0)
    game.apply(Roll(own=(3, 1, 1, 1, 1, 1)))
    try:
        placement_panel(game, "random", exact=False)
    except Exception:  # only a warm-up: the learner's own roll computes the odds and reports a failure
        return
    finally:
        _warm_up_done.set()

