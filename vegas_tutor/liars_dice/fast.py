"""Liar's Dice one action at a time on plain integers: the engine's rules, lean, for bots and playouts.

:class:`FastState` plays the same game as :class:`~vegas_tutor.liars_dice.engine.State` (the tests play
thousands of seeded games through both and compare every state) without what learners' moves need: no
action objects, no history, no undo, no events. Actions are integers, as in OpenSpiel:

- ``0 .. N_BIDS - 1``: the bid ``ALL_BIDS[a]`` (its rank on the track);
- :data:`CHALLENGE` (``N_BIDS``): call the last bid;
- :data:`NO_SHOW`, then ``SHOW + i``: the bidder's ``i``-th show, in the order of
  :func:`~vegas_tutor.liars_dice.engine.show_options` of their cup.

So the legal actions are always one contiguous ``range`` (raises then the challenge; or no show then the
shows), listed in the order of ``State.legal_actions()``, and checking one is a range lookup: :meth:`apply`
checks at that cost, :meth:`apply_unchecked` does not. Chance is a :meth:`roll` of the pending cup (given
faces, or from the state's own ``random.Random``).

>>> s = FastState([2, 2], seed=1)
>>> s.roll((2, 5)); s.roll((1, 6))
>>> s.apply(ALL_BIDS.index(Bid(2, 5))); s.apply(NO_SHOW); s.apply(CHALLENGE)
>>> s.last_challenge.count, s.dice_counts
(2, (2, 1))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import product

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import roll_outcomes
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Show, check_faces
from vegas_tutor.liars_dice.engine import Config, State, check_counts
from vegas_tutor.liars_dice.observation import ChallengeResult, Observation, Phase
from vegas_tutor.liars_dice.rules import MAX_DICE, MAX_PLAYERS, challenge_losses, count_matches, show_options
from vegas_tutor.liars_dice.track import ALL_BIDS, FACES, Bid

N_BIDS = len(ALL_BIDS)
CHALLENGE = N_BIDS
NO_SHOW = N_BIDS + 1
SHOW = N_BIDS + 2
"""``SHOW + i`` is the ``i``-th show of the bidder's cup (:func:`show_options` order)."""

_BID_FACE = tuple(b.face for b in ALL_BIDS)
_BID_QUANTITY = tuple(b.quantity for b in ALL_BIDS)
_RawChallenge = tuple[int, int, int, list[tuple[int, ...]], list[tuple[int, ...]], int, tuple[int, ...], int]
"""A challenge as played (bid rank, bidder, challenger, hidden, shown, count, losses, winner), made into a
:class:`ChallengeResult` only when asked."""


