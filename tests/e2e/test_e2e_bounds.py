"""The bound on each step of leaving a page (``e2e_app.bounded``): past it the step is stopped, and the test's own
bound (pytest-timeout's alarm) is set again with what is left of it. No browser needed."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator

import pytest
from e2e_app import BrowserStuck, bounded


@pytest.fixture
def outer_alarm() -> Iterator[float]:
    """The alarm the test runs under: pytest-timeout's, or one of 60 s set here when it has none."""
    left = signal.getitimer(signal.ITIMER_REAL)[0]
    own = left == 0
    if own:
        previous = signal.signal(signal.SIGALRM, lambda signum, frame: None)
        signal.setitimer(signal.ITIMER_REAL, 60)
    yield signal.getitimer(signal.ITIMER_REAL)[0]
    if own:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_step_past_its_bound_is_stopped_and_the_test_s_own_alarm_is_set_again(outer_alarm: float) -> None:
    handler = signal.getsignal(signal.SIGALRM)
    start = time.monotonic()
    with pytest.raises(BrowserStuck, match="over 0 s"), bounded(0.2):
        time.sleep(5)
    took = time.monotonic() - start
    assert 0.15 < took < 1.5
    assert signal.getsignal(signal.SIGALRM) is handler
    assert 0 < outer_alarm - signal.getitimer(signal.ITIMER_REAL)[0] < took + 0.5


def test_a_step_within_its_bound_runs_to_its_end(outer_alarm: float) -> None:
    handler = signal.getsignal(signal.SIGALRM)
    with bounded(2):
        time.sleep(0.05)
    assert signal.getsignal(signal.SIGALRM) is handler
    assert 0 < outer_alarm - signal.getitimer(signal.ITIMER_REAL)[0] < 1


def test_the_test_s_own_bound_alone_applies_when_it_is_the_nearer(outer_alarm: float) -> None:
    handler = signal.getsignal(signal.SIGALRM)
    with bounded(outer_alarm + 100):
        assert signal.getsignal(signal.SIGALRM) is handler  # no alarm of its own was set
