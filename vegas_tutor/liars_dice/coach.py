"""The Liar's Dice coach: what every choice is expected to cost, which one is best, and why.

The coach sees one player's :class:`~vegas_tutor.liars_dice.engine.Observation` and nothing else. It
values each legal choice on two scales, from the same reading of the table:

- **the chance of winning the game** (the verdicts' scale, as in the other two games): how the round's
  possible ends (who loses how many dice) move the player's chance of winning, each end weighed by
  :func:`~vegas_tutor.liars_dice.win_chance.win_chances` of the dice left;
- **expected dice lost** (the game's own unit, shown beside, and the ``hard`` bot's scale): the dice the
  player expects to lose this round minus the dice the average rival expects to lose (two players: your
  loss minus your rival's), so a challenge that costs the bidder two dice is worth more than one that
  costs one.

How it reads the table (the same model the ``hard`` bot plays by, :mod:`.bots`, but that with four dice or fewer
against a last rival hard reads that rival's bids more warily, :data:`.bots.ENDGAME_READING`):

- **Rivals play by the odds, with noise** (:class:`Model`). A rival facing a bid challenges it the more
  surely the less likely it looks from their own cup (a steep logistic around 1/2); raising, they pick
  a bid by a softmax of its chance of being true from their cup, leaning to lower bids; with a small
  probability they act uniformly at random. Rivals are not assumed to read your bids. Told the rivals'
  levels (``levels``: a table knows its bots'), the coach reads an easy or a medium rival exactly as that
  bot plays (:mod:`.level_play`: the bot's own rule run on every cup the rival may hold, both for the bids
  it made and for its answer to yours) and a hard one by its level's numbers (:data:`LEVEL_MODELS`, fitted
  on that level's play); a rival whose bids no cup explains (not the bot it is said to be) is read by its
  level's numbers too. Not told, the coach reads every rival by :data:`MODEL`.
- **Bids tell**: each rival's cup is a distribution over its count patterns, weighted by how likely each
  cup makes that rival's bids this round (Bayes). A rival who has shown and re-rolled is read from the
  dice shown only (the re-rolled cup is fresh).
- **Looking ahead**: a raise is valued by the next player's response: a challenge settles it (exactly,
  over the cups); a counter-raise leads on. With two players the coach then picks your best answer to
  each likely counter-raise (challenge it, or raise again valued one step deep). With more players, the
  review counts the round going on past the next player as the bots' games play it out (:meth:`Table.carry`:
  a bidder raised over goes on to lose 0.45 dice in the round, each rival 0.49); the ``hard`` bot counts it
  as nothing. A show is valued one step deep, averaged over the re-roll.
- **A verdict far behind is checked** (:func:`rechecked`): when your choice seems to give up 4 points or more, the
  round is played out from it and from the best on 12 deals of the rivals' cups drawn from that reading (you
  playing on as the hard bot, each rival at its level), and the verdict weighs those rounds three to one against
  the reading.
- **Choices alike at the top are played out** (:func:`tie_break`): when the reading rates several choices alike at
  the top (safe bids, or shows after which the next player lets the round go on, where the reading stops), the
  first 3 are played out on 8 such deals and the one that loses least is the best (the hint's choice). The hard
  bot uses the reading alone.

>>> from vegas_tutor.liars_dice import Bid, Roll, State
>>> s = State.start([2, 2], seed=3)
>>> s.apply(Roll((5, 5))); s.apply(Roll((2, 3)))
>>> s.apply(Bid(4, 5)); s.apply("no show")
>>> r = review(s, "challenge")
>>> r.best, r.verdict
(Challenge(), 'good')
"""

from __future__ import annotations

import math
import threading
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Literal

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import sliding_window_view

from vegas_tutor.core.dice import make_rng, roll_outcomes
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError
from vegas_tutor.core.memo import bounded_cache
from vegas_tutor.core.verdict import Verdict, judge
from vegas_tutor.i18n import _, number, percent
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Show, faces_text, parse_action
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.level_play import READ_EXACTLY, Answers, View, answers, binomial, challenges
from vegas_tutor.liars_dice.observation import Observation
from vegas_tutor.liars_dice.policies import BID_FACE, BID_QUANTITY, BID_STAR, MAX_UNKNOWN, tail_table
from vegas_tutor.liars_dice.rules import counts_for, show_options
from vegas_tutor.liars_dice.track import ALL_BIDS, Bid
from vegas_tutor.liars_dice.win_chance import win_chances
from vegas_tutor.liars_dice.words import action_words, bid_words

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Choice = Bid | Challenge | Show | NoShow
Scale = Literal["dice", "chance"]

N_BIDS = len(ALL_BIDS)
_RANKS = np.arange(N_BIDS)
_FACE_COL = BID_FACE - 1
_FACE_ROWS = tuple(np.flatnonzero(face == BID_FACE) for face in range(1, 7))
"""The ranks of the bids of each face."""
GOOD, MISTAKE = 0.02, 0.06
"""Verdict thresholds on the chance of winning given up: below 2 points ``good``, from 6 points ``mistake`` (the
other games' thresholds)."""
TOP_REPLIES = 12
"""Two players: the rival's likeliest counter-raises answered exactly (the rest from their random part)."""
RAISE_ROWS = 336
"""Two players, a rival read as its bot plays (:mod:`.level_play`): how many of your raises have their
counter-raises weighed in one array: this over the rival's count
patterns, from :data:`RAISES_AT_LEAST` to :data:`RAISES_AT_MOST` (32 when it hides one die, 16 for two, 6 for
three or more: larger arrays cost more than the loop they save)."""
RAISES_AT_LEAST, RAISES_AT_MOST = 6, 32
MODEL_RAISES_AT_ONCE = 8
"""Two players, a rival read by its model: how many of your raises have their counter-raises weighed at once."""
TIE = 2e-9
"""Values this close may round alike (to 9 places): the choice among them is the first in legal order."""
CARRY_DICE: tuple[float, float] = (0.450, 0.494)
"""Three players or more, a bid raised over: the dice its bidder goes on to lose in the round, and the dice each
of its rivals loses (measured on the bots' games by ``bench/bench_ld_rival_models.py``)."""
ROUND_GOES_ON = True
"""The coach's review counts the round going on past the next player (:meth:`Table.carry`); False: as nothing,
as the ``hard`` bot does (for comparisons)."""
TWO_DEEP = True
"""Two players: look two deep (False: one step, as with more players; for comparisons)."""
RECHECK = 0.04
"""A decision that seems to give up this much of the chance of winning or more is checked before its verdict: the
round is played out from it and from the best on :data:`RECHECK_DEALS` deals of the rivals' cups
(:func:`rechecked`). The coach's reading looks one or two answers ahead; a round goes on longer."""
RECHECK_DEALS = 12
"""Deals of the rivals' cups a check plays out (fewer past a table's wall-clock budget)."""
READING = 0.25
"""A checked decision's loss: this share from the coach's reading, the rest from the play-outs (which see the
whole round, and score the reading's "mistakes" far better against the deeper reference of
``bench/bench_coach_reference.py``)."""
TIE_OPTIONS = 3
"""When the coach's reading rates several choices alike at the top (the same chance of winning: most often safe
bids or shows after which the next player lets the round go on, where the reading stops), the first this many of
them are played out to pick the best (:func:`tie_break`)."""
TIE_DEALS = 8
"""Deals of the rivals' cups those choices are played out on."""
COACH_BUDGET = 0.5
"""Wall-clock seconds a table's coach gives the play-outs of a review, the tie-break and the check together (fewer
deals past it; at least one each)."""


