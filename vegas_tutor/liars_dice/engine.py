"""The rules of Liar's Dice (board edition, docs/rules.md §2) as one state with checked actions and exact undo.

A game is a series of rounds. A round starts with chance: each player with dice rolls a hidden cup,
one pending :class:`Roll` per player from the opener round the table. Then players bid in turn (the
opener anywhere on the track, everyone after must raise) until someone challenges.

**Show and re-roll.** Right after a bid, while the bidder still has at least two hidden dice, the
bidder may show. ``legal_actions()`` then lists, after the next player's raises and challenge, one
:class:`Show` per sub-multiset of the bidder's hidden dice that leaves at least one die in the cup
(smallest first). A show acts for the bidder (:attr:`State.may_show` names them), is followed by the
bidder's re-roll (a pending chance node), and the turn stays with the next player. The show is
optional: the next player simply acting closes the window. :attr:`State.current_player` is the next
player throughout, so a bot for the bidder looks at :attr:`State.may_show`.

>>> s = new_game(2, dice=2, seed=1)
>>> s.apply(Roll((2, 5))); s.apply(Roll((1, 6)))
>>> s.apply(Bid(2, 5)); s.apply(Challenge())
>>> s.last_challenge.count, s.last_challenge.losses
(2, (0, 1))
"""

from __future__ import annotations

import copy as _copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any, Literal, Self

from vegas_tutor.core.dice import Rng, make_rng, roll_outcomes
from vegas_tutor.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    VegasTutorError,
)
from vegas_tutor.core.record import dump_record, load_record
from vegas_tutor.liars_dice.actions import (
    ACTION_TYPES,
    Action,
    Challenge,
    Roll,
    Show,
    faces_text,
    parse_action,
)
from vegas_tutor.liars_dice.track import ALL_BIDS, FACES, STAR, Bid

GAME_ID = "liars_dice"
RECORD_VERSION = 1
MAX_PLAYERS = 4
MAX_DICE = 10

Phase = Literal["roll", "bid", "over"]


def count_matches(dice: Sequence[int], face: int) -> int:
    """How many of ``dice`` count for a bid on ``face``: the face or ★ for a number, only ★ for a star bid."""
    if face == STAR:
        return sum(1 for d in dice if d == STAR)
    return sum(1 for d in dice if d in (face, STAR))


def challenge_losses(
    bid: Bid, count: int, *, bidder: int, challenger: int, dice_counts: Sequence[int]
) -> tuple[int, ...]:
    """Dice each seat loses when ``bid`` is challenged and ``count`` dice match.

    More than bid: the challenger loses the difference; fewer: the bidder does; exactly the bid (a
    perfect bid): everyone else with dice loses one, except that a player with one die left keeps it
    (Die Hard) unless they are the challenger. Nobody loses more dice than they hold.
    """
    losses = [0] * len(dice_counts)
    if count > bid.quantity:
        losses[challenger] = min(count - bid.quantity, dice_counts[challenger])
    elif count < bid.quantity:
        losses[bidder] = min(bid.quantity - count, dice_counts[bidder])
    else:
        for seat, held in enumerate(dice_counts):
            if seat != bidder and held > 0 and (held > 1 or seat == challenger):
                losses[seat] = 1
    return tuple(losses)


@dataclass(frozen=True)
class ChallengeResult:
    """What a challenge revealed and what it cost (public once the cups are lifted)."""

    bid: Bid
    bidder: int
    challenger: int
    cups: tuple[tuple[int, ...], ...]
    """Every seat's dice, hidden and shown together, sorted."""
    count: int
    losses: tuple[int, ...]
    winner: int
    """Who won the challenge and opens the next round (the bidder on a perfect bid)."""

    @property
    def perfect(self) -> bool:
        return self.count == self.bid.quantity

    @property
    def saved_by_die_hard(self) -> tuple[int, ...]:
        """Seats that kept their last die on a perfect bid."""
        if not self.perfect:
            return ()
        return tuple(
            s
            for s, cup in enumerate(self.cups)
            if len(cup) == 1 and s not in (self.bidder, self.challenger)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "bid": str(self.bid),
            "bidder": self.bidder,
            "challenger": self.challenger,
            "cups": [list(c) for c in self.cups],
            "count": self.count,
            "losses": list(self.losses),
            "winner": self.winner,
            "perfect": self.perfect,
        }


