"""The end of a game's review, beyond the learner's decisions: luck against skill.

- **Every player's accuracy**, bots included: the share of their decisions the coach judges good, and what
  their decisions gave up in all (in the game's unit). The coach judges the bots' decisions too while it is
  on, after the learner's (see :class:`~vegas_tutor.tutor.coaching.Coach`).
- **What came from the dice.** The three games' coaches count the chance of winning, so the learner's result
  splits exactly: a seat begins with ``1 / players`` of the win and ends with its share of 1st place; its
  decisions moved it by minus their losses, and everything else between its decisions (the dice, the cards,
  the other players' moves) by the rest.
- **The chance of winning over the game**, a plotly chart (plotly.js from the app, see ``plotly_loader.js``):
  after each of the learner's decisions, beside what the coach's choice would have kept.

>>> luck_split(players=4, result=0.0, losses=[0.05, 0.07])
(0.12, -0.13)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from vegas_tutor.i18n import _, language, percent

if TYPE_CHECKING:
    from vegas_tutor.tutor.coaching import Coach, Decision

JSON = dict[str, Any]
VERDICT_COLOURS = {"good": "#2e7d32", "inaccuracy": "#b26a00", "mistake": "#c62828"}


def luck_split(players: int, result: float, losses: Sequence[float]) -> tuple[float, float]:
    """(what the decisions cost, what everything else brought: negative when it cost) in chance of winning, for
    a seat that began with ``1 / players`` and ended with ``result`` (its share of 1st place)."""
    skill = round(sum(losses), 12)
    return skill, round(result - 1 / players + skill, 12)


def share(state: Any, seat: int) -> float:
    """``seat``'s share of 1st place in a finished game."""
    winners = list(state.winners)
    return 1 / len(winners) if seat in winners else 0.0


def game_review(coach: Coach, state: Any, learner: Callable[[int | None], bool], names: Callable[[int], str]) -> JSON:
    """The review's ``players`` table, the learner's ``luck`` sentences and the ``chart`` (None when the game's
    coach does not count chances of winning, or nothing is judged yet)."""
    every = [*coach.decisions, *coach.others]
    rows = [_player_row(coach, [d for d in every if d.seat == seat], seat, learner(seat), names(seat))
            for seat in range(state.players)]
    luck: list[JSON] = []
    chart: JSON | None = None
    if coach.game.chances is not None:
        for seat in range(state.players):
            mine = [d for d in coach.decisions if d.seat == seat]
            if learner(seat) and mine:
                luck.append(_luck(coach, mine, state, seat))
                if chart is None and luck[-1]["status"] == "ready":
                    chart = _chart(coach, mine, state, seat)
    return {"players": rows, "luck": luck, "chart": chart}


def _player_row(coach: Coach, mine: list[Decision], seat: int, yours: bool, name: str) -> JSON:
    ready = [d for d in mine if d.review is not None]
    good = sum(1 for d in ready if coach.game.verdict(float(d.review.loss)) == "good")
    return {"seat": seat, "name": name, "yours": yours, "decisions": len(mine),
            "pending": sum(1 for d in mine if d.review is None and not d.failed),
            "accuracy": percent(good / len(ready)) if ready else "–",
            "cost_text": coach.game.loss_text(sum(float(d.review.loss) for d in ready)) if ready else "–"}


def _points(coach: Coach, mine: list[Decision]) -> list[tuple[Decision, float, float]]:
    """The decisions the coach judged on chances of winning, each with (best's, yours)."""
    chances = coach.game.chances
    assert chances is not None
    out = []
    for d in mine:
        pair = chances(d.review) if d.review is not None else None
        if pair is not None:
            out.append((d, pair[0], pair[1]))
    return out


def _luck(coach: Coach, mine: list[Decision], state: Any, seat: int) -> JSON:
    if any(d.review is None and not d.failed for d in mine):
        return {"seat": seat, "status": "computing"}
    points = _points(coach, mine)
    result = share(state, seat)
    skill, rest = luck_split(state.players, result, [max(best - yours, 0.0) for _d, best, yours in points])
    fields = {"skill": coach.game.loss_text(skill), "luck": coach.game.loss_text(abs(rest)),
              "start": percent(1 / state.players), "result": percent(result)}
    if rest < 0:
        text = _("Your decisions cost you {skill} of winning chance; the dice and the other players' moves cost you "
                 "{luck}. You began with {start} and ended with {result}.", **fields)
    else:
        text = _("Your decisions cost you {skill} of winning chance; the dice and the other players' moves brought "
                 "you {luck}. You began with {start} and ended with {result}.", **fields)
    return {"seat": seat, "status": "ready", "text": text, "skill": skill, "luck": rest}


def _chart(coach: Coach, mine: list[Decision], state: Any, seat: int) -> JSON:
    """The plotly figure (plain JSON) of ``seat``'s chance of winning after each decision, and its sentence."""
    points = _points(coach, mine)
    start, result = 1 / state.players, share(state, seat)
    xs = list(range(len(points) + 2))
    yours = [100 * start, *(100 * y for _d, _b, y in points), 100 * result]
    best = [100 * start, *(100 * b for _d, b, _y in points), 100 * result]
    verdicts = [coach.game.verdict(max(b - y, 0.0)) for _d, b, y in points]
    hover = [_("the start"), *(_("decision {n}: {choice}, {verdict}", n=k + 1, choice=coach.game.words(d.action),
                                 verdict=_verdict_word(v)) for k, ((d, _b, _y), v) in enumerate(
                                     zip(points, verdicts, strict=True))), _("the end")]
    colours = ["#607d8b", *(VERDICT_COLOURS[v] for v in verdicts), "#607d8b"]
    figure = {
        "data": [
            {"type": "scatter", "mode": "lines", "x": xs, "y": best, "name": _("with the coach's choices"),
             "line": {"color": "#9e9e9e", "dash": "dot", "width": 2}, "hoverinfo": "skip"},
            {"type": "scatter", "mode": "lines+markers", "x": xs, "y": yours, "name": _("your chance of winning"),
             "text": hover, "line": {"color": "#1565c0", "width": 2},
             "marker": {"color": colours, "size": 9, "line": {"color": "#ffffff", "width": 1}},
             "hovertemplate": "%{text}: %{y:.0f}%<extra></extra>"},
        ],
        "layout": {"height": 260, "margin": {"l": 48, "r": 12, "t": 10, "b": 40},
                   "separators": ",." if language() == "es" else ".,",
                   "xaxis": {"title": {"text": _("your decisions, in game order")}, "dtick": 1 if len(xs) <= 16 else 5,
                             "zeroline": False},
                   "yaxis": {"title": {"text": _("chance of winning (%)")}, "range": [0, 100], "ticksuffix": ""},
                   "legend": {"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
                   "paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)"},
    }
    low = min(range(len(yours)), key=yours.__getitem__)
    caption = _("Your chance of winning after each of your {n} decisions (the dots, coloured by verdict), beside what "
                "the coach's choices would have kept (dotted): from {start} at the start, at its lowest {low}, to "
                "{result} at the end.", n=len(points), start=percent(start), low=percent(yours[low] / 100),
                result=percent(result))
    return {"figure": figure, "caption": caption}


def _verdict_word(verdict: str) -> str:
    return {"good": _("good"), "inaccuracy": _("inaccuracy"), "mistake": _("mistake")}[verdict]
