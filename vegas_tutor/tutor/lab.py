"""The strategy labs' shared parts: win rates with intervals, the three kinds of chart, and the lab panel.

A lab pits strategies against each other: the learner picks them and a number of games with ipywidgets,
presses **Run**, and the charts update. Each chart is a :class:`Chart`, drawn in the browser by plotly.js,
which the page receives once, from the installed ``plotly`` package, through the kernel (no CDN; no other page
loads it). Figures are built here with ``plotly.graph_objects``:

* :func:`win_rate_figure`: each strategy's share of games won, with its 95% interval and the parity line;
* :func:`distribution_figure`: how final money (dice, points) spread, one bar group per strategy;
* :func:`convergence_figure`: a simulated average closing in on the exact value as the sample grows.

Win rates are Wilson intervals (good also near 0% and 100%); a shared win counts as a part win:

>>> low, high = wilson(58.5, 100)
>>> round(low, 3), round(high, 3)
(0.487, 0.677)
>>> percent(0.5854), percent(0.0004)
('58.5%', '0.04%')
>>> from vegas_tutor.i18n import using
>>> with using("es"):
...     percent(0.5854), Standing("greedy", wins=3, games=4, values=np.array([1, 2, 3, 4])).sentence()
('58,5\xa0%', 'greedy ganó el 75,0\xa0% de 4 partidas (intervalo del 95\xa0%: de 30,1\xa0% a 95,4\xa0%)')
>>> Standing("greedy", wins=3, games=4, values=np.array([1, 2, 3, 4])).rate
0.75
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import numpy as np
import plotly.graph_objects as go  # type: ignore[import-untyped]
import traitlets as t
from numpy.typing import NDArray

from vegas_tutor.core.errors import ConfigError, VegasTutorError
from vegas_tutor.i18n import _, _n, language, number
from vegas_tutor.i18n import percent as i18n_percent
from vegas_tutor.tutor.assets import PLOTLY_JS, WordedWidget, front_end, plotly_bundle
from vegas_tutor.tutor.notebook import IGNORE_MATH

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9")
"""Okabe-Ito, colour-blind safe, as the boards' seats."""
PATTERNS = ("", "/", "x", ".", "\\", "+")
"""A bar pattern per strategy, so colour is never the only signal."""
Progress = Callable[[int, int], None]
"""``progress(done, total)``: how far a simulation is."""


def wilson(hits: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``hits / n`` (``hits`` may be fractional: shared wins)."""
    if not isinstance(n, int | np.integer) or n <= 0:
        raise ConfigError(_("an interval needs at least one game, got n={n!r}", n=n))
    if not 0 <= hits <= n:
        raise ConfigError(_("hits must lie between 0 and n={n}, got {hits!r}", n=n, hits=hits))
    p = hits / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == n else min(1.0, centre + half)
    return low, high


def percent(share: float, digits: int | None = None) -> str:
    """A share as a percentage in words' precision: one decimal, two significant digits below 0.1% (or
    ``digits`` decimals), written the way of the language in force: "58.5%", "58,5 %"."""
    return i18n_percent(share, digits)


@dataclass(frozen=True)
class Standing:
    """One strategy's results over a match: games won (a shared first counts 1/k), games played, and its
    final value (money, dice, points) in every game."""

    label: str
    wins: float
    games: int
    values: NDArray[Any] = field(repr=False)

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def sentence(self) -> str:
        """"greedy won 58.5% of 2,000 games (95% interval 56.3% to 60.6%)"."""
        low, high = self.interval
        return _n("{label} won {rate} of {n:,} game (95% interval {low} to {high})",
                  "{label} won {rate} of {n:,} games (95% interval {low} to {high})", self.games, label=self.label,
                  rate=percent(self.rate), low=percent(low), high=percent(high))


def lineup(tested: str, rivals: str, seat: int, players: int) -> list[str]:
    """Who plays each seat of a match's game: ``tested`` at ``seat``, ``rivals`` everywhere else."""
    return [tested if s == seat else rivals for s in range(players)]


