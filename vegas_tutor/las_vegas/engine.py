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

from vegas_tutor.core.dice import Rng, make_rng, roll_counts, roll_outcomes
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.core.record import dump_record, load_record
from vegas_tutor.las_vegas.actions import Action, Counts, Place, Roll, parse_action
from vegas_tutor.las_vegas.rules import (
    BILLS,
    CASINO_NAMES,
    CASINOS,
    DEFAULT_NAMES,
    DICE_PER_PLAYER,
    MIN_STAKE,
    ROUNDS,
    WHITE,
    money,
    neutral_dice_per_player,
    settle_casino,
    spare_neutral_dice,
)

Phase = Literal["spare", "roll", "place", "over"]
"""``spare``: the start player rolls the 2 spare white dice (3-player variant); ``roll``: the player to
act must roll; ``place``: they choose a face of their roll; ``over``: the game has ended."""

RECORD_GAME = "las_vegas"
RECORD_VERSION = 1
_ZERO: Counts = (0, 0, 0, 0, 0, 0)


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
    log: list[str] = field(default_factory=list)

    def copy(self) -> _Data:
        """A copy that shares nothing mutable (the payouts and log entries themselves are immutable)."""
        return _Data(
            self.round, self.start, self.turn, self.phase, list(self.pile),
            [list(b) for b in self.casino_bills], [list(p) for p in self.placed], list(self.hand),
            list(self.white_hand), self.roll, [list(w) for w in self.won], list(self.payouts), list(self.log),
        )