@dataclass(frozen=True)
class Observation:
    """What ``player`` may see: own hidden dice, shown dice, dice counts, the bids; nothing else hidden."""

    player: int
    dice_counts: tuple[int, ...]
    own_hidden: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...]
    bids: tuple[tuple[int, Bid], ...]
    """This round's bids as (seat, bid), oldest first."""
    phase: Phase
    current_player: int | None
    may_show: bool
    """True if ``player`` made the last bid and may still show and re-roll."""
    last_challenge: ChallengeResult | None
    winners: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.dice_counts)

    @property
    def last_bid(self) -> Bid | None:
        return self.bids[-1][1] if self.bids else None

    @property
    def bidder(self) -> int | None:
        return self.bids[-1][0] if self.bids else None

    @property
    def known(self) -> tuple[int, ...]:
        """Every die this player sees: own hidden dice and all shown dice."""
        return tuple(sorted(self.own_hidden + tuple(d for cup in self.shown for d in cup)))

    @property
    def unknown(self) -> int:
        """How many dice are hidden from this player (other players' cups)."""
        return sum(self.dice_counts) - len(self.known)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able projection for a widget."""
        return {
            "player": self.player,
            "dice_counts": list(self.dice_counts),
            "own_hidden": list(self.own_hidden),
            "shown": [list(c) for c in self.shown],
            "bids": [{"seat": seat, "bid": str(bid), "quantity": bid.quantity, "face": bid.face}
                     for seat, bid in self.bids],
            "phase": self.phase,
            "current_player": self.current_player,
            "may_show": self.may_show,
            "last_challenge": None if self.last_challenge is None else self.last_challenge.to_dict(),
            "winners": list(self.winners),
        }


@lru_cache(maxsize=8192)
def show_options(hidden: tuple[int, ...]) -> tuple[Show, ...]:
    """Every show from a sorted cup: each sub-multiset leaving at least one die, smallest first."""
    counts = Counter(hidden)
    distinct = sorted(counts)
    subsets = []
    for takes in product(*(range(counts[f] + 1) for f in distinct)):
        n = sum(takes)
        if 0 < n < len(hidden):
            subsets.append(tuple(f for f, k in zip(distinct, takes, strict=True) for _ in range(k)))
    subsets.sort(key=lambda t: (len(t), t))
    return tuple(Show(s) for s in subsets)


class State:
    """One game of Liar's Dice. Use :func:`new_game` or :meth:`State.start` to make one."""

    __slots__ = (
        "_bids", "_counts", "_hidden", "_history", "_last", "_opener", "_pending", "_rng",
        "_shown", "_turn", "_window",
    )

    def __init__(self, dice_counts: Sequence[int], *, opener: int = 0, seed: int | None = None) -> None:
        counts = tuple(dice_counts)
        if not 2 <= len(counts) <= MAX_PLAYERS:
            raise ConfigError(f"Liar's Dice needs 2..{MAX_PLAYERS} players, got {len(counts)}")
        if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= MAX_DICE for c in counts):
            raise ConfigError(f"each player holds 0..{MAX_DICE} dice, got {list(counts)}")
        if sum(1 for c in counts if c > 0) < 2:
            raise ConfigError(f"a game needs at least two players with dice, got {list(counts)}")
        if not isinstance(opener, int) or not 0 <= opener < len(counts) or counts[opener] == 0:
            raise ConfigError(f"the opener must be a seat with dice, got {opener!r}")
        self._rng: Rng = make_rng(seed)
        self._counts = counts
        self._opener = opener
        self._history: list[tuple[Action, tuple[Any, ...]]] = []
        self._last: ChallengeResult | None = None
        self._begin_round(opener)

    @classmethod
    def start(cls, dice_counts: Sequence[int], *, opener: int = 0, seed: int | None = None) -> State:
        """A game starting at a round where seat ``i`` holds ``dice_counts[i]`` dice (0 = out).

        >>> State.start([1, 4, 3, 3], opener=3).dice_counts
        (1, 4, 3, 3)
        """
        return cls(dice_counts, opener=opener, seed=seed)

    # ----------------------------------------------------------------------------------- internals
    def _begin_round(self, opener: int) -> None:
        n = len(self._counts)
        self._hidden: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n))
        self._shown: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n))
        self._bids: tuple[tuple[int, Bid], ...] = ()
        self._turn = opener
        self._window = False
        order = [(opener + i) % n for i in range(n)]
        self._pending: tuple[int, ...] = tuple(s for s in order if self._counts[s] > 0)
        if sum(1 for c in self._counts if c > 0) <= 1:
            self._pending = ()

    def _snapshot(self) -> tuple[Any, ...]:
        return (self._counts, self._hidden, self._shown, self._bids, self._turn, self._window,
                self._pending, self._last, self._opener)

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self._counts, self._hidden, self._shown, self._bids, self._turn, self._window,
         self._pending, self._last, self._opener) = snap

    def _next_seat(self, seat: int) -> int:
        n = len(self._counts)
        for step in range(1, n + 1):
            s = (seat + step) % n
            if self._counts[s] > 0:
                return s
        raise AssertionError("no seat with dice")  # pragma: no cover - the game ends before this

    def _to_roll(self, seat: int) -> int:
        return self._counts[seat] - len(self._shown[seat])

    def _replace(self, cups: tuple[tuple[int, ...], ...], seat: int, faces: tuple[int, ...]) -> tuple[
            tuple[int, ...], ...]:
        return (*cups[:seat], faces, *cups[seat + 1:])

    # ----------------------------------------------------------------------------------- queries
    @property
    def players(self) -> int:
        return len(self._counts)

    @property
    def dice_counts(self) -> tuple[int, ...]:
        """Dice each seat holds (hidden and shown); 0 = out of the game."""
        return self._counts

    @property
    def phase(self) -> Phase:
        if self.is_over:
            return "over"
        return "roll" if self._pending else "bid"

    @property
    def is_chance(self) -> bool:
        """True while a roll is pending (apply a :class:`Roll`)."""
        return bool(self._pending)

    @property
    def is_over(self) -> bool:
        return sum(1 for c in self._counts if c > 0) <= 1

    @property
    def winners(self) -> list[int]:
        """The last player with dice, once the game is over; else empty."""
        return [s for s, c in enumerate(self._counts) if c > 0] if self.is_over else []

    @property
    def current_player(self) -> int | None:
        """The seat to act, or to roll while :attr:`is_chance`; ``None`` once the game is over."""
        if self.is_over:
            return None
        return self._pending[0] if self._pending else self._turn

    @property
    def bids(self) -> tuple[tuple[int, Bid], ...]:
        """This round's bids as (seat, bid), oldest first."""
        return self._bids

    @property
    def last_bid(self) -> Bid | None:
        return self._bids[-1][1] if self._bids else None

    @property
    def bidder(self) -> int | None:
        return self._bids[-1][0] if self._bids else None

    @property
    def may_show(self) -> int | None:
        """The seat that may show and re-roll right now (the last bidder), else ``None``."""
        if self._window and not self._pending and self._bids:
            return self._bids[-1][0]
        return None

    @property
    def hidden(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's hidden dice (the whole truth: use :meth:`observation` for one player's view)."""
        return self._hidden

    @property
    def shown(self) -> tuple[tuple[int, ...], ...]:
        return self._shown

    @property
    def opener(self) -> int:
        """Who opened (or opens) the current round."""
        return self._opener

    @property
    def last_challenge(self) -> ChallengeResult | None:
        return self._last

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far (rolls with their results)."""
        return tuple(a for a, _ in self._history)

    def total_dice(self) -> int:
        return sum(self._counts)

    def legal_actions(self) -> list[Action]:
        """Chance: ``[Roll()]``. Bidding: raises (track order), then challenge, then the bidder's shows."""
        if self.is_over:
            return []
        if self._pending:
            return [Roll()]
        last = self.last_bid
        out: list[Action] = list(ALL_BIDS[last.rank + 1:] if last is not None else ALL_BIDS)
        if last is not None:
            out.append(Challenge())
        shower = self.may_show
        if shower is not None:
            out.extend(show_options(self._hidden[shower]))
        return out

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        """While a roll is pending, each result (sorted faces) with its exact probability; else empty."""
        if not self._pending or self.is_over:
            return []
        n = self._to_roll(self._pending[0])
        return [
            (Roll(tuple(f for f in FACES for _ in range(c[f - 1]))), p) for c, p in roll_outcomes(n)
        ]

    def observation(self, player: int) -> Observation:
        """What ``player`` may see (own cup, shown dice, counts, bids, the last public challenge)."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise InvalidActionError(f"no seat {player!r} in a {self.players}-player game")
        return Observation(
            player=player,
            dice_counts=self._counts,
            own_hidden=self._hidden[player],
            shown=self._shown,
            bids=self._bids,
            phase=self.phase,
            current_player=self.current_player,
            may_show=self.may_show == player,
            last_challenge=self._last,
            winners=tuple(self.winners),
        )

    # ----------------------------------------------------------------------------------- moves
    def _coerce(self, action: object) -> Action:
        if isinstance(action, str):
            return parse_action(action)
        if not isinstance(action, ACTION_TYPES):
            raise InvalidActionError(f"{action!r} is not a Liar's Dice action (Bid, Challenge, Show, Roll)")
        return action

    def _check(self, action: Action) -> None:
        where = f"(seat {self.current_player}, {self.phase} phase)"
        if self.is_over:
            raise IllegalActionError(f"{action} is not legal: the game is over")
        if self._pending:
            if not isinstance(action, Roll):
                raise IllegalActionError(f"{action} is not legal: seat {self._pending[0]} must roll first")
            n = self._to_roll(self._pending[0])
            if action.faces is not None and len(action.faces) != n:
                raise IllegalActionError(
                    f"{action} is not legal: seat {self._pending[0]} rolls {n} dice, not {len(action.faces)}"
                )
            return
        if isinstance(action, Roll):
            raise IllegalActionError(f"{action} is not legal: no roll is pending {where}")
        if isinstance(action, Bid):
            last = self.last_bid
            if last is not None and action <= last:
                raise IllegalActionError(f"{action} is not legal: it does not raise {last} {where}")
        elif isinstance(action, Challenge):
            if self.last_bid is None:
                raise IllegalActionError(f"challenge is not legal: there is no bid yet {where}")
        else:
            shower = self.may_show
            if shower is None:
                raise IllegalActionError(f"{action} is not legal: only right after one's own bid {where}")
            hidden = Counter(self._hidden[shower])
            if Counter(action.faces) - hidden:
                raise IllegalActionError(
                    f"{action} is not legal: seat {shower} hides {faces_text(self._hidden[shower])}"
                )
            if len(action.faces) >= len(self._hidden[shower]):
                raise IllegalActionError(f"{action} is not legal: at least one die must stay to re-roll")

    def apply(self, action: Action | str) -> None:
        """Check and play ``action`` (or its text); on error raise and leave the state untouched."""
        act = self._coerce(action)
        self._check(act)
        self._play(act)

    def apply_unchecked(self, action: Action) -> None:
        """Play ``action`` without checking it (fast path for bots and simulation; must be legal)."""
        self._play(action)

    def _play(self, action: Action) -> None:
        snap = self._snapshot()
        if isinstance(action, Roll):
            rng_state = None
            if action.faces is None:
                rng_state = self._rng.bit_generator.state
                n = self._to_roll(self._pending[0])
                action = Roll(tuple(int(f) for f in self._rng.integers(1, 7, size=n)))
            self._history.append((action, (*snap, rng_state)))
            assert action.faces is not None
            seat = self._pending[0]
            self._hidden = self._replace(self._hidden, seat, action.faces)
            self._pending = self._pending[1:]
            return
        self._history.append((action, (*snap, None)))
        if isinstance(action, Bid):
            seat = self._turn
            self._bids = (*self._bids, (seat, action))
            self._turn = self._next_seat(seat)
            self._window = len(self._hidden[seat]) >= 2
        elif isinstance(action, Show):
            seat = self._bids[-1][0]
            self._shown = self._replace(self._shown, seat, tuple(sorted(self._shown[seat] + action.faces)))
            self._hidden = self._replace(self._hidden, seat, ())
            self._window = False
            self._pending = (seat,)
        else:
            self._resolve_challenge()

    def _resolve_challenge(self) -> None:
        bidder, bid = self._bids[-1]
        challenger = self._turn
        cups = tuple(tuple(sorted(h + s)) for h, s in zip(self._hidden, self._shown, strict=True))
        count = sum(count_matches(cup, bid.face) for cup in cups)
        losses = challenge_losses(bid, count, bidder=bidder, challenger=challenger, dice_counts=self._counts)
        winner = challenger if count < bid.quantity else bidder
        self._last = ChallengeResult(bid, bidder, challenger, cups, count, losses, winner)
        self._counts = tuple(c - lost for c, lost in zip(self._counts, losses, strict=True))
        self._window = False
        self._opener = winner
        self._begin_round(winner)

    def undo(self) -> Action:
        """Take back the last action (a roll too, with the generator rewound) and return it."""
        if not self._history:
            raise IllegalActionError("nothing to undo: no action has been played")
        action, snap = self._history.pop()
        *fields, rng_state = snap
        self._restore(tuple(fields))
        if rng_state is not None:
            self._rng.bit_generator.state = rng_state
            return Roll()
        return action

    def copy(self) -> Self:
        """An independent copy (its own generator in the same state): branch freely."""
        other = _copy.copy(self)
        other._rng = _copy.deepcopy(self._rng)
        other._history = list(self._history)
        return other

    # ----------------------------------------------------------------------------------- records
    def to_json(self) -> str:
        """The game as a sealed record: the starting position, every action, and the generator's state."""
        start = self._history[0][1] if self._history else self._snapshot()
        body = {
            "dice_counts": list(start[0]),
            "opener": start[8],
            "actions": [str(a) for a, _ in self._history],
            "rng": self._rng.bit_generator.state,
        }
        return dump_record(GAME_ID, RECORD_VERSION, body)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Rebuild a game from :meth:`to_json`, replaying every action through the rules."""
        body = load_record(text, GAME_ID, RECORD_VERSION)
        if not isinstance(body, dict) or set(body) != {"dice_counts", "opener", "actions", "rng"}:
            raise RecordError("Liar's Dice record body must hold dice_counts, opener, actions and rng")
        counts, opener, actions = body["dice_counts"], body["opener"], body["actions"]
        if not isinstance(counts, list) or not isinstance(actions, list):
            raise RecordError("Liar's Dice record: dice_counts and actions must be lists")
        try:
            state = cls(counts, opener=opener)
            for i, text_action in enumerate(actions):
                act = parse_action(text_action)
                if isinstance(act, Roll) and act.is_bare:
                    raise RecordError(f"Liar's Dice record: action {i} is a roll without its result")
                state.apply(act)
        except VegasTutorError as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"Liar's Dice record does not replay: {exc}") from None
        try:
            state._rng.bit_generator.state = body["rng"]
        except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as exc:
            raise RecordError(f"Liar's Dice record has a bad generator state: {exc}") from None
        return state

    def __repr__(self) -> str:
        return (f"<liars_dice.State dice={list(self._counts)} phase={self.phase} "
                f"player={self.current_player} bid={self.last_bid}>")


def new_game(players: int = 4, *, dice: int = 5, seed: int | None = None) -> State:
    """A new game: ``players`` (2..4) with ``dice`` dice each; seat 0 opens; every cup must be rolled.

    >>> s = new_game(3, seed=7)
    >>> s.current_player, s.is_chance, len(s.chance_outcomes())
    (0, True, 252)
    """
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= MAX_PLAYERS:
        raise ConfigError(f"Liar's Dice needs 2..{MAX_PLAYERS} players, got {players!r}")
    if not isinstance(dice, int) or isinstance(dice, bool) or not 1 <= dice <= MAX_DICE:
        raise ConfigError(f"each player starts with 1..{MAX_DICE} dice, got {dice!r}")
    return State([dice] * players, seed=seed)