@dataclass
class Tally:
    """A match as it is played: the tested seat's final values and wins, and the rival seats' (pooled: their wins
    over all rival seats, every rival's value); a shared first place counts its share to each winner."""

    players: int
    wins: float = 0.0
    rival_wins: float = 0.0
    mine: list[NDArray[Any]] = field(default_factory=list)
    theirs: list[NDArray[Any]] = field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(len(values) for values in self.mine)

    def game(self, seat: int, values: Sequence[float], winners: Sequence[int]) -> None:
        """One game: every seat's final value and the winners."""
        self.mine.append(np.array([values[seat]]))
        self.theirs.append(np.array([v for s, v in enumerate(values) if s != seat]))
        self.wins += (seat in winners) / len(winners)
        self.rival_wins += sum(s != seat for s in winners) / len(winners)

    def batch(self, seat: int, values: NDArray[Any], shares: NDArray[np.float64]) -> None:
        """Games played at once: final values and shares of the win, one row a game, one column a seat."""
        others = [s for s in range(self.players) if s != seat]
        self.mine.append(values[:, seat])
        self.theirs.append(values[:, others].ravel())
        self.wins += float(shares[:, seat].sum())
        self.rival_wins += float(shares[:, others].sum())

    def one_by_one(self, tested: str, rivals: str, games: int, seed: int,
                   play: Callable[[list[str], int], tuple[Sequence[float], Sequence[int]]],
                   progress: Progress | None = None) -> None:
        """``games`` games through the rules engine, the tested seat going round the table: game g is
        ``play(lineup, seed * 1_000_003 + g)``, which gives every seat's final value and the winners."""
        for game in range(games):
            seat = game % self.players
            self.game(seat, *play(lineup(tested, rivals, seat, self.players), seed * 1_000_003 + game))
            if progress is not None:
                progress(game + 1, games)

    def standings(self, tested: str, rivals: str) -> tuple[Standing, Standing]:
        """The tested strategy's standing and one rival seat's (the rival seats averaged), under these labels."""
        games = self.games
        return (Standing(tested, self.wins, games, np.concatenate(self.mine)),
                Standing(rivals, self.rival_wins / (self.players - 1), games, np.concatenate(self.theirs)))


def article(word: str) -> str:
    """"a greedy", "an easy": the indefinite article for ``word`` (English sentences only)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _layout(title: str, **extra: Any) -> dict[str, Any]:
    return {
        "title": {"text": title, "font": {"size": 16}, "x": 0, "xanchor": "left", "y": 0.98, "yanchor": "top"},
        "template": "simple_white",
        "font": {"family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", "size": 13},
        "margin": {"l": 70, "r": 20, "t": 50, "b": 55},
        "height": 340,
        "separators": ",." if language() == "es" else ".,",  # plotly's decimal and thousands marks
        **extra,
    }


def win_rate_figure(standings: Sequence[Standing], *, parity: float | None = None, title: str = "") -> go.Figure:
    """Horizontal bars of each strategy's win rate with its 95% interval, and the parity line (if given); the
    title by default says it is the share of games won."""
    if not standings:
        raise ConfigError(_("a win-rate chart needs at least one strategy"))
    title = title or _("Share of games won")
    labels = [s.label for s in standings]
    rates = [100 * s.rate for s in standings]
    lows = [100 * (s.rate - s.interval[0]) for s in standings]
    highs = [100 * (s.interval[1] - s.rate) for s in standings]
    bars = go.Bar(
        x=rates, y=labels, orientation="h",
        marker={"color": [COLOURS[i % len(COLOURS)] for i in range(len(standings))],
                "pattern": {"shape": [PATTERNS[i % len(PATTERNS)] for i in range(len(standings))]}},
        error_x={"type": "data", "symmetric": False, "array": highs, "arrayminus": lows, "color": "#1b1b1b",
                 "thickness": 1.5, "width": 6},
        hovertemplate=_("{name}: {share} of the games", name="%{y}", share=_plotly_percent("%{x:.1f}"))
        + "<extra></extra>",
    )
    figure = go.Figure(bars, _layout(title, height=max(220, 110 + 60 * len(standings)),
                                     xaxis={"title": _("games won (%)"), "range": [0, 101],
                                            "ticksuffix": _plotly_percent("")},
                                     yaxis={"autorange": "reversed"}, showlegend=False,
                                     margin={"l": 90, "r": 190, "t": 50, "b": 55}))
    for s in standings:  # the figures in words, right of the whisker
        low, high = s.interval
        figure.add_annotation(x=100 * high + 1, y=s.label, xanchor="left", showarrow=False,
                              text=_("{rate} ({low} to {high})", rate=percent(s.rate), low=percent(low),
                                     high=percent(high)))
    if parity is not None:
        figure.add_vline(x=100 * parity, line_dash="dash", line_color="#5b5b5b",
                         annotation_text=_("parity {share}", share=percent(parity)), annotation_position="top")
    return figure


def _plotly_percent(number_format: str) -> str:
    """A plotly number format followed by the percent sign the language's way ("%{x:.1f}%", "%{x:.1f} %")."""
    return f"{number_format}\u00a0%" if language() == "es" else f"{number_format}%"