class State:
    """A game of Las Vegas for 2–5 players, with or without the neutral-dice variant.

    Seats are numbered 0.. from the start player of round 1; "left" is the next seat. Money is in
    dollars. Owners of dice on a casino are the seats, then (in the variant) the white owner.
    """

    def __init__(
        self,
        players: int,
        *,
        neutral: bool,
        data: _Data,
        rng: Rng,
        names: Sequence[str] | None = None,
    ) -> None:
        self._players = players
        self._neutral = neutral
        self._names = tuple(names) if names is not None else DEFAULT_NAMES[:players]
        self._d = data
        self._rng = rng
        self._undo: list[tuple[_Data, dict[str, Any], Action]] = []
        self._origin: tuple[_Data, dict[str, Any]] = (data.copy(), _rng_state(rng))

    # ------------------------------------------------------------------ reading the state
    @property
    def players(self) -> int:
        return self._players

    @property
    def neutral(self) -> bool:
        return self._neutral

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def owners(self) -> int:
        """Number of dice owners on a casino: the seats, plus white in the variant."""
        return self._players + (1 if self._neutral else 0)

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
    def log(self) -> tuple[str, ...]:
        """What happened so far, in plain words."""
        return tuple(self._d.log)

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied since the starting position (rolls with their results)."""
        return tuple(a for _, _, a in self._undo)

    @property
    def winners(self) -> list[int]:
        """Most money wins; a tie goes to most bills; still tied, the victory is shared. Empty until the end."""
        if not self.is_over:
            return []
        best = max((self.money(s), len(self._d.won[s])) for s in range(self._players))
        return [s for s in range(self._players) if (self.money(s), len(self._d.won[s])) == best]

    def owner_name(self, owner: int) -> str:
        return WHITE if owner == self._players else self._names[owner]

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

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        """While a roll is pending, every possible result (dice counted per face) with its exact probability."""
        if self._d.phase == "spare":
            return [(Roll(white=w), p) for w, p in _outcomes(spare_neutral_dice(self._players))]
        if self._d.phase != "roll":
            return []
        own_n, white_n = self._d.hand[self._d.turn], self._d.white_hand[self._d.turn]
        if white_n == 0:
            return [(Roll(own=o), p) for o, p in _outcomes(own_n)]
        return [
            (Roll(own=o, white=w), po * pw) for o, po in _outcomes(own_n) for w, pw in _outcomes(white_n)
        ]

    def apply(self, action: Action | str) -> None:
        """Check and play an action (or its text). An illegal or malformed one raises and changes nothing."""
        if isinstance(action, str):
            action = parse_action(action)
        if not isinstance(action, Roll | Place):
            raise InvalidActionError(f"not a Las Vegas action: {action!r}")
        before = (self._d.copy(), _rng_state(self._rng))
        try:
            resolved = self._apply(action)
        except BaseException:
            self._d, rng_state = before
            self._rng.bit_generator.state = rng_state
            raise
        self._undo.append((before[0], before[1], resolved))

    def undo(self) -> Action:
        """Take back the last action (a roll included) and return it; the generator is rewound too."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: this is the starting position")
        data, rng_state, action = self._undo.pop()
        self._d = data.copy()  # the snapshot itself stays untouched: copies of this state may share it
        self._rng.bit_generator.state = rng_state
        return action

    def copy(self) -> Self:
        """An independent copy (its own generator in the same state, the same undo history), for branching."""
        twin = type(self)(self._players, neutral=self._neutral, data=self._d.copy(), rng=_clone_rng(self._rng),
                          names=self._names)
        twin._undo = list(self._undo)
        twin._origin = self._origin
        return twin

    # ------------------------------------------------------------------ the rules
    def _describe(self, action: Action) -> str:
        return f"{action} is not legal now ({self.describe()})"

    def describe(self) -> str:
        """One line on where the game stands."""
        d = self._d
        if d.phase == "over":
            return f"the game is over after {ROUNDS} rounds"
        who = self._names[d.turn]
        doing = {
            "spare": "to roll the 2 spare white dice",
            "roll": "to roll",
            "place": "to choose a face of the roll",
        }[d.phase]
        return f"round {d.round}, {who} {doing}"

    def _apply(self, action: Action) -> Action:
        d = self._d
        if d.phase == "over":
            raise IllegalActionError(f"{action} is not legal: the game is over")
        if isinstance(action, Place):
            return self._place(action)
        if d.phase == "spare":
            if action.own is not None and any(action.own):
                raise IllegalActionError(f"{action}: only the 2 spare white dice are rolled now")
            white = _counts(action.white if action.white is not None else roll_counts(self._rng, 2))
            if sum(white) != spare_neutral_dice(self._players):
                raise IllegalActionError(f"{action}: the spare roll must show exactly 2 white dice")
            for f in CASINOS:
                d.placed[f - 1][self._players] += white[f - 1]
            d.phase = "roll"
            done = Roll(white=white)
            d.log.append(f"{self._names[d.turn]} rolls the spare white dice: {str(done)[5:]}; they go on "
                         "their casinos")
            return done
        if d.phase != "roll":
            raise IllegalActionError(self._describe(action))
        own_n, white_n = d.hand[d.turn], d.white_hand[d.turn]
        if action.is_bare:
            own = _counts(roll_counts(self._rng, own_n))
            white = _counts(roll_counts(self._rng, white_n)) if white_n else _ZERO
        else:
            own = _counts(action.own or _ZERO)
            white = _counts(action.white or _ZERO)
            if sum(own) != own_n or sum(white) != white_n:
                raise IllegalActionError(
                    f"{action}: {self._names[d.turn]} holds {own_n} dice of their colour and {white_n} white, "
                    f"but the roll shows {sum(own)} and {sum(white)}"
                )
        d.roll = (own, white)
        d.phase = "place"
        done = Roll(own=own, white=white if white_n else None)
        d.log.append(f"{self._names[d.turn]} rolls {str(done)[5:]}")
        return done

    def _place(self, action: Place) -> Action:
        d = self._d
        if d.phase != "place" or d.roll is None:
            raise IllegalActionError(self._describe(action))
        own, white = d.roll
        f = action.face
        if own[f - 1] + white[f - 1] == 0:
            rolled = sorted({face for face in CASINOS if own[face - 1] + white[face - 1]})
            raise IllegalActionError(
                f"{action}: no die of the roll shows {f} (rolled faces: {', '.join(map(str, rolled))})"
            )
        seat = d.turn
        d.placed[f - 1][seat] += own[f - 1]
        d.hand[seat] -= own[f - 1]
        if white[f - 1]:
            d.placed[f - 1][self._players] += white[f - 1]
            d.white_hand[seat] -= white[f - 1]
        d.roll = None
        parts = [f"{own[f - 1]} of their dice"] if own[f - 1] else []
        if white[f - 1]:
            parts.append(f"{white[f - 1]} white")
        d.log.append(f"{self._names[seat]} places {' and '.join(parts)} on casino {f} ({CASINO_NAMES[f]})")
        self._advance()
        return action

    def _has_dice(self, seat: int) -> bool:
        return self._d.hand[seat] + self._d.white_hand[seat] > 0

    def _advance(self) -> None:
        d = self._d
        for step in range(1, self._players + 1):
            seat = (d.turn + step) % self._players
            if self._has_dice(seat):
                skipped = [self._names[(d.turn + k) % self._players] for k in range(1, step)]
                if skipped:
                    d.log.append(f"{', '.join(skipped)} {'has' if len(skipped) == 1 else 'have'} no dice "
                                 "left and pass")
                d.turn = seat
                d.phase = "roll"
                return
        self._pay_out()
        if d.round == ROUNDS:
            d.phase = "over"
            names = [self._names[s] for s in self.winners]
            d.log.append(f"The game is over: {' and '.join(names)} {'wins' if len(names) == 1 else 'share the win'}")
            return
        d.round += 1
        d.start = (d.start + 1) % self._players
        d.turn = d.start
        d.log.append(f"Round {d.round}: {self._names[d.start]} takes the start-player card")
        _start_round(d, self._players, self._neutral)

    def _pay_out(self) -> None:
        d = self._d
        results = []
        for f in CASINOS:
            counts = d.placed[f - 1]
            dice = {str(o): n for o, n in enumerate(counts[: self._players])}
            if self._neutral:
                dice[WHITE] = counts[self._players]
            bills = d.casino_bills[f - 1]
            takes, returned = settle_casino(dice, bills)
            tally = Counter(n for n in counts if n > 0)
            cancelled = tuple(o for o, n in enumerate(counts) if n > 0 and tally[n] > 1)
            seat_takes = {int(k): v for k, v in takes.items()}
            for seat, bill in seat_takes.items():
                d.won[seat].append(bill)
            white_bill = _white_bill(counts, bills, self._players) if self._neutral else None
            d.pile.extend(returned)
            results.append(CasinoPayout(f, tuple(counts), tuple(bills), seat_takes, cancelled, white_bill,
                                        tuple(returned)))
            words = ", ".join(f"{self._names[s]} {money(b)}" for s, b in seat_takes.items()) or "nobody"
            d.log.append(f"Casino {f} ({CASINO_NAMES[f]}) pays {words}"
                         + (f"; {', '.join(map(money, returned))} back under the pile" if returned else ""))
        d.payouts.append(results)
        d.casino_bills = [[] for _ in CASINOS]  # every bill has left the casinos: taken, or under the pile

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """A sealed record: the starting position, every action since (with the generator's state before
        it, so that undo after loading rewinds the dice exactly), and the generator's state now."""
        origin, origin_rng = self._origin
        body = {
            "players": self._players,
            "neutral": self._neutral,
            "names": list(self._names),
            "origin": _data_to_json(origin),
            "origin_rng": origin_rng,
            "actions": [str(a) for a in self.history],
            "action_rngs": [r for _, r, _ in self._undo],
            "rng": _rng_state(self._rng),
        }
        return dump_record(RECORD_GAME, RECORD_VERSION, body)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Rebuild a saved game by replaying it through the rules; a corrupt or impossible record raises."""
        body = load_record(text, RECORD_GAME, RECORD_VERSION)
        try:
            players, neutral, names = body["players"], body["neutral"], body["names"]
            _check_config(players, neutral)
            if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
                raise RecordError("saved game: names must be one string per player")
            origin = _data_from_json(body["origin"], players, neutral)
            rng = make_rng()
            rng.bit_generator.state = body["origin_rng"]
            state = cls(players, neutral=neutral, data=origin, rng=rng, names=names)
            actions, rngs = body["actions"], body["action_rngs"]
            if not isinstance(actions, list) or not isinstance(rngs, list) or len(actions) != len(rngs):
                raise RecordError("saved game: the actions and their generator states do not match up")
            for text_action, rng_state in zip(actions, rngs, strict=True):
                state._rng.bit_generator.state = rng_state
                state.apply(parse_action(text_action))
            state._rng.bit_generator.state = body["rng"]
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise RecordError(f"saved game does not hold a valid Las Vegas game: {exc}") from None
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
        _check_config(players, neutral)
        owners = players + (1 if neutral else 0)
        grid = [[0] * owners for _ in CASINOS]
        for casino, counts in (placed or {}).items():
            if len(counts) != owners:
                raise ConfigError(f"casino {casino}: give dice for {owners} owners, got {list(counts)}")
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
                raise ConfigError("the position uses bills the game does not have")
            rest = [b for b, n in sorted(left.items()) for _ in range(n)]
            pile = [int(b) for b in make_rng(seed).permutation(rest)] if rest else []
        turn = start if turn is None else turn
        data = _Data(round, start, turn, "roll", [int(b) for b in pile], bills, grid, list(hand),
                     list(white_hand), None, won_lists)
        _check_data(data, players, neutral)
        if hand[turn] + white_hand[turn] == 0:
            raise ConfigError(f"seat {turn} is to roll but has no dice")
        return cls(players, neutral=neutral, data=data, rng=make_rng(seed), names=names)

    def with_dice(self, casino: int, owner: int, count: int) -> Self:
        """A "what if" copy with ``count`` dice of ``owner`` on ``casino``, taken from or returned to their hand.

        The copy starts a fresh history; the real game is untouched.
        """
        if self.is_over:
            raise IllegalActionError("the game is over: there is nothing left to explore")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise InvalidActionError(f"a dice count must be a whole number >= 0, got {count!r}")
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < self.owners:
            raise InvalidActionError(f"no owner {owner!r} in this game (0..{self.owners - 1})")
        d = self._d.copy()
        c = _casino_index(casino)
        delta = count - d.placed[c][owner]
        if owner < self._players:
            if delta > d.hand[owner]:
                raise IllegalActionError(
                    f"{self._names[owner]} has only {d.hand[owner]} dice in hand to add to casino {casino}"
                )
            d.hand[owner] -= delta
        elif delta <= 0:
            d.white_hand[d.turn] -= delta
        else:
            if delta > sum(d.white_hand):
                raise IllegalActionError(f"only {sum(d.white_hand)} white dice are still in players' hands")
            for s in [*range(d.turn, self._players), *range(d.turn)]:
                moved = min(delta, d.white_hand[s])
                d.white_hand[s] -= moved
                delta -= moved
        d.placed[c][owner] = count
        d.roll = None if d.phase == "place" else d.roll
        if d.phase == "place":
            d.phase = "roll"
        if d.phase == "roll" and not self._has_dice_in(d, d.turn):
            others = [s for s in range(self._players) if self._has_dice_in(d, s)]
            if not others:
                raise IllegalActionError("that would leave no dice to roll: the round would be over")
            d.turn = others[0]
        _check_data(d, self._players, self._neutral)
        return type(self)(self._players, neutral=self._neutral, data=d, rng=make_rng(), names=self._names)

    @staticmethod
    def _has_dice_in(d: _Data, seat: int) -> bool:
        return d.hand[seat] + d.white_hand[seat] > 0

    def __eq__(self, other: object) -> bool:
        """Same settings, same position and the same dice generator state (history aside)."""
        if not isinstance(other, State):
            return NotImplemented
        return (
            (self._players, self._neutral, self._names) == (other._players, other._neutral, other._names)
            and self._d == other._d
            and _rng_state(self._rng) == _rng_state(other._rng)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<las_vegas.State {self.players} players{' neutral' if self.neutral else ''}: {self.describe()}>"


def new_game(
    players: int = 4, *, neutral: bool = False, seed: int | None = None, names: Sequence[str] | None = None
) -> State:
    """A new game: the 54 bills shuffled by ``seed`` and dealt to the casinos; seat 0 starts and must roll."""
    _check_config(players, neutral)
    if names is not None and len(names) != players:
        raise ConfigError(f"give one name per player ({players}), got {len(names)}")
    rng = make_rng(seed)
    pile = [int(b) for b in rng.permutation(BILLS)]
    data = _Data(1, 0, 0, "roll", pile, [[] for _ in CASINOS],
                 [[0] * (players + (1 if neutral else 0)) for _ in CASINOS],
                 [0] * players, [0] * players, None, [[] for _ in range(players)])
    _start_round(data, players, neutral)
    return State(players, neutral=neutral, data=data, rng=rng, names=names)


# ---------------------------------------------------------------------- helpers
def deal(pile: list[int], casino_bills: list[list[int]]) -> None:
    """Deal from the top of the pile to casinos 1..6 in turn until each holds >= $50k (or the pile is empty)."""
    for bills in casino_bills:
        while sum(bills) < MIN_STAKE and pile:
            bills.append(pile.pop(0))
        bills.sort(reverse=True)


def _start_round(d: _Data, players: int, neutral: bool) -> None:
    d.casino_bills = [[] for _ in CASINOS]
    deal(d.pile, d.casino_bills)
    d.placed = [[0] * (players + (1 if neutral else 0)) for _ in CASINOS]
    d.hand = [DICE_PER_PLAYER] * players
    d.white_hand = [neutral_dice_per_player(players) if neutral else 0] * players
    d.roll = None
    d.turn = d.start
    d.phase = "spare" if neutral and spare_neutral_dice(players) else "roll"
    d.log.append("Bills dealt: " + "; ".join(
        f"{f}: {' '.join(money(b) for b in d.casino_bills[f - 1]) or 'none'}" for f in CASINOS))


def _white_bill(counts: Sequence[int], bills: Sequence[int], players: int) -> int | None:
    dice = {str(o): n for o, n in enumerate(counts[:players])}
    dice["_"] = counts[players]
    takes, _ = settle_casino(dice, bills)
    return takes.get("_")


def _outcomes(n: int) -> list[tuple[Counts, Fraction]]:
    return [(_counts(c), p) for c, p in roll_outcomes(n)]


def _counts(c: Sequence[int]) -> Counts:
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def _casino_index(casino: int) -> int:
    if not isinstance(casino, int) or isinstance(casino, bool) or not 1 <= casino <= 6:
        raise InvalidActionError(f"casinos are numbered 1..6, got {casino!r}")
    return casino - 1


def _clone_rng(rng: Rng) -> Rng:
    twin = make_rng()
    twin.bit_generator.state = rng.bit_generator.state
    return twin


def _rng_state(rng: Rng) -> dict[str, Any]:
    return dict(rng.bit_generator.state)


def _check_config(players: object, neutral: object) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise ConfigError(f"Las Vegas is for 2 to 5 players, got {players!r}")
    if not isinstance(neutral, bool):
        raise ConfigError(f"neutral must be True or False, got {neutral!r}")
    if neutral and players == 5:
        raise ConfigError("the neutral-dice variant is for 2 to 4 players")


def _check_data(d: _Data, players: int, neutral: bool) -> None:
    """Raise ConfigError unless the position could occur in a game with these settings."""
    owners = players + (1 if neutral else 0)
    problems = []
    if not 1 <= d.round <= ROUNDS or not 0 <= d.start < players or not 0 <= d.turn < players:
        problems.append("round, start player or player to act out of range")
    if len(d.placed) != 6 or any(len(c) != owners or min(c) < 0 for c in d.placed):
        problems.append(f"dice on casinos must be 6 rows of {owners} counts >= 0")
    if len(d.hand) != players or len(d.white_hand) != players or min(d.hand + d.white_hand) < 0:
        problems.append("dice in hand must be one count >= 0 per player")
    elif any(d.hand[s] + sum(c[s] for c in d.placed) != DICE_PER_PLAYER for s in range(players)):
        problems.append(f"each player must have {DICE_PER_PLAYER} dice between hand and casinos")
    white_total = (neutral_dice_per_player(players) * players + spare_neutral_dice(players)) if neutral else 0
    if not problems and neutral and sum(d.white_hand) + sum(c[players] for c in d.placed) > white_total:
        problems.append(f"more than {white_total} white dice")
    if len(d.casino_bills) != 6 or len(d.won) != players:
        problems.append("need bills for 6 casinos and a list of won bills per player")
    elif Counter(d.pile) + Counter(b for c in d.casino_bills for b in c) + Counter(
        b for w in d.won for b in w
    ) != Counter(BILLS):
        problems.append("the bills on the pile, the casinos and won by players must be exactly the game's 54")
    if d.phase not in ("spare", "roll", "place", "over"):
        problems.append(f"unknown phase {d.phase!r}")
    if problems:
        raise ConfigError("impossible Las Vegas position: " + "; ".join(problems))


def _data_to_json(d: _Data) -> dict[str, Any]:
    return {
        "round": d.round, "start": d.start, "turn": d.turn, "phase": d.phase, "pile": d.pile,
        "casino_bills": d.casino_bills, "placed": d.placed, "hand": d.hand, "white_hand": d.white_hand,
        "roll": None if d.roll is None else [list(d.roll[0]), list(d.roll[1])], "won": d.won, "log": d.log,
    }


def _data_from_json(raw: Any, players: int, neutral: bool) -> _Data:
    if not isinstance(raw, dict):
        raise RecordError("saved game: the starting position is missing")

    def ints(x: Any) -> list[int]:
        if not isinstance(x, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in x):
            raise RecordError(f"saved game: expected a list of whole numbers, got {x!r}")
        return list(x)

    roll = raw["roll"]
    d = _Data(
        raw["round"], raw["start"], raw["turn"], raw["phase"], ints(raw["pile"]),
        [ints(c) for c in raw["casino_bills"]], [ints(c) for c in raw["placed"]], ints(raw["hand"]),
        ints(raw["white_hand"]),
        None if roll is None else (_counts(ints(roll[0])), _counts(ints(roll[1]))),
        [ints(w) for w in raw["won"]],
        log=list(raw["log"]),
    )
    if not all(isinstance(line, str) for line in d.log):
        raise RecordError("saved game: the log must be lines of text")
    for name in ("round", "start", "turn"):
        if not isinstance(getattr(d, name), int):
            raise RecordError(f"saved game: {name} must be a whole number")
    try:
        _check_data(d, players, neutral)
    except ConfigError as exc:
        raise RecordError(f"saved game: {exc}") from None
    return d
