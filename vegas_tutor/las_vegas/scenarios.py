"""Every worked example of the Las Vegas rulebook (docs/rules.md §1), replayed move by move through the engine.

Each scenario starts from a set-up position and applies real actions, so the numbers a learner sees
are the engine's own. The tests assert the rulebook's numbers on these states.

:data:`SCENARIOS` tells them in the language in force: the narration and titles are built (once per
language) when a scenario is first asked for.

>>> from vegas_tutor.i18n import using
>>> with using("es"):
...     SCENARIOS["LV-TIE-1"].title
'Los empates se anulan: Caesars Palace'
>>> SCENARIOS["LV-TIE-1"].title
'Ties cancel: Caesars Palace'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache

from vegas_tutor import i18n
from vegas_tutor.core.scenario import Scenario, Step
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Place, Roll
from vegas_tutor.las_vegas.engine import State, deal, new_game
from vegas_tutor.las_vegas.rules import BILLS, CASINO_NAMES, money

LVStep = Step[State]
LVScenario = Scenario[State]


def _roll(*faces: int, white: Sequence[int] = ()) -> Roll:
    own = tuple(faces.count(f) for f in range(1, 7))
    w = tuple(list(white).count(f) for f in range(1, 7)) if white else None
    return Roll(own=own, white=w)  # type: ignore[arg-type]


def _after(state: State, *actions: Roll | Place) -> State:
    """A copy of ``state`` with ``actions`` played."""
    nxt = state.copy()
    for action in actions:
        nxt.apply(action)
    return nxt


# ---------------------------------------------------------------------------- LV-SETUP
_SETUP_TOP = [10_000, 30_000, 20_000, 90_000, 40_000, 10_000, 20_000, 20_000, 10_000, 50_000, 30_000, 30_000]


def _setup() -> LVScenario:
    rest = list(BILLS)
    for b in _SETUP_TOP:
        rest.remove(b)
    pile = _SETUP_TOP + rest
    casinos: list[list[int]] = [[] for _ in range(6)]
    steps = [LVStep(
        _("The 54 bills are shuffled and stacked face down. Now each casino, from 1 to 6, gets bills from "
        "the top of the pile until it holds at least $50k."),
        State.position(4, casino_bills=casinos, pile=pile),
        ("pile",),
    )]
    for c in range(1, 7):
        before = list(pile)
        deal(pile, [casinos[c - 1]])
        dealt = casinos[c - 1]
        taken = _(", then ").join(money(b) for b in before[: len(before) - len(pile)])
        fields = {"casino": c, "name": CASINO_NAMES[c], "taken": taken, "total": money(sum(dealt))}
        steps.append(LVStep(
            _("Casino {casino} ({name}) is dealt {taken}: {total} in all, so it is done. Its bills are laid out "
              "highest first: {bills}.", bills=", ".join(money(b) for b in dealt), **fields) if len(dealt) > 1
            else _("Casino {casino} ({name}) is dealt {taken}: {total} in all, so it is done. One bill was "
                   "already enough.", **fields),
            State.position(4, casino_bills=[list(b) for b in casinos], pile=list(pile)),
            (f"casino:{c}",),
        ))
    return LVScenario("LV-SETUP", _("Dealing the bills"), tuple(steps))


# ---------------------------------------------------------------------------- LV-ROLL and LV-PASS
_BILLS_A = [[60_000], [80_000, 30_000, 10_000], [50_000], [90_000], [40_000, 40_000], [70_000, 20_000]]


def _roll_scenario() -> LVScenario:
    start = State.position(
        4, casino_bills=_BILLS_A,
        placed={1: [3, 1, 2, 2], 2: [2, 1, 3, 1], 4: [2, 1, 2, 4]},
        turn=1,
    )
    rolled = _after(start, _roll(3, 3, 3, 3, 5))
    placed = _after(rolled, Place(3))
    others = _after(placed, _roll(6), Place(6), _roll(2), Place(2), _roll(4), Place(4))
    last = _after(others, _roll(5))
    done = _after(last, Place(5))
    return LVScenario("LV-ROLL", _("Rolling and placing: all dice of one face"), (
        LVStep(_("Mid-round, it is Benno's turn. He still holds 5 dice; Anna, Carla and Denny hold 1 each."),
               start, ("seat:1",)),
        LVStep(_("Benno rolls all 5 of his dice: four 3s and a 5. He must choose one face and place every die "
               "showing it."), rolled, ("roll",)),
        LVStep(_("He chooses the 3s, so all four go to casino 3 (The Mirage). Placing only one, two or three "
               "of them is not allowed: the only choices were 'all the 3s' or 'the 5'."), placed, ("casino:3",)),
        LVStep(_("Carla, Denny and Anna each roll their last die and place it."), others,
               ("seat:2", "seat:3", "seat:0")),
        LVStep(_("Back to Benno. He rolls his one remaining die: a 5. With a single face there is a single "
               "choice."), last, ("roll",)),
        LVStep(_("He places it on casino 5 (Luxor). Every die is now on a casino, so the round ends and the "
               "casinos pay out."), done, ("casino:5",)),
    ))


def _pass_scenario() -> LVScenario:
    start = State.position(
        4, casino_bills=_BILLS_A,
        placed={1: [3, 1, 2, 2], 2: [3, 1, 3, 2], 3: [1, 0, 0, 0], 4: [0, 1, 3, 4]},
        turn=0,
    )
    a = _after(start, _roll(5))
    b = _after(a, Place(5))
    c = _after(b, _roll(2, 2, 6, 6, 6))
    d = _after(c, Place(6))
    e = _after(d, _roll(1, 5))
    f = _after(e, Place(1))
    g = _after(f, _roll(5), Place(5))
    return LVScenario("LV-PASS", _("Out of dice: passing, and several turns in a row"), (
        LVStep(_("Carla and Denny have placed all their dice. Anna has 1 left, Benno 5."), start, ("seat:0",)),
        LVStep(_("Anna rolls her last die: a 5."), a, ("roll",)),
        LVStep(_("She places it on casino 5. Now Benno is the only player with dice."), b, ("casino:5",)),
        LVStep(_("Carla and Denny have no dice left, so they pass. Benno rolls his 5 dice: two 2s and three "
               "6s."), c, ("roll",)),
        LVStep(_("Benno places his three 6s on casino 6. Anna, Carla and Denny all pass, so Benno plays again."),
               d, ("casino:6",)),
        LVStep(_("Benno's second turn in a row: he rolls his 2 remaining dice, a 1 and a 5."), e, ("roll",)),
        LVStep(_("He places the 1 on casino 1, and keeps going: one die left."), f, ("casino:1",)),
        LVStep(_("His third turn in a row: he rolls a 5 and places it. All dice are placed: the round ends."), g,
               ("casino:5",)),
    ))


# ---------------------------------------------------------------------------- the payout round
# A 4-player round that ends when Denny places his last die; the rulebook's payout examples are its casinos.
_PAYOUT_PLACED: Mapping[int, Sequence[int]] = {
    1: [2, 1, 2, 1],  # Golden Nugget: Anna 2, Carla 2, Benno 1, Denny 1 -> everyone cancels (LV-TIE-2)
    2: [5, 3, 3, 1],  # Caesars Palace: Anna 5, Benno 3, Carla 3, Denny 1 (LV-TIE-1, LV-PAY-1)
    3: [1, 0, 0, 0],
    4: [0, 0, 0, 4],
    5: [0, 2, 0, 0],  # Luxor: only Benno, two $40k bills (LV-PAY-2)
    6: [0, 2, 3, 1],  # Circus Circus: Carla 3, Benno 2, Denny 1, bills $70k and $20k (LV-PAY-3)
}


def _payout_round(round: int = 1, won: Sequence[Sequence[int]] | None = None) -> tuple[State, State, State]:
    start = State.position(4, casino_bills=_BILLS_A, placed=_PAYOUT_PLACED, turn=3, round=round, start=0,
                           won=won)
    rolled = _after(start, _roll(4))
    paid = _after(rolled, Place(4))
    return start, rolled, paid


def _tie_scenarios() -> list[LVScenario]:
    start, _rolled, paid = _payout_round()
    return [
        LVScenario("LV-TIE-1", _("Ties cancel: Caesars Palace"), (
            LVStep(_("Caesars Palace (casino 2) holds Anna 5 dice, Benno 3, Carla 3 and Denny 1. Its bills: "
                   "$80k, $30k, $10k. Denny is about to place his last die elsewhere."), start, ("casino:2",)),
            LVStep(_("The round ends and casino 2 pays. Benno and Carla both have 3 dice: a tie, so both remove "
                   "their dice and get nothing. Anna (5 dice) and Denny (1) are left."), paid, ("casino:2",)),
        )),
        LVScenario("LV-TIE-2", _("Ties cancel: Golden Nugget"), (
            LVStep(_("Golden Nugget (casino 1) holds Anna 2 dice, Carla 2, Benno 1 and Denny 1."), start,
                   ("casino:1",)),
            LVStep(_("Anna and Carla tie with 2; Benno and Denny tie with 1. Every die is removed, nobody is "
                   "paid, and the $60k bill goes back under the pile."), paid, ("casino:1",)),
        )),
    ]


def _pay_scenarios() -> list[LVScenario]:
    start, _rolled, paid = _payout_round()
    return [
        LVScenario("LV-PAY-1", _("Most dice takes the biggest bill"), (
            LVStep(_("After the tie, Caesars Palace has Anna with 5 dice and Denny with 1. Bills: $80k, $30k, "
                   "$10k."), start, ("casino:2",)),
            LVStep(_("Anna, with the most dice, takes the $80k; Denny takes the next bill, $30k. Nobody is left "
                   "for the $10k, so it goes face down to the bottom of the pile."), paid, ("casino:2",)),
        )),
        LVScenario("LV-PAY-2", _("More bills than players"), (
            LVStep(_("Luxor (casino 5) has two $40k bills, and only Benno has dice there."), start, ("casino:5",)),
            LVStep(_("Benno takes one $40k bill. The other goes to the bottom of the pile."), paid, ("casino:5",)),
        )),
        LVScenario("LV-PAY-3", _("More players than bills"), (
            LVStep(_("Circus Circus (casino 6) has $70k and $20k. Carla has 3 dice, Benno 2, Denny 1."), start,
                   ("casino:6",)),
            LVStep(_("Carla takes the $70k, Benno the $20k. Denny has dice there too, but no bill is left: he "
                   "gets nothing."), paid, ("casino:6",)),
        )),
    ]


def _round_scenario() -> LVScenario:
    start, rolled, paid = _payout_round()
    return LVScenario("LV-ROUND", _("The next round"), (
        LVStep(_("Round 1 is about to end: Denny holds the last die."), start, ("seat:3",)),
        LVStep(_("Denny rolls his last die: a 4."), rolled, ("roll",)),
        LVStep(_("He places it on Sahara. Every casino pays out; unclaimed bills go under the pile. Then "
               "the casinos are refilled from the top of the pile to at least $50k each, everyone takes back "
               "their 8 dice, and the start-player card passes left: Benno starts round 2."), paid,
               ("casinos", "seat:1")),
    ))


def _end_scenario() -> LVScenario:
    # Before the last round Anna has $200k in 4 bills, Benno $270k in 3; Carla and Denny trail.
    won = [[50_000] * 4, [90_000] * 3, [20_000], [10_000, 20_000]]
    won_shared = [[50_000] * 4, [90_000, 90_000, 60_000, 30_000], [20_000], [10_000, 20_000]]
    start, _rolled, paid = _payout_round(round=4, won=won)
    shared = _payout_round(round=4, won=won_shared)[2]
    return LVScenario("LV-END", _("The end of the game"), (
        LVStep(_("Round 4, the last. Denny places the game's last die."), start, ("seat:3",)),
        LVStep(_("After the payout Anna and Benno both have $330k: a tie on money. Anna holds 6 bills, Benno "
               "5, so Anna wins on the number of bills."), paid, ("money",)),
        LVStep(_("Had they also held the same number of bills, they would share the victory, as here."), shared,
               ("money",)),
    ))


# ---------------------------------------------------------------------------- neutral variant
def _neutral_roll() -> LVScenario:
    start = State.position(
        4, neutral=True, casino_bills=_BILLS_A,
        placed={1: [1, 2, 0, 1, 0], 2: [2, 1, 0, 3, 1], 3: [0, 1, 5, 0, 1]},
        white_hand=[1, 1, 2, 2], turn=2,
    )
    rolled = _after(start, _roll(1, 1, 5, white=(1, 6)))
    white_only = _after(rolled, Place(6))
    return LVScenario("LV-NEUTRAL-ROLL", _("Rolling with white dice"), (
        LVStep(_("Neutral variant: Carla rolls her own dice together with her 2 white dice."), start, ("seat:2",)),
        LVStep(_("Her colour shows two 1s and a 5; the white dice show a 1 and a 6. She may place the three 1s "
               "(her two and the white one together), her 5, or the white 6 alone."), rolled, ("roll",)),
        LVStep(_("She places the white 6 on Circus Circus: white dice can be placed on their own."), white_only,
               ("casino:6",)),
    ))


_NEUTRAL_PLACED: Mapping[int, Sequence[int]] = {
    1: [6, 0, 0, 3, 1],
    2: [0, 5, 4, 0, 0],
    3: [0, 2, 0, 0, 3],  # The Mirage: white 3, Benno 2; bills $80k and $30k (LV-NEUTRAL-PAY-1)
    4: [0, 0, 0, 4, 2],
    5: [1, 1, 0, 0, 0],
    6: [1, 0, 4, 0, 2],  # Circus Circus: Carla 4, white 2, Anna 1; bills $70k and $40k (LV-NEUTRAL-PAY-2)
}
_NEUTRAL_BILLS = [[60_000], [50_000], [80_000, 30_000], [90_000], [30_000, 20_000], [70_000, 40_000]]


def _neutral_pay() -> list[LVScenario]:
    start = State.position(4, neutral=True, casino_bills=_NEUTRAL_BILLS, placed=_NEUTRAL_PLACED,
                           white_hand=[0, 0, 0, 0], turn=3)
    paid = _after(start, _roll(5), Place(5))
    return [
        LVScenario("LV-NEUTRAL-PAY-1", _("White wins a bill"), (
            LVStep(_("The Mirage (casino 3): the white dice are 3, Benno has 2. Bills: $80k and $30k."), start,
                   ("casino:3",)),
            LVStep(_("White counts as an extra, imaginary player. It has the most dice, so it wins the $80k, "
                   "which goes to the bottom of the pile. Benno takes the $30k."), paid, ("casino:3",)),
        )),
        LVScenario("LV-NEUTRAL-PAY-2", _("White takes a bill from Anna"), (
            LVStep(_("Circus Circus (casino 6): Carla 4 dice, white 2, Anna 1. Bills: $70k and $40k."), start,
                   ("casino:6",)),
            LVStep(_("Carla takes the $70k. White is second: its $40k goes under the pile, and Anna, third, gets "
                   "nothing."), paid, ("casino:6",)),
        )),
    ]


def _neutral_3p() -> LVScenario:
    spare = new_game(3, neutral=True, seed=3)
    rolled = _after(spare, Roll(white=(0, 1, 0, 0, 1, 0)))
    return LVScenario("LV-NEUTRAL-3P", _("Three players: the spare white dice"), (
        LVStep(_("With 3 players each takes 2 white dice, and 2 white dice are left over. At the start of the "
               "round the start player, Anna, rolls those 2 spares."), spare, ("white",)),
        LVStep(_("They show a 2 and a 5: one white die goes on Caesars Palace and one on Luxor, before anyone "
               "has played. Now Anna takes her first turn as usual."), rolled, ("casino:2", "casino:5")),
    ))


def _build() -> dict[str, LVScenario]:
    scenarios = [
        _setup(), _roll_scenario(), _pass_scenario(), *_tie_scenarios(), *_pay_scenarios(), _round_scenario(),
        _end_scenario(), _neutral_roll(), *_neutral_pay(), _neutral_3p(),
    ]
    return {s.id: s for s in scenarios}


@cache
def _built(lang: str) -> dict[str, LVScenario]:
    with i18n.using(lang):
        return _build()


class _Scenarios(Mapping[str, LVScenario]):
    """The scenarios by id, told in the language in force."""

    def __getitem__(self, key: str) -> LVScenario:
        return _built(i18n.language())[key]

    def __iter__(self) -> Iterator[str]:
        return iter(_built(i18n.language()))

    def __len__(self) -> int:
        return len(_built(i18n.language()))


SCENARIOS: Mapping[str, LVScenario] = _Scenarios()
"""Every ``LV-*`` worked example of docs/rules.md, by id, in the language in force."""
