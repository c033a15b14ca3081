"""The strategy labs: intervals and running averages against a second computation, the charts' figures, the
chart widget's plotly delivery, the lab panel's run and refusals, and each game's matches and convergence
examples (simulated estimates within a few standard errors of the exact values)."""

from __future__ import annotations

import math
import subprocess
import sys
from fractions import Fraction
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import numpy as np
import plotly.graph_objects as go  # type: ignore[import-untyped]
import pytest

from vegas_tutor.core.errors import ConfigError
from vegas_tutor.tutor import lab
from vegas_tutor.tutor.las_vegas import lab as lv
from vegas_tutor.tutor.liars_dice import lab as ld
from vegas_tutor.tutor.lords_of_vegas import lab as lov


# --------------------------------------------------------------------------- shared helpers
@pytest.mark.parametrize(("hits", "n"), [(0, 10), (3, 10), (58.5, 100), (1999, 2000), (2000, 2000)])
def test_wilson_ends_solve_the_score_equation(hits: float, n: int) -> None:
    """Second method: each end p0 of the interval satisfies |p - p0| = z * sqrt(p0 (1 - p0) / n)."""
    p = hits / n
    low, high = lab.wilson(hits, n)
    assert 0 <= low <= p <= high <= 1
    for end in (low, high):
        if 0 < end < 1:
            assert abs(p - end) == pytest.approx(lab.Z95 * math.sqrt(end * (1 - end) / n), rel=1e-9)


def test_wilson_refuses_impossible_counts() -> None:
    for hits, n in ((1, 0), (-1, 10), (11, 10)):
        with pytest.raises(ConfigError):
            lab.wilson(hits, n)


def test_percent_words() -> None:
    assert lab.percent(0.5854) == "58.5%"
    assert lab.percent(1) == "100.0%"
    assert lab.percent(0) == "0.0%"
    assert lab.percent(0.0004) == "0.04%"


