"""The Las Vegas rules engine: one checked state, explicit chance, exact undo, sealed saves.

>>> state = new_game(4, seed=1)
>>> state.current_player, state.phase, [str(a) for a in state.legal_actions()]
(0, 'roll', ['roll'])
>>> state.apply(Roll(own=(0, 0, 4, 0, 1, 3)))
>>> [str(a) for a in state.legal_actions()][:2]
['place the 3s on casino 3 (The Mirage)', 'place the 5s on casino 5 (Luxor)']
>>> state.apply(Place(3)); state.placed_on(3)[0], state.in_hand(0)
(4, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, Self

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.config import whole_number
from vegas_tutor.core.dice import Rng, make_rng, rng_state, roll_counts, roll_outcomes
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.core.events import Event
from vegas_tutor.core.state import GameStateBase
from vegas_tutor.i18n import _
from vegas_tutor.las_vegas.actions import Action, Counts, Place, Roll, describe_action, parse_action
from vegas_tutor.las_vegas.rules import (
    BILLS,
    CASINOS,
    DEFAULT_NAMES,
    DICE_PER_PLAYER,
    MIN_STAKE,
    ROUNDS,
    WHITE,
    bills_by_owner,
    cancelled_owners,
    neutral_dice_per_player,
    settle_casino,
    spare_neutral_dice,
)

Phase = Literal["spare", "roll", "place", "over"]
"""``spare``: the start player rolls the 2 spare white dice (3-player variant); ``roll``: the player to
act must roll; ``place``: they choose a face of their roll; ``over``: the game has ended."""

_ZERO: Counts = (0, 0, 0, 0, 0, 0)

MAX_MOVES = 400
"""More moves than any game has (like OpenSpiel's max game length): each turn is a roll and a placement of at
least one die, so a round has at most 80 moves (5 players x 8 dice x 2, or 4 x (8 + 2 white) x 2; 3 x (8 + 2)
x 2 and the spare roll is 61), a game 4 x 80 = 320. The boards stop their automatic moves there (a bug, never
a game)."""


@dataclass(frozen=True)
class CasinoPayout:
    """What one casino paid at the end of a round."""

    casino: int
    dice: tuple[int, ...]
    """Dice per owner before ties cancelled (seats, then white in the variant)."""
    bills: tuple[int, ...]
    takes: Mapping[int, int]
    """Seat -> bill taken."""
    cancelled: tuple[int, ...]
    """Owners whose dice were removed by a tie (the white owner is numbered ``players``)."""
    white_bill: int | None
    returned: tuple[int, ...]


@dataclass
class _Data:
    """Everything that changes during a game; copied whole for undo."""

    round: int
    start: int
    turn: int
    phase: Phase
    pile: list[int]
    casino_bills: list[list[int]]
    placed: list[list[int]]
    hand: list[int]
    white_hand: list[int]
    roll: tuple[Counts, Counts] | None
    won: list[list[int]]
    payouts: list[list[CasinoPayout]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """Everything that happened since the starting position, in order."""

    def copy(self) -> _Data:
        """A copy that shares nothing mutable (payouts and events are never changed once made)."""
        return _Data(
            self.round, self.start, self.turn, self.phase, list(self.pile),
            [list(b) for b in self.casino_bills], [list(p) for p in self.placed], list(self.hand),
            list(self.white_hand), self.roll, [list(w) for w in self.won], list(self.payouts), list(self.events),
        )


@dataclass(frozen=True)
class Config:
    """A game's settings: 2-5 players; the neutral (white dice) variant for 2-4."""

    players: int = 4
    neutral: bool = False

    def __post_init__(self) -> None:
        whole_number(self.players, _("Las Vegas: the number of players"), 2, 5)
        if not isinstance(self.neutral, bool):
            raise ConfigError(_("neutral must be True or False, got {value!r}", value=self.neutral))
        if self.neutral and self.players == 5:
            raise ConfigError(_("the neutral-dice variant is for 2 to 4 players"))

    @property
    def owners(self) -> int:
        """Owners of dice on a casino: the seats, plus white in the variant."""
        return self.players + (1 if self.neutral else 0)


class State(GameStateBase[_Data, Action]):
    """A game of Las Vegas for 2–5 players, with or without the neutral-dice variant.

    Seats are numbered 0.. from the start player of round 1; "left" is the next seat. Money is in
    dollars. Owners of dice on a casino are the seats, then (in the variant) the white owner.
    """

    GAME_ID = "las_vegas"

    def __init__(
        self,
        players: int,
        *,
        neutral: bool,
        data: _Data,
        rng: Rng,
        names: Sequence[str] | None = None,
        origin: dict[str, Any] | None = None,
    ) -> None:
        self._config = Config(players, neutral)
        self._names = tuple(names) if names is not None else DEFAULT_NAMES[:players]
        if origin is None:
            origin = {"kind": "position", "data": _data_to_json(data)}
        super().__init__(data, rng, origin)

    # ------------------------------------------------------------------ reading the state
    @property
    def config(self) -> Config:
        return self._config

    @property
    def players(self) -> int:
        return self._config.players

    @property
    def neutral(self) -> bool:
        return self._config.neutral

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def owners(self) -> int:
        """Number of dice owners on a casino: the seats, plus white in the variant."""
        return self._config.owners

    @property
    def round(self) -> int:
        return self._d.round

    @property
    def start_player(self) -> int:
        return self._d.start

    @property
    def phase(self) -> Phase:
        return self._d.phase

    @property
    def current_player(self) -> int | None:
        return None if self._d.phase == "over" else self._d.turn

    @property
    def is_chance(self) -> bool:
        """True while dice must be rolled (the spare white dice, or the player's own)."""
        return self._d.phase in ("spare", "roll")

    @property
    def is_over(self) -> bool:
        return self._d.phase == "over"

    @property
    def current_roll(self) -> tuple[Counts, Counts] | None:
        """The roll waiting to be placed: (own counts, white counts) per face 1..6."""
        return self._d.roll

    def bills_on(self, casino: int) -> tuple[int, ...]:
        """The bills on a casino this round, highest first."""
        return tuple(self._d.casino_bills[_casino_index(casino)])

    def placed_on(self, casino: int) -> tuple[int, ...]:
        """Dice on a casino per owner (seats, then white in the variant)."""
        return tuple(self._d.placed[_casino_index(casino)])

    def in_hand(self, seat: int) -> int:
        """Dice of the seat's colour not yet placed this round."""
        return self._d.hand[seat]

    def white_in_hand(self, seat: int) -> int:
        return self._d.white_hand[seat]

    def money(self, seat: int) -> int:
        return sum(self._d.won[seat])

    def bills_won(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted(self._d.won[seat], reverse=True))

    @property
    def pile(self) -> tuple[int, ...]:
        """The face-down pile, top first."""
        return tuple(self._d.pile)

    @property
    def payouts(self) -> tuple[tuple[CasinoPayout, ...], ...]:
        """The payouts of every finished round, casino by casino."""
        return tuple(tuple(p) for p in self._d.payouts)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened since the starting position, as structured events."""
        return tuple(self._d.events)

    @property
    def log(self) -> tuple[str, ...]:
        """What happened so far, in the language in force (:mod:`vegas_tutor.las_vegas.words`)."""
        from vegas_tutor.las_vegas.words import say

        return tuple(say(e, self._names) for e in self._d.events)

    @property
    def winners(self) -> list[int]:
        """Most money wins; a tie goes to most bills; still tied, the victory is shared. Empty until the end."""
        return _winners(self._d, self.players) if self.is_over else []

    def owner_name(self, owner: int) -> str:
        return WHITE if owner == self.players else self._names[owner]

    # ------------------------------------------------------------------ the moves
    def legal_actions(self) -> list[Action]:
        """The legal actions in order: a bare roll while dice must be rolled, else the faces rolled, lowest first."""
        if self._d.phase in ("spare", "roll"):
            return [Roll()]
        if self._d.phase == "place":
            assert self._d.roll is not None
            own, white = self._d.roll
            return [Place(f) for f in CASINOS if own[f - 1] + white[f - 1] > 0]
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """While a roll is pending, every possible result (dice counted per face) with its exact probability."""
        if self._d.phase == "spare":
            return [(Roll(white=w), p) for w, p in _outcomes(spare_neutral_dice(self.players))]
        if self._d.phase != "roll":
            return []
        own_n, white_n = self._d.hand[self._d.turn], self._d.white_hand[self._d.turn]
        if white_n == 0:
            return [(Roll(own=o), p) for o, p in _outcomes(own_n)]
        return [
            (Roll(own=o, white=w), po * pw) for o, po in _outcomes(own_n) for w, pw in _outcomes(white_n)
        ]

    def describe(self) -> str:
        """One line on where the game stands, in the language in force."""
        d = self._d
        if d.phase == "over":
            return _("the game is over after {rounds} rounds", rounds=ROUNDS)
        who = self._names[d.turn]
        if d.phase == "spare":
            return _("round {round}, {name} to roll the 2 spare white dice", round=d.round, name=who)
        if d.phase == "roll":
            return _("round {round}, {name} to roll", round=d.round, name=who)
        return _("round {round}, {name} to choose a face of the roll", round=d.round, name=who)

    def _coerce(self, action: object) -> Action:
        if isinstance(action, str):
            return parse_action(action)
        if not isinstance(action, Roll | Place):
            raise InvalidActionError(_("not a Las Vegas action: {action!r}", action=action))
        return action

    def _play(self, d: _Data, action: Action) -> Action:
        if d.phase == "over":
            raise IllegalActionError(_("{action} is not legal: the game is over", action=describe_action(action)))
        played = self._checked(d, action)
        _execute(d, played, self._config, self._rng)
        return played

    def _execute(self, d: _Data, action: Action) -> None:
        _execute(d, action, self._config, self._rng)

    def _checked(self, d: _Data, action: Action) -> Action:
        """``action`` as it will be played (a bare roll resolved); :class:`IllegalActionError` if illegal."""
        players = self.players
        words = describe_action(action)
        if isinstance(action, Place):
            if d.phase != "place" or d.roll is None:
                raise IllegalActionError(_("{action} is not legal now ({state})", action=words,
                                           state=self.describe()))
            own, white = d.roll
            if own[action.face - 1] + white[action.face - 1] == 0:
                rolled = sorted({face for face in CASINOS if own[face - 1] + white[face - 1]})
                raise IllegalActionError(_("{action}: no die of the roll shows {face} (rolled faces: {faces})",
                                           action=words, face=action.face, faces=", ".join(map(str, rolled))))
            return action
        if d.phase == "spare":
            if action.own is not None and any(action.own):
                raise IllegalActionError(_("{action}: only the 2 spare white dice are rolled now", action=words))
            white = _counts(action.white if action.white is not None else roll_counts(self._rng, 2))
            if sum(white) != spare_neutral_dice(players):
                raise IllegalActionError(_("{action}: the spare roll must show exactly 2 white dice", action=words))
            return Roll(white=white)
        if d.phase != "roll":
            raise IllegalActionError(_("{action} is not legal now ({state})", action=words, state=self.describe()))
        own_n, white_n = d.hand[d.turn], d.white_hand[d.turn]
        if action.is_bare:
            own = _counts(roll_counts(self._rng, own_n))
            white = _counts(roll_counts(self._rng, white_n)) if white_n else _ZERO
        else:
            own = _counts(action.own or _ZERO)
            white = _counts(action.white or _ZERO)
            if sum(own) != own_n or sum(white) != white_n:
                raise IllegalActionError(_(
                    "{action}: {name} holds {own} dice of their colour and {white} white, but the roll shows "
                    "{own_shown} and {white_shown}", action=words, name=self._names[d.turn], own=own_n,
                    white=white_n, own_shown=sum(own), white_shown=sum(white)))
        return Roll(own=own, white=white if white_n else None)

    # ------------------------------------------------------------------ saving
    def _config_json(self) -> dict[str, Any]:
        return {"players": self.players, "neutral": self.neutral, "names": list(self._names)}

    @classmethod
    def _from_record(cls, config: Any, origin: Any) -> Self:
        if not isinstance(config, dict) or set(config) != {"players", "neutral", "names"}:
            raise RecordError(_("saved game: config must hold players, neutral and names"))
        settings = Config(config["players"], config["neutral"])
        names = config["names"]
        if not isinstance(names, list) or len(names) != settings.players or \
                not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names):
            raise RecordError(_("saved game: names must be one short name per player"))
        if not isinstance(origin, dict) or set(origin) != {"kind", "data"} or origin["kind"] not in ("new", "position"):
            raise RecordError(_("saved game: origin must be a new game or a position, with its data"))
        data = _data_from_json(origin["data"], settings)
        if origin["kind"] == "new":
            fresh = data.round == 1 and not any(data.won) and data.phase in ("roll", "spare")
            if not fresh:
                raise RecordError(_("saved game: a new game's origin must be the start of round 1"))
            data.events = [_dealt_event(data)]
        state = cls(settings.players, neutral=settings.neutral, data=data, rng=make_rng(), names=names,
                    origin=origin)
        return state

    # ------------------------------------------------------------------ positions
    @classmethod
    def position(
        cls,
        players: int,
        *,
        neutral: bool = False,
        casino_bills: Sequence[Sequence[int]],
        placed: Mapping[int, Sequence[int]] | None = None,
        hand: Sequence[int] | None = None,
        white_hand: Sequence[int] | None = None,
        won: Sequence[Sequence[int]] | None = None,
        round: int = 1,
        start: int = 0,
        turn: int | None = None,
        pile: Sequence[int] | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> Self:
        """Set up any position (worked examples, "what if"), checked for consistency.

        ``placed`` maps a casino to dice per owner; ``hand`` defaults to 8 dice less those placed. The
        pile defaults to every bill not elsewhere, shuffled by ``seed``. The player to act must roll.
        """
        config = Config(players, neutral)
        grid = [[0] * config.owners for _ in CASINOS]
        for casino, counts in (placed or {}).items():
            if len(counts) != config.owners:
                raise ConfigError(_("casino {casino}: give dice for {owners} owners, got {counts}", casino=casino,
                                    owners=config.owners, counts=list(counts)))
            grid[_casino_index(casino)] = [int(c) for c in counts]
        on_board = [sum(grid[c][s] for c in range(6)) for s in range(players)]
        if hand is None:
            hand = [DICE_PER_PLAYER - n for n in on_board]
        if white_hand is None:
            white_hand = [neutral_dice_per_player(players) if neutral else 0] * players
        won_lists = [list(w) for w in (won or [[] for _ in range(players)])]
        bills = [sorted((int(b) for b in c), reverse=True) for c in casino_bills]
        if pile is None:
            left = Counter(BILLS)
            left.subtract(b for c in bills for b in c)
            left.subtract(b for w in won_lists for b in w)
            if any(n < 0 for n in left.values()):
                raise ConfigError(_("the position uses bills the game does not have"))
            rest = [b for b, n in sorted(left.items()) for _ in range(n)]
            pile = [int(b) for b in make_rng(seed).permutation(rest)] if rest else []
        turn = start if turn is None else turn
        data = _Data(round, start, turn, "roll", [int(b) for b in pile], bills, grid, list(hand),
                     list(white_hand), None, won_lists)
        _check_data(data, config)
        if hand[turn] + white_hand[turn] == 0:
            raise ConfigError(_("seat {seat} is to roll but has no dice", seat=turn))
        return cls(players, neutral=neutral, data=data, rng=make_rng(seed), names=names)

    def with_dice(self, casino: int, owner: int, count: int) -> Self:
        """A "what if" copy with ``count`` dice of ``owner`` on ``casino``, taken from or returned to their hand.

        The copy starts a fresh history; the real game is untouched.
        """
        if self.is_over:
            raise IllegalActionError(_("the game is over: there is nothing left to explore"))
        if not is_int(count) or count < 0:
            raise InvalidActionError(_("a dice count must be a whole number >= 0, got {count!r}", count=count))
        if not is_int(owner) or not 0 <= owner < self.owners:
            raise InvalidActionError(_("no owner {owner!r} in this game (0..{last})", owner=owner,
                                       last=self.owners - 1))
        players = self.players
        d = self._d.copy()
        d.events = []
        c = _casino_index(casino)
        delta = count - d.placed[c][owner]
        if owner < players:
            if delta > d.hand[owner]:
                raise IllegalActionError(_("{name} has only {n} dice in hand to add to casino {casino}",
                                           name=self._names[owner], n=d.hand[owner], casino=casino))
            d.hand[owner] -= delta
        elif delta <= 0:
            d.white_hand[d.turn] -= delta
        else:
            if delta > sum(d.white_hand):
                raise IllegalActionError(_("only {n} white dice are still in players' hands", n=sum(d.white_hand)))
            for s in [*range(d.turn, players), *range(d.turn)]:
                moved = min(delta, d.white_hand[s])
                d.white_hand[s] -= moved
                delta -= moved
        d.placed[c][owner] = count
        if d.phase == "place":
            d.roll = None
            d.phase = "roll"
        if d.phase == "roll" and not _has_dice(d, d.turn):
            others = [s for s in range(players) if _has_dice(d, s)]
            if not others:
                raise IllegalActionError(_("that would leave no dice to roll: the round would be over"))
            d.turn = others[0]
        _check_data(d, self._config)
        return type(self)(players, neutral=self.neutral, data=d, rng=make_rng(), names=self._names)

    def __eq__(self, other: object) -> bool:
        """Same settings, same position and the same dice generator state (history aside)."""
        if not isinstance(other, State):
            return NotImplemented
        return (
            (self._config, self._names) == (other._config, other._names)
            and self._d == other._d
            and rng_state(self._rng) == rng_state(other._rng)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<las_vegas.State {self.players} players{' neutral' if self.neutral else ''}: {self.describe()}>"


def new_game(
    players: int = 4, *, neutral: bool = False, seed: int | None = None, names: Sequence[str] | None = None
) -> State:
    """A new game: the 54 bills shuffled by ``seed`` and dealt to the casinos; seat 0 starts and must roll."""
    config = Config(players, neutral)
    if names is not None and len(names) != players:
        raise ConfigError(_("give one name per player ({players}), got {count}", players=players, count=len(names)))
    rng = make_rng(seed)
    pile = [int(b) for b in rng.permutation(BILLS)]
    data = _Data(1, 0, 0, "roll", pile, [[] for _ in CASINOS], [[0] * config.owners for _ in CASINOS],
                 [0] * players, [0] * players, None, [[] for _ in range(players)])
    _start_round(data, config)
    origin_data = data.copy()
    origin_data.events = []
    return State(players, neutral=neutral, data=data, rng=rng, names=names,
                 origin={"kind": "new", "data": _data_to_json(origin_data)})


# ---------------------------------------------------------------------- the rules, on the plain record
def _execute(d: _Data, action: Action, config: Config, rng: Rng) -> None:
    """Play a legal action on ``d`` (a bare roll is rolled with ``rng``)."""
    if isinstance(action, Place):
        _place(d, action.face, config)
        return
    if d.phase == "spare":
        white = action.white if action.white is not None else roll_counts(rng, 2)
        for f in CASINOS:
            d.placed[f - 1][config.players] += white[f - 1]
        d.phase = "roll"
        d.events.append(Event("spare_roll", seat=d.turn, white=list(white)))
        return
    own_n, white_n = d.hand[d.turn], d.white_hand[d.turn]
    if action.is_bare:
        own = _counts(roll_counts(rng, own_n))
        white = _counts(roll_counts(rng, white_n)) if white_n else _ZERO
    else:
        own, white = _counts(action.own or _ZERO), _counts(action.white or _ZERO)
    d.roll = (own, white)
    d.phase = "place"
    d.events.append(Event("roll", seat=d.turn, own=list(own), white=list(white) if white_n else None))


def _place(d: _Data, face: int, config: Config) -> None:
    assert d.roll is not None
    own, white = d.roll
    seat = d.turn
    d.placed[face - 1][seat] += own[face - 1]
    d.hand[seat] -= own[face - 1]
    if white[face - 1]:
        d.placed[face - 1][config.players] += white[face - 1]
        d.white_hand[seat] -= white[face - 1]
    d.roll = None
    d.events.append(Event("place", seat=seat, casino=face, dice=own[face - 1], white=white[face - 1]))
    _advance(d, config)


def _has_dice(d: _Data, seat: int) -> bool:
    return d.hand[seat] + d.white_hand[seat] > 0


def _advance(d: _Data, config: Config) -> None:
    players = config.players
    for step in range(1, players + 1):
        seat = (d.turn + step) % players
        if _has_dice(d, seat):
            skipped = [(d.turn + k) % players for k in range(1, step)]
            if skipped:
                d.events.append(Event("pass", seats=skipped))
            d.turn = seat
            d.phase = "roll"
            return
    _pay_out(d, config)
    if d.round == ROUNDS:
        d.phase = "over"
        d.events.append(Event("game_over", winners=_winners(d, players)))
        return
    d.round += 1
    d.start = (d.start + 1) % players
    d.turn = d.start
    d.events.append(Event("round_start", round=d.round, start=d.start))
    _start_round(d, config)


def _winners(d: _Data, players: int) -> list[int]:
    best = max((sum(d.won[s]), len(d.won[s])) for s in range(players))
    return [s for s in range(players) if (sum(d.won[s]), len(d.won[s])) == best]


def _pay_out(d: _Data, config: Config) -> None:
    players = config.players
    results = []
    for f in CASINOS:
        counts = d.placed[f - 1]
        dice = {str(o): n for o, n in enumerate(counts[:players])}
        if config.neutral:
            dice[WHITE] = counts[players]
        bills = d.casino_bills[f - 1]
        takes, returned = settle_casino(dice, bills)
        cancelled = tuple(cancelled_owners(counts))
        seat_takes = {int(k): v for k, v in takes.items()}
        for seat, bill in seat_takes.items():
            d.won[seat].append(bill)
        white_bill = bills_by_owner(counts, bills, players)[players] or None if config.neutral else None
        d.pile.extend(returned)
        results.append(CasinoPayout(f, tuple(counts), tuple(bills), seat_takes, cancelled, white_bill,
                                    tuple(returned)))
        d.events.append(Event("payout", casino=f, takes=[[s, b] for s, b in seat_takes.items()],
                              cancelled=list(cancelled), white_bill=white_bill, returned=list(returned)))
    d.payouts.append(results)
    d.casino_bills = [[] for _ in CASINOS]  # every bill has left the casinos: taken, or under the pile


def deal(pile: list[int], casino_bills: list[list[int]]) -> None:
    """Deal from the top of the pile to casinos 1..6 in turn until each holds >= $50k (or the pile is empty)."""
    for bills in casino_bills:
        while sum(bills) < MIN_STAKE and pile:
            bills.append(pile.pop(0))
        bills.sort(reverse=True)


def _start_round(d: _Data, config: Config) -> None:
    players = config.players
    d.casino_bills = [[] for _ in CASINOS]
    deal(d.pile, d.casino_bills)
    d.placed = [[0] * config.owners for _ in CASINOS]
    d.hand = [DICE_PER_PLAYER] * players
    d.white_hand = [neutral_dice_per_player(players) if config.neutral else 0] * players
    d.roll = None
    d.turn = d.start
    d.phase = "spare" if config.neutral and spare_neutral_dice(players) else "roll"
    d.events.append(_dealt_event(d))


def _dealt_event(d: _Data) -> Event:
    return Event("bills_dealt", round=d.round, bills=[list(b) for b in d.casino_bills])


def _outcomes(n: int) -> list[tuple[Counts, Fraction]]:
    return [(_counts(c), p) for c, p in roll_outcomes(n)]


def _counts(c: Sequence[int]) -> Counts:
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def _casino_index(casino: int) -> int:
    if not is_int(casino) or not 1 <= casino <= 6:
        raise InvalidActionError(_("casinos are numbered 1..6, got {casino!r}", casino=casino))
    return casino - 1


def _check_data(d: _Data, config: Config) -> None:
    """Raise ConfigError unless the position could occur in a game with these settings."""
    players, neutral, owners = config.players, config.neutral, config.owners
    problems = []
    if not 1 <= d.round <= ROUNDS or not 0 <= d.start < players or not 0 <= d.turn < players:
        problems.append(_("round, start player or player to act out of range"))
    if len(d.placed) != 6 or any(len(c) != owners or min(c) < 0 for c in d.placed):
        problems.append(_("dice on casinos must be 6 rows of {owners} counts >= 0", owners=owners))
    if len(d.hand) != players or len(d.white_hand) != players or min(d.hand + d.white_hand) < 0:
        problems.append(_("dice in hand must be one count >= 0 per player"))
    elif not problems and any(d.hand[s] + sum(c[s] for c in d.placed) != DICE_PER_PLAYER for s in range(players)):
        problems.append(_("each player must have {dice} dice between hand and casinos", dice=DICE_PER_PLAYER))
    white_total = (neutral_dice_per_player(players) * players + spare_neutral_dice(players)) if neutral else 0
    if not problems and sum(d.white_hand) + sum(c[players] for c in d.placed if len(c) > players) > white_total:
        problems.append(_("more than {n} white dice", n=white_total))
    if len(d.casino_bills) != 6 or len(d.won) != players:
        problems.append(_("need bills for 6 casinos and a list of won bills per player"))
    elif Counter(d.pile) + Counter(b for c in d.casino_bills for b in c) + Counter(
        b for w in d.won for b in w
    ) != Counter(BILLS):
        problems.append(_("the bills on the pile, the casinos and won by players must be exactly the game's 54"))
    if d.phase not in ("spare", "roll", "place", "over"):
        problems.append(_("unknown phase {phase!r}", phase=d.phase))
    elif not problems:
        problems.extend(_phase_problems(d, config))
    if problems:
        raise ConfigError(_("impossible Las Vegas position: {problems}", problems="; ".join(problems)))


def _phase_problems(d: _Data, config: Config) -> list[str]:
    """What is inconsistent between the phase, the roll waiting to be placed and the dice in hand."""
    if d.phase == "place":
        if d.roll is None:
            return [_("a face is to be chosen, but no roll is waiting")]
        own, white = d.roll
        if sum(own) != d.hand[d.turn] or sum(white) != d.white_hand[d.turn] or sum(own) + sum(white) == 0:
            return [_("the roll waiting to be placed is not the dice the player to act holds")]
        return []
    if d.roll is not None:
        return [_("a roll is waiting although the phase is {phase!r}", phase=d.phase)]
    if d.phase == "spare" and not (config.neutral and spare_neutral_dice(config.players)):
        return [_("only a 3-player neutral game rolls spare white dice")]
    if d.phase in ("spare", "roll") and not _has_dice(d, d.turn):
        return [_("the player to roll has no dice")]
    if d.phase == "over" and (d.round != ROUNDS or any(_has_dice(d, s) for s in range(config.players))):
        return [_("the game can only be over after the last round")]
    return []


def _data_to_json(d: _Data) -> dict[str, Any]:
    return {
        "round": d.round, "start": d.start, "turn": d.turn, "phase": d.phase, "pile": list(d.pile),
        "casino_bills": [list(b) for b in d.casino_bills], "placed": [list(p) for p in d.placed],
        "hand": list(d.hand), "white_hand": list(d.white_hand),
        "roll": None if d.roll is None else [list(d.roll[0]), list(d.roll[1])],
        "won": [list(w) for w in d.won],
    }


_DATA_KEYS = {"round", "start", "turn", "phase", "pile", "casino_bills", "placed", "hand", "white_hand", "roll", "won"}


def _data_from_json(raw: Any, config: Config) -> _Data:
    if not isinstance(raw, dict) or set(raw) != _DATA_KEYS:
        raise RecordError(_("saved game: the starting position must hold {keys}", keys=", ".join(sorted(_DATA_KEYS))))

    def ints(x: Any, size: int | None = None) -> list[int]:
        if not isinstance(x, list) or not all(is_int(v) for v in x):
            raise RecordError(_("saved game: expected a list of whole numbers, got {value}", value=str(x)[:60]))
        if size is not None and len(x) != size:
            raise RecordError(_("saved game: expected {size} numbers, got {count}", size=size, count=len(x)))
        return list(x)

    def rows(x: Any) -> list[list[int]]:
        if not isinstance(x, list):
            raise RecordError(_("saved game: expected a list of lists of whole numbers"))
        return [ints(r) for r in x]

    for name in ("round", "start", "turn"):
        if not is_int(raw[name]):
            raise RecordError(_("saved game: {name} must be a whole number", name=name))
    phase = raw["phase"]
    if phase not in ("spare", "roll", "place", "over"):
        raise RecordError(_("saved game: unknown phase {phase!r}", phase=str(phase)[:20]))
    roll = raw["roll"]
    if roll is not None and (not isinstance(roll, list) or len(roll) != 2):
        raise RecordError(_("saved game: the roll must be two lists of six counts, or null"))
    d = _Data(
        raw["round"], raw["start"], raw["turn"], phase, ints(raw["pile"]), rows(raw["casino_bills"]),
        rows(raw["placed"]), ints(raw["hand"]), ints(raw["white_hand"]),
        None if roll is None else (_counts(ints(roll[0], 6)), _counts(ints(roll[1], 6))), rows(raw["won"]),
    )
    if d.roll is not None and min(*d.roll[0], *d.roll[1]) < 0:
        raise RecordError(_("saved game: a roll cannot show a negative count"))
    try:
        _check_data(d, config)
    except ConfigError as exc:
        raise RecordError(_("saved game: {problem}", problem=str(exc))) from None
    return d
