"""Every test run (unit, notebook and browser tests, and the kernels and servers they start) treats a
message without Spanish words as an error, not an English fallback (see ``vegas_tutor.i18n``).

The suite runs on two pytest-xdist workers (``-n 2 --dist loadgroup`` in pyproject; ``-n 0``: one process).
Before a whole-suite run (its workers' start, in parallel), the numba simulators are compiled once (``python -m
vegas_tutor.warmup``), for this checkout and for the installed copy the served app's kernels load, so that no test
(and no two workers) compiles the same function. On workers, the cells of one notebook (nbval) share one kernel,
and the tests of a module with a module-scoped fixture share its server: each such file runs on one worker.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("VEGAS_TUTOR_STRICT_WORDS", "1")  # VEGAS_TUTOR_STRICT_WORDS=0 while translating

ROOT = Path(__file__).resolve().parent


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def _warm_up_commands() -> list[list[str]]:
    """The warm-up of this checkout's ``vegas_tutor`` (the one the tests import) and, when it is another, of the
    installed copy (the one ``vegas-tutor`` and its kernels import; ``-P``: the working folder not on the path)."""
    here = [sys.executable, "-m", "vegas_tutor.warmup"]
    where = subprocess.run([sys.executable, "-P", "-c", "import vegas_tutor; print(vegas_tutor.__file__)"],
                           capture_output=True, text=True, cwd=ROOT, check=False)  # fmt: skip
    installed = Path(where.stdout.strip()).resolve() if where.returncode == 0 else None
    if installed is None or installed == (ROOT / "vegas_tutor" / "__init__.py").resolve():
        return [here]
    return [here, [sys.executable, "-P", "-m", "vegas_tutor.warmup"]]


def pytest_configure(config: pytest.Config) -> None:
    """Before a run of the whole suite (no paths given: pyproject's testpaths; on the controller of a parallel
    run), compile the simulators before any test or worker imports them (both warm-ups at once, each under its
    own lock); a warm-up that fails stops the run with its output. A run of chosen tests compiles only what they
    call, as before."""
    whole_suite = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    if _is_worker(config) or not whole_suite or config.option.collectonly:
        return
    began = time.monotonic()
    running = {" ".join(command): subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                                    text=True)
               for command in _warm_up_commands()}  # fmt: skip
    for command, process in running.items():
        output, _ = process.communicate(timeout=900)
        if process.returncode != 0:
            raise pytest.UsageError(f"the numba warm-up failed ({command}):\n{output}")
    took = time.monotonic() - began
    if took > 5:
        print(f"numba warm-up before the workers: {took:.0f} s", flush=True)


_SHARED_SETUP = re.compile(r"""scope\s*=\s*["'](?:module|package|class)["']""")


@functools.cache
def _shares_setup(file: str) -> bool:
    """Whether the tests of ``file`` (relative to the root) share a set-up: a notebook's cells share its kernel
    (and run in order), a module with a module-scoped fixture starts its server or browser once."""
    path = ROOT / file
    if path.suffix == ".ipynb":
        return True
    try:
        return _SHARED_SETUP.search(path.read_text(encoding="utf-8")) is not None
    except (OSError, UnicodeDecodeError):
        return False


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup``, and the tests of a file that shares a set-up (see ``_shares_setup``) on one worker.

    The controller sees only node ids, so the files are told apart by their text. (xdist 3.8 marks an
    ``xdist_group`` by rewriting an attribute that pytest 9 no longer reads, so the marker alone groups nothing.)
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling  # type: ignore[import-untyped]

    class SharedSetupScheduling(LoadGroupScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            scope: str = super()._split_scope(nodeid)
            if scope != nodeid:  # an xdist_group that xdist did mark
                return scope
            file = nodeid.split("::", 1)[0]
            return file if _shares_setup(file) else nodeid

    return SharedSetupScheduling(config, log)