def histogram(values: NDArray[Any], edges: NDArray[Any]) -> NDArray[np.float64]:
    """The share (in %) of ``values`` in each bin of ``edges`` (the last bin closed)."""
    counts, _edges = np.histogram(values, bins=edges)
    return np.asarray(100 * counts / max(1, len(values)), dtype=np.float64)


def distribution_figure(standings: Sequence[Standing], *, unit: str, title: str, step: float,
                        tick: Callable[[float], str] = str,
                        average: Callable[[float], str] | None = None) -> go.Figure:
    """Grouped bars: for each strategy, the share of games ending in each bin of width ``step`` of the value.

    ``tick`` writes a value (e.g. as dollars): a bin is named by its range ("$40k to $80k"; one value when
    ``step`` is 1), a strategy's average by ``average`` (default ``tick``). The bars of a strategy share its
    colour and pattern.
    """
    average = average or tick
    if not standings or step <= 0:
        raise ConfigError(_("a distribution chart needs at least one strategy and a positive bin width"))
    everything = np.concatenate([np.asarray(s.values, dtype=np.float64) for s in standings])
    low = math.floor(everything.min() / step) * step
    high = math.floor(everything.max() / step) * step + step
    edges = np.arange(low, high + step / 2, step)
    names = [tick(float(e)) if step == 1 else f"{tick(float(e))}–{tick(float(e + step))}" for e in edges[:-1]]
    bars = []
    for i, s in enumerate(standings):
        mean = float(np.mean(s.values))
        bars.append(go.Bar(
            x=names, y=histogram(np.asarray(s.values), edges),
            name=_("{label} (average {value})", label=s.label, value=average(mean)),
            marker={"color": COLOURS[i % len(COLOURS)], "pattern": {"shape": PATTERNS[i % len(PATTERNS)]}},
            hovertemplate=_("{label}: {share} of games at {value}", label=escape(s.label),
                            share=_plotly_percent("%{y:.1f}"), value="%{x}") + "<extra></extra>",
        ))
    return go.Figure(bars, _layout(title, barmode="group", bargap=0.15,
                                   xaxis={"title": unit, "type": "category"},
                                   yaxis={"title": _("share of games (%)"), "ticksuffix": _plotly_percent("")},
                                   legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
                                   margin={"l": 70, "r": 20, "t": 80, "b": 70}, height=400))


def checkpoints(n: int, points: int = 60) -> NDArray[np.int64]:
    """About ``points`` sample sizes from 10 to ``n``, evenly spread on a log scale (``n`` last)."""
    if n < 1:
        raise ConfigError(_("a sample needs at least one draw, got {n}", n=n))
    sizes = np.unique(np.geomspace(min(10, n), n, points).astype(np.int64))
    return np.asarray(sizes, dtype=np.int64)


def running(samples: NDArray[Any]) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]:
    """The running average of ``samples`` at :func:`checkpoints`, and its 95% margin (1.96 standard errors)."""
    values = np.asarray(samples, dtype=np.float64)
    sizes = checkpoints(len(values))
    total = np.cumsum(values)[sizes - 1]
    squares = np.cumsum(values * values)[sizes - 1]
    mean = total / sizes
    variance = np.maximum(squares / sizes - mean * mean, 0) * sizes / np.maximum(sizes - 1, 1)
    return sizes, mean, Z95 * np.sqrt(variance / sizes)