class FastState:
    """One game of Liar's Dice on integers (see the module's docstring). Not a :class:`State`: no history."""

    __slots__ = ("_bids", "_counts", "_hidden", "_last", "_last_bid", "_next", "_opener", "_pending", "_rng",
                 "_shown", "_turn", "_window", "is_chance")
    _bids: list[tuple[int, int]]
    """This round's bids as (seat, bid rank)."""
    _counts: list[int]
    _hidden: list[tuple[int, ...]]
    _shown: list[tuple[int, ...]]
    _last: ChallengeResult | _RawChallenge | None
    _last_bid: int
    """The rank of this round's last bid, -1 before the first."""
    _next: tuple[int, ...] | None
    """Each seat's next seat with dice; None once the game is over."""
    _opener: int
    _pending: tuple[int, ...]
    _rng: random.Random
    _turn: int
    _window: bool
    is_chance: bool
    """True while a roll is pending (:meth:`roll` it). A plain attribute, kept by every move: read it only."""

    def __init__(self, dice_counts: Sequence[int], *, opener: int = 0, seed: int | None = None) -> None:
        counts = list(dice_counts)
        if not _plausible(counts, opener):
            check_counts(counts, opener)  # raises the engine's own error
        self._rng = _SHARED if seed is None else random.Random(seed)
        self._counts = counts
        self._last = None
        self._begin_round(opener)

    @classmethod
    def new(cls, players: int = 4, *, dice: int = 5, seed: int | None = None) -> FastState:
        """A new game as :func:`~vegas_tutor.liars_dice.engine.new_game` makes it (seat 0 opens)."""
        config = Config(players, dice)
        return cls([config.dice] * config.players, seed=seed)

    @classmethod
    def from_state(cls, state: State, *, seed: int | None = None) -> FastState:
        """The position of ``state`` (whole truth, every cup), to play on from there; ``state`` is not changed."""
        if not isinstance(state, State):
            raise InvalidActionError(_("FastState.{method} needs a Liar's Dice {what}, got {kind}", method="from_state",
                                       what="State", kind=type(state).__name__))
        fast = cls.__new__(cls)
        fast._rng = _SHARED if seed is None else random.Random(seed)
        fast._counts = list(state.dice_counts)
        fast._hidden = list(state.hidden)
        fast._shown = list(state.shown)
        fast._bids = [(seat, bid.rank) for seat, bid in state.bids]
        fast._last_bid = fast._bids[-1][1] if fast._bids else -1
        fast._turn = state.next_to_bid
        fast._window = state.may_show is not None
        fast._pending = state.pending_rolls
        fast.is_chance = bool(fast._pending)
        fast._opener = state.opener
        fast._last = state.last_challenge
        fast._next = _round_plan(tuple(fast._counts), fast._opener)[0]
        return fast

    @classmethod
    def from_view(cls, observation: Observation, hidden: Sequence[Sequence[int]], *,
                  seed: int | None = None) -> FastState:
        """A position consistent with what one player saw: ``observation`` (outside a roll) with ``hidden``
        as every seat's hidden dice (the observer's own as seen; the others, say, sampled by a search bot).

        The last challenge is not carried over (it is not needed to play on).
        """
        if not isinstance(observation, Observation):
            raise InvalidActionError(_("FastState.{method} needs a Liar's Dice {what}, got {kind}", method="from_view",
                                       what="Observation", kind=type(observation).__name__))
        obs, seat = observation, observation.current_player
        cups = [check_faces(tuple(cup), "FastState.from_view hidden") for cup in hidden]
        if seat is None or obs.phase == "roll" or len(cups) != obs.players or cups[obs.player] != obs.own_hidden \
                or any(len(cup) + len(shown) != held
                       for cup, shown, held in zip(cups, obs.shown, obs.dice_counts, strict=True)):
            raise InvalidActionError(_("those hidden cups do not fit what seat {seat} saw: {hidden!r}", seat=obs.player,
                                       hidden=[list(cup) for cup in hidden]))
        fast = cls.__new__(cls)
        fast._rng = _SHARED if seed is None else random.Random(seed)
        fast._counts = list(obs.dice_counts)
        fast._hidden = cups
        fast._shown = list(obs.shown)
        fast._bids = [(bidder, bid.rank) for bidder, bid in obs.bids]
        fast._last_bid = fast._bids[-1][1] if fast._bids else -1
        fast._opener = obs.bids[0][0] if obs.bids else seat  # the opener bids first
        fast._last = None
        following, _order = _round_plan(tuple(fast._counts), fast._opener)
        fast._next = following
        fast._pending = ()
        fast.is_chance = False
        fast._window = obs.phase == "show"
        fast._turn = following[seat] if fast._window and following is not None else seat
        return fast

    def copy(self) -> FastState:
        """An independent copy: a seeded state's generator is cloned; unseeded ones share the process's."""
        twin = FastState.__new__(FastState)
        if self._rng is _SHARED:
            twin._rng = _SHARED
        else:
            twin._rng = random.Random()
            twin._rng.setstate(self._rng.getstate())
        twin._counts = self._counts.copy()
        twin._hidden = self._hidden.copy()
        twin._shown = self._shown.copy()
        twin._bids = self._bids.copy()
        twin._last_bid = self._last_bid
        twin._turn = self._turn
        twin._window = self._window
        twin._pending = self._pending
        twin.is_chance = self.is_chance
        twin._opener = self._opener
        twin._last = self._last
        twin._next = self._next
        return twin

    # ----------------------------------------------------------------------------------- queries
    @property
    def players(self) -> int:
        return len(self._counts)

    @property
    def dice_counts(self) -> tuple[int, ...]:
        return tuple(self._counts)

    @property
    def hidden(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's hidden dice, sorted (the whole truth)."""
        return tuple(self._hidden)

    @property
    def shown(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self._shown)

    @property
    def bids(self) -> tuple[tuple[int, Bid], ...]:
        """This round's bids as (seat, bid), oldest first."""
        return tuple((seat, ALL_BIDS[rank]) for seat, rank in self._bids)

    @property
    def last_bid(self) -> Bid | None:
        return ALL_BIDS[self._last_bid] if self._last_bid >= 0 else None

    @property
    def opener(self) -> int:
        return self._opener

    @property
    def last_challenge(self) -> ChallengeResult | None:
        """The last challenge's result, as the engine gives it (built when asked)."""
        last = self._last
        if last is None or isinstance(last, ChallengeResult):
            return last
        rank, bidder, challenger, hidden, shown, count, losses, winner = last
        cups = tuple(tuple(sorted(h + s)) if s else h for h, s in zip(hidden, shown, strict=True))
        result = ChallengeResult(ALL_BIDS[rank], bidder, challenger, cups, count, losses, winner)
        self._last = result
        return result

    @property
    def is_over(self) -> bool:
        return self._next is None

    @property
    def winners(self) -> list[int]:
        return [s for s, c in enumerate(self._counts) if c > 0] if self._next is None else []

    @property
    def current_player(self) -> int | None:
        """The seat to act or to roll; the bidder while they decide on a show; ``None`` once over."""
        if self._next is None:
            return None
        if self._pending:
            return self._pending[0]
        return self._bids[-1][0] if self._window else self._turn

    @property
    def phase(self) -> Phase:
        if self._next is None:
            return "over"
        if self._pending:
            return "roll"
        return "show" if self._window else "bid"

    def legal_actions(self) -> range:
        """The legal action ids, in ``State.legal_actions()`` order; empty at a chance node or once over."""
        if self._pending or self._next is None:
            return _NOTHING
        if self._window:
            cup = self._hidden[self._bids[-1][0]]
            return _SHOW_RANGES.get(cup) or _show_range(cup)
        return _RAISES[self._last_bid + 1]

    def to_roll(self) -> int:
        """How many dice the pending roll throws (0 if none is pending)."""
        if not self._pending:
            return 0
        seat = self._pending[0]
        return self._counts[seat] - len(self._shown[seat])

    def chance_outcomes(self) -> list[tuple[tuple[int, ...], Fraction]]:
        """Each result of the pending roll (sorted faces) with its exact probability; else empty."""
        if not self._pending:
            return []
        return [(tuple(f for f in FACES for _ in range(c[f - 1])), p) for c, p in roll_outcomes(self.to_roll())]

    def action(self, a: int) -> Action:
        """The engine's action for id ``a`` in this position (a show depends on the bidder's cup)."""
        if not is_int(a) or a < 0:
            raise self._refusal(a)
        if a < N_BIDS:
            return ALL_BIDS[a]
        if a == CHALLENGE:
            return Challenge()
        if a == NO_SHOW:
            return NoShow()
        options = show_options(self._hidden[self._bids[-1][0]]) if self._bids else ()
        if a - SHOW >= len(options):
            raise self._refusal(a)
        return options[a - SHOW]

    def action_id(self, action: Action) -> int:
        """The id of the engine's ``action`` in this position (inverse of :meth:`action`)."""
        if isinstance(action, Bid):
            return action.rank
        if isinstance(action, Challenge):
            return CHALLENGE
        if isinstance(action, NoShow):
            return NO_SHOW
        if isinstance(action, Show) and self._bids:
            options = show_options(self._hidden[self._bids[-1][0]])
            if action in options:
                return SHOW + options.index(action)
        raise self._refusal(action)

    def observation(self, player: int) -> Observation:
        """What ``player`` may see, as the engine's :class:`Observation` (what the bots decide from)."""
        if not is_int(player) or not 0 <= player < self.players:
            raise InvalidActionError(_("no seat {player!r} in a {players}-player game", player=player,
                                       players=self.players))
        window = self._window and not self._pending and self._next is not None and bool(self._bids)
        return Observation(
            player=player,
            dice_counts=tuple(self._counts),
            own_hidden=self._hidden[player],
            shown=tuple(self._shown),
            bids=self.bids,
            phase=self.phase,
            current_player=self.current_player,
            may_show=window and self._bids[-1][0] == player,
            last_challenge=self.last_challenge,
            winners=tuple(self.winners),
        )

    # ----------------------------------------------------------------------------------- moves
    def roll(self, faces: Sequence[int] | None = None) -> None:
        """Roll the pending cup: ``faces`` (any order) or, bare, the state's own generator."""
        pending = self._pending
        if not pending:
            raise IllegalActionError(_("no roll is pending {where}", where=self._where()))
        seat = pending[0]
        n = self._counts[seat] - len(self._shown[seat])
        if faces is None:
            if n > _TABLED:
                cup = tuple(sorted(self._rng.choices(FACES, k=n)))
            else:  # one uniform draw among the 6**n ordered rolls, by rejection (exact)
                table = _CUP_TABLES[n] or _cup_table(n)
                getrandbits, bits = self._rng.getrandbits, _TABLE_BITS[n]
                k = getrandbits(bits)
                while k >= _TABLE_SIZES[n]:
                    k = getrandbits(bits)
                cup = table[k]
        else:
            cup = check_faces(tuple(faces), "FastState.roll faces")
            if len(cup) != n:
                raise IllegalActionError(_("seat {seat} rolls {n} dice, not {got}", seat=seat, n=n, got=len(cup)))
        self._hidden[seat] = cup
        self._pending = pending = pending[1:]
        self.is_chance = bool(pending)

    def apply(self, a: int) -> None:
        """Play action id ``a`` if it is in :meth:`legal_actions`, else raise and change nothing."""
        if type(a) is not int:  # an integer of another kind (numpy's) is read as its int; nothing else is
            if isinstance(a, bool) or not hasattr(a, "__index__"):
                raise self._refusal(a)
            a = a.__index__()
        if a not in self.legal_actions():
            raise self._refusal(a)
        self.apply_unchecked(a)

    def _where(self) -> str:
        phases = {"roll": _("roll"), "show": _("show"), "bid": _("bid"), "over": _("over")}
        return _("(seat {seat}, {phase} phase)", seat=self.current_player, phase=phases[self.phase])

    def _refusal(self, what: object) -> IllegalActionError:
        legal = self.legal_actions()
        ids = f"{legal.start}..{legal.stop - 1}" if legal else "-"
        return IllegalActionError(_("{what!r} is not a legal action id here {where}: legal ids {ids}", what=what,
                                    where=self._where(), ids=ids))

    def apply_unchecked(self, a: int) -> None:
        """Play action id ``a``, which must be in :meth:`legal_actions` (not checked)."""
        if a < N_BIDS:
            seat = self._turn
            self._bids.append((seat, a))
            self._last_bid = a
            self._turn = self._next[seat]  # type: ignore[index]  # not None while the game goes on
            self._window = len(self._hidden[seat]) >= 2
        elif a == CHALLENGE:
            self._challenge()
        elif a == NO_SHOW:
            self._window = False
        else:
            seat = self._bids[-1][0]
            cup = self._hidden[seat]
            faces = (_SHOW_FACES.get(cup) or _show_faces(cup))[a - SHOW]
            before = self._shown[seat]
            self._shown[seat] = tuple(sorted(before + faces)) if before else faces
            self._hidden[seat] = ()
            self._window = False
            self._pending = (seat,)
            self.is_chance = True

    def play_random_round(self, rng: random.Random) -> int:
        """Roll what is pending and play uniformly random legal actions up to the round's challenge.

        Returns the number of decisions made (the challenge included).
        """
        decisions = 0
        while True:
            if self._pending:
                self.roll()
                continue
            legal = self.legal_actions()
            a = legal[int(rng.random() * len(legal))]
            self.apply_unchecked(a)
            decisions += 1
            if a == CHALLENGE:
                return decisions

    # ----------------------------------------------------------------------------------- rules
    def _challenge(self) -> None:
        bidder, rank = self._bids[-1]
        face, quantity = _BID_FACE[rank], _BID_QUANTITY[rank]
        challenger = self._turn
        hidden, shown = self._hidden, self._shown
        count = 0
        for cup in hidden:  # (plain loops: a generator here costs a microsecond a challenge)
            count += (_MATCHES.get(cup) or _matches(cup))[face]
        for cup in shown:
            count += (_MATCHES.get(cup) or _matches(cup))[face]
        counts = self._counts
        losses = _losses(rank, count, bidder, challenger, tuple(counts))
        winner = challenger if count < quantity else bidder
        self._last = (rank, bidder, challenger, hidden, shown, count, losses, winner)  # read by last_challenge
        for seat, lost in enumerate(losses):
            if lost:
                counts[seat] -= lost
        self._begin_round(winner)

    def _begin_round(self, opener: int) -> None:
        n = len(self._counts)
        self._hidden = [()] * n
        self._shown = [()] * n
        self._bids = []
        self._last_bid = -1
        self._turn = opener
        self._opener = opener
        self._window = False
        self._next, self._pending = _round_plan(tuple(self._counts), opener)
        self.is_chance = bool(self._pending)

    def __repr__(self) -> str:
        return (f"<liars_dice.FastState dice={self._counts} phase={self.phase} player={self.current_player} "
                f"bid={self.last_bid}>")


_SHARED = random.Random()
"""The generator of unseeded states (seeding one per state would cost more than a round)."""
_TABLED = 5
"""Cups of up to this many dice are rolled by one draw from the table of all ordered outcomes."""
_TABLE_BITS = tuple((6**n - 1).bit_length() for n in range(_TABLED + 1))
_TABLE_SIZES = tuple(6**n for n in range(_TABLED + 1))
_CUP_TABLES: list[tuple[tuple[int, ...], ...] | None] = [None] * (_TABLED + 1)
"""``_CUP_TABLES[n]``: each of the 6**n equally likely ordered rolls of ``n`` dice as its sorted cup (built
on the first bare roll of ``n`` dice)."""


def _cup_table(n: int) -> tuple[tuple[int, ...], ...]:
    table = _CUP_TABLES[n] = tuple(tuple(sorted(roll)) for roll in product(FACES, repeat=n))
    return table


def _plausible(counts: list[int], opener: object) -> bool:
    """A quick yes for well-formed settings (:func:`check_counts` gives the reason for a no)."""
    if not 2 <= len(counts) <= MAX_PLAYERS or type(opener) is not int or not 0 <= opener < len(counts):
        return False
    alive = 0
    for c in counts:
        if type(c) is not int or not 0 <= c <= MAX_DICE:
            return False
        if c:
            alive += 1
    return alive >= 2 and counts[opener] > 0


def _shows(cup: tuple[int, ...]) -> tuple[Show, ...]:
    """:func:`show_options` of ``cup``, through a plain dictionary (the hot path asks for it twice per bid)."""
    options = _SHOWS.get(cup)
    if options is None:
        options = _SHOWS[cup] = show_options(cup)
    return options


_SHOWS: dict[tuple[int, ...], tuple[Show, ...]] = {}
_SHOW_FACES: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
"""Per cup: the faces each of its shows sets aside (the hot path of a show)."""


def _show_faces(cup: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    faces = _SHOW_FACES[cup] = tuple(show.faces for show in _shows(cup))
    return faces


_MATCHES: dict[tuple[int, ...], tuple[int, ...]] = {(): (0,) * 7}
"""Per cup: how many of its dice count for a bid on each face (index = face; :func:`count_matches`)."""


def _matches(cup: tuple[int, ...]) -> tuple[int, ...]:
    counted = _MATCHES[cup] = (0, *(count_matches(cup, face) for face in FACES))
    return counted


@cache
def _losses(rank: int, count: int, bidder: int, challenger: int, counts: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`challenge_losses` of the bid of that rank, remembered (a round ends in one of few ways)."""
    return challenge_losses(ALL_BIDS[rank], count, bidder=bidder, challenger=challenger, dice_counts=counts)
_SHOW_RANGES: dict[tuple[int, ...], range] = {}
_NOTHING = range(0)
_RAISES = (range(N_BIDS), *(range(first, CHALLENGE + 1) for first in range(1, N_BIDS + 1)))
"""``_RAISES[rank + 1]``: the legal actions after the bid of that rank (``_RAISES[0]``: the opening bids)."""


def _show_range(cup: tuple[int, ...]) -> range:
    legal = _SHOW_RANGES[cup] = range(NO_SHOW, SHOW + len(_shows(cup)))
    return legal


@cache
def _round_plan(counts: tuple[int, ...], opener: int) -> tuple[tuple[int, ...] | None, tuple[int, ...]]:
    """For a round's dice counts: each seat's next seat with dice (``None`` once the game is over) and the
    seats to roll, from the opener round the table."""
    n = len(counts)
    if sum(1 for c in counts if c > 0) <= 1:
        return None, ()
    following = tuple(next(s % n for s in range(seat + 1, seat + n + 1) if counts[s % n] > 0) for seat in range(n))
    return following, tuple(s for s in ((opener + i) % n for i in range(n)) if counts[s] > 0)