@dataclass(frozen=True)
class Model:
    """How the coach (and the hard bot, but in its endgame against a last rival) expects every other player to act."""

    sharpness: float = 20.0
    """Softmax weight on a raise's chance of being true (from the raiser's cup)."""
    lean_low: float = 0.1
    """Softmax penalty per step up the track."""
    doubt: float = 20.0
    """Steepness of the challenge logistic around :attr:`threshold`."""
    threshold: float = 0.5
    """A bid less likely true than this (from the responder's cup) is more often challenged than not."""
    noise: float = 0.1
    """Probability that a rival acts uniformly at random."""
    carry_on: float = 0.0
    """Value to you of the round going on past the next player (expected dice lost, net)."""
    held_back: float = 0.0
    """How much a promising raise holds the rival back from challenging: the challenge logistic is lowered by this
    times the best chance of being true among the bids above the one faced (0: the bid faced alone decides)."""


MODEL = Model()
LEVEL_MODELS: dict[str, Model] = {
    "easy": Model(sharpness=15.0, lean_low=0.0184, doubt=4.68, threshold=0.477, noise=0.02, held_back=3.28),
    "medium": Model(sharpness=100.0, lean_low=1.32, doubt=18.2, threshold=0.302, noise=0.0439, held_back=0.379),
    "hard": Model(sharpness=8.15, lean_low=0.0223, doubt=4.58, threshold=0.656, noise=0.02, held_back=5.05),
}
"""Each opponent level's numbers (fitted on that level's play, ``bench/bench_ld_rival_models.py``), for a coach told
the rivals' levels: a hard rival is read by them, an easy or medium one only when its bids fit no cup (else it is
read exactly, :mod:`.level_play`)."""


def level_model(level: str | None) -> Model:
    """The model of a rival at ``level`` (:data:`MODEL` for an unknown level or none)."""
    return LEVEL_MODELS.get(level or "", MODEL)


@cache
def cups(n: int) -> tuple[tuple[int, ...], ...]:
    """The cup of ``n`` dice (sorted faces) behind each row of :func:`patterns`."""
    return tuple(tuple(f for f in range(1, 7) for _ in range(c[f - 1])) for c, _p in roll_outcomes(n))


@cache
def patterns(n: int) -> tuple[Ints, Floats]:
    """Every count pattern of ``n`` dice as rows of matches per bid face (★ column = stars), with its probability."""
    outcomes = roll_outcomes(n)
    counts = np.array([c for c, _ in outcomes], dtype=np.int64).reshape(-1, 6)
    matches = counts + counts[:, :1]
    matches[:, 0] = counts[:, 0]
    return matches, np.array([float(p) for _, p in outcomes])


def _matches(dice: tuple[int, ...]) -> Ints:
    """Matches per bid face (index face-1) among ``dice``."""
    counts = np.bincount(np.asarray(dice, dtype=np.int64), minlength=7)[1:]
    m = counts + counts[0]
    m[0] = counts[0]
    result: Ints = m.astype(np.int64)
    return result


def _truth(matches: Ints, base: Ints, unknown: int, start: int = 0, end: int = N_BIDS) -> Floats:
    """P(each bid true) from a viewer holding ``matches`` (rows) who also sees ``base`` matches (the bids of ranks
    ``start`` to ``end`` - 1)."""
    face = _FACE_COL[start:end]
    need = BID_QUANTITY[None, start:end] - (matches[:, face] + base[face][None, :])
    need = np.clip(need, 0, MAX_UNKNOWN + 1)
    result: Floats = tail_table()[BID_STAR[None, start:end], unknown, need]
    return result


def rival_truth(obs: Observation) -> Floats:
    """P(each bid true) from the view of ``obs.player`` (their cup and the shown dice), by rank."""
    shown = tuple(d for cup in obs.shown for d in cup)
    unknown = sum(obs.dice_counts) - len(obs.own_hidden) - len(shown)
    result: Floats = _truth(_matches(obs.own_hidden)[None, :], _matches(shown), unknown)[0]
    return result


def _sigmoid(x: Floats) -> Floats:
    result: Floats = 1.0 / (1.0 + np.exp(-x))
    return result


def best_above(truth: Floats) -> Floats:
    """``(rows, bids)``: the best chance of being true among the bids above each (0 above the top bid)."""
    out = np.zeros_like(truth)
    out[:, :-1] = np.maximum.accumulate(truth[:, :0:-1], axis=1)[:, ::-1]
    return out


def doubts_of(model: Model, truth: Floats, *, to_top: bool = True) -> Floats:
    """``(rows, bids)``: P(an odds-minded rival of ``model`` challenges each bid) from its chances ``truth`` of
    every bid being true, before noise; the top bid is always challenged. ``truth`` may hold the bids from some
    rank up only (the last column is the top bid); or, with ``to_top=False`` and a model that holds nothing back,
    any ranks below the top."""
    x = model.doubt * (model.threshold - truth)
    if model.held_back:
        assert to_top, "a challenge held back reads the bids above"
        x = x - model.held_back * best_above(truth)
    doubts = _sigmoid(x)
    if to_top:
        doubts[:, -1] = 1.0
    return doubts


@dataclass
class Rival:
    """One rival's cup as a posterior over count patterns, and how they answer each bid."""

    seat: int
    model: Model
    """How this rival is read (its level's, or the one for all)."""
    matches: Ints
    weights: Floats
    truth: Floats
    """``(patterns, bids)``: P(bid true) from the rival's view."""
    doubts: Floats
    """P(the odds-minded rival challenges each bid), before noise."""
    lean: Floats
    """Unnormalised softmax weights of raising to each bid."""
    tails: Floats
    """``tails[:, r]`` = sum of ``lean`` over bids of rank >= r (last column 0)."""
    exact: Answers | None = None
    """An easy or medium rival: its answers to your bids as that bot gives them (:mod:`.level_play`), in place of
    the model's."""
    level: str | None = None
    hidden: int = 0
    """The dice in its cup (the rows are their count patterns)."""

    def challenge(self) -> Floats:
        """``(patterns, bids)``: P(the rival challenges each bid)."""
        if self.exact is not None:
            result: Floats = self.exact.challenge[:, 1:]
            return result
        noise = self.model.noise
        return (1 - noise) * self.doubts + noise / (N_BIDS - _RANKS)[None, :]

    def raise_probs(self, faced: int) -> Floats:
        """``(patterns, bids above)``: P(the rival answers the bid of rank ``faced`` by each higher bid)."""
        result: Floats = self.raise_rows(np.array([faced]))[0]
        return result

    def raise_rows(self, faced: Ints) -> Floats:
        """``(len(faced), patterns, bids above the first)``: :meth:`raise_probs` of each rank in ``faced`` (ascending,
        consecutive) at once, each in the columns of its own bids (0 in those of bids not above it)."""
        if self.exact is not None:
            return self.exact.raise_rows(faced)
        first = int(faced[0])
        noise = self.model.noise
        smart = (1 - noise) * (1 - self.doubts[:, faced]) / self.tails[:, faced + 1]
        result: Floats = smart.T[:, :, None] * self.lean[None, :, first + 1:]
        result += (noise / (N_BIDS - faced))[:, None, None]
        for k, r in enumerate(faced[1:], start=1):
            result[k, :, :r - first] = 0.0
        return result

    def show_challenge(self, bid: Bid, seen: tuple[int, ...], unknown: int, bidder_hidden: int) -> Floats:
        """Per pattern: P(the rival challenges ``bid`` when it sees ``seen`` matches per bid face (after your show)
        and ``unknown`` dice it cannot see, and you hide ``bidder_hidden`` dice."""
        if self.exact is not None:
            result: Floats = _challenges(str(self.level), self.hidden, seen, unknown, bidder_hidden)[:, bid.rank + 1]
            return result
        return _show_doubts(self.model, self.hidden, seen, unknown, bid.rank)

    def raise_likelihood(self, prev: int, bid: int) -> Floats:
        """P(the rival raises to ``bid`` over rank ``prev`` (-1: opening)), per pattern."""
        rows = len(self.weights)
        return self.move_likelihood(np.full(rows, prev), np.full(rows, bid))

    def move_likelihood(self, prev: Ints, move: Ints) -> Floats:
        """Row by row (a pattern, or one recorded decision each), P(the rival's ``move``: a bid's rank, or -1 for a
        challenge) over the bid of rank ``prev`` (-1: opening)."""
        rows = np.arange(len(prev))
        opening = prev < 0
        doubt = np.where(opening, 0.0, self.doubts[rows, np.maximum(prev, 0)])
        with np.errstate(divide="ignore", invalid="ignore"):  # (a challenge's row has no raise to weigh)
            raised = self.lean[rows, np.maximum(move, 0)] / self.tails[rows, prev + 1]
        smart = np.where(move < 0, doubt, (1 - doubt) * raised)
        noise = self.model.noise
        result: Floats = (1 - noise) * smart + noise / (N_BIDS - prev - opening)
        return result

    @classmethod
    def read(cls, seat: int, model: Model, matches: Ints, weights: Floats, truth: Floats) -> Rival:
        """The rival whose rows (patterns, before any bid is read) see each bid true with ``truth``."""
        doubts = doubts_of(model, truth)
        lean = np.exp(model.sharpness * truth - model.lean_low * _RANKS[None, :])
        tails = np.zeros((len(weights), N_BIDS + 1))
        tails[:, :N_BIDS] = np.cumsum(lean[:, ::-1], axis=1)[:, ::-1]
        return cls(seat, model, matches, weights, truth, doubts, lean, tails)

    def match_dist(self, face: int) -> Floats:
        result: Floats = np.bincount(self.matches[:, face - 1], weights=self.weights, minlength=1).astype(float)
        return result


