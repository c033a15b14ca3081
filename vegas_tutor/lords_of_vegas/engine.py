"""The Lords of Vegas game state: checked actions, exact undo, chance outcomes, saved games, positions.

>>> s = new_game(2, seed=1)
>>> s.phase, str(s.legal_actions()[0])
('deal', 'draw')
>>> while s.is_chance and s.phase != "draw":
...     s.apply(s.legal_actions()[0])
>>> s.phase, len(s.deck_cards()) + len(s.seen_cards())
('draw', 49)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Self

from vegas_tutor.core.config import whole_number
from vegas_tutor.core.dice import Rng, make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.core.events import Event
from vegas_tutor.core.record import record_number
from vegas_tutor.core.state import GameStateBase, HistoryEntry
from vegas_tutor.i18n import _, _n
from vegas_tutor.lords_of_vegas import chance, rules
from vegas_tutor.lords_of_vegas.actions import (
    ACTION_TYPES,
    Action,
    DrawCard,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    RollDice,
    parse_action,
)
from vegas_tutor.lords_of_vegas.board import (
    GAME_END,
    ORDER,
)
from vegas_tutor.lords_of_vegas.casinos import Casino
from vegas_tutor.lords_of_vegas.explain import phase_words, why_not
from vegas_tutor.lords_of_vegas.names import describe, seat_word
from vegas_tutor.lords_of_vegas.positions import position_data
from vegas_tutor.lords_of_vegas.rules import PLAYER_NAMES, Data
from vegas_tutor.lords_of_vegas.trades import (
    TRADE_PHASES,
    Trade,
    carry_out,
    describe_trade,
    parse_trade,
    trade_problem,
)

Entry = Action | Trade
MAX_MOVES = 20_000
"""A bound on a game's moves (like OpenSpiel's max game length): no rule bounds it exactly (a tied roll is rolled
again), but games are short (the longest of those measured, random and bot play, had 258 moves). The boards stop
their automatic moves there (a bug, never a game)."""
MAX_RECORD_MONEY = 1_000_000
"""The most money (in millions) a saved position may give a player: far above what a game pays out (the
richest player of 9,000 simulated games, 2 to 4 players, random, easy and medium bots, ended with $312M), and
small enough for the bots' and simulators' 64-bit arithmetic (a saved $2**63 made the next bot move fail)."""
TileSpec = tuple[str, int | None, int | None]
"""A tile in a position: (colour, die owner or None, die value or None for the printed value)."""


@dataclass(frozen=True)
class Config:
    """A game's settings: 2 to 4 players (with two, block F is out of play), and the short game variant.

    ``short_game`` (off by default): the deck is split into 2 piles instead of 4 and the Game End card goes on
    top of the 2nd, so it comes out after about half the cards (:func:`~.rules.end_after_deal`); every other
    rule is the same.
    """

    players: int = 4
    short_game: bool = False

    def __post_init__(self) -> None:
        whole_number(self.players, _("Lords of Vegas: the number of players"), 2, 4)
        if not isinstance(self.short_game, bool):
            raise ConfigError(_("Lords of Vegas: short_game must be True or False, not {value}",
                                value=repr(self.short_game)))


class State(GameStateBase[Data, Entry]):
    """A game of Lords of Vegas (2-4 players). Create with :func:`new_game` or :meth:`State.position`."""

    GAME_ID = "lords_of_vegas"

    def __init__(self, data: Data, rng: Rng, origin: dict[str, Any]) -> None:
        super().__init__(data, rng, origin)
        self._proposal: Trade | None = None

    # --- reading -----------------------------------------------------------------------------------------

    @property
    def config(self) -> Config:
        return Config(self._d.players, self._d.short_game)

    @property
    def players(self) -> int:
        return self._d.players

    @property
    def names(self) -> tuple[str, ...]:
        return PLAYER_NAMES[: self._d.players]

    @property
    def phase(self) -> str:
        """Where the game is; see :mod:`vegas_tutor.lords_of_vegas.rules` for the list."""
        return self._d.phase

    @property
    def turn(self) -> int:
        """The seat whose turn it is (the current player may differ during a lay-off or placement)."""
        return self._d.turn

    @property
    def current_player(self) -> int | None:
        return rules.current_player(self._d)

    @property
    def is_chance(self) -> bool:
        """Whether a card must be drawn or dice rolled before anyone decides."""
        return self._d.phase in rules.CHANCE_PHASES

    @property
    def is_over(self) -> bool:
        return self._d.phase == "over"

    @property
    def winners(self) -> list[int]:
        return list(self._d.winners)

    def money(self, seat: int) -> int:
        return self._d.money[seat]

    def score(self, seat: int) -> int:
        """The seat's space on the score track."""
        return self._d.score[seat]

    def marker(self, lot: str) -> int | None:
        return self._d.marker.get(lot)

    def tile(self, lot: str) -> str | None:
        return self._d.tile.get(lot)

    def die(self, lot: str) -> tuple[int, int] | None:
        """(owner, value) of the die on ``lot``, if any."""
        if lot not in self._d.die_owner:
            return None
        return self._d.die_owner[lot], self._d.die_value[lot]

    def owner(self, lot: str) -> int | None:
        """Who owns the lot: its marker's or its die's owner (a tile without a die belongs to nobody)."""
        return self._d.marker.get(lot, self._d.die_owner.get(lot))

    def casinos(self) -> list[Casino]:
        """Every casino on the board (derived from the tiles), ordered by first lot."""
        return rules.casinos(self._d)

    def casino_at(self, lot: str) -> Casino | None:
        return rules.casino_at(self._d, lot)

    def tiles_left(self, colour: str) -> int:
        return rules.tiles_left(self._d, colour)

    def dice_left(self, seat: int) -> int:
        return rules.dice_left(self._d, seat)

    def markers_left(self, seat: int) -> int:
        return rules.markers_left(self._d, seat)

    def seen_cards(self) -> tuple[str, ...]:
        """Every card drawn so far (the setup deal included), in order."""
        return tuple(self._d.seen)

    def deck_cards(self) -> tuple[str, ...]:
        """The cards still to draw (order unknown): unseen lot cards and, until drawn, the Game End card."""
        end = () if GAME_END in self._d.seen else (GAME_END,)
        return (*self._d.unseen, *end)

    @property
    def draws_before_end(self) -> int | None:
        """How many more lot cards will be drawn before the Game End card (None during the setup deal)."""
        if self._d.end_after < 0:
            return None
        return max(self._d.end_after - self._d.drawn, 0)

    @property
    def gambled(self) -> bool:
        return self._d.gambled

    @property
    def rerolled(self) -> frozenset[str]:
        """Lots whose dice were re-rolled by a reorganize this turn."""
        return frozenset(self._d.rerolled)

    @property
    def pending_dice(self) -> tuple[str, ...]:
        """Lots of the dice a pending tie re-roll or reorganize is about."""
        return self._d.pending

    @property
    def placing(self) -> tuple[tuple[int, tuple[int, ...], tuple[str, ...]], ...]:
        """After a reorganize roll: (owner, values still to place, their tiles still to fill)."""
        return tuple((o, tuple(v), tuple(lots)) for o, v, lots in self._d.placing)

    @property
    def pending_bet(self) -> tuple[str, int, int, bool | None] | None:
        """A gamble awaiting the lay-off or the roll: (casino, bet, boss, lay-off chosen)."""
        return self._d.bet

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action did, in words."""
        return tuple(self._d.events)

    @property
    def proposal(self) -> Trade | None:
        return self._proposal

    def data(self) -> Data:
        """A copy of the raw position (for odds and bots, which play on copies without checks)."""
        return self._d.copy()

    # --- the protocol ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self._d)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return chance.chance_outcomes(self._d)

    def _coerce(self, action: object) -> Entry:
        if isinstance(action, str):
            return parse_action(action)
        if not isinstance(action, ACTION_TYPES):
            raise InvalidActionError(_("{value} is not a Lords of Vegas action", value=repr(action)))
        played: Action = action
        return played

    def apply(self, action: Entry | str) -> None:
        """Check and play ``action`` (or its text); on error nothing changes."""
        super().apply(action)
        self._proposal = None

    def _execute(self, d: Data, action: Entry) -> None:
        d.events = []
        if isinstance(action, Trade):
            _trade(d, action)
            if action.action is not None:  # the action sold in the trade, played at once by the turn player
                _execute(d, action.action, self._rng)
        else:
            _execute(d, action, self._rng)

    def undo(self) -> HistoryEntry[Entry]:
        """Take back the last action or trade, restoring everything (random generator included)."""
        entry = super().undo()
        self._proposal = None
        return entry

    def copy(self) -> Self:
        twin = super().copy()
        twin._proposal = self._proposal
        return twin

    # --- checking ----------------------------------------------------------------------------------------

    def _play(self, d: Data, action: Entry) -> Entry:
        d.events = []
        if isinstance(action, Trade):
            action = _checked_trade(d, action)
            self._execute(d, action)
            return action
        if d.phase == "over":
            raise IllegalActionError(_("{action}: the game is over", action=describe(action)))
        if isinstance(action, DrawCard | RollDice):
            action = self._chance(d, action)
        else:
            action = _canonical(d, action)
            if action not in rules.legal_actions(d):
                raise IllegalActionError(_("{action}: {why}", action=describe(action), why=why_not(d, action)))
        _execute(d, action, self._rng)
        return action

    def _chance(self, d: Data, action: DrawCard | RollDice) -> Action:
        if d.phase not in rules.CHANCE_PHASES:
            raise IllegalActionError(_("{action}: nothing is to be drawn or rolled now ({where})",
                                      action=describe(action), where=phase_words(d)))
        if isinstance(action, DrawCard):
            if d.phase not in ("deal", "draw"):
                raise IllegalActionError(_("{action}: dice must be rolled now, not a card drawn",
                                           action=describe(action)))
            if action.card is None:
                cards = chance.cards_to_draw(d)
                return DrawCard(cards[int(self._rng.integers(len(cards)))])
            if d.phase == "draw" and d.drawn == d.end_after and action.card != GAME_END:
                raise IllegalActionError(_("{action}: the next card is the Game End card",
                                           action=describe(action)))
            if action.card == GAME_END and d.phase == "deal":
                raise IllegalActionError(_("{action}: the Game End card is set aside during the deal",
                                           action=describe(action)))
            if action.card == GAME_END and d.drawn != d.end_after:
                raise IllegalActionError(_n("{action}: the Game End card is under {n} card",
                                            "{action}: the Game End card is under {n} cards",
                                            d.end_after - d.drawn, action=describe(action)))
            if action.card != GAME_END and action.card not in d.unseen:
                raise IllegalActionError(_("{action}: card {card} was already drawn", action=describe(action),
                                           card=action.card))
            return action
        if d.phase in ("deal", "draw"):
            raise IllegalActionError(_("{action}: a card must be drawn now, not dice rolled", action=describe(action)))
        if action.values is None:
            raw = [int(v) for v in self._rng.integers(1, 7, size=chance.dice_to_roll(d))]
            return RollDice(chance.bare_roll(d, raw))
        values = chance.normalise_roll(d, action.values)
        if isinstance(values, str):
            raise IllegalActionError(_("{action}: {why}", action=describe(action), why=values))
        return RollDice(values)

    # --- trades ------------------------------------------------------------------------------------------

    def propose_trade(self, trade: Trade | str) -> None:
        """Put a trade on the table; its second party may then :meth:`accept_trade`. Checked now."""
        trade = parse_trade(trade) if isinstance(trade, str) else trade
        if not isinstance(trade, Trade):
            raise InvalidActionError(_("{value} is not a Trade", value=repr(trade)))
        self._proposal = _checked_trade(self._d, trade)

    def decline_trade(self) -> None:
        if self._proposal is None:
            raise IllegalActionError(_("no trade is on the table"))
        self._proposal = None

    def accept_trade(self, seat: int) -> None:
        """The proposal's second party accepts: the trade happens (then any tie it makes is re-rolled)."""
        trade = self._proposal
        if trade is None:
            raise IllegalActionError(_("no trade is on the table"))
        if seat != trade.second:
            raise IllegalActionError(_("only {name} can accept {trade}", name=seat_word(trade.second),
                                       trade=describe_trade(trade)))
        self._trade(trade)

    def _trade(self, trade: Trade) -> None:
        self._commit(trade, lambda work: self._play(work, trade))
        self._proposal = None

    # --- saving ------------------------------------------------------------------------------------------

    def _config_json(self) -> dict[str, Any]:
        if self._d.short_game:
            return {"players": self.players, "short_game": True}
        return {"players": self.players}  # (the base game's records are as they always were)

    def _replay(self, text: str) -> None:
        if text.startswith("trade "):
            self._trade(parse_trade(text))
        else:
            self.apply(text)

    @classmethod
    def _from_record(cls, config: Any, origin: Any) -> Self:
        if not isinstance(config, dict) or set(config) not in ({"players"}, {"players", "short_game"}):
            raise RecordError(_("saved game config must hold the player count and, for a short game, short_game"))
        if config.get("short_game", True) is not True:
            raise RecordError(_("saved game config: short_game is written only for a short game, as true"))
        settings = Config(config["players"], "short_game" in config)
        state = cls._from_origin(origin)
        if state.players != settings.players:
            raise RecordError(_("saved game origin and config disagree on the player count"))
        if settings.short_game:
            if state._d.phase != "deal" or state._d.deal_next:
                raise RecordError(_("a short game is saved from a new game only"))
            state._d.short_game = True
        return state

    @classmethod
    def _from_origin(cls, origin: Any) -> Self:
        if not isinstance(origin, dict) or origin.get("kind") not in ("new", "position"):
            raise RecordError(_("saved game origin must be a new game or a position"))
        if origin["kind"] == "new":
            if set(origin) != {"kind", "players"}:
                raise RecordError(_("a new-game origin holds only the player count"))
            return cls._new(origin["players"], None)
        keys = {"kind", "players", "markers", "tiles", "money", "scores", "turn", "phase", "seen",
                "draws_before_end", "gambled"}
        if set(origin) != keys:
            raise RecordError(_("a position origin must hold {keys}", keys=", ".join(sorted(keys - {"kind"}))))
        spec = {k: v for k, v in origin.items() if k != "kind"}
        if not isinstance(spec["money"], list):
            raise RecordError(_("a position's money must be a list of amounts"))
        for amount in spec["money"]:
            record_number(amount, 0, MAX_RECORD_MONEY, _("money"))
        tiles = spec["tiles"]
        if not isinstance(tiles, dict) or not all(isinstance(t, list) for t in tiles.values()):
            raise RecordError(_("a position's tiles must map lots to [colour, owner, value]"))
        spec["tiles"] = {lot: tuple(t) for lot, t in tiles.items()}
        return cls.position(**spec)

    # --- construction --------------------------------------------------------------------------------------

    @classmethod
    def _new(cls, players: int, seed: int | None, short_game: bool = False) -> Self:
        Config(players, short_game)
        data = Data(players=players, money=[0] * players, score=[0] * players, short_game=short_game)
        return cls(data, make_rng(seed), {"kind": "new", "players": players})

    @classmethod
    def position(
        cls,
        players: int = 4,
        *,
        markers: Mapping[str, int] | None = None,
        tiles: Mapping[str, TileSpec] | None = None,
        money: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        turn: int = 0,
        phase: str = "play",
        seen: Iterable[str] | None = None,
        draws_before_end: int | None = None,
        gambled: bool = False,
        seed: int | None = None,
    ) -> Self:
        """Set up a position mid-game (for worked examples and "what if" play); everything is checked.

        ``markers`` maps lots to the seat marking them; ``tiles`` maps lots to (colour, die owner or
        None, die value or None = the printed value). ``phase`` is ``"play"`` (the turn player has drawn
        and may act) or ``"draw"`` (about to draw). ``seen`` lists the cards already drawn: by default the
        cards of every marked or built lot. ``draws_before_end``: lot cards left above the Game End card
        (default: all but the last quarter of the unseen cards, as at setup).
        """
        Config(players)
        if not isinstance(markers or {}, Mapping) or not isinstance(tiles or {}, Mapping):
            raise ConfigError(_("markers and tiles must map lot ids to their owner or tile"))
        if not isinstance(gambled, bool) or phase not in ("play", "draw"):
            raise ConfigError(_("gambled must be True or False and phase 'play' or 'draw' ({gambled}, {phase})",
                                gambled=repr(gambled), phase=repr(phase)))
        if any(not isinstance(x, Sequence | None) or isinstance(x, str) for x in (money, scores, seen)):
            raise ConfigError(_("money, scores and seen must be lists"))
        markers = dict(markers or {})
        if any(not isinstance(t, Sequence) or isinstance(t, str) for t in (tiles or {}).values()):
            raise ConfigError(_("each tile is given as (colour, die owner or None, die value or None)"))
        tile_spec = {lot: tuple(t) for lot, t in (tiles or {}).items()}
        money_list = list(money) if money is not None else [0] * players
        score_list = list(scores) if scores is not None else [0] * players
        seen_list = list(seen) if seen is not None else sorted({*markers, *tile_spec}, key=lambda x: ORDER.get(x, 99))
        origin: dict[str, Any] = {
            "kind": "position",
            "players": players,
            "markers": markers,
            "tiles": {lot: list(t) for lot, t in tile_spec.items()},
            "money": money_list,
            "scores": score_list,
            "turn": turn,
            "phase": phase,
            "seen": seen_list,
            "draws_before_end": draws_before_end,
            "gambled": gambled,
        }
        data = position_data(players, markers, tile_spec, list(money_list), list(score_list), turn, phase,
                              list(seen_list), draws_before_end, gambled)  # fmt: skip
        return cls(data, make_rng(seed), origin)

    def __repr__(self) -> str:
        return f"<Lords of Vegas: {self.describe()}>"

    def describe(self) -> str:
        d = self._d
        seats = ", ".join(f"{PLAYER_NAMES[p]} ${d.money[p]} {d.score[p]}pts" for p in range(d.players))
        return f"{phase_words(d)} ({seats})"