def convergence_figure(samples: NDArray[Any], exact: float, *, title: str, unit: str,
                       tick: Callable[[float], str] = str, scale: float = 1.0, draws: str = "") -> go.Figure:
    """The running average of ``samples`` (times ``scale``) with its 95% band, against the ``exact`` value;
    ``draws`` names what was simulated, on the x axis (by default "simulated draws")."""
    draws = draws or _("simulated draws")
    sizes, mean, margin = running(samples)
    mean, margin, exact = mean * scale, margin * scale, exact * scale
    band_x = np.concatenate([sizes, sizes[::-1]])
    band_y = np.concatenate([mean + margin, (mean - margin)[::-1]])
    figure = go.Figure(
        [go.Scatter(x=band_x, y=band_y, fill="toself", fillcolor="rgba(0,114,178,0.18)", line={"width": 0},
                    hoverinfo="skip", name=_("95% band of the simulation")),
         go.Scatter(x=sizes, y=mean, mode="lines+markers", line={"color": COLOURS[0], "width": 2},
                    marker={"size": 4, "symbol": "circle"}, name=_("simulated average"),
                    hovertemplate=_("after {count} {draws}: {value}", count="%{x:,}", draws=escape(draws),
                                    value="%{y:.2f}") + "<extra></extra>"),
         go.Scatter(x=[sizes[0], sizes[-1]], y=[exact, exact], mode="lines",
                    line={"color": COLOURS[4], "dash": "dash", "width": 2},
                    name=_("exact value {value}", value=tick(exact)),
                    hoverinfo="skip")],
        _layout(title, xaxis={"title": _("number of {draws} (log scale)", draws=draws), "type": "log", "dtick": 1},
                yaxis={"title": unit}, legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
                margin={"l": 70, "r": 20, "t": 80, "b": 55}, height=400),
    )
    return figure



class Chart(WordedWidget):
    """One plotly chart and the sentence that says what it shows (its caption and text alternative)."""

    _esm = front_end(PLOTLY_JS, "lab_chart.js")
    _css = front_end("lab_chart.css")
    figure = t.Dict().tag(sync=True)
    description = t.Unicode("").tag(sync=True)
    placeholder = t.Unicode("").tag(sync=True)
    """What the chart's place says before the first run (by default: press Run to draw this chart)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("placeholder", _("Press Run to draw this chart."))
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    def show(self, figure: go.Figure, description: str) -> None:
        """Draw ``figure`` (replacing the last one) with ``description`` under it."""
        if not isinstance(figure, go.Figure):
            raise ConfigError(_("a chart shows a plotly Figure, got {kind}", kind=type(figure).__name__))
        with self.hold_sync():
            self.figure = json.loads(figure.to_json())
            self.description = description

    def handle(self, content: object) -> bool:
        """Answer one browser message: ``{"type": "plotly"}`` asks for plotly.js. Anything else is ignored."""
        if not isinstance(content, dict) or content.get("type") != "plotly":
            return False
        self.send({"type": "plotly"}, [plotly_bundle()])
        return True

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.handle(content)


@dataclass(frozen=True)
class LabResult:
    """What one run shows: a (figure, sentence) for each chart of the panel, a summary (HTML) under them."""

    figures: tuple[tuple[go.Figure, str], ...]
    summary: str = ""


Runner = Callable[[Progress], LabResult]
"""Runs the simulation the controls describe (it reads them itself), reporting progress."""


class Lab(widgets.VBox):  # type: ignore[misc]
    """Controls, a Run button, a progress line, the charts and a summary: press Run to simulate and redraw.

    ``run`` reads the controls, simulates, and returns a :class:`LabResult` with one figure per chart. A
    :class:`~vegas_tutor.core.errors.VegasTutorError` it raises is said on the progress line; nothing changes.
    """

    def __init__(self, controls: Sequence[widgets.Widget], run: Runner, *, charts: int,
                 button: str = "", note: str = "") -> None:
        if charts < 1:
            raise ConfigError(_("a lab shows at least one chart"))
        self._run = run
        self.controls = tuple(controls)
        self.button = widgets.Button(description=button or _("Run"), button_style="primary", icon="",
                                     tooltip=_("Simulate and redraw the charts"))
        self.button.on_click(lambda _button: self.run())
        self.progress = widgets.HTML(self._line(note or _("Choose, then press Run.")))
        self.charts = tuple(Chart() for _ in range(charts))
        self.summary = widgets.HTML("")
        self.last: LabResult | None = None
        self.seconds = 0.0
        """How long the last run took."""
        bar = widgets.HBox([*self.controls, self.button], layout=widgets.Layout(flex_flow="row wrap",
                                                                                 align_items="flex-end"))
        super().__init__([bar, self.progress, *self.charts, self.summary])
        self.add_class("vt-lab")

    @staticmethod
    def _line(text: str) -> str:
        return f'<p class="{IGNORE_MATH} vt-lab-progress" role="status" aria-live="polite">{escape(text)}</p>'

    def say(self, text: str) -> None:
        """Write ``text`` on the progress line."""
        self.progress.value = self._line(text)

    def run(self) -> LabResult | None:
        """Simulate with the controls' values and redraw; ``None`` (and the reason said) when refused."""
        for control in (*self.controls, self.button):
            control.disabled = True
        start = time.perf_counter()
        shown = [0.0]

        def report(done: int, total: int) -> None:
            now = time.perf_counter()
            if done < total and now - shown[0] < 0.25:
                return
            shown[0] = now
            self.say(_n("Simulating… {done:,} of {n:,} game ({seconds:.1f} s)",
                        "Simulating… {done:,} of {n:,} games ({seconds:.1f} s)", total, done=done,
                        seconds=now - start))

        try:
            self.say(_("Simulating…"))
            result = self._run(report)
            if len(result.figures) != len(self.charts):
                raise ConfigError(_("the lab has {charts} charts, the run drew {drawn}", charts=len(self.charts),
                                    drawn=len(result.figures)))
            for chart, (figure, sentence) in zip(self.charts, result.figures, strict=True):
                chart.show(figure, sentence)
            self.summary.value = result.summary
            self.seconds = time.perf_counter() - start
            self.last = result
            self.say(_("Done in {seconds:.1f} s. Change the choices and press Run again to compare.",
                       seconds=self.seconds))
            return result
        except VegasTutorError as refusal:
            self.say(_("Not run: {reason}", reason=refusal))
            return None
        finally:
            for control in (*self.controls, self.button):
                control.disabled = False


