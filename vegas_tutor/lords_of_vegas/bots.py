"""Lords of Vegas opponents in three levels, seeded and reproducible, and their opinion of trades.

- ``easy``, a beginner: builds whenever it can pay (any marked lot, any colour), now and then sprawls,
  bets a few dollars once in a while (rarely more), and otherwise ends its turn. Lay-offs and where
  re-rolled dice go are a coin toss.
- ``medium``, the rule a good human follows: it values a position as the points its casinos will still
  score plus its money and the dollars its dice and markers will still bring (money counted in points, less
  and less as the game nears its end), and plays the build, sprawl, remodel or reorganize that most raises
  that value over the average rival's (a reorganize at its exact odds of making it boss), ending the turn
  when none gains. It never gambles (every bet loses 1/18 of itself on average) and lays off half a bet when,
  as the boss, it could not pay a double win. See :mod:`.bots_compiled`.
- ``hard``, search: the ~8 decisions medium ranks highest (and ending the turn) are each played out
  :data:`HARD_PLAYOUTS` times with every seat playing medium until the turn comes back round, on the
  compiled simulator, sharing random numbers; the best average value over the average rival wins. It is
  anytime: past its wall-clock budget (:data:`HARD_BUDGET`) it stops and judges on the playouts done.

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

import numpy as np

from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _, number
from vegas_tutor.lords_of_vegas import bots_compiled as bc
from vegas_tutor.lords_of_vegas import compiled as c
from vegas_tutor.lords_of_vegas import rules
from vegas_tutor.lords_of_vegas.actions import Action, DrawCard, RollDice
from vegas_tutor.lords_of_vegas.board import LOTS, ORDER
from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.lords_of_vegas.trades import TRADE_PHASES, Offer, Trade, carry_out, describe_trade, trade_problem

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
HARD_CANDIDATES = 8
"""Decisions the hard level plays out (medium's best ranked, plus ending the turn)."""
HARD_PLAYOUTS = 40
"""Playouts per candidate."""
HARD_ROUNDS = 1
"""How far each playout goes: until the turn has come back to the deciding player this many times."""
HARD_BUDGET = 1.0
"""Wall-clock seconds the hard level may think (``budget``): it then keeps the best decision found so far."""
TRADE_MARGIN = 0.25
"""A bot accepts a trade worth more than this many points to it (money counted at the position's rate)."""
_MEDIUM_SEATS = np.full(4, bc.MEDIUM, dtype=np.int64)


def _rows(s: c.Ints) -> tuple[c.Ints, int]:
    rows = np.zeros((c.MAX_ACTIONS, 4), np.int64)
    return rows, c.legal(s, rows)


def _seed(seed: int | None) -> int:
    if seed is None:
        return int(make_rng(None).integers(2**31))
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ConfigError(_("a seed is a whole number or None, got {value}", value=repr(seed)))
    return int(seed) % 2**31


def choose_action(state: State, level: str, *, seed: int | None = None, budget: float = HARD_BUDGET) -> Action:
    """The action of the player to act at ``level`` (a bare draw or roll where chance acts).

    The hard level stops thinking after about ``budget`` seconds of wall time (``math.inf``: never), having
    compared its candidates on at least one shared playout. The same state, level and seed always give the
    same action when the budget is not reached; the state is not changed.
    """
    _check_budget(budget)
    if level not in LEVELS:
        raise ConfigError(_("unknown level {value}: choose one of {choices}", value=repr(level),
                            choices=", ".join(LEVELS)))
    if not isinstance(state, State):
        raise ConfigError(_("choose_action needs a Lords of Vegas State, got {value}", value=type(state).__name__))
    if state.is_over:
        raise IllegalActionError(_("the game is over: there is nothing left to choose"))
    base = _seed(seed)
    if state.is_chance:
        return DrawCard() if state.phase in ("deal", "draw") else RollDice()
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    s = c.encode(state.data())
    rows, n = _rows(s)
    if level == "hard":
        i = _hard(s, rows, n, base, budget)
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


def _hard(s: c.Ints, rows: c.Ints, n: int, seed: int, budget: float = math.inf) -> int:
    """Medium's first choice and best ranked decisions, played out one shared playout at a time (playout j
    starts from seed ``seed + j`` for every candidate) until all :data:`HARD_PLAYOUTS` are done or the
    ``budget`` of wall-clock seconds is spent; the best mean reward over the playouts done wins."""
    deadline = time.monotonic() + budget
    c._seed(seed)
    first = bc.pick(s, rows, n, bc.MEDIUM, bc.PARAMS, bc.REORG_TABLE, np.zeros(n, np.float64))
    cands = [first, *[i for i in ranked(s, rows, n) if i != first][: HARD_CANDIDATES - 1]]
    if s[c.PHASE] == c.PLAY and n - 1 not in cands:
        cands.append(n - 1)
    if len(cands) == 1:
        return first
    picked = rows[cands].copy()
    result = np.zeros((len(cands), HARD_PLAYOUTS), np.float64)
    done = 0
    while done < HARD_PLAYOUTS:
        result[:, done] = bc.search(s, picked, 1, seed, _MEDIUM_SEATS, bc.PARAMS, bc.REORG_TABLE, HARD_ROUNDS,
                                    done)[:, 0]  # fmt: skip
        done += 1
        if time.monotonic() >= deadline:
            break
    return cands[int(np.argmax(result[:, :done].mean(axis=1)))]


# --- trades ------------------------------------------------------------------------------------------------


def _values(d: rules.Data, action: Action | None = None) -> np.ndarray:
    """Each seat's value (:func:`.bots_compiled.standing`) of position ``d``, after ``action`` if given."""
    s = c.encode(d)
    out = np.zeros(4, np.float64)
    gid, info = np.empty(c.N, np.int64), np.empty((c.N, 8), np.int64)
    if action is None:
        bc.standing(s, bc.PARAMS, out, gid, info)
        return out
    rows, n = _rows(s)
    row = next(rows[i] for i in range(n) if c.action_of(rows[i]) == action)
    c._seed(0)
    bc.after(s, row, bc.PARAMS, bc.REORG_TABLE, 16, out, np.empty_like(s), gid, info)
    return out


def _trade_gain(d: rules.Data, trade: Trade, seat: int) -> tuple[float, rules.Data]:
    before = _values(d)
    work = d.copy()
    carry_out(work, trade)
    if work.phase in TRADE_PHASES and trade.action is None:
        rules.settle(work, work.phase)
    after = _values(work, trade.action) if trade.action is not None else _values(work)
    players = d.players
    gain = bc.relative(after, seat, players, bc.PARAMS[3]) - bc.relative(before, seat, players, bc.PARAMS[3])
    return float(gain), work


def _bosses(d: rules.Data, seat: int) -> dict[str, int]:
    return {c_.key: c_.size for c_ in rules.casinos(d) if c_.boss == seat}


def trade_opinion(state: State, trade: Trade, seat: int) -> tuple[bool, str]:
    """Whether the bot in ``seat`` (a party to ``trade``) accepts it, with a one-line reason.

    The bot values both positions as medium does (points to come, money counted at the position's rate)
    and accepts a gain of more than :data:`TRADE_MARGIN` points. A trade that cannot happen now raises
    the engine's error.
    """
    if not isinstance(trade, Trade):
        raise ConfigError(_("trade_opinion needs a Trade, got {value}", value=type(trade).__name__))
    if seat not in (trade.first, trade.second):
        raise ConfigError(_("seat {seat} is not a party to {trade}", seat=repr(seat), trade=describe_trade(trade)))
    state.copy().propose_trade(trade)  # raises if the trade cannot happen now
    d = state.data()
    gain, work = _trade_gain(d, trade, seat)
    accept = gain > TRADE_MARGIN
    won = set(_bosses(work, seat)) - set(_bosses(d, seat))
    lost = set(_bosses(d, seat)) - set(_bosses(work, seat))
    worth = _("worth {gain} points to me (points to come, each $1 counted as {rate})",
              gain=("+" if gain >= 0 else "") + number(gain, 1), rate=number(bc.rate(c.encode(d), bc.PARAMS), 2))
    if lost and not accept:
        return False, _("No: I would stop being boss of the casino at {lot}; {worth}.",
                        lot=min(lost, key=ORDER.__getitem__), worth=worth)
    if won and accept:
        return True, _("Yes: it makes me boss of the casino at {lot}; {worth}.", lot=min(won, key=ORDER.__getitem__),
                       worth=worth)
    return accept, _("Yes: {worth}.", worth=worth) if accept else _("No: {worth}.", worth=worth)


def propose_trade(state: State, seat: int) -> Trade | None:
    """A trade the bot in ``seat`` would offer now, or None: buying a marked lot (for its printed cost, half
    or one and a half times it) or selling one of its own, whichever gains it most among those the other
    side's bot would accept. Only before a draw or between actions."""
    if not isinstance(state, State):
        raise ConfigError(_("propose_trade needs a Lords of Vegas State, got {value}", value=type(state).__name__))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ConfigError(_("seat must be 0..{last}, got {value}", last=state.players - 1, value=repr(seat)))
    d = state.data()
    if d.phase not in TRADE_PHASES:
        return None
    best: tuple[float, Trade] | None = None
    for lot, owner in sorted(d.marker.items(), key=lambda kv: ORDER[kv[0]]):
        if owner == seat and not _near_casino(d, lot, seat):
            continue
        cost = LOTS[lot].cost
        for price in sorted({max(1, cost // 2), cost, cost + cost // 2}):
            if owner == seat:
                trade = Trade(seat, _best_buyer(d, lot, seat), Offer(lots=(lot,)), Offer(money=price))
            else:
                trade = Trade(seat, owner, Offer(money=price), Offer(lots=(lot,)))
            if trade_problem(d, trade) is not None:
                continue
            mine, _work = _trade_gain(d, trade, seat)
            theirs, _other = _trade_gain(d, trade, trade.second)
            if mine > TRADE_MARGIN and theirs > TRADE_MARGIN and (best is None or mine > best[0]):
                best = (mine, trade)
    return None if best is None else best[1]


def _near_casino(d: rules.Data, lot: str, seat: int) -> bool:
    """Whether ``lot`` touches a casino bossed by someone other than ``seat`` (a lot worth selling)."""
    return any(c_.boss not in (None, seat) and any(n in c_.lots for n in LOTS[lot].neighbours)
               for c_ in rules.casinos(d))  # fmt: skip


def _best_buyer(d: rules.Data, lot: str, seat: int) -> int:
    for c_ in rules.casinos(d):
        if c_.boss not in (None, seat) and any(n in c_.lots for n in LOTS[lot].neighbours):
            assert c_.boss is not None
            return c_.boss
    return (seat + 1) % d.players
