"""A local best response: an exploiter that reads a fixed bot's cup from its moves, for games too big to solve.

Two players. The exploiter keeps a **belief** over the bot's hidden dice: every cup the bot could hold, weighed by
its chance and by the probability that the bot, holding it, makes each move it made (the bot's own policy asked
for each cup, :func:`.bots.action_probabilities`). The belief starts again whenever the bot rolls (a new round, a
re-roll after a show). At its own turn the exploiter looks one exchange ahead through the engine: challenging is
settled on every cup of the belief; a raise is followed by the bot's answer for every cup (its own policy again),
a challenge by the bot settled there, a counter-raise valued as the exploiter's challenge of it under the belief
that answer leaves. A settled round is worth the chance of winning the game from the dice left
(:func:`.win_chance.win_chances`). It never shows dice.

Whatever the exploiter computes, it is a strategy: what it wins against the bot by play bounds the bot's
exploitability from below (summed over the two seats: ``1 - h0 - h1``, ``h_s`` the bot's share of wins at seat
``s``). It is cheap where the bot's cups are few (one to three dice); a raise is weighed on the belief's
:data:`SAMPLED_CUPS` likeliest cups, so five dice (252 cups) cost some 11 s of CPU a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.dice import make_rng
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll
from vegas_tutor.liars_dice.bots import LEVELS, action_probabilities
from vegas_tutor.liars_dice.coach import cups, patterns
from vegas_tutor.liars_dice.engine import State
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.liars_dice.win_chance import win_chances

Cup = tuple[int, ...]
Belief = dict[Cup, float]

RAISES_PER_FACE = 2
"""The exploiter's raises weighed at a turn: the lowest this many quantities of each face still open."""
SAMPLED_CUPS = 24
"""Cups of the belief a raise is weighed on at most (the likeliest; all of them when there are fewer)."""


def prior(n: int) -> Belief:
    """Every cup of ``n`` dice (sorted faces) with its chance."""
    return {cup: float(p) for cup, p in zip(cups(n), patterns(n)[1], strict=True)}


@dataclass
class Exploiter:
    """The exploiter at ``seat`` against the bot at ``level`` in the other seat of a two-player game (the bot as the
    fixed policy :func:`.bots.action_probabilities` gives: hard's solved mix where it applies, else one choice)."""

    seat: int
    level: str = "hard"
    seed: int = 0

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ConfigError(_("unknown level {level!r}: choose one of {choices}", level=self.level,
                                choices=", ".join(LEVELS)))
        if self.seat not in (0, 1):
            raise ConfigError(_("the exploiter sits at seat 0 or 1, got {seat!r}", seat=self.seat))
        self.bot = 1 - self.seat
        self.belief: Belief = {}

    # ------------------------------------------------------------------------------ the bot's moves
    def policy(self, state: State) -> Mapping[Action, float]:
        """The bot's move in ``state`` as probabilities (its own policy, from its own observation)."""
        return action_probabilities(state.observation(self.bot), self.level, make_rng(self.seed))

    def rolled(self, state: State) -> None:
        """After the bot rolled (its hidden dice are new): the belief starts from the chance of each cup."""
        self.belief = prior(len(state.hidden[self.bot]))

    def saw(self, state: State, action: Action) -> None:
        """Before the bot's ``action`` is applied to ``state``: weigh each cup by the chance it makes that move."""
        kept: Belief = {}
        for cup, weight in self.belief.items():
            p = self.policy(state.dealt({self.bot: cup})).get(action, 0.0)
            if p > 0:
                kept[cup] = weight * p
        total = sum(kept.values())
        # A move no cup explains (never with the bot's own policy): the belief starts over rather than break.
        self.belief = {c: w / total for c, w in kept.items()} if total > 0 else prior(len(state.hidden[self.bot]))

    # ------------------------------------------------------------------------------ the exploiter's moves
    def value(self, world: State) -> float:
        """The exploiter's chance of winning from a settled round of ``world``."""
        if world.is_over:
            return 1.0 if self.seat in world.winners else 0.0
        return win_chances(world.dice_counts)[self.seat]

    def challenged(self, world: State) -> float:
        """``world`` with the last bid challenged (after the bidder keeps its dice, if it may still show)."""
        world = world.copy()
        if world.may_show is not None:
            world.apply(NoShow())
        world.apply(Challenge())
        return self.value(world)

    def raises(self, state: State) -> list[Bid]:
        """The raises weighed: the :data:`RAISES_PER_FACE` lowest open quantities of each face."""
        out: list[Bid] = []
        per_face: dict[int, int] = {}
        for action in state.legal_actions():
            if isinstance(action, Bid) and per_face.get(action.face, 0) < RAISES_PER_FACE:
                per_face[action.face] = per_face.get(action.face, 0) + 1
                out.append(action)
        return out

    def raise_value(self, state: State, bid: Bid, cups: list[tuple[Cup, float]]) -> float:
        """The exploiter's value of raising to ``bid``: the bot's answer for each cup, then a challenge settled."""
        answers: dict[Action, list[tuple[float, State]]] = {}
        total = 0.0
        for cup, weight in cups:
            world = state.dealt({self.bot: cup})
            world.apply(bid)
            if world.may_show == self.seat:
                world.apply(NoShow())
            for answer, p in self.policy(world).items():
                after = world.copy()
                after.apply(answer)
                answers.setdefault(answer, []).append((weight * p, after))
            total += weight
        value = 0.0
        for answer, rows in answers.items():
            if isinstance(answer, Challenge):
                value += sum(w * self.value(after) for w, after in rows)
            else:  # the bot raised: the exploiter challenges it, the cups weighed by this answer
                value += sum(w * self.challenged(after) for w, after in rows)
        return value / total

    def choose(self, state: State) -> Action:
        """The exploiter's move: never a show; else the best of a challenge and the weighed raises."""
        if state.is_chance or state.current_player != self.seat:
            raise IllegalActionError(_("seat {seat} is not the one to act (seat {other} is)", seat=self.seat,
                                       other=state.current_player))
        if state.may_show == self.seat:
            return NoShow()
        cups = sorted(self.belief.items(), key=lambda cw: -cw[1])
        options: dict[Action, float] = {}
        if state.last_bid is not None:
            options[Challenge()] = sum(w * self.challenged(state.dealt({self.bot: c})) for c, w in cups)
        sample = cups[:SAMPLED_CUPS]
        for bid in self.raises(state):
            options[bid] = self.raise_value(state, bid, sample)
        return max(options, key=lambda a: options[a])


def play(dice: tuple[int, int], seat: int, seed: int, level: str = "hard") -> bool:
    """One game from a round where seat ``i`` holds ``dice[i]`` dice, seat 0 opening, the exploiter at ``seat``
    and the bot at ``level`` in the other: whether the bot wins."""
    if len(dice) != 2 or not all(is_int(d) and d >= 1 for d in dice):
        raise ConfigError(_("two seats of one die or more, got {dice!r}", dice=dice))
    state = State.start(list(dice), opener=0, seed=seed)
    exploiter = Exploiter(seat, level, seed)
    rng = make_rng(seed + 1)
    while not state.is_over:
        if state.is_chance:
            who = state.pending_rolls[0]
            state.apply(Roll())
            if who == exploiter.bot:
                exploiter.rolled(state)
            continue
        if state.current_player == exploiter.bot:
            mix = exploiter.policy(state)
            actions = list(mix)
            action = actions[int(rng.choice(len(actions), p=[mix[a] for a in actions]))]
            exploiter.saw(state, action)
        else:
            action = exploiter.choose(state)
        state.apply(action)
    return exploiter.bot in state.winners
