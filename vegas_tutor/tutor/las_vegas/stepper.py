"""``LasVegasStepper``: a rulebook example played step by step on the board, with Back / Next / Restart, and
a whole round played by bots to watch the same way (:func:`watch_round`).

The narration sits beside the board and the step's change is highlighted. The board only shows the
positions: it takes no moves.

**The payout on the board.** The engine pays every casino and deals the next round in the same move, so the
state after a round's last die already shows fresh bills and empty casinos. A step on such a state that looks
at casinos (``casino:N`` in its highlight) shows the round's last picture instead (:func:`round_end_view`):
every casino keeps its dice and bills while it pays, casino by casino; the casinos paid in the steps just
before it (on the same payout) have given their bills away, and the players' money counts the casinos paid
so far, this step's included.
``round-end`` in a highlight shows that picture before any casino pays (its ``casino:N`` only light a casino).

>>> stepper = LasVegasStepper("LV-TIE-1")
>>> stepper.index, stepper.stepper["count"]
(0, 2)
>>> stepper.next(); stepper.index
1
>>> stepper.handle({"type": "step", "to": "next"}), stepper.error
(False, 'this is the last step of LV-TIE-1: go back or restart')
>>> round_one = watch_round(players=3, seed=2)
>>> round_one.id, round_one.steps[0].highlight, round_one.steps[-1].state.round
('LV-WATCH', ('casinos',), 2)
>>> [step.highlight for step in round_one.steps[-8:]]  # doctest: +NORMALIZE_WHITESPACE
[('round-end', 'casino:6'), ('casino:1',), ('casino:2',), ('casino:3',), ('casino:4',), ('casino:5',),
 ('casino:6',), ('casinos',)]
>>> tie = LasVegasStepper("LV-TIE-1", start=1)  # the payout of casino 2, on the board before the next deal
>>> tie.board["casinos"][1]["dice"], tie.board["casinos"][1]["bills"], tie.board["round"]
([5, 3, 3, 1], [80000, 30000, 10000], 1)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Roll
from vegas_tutor.las_vegas.engine import CasinoPayout, State, new_game
from vegas_tutor.las_vegas.policies import check_policy, choose_face
from vegas_tutor.las_vegas.rules import CASINO_NAMES, CASINOS, MIN_STAKE, money
from vegas_tutor.las_vegas.scenarios import SCENARIOS
from vegas_tutor.las_vegas.words import say_all
from vegas_tutor.tutor.las_vegas.board import LasVegasBoard
from vegas_tutor.tutor.las_vegas.projection import JSON, payout_view, payout_words
from vegas_tutor.tutor.stepping import Stepping
from vegas_tutor.tutor.stepping import find_scenario as find_in


def find_scenario(scenario: str | Scenario[State]) -> Scenario[State]:
    """A scenario by its catalogue id (``"LV-TIE-1"``), or the scenario itself."""
    return find_in(scenario, SCENARIOS, "Las Vegas")


def just_paid(state: State) -> bool:
    """Whether ``state`` is the moment right after a round's payout (no die placed since, or the game over)."""
    placed = any(sum(state.placed_on(c)[: state.players]) for c in CASINOS)
    return bool(state.payouts) and (state.is_over or not placed)


def _casinos_named(step: Step[State]) -> set[int]:
    return {int(h.split(":")[1]) for h in step.highlight if h.startswith("casino:")}


def paying(steps: Sequence[Step[State]], index: int) -> tuple[frozenset[int], frozenset[int]] | None:
    """When step ``index`` shows a round's last picture: the casinos paid before it and the ones paying in it;
    else ``None``.

    A just-paid step with ``casino:N`` in its highlight pays casino N; the steps right before it on the same
    payout paid theirs; ``round-end`` shows the picture before any casino pays (nothing pays in it).
    """
    step = steps[index]
    if not just_paid(step.state) or not any(h.startswith("casino:") or h == "round-end" for h in step.highlight):
        return None
    if "round-end" in step.highlight:
        return frozenset(), frozenset()
    payout = step.state.payouts[-1]
    now = _casinos_named(step)
    before: set[int] = set()
    for earlier in reversed(steps[:index]):
        same = just_paid(earlier.state) and earlier.state.payouts and earlier.state.payouts[-1] == payout
        if not same or "round-end" in earlier.highlight or not _casinos_named(earlier):
            break
        before.update(_casinos_named(earlier))
    return frozenset(before - now), frozenset(now)