def _rival_bytes(rival: Rival) -> int:
    return sum(t.nbytes for t in (rival.truth, rival.doubts, rival.lean, rival.tails))


def _answers_bytes(a: Answers) -> int:
    return sum(t.nbytes for t in (a.challenge, a.first, a.p_first, a.second, a.p_second))


def _array_bytes(a: Floats) -> int:
    return a.nbytes


@bounded_cache(max_bytes=8 << 20, size=_rival_bytes)
def _unread(model: Model, hidden: int, shown: tuple[int, ...], unknown: int) -> Rival:
    """A rival hiding ``hidden`` dice before any of its bids is read, seeing ``shown`` matches per bid face and
    ``unknown`` dice it cannot see (kept read-only: every position with the same dice in view shares it)."""
    matches, prior = patterns(hidden)
    rival = Rival.read(-1, model, matches, prior, _truth(matches, np.array(shown, dtype=np.int64), unknown))
    rival.hidden = hidden
    for table in (rival.weights, rival.truth, rival.doubts, rival.lean, rival.tails):
        table.flags.writeable = False
    return rival


def _rival(obs: Observation, seat: int, model: Model, level: str | None = None) -> Rival:
    hidden = obs.dice_counts[seat] - len(obs.shown[seat])
    shown = tuple(d for cup in obs.shown for d in cup)
    rival = replace(_unread(model, hidden, tuple(int(m) for m in _matches(shown)),
                            sum(obs.dice_counts) - hidden - len(shown)), seat=seat)
    if level in READ_EXACTLY:
        exact = _exactly(obs, rival, str(level))
        if exact is not None:
            return exact
    if not obs.shown[seat]:
        prev = -1
        for who, bid in obs.bids:
            if who == seat:
                rival.weights = rival.weights * rival.raise_likelihood(prev, bid.rank)
            prev = bid.rank
        rival.weights = rival.weights / rival.weights.sum()
    return rival


@bounded_cache(max_bytes=2 << 20, size=_array_bytes)
def _show_doubts(model: Model, hidden: int, seen: tuple[int, ...], unknown: int, rank: int) -> Floats:
    """Per pattern of ``hidden`` dice: P(a rival read by ``model`` challenges the bid of ``rank`` when it sees
    ``seen`` matches per bid face and ``unknown`` dice it cannot see (kept read-only, as :func:`_answers`)."""
    # doubts_of reads a bid's column from the chances of that bid and, when held back, of the bids above
    end = N_BIDS if model.held_back or rank == N_BIDS - 1 else rank + 1
    truth = _truth(patterns(hidden)[0], np.array(seen, dtype=np.int64), unknown, rank, end)
    doubt = doubts_of(model, truth, to_top=end == N_BIDS)[:, 0]
    result: Floats = (1 - model.noise) * doubt + model.noise / (N_BIDS - rank)
    result.flags.writeable = False
    return result


@bounded_cache(max_bytes=4 << 20, size=_array_bytes)
def _challenges(level: str, hidden: int, shown: tuple[int, ...], unknown: int, bidder_hidden: int) -> Floats:
    """:func:`_answers`' challenges alone (:func:`~.level_play.challenges`: a show's answer needs no raise), kept
    read-only."""
    result = challenges(level, View(patterns(hidden)[0], np.array(shown, dtype=np.int64), unknown), bidder_hidden)
    result.flags.writeable = False
    return result


@bounded_cache(max_bytes=8 << 20, size=_answers_bytes)
def _answers(level: str, hidden: int, shown: tuple[int, ...], unknown: int, bidder_hidden: int) -> Answers:
    """:func:`~.level_play.answers` of a rival hiding ``hidden`` dice, over its count patterns (kept: the same
    table serves every position with the same dice in view)."""
    return answers(level, View(patterns(hidden)[0], np.array(shown, dtype=np.int64), unknown), bidder_hidden)


def _exactly(obs: Observation, rival: Rival, level: str) -> Rival | None:
    """``rival`` read as the ``level`` bot plays: its bids this round weighed exactly, your bids answered exactly;
    None when no cup it may hold explains its bids (then the level's model reads it)."""
    counts, seat = obs.dice_counts, rival.seat
    shown = tuple(d for cup in obs.shown for d in cup)
    hidden = counts[seat] - len(obs.shown[seat])
    # what _answers needs, but the bidder's hidden dice
    key = (level, hidden, tuple(int(m) for m in _matches(shown)), sum(counts) - hidden - len(shown))
    weights = rival.weights.copy()
    if not obs.shown[seat]:
        prev, bidder = -1, -1
        for who, bid in obs.bids:
            if who == seat:
                hiding = counts[bidder] - len(obs.shown[bidder]) if bidder >= 0 else 0
                weights = weights * _answers(*key, hiding).likelihood(prev, bid.rank)
            prev, bidder = bid.rank, who
        if weights.sum() <= 0:
            return None
        weights = weights / weights.sum()
    me = obs.player
    mine = _answers(*key, counts[me] - len(obs.shown[me]))
    return Rival(seat, rival.model, rival.matches, weights, rival.truth, rival.doubts, rival.lean, rival.tails,
                 mine, level, hidden)


def _convolve(dists: list[Floats]) -> Floats:
    out = np.ones(1)
    for d in dists:
        out = np.convolve(out, d)
    return out


