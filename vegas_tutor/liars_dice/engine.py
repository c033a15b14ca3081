"""The rules of Liar's Dice (board edition, docs/rules.md §2) as one state with checked actions and exact undo.

A game is a series of rounds. A round starts with chance: each player with dice rolls a hidden cup,
one pending :class:`Roll` per player from the opener round the table. Then players bid in turn (the
opener anywhere on the track, everyone after must raise) until someone challenges.

**Show and re-roll.** Right after a bid by a player with at least two hidden dice, the bidder decides
first (they are :attr:`State.current_player`, :attr:`State.phase` is ``"show"``): ``legal_actions()`` is
:class:`NoShow`, then one :class:`Show` per sub-multiset of their hidden dice that leaves at least one die
in the cup (smallest first). A show is followed by the bidder's re-roll (a pending chance node); then the
next player raises or challenges. Nothing another player can read reveals the bidder's cup.

>>> s = new_game(2, dice=2, seed=1)
>>> s.apply(Roll((2, 5))); s.apply(Roll((1, 6)))
>>> s.apply(Bid(2, 5)); s.apply(NoShow()); s.apply(Challenge())
>>> s.last_challenge.count, s.last_challenge.losses
(2, (0, 1))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Self

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.config import whole_number
from vegas_tutor.core.dice import Rng, make_rng, roll_outcomes
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.core.events import Event
from vegas_tutor.core.state import GameStateBase
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import (
    ACTION_TYPES,
    Action,
    Challenge,
    NoShow,
    Roll,
    Show,
    parse_action,
)
from vegas_tutor.liars_dice.observation import ChallengeResult as ChallengeResult
from vegas_tutor.liars_dice.observation import Observation as Observation
from vegas_tutor.liars_dice.observation import Phase as Phase
from vegas_tutor.liars_dice.rules import MAX_DICE as MAX_DICE
from vegas_tutor.liars_dice.rules import MAX_PLAYERS as MAX_PLAYERS
from vegas_tutor.liars_dice.rules import challenge_losses as challenge_losses
from vegas_tutor.liars_dice.rules import count_matches as count_matches
from vegas_tutor.liars_dice.rules import show_options as show_options
from vegas_tutor.liars_dice.track import ALL_BIDS, FACES, Bid
from vegas_tutor.liars_dice.words import action_words, bid_words

MAX_MOVES = (MAX_PLAYERS * MAX_DICE - 1) * (MAX_PLAYERS + 3 * len(ALL_BIDS) + 1)
"""More moves than any game has (like OpenSpiel's max game length; 13,065): every challenge takes at least one
die, so a game has at most 39 rounds, and a round at most a roll per cup, every bid of the track once (each
with a show decision and a re-roll) and a challenge. The boards stop their automatic moves there."""

@dataclass(frozen=True)
class Config:
    """A game's settings: 2..4 players, each starting with 1..10 dice."""

    players: int = 4
    dice: int = 5

    def __post_init__(self) -> None:
        whole_number(self.players, _("Liar's Dice: the number of players"), 2, MAX_PLAYERS)
        whole_number(self.dice, _("Liar's Dice: the dice per player"), 1, MAX_DICE)


@dataclass
class _Data:
    """What changes during a game (every field immutable, so a copy is shallow)."""

    counts: tuple[int, ...]
    hidden: tuple[tuple[int, ...], ...]
    shown: tuple[tuple[int, ...], ...]
    bids: tuple[tuple[int, Bid], ...]
    turn: int
    """The seat to bid or challenge next."""
    window: bool
    """The last bidder is deciding whether to show and re-roll (they are the player to act)."""
    pending: tuple[int, ...]
    """Seats still to roll their cup, in order."""
    last: ChallengeResult | None
    opener: int

    def copy(self) -> _Data:
        return replace(self)


class State(GameStateBase[_Data, Action]):
    """One game of Liar's Dice. Use :func:`new_game` or :meth:`State.start` to make one."""

    GAME_ID = "liars_dice"

    def __init__(self, dice_counts: Sequence[int], *, opener: int = 0, seed: int | None = None) -> None:
        counts = check_counts(dice_counts, opener)
        n = len(counts)
        data = _Data(counts, (), (), (), opener, False, (), None, opener)
        _begin_round(data, opener)
        assert n == len(data.hidden)
        super().__init__(data, make_rng(seed), {"dice_counts": list(counts), "opener": opener})

    @classmethod
    def start(cls, dice_counts: Sequence[int], *, opener: int = 0, seed: int | None = None) -> State:
        """A game starting at a round where seat ``i`` holds ``dice_counts[i]`` dice (0 = out).

        >>> State.start([1, 4, 3, 3], opener=3).dice_counts
        (1, 4, 3, 3)
        """
        return cls(dice_counts, opener=opener, seed=seed)

    # ----------------------------------------------------------------------------------- queries
    @property
    def config(self) -> Config:
        return Config(len(self._d.counts), max(self._d.counts))

    @property
    def players(self) -> int:
        return len(self._d.counts)

    @property
    def dice_counts(self) -> tuple[int, ...]:
        """Dice each seat holds (hidden and shown); 0 = out of the game."""
        return self._d.counts

    @property
    def phase(self) -> Phase:
        if self.is_over:
            return "over"
        if self._d.pending:
            return "roll"
        return "show" if self._d.window else "bid"

    @property
    def is_chance(self) -> bool:
        """True while a roll is pending (apply a :class:`Roll`)."""
        return bool(self._d.pending) and not self.is_over

    @property
    def is_over(self) -> bool:
        return sum(1 for c in self._d.counts if c > 0) <= 1

    @property
    def winners(self) -> list[int]:
        """The last player with dice, once the game is over; else empty."""
        return [s for s, c in enumerate(self._d.counts) if c > 0] if self.is_over else []

    @property
    def current_player(self) -> int | None:
        """The seat to act (or to roll while :attr:`is_chance`); ``None`` once the game is over.

        Right after a bid, while :attr:`may_show` is set, that is the bidder deciding on a show.
        """
        d = self._d
        if self.is_over:
            return None
        if d.pending:
            return d.pending[0]
        return d.bids[-1][0] if d.window else d.turn

    @property
    def bids(self) -> tuple[tuple[int, Bid], ...]:
        """This round's bids as (seat, bid), oldest first."""
        return self._d.bids

    @property
    def last_bid(self) -> Bid | None:
        return self._d.bids[-1][1] if self._d.bids else None

    @property
    def bidder(self) -> int | None:
        return self._d.bids[-1][0] if self._d.bids else None

    @property
    def next_to_bid(self) -> int:
        """The seat that raises or challenges next (after the bidder's show decision, if pending)."""
        return self._d.turn

    @property
    def may_show(self) -> int | None:
        """The seat deciding right now whether to show and re-roll (the last bidder), else ``None``."""
        d = self._d
        if d.window and not d.pending and d.bids and not self.is_over:
            return d.bids[-1][0]
        return None

    @property
    def pending_rolls(self) -> tuple[int, ...]:
        """Seats still to roll their cup, in order (empty once over)."""
        return () if self.is_over else self._d.pending

    @property
    def hidden(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's hidden dice (the whole truth: use :meth:`observation` for one player's view)."""
        return self._d.hidden

    @property
    def shown(self) -> tuple[tuple[int, ...], ...]:
        return self._d.shown

    @property
    def opener(self) -> int:
        """Who opened (or opens) the current round."""
        return self._d.opener

    @property
    def last_challenge(self) -> ChallengeResult | None:
        return self._d.last

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action did, as structured events (see :mod:`vegas_tutor.liars_dice.words`)."""
        if not self._history:
            return ()
        return action_events(self._history[-1][0].played, self._history[-1][1], self._d)

    def total_dice(self) -> int:
        return sum(self._d.counts)

    def legal_actions(self) -> list[Action]:
        """Chance: ``[Roll()]``. The bidder's show decision: no show, then each show (smallest first).
        Bidding: raises (track order), then challenge."""
        d = self._d
        if self.is_over:
            return []
        if d.pending:
            return [Roll()]
        if d.window:
            return [NoShow(), *show_options(d.hidden[d.bids[-1][0]])]
        last = self.last_bid
        out: list[Action] = list(ALL_BIDS[last.rank + 1:] if last is not None else ALL_BIDS)
        if last is not None:
            out.append(Challenge())
        return out

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """While a roll is pending, each result (sorted faces) with its exact probability; else empty."""
        d = self._d
        if not d.pending or self.is_over:
            return []
        n = _to_roll(d, d.pending[0])
        return [
            (Roll(tuple(f for f in FACES for _ in range(c[f - 1]))), p) for c, p in roll_outcomes(n)
        ]

    def dealt(self, cups: Mapping[int, Sequence[int]], *, seed: int | None = None) -> State:
        """A copy in which each seat of ``cups`` hides those dice instead of its own (as many as it hides now,
        faces 1-6): one deal of the cups a player cannot see, to play the round out from that player's view.
        The copy has its own generator (``seed``) and no history: it is not a game's record (it cannot be
        saved). Bad cups raise ``InvalidActionError`` and change nothing.

        >>> s = State.start([2, 1], seed=1)
        >>> s.apply("roll"); s.apply("roll")
        >>> s.dealt({1: (6,)}).hidden[1]
        (6,)
        """
        hidden = list(self._d.hidden)
        for seat, faces in cups.items():
            if not is_int(seat) or not 0 <= seat < self.players:
                raise InvalidActionError(_("no seat {player!r} in a {players}-player game", player=seat,
                                           players=self.players))
            dice = tuple(faces)
            if len(dice) != len(hidden[seat]) or not all(is_int(f) and f in FACES for f in dice):
                raise InvalidActionError(_("seat {seat} hides {n} dice: deal it {n} faces from 1 to 6, not {cup}",
                                           seat=seat, n=len(hidden[seat]), cup=list(dice)))
            hidden[seat] = tuple(sorted(dice))
        world = self.copy()
        world._d.hidden = tuple(hidden)
        world._rng = make_rng(seed)
        world._history = []
        world._tracked = False
        return world

    def observation(self, player: int) -> Observation:
        """What ``player`` may see (own cup, shown dice, counts, bids, the last public challenge)."""
        if not is_int(player) or not 0 <= player < self.players:
            raise InvalidActionError(_("no seat {player!r} in a {players}-player game", player=player,
                                       players=self.players))
        d = self._d
        return Observation(
            player=player,
            dice_counts=d.counts,
            own_hidden=d.hidden[player],
            shown=d.shown,
            bids=d.bids,
            phase=self.phase,
            current_player=self.current_player,
            may_show=self.may_show == player,
            last_challenge=d.last,
            winners=tuple(self.winners),
        )

    # ----------------------------------------------------------------------------------- moves
    def _coerce(self, action: object) -> Action:
        if isinstance(action, str):
            return parse_action(action)
        if not isinstance(action, ACTION_TYPES):
            raise InvalidActionError(
                _("{action!r} is not a Liar's Dice action (Bid, Challenge, Show, NoShow, Roll)", action=action))
        return action

    def _play(self, d: _Data, action: Action) -> Action:
        played = _check(d, action, self.current_player, self.phase)
        if isinstance(played, Roll) and played.faces is None:
            n = _to_roll(d, d.pending[0])
            played = Roll(tuple(int(f) for f in self._rng.integers(1, 7, size=n)))
        _execute(d, played, self._rng)
        return played

    def _execute(self, d: _Data, action: Action) -> None:
        _execute(d, action, self._rng)

    def _config_json(self) -> dict[str, Any]:
        return {"players": self.players}

    @classmethod
    def _from_record(cls, config: Any, origin: Any) -> Self:
        if not isinstance(config, dict) or set(config) != {"players"}:
            raise RecordError(_("Liar's Dice record: config must hold the player count only"))
        if not isinstance(origin, dict) or set(origin) != {"dice_counts", "opener"}:
            raise RecordError(_("Liar's Dice record: origin must hold dice_counts and opener"))
        counts, opener = origin["dice_counts"], origin["opener"]
        if not isinstance(counts, list) or len(counts) != config["players"]:
            raise RecordError(_("Liar's Dice record: dice_counts must be a list of one count per player"))
        if not is_int(opener):
            raise RecordError(_("Liar's Dice record: the opener must be a seat number, not {opener!r}", opener=opener))
        return cls(counts, opener=opener)

    def __repr__(self) -> str:
        return (f"<liars_dice.State dice={list(self._d.counts)} phase={self.phase} "
                f"player={self.current_player} bid={self.last_bid}>")


def check_counts(dice_counts: Sequence[int], opener: object) -> tuple[int, ...]:
    """The dice per seat of a round's start, checked (:class:`ConfigError` if impossible)."""
    counts = tuple(dice_counts)
    Config(len(counts), 1)  # the player count
    if any(not is_int(c) or not 0 <= c <= MAX_DICE for c in counts):
        raise ConfigError(_("each player holds 0..{most} dice, got {counts}", most=MAX_DICE, counts=list(counts)))
    if sum(1 for c in counts if c > 0) < 2:
        raise ConfigError(_("a game needs at least two players with dice, got {counts}", counts=list(counts)))
    if not is_int(opener) or not 0 <= opener < len(counts) \
            or counts[opener] == 0:
        raise ConfigError(_("the opener must be a seat with dice, got {opener!r}", opener=opener))
    return counts


def _begin_round(d: _Data, opener: int) -> None:
    n = len(d.counts)
    d.hidden = tuple(() for _ in range(n))
    d.shown = tuple(() for _ in range(n))
    d.bids = ()
    d.turn = opener
    d.window = False
    order = [(opener + i) % n for i in range(n)]
    d.pending = tuple(s for s in order if d.counts[s] > 0)
    if sum(1 for c in d.counts if c > 0) <= 1:
        d.pending = ()


def _next_seat(d: _Data, seat: int) -> int:
    n = len(d.counts)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if d.counts[s] > 0:
            return s
    raise AssertionError("no seat with dice")  # pragma: no cover - the game ends before this


def _to_roll(d: _Data, seat: int) -> int:
    return d.counts[seat] - len(d.shown[seat])


def _replace(cups: tuple[tuple[int, ...], ...], seat: int, faces: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*cups[:seat], faces, *cups[seat + 1:])


def _check(d: _Data, action: Action, player: int | None, phase: str) -> Action:
    """Raise :class:`IllegalActionError` unless ``action`` is legal in ``d``; return it."""
    def refuse(why: str) -> IllegalActionError:
        return IllegalActionError(_("{action} is not legal: {why}", action=action_words(action), why=why))

    def where() -> str:  # (words made only for a refusal: a legal action is checked on every move)
        phases = {"roll": _("roll"), "show": _("show"), "bid": _("bid"), "over": _("over")}
        return _("(seat {seat}, {phase} phase)", seat=player, phase=phases.get(phase, phase))

    if player is None:
        raise refuse(_("the game is over"))
    if d.pending:
        if not isinstance(action, Roll):
            raise refuse(_("seat {seat} must roll first", seat=d.pending[0]))
        n = _to_roll(d, d.pending[0])
        if action.faces is not None and len(action.faces) != n:
            raise refuse(_("seat {seat} rolls {n} dice, not {got}", seat=d.pending[0], n=n, got=len(action.faces)))
        return action
    if isinstance(action, Roll):
        raise refuse(_("no roll is pending {where}", where=where()))
    if d.window:
        if not isinstance(action, Show | NoShow):
            raise refuse(_("seat {seat} has just bid and first decides whether to show {where}", seat=player,
                           where=where()))
        if isinstance(action, Show):
            hidden = Counter(d.hidden[player])
            if Counter(action.faces) - hidden:
                raise refuse(_("those are not dice in seat {seat}'s cup", seat=player))
            if len(action.faces) >= len(d.hidden[player]):
                raise refuse(_("at least one die must stay to re-roll"))
        return action
    if isinstance(action, Show | NoShow):
        raise refuse(_("only right after one's own bid {where}", where=where()))
    last = d.bids[-1][1] if d.bids else None
    if isinstance(action, Bid):
        if last is not None and action <= last:
            raise refuse(_("it does not raise {bid} {where}", bid=bid_words(last), where=where()))
    elif last is None:
        raise refuse(_("there is no bid yet {where}", where=where()))
    return action


def _execute(d: _Data, action: Action, rng: Rng) -> None:
    if isinstance(action, Roll):
        seat = d.pending[0]
        faces = action.faces
        if faces is None:
            faces = tuple(sorted(int(f) for f in rng.integers(1, 7, size=_to_roll(d, seat))))
        d.hidden = _replace(d.hidden, seat, faces)
        d.pending = d.pending[1:]
    elif isinstance(action, Bid):
        seat = d.turn
        d.bids = (*d.bids, (seat, action))
        d.turn = _next_seat(d, seat)
        d.window = len(d.hidden[seat]) >= 2
    elif isinstance(action, NoShow):
        d.window = False
    elif isinstance(action, Show):
        seat = d.bids[-1][0]
        d.shown = _replace(d.shown, seat, tuple(sorted(d.shown[seat] + action.faces)))
        d.hidden = _replace(d.hidden, seat, ())
        d.window = False
        d.pending = (seat,)
    else:
        _resolve_challenge(d)


def _resolve_challenge(d: _Data) -> None:
    bidder, bid = d.bids[-1]
    challenger = d.turn
    cups = tuple(tuple(sorted(h + s)) for h, s in zip(d.hidden, d.shown, strict=True))
    count = sum(count_matches(cup, bid.face) for cup in cups)
    losses = challenge_losses(bid, count, bidder=bidder, challenger=challenger, dice_counts=d.counts)
    winner = challenger if count < bid.quantity else bidder
    d.last = ChallengeResult(bid, bidder, challenger, cups, count, losses, winner)
    d.counts = tuple(c - lost for c, lost in zip(d.counts, losses, strict=True))
    d.opener = winner
    _begin_round(d, winner)


def action_events(action: Action, before: _Data, after: _Data) -> tuple[Event, ...]:
    """The structured events of ``action`` played from ``before`` to ``after``."""
    if isinstance(action, Roll):
        seat = before.pending[0]
        return (Event("roll", seat=seat, dice=len(action.faces or ())),)
    if isinstance(action, Bid):
        return (Event("bid", seat=before.turn, bid=str(action), quantity=action.quantity, face=action.face),)
    if isinstance(action, NoShow):
        return (Event("no_show", seat=before.bids[-1][0]),)
    if isinstance(action, Show):
        return (Event("show", seat=before.bids[-1][0], faces=list(action.faces),
                      rerolled=len(before.hidden[before.bids[-1][0]]) - len(action.faces)),)
    result = after.last
    assert result is not None
    events = [Event("challenge", seat=result.challenger, bidder=result.bidder, bid=str(result.bid),
                    count=result.count, perfect=result.perfect)]
    events.extend(Event("lose", seat=s, dice=n, left=after.counts[s]) for s, n in enumerate(result.losses) if n)
    if sum(1 for c in after.counts if c > 0) <= 1:
        events.append(Event("game_over", winners=[s for s, c in enumerate(after.counts) if c > 0]))
    else:
        events.append(Event("round_start", opener=result.winner))
    return tuple(events)


def new_game(players: int = 4, *, dice: int = 5, seed: int | None = None) -> State:
    """A new game: ``players`` (2..4) with ``dice`` dice each; seat 0 opens; every cup must be rolled.

    >>> s = new_game(3, seed=7)
    >>> s.current_player, s.is_chance, len(s.chance_outcomes())
    (0, True, 252)
    """
    config = Config(players, dice)
    return State([config.dice] * config.players, seed=seed)