def round_end_view(state: State, paid: Collection[int], now: Collection[int] = ()) -> JSON:
    """What the board draws instead while the round just ended in ``state`` pays: every casino's dice and bills
    as the round left them, but the bills of the casinos ``paid`` before (gone to their takers); the money of
    the casinos paid so far (``paid`` and those paying ``now``), and their payout. It replaces these keys of
    :func:`~.projection.board_view`."""
    payouts: tuple[CasinoPayout, ...] = state.payouts[-1]
    owners = state.players + (1 if state.neutral else 0)
    counted = {*paid, *now}
    casinos: list[JSON] = []
    for p in payouts:
        done = p.casino in paid and p.casino not in now
        now = [0] * owners
        if not done:
            for seat, bill in p.takes.items():
                now[seat] = bill
            if p.white_bill is not None:
                now[state.players] = p.white_bill
        casinos.append({"number": p.casino, "name": CASINO_NAMES[p.casino], "bills": [] if done else list(p.bills),
                        "dice": list(p.dice), "now": now, "tied": list(p.cancelled)})
    hands = []
    for seat in range(state.players):
        bills = list(state.bills_won(seat))
        for p in payouts:
            if p.casino not in counted and seat in p.takes:
                bills.remove(p.takes[seat])  # not paid yet in this step
        hands.append({"seat": seat, "own": 0, "white": 0, "money": sum(bills), "bills": bills})
    round_number = state.round if state.is_over else state.round - 1
    shown = [p for p in payouts if p.casino in counted]
    dealt = 0 if state.is_over else sum(len(state.bills_on(c)) for c in CASINOS)  # (the next round's, not yet)
    pile = len(state.pile) + dealt - sum(len(p.returned) for p in payouts if p.casino not in counted)
    return {
        "round": round_number,
        "phase": "payout",
        "start_player": state.start_player if state.is_over else (state.start_player - 1) % state.players,
        "turn": {"seat": None, "name": None, "human": False, "you": False},
        "describe": _("Round {round} is over: the casinos pay, casino by casino.", round=round_number),
        "casinos": casinos,
        "roll": None,
        "hands": hands,
        "pile": pile,
        "dice_left": 0,
        "last_payout": payout_view(state, shown, round_number) if shown else None,
        "just_paid": False,
        "is_over": False,
        "winners": [],
    }


class LasVegasStepper(Stepping[State], LasVegasBoard):
    """Plays one ``Scenario`` of Las Vegas states: narration, highlight, Back / Next / Restart."""

    def __init__(self, scenario: str | Scenario[State], *, start: int = 0, **kwargs: Any) -> None:
        self._start_at(find_scenario(scenario), start)
        self._paid: tuple[frozenset[int], frozenset[int]] | None = None
        kwargs.setdefault("show_odds", False)
        super().__init__(self._scenario.steps[start].state, humans=(), interactive=False, **kwargs)
        self._show_step()

    def _after_step(self, previous: State | None) -> None:
        """The log shows what this step added (all of it when the step is not a continuation); a step of a
        payout shows the round's last picture (see :func:`paying`)."""
        continues = previous is not None and len(previous.log) <= len(self._state.log)
        self._log_from = len(previous.log) if previous is not None and continues else 0
        self._paid = paying(self._scenario.steps, self._index)

    def _refresh(self) -> None:
        if self._quiet:
            return
        with self.hold_sync():
            super()._refresh()
            shown = getattr(self, "_paid", None)
            if shown is not None:
                self.board = {**self.board, **round_end_view(self._state, *shown)}


ScenarioStepper = LasVegasStepper
"""The stepper's former name (the lessons import it)."""


def watch_round(
    players: int = 4, *, seed: int = 0, policy: str = "greedy", neutral: bool = False
) -> Scenario[State]:
    """Round 1 of a seeded game played by ``policy`` bots: one step per turn (the roll and the face chosen).

    The narration is the engine's own log lines for the turn; the last step is the payout.
    """
    chosen = check_policy(policy)
    rng = make_rng(seed)
    state = new_game(players, neutral=neutral, seed=seed)
    steps = [Step(
        _("The bills are dealt: each casino has at least {stake}. Every player holds 8 dice of their colour. "
          "{name} starts.", stake=money(MIN_STAKE), name=state.names[0]),
        state.copy(), ("casinos",),
    )]
    while state.round == 1 and not state.is_over:
        seen = len(state.events)
        state.apply(Roll())
        while state.phase != "place":  # the spare white dice of a 3-player variant game come first
            state.apply(Roll())
        action = choose_face(state, chosen, rng)
        state.apply(action)
        lines = say_all([e for e in state.events[seen:] if e.kind != "bills_dealt"], state.names)
        text = " ".join(line + "." for line in lines)
        highlight: tuple[str, ...] = (f"casino:{action.face}",)
        if state.round != 1:
            steps.extend(_payout_steps(state, lines, action.face))
            break
        if state.current_player is not None:
            text += " " + _("Next: {name}.", name=state.names[state.current_player])
        steps.append(Step(text, state.copy(), highlight))
    title = (_("A whole round, played by greedy bots") if chosen == "greedy"
             else _("A whole round, played by random bots"))
    return Scenario("LV-WATCH", title, tuple(steps))



def _payout_steps(state: State, lines: Sequence[str], face: int) -> list[Step[State]]:
    """The end of a watched round: the last die, each casino paying in turn, then the next round's deal."""
    paid = state.copy()
    placed = len(lines) - len(paid.payouts[-1]) - 1  # the turn's own lines, before the payout
    turn = " ".join(line + "." for line in lines[:placed])
    steps = [Step(_("{turn} That was the last die: the round is over. Now the casinos pay, one by one, from "
                    "casino 1 to casino 6.", turn=turn), paid, ("round-end", f"casino:{face}"))]
    for p in paid.payouts[-1]:
        steps.append(Step(_("Casino {number}, {name}, pays. {words}", number=p.casino, name=CASINO_NAMES[p.casino],
                            words=payout_words(paid, p)), paid, (f"casino:{p.casino}",)))
    steps.append(Step(_("Every casino has paid. {last}. The casinos are dealt afresh for round {round}, and "
                        "everyone takes back their dice.", last=lines[-1], round=paid.round), paid, ("casinos",)))
    return steps