def standings_table(standings: Sequence[Standing], value: str, shown: Callable[[float], str]) -> str:
    """An HTML table: each strategy's games, win rate with interval, and average final ``value``."""
    rows = ""
    for s in standings:
        cells = (s.label, number(s.games), percent(s.rate),
                 _("{low} to {high}", low=percent(s.interval[0]), high=percent(s.interval[1])),
                 shown(float(np.mean(s.values))))
        rows += "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in cells) + "</tr>"
    heads = (_("Strategy"), _("Games"), _("Won"), _("95% interval"), _("Average {value}", value=value))
    head = "".join(f"<th>{escape(text)}</th>" for text in heads)
    return (f'<table class="{IGNORE_MATH} vt-table"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>'
            "</table>")


def choice(label: str, options: Sequence[str], value: str,
           name: Callable[[str], str] | None = None) -> widgets.Dropdown:
    """A labelled dropdown of strategies (or any options), each shown as ``name(option)`` (the language's
    word for a strategy); its values stay the options."""
    if value not in options:
        raise ConfigError(_("{value!r} is not one of {choices}", value=value, choices=", ".join(options)))
    shown = [(name(option), option) for option in options] if name else list(options)
    return widgets.Dropdown(options=shown, value=value, description=label,
                            style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))


def games_choice(options: Sequence[int], value: int, label: str = "") -> widgets.Dropdown:
    """A labelled dropdown of sample sizes, shown with thousands separators (labelled "Games" by default)."""
    if value not in options:
        raise ConfigError(_("{value!r} is not one of the sizes {sizes}", value=value, sizes=list(options)))
    return widgets.Dropdown(options=[(number(n), n) for n in options], value=value, description=label or _("Games"),
                            style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))


def match_lab(strategies: Sequence[str], name: Callable[[str], str], play: Callable[..., LabResult], *,
              tested: str, rivals: str, games: int, sizes: Sequence[int], note: str, against: str = "",
              tables: Sequence[int] = (), players: int = 0, seed: int = 0) -> Lab:
    """The match panel of every strategy lab: the tested strategy, the rivals' (``against``), the table size
    (when ``tables`` are offered) and the number of games; each press of Run plays fresh games with
    ``play(tested, rivals, games, seed=, progress=[, players=])``."""
    mine = choice(_("One player plays"), strategies, tested, name)
    others = choice(against or _("against"), strategies, rivals, name)
    table = choice(_("Players"), [str(p) for p in tables], str(players)) if tables else None
    count = games_choice(sizes, games)
    runs = [seed]

    def run(progress: Progress) -> LabResult:
        runs[0] += 1  # each press plays fresh games
        size = {} if table is None else {"players": int(table.value)}
        return play(mine.value, others.value, count.value, seed=runs[0], progress=progress, **size)

    return Lab([mine, others, *([] if table is None else [table]), count], run, charts=2, note=note)