def test_running_average_and_margin_match_a_direct_computation() -> None:
    values = np.random.default_rng(3).integers(0, 100, size=5_000)
    sizes, mean, margin = lab.running(values)
    assert sizes[0] <= 10 and sizes[-1] == len(values) and (np.diff(sizes) > 0).all()
    for k in (0, len(sizes) // 2, len(sizes) - 1):
        head = values[: sizes[k]].astype(float)
        assert mean[k] == pytest.approx(head.mean())
        assert margin[k] == pytest.approx(lab.Z95 * head.std(ddof=1) / math.sqrt(len(head)))


def test_histogram_shares_add_up_to_100() -> None:
    shares = lab.histogram(np.array([1, 2, 2, 3, 9]), np.array([0, 5, 10]))
    assert shares.tolist() == [80.0, 20.0]


def _standings() -> list[lab.Standing]:
    return [lab.Standing("greedy", 58.5, 100, np.array([400_000, 450_000])),
            lab.Standing("random", 13.8, 100, np.array([300_000, 320_000, 200_000]))]


def test_win_rate_figure_has_the_intervals_and_the_parity_line() -> None:
    figure = lab.win_rate_figure(_standings(), parity=0.25)
    bars = figure.data[0]
    assert list(bars.y) == ["greedy", "random"]
    assert bars.x[0] == pytest.approx(58.5)
    low, high = lab.wilson(58.5, 100)
    assert bars.error_x.arrayminus[0] == pytest.approx(100 * (0.585 - low))
    assert bars.error_x.array[0] == pytest.approx(100 * (high - 0.585))
    assert any(shape.x0 == 25 for shape in figure.layout.shapes)
    assert len(set(bars.marker.pattern.shape)) == 2  # colour is not the only signal
    with pytest.raises(ConfigError):
        lab.win_rate_figure([])


def test_distribution_figure_one_bar_group_per_strategy_on_shared_bins() -> None:
    figure = lab.distribution_figure(_standings(), unit="money", step=100_000, tick=lambda x: f"{x:.0f}",
                                     title="t")
    assert [len(b.x) for b in figure.data] == [3, 3]  # bins 200k, 300k, 400k
    assert sum(figure.data[1].y) == pytest.approx(100)
    assert "average" in figure.data[0].name
    with pytest.raises(ConfigError):
        lab.distribution_figure(_standings(), unit="money", step=0, title="t")


def test_convergence_figure_ends_at_the_sample_average_and_draws_the_exact_line() -> None:
    samples = np.random.default_rng(1).integers(0, 2, size=2_000)
    figure = lab.convergence_figure(samples, 0.5, title="t", unit="%", scale=100)
    _band, average, exact = figure.data
    assert average.y[-1] == pytest.approx(100 * samples.mean())
    assert list(exact.y) == [50.0, 50.0]
    assert figure.layout.xaxis.type == "log"


# --------------------------------------------------------------------------- the chart widget and the panel
def test_chart_sends_plotly_js_once_asked_and_ignores_other_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    chart = lab.Chart()
    sent: list[tuple[Any, Any]] = []
    monkeypatch.setattr(chart, "send", lambda content, buffers=None: sent.append((content, buffers)))
    assert not chart.handle({"type": "other"}) and not chart.handle("plotly") and sent == []
    assert chart.handle({"type": "plotly"})
    (content, buffers), = sent
    assert content == {"type": "plotly"}
    bundle = buffers[0]
    assert b"window.Plotly" in bundle and len(bundle) > 1_000_000
    assert b"cdn.plot.ly" not in bundle[:2000]


def test_chart_shows_a_figure_as_plain_json_and_refuses_anything_else() -> None:
    chart = lab.Chart()
    chart.show(lab.win_rate_figure(_standings()), "greedy won")
    assert chart.figure["data"][0]["type"] == "bar" and chart.description == "greedy won"
    with pytest.raises(ConfigError):
        chart.show({"data": []}, "x")  # type: ignore[arg-type]
    assert chart.description == "greedy won"


def _panel(run: lab.Runner, charts: int = 1) -> tuple[lab.Lab, widgets.Dropdown]:
    control = lab.choice("Strategy", ["a", "b"], "a")
    return lab.Lab([control], run, charts=charts), control


def test_lab_run_redraws_its_charts_and_gives_the_controls_back() -> None:
    seen: list[bool] = []

    def run(progress: lab.Progress) -> lab.LabResult:
        seen.append(control.disabled)
        progress(10, 10)
        return lab.LabResult(((lab.win_rate_figure(_standings()), "sentence"),), "<p>summary</p>")

    panel, control = _panel(run)
    assert panel.run() is not None
    assert seen == [True] and not control.disabled and not panel.button.disabled
    assert panel.charts[0].description == "sentence" and panel.summary.value == "<p>summary</p>"
    assert "Done in" in panel.progress.value


def test_lab_says_a_refusal_and_changes_no_chart() -> None:
    def refused(_progress: lab.Progress) -> lab.LabResult:
        raise ConfigError("hard plays at most 20 games")

    panel, control = _panel(refused)
    assert panel.run() is None
    assert "Not run: hard plays at most 20 games" in panel.progress.value
    assert panel.charts[0].figure == {} and not control.disabled

    wrong, _ = _panel(lambda _p: lab.LabResult(()), charts=1)
    assert wrong.run() is None and "1 charts" in wrong.progress.value


def test_controls_refuse_values_they_do_not_offer() -> None:
    with pytest.raises(ConfigError):
        lab.choice("x", ["a"], "b")
    with pytest.raises(ConfigError):
        lab.games_choice([10, 100], 50)
    with pytest.raises(ConfigError):
        lab.Lab([], lambda _p: lab.LabResult(()), charts=0)


def test_a_page_with_a_question_does_not_load_the_boards_or_numba() -> None:
    code = ("import sys, vegas_tutor.tutor.progress, vegas_tutor.tutor.question, vegas_tutor.tutor.lab; "
            "print('numba' in sys.modules, 'vegas_tutor.tutor.las_vegas.board' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


# --------------------------------------------------------------------------- Las Vegas
def test_a_tally_counts_games_one_at_a_time_and_in_batches_alike() -> None:
    one, batched = lab.Tally(3), lab.Tally(3)
    values = np.array([[5, 9, 1], [7, 7, 2]])
    shares = np.array([[0.0, 1.0, 0.0], [0.5, 0.5, 0.0]])
    batched.batch(0, values, shares)
    one.game(0, [5, 9, 1], [1])
    one.game(0, [7, 7, 2], [0, 1])  # a shared first place: half a win each
    for tally in (one, batched):
        me, them = tally.standings("tested", "rivals")
        assert (me.wins, me.games, me.values.tolist()) == (0.5, 2, [5, 7])
        assert (them.wins, them.games, sorted(them.values.tolist())) == (0.75, 2, [1, 2, 7, 9])  # 1.5 over 2 seats
        assert me.wins + them.wins * 2 == tally.games  # every game won by someone
    assert lab.lineup("hard", "easy", 1, 3) == ["easy", "hard", "easy"]


def test_las_vegas_compiled_match_shares_every_game_and_rotates_the_seat() -> None:
    me, them = lv.play_match("greedy", "random", 402, seed=3)
    assert me.games == them.games == 402
    assert me.wins + 3 * them.wins == pytest.approx(402)
    assert len(me.values) == 402 and len(them.values) == 3 * 402
    assert me.rate > 0.4 > 0.2 > them.rate  # greedy is far above parity (about 59% over 20,000 games)
    again, _ = lv.play_match("greedy", "random", 402, seed=3)
    other, _ = lv.play_match("greedy", "random", 402, seed=4)
    assert (again.values == me.values).all() and not (other.values == me.values).all()


def _seats_told(monkeypatch: pytest.MonkeyPatch, bots: Any, level: str | None = None) -> list[Any]:
    """Spy on ``bots.choose_action``: the ``seats`` of every call (each move played at ``level`` if given, to keep
    a game quick)."""
    told: list[Any] = []
    real = bots.choose_action

    def spy(state: Any, asked: str, **kw: Any) -> Any:
        told.append(kw.get("seats"))
        return real(state, asked, **kw) if level is None else real(state, level, seed=kw.get("seed"))

    monkeypatch.setattr(bots, "choose_action", spy)
    return told


def test_lords_of_vegas_lab_tells_its_bots_how_each_seat_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    from vegas_tutor.lords_of_vegas import bots

    told = _seats_told(monkeypatch, bots, "medium")  # medium's move for hard's: the game stays quick
    lov.play_match("hard", "easy", 1, seed=2)
    assert told and all(seats == ["hard", "easy", "easy", "easy"] for seats in told)


def test_las_vegas_lab_tells_its_bots_how_each_seat_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    from vegas_tutor.las_vegas import bots

    told = _seats_told(monkeypatch, bots)
    lv.play_match("medium", "greedy", 1, seed=2)
    assert told and all(seats == ["medium", "greedy", "greedy", "greedy"] for seats in told)


def test_las_vegas_engine_match_with_a_bot_and_the_limits() -> None:
    me, them = lv.play_match("easy", "medium", 4, seed=1)
    assert me.wins + 3 * them.wins == pytest.approx(4) and len(them.values) == 12
    with pytest.raises(ConfigError):
        lv.play_match("hard", "random", lv.GAME_LIMITS["hard"] + 1)
    with pytest.raises(ConfigError):
        lv.play_match("clever", "random", 10)
    assert lv.limit("greedy", "medium") == lv.GAME_LIMITS["medium"]


def test_las_vegas_simulated_bill_closes_in_on_the_exact_one() -> None:
    position = lv.lesson_position()
    exact = lv.exact_bill(position)
    samples = lv.bill_samples(position, 40_000, seed=5)
    error = samples.std() / math.sqrt(len(samples))
    assert abs(samples.mean() - float(exact)) < 4 * error
    assert isinstance(exact, Fraction)
    result = lv.convergence_result(1_000, seed=1)
    assert f"${float(exact):,.0f}" in result.figures[0][1]


def test_las_vegas_match_result_caps_a_slow_match_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(lv.GAME_LIMITS, "easy", 8)
    result = lv.match_result("easy", "random", 2_000, seed=1)
    assert "plays 8 games, not 2,000" in result.summary
    assert [type(f) for f, _ in result.figures] == [go.Figure, go.Figure]


# --------------------------------------------------------------------------- Liar's Dice
def test_liars_dice_match_counts_every_game_and_the_dice_left() -> None:
    me, them = ld.play_match("odds", "random", 12, players=3, seed=2)
    assert me.wins + 2 * them.wins == pytest.approx(12)
    assert set(me.values.tolist()) | set(them.values.tolist()) <= set(range(ld.DICE + 1))
    assert len(them.values) == 24
    with pytest.raises(ConfigError):
        ld.play_match("odds", "random", 10, players=5)
    with pytest.raises(ConfigError):
        ld.play_match("hard", "odds", ld.GAME_LIMITS["hard"] + 1)


def test_liars_dice_bid_chance_exact_by_a_formula_and_by_simulation() -> None:
    exact = ld.exact_chance()
    # second method: two or more of the five hidden dice show a three or a star (each one time in three)
    third = Fraction(1, 3)
    formula = 1 - (1 - third) ** 5 - 5 * third * (1 - third) ** 4
    assert exact == formula
    samples = ld.bid_samples(60_000, seed=7)
    p = float(exact)
    assert abs(samples.mean() - p) < 4 * math.sqrt(p * (1 - p) / len(samples))
    star_bid = ld.bid_samples(20_000, bid=(2, 1), seed=1)  # a star bid counts stars only: one seen, need one more
    q = 1 - (5 / 6) ** 5
    assert abs(star_bid.mean() - q) < 4 * math.sqrt(q * (1 - q) / 20_000)
    assert "53.9%" in ld.convergence_result(1_000).summary


# --------------------------------------------------------------------------- Lords of Vegas
def test_lords_compiled_match_shares_every_game() -> None:
    me, them = lov.play_match("medium", "easy", 60, players=4, seed=1)
    assert me.wins + 3 * them.wins == pytest.approx(60)
    assert me.rate > 0.6 > 0.25 > them.rate  # medium wins about 72% of games against three easy
    two, _ = lov.play_match("random", "random", 10, players=2, seed=1)
    assert len(two.values) == 10
    with pytest.raises(ConfigError):
        lov.play_match("hard", "easy", lov.GAME_LIMITS["hard"] + 1)


def test_lords_gamble_exact_gain_and_its_simulation() -> None:
    for bet in lov.BETS:
        assert lov.exact_gain(bet) == Fraction(-bet, 18)  # second method: 2 x 1/36 x 2 + 14/36 - 20/36
    samples = lov.gamble_samples(5, 100_000, seed=2)
    assert abs(samples.mean() - (-5 / 18)) < 4 * samples.std() / math.sqrt(len(samples))
    assert set(np.unique(samples).tolist()) == {-5, 5, 10}
    with pytest.raises(ConfigError):
        lov.convergence_result(7, 100)
    assert lov.signed(-0.2777) == "-$0.278"