def new_game(players: int = 4, *, seed: int | None = None, short_game: bool = False) -> State:
    """A new game before the setup deal: draw cards (chance) until play begins.

    The setup is explicit chance: 2 cards dealt to each seat in turn (each gives a marker and its setup
    money), then the start rolls (2d6 each; the tied highest roll again). ``short_game``: the short game
    variant (see :class:`Config`).
    """
    return State._new(players, seed, short_game)


def _execute(d: Data, action: Action, rng: Rng) -> None:
    if isinstance(action, DrawCard):
        card = action.card
        if card is None:
            cards = chance.cards_to_draw(d)
            card = cards[int(rng.integers(len(cards)))]
        assert card is not None
        rules.draw(d, card)
    elif isinstance(action, RollDice):
        values = action.values
        if values is None:
            values = chance.bare_roll(d, [int(v) for v in rng.integers(1, 7, size=chance.dice_to_roll(d))])
        rules.roll(d, values)
    elif isinstance(action, MoveDie):
        rules.move_die(d, action.lot)
    elif isinstance(action, PlaceDie):
        rules.place_die(d, action.lot)
    elif isinstance(action, LayOff):
        rules.lay_off(d, action.half)
    else:
        rules.play(d, action)


def _checked_trade(d: Data, trade: Trade) -> Trade:
    """``trade`` with its sold action named canonically; :class:`IllegalActionError` if it cannot happen."""
    problem = trade_problem(d, trade)
    if problem is None and trade.action is not None:
        sold = _canonical(d, trade.action)
        if sold not in rules.legal_actions(d):
            problem = _("{name} cannot {action} now: {why}", name=seat_word(d.turn), action=describe(sold),
                        why=why_not(d, sold))
        trade = Trade(trade.first, trade.second, trade.first_gives, trade.second_gives, sold, trade.actor)
    if problem:
        raise IllegalActionError(_("{trade}: {why}", trade=describe_trade(trade), why=problem))
    return trade


def _trade(d: Data, trade: Trade) -> None:
    carry_out(d, trade)
    if d.phase in TRADE_PHASES:  # (in a pending choice only money and lots move: no die, so no new tie)
        rules.settle(d, d.phase)


def _canonical(d: Data, action: Action) -> Action:
    """Name a casino by its first lot, whichever of its lots the action gave."""
    if isinstance(action, Remodel | Reorganize | Gamble):
        c = rules.casino_at(d, action.lot)
        if c is not None and c.key != action.lot:
            if isinstance(action, Remodel):
                return Remodel(c.key, action.colour)
            if isinstance(action, Reorganize):
                return Reorganize(c.key)
            return Gamble(c.key, action.bet)
    return action
