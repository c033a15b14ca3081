"""Lords of Vegas opponents in three levels, seeded and reproducible, and their opinion of trades.

- ``easy``, a beginner: three decisions in ten it plays as medium does; otherwise it builds whenever it can
  pay (any marked lot, any colour), now and then sprawls, bets a few dollars once in a while (rarely
  more), and otherwise ends its turn, and lay-offs and where re-rolled dice go are a coin toss. It trades as a
  beginner too (:func:`easy_accepts`, :func:`easy_offer`): three answers in ten by the valuation the others
  trade by, otherwise by the board's printed prices alone; now and then it offers a rival a lot's printed cost.
- ``medium``, the rule a good human follows: it values a position as the points its casinos will still
  score plus its money and the dollars its dice and markers will still bring (money counted in points, less
  and less as the game nears its end), and plays the build, sprawl, remodel or reorganize that most raises
  that value over the average rival's (a reorganize at its exact odds of making it boss), ending the turn
  when none gains. It never gambles (every bet loses 1/18 of itself on average) and lays off half a bet when,
  as the boss, it could not pay a double win. See :mod:`.bots_compiled`.
- ``hard``, an anytime search (:mod:`.search`): medium's choice, its next best ranked decisions and ending
  the turn (:data:`HARD_CANDIDATES` in all) are each played out :data:`HARD_PLAYOUTS` times on the compiled
  simulator, every seat playing medium but the rivals the table says play easy or random (``seats``), who
  play so, until the turn comes back round (:data:`HARD_ROUNDS`), the
  candidates sharing random numbers; each playout scores the chance of 1st place that a curve fitted on
  medium self-play gives the standing it reaches (the real share of the win where the game ends). The best
  average wins. Past its wall-clock budget (:data:`HARD_BUDGET`, counted from the call) it stops and judges
  on the playouts done.

Nothing looks ahead at the deck: every simulated draw is uniform over the unseen cards.

>>> from vegas_tutor.lords_of_vegas import new_game
>>> state = new_game(4, seed=2)
>>> choose_action(state, "hard", seed=1)
DrawCard(card=None)
>>> while state.is_chance:
...     state.apply(choose_action(state, "easy", seed=1))
>>> choose_action(state, "medium", seed=1) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _, number
from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas import search
from vegas_tutor.lords_of_vegas.actions import Action, DrawCard, RollDice
from vegas_tutor.lords_of_vegas.board import LOTS, ORDER
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.rules import MARKERS_PER_PLAYER
from vegas_tutor.lords_of_vegas.trade_value import accepts, after_trade, best_offer, dollars_per_point, value_trade
from vegas_tutor.lords_of_vegas.trades import TRADE_PHASES, Offer, Trade, describe_trade

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
HARD_CANDIDATES = 8
"""Decisions the hard level plays out (medium's choice and next best ranked), besides ending the turn; the coach
plays out the same ones (with 6 candidates and 24 playouts hard took 24.0% of 1st places against three medium,
with 8 and 64 40.5%, 200 games of ``selfplay.match`` each)."""
HARD_PLAYOUTS = 64
"""Playouts per candidate when the time is enough (the coach judges by the same search)."""
HARD_ROUNDS = 1
"""How far each playout goes: until the turn has come back to the deciding player this many times."""
HARD_BUDGET = 1.0
"""Wall-clock seconds the hard level may take for a decision (``budget``), counted from the call."""
EASY_OFFERS = 0.25
"""How often, at a turn's start, the easy level offers a rival the printed cost of one of its marked lots."""
SEARCH_SHARE = 0.7
"""The share of the budget the playouts may use (the rest is kept for reading the position and answering)."""


def _rows(s: c.Ints) -> tuple[c.Ints, int]:
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    return rows, c.legal(s, rows)


def _seed(seed: int | None) -> int:
    if seed is None:
        return int(make_rng(None).integers(2**31))
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ConfigError(_("a seed is a whole number or None, got {value}", value=repr(seed)))
    return int(seed) % 2**31


def choose_action(state: State, level: str, *, seed: int | None = None, budget: float = HARD_BUDGET,
                  seats: Sequence[str | None] | None = None) -> Action:
    """The action of the player to act at ``level`` (a bare draw or roll where chance acts).

    The hard level stops its playouts after ``SEARCH_SHARE * budget`` seconds of wall time from the call
    (``math.inf``: never), having compared its candidates on at least one shared playout. ``seats``: how each
    seat plays where the table knows it (a level, ``"random"``, or None for a person); only hard reads it
    (:func:`.search.playout_levels`). The same state, level, seed and seats always give the same action when
    the budget is not reached; the state is not changed.
    """
    began = time.monotonic()
    _check_budget(budget)
    if level not in LEVELS:
        raise ConfigError(_("unknown level {value}: choose one of {choices}", value=repr(level),
                            choices=", ".join(LEVELS)))
    if not isinstance(state, State):
        raise ConfigError(_("choose_action needs a Lords of Vegas State, got {value}", value=type(state).__name__))
    if seats is not None and (not isinstance(seats, list | tuple) or len(seats) != state.players
                              or any(q is not None and q not in (*LEVELS, "random") for q in seats)):
        raise ConfigError(_("seats: one level, policy or None per seat ({players} seats), got {seats!r}",
                            players=state.players, seats=seats))
    if state.is_over:
        raise IllegalActionError(_("the game is over: there is nothing left to choose"))
    base = _seed(seed)
    if state.is_chance:
        return DrawCard() if state.phase in ("deal", "draw") else RollDice()
    s = c.encode(state.data())
    rows, n = _rows(s)  # (the compiled rules list the engine's legal actions in the engine's order)
    if n == 1:
        return c.action_of(rows[0])
    if level == "hard":
        seat = state.current_player
        assert seat is not None  # (not a chance node)
        i = _hard(s, rows, n, base, began + SEARCH_SHARE * budget, search.playout_levels(state.players, seat, seats))
    else:
        c._seed(base)
        i = bc.pick(s, rows, n, bc.CODES[level], bc.PARAMS, bc.REORG_TABLE, np.zeros(n, np.float64))
    return c.action_of(rows[i])


def ranked(s: c.Ints, rows: c.Ints, n: int) -> list[int]:
    """Medium's ranking of the decisions ``rows[:n]`` (no bets): best gain first, then legal order."""
    gains = np.zeros(n, np.float64)
    bc.gains(s, rows, n, bc.PARAMS, bc.REORG_TABLE, 4, False, gains)
    return sorted((i for i in range(n) if rows[i, 0] != c.GAMBLE), key=lambda i: (-gains[i], i))


def _check_budget(budget: float) -> None:
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not budget > 0:
        raise ValueError(f"a thinking budget is a positive number of seconds, got {budget!r}")


def _hard(s: c.Ints, rows: c.Ints, n: int, seed: int, deadline: float = math.inf,
          levels: c.Ints = search.MEDIUM_SEATS) -> int:
    """The candidates of :func:`.search.candidates`, played out one shared playout at a time (playout j
    starts from seed ``seed + j`` for every candidate) until all :data:`HARD_PLAYOUTS` are done or the
    wall clock (``time.monotonic``) passes ``deadline``; the best mean leaf value over the playouts done
    wins. With time enough, the same as :func:`.selfplay.hard_pick`."""
    idx = np.empty(HARD_CANDIDATES + 1, np.int64)
    m = search.candidates(s, rows, n, seed, HARD_CANDIDATES, bc.PARAMS, bc.REORG_TABLE, idx)
    if m == 1:
        return int(idx[0])
    result, done = search.play_out(s, rows[idx[:m]].copy(), HARD_PLAYOUTS, seed, deadline=deadline,
                                   rounds=HARD_ROUNDS, levels=levels)
    return int(idx[search.best_mean(result, done)])


# --- trades ------------------------------------------------------------------------------------------------


def _bosses(state: State, seat: int) -> set[str]:
    return {casino.key for casino in state.casinos() if casino.boss == seat}


def trade_opinion(state: State, trade: Trade, seat: int) -> tuple[bool, str]:
    """Whether the bot in ``seat`` (a party to ``trade``) accepts it, with a one-line reason.

    The bot answers by :mod:`.trade_value`, the valuation the board's players and the coach use (its
    figures here in points: dollars of standing over the position's dollars per point). A trade that
    cannot happen now raises the engine's error.
    """
    if not isinstance(trade, Trade):
        raise ConfigError(_("trade_opinion needs a Trade, got {value}", value=type(trade).__name__))
    if seat not in (trade.first, trade.second):
        raise ConfigError(_("seat {seat} is not a party to {trade}", seat=repr(seat), trade=describe_trade(trade)))
    view = value_trade(state, trade).side(seat)
    accept = view.accepts
    after = after_trade(state, trade)[0]
    won, lost = _bosses(after, seat) - _bosses(state, seat), _bosses(state, seat) - _bosses(after, seat)
    per_point = dollars_per_point(state)
    points = view.net / per_point
    worth = _("worth {gain} points to me (points to come, each $1 counted as {rate})",
              gain=("+" if points >= 0 else "") + number(points, 1), rate=number(1 / per_point, 2))
    if lost and not accept:
        return False, _("No: I would stop being boss of the casino at {lot}; {worth}.",
                        lot=min(lost, key=ORDER.__getitem__), worth=worth)
    if won and accept:
        return True, _("Yes: it makes me boss of the casino at {lot}; {worth}.", lot=min(won, key=ORDER.__getitem__),
                       worth=worth)
    return accept, _("Yes: {worth}.", worth=worth) if accept else _("No: {worth}.", worth=worth)


def printed_worth(offer: Offer) -> int:
    """What a beginner thinks one side of a trade is worth: its money plus the printed build cost of each lot
    it hands over, marked or with a die."""
    return offer.money + sum(LOTS[lot].cost for lot in (*offer.lots, *offer.dice))


def easy_counts_by_value(seed: int | None = None) -> bool:
    """Whether the easy level answers this trade by the valuation (chance ``EASY_GOOD``, seeded)."""
    return bool(make_rng(_seed(seed)).random() < bc.EASY_GOOD)


def printed_sides(trade: Trade, seat: int) -> tuple[int, int]:
    """What party ``seat`` gets and gives in ``trade``, by the printed prices (:func:`printed_worth`)."""
    if seat not in (trade.first, trade.second):
        raise ConfigError(_("seat {seat} is not a party to {trade}", seat=repr(seat), trade=describe_trade(trade)))
    gets, gives = (trade.second_gives, trade.first_gives) if seat == trade.first else (
        trade.first_gives, trade.second_gives)
    return printed_worth(gets), printed_worth(gives)


def beginner_accepts(trade: Trade, seat: int) -> bool:
    """A beginner's answer as party ``seat``, by the printed prices alone: yes when what it gets is worth more
    than what it gives (an action sold in the trade is not counted)."""
    gets, gives = printed_sides(trade, seat)
    return gets > gives


def easy_accepts(state: State, trade: Trade, seat: int, seed: int | None = None) -> bool:
    """The easy level's answer as party ``seat``: now and then the valuation's, as medium answers
    (:func:`easy_counts_by_value`), otherwise :func:`beginner_accepts`. Seeded; the state is not changed."""
    if easy_counts_by_value(seed):
        return accepts(state, trade, seat)
    return beginner_accepts(trade, seat)


def easy_offer(state: State, seat: int, seed: int | None = None, partner: int | None = None) -> Trade | None:
    """The easy level's offer now, or None: with chance :data:`EASY_OFFERS`, the printed build cost for one
    rival's marked lot (``partner``: only that seat's), chosen at random among those it can pay and take.
    Only before a draw or between actions. Seeded; the state is not changed."""
    if state.phase not in TRADE_PHASES:
        return None
    rng = make_rng(_seed(seed))
    if rng.random() >= EASY_OFFERS or sum(1 for lot in LOTS if state.marker(lot) == seat) >= MARKERS_PER_PLAYER:
        return None
    wanted = [lot for lot in LOTS if (owner := state.marker(lot)) is not None and owner != seat
              and (partner is None or owner == partner) and state.die(lot) is None
              and 0 < LOTS[lot].cost <= state.money(seat)]
    if not wanted:
        return None
    lot = wanted[int(rng.integers(len(wanted)))]
    owner = state.marker(lot)
    assert owner is not None
    return Trade(seat, owner, Offer(money=LOTS[lot].cost), Offer(lots=(lot,)))


def propose_trade(state: State, seat: int) -> Trade | None:
    """A trade the bot in ``seat`` would offer now, or None: the best for it among those both parties accept
    (:func:`.trade_value.best_offer`). Only before a draw or between actions."""
    return best_offer(state, seat)