class Table:
    """Everything the coach computes once per observation (the seat to act is ``obs.player``)."""

    def __init__(self, obs: Observation, model: Model = MODEL, scale: Scale = "dice",
                 levels: Mapping[int, str] | None = None, *, round_goes_on: bool = False,
                 rivals: Mapping[int, Rival] | None = None) -> None:
        if not isinstance(obs, Observation):
            raise InvalidActionError(_("the coach needs an Observation, got {kind}", kind=type(obs).__name__))
        if obs.current_player != obs.player or obs.phase not in ("bid", "show"):
            raise IllegalActionError(_("seat {seat} has no bid, challenge or show to decide now (phase {phase})",
                                       seat=obs.player, phase=obs.phase))
        self.obs, self.model, self.scale = obs, model, scale
        self.round_goes_on = round_goes_on
        """Three players or more: count the round going on past the next player (:meth:`carry`)."""
        counts = obs.dice_counts
        self.me, self.total = obs.player, sum(counts)
        self.alive = [s for s, c in enumerate(counts) if c > 0]
        n = len(counts)
        self.next = next((self.me + i) % n for i in range(1, n + 1) if counts[(self.me + i) % n] > 0)
        self.shown_dice = tuple(d for cup in obs.shown for d in cup)
        self.shown = _matches(self.shown_dice)
        self.mine = _matches(obs.own_hidden)
        self.rivals = dict(rivals) if rivals is not None else {
            s: _rival(obs, s, level_model(levels.get(s)), levels.get(s)) if levels else _rival(obs, s, model)
            for s in self.alive if s != self.me}
        """Each rival read by ``model``, or by its level's model when ``levels`` (seat: level) are given (or as
        ``rivals`` gives them: a table of the same observation on another scale reads them alike)."""
        others = len(self.alive) - 1
        self.stake = np.array([1.0 if s == self.me else (-1.0 / others if c > 0 else 0.0)
                               for s, c in enumerate(counts)])
        """Weight of each seat's lost dice in the value (mine +1, each rival's -1/rivals)."""
        self.chance = win_chances(counts)[self.me]
        """My chance of winning the game at the start of the round (before any die is lost)."""
        self._drops: dict[int, Floats] = {}
        self._costs: dict[tuple[int, int, int], Floats] = {}
        self.challenged: dict[Choice, float] = {}
        """Filled by :meth:`values`: how likely the next player is to challenge my bid after each raise or show."""

    # ------------------------------------------------------------------------------ the round's ends
    def drop(self, seat: int) -> Floats:
        """The value of ``seat`` losing 0, 1, ... dice (to what it holds): dice (net) or my chance of winning lost."""
        if seat not in self._drops:
            counts, held = self.obs.dice_counts, self.obs.dice_counts[seat]
            if self.scale == "dice":
                self._drops[seat] = np.arange(held + 1) * self.stake[seat]
            else:
                after = [win_chances(tuple(c - (k if s == seat else 0) for s, c in enumerate(counts)))[self.me]
                         for k in range(held + 1)]
                self._drops[seat] = self.chance - np.array(after)
        return self._drops[seat]

    def carry(self) -> float:
        """The value to me of the round going on past the next player: with ``round_goes_on`` and three players
        or more, one die lost by me and by each rival in the shares the bots' games give (:data:`CARRY_DICE`);
        else :attr:`Model.carry_on`."""
        if not self.round_goes_on or len(self.alive) < 3:
            return self.model.carry_on
        mine, each = CARRY_DICE
        return float(mine * self.drop(self.me)[1] + sum(each * self.drop(s)[1] for s in self.rivals))

    def perfect(self, bidder: int, challenger: int) -> float:
        """The value of ``bidder``'s bid proving perfect when ``challenger`` calls it."""
        losses = [1 if s != bidder and held > 0 and (held > 1 or s == challenger) else 0
                  for s, held in enumerate(self.obs.dice_counts)]
        if self.scale == "dice":
            return float(self.stake @ np.array(losses, dtype=float))
        after = tuple(c - lost for c, lost in zip(self.obs.dice_counts, losses, strict=True))
        return self.chance - win_chances(after)[self.me]

    # ------------------------------------------------------------------------------ costs
    def costs(self, bidder: int, challenger: int, width: int) -> Floats:
        """``(bids, width)``: the value of each bid being challenged when ``c`` dice match (columns); computed once
        per table (read-only)."""
        key = (bidder, challenger, width)
        if key in self._costs:
            return self._costs[key]
        counts = self.obs.dice_counts
        c = np.arange(width)[None, :]
        q = BID_QUANTITY[:, None]
        over = self.drop(challenger)[np.clip(c - q, 0, counts[challenger])]
        under = self.drop(bidder)[np.clip(q - c, 0, counts[bidder])]
        result: Floats = np.where(c > q, over, np.where(c < q, under, self.perfect(bidder, challenger)))
        result.flags.writeable = False
        self._costs[key] = result
        return result

    def others(self, exclude: int, face: int) -> Floats:
        """Distribution of matches for ``face`` in the rivals' cups other than ``exclude``."""
        return _convolve([r.match_dist(face) for s, r in self.rivals.items() if s != exclude])

    # ------------------------------------------------------------------------------ challenge
    def challenge_value(self) -> tuple[float, float]:
        """The value of challenging the last bid, and the chance (as the coach reads it) it is true."""
        bid, bidder = self.obs.last_bid, self.obs.bidder
        assert bid is not None and bidder is not None
        dist = self.others(-1, bid.face)
        base = int(self.mine[bid.face - 1] + self.shown[bid.face - 1])
        cost = self.costs(bidder, self.me, base + len(dist))[bid.rank, base:]
        return float(dist @ cost), float(dist[max(0, bid.quantity - base):].sum())

    # ------------------------------------------------------------------------------ raises
    def raise_matrix(self) -> Floats:
        """``(next player's patterns, bids)``: my value if I bid and the next player challenges."""
        nxt = self.rivals[self.next]
        base = self.mine + self.shown
        width = self.total + 2
        table = self.costs(self.me, self.next, 2 * width)
        g = np.zeros((N_BIDS, width))
        for face in range(1, 7):
            dist = self.others(self.next, face)
            rows = _FACE_ROWS[face - 1]
            for k, p in enumerate(dist):
                if p:
                    g[rows] += p * table[rows, k:k + width]
        idx = np.minimum(base[_FACE_COL][None, :] + nxt.matches[:, _FACE_COL], width - 1)
        result: Floats = g[_RANKS[None, :], idx]
        return result

    def raise_values(self, bound: float | None = None) -> Floats:
        """The value of every bid (by rank) as my raise now; ``inf`` for bids that are not raises. Given ``bound``
        (the value of another choice), a raise that cannot come within :data:`TIE` of the lowest value may be given a
        floor below its value instead (for the lowest alone: :meth:`values` with ``best_only``)."""
        nxt = self.rivals[self.next]
        pc = nxt.challenge()
        settle = self.raise_matrix()
        step = pc * settle + (1 - pc) * self.carry()
        one = nxt.weights @ step
        last = self.obs.last_bid
        start = last.rank + 1 if last is not None else 0
        doubted = nxt.weights @ pc
        self.challenged.update({ALL_BIDS[r]: float(doubted[r]) for r in range(start, N_BIDS)})
        values = np.full(N_BIDS, np.inf)
        if len(self.alive) == 2 and TWO_DEEP:
            values[start:] = self._two_deep(start, pc, settle, step, one, bound)
        else:
            values[start:] = one[start:]
        return values

    def _two_deep(self, start: int, pc: Floats, settle: Floats, step: Floats, one: Floats,
                  bound: float | None = None) -> Floats:
        """Two players: my raise, the rival's answer, then my best answer to a counter-raise (``bound``: see
        :meth:`raise_values`)."""
        nxt, w = self.rivals[self.next], self.rivals[self.next].weights
        base = self.mine + self.shown
        answer = self.costs(self.next, self.me, self.total + 2)
        idx = np.minimum(base[_FACE_COL][None, :] + nxt.matches[:, _FACE_COL], self.total + 1)
        call = answer[_RANKS[None, :], idx]  # my value challenging the rival's bid, per pattern
        later = np.minimum.accumulate(np.append(one, np.inf)[::-1])[::-1]  # best raise from rank r up
        out: Floats = (w[:, None] * pc * settle).sum(axis=0)[start:]  # the rival challenges; its replies added below

        def add(replies: Replies) -> None:
            faced, calls, mass, top, sub = replies
            lo = int(faced[0])
            ranks = _RANKS[lo + 1:]  # the rival's replies to any of them
            above = ranks[None, :] > faced[:, None]  # (my raises, replies): a reply must be higher
            raises = _counters(mass, later, lo)
            over = _RANKS[None, None, lo + 2:] > ranks[top][:, :, None]  # my raises over each likely reply
            best = np.where(over, sub, np.inf).min(axis=2, initial=np.inf)
            rows = np.arange(len(faced))[:, None]
            raises[rows, top] = np.where(above[rows, top], best, raises[rows, top])
            out[faced - start] += np.where(above, np.minimum(calls, raises), 0.0).sum(axis=1)

        faced = np.arange(start, N_BIDS - 1)  # (the top bid has no reply but a challenge)
        if not len(faced):
            return out
        if nxt.exact is not None:  # a bot's own answers (sparse), pattern by pattern
            at_once = max(RAISES_AT_LEAST, min(RAISES_AT_MOST, RAISE_ROWS // len(w)))
            for lo in range(start, N_BIDS - 1, at_once):
                add(_dense_replies(nxt, faced[lo - start:lo - start + at_once], call, step))
            return out
        # the model's answers factor by pattern: sums over patterns are matrix products
        if bound is None:
            for lo in range(start, N_BIDS - 1, MODEL_RAISES_AT_ONCE):
                add(_model_replies(nxt, faced[lo - start:lo - start + MODEL_RAISES_AT_ONCE], call, step))
            return out
        floors = out[:-1] + _replies_floor(nxt, faced, call, step, later)
        order = np.argsort(floors, kind="stable")
        done = np.zeros(len(faced), dtype=bool)
        lowest = min(bound, float(out[-1]))
        for i in range(0, len(order), MODEL_RAISES_AT_ONCE):  # the lowest floors first, until none can be lowest
            pick = order[i:i + MODEL_RAISES_AT_ONCE]
            pick = np.sort(pick[floors[pick] <= lowest + TIE])
            if not len(pick):
                break
            add(_model_replies(nxt, faced[pick], call, step))
            done[pick] = True
            lowest = min(lowest, float(out[pick].min()))
        out[:-1] = np.where(done, out[:-1], floors)
        return out

    # ------------------------------------------------------------------------------ shows
    def show_values(self) -> dict[Choice, float]:
        """After my own bid: the value of keeping my cup and of each show (one step deep, over the re-roll)."""
        bid = self.obs.last_bid
        assert bid is not None
        nxt = self.rivals[self.next]
        f, hidden = bid.face, self.obs.own_hidden
        width = self.total + 2
        table = self.costs(self.me, self.next, 2 * width)[bid.rank]
        others = self.others(self.next, f)
        unseen = self.total - (self.obs.dice_counts[self.next] - len(self.obs.shown[self.next])) - len(self.shown_dice)
        carry = self.carry()
        out: dict[Choice, float] = {}
        options: tuple[Choice, ...] = (NoShow(), *show_options(hidden))
        for option in options:
            put = option.faces if isinstance(option, Show) else ()
            put_m = _matches(put)
            reroll = len(hidden) - len(put) if put else 0
            kept = put_m[f - 1] if put else self.mine[f - 1]
            seen = self.shown + put_m
            pc = nxt.show_challenge(bid, tuple(int(m) for m in seen), unseen - len(put), len(hidden) - len(put))
            dist = np.convolve(others, binomial(reroll, 1 / 6 if bid.is_star else 1 / 3))
            g = sliding_window_view(table, len(dist))[:width] @ dist  # g[x]: the value when x dice of mine match
            settle = g[np.minimum(int(kept + self.shown[f - 1]) + nxt.matches[:, f - 1], width - 1)]
            out[option] = float(nxt.weights @ (pc * settle + (1 - pc) * carry))
            self.challenged[option] = float(nxt.weights @ np.broadcast_to(pc, nxt.weights.shape))
        return out

    def values(self, *, best_only: bool = False) -> dict[Choice, float]:
        """Every legal choice of the seat to act with its value (lower is better), in legal order. ``best_only``:
        the lowest is exact, and so is any within :data:`TIE` of it; another raise may be valued lower than it is
        (for the choice alone, as the hard bot makes it)."""
        if self.obs.phase == "show":
            return self.show_values()
        challenge = self.challenge_value()[0] if self.obs.last_bid is not None else math.inf
        raises = self.raise_values(challenge if best_only else None).tolist()
        out: dict[Choice, float] = {ALL_BIDS[r]: v for r, v in enumerate(raises) if math.isfinite(v)}
        if self.obs.last_bid is not None:
            out[Challenge()] = challenge
        return out


Replies = tuple[Ints, Floats, Floats, Ints, Floats]
"""For my raises of ranks ``faced`` (ascending, from ``lo``; the hard bot's are not always consecutive), over the
rival's replies above ``lo``:
``calls`` and ``mass`` ``(raises, replies)``, the chance-weighted value of my challenging each reply and the chance
of each reply; ``top`` ``(raises, TOP_REPLIES)``, the likeliest replies (columns); ``sub`` ``(raises, TOP_REPLIES,
bids from lo + 2)``, the chance-weighted value of each bid of mine over each of them. Columns of replies not above a
raise are not read."""


def _top(faced: Ints, mass: Floats) -> Ints:
    above = _RANKS[None, int(faced[0]) + 1:] > faced[:, None]
    top: Ints = np.argsort(np.where(above, -mass, np.inf), axis=1, kind="stable")[:, :TOP_REPLIES]
    return top


def _counters(mass: Floats, later: Floats, lo: int) -> Floats:
    """My best raise over each reply (columns: ranks above ``lo``) valued one step deep, weighted by its chance."""
    with np.errstate(invalid="ignore"):  # (a reply never made: no mass, and no raise over the top bid)
        result: Floats = np.where(mass > 0, mass * later[None, lo + 2:], 0.0)
    return result


def _factors(rival: Rival, faced: Ints) -> tuple[Floats, Floats]:
    """A rival read by its model answers my raise ``r`` by ``b``, holding the pattern ``h``, with chance
    ``a[r, h] / w[h] * lean[h, b] + b[r]`` (``w``: the pattern's weight): each sum over patterns is a product."""
    w, noise = rival.weights, rival.model.noise
    a = ((1 - noise) * (1 - rival.doubts[:, faced]) / rival.tails[:, faced + 1] * w[:, None]).T
    return a, (noise / (N_BIDS - faced))[:, None]


def _model_replies(rival: Rival, faced: Ints, call: Floats, step: Floats) -> Replies:
    """:data:`Replies` of a rival read by its model (:func:`_factors`); ``faced`` ascending, from ``lo``."""
    w, lo = rival.weights, int(faced[0])
    a, b = _factors(rival, faced)
    lean, cost = rival.lean[:, lo + 1:], call[:, lo + 1:]
    calls: Floats = a @ (lean * cost) + b * (w @ cost)[None, :]
    mass: Floats = a @ lean + b * w.sum()
    top = _top(faced, mass)
    mine = step[:, lo + 2:]
    sub: Floats = (a[:, None, :] * lean.T[top]) @ mine + b[:, :, None] * (w @ mine)[None, None, :]
    return faced, calls, mass, top, sub


def _replies_floor(rival: Rival, faced: Ints, call: Floats, step: Floats, later: Floats) -> Floats:
    """Per raise in ``faced`` (ascending, from ``lo``) against a rival read by its model, a floor of what
    :meth:`Table._two_deep` adds for the rival's replies: each pattern answered by its own best (a challenge, or
    the raise over the reply best for that pattern), and no likely reply's counter-raise valued below that."""
    w, lo = rival.weights, int(faced[0])
    a, b = _factors(rival, faced)
    lean, cost = rival.lean[:, lo + 1:], call[:, lo + 1:]
    best_from = np.minimum.accumulate(step[:, ::-1], axis=1)[:, ::-1]  # per pattern, my best raise from rank m up
    counter = np.append(best_from[:, lo + 2:], np.full((len(w), 1), np.inf), axis=1)
    own_best = np.minimum(cost, counter)
    floor = a @ (lean * own_best) + b * (w @ own_best)[None, :]  # <= my challenge, and <= any counter-raise
    mass = a @ lean + b * w.sum()
    above = _RANKS[None, lo + 1:] > faced[:, None]
    result: Floats = np.where(above, np.minimum(floor, _counters(mass, later, lo)), 0.0).sum(axis=1)
    return result


def _dense_replies(rival: Rival, faced: Ints, call: Floats, step: Floats) -> Replies:
    """:data:`Replies` from the rival's answers pattern by pattern (:meth:`Rival.raise_rows`)."""
    held = rival.raise_rows(faced)  # (raises, patterns, replies): P(it holds h and answers r by b)
    held *= rival.weights[None, :, None]
    calls: Floats = (held * call[None, :, int(faced[0]) + 1:]).sum(axis=1)
    mass: Floats = held.sum(axis=1)
    top = _top(faced, mass)
    sub: Floats = np.take_along_axis(held, top[:, None, :], axis=2).transpose(0, 2, 1) @ step[:, int(faced[0]) + 2:]
    return faced, calls, mass, top, sub


@dataclass(frozen=True)
class Option:
    """One choice and what the coach thinks it costs."""

    action: Choice
    value: float
    """Expected dice lost, net of the average rival's (lower is better)."""
    true_chance: float | None
    """Bids and challenges: the chance the bid in question is true, from your cup and the table (bids read)."""
    win_chance: float | None = None
    """Your chance of winning the game once the round has played out as the coach expects (None: not counted)."""
    challenged: float | None = None
    """A raise or a show: how likely the next player is to challenge your bid after it (as the coach reads them)."""


@dataclass(frozen=True)
class Review:
    """The coach's judgement of one decision."""

    action: Choice
    best: Choice
    loss: float
    """The chance of winning the game given up against ``best`` (>= 0; 0 for the best)."""
    dice_loss: float
    """The same choice in expected dice (net of the average rival) given up against ``best`` (may be < 0: the
    best by the chance of winning may lose more dice on average, for a safer spread of the round's ends)."""
    alternatives: tuple[Option, ...]
    """Every legal choice with its value, in the engine's legal order."""
    explanation: str
    details: str = ""
    """The chances behind the verdict, for a "details" toggle."""
    dealt: int = 0
    """Deals of the rivals' cups the round was played out on from your choice and the best, when your decision,
    far behind, was checked (:func:`rechecked`)."""
    tied: int = 0
    """Choices the coach's reading rated alike at the top, played out to pick the best (:func:`tie_break`; 0:
    none)."""
    tie_deals: int = 0
    """Deals those choices were played out on."""

    @property
    def verdict(self) -> Verdict:
        """``good`` below :data:`GOOD` of winning chance lost, ``mistake`` from :data:`MISTAKE`, else
        ``inaccuracy``."""
        return judge(self.loss, good=GOOD, mistake=MISTAKE)

    def option(self, action: Choice) -> Option:
        return next(o for o in self.alternatives if o.action == action)


def evaluate(obs: Observation, model: Model = MODEL, *, chances: bool = False,
             levels: Mapping[int, str] | None = None, round_goes_on: bool = False) -> tuple[Option, ...]:
    """Every legal choice of ``obs.player`` (who must be the one to act) with its value in dice; with
    ``chances``, its chance of winning the game too (the round read again on that scale). ``levels`` (seat:
    opponent level) reads each rival by its level's model (:data:`LEVEL_MODELS`); ``round_goes_on``: see
    :meth:`Table.carry`."""
    table = Table(obs, model, levels=levels, round_goes_on=round_goes_on)
    values = table.values()
    truths = _true_chances(table)
    wins: dict[Choice, float] = {}
    if chances:
        scaled = Table(obs, model, "chance", levels, round_goes_on=round_goes_on, rivals=table.rivals)
        wins = {a: scaled.chance - lost for a, lost in scaled.values().items()}
    return tuple(Option(a, v, truths.get(a), wins.get(a), table.challenged.get(a)) for a, v in values.items())


def best_option(options: tuple[Option, ...]) -> Option:
    """The lowest value in dice; ties go to the first in legal order (the lower bid, or no show)."""
    return min(options, key=lambda o: round(o.value, 9))


def best_in_dice(obs: Observation, model: Model = MODEL) -> Choice:
    """``best_option(evaluate(obs, model)).action`` (the hard bot's choice, by the model it reads with) without the
    options' other figures. The latest :data:`BEST_KEPT` are kept by observation and model: a check plays the same
    position out on many deals, and the player it plays as the hard bot keeps its cup on all of them."""
    return _best_in_dice(obs, model, TWO_DEEP, TOP_REPLIES)


BEST_KEPT = 2048


@lru_cache(maxsize=BEST_KEPT)
def _best_in_dice(obs: Observation, model: Model, two_deep: bool, top_replies: int) -> Choice:
    """(The settings that change the reading are part of the key.)"""
    values = Table(obs, model).values(best_only=True)
    return min(values, key=lambda a: round(values[a], 9))


def best_chance(options: tuple[Option, ...]) -> Option:
    """The highest chance of winning (options from ``evaluate(..., chances=True)``); ties go to the lowest value
    in dice, then to the first in legal order."""
    return min(options, key=lambda o: (-round(o.win_chance or 0.0, 9), round(o.value, 9)))


def _true_chances(table: Table) -> dict[Choice, float]:
    obs = table.obs
    if obs.phase == "show":
        return {}
    out: dict[Choice, float] = {}
    if obs.last_bid is not None:
        out[Challenge()] = table.challenge_value()[1]
    dists = {f: table.others(-1, f) for f in range(1, 7)}
    last = obs.last_bid.rank if obs.last_bid is not None else -1
    for bid in ALL_BIDS[last + 1:]:
        base = int(table.mine[bid.face - 1] + table.shown[bid.face - 1])
        out[bid] = float(dists[bid.face][max(0, bid.quantity - base):].sum())
    return out


def review(state: State, action: Action | str, *, levels: Mapping[int, str] | None = None,
           budget: float = math.inf, tie_break_on: bool = True) -> Review:
    """Judge ``action`` of the player to act against the coach's best choice, from their observation only
    (and, given ``levels``, the level each rival plays at: see :func:`evaluate`); a decision far behind is checked
    on rounds played out first (:func:`rechecked`, within ``budget`` seconds of wall time: a table passes
    :data:`COACH_BUDGET`).

    ``tie_break_on=False`` names the reading's first of the choices it rates alike at the top as the best
    without playing them out (:func:`tie_break`): the loss is the same but for a checked decision's, which is
    then measured against that first (for a review whose loss alone is used: a bot's decision).

    The state is not changed. An action that is not legal now raises the engine's own error.
    """
    if not isinstance(state, State):
        raise InvalidActionError(_("the coach reviews a Liar's Dice State, got {kind}", kind=type(state).__name__))
    if isinstance(action, str):
        action = parse_action(action)
    seat = state.current_player
    if seat is None or state.is_chance:
        raise IllegalActionError(_("there is no decision to review now (phase {phase})", phase=state.phase))
    if action not in state.legal_actions():
        state.copy().apply(action)  # raises the engine's own error, naming the state
        raise IllegalActionError(_("{action} is not a choice for seat {seat} now",  # pragma: no cover
                                   action=action_words(action), seat=seat))
    deadline = time.monotonic() + budget
    if tie_break_on:
        options, (best, tied, tie_deals) = _reading(state, levels, deadline)
    else:  # the loss alone: choices alike at the top all have the best's chance, whichever is named best
        options = evaluate(state.observation(seat), chances=True, levels=levels, round_goes_on=ROUND_GOES_ON)
        best, tied, tie_deals = best_chance(options), 0, 0
    options, dealt = rechecked(state, options, action, levels, best=best, deadline=deadline)
    mine = next(o for o in options if o.action == action)
    loss = max(0.0, (best.win_chance or 0.0) - (mine.win_chance or 0.0))
    dice = mine.value - best.value
    obs = state.observation(seat)
    details = _details(obs, mine, best, dealt) + _tie_details(tied, tie_deals)
    return Review(mine.action, best.action, loss, dice, options, explain(obs, mine, best, loss), details, dealt,
                  tied, tie_deals)


_READINGS: dict[str, tuple[tuple[Option, ...], tuple[Option, int, int]]] = {}
"""The latest readings of :func:`_reading` whose tie-break played all its deals, by observation and levels."""
READINGS_KEPT = 64
_READINGS_LOCK = threading.Lock()


def _reading(state: State, levels: Mapping[int, str] | None,
             deadline: float) -> tuple[tuple[Option, ...], tuple[Option, int, int]]:
    """The options of the player to act (:func:`evaluate` with chances) and :func:`tie_break`'s best of them. Both
    depend on that player's observation and the levels alone, so a position reviewed again (the hint reviews the
    first choice, then its best; the learner's move comes next) reuses them, unless the tie-break was cut short
    by its ``deadline``."""
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    key = repr((obs, sorted(levels.items()) if levels else None))
    with _READINGS_LOCK:  # (a table reviews in a worker thread, its hint in another)
        kept = _READINGS.get(key)
    if kept is not None:
        return kept
    options = evaluate(obs, chances=True, levels=levels, round_goes_on=ROUND_GOES_ON)
    best = tie_break(state, options, levels, deadline=deadline)
    if best[2] in (0, TIE_DEALS):
        with _READINGS_LOCK:
            while len(_READINGS) >= READINGS_KEPT:
                del _READINGS[next(iter(_READINGS))]
            _READINGS[key] = options, best
    return options, best


def tie_break(state: State, options: tuple[Option, ...], levels: Mapping[int, str] | None = None, *,
              n: int = TIE_DEALS, deadline: float = math.inf) -> tuple[Option, int, int]:
    """The coach's best of ``options`` (from :func:`evaluate` with chances), with how many choices were played
    out for it and on how many deals (0, 0: none). When the reading rates several alike at the top, the first
    :data:`TIE_OPTIONS` of them (in :func:`best_chance`'s order) are played out on ``n`` deals of the rivals' cups
    (:func:`deals`; the same dice and bots' draws for each; fewer deals once the wall clock passes ``deadline``),
    and the one that loses least is the best (ties to the first). Every choice keeps its chance of winning: the
    others tied give up nothing against it."""
    top = best_chance(options)
    if top.win_chance is None:
        return top, 0, 0
    tied = sorted((o for o in options if round(o.win_chance or 0.0, 9) == round(top.win_chance, 9)),
                  key=lambda o: round(o.value, 9))[:TIE_OPTIONS]  # stable: equal values keep the legal order
    if len(tied) < 2:
        return top, 0, 0
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    seed = check_seed(obs, top.action)
    lost = [0.0] * len(tied)
    played = 0
    for k, cups_k in enumerate(deals(obs, Table(obs, MODEL, levels=levels), n, seed)):
        if played and time.monotonic() > deadline:
            break
        world = state.dealt(cups_k, seed=seed + k)
        bots = (seed + 7919 * k) % (1 << 31)  # the bots' draws, the same after each choice
        for i, o in enumerate(tied):
            lost[i] += round_lost(world.copy(), o.action, seat, levels, bots)
        played += 1
    return tied[lost.index(min(lost))], len(tied), played


def _tie_details(tied: int, dealt: int) -> str:
    if not tied:
        return ""
    return " " + _("This reading rated {k} choices alike at the top; the coach's was picked among them by playing "
                   "the round out from each on {n} deals of the rivals' cups as their bids suggest.", k=tied, n=dealt)


def deals(obs: Observation, table: Table, n: int, seed: int) -> list[dict[int, tuple[int, ...]]]:
    """``n`` deals of the rivals' hidden dice, each rival's cup drawn from the coach's reading of it
    (:attr:`Rival.weights`, from the bids it made)."""
    rng = make_rng(seed)
    out: list[dict[int, tuple[int, ...]]] = [{} for _ in range(n)]
    for seat, rival in table.rivals.items():
        hidden = obs.dice_counts[seat] - len(obs.shown[seat])
        rows = rng.choice(len(rival.weights), size=n, p=rival.weights / rival.weights.sum())
        for deal, row in zip(out, rows, strict=True):
            deal[seat] = cups(hidden)[int(row)]
    return out


def check_seed(obs: Observation, action: Action) -> int:
    """The seed of the check of ``action`` from ``obs``: the same decision is always checked on the same deals."""
    return zlib.crc32(repr((obs.dice_counts, obs.own_hidden, obs.shown, obs.bids, action)).encode())


def round_lost(world: State, action: Action, seat: int, levels: Mapping[int, str] | None, seed: int) -> float:
    """``action`` in ``world``, then the round played out (``seat`` as the hard bot plays, each rival at its level,
    hard when none is told): the chance of winning ``seat`` loses by the dice lost."""
    from vegas_tutor.liars_dice.bots import choose_action  # (the bots play by this module)

    before = world.dice_counts
    world.apply(action)
    step = 0
    while not world.is_over and world.dice_counts == before:
        who = world.current_player
        assert who is not None
        level = "hard" if who == seat or not levels else levels.get(who, "hard")
        world.apply(choose_action(world, level, seed=seed + step))
        step += 1
    return float(win_chances(before)[seat] - win_chances(world.dice_counts)[seat])


def rechecked(state: State, options: tuple[Option, ...], action: Action, levels: Mapping[int, str] | None = None,
              *, best: Option | None = None, n: int = RECHECK_DEALS,
              deadline: float = math.inf) -> tuple[tuple[Option, ...], int]:
    """``options`` (from :func:`evaluate` with chances) after the check of ``action``: when it gives up
    :data:`RECHECK` or more against the best, the round is played out from both on ``n`` deals of the rivals' cups
    (:func:`deals`; fewer once the wall clock passes ``deadline``; the same deals and dice for both), and its
    loss becomes :data:`READING` times the coach's reading plus the rest times the play-outs' mean (at most the
    best's chance of winning: a choice's chance is never below 0). The best
    (``best``, else :func:`best_chance`'s) and the other choices keep their chances. Also returns the deals played
    (0: no check)."""
    best = best or best_chance(options)
    mine = next(o for o in options if o.action == action)
    if mine.action == best.action or mine.win_chance is None or best.win_chance is None or \
            best.win_chance - mine.win_chance < RECHECK:
        return options, 0
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    seed = check_seed(obs, action)
    table = Table(obs, MODEL, levels=levels)
    diffs: list[float] = []
    for k, cups_k in enumerate(deals(obs, table, n, seed)):
        if diffs and time.monotonic() > deadline:
            break
        world = state.dealt(cups_k, seed=seed + k)
        bots = (seed + 7919 * k) % (1 << 31)  # the bots' draws, the same after either choice
        lost = [round_lost(world.copy(), a, seat, levels, bots) for a in (best.action, action)]
        diffs.append(lost[1] - lost[0])
    loss = READING * (best.win_chance - mine.win_chance) + (1 - READING) * float(np.mean(diffs))
    loss = min(max(0.0, loss), best.win_chance)  # no choice leaves less than no chance of winning
    return tuple(replace(o, win_chance=best.win_chance - loss) if o is mine else o for o in options), len(diffs)


def _details(obs: Observation, mine: Option, best: Option, dealt: int = 0) -> str:
    """The chances of winning the verdict rests on, and how they are counted."""
    now = percent(win_chances(obs.dice_counts)[obs.player], 1)
    after = percent(best.win_chance or 0.0, 1)
    if mine.action == best.action:
        counted = _("your chance of winning from the dice everyone holds is {now}; after this round, as the coach "
                    "expects it, {best} with this choice", now=now, best=after)
    else:
        counted = _("your chance of winning from the dice everyone holds is {now}; after this round, as the coach "
                    "expects it, {best} with its choice and {yours} with yours", now=now, best=after,
                    yours=percent(mine.win_chance or 0.0, 1))
    text = _("Counted for players of equal skill: {counted}. Each rival's cup is read from the bids it made; each "
             "way the round can end (who loses how many dice) is weighed by the chance of winning it leaves you.",
             counted=counted)
    if not dealt:
        return text
    return text + " " + _("To check the verdict, the round was then played out from your choice and the coach's "
                          "on {n} deals of the rivals' cups as their bids suggest, you playing on as the hard "
                          "opponent would; your choice's cost counts those rounds for {rounds} and the reading "
                          "above for {reading}.", n=dealt, rounds=percent(1 - READING), reading=percent(READING))


def _pct(p: float) -> str:
    return percent(p)


def _net(value: float, rivals: int) -> str:
    if abs(value) < 0.005:
        if rivals == 1:
            return _("on average you break even with your rival")
        return _("on average you break even with the average rival")
    if value < 0:
        if rivals == 1:
            return _("on average you come out {dice} dice ahead of your rival", dice=number(-value, 2))
        return _("on average you come out {dice} dice ahead of the average rival", dice=number(-value, 2))
    if rivals == 1:
        return _("on average you fall {dice} dice behind your rival", dice=number(value, 2))
    return _("on average you fall {dice} dice behind the average rival", dice=number(value, 2))


def _name(obs: Observation, o: Option) -> str:
    """The choice in words, with the chance of the bid in question."""
    a = o.action
    if isinstance(a, Challenge):
        assert obs.last_bid is not None and o.true_chance is not None
        return _("challenging {bid} (true about {pct} of the time from your cup and the bids so far)",
                 bid=bid_words(obs.last_bid), pct=_pct(o.true_chance))
    if isinstance(a, Bid):
        if o.true_chance is None:
            return _("bidding {bid}", bid=bid_words(a))
        return _("bidding {bid} (true about {pct} of the time)", bid=bid_words(a), pct=_pct(o.true_chance))
    if isinstance(a, Show):
        return _("showing {faces} and re-rolling the rest", faces=faces_text(a.faces))
    return _("keeping your cup hidden")


def explain(obs: Observation, mine: Option, best: Option, loss: float) -> str:
    """One or two plain sentences: the coach's choice and what it is worth; what yours gives up (in chance of
    winning, and in dice when it loses more dice on average)."""
    rivals = sum(1 for c in obs.dice_counts if c > 0) - 1
    name = _name(obs, best)
    net = _net(best.value, rivals)
    if isinstance(best.action, Show) and obs.last_bid is not None and all(
            counts_for(d, obs.last_bid.face) for d in best.action.faces):
        first = _("Best: {choice}: the shown dice make your bid more believable and the re-roll can add matches; "
                  "{net}.", choice=name, net=net)
    elif isinstance(best.action, Bid):
        first = _("Best: {choice}, once the next player answers; {net}.", choice=name, net=net)
    else:
        first = _("Best: {choice}; {net}.", choice=name, net=net)
    if mine.action == best.action:
        return first
    dice = mine.value - best.value
    if round(100 * loss, 1) == 0 and abs(dice) < 0.005:  # alike by the reading (a tie the play-outs broke)
        return _("{best} Yours, {choice}, gives up nothing: this count rates the two alike.", best=first,
                 choice=_name(obs, mine))
    why = _why(mine, best) or _why_by_answer(mine, best) or _why_by_dice(mine, best, rivals)
    if dice >= 0.005:
        cost = _("{points} points of your chance of winning ({dice} dice more lost on average)",
                 points=number(100 * loss, 1), dice=number(dice, 2))
    else:
        cost = _("{points} points of your chance of winning", points=number(100 * loss, 1))
    if why:
        return _("{best} Yours, {choice}, gives up {cost}: {why}.", best=first, choice=_name(obs, mine), cost=cost,
                 why=why)
    return _("{best} Yours, {choice}, gives up {cost}.", best=first, choice=_name(obs, mine), cost=cost)


def _standing(value: float, rivals: int) -> str:
    """Dice net of the average rival, as where the round leaves you: "0.30 dice behind your rival"."""
    if abs(value) < 0.005:
        return _("even with your rival") if rivals == 1 else _("even with the average rival")
    dice = number(abs(value), 2)
    if value > 0:
        return _("{dice} dice behind your rival", dice=dice) if rivals == 1 else \
            _("{dice} dice behind the average rival", dice=dice)
    return _("{dice} dice ahead of your rival", dice=dice) if rivals == 1 else \
        _("{dice} dice ahead of the average rival", dice=dice)


def _why_by_answer(mine: Option, best: Option) -> str:
    """Why, from how likely the next player is to challenge your bid after each choice ("" when the coach's choice
    is no raise or show, or the two differ by less than 5 points there)."""
    if mine.challenged is None or best.challenged is None or abs(mine.challenged - best.challenged) < 0.05:
        return ""
    fields = {"yours": percent(mine.challenged), "best": percent(best.challenged)}
    if isinstance(mine.action, Bid) and isinstance(best.action, Bid):
        assert mine.true_chance is not None and best.true_chance is not None
        return _("the next player would challenge your bid about {yours} of the time (it is true about {true}), "
                 "the coach's about {best} (true about {best_true})", true=percent(mine.true_chance),
                 best_true=percent(best.true_chance), **fields)
    if isinstance(best.action, Show) and mine.challenged > best.challenged:
        return _("with the dice shown, the next player would challenge your bid about {best} of the time instead "
                 "of {yours}", **fields)
    return _("the next player would challenge your bid about {yours} of the time after yours, about {best} after "
             "the coach's choice", **fields)


def _why_by_dice(mine: Option, best: Option, rivals: int) -> str:
    """Why, from the dice each choice is expected to cost over the round (when :func:`_why` has nothing to say):
    yours costs more dice; or it costs fewer on average but risks more of them at once."""
    if mine.value < best.value - 0.005:
        return _("yours loses fewer dice on average ({mine} against {best}), but it risks more of them at once, and "
                 "losing several dice costs more of your chance of winning", mine=_standing(mine.value, rivals),
                 best=_standing(best.value, rivals))
    return _("on average the round leaves you {mine} with yours, {best} with the coach's choice",
             mine=_standing(mine.value, rivals), best=_standing(best.value, rivals))


def _why(mine: Option, best: Option) -> str:
    """Why the learner's bid or challenge falls short, from the chances the coach computed ("" when the chances
    alone do not say it: the reply the next player makes does)."""
    chance = mine.true_chance
    if chance is None:
        return ""
    if isinstance(mine.action, Challenge) and chance > 0.5:
        return _("the bid you challenge is more likely true than false, so the challenge itself is likely to cost "
                 "you dice")
    if isinstance(mine.action, Bid) and chance < 0.5:
        return _("your bid is more likely false than true, and a challenge of it is likely to cost you dice")
    if isinstance(mine.action, Bid) and isinstance(best.action, Challenge) and best.true_chance is not None \
            and best.true_chance < 0.5:
        return _("the bid before yours is more likely false than true, so challenging it is worth more than going "
                 "above it")
    if isinstance(mine.action, Bid) and isinstance(best.action, Bid) and best.action.rank > mine.action.rank \
            and best.true_chance is not None and best.true_chance >= 0.5:
        return _("a higher bid that is still likely true leaves the next player less room: a riskier raise, or a "
                 "challenge that is likely to fail")
    return ""
