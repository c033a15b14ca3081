"""The warm-up of the compiled simulators: the cheap readiness check against numba's real cache, the warm-up
module's progress output, and the server's decision to start it in the background."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from vegas_tutor import cli, warmup

READY_PROBE = """
import sys
from vegas_tutor.warmup import simulator_ready
print({game: simulator_ready(game) for game in ("las_vegas", "liars_dice", "lords_of_vegas")})
print("numba imported:", "numba" in sys.modules)
"""


def _python(code_or_args: list[str], cache: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, *code_or_args], env=env, capture_output=True, text=True, timeout=timeout)


def test_las_vegas_is_not_ready_on_an_empty_cache_and_ready_after_the_warm_up(tmp_path: Path) -> None:
    """The one test that compiles (Las Vegas only, in a cache folder of its own)."""
    cache = tmp_path / "numba-cache"
    before = _python(["-c", READY_PROBE], cache)
    assert "{'las_vegas': False, 'liars_dice': True, 'lords_of_vegas': False}" in before.stdout
    assert "numba imported: False" in before.stdout  # the check is cheap: no numba import
    assert _python(["-m", "vegas_tutor.warmup", "--check", "--game", "las_vegas"], cache).returncode == 1

    run = _python(["-m", "vegas_tutor.warmup", "--game", "las_vegas"], cache, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "las_vegas: compiling"
    assert any(line.startswith("    compiled las_vegas.playouts._face_playouts in ") for line in lines)
    assert any(line.startswith("  las_vegas: placement odds (greedy): ") and "(CPU " in line for line in lines)
    assert "las_vegas: ready" in lines
    assert lines[-1].startswith("warm-up done in ")

    after = _python(["-c", READY_PROBE], cache)
    assert "{'las_vegas': True, 'liars_dice': True, 'lords_of_vegas': False}" in after.stdout
    assert "numba imported: False" in after.stdout
    again = _python(["-m", "vegas_tutor.warmup", "--game", "las_vegas"], cache)
    assert again.stdout.splitlines()[0] == "las_vegas: already compiled (numba cache)"

    # An index numba would not accept (written by another numba version) is not a ready cache.
    index = next(cache.rglob("simulate._rollouts-*.nbi"))
    index.write_bytes(b"\x80\x04\x95\x08\x00\x00\x00\x00\x00\x00\x00\x8c\x040.01\x94.")
    assert "'las_vegas': False" in _python(["-c", READY_PROBE], cache).stdout


def test_loaded_code_counts_as_ready_whatever_the_disk_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class Dispatcher:
        def __init__(self, compiled: bool, module: str = "vegas_tutor.las_vegas.simulate") -> None:
            self.overloads = {"sig": object()} if compiled else {}
            self.py_func = type("F", (), {"__module__": module})

    module = type(sys)("vegas_tutor.las_vegas.simulate")
    module.one = Dispatcher(True)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "vegas_tutor.las_vegas.simulate", module)
    playouts = type(sys)("vegas_tutor.las_vegas.playouts")  # hard's playouts, the game's other compiled module
    playouts.one = Dispatcher(True, "vegas_tutor.las_vegas.playouts")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "vegas_tutor.las_vegas.playouts", playouts)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(warmup, "_cached_on_disk", lambda relative, version: False)
    assert warmup.simulator_ready("las_vegas")
    module.two = Dispatcher(False)  # type: ignore[attr-defined]
    assert not warmup.simulator_ready("las_vegas")


def test_liars_dice_has_no_compiled_code_and_unknown_games_are_never_ready() -> None:
    assert warmup.simulator_ready("liars_dice")
    source = Path(warmup.__file__).parent / "liars_dice"
    assert not any("numba" in path.read_text(encoding="utf-8") for path in source.glob("*.py"))
    assert not warmup.simulator_ready("poker")
    assert not warmup.simulator_ready(None)  # type: ignore[arg-type]


def test_readiness_never_raises_and_finds_every_jitted_function(monkeypatch: pytest.MonkeyPatch) -> None:
    names = [name for name, _ in warmup._jitted(*_stamped("lords_of_vegas/bots_compiled.py"))]
    assert {"pick", "playout", "gains"} <= set(names)
    monkeypatch.setattr(warmup, "_loaded_here", lambda relative: False)  # as in a fresh process
    monkeypatch.setattr(warmup, "_cached_on_disk", lambda relative, version: 1 / 0)
    assert warmup.simulator_ready("lords_of_vegas") is False


def _stamped(relative: str) -> tuple[Path, int, int]:
    path = Path(warmup.__file__).parent / relative
    st = path.stat()
    return path, st.st_mtime_ns, st.st_size


def test_the_cache_folder_follows_numbas_choice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    source = Path(warmup.__file__).parent / "las_vegas" / "simulate.py"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    chosen = warmup.cache_dir(source)
    assert chosen is not None and chosen.parent == tmp_path / "mine" and chosen.name.startswith("las_vegas_")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    in_tree = source.parent / "__pycache__"
    monkeypatch.setattr(warmup, "_writable_dir", lambda path: path != in_tree)  # a read-only site-packages
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user"))
    chosen = warmup.cache_dir(source)
    assert chosen is not None and chosen.parent == tmp_path / "user" / "numba"


def _fake_popen(started: list[list[str]], status: int) -> Any:
    class FakeProcess:
        def __init__(self, command: list[str], **kwargs: object) -> None:
            started.append(command)

        def wait(self) -> int:
            return status

    return FakeProcess


@pytest.mark.parametrize("status", [0, 1])
def test_the_background_warm_up_starts_only_when_something_is_not_ready(
    monkeypatch: pytest.MonkeyPatch, status: int
) -> None:
    started: list[list[str]] = []
    said: list[str] = []
    done = threading.Event()
    monkeypatch.setattr(warmup.subprocess, "Popen", _fake_popen(started, status))

    def say(text: str) -> None:
        said.append(text)
        if len(said) == 2:
            done.set()

    monkeypatch.setattr(warmup, "simulator_ready", lambda game: True)
    assert warmup.start_in_background(say=say) is None
    assert started == [] and said == []

    monkeypatch.setattr(warmup, "simulator_ready", lambda game: game != "lords_of_vegas")
    assert warmup.start_in_background(say=say) is not None
    assert started == [[sys.executable, "-m", "vegas_tutor.warmup", "--nice", str(warmup.WARMUP_NICE)]]
    assert done.wait(10)
    assert said[0] == "vegas-tutor: preparing the fast simulators (first start only)…"
    if status == 0:
        assert said[1].startswith("vegas-tutor: fast simulators ready after ") and said[1].endswith(" s")
    else:
        assert said[1].startswith("vegas-tutor: preparing the fast simulators failed (see ")


def test_the_server_launches_the_warm_up_and_does_not_wait_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []

    class FakeVoila:
        @classmethod
        def launch_instance(cls, argv: list[str]) -> None:
            order.append("server")

    monkeypatch.setattr(cli, "_app_class", lambda: FakeVoila)
    monkeypatch.setattr(warmup, "start_in_background", lambda: order.append("warm-up"))
    assert cli.main(["--no-browser", "--port", "9002"]) == 0
    assert order == ["warm-up", "server"]


def test_the_warm_up_lowers_its_own_priority(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # a lock of its own, whatever else runs
    niced: list[int] = []
    monkeypatch.setattr(warmup.os, "nice", niced.append)
    monkeypatch.setattr(warmup, "warm_up", lambda games, say: 0.0)
    monkeypatch.setattr(warmup, "simulator_ready", lambda game: True)
    assert warmup.main(["--nice", "7", "--game", "liars_dice"]) == 0
    assert niced == [7]
    assert "warm-up done in 0.0 s" in capsys.readouterr().out


HOLD_THE_LOCK = """
import sys
from vegas_tutor import warmup
with warmup.holding_the_lock():
    print("holding", flush=True)
    sys.stdin.readline()
"""


def test_a_second_warm_up_waits_for_the_first_ones_lock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # a lock of this test's own
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK], env=env, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    acquired = threading.Event()

    def second() -> None:
        with warmup.holding_the_lock():
            acquired.set()

    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        thread = threading.Thread(target=second, daemon=True)
        thread.start()
        assert not acquired.wait(0.3)  # the first warm-up still runs
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)
    assert acquired.wait(10)  # ...and once it ended, the second goes on
    thread.join(10)
