"""Compile the games' numba simulators once per install, and tell cheaply whether that has been done.

The fast paths (:mod:`vegas_tutor.las_vegas.simulate`, :mod:`vegas_tutor.lords_of_vegas.compiled`,
:mod:`~vegas_tutor.lords_of_vegas.bots_compiled`, :mod:`~vegas_tutor.lords_of_vegas.simulate`) are
``numba.njit(cache=True)``: the first process to call one compiles it (tens of CPU-seconds for a game) and
leaves the machine code in numba's on-disk cache, which every later process loads in a fraction of a second.
``python -m vegas_tutor.warmup`` runs every compiled function of the three games once so that the cost is paid
at install or server start, not by a learner's first roll. Liar's Dice has no compiled code.

:func:`simulator_ready` answers without importing numba: it finds the cache files where numba would look
(``NUMBA_CACHE_DIR``, else the package's ``__pycache__`` when writable, else the per-user cache directory
``$XDG_CACHE_HOME/numba`` or ``~/.cache/numba``), and checks each index was written by this numba version for
the source file as installed (numba keys its cache on a hash of the source). A non-editable install whose
site-packages is read-only thus caches per user, the same folder for the server and its kernels.

A running warm-up holds a file lock (:func:`lock_path`), so a second one (two servers started together)
waits for it and then finds everything cached. A kernel that needs compiled code while the warm-up runs does
not wait for it: it compiles what is not cached yet alongside, each finished function going to numba's cache
for everyone. Measured (bench/bench_cold_start.py on a loaded 2-core machine), waiting for the low-priority
warm-up took 3 to 4 times longer than compiling alongside it.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import hashlib
import importlib.metadata
import math
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

GAMES: tuple[str, ...] = ("las_vegas", "liars_dice", "lords_of_vegas")
"""The games, as :func:`simulator_ready` and ``--game`` name them."""

_PACKAGE = Path(__file__).resolve().parent
_COMPILED_MODULES: dict[str, tuple[str, ...]] = {
    "las_vegas": ("las_vegas/simulate.py", "las_vegas/playouts.py"),
    "liars_dice": (),
    "lords_of_vegas": ("lords_of_vegas/compiled.py", "lords_of_vegas/bots_compiled.py", "lords_of_vegas/simulate.py",
                       "lords_of_vegas/search.py"),
}
"""Per game, the package's source files holding numba functions (decorated ``@_jit`` or ``@c._jit``)."""


def _module_name(relative: str) -> str:
    return "vegas_tutor." + relative.removesuffix(".py").replace("/", ".")


@functools.cache
def _jitted(path: Path, mtime_ns: int, size: int) -> tuple[tuple[str, int], ...]:
    """``(name, first line)`` of each top-level numba function in ``path``, as numba names its cache files."""
    del mtime_ns, size  # part of the memo key only: a changed file is read again
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            decorator = node.decorator_list[0]
            name = decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", "")
            if name == "_jit":
                # The code object's first line, which numba uses, is the first decorator's line.
                found.append((node.name, decorator.lineno))
    return tuple(found)


@functools.cache
def _source_hash(path: Path, mtime_ns: int, size: int) -> bytes:
    del mtime_ns, size
    return hashlib.sha256(path.read_bytes()).digest()


def _writable_dir(path: Path) -> bool:
    """True when numba could create (or use) ``path`` as its cache directory."""
    while not path.exists():
        if path.parent == path:
            return False
        path = path.parent
    return path.is_dir() and os.access(path, os.W_OK | os.X_OK)


def _user_cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "numba"


def _subpath(source: Path) -> str:
    folder = str(source.parent)
    return f"{source.parent.name}_{hashlib.sha1(folder.encode()).hexdigest()}"


def cache_dir(source: Path) -> Path | None:
    """Where numba keeps (or will keep) the cache of the functions in ``source``, or None if nowhere."""
    configured = os.environ.get("NUMBA_CACHE_DIR", "")
    candidates = []
    if configured:
        candidates.append(Path(configured) / _subpath(source))
    candidates.append(source.parent / "__pycache__")
    candidates.append(_user_cache_root() / _subpath(source))
    for candidate in candidates:
        if _writable_dir(candidate):
            return candidate
    return None


class _Opaque:
    """Stands in for any class an index pickles (numba's types), so reading one needs no numba import."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def __call__(self, *args: object, **kwargs: object) -> _Opaque:
        return _Opaque()

    def __setstate__(self, state: object) -> None:
        pass


class _IndexReader(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in {"tuple", "list", "dict", "set", "frozenset", "str", "int", "bytes"}:
            return super().find_class(module, name)
        return _Opaque


def _index_entries(index: Path, version: str, stamp: bytes) -> int:
    """How many compiled versions the numba index file ``index`` offers for this numba and this source."""
    try:
        with index.open("rb") as f:
            if pickle.load(f) != version:
                return 0
            payload = f.read()
        import io

        saved_stamp, overloads = _IndexReader(io.BytesIO(payload)).load()
    except Exception:
        return 0
    if saved_stamp != stamp or not isinstance(overloads, dict):
        return 0
    return sum(1 for name in overloads.values() if isinstance(name, str) and (index.parent / name).is_file())


def _numba_version() -> str | None:
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        return None


def _loaded_here(relative: str) -> bool:
    """True when the module is imported in this process and every one of its numba functions has machine code."""
    module = sys.modules.get(_module_name(relative))
    if module is None:
        return False
    dispatchers = [value for value in vars(module).values()
                   if hasattr(value, "overloads") and hasattr(value, "py_func")
                   and getattr(value.py_func, "__module__", None) == module.__name__]
    return bool(dispatchers) and all(dispatcher.overloads for dispatcher in dispatchers)


def _cached_on_disk(relative: str, version: str) -> bool:
    """True when every numba function of ``relative`` has a cache entry numba would load."""
    source = _PACKAGE / relative
    st = source.stat()
    folder = cache_dir(source)
    if folder is None:
        return False
    stamp = _source_hash(source, st.st_mtime_ns, st.st_size)
    tag = f"py{sys.version_info[0]}{sys.version_info[1]}{getattr(sys, 'abiflags', '')}"
    stem = source.stem
    return all(_index_entries(folder / f"{stem}.{name}-{line}.{tag}.nbi", version, stamp) > 0
               for name, line in _jitted(source, st.st_mtime_ns, st.st_size))  # fmt: skip


def simulator_ready(game: str) -> bool:
    """True when ``game``'s compiled code needs no compiling in this process (loaded here, or fully cached).

    ``game`` is one of :data:`GAMES`. Cheap (reads a few small files, imports nothing heavy) and never raises:
    anything unexpected, including an unknown game, reads as not ready.
    """
    try:
        modules = _COMPILED_MODULES.get(game)
        if modules is None:
            return False
        if not modules:
            return True
        version = _numba_version()
        if version is None:
            return False
        return all(_loaded_here(relative) or _cached_on_disk(relative, version) for relative in modules)
    except Exception:
        return False


def all_ready() -> bool:
    """True when no game needs compiling."""
    return all(simulator_ready(game) for game in GAMES)


# --- compiling ---------------------------------------------------------------------------------------------


Step = tuple[str, Callable[[], object]]


def _las_vegas_steps() -> Iterator[Step]:
    from vegas_tutor.las_vegas import Roll, new_game
    from vegas_tutor.las_vegas.bots import choose_action
    from vegas_tutor.las_vegas.coach import evaluate
    from vegas_tutor.las_vegas.odds import bill_outlook, placement_odds
    from vegas_tutor.las_vegas.playouts import playout_games
    from vegas_tutor.las_vegas.simulate import simulate_games

    game = new_game(4, seed=0)
    game.apply(Roll(own=(3, 1, 1, 1, 1, 1)))
    for policy in ("random", "greedy"):
        yield f"placement odds ({policy})", functools.partial(placement_odds, game, policy=policy, exact=False)
        yield f"bill outlook ({policy})", functools.partial(bill_outlook, game, policy=policy, n=200, exact=False)
    yield "coach evaluation", functools.partial(evaluate, game, rollouts=200)
    yield "hard bot", functools.partial(choose_action, game, "hard", seed=0)
    yield "whole games (random)", functools.partial(simulate_games, 10, policy="random")
    yield "whole games (greedy, neutral dice)", functools.partial(simulate_games, 10, neutral=True, policy="greedy")
    yield "hard's playouts (whole games)", functools.partial(playout_games, 4, policy="leader")


def _lords_of_vegas_steps() -> Iterator[Step]:
    from vegas_tutor.core.dice import make_rng
    from vegas_tutor.lords_of_vegas import new_game
    from vegas_tutor.lords_of_vegas.bots import choose_action
    from vegas_tutor.lords_of_vegas.coach import review
    from vegas_tutor.lords_of_vegas.simulate import playout, playouts, simulate_games
    from vegas_tutor.lords_of_vegas.trade_coach import win_chance

    state = new_game(4, seed=0)
    while state.is_chance or len(state.legal_actions()) < 3:  # the first real decision
        state.apply(choose_action(state, "medium", seed=0))
    for level in ("easy", "medium"):
        yield f"{level} bot", functools.partial(choose_action, state, level, seed=0)
    yield "hard bot", functools.partial(choose_action, state, "hard", seed=0, budget=math.inf)
    yield "coach (its playouts)", functools.partial(review, state, state.legal_actions()[0])
    yield "coach on a trade (the standing's chance)", functools.partial(win_chance, state, 0)
    for policy in ("random", "easy", "medium"):
        yield f"whole games ({policy})", functools.partial(simulate_games, 4, policy=policy)
    yield "playouts", functools.partial(playouts, state.data(), 4)
    yield "one playout", functools.partial(playout, state.data(), make_rng(0))


_STEPS: dict[str, Callable[[], Iterator[Step]]] = {
    "las_vegas": _las_vegas_steps,
    "lords_of_vegas": _lords_of_vegas_steps,
}


def _compile_listener(say: Callable[[str], None]) -> Any:
    """A numba event listener printing each function numba compiles (not loads) and how long it took."""
    from numba.core import event

    class Printer(event.Listener):
        def __init__(self) -> None:
            self.started: dict[int, float] = {}

        def on_start(self, ev: Any) -> None:
            self.started[id(ev.data["dispatcher"])] = time.monotonic()

        def on_end(self, ev: Any) -> None:
            dispatcher = ev.data["dispatcher"]
            began = self.started.pop(id(dispatcher), time.monotonic())
            module = str(getattr(dispatcher.py_func, "__module__", ""))
            if module.startswith("vegas_tutor."):  # numba's own helpers compile too, inside ours
                name = f"{module.removeprefix('vegas_tutor.')}.{dispatcher.py_func.__name__}"
                say(f"    compiled {name} in {time.monotonic() - began:.1f} s (with what it calls)")

    return event.install_listener("numba:compile", Printer())


def warm_up(games: tuple[str, ...] = GAMES, *, say: Callable[[str], None] = print) -> float:
    """Compile (or load from numba's cache) every numba function of ``games``; return the seconds it took."""
    began = time.monotonic()
    for game in games:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: choose from {', '.join(GAMES)}")
        if game not in _STEPS:
            say(f"{game}: no compiled code")
            continue
        if simulator_ready(game):
            say(f"{game}: already compiled (numba cache)")
            continue
        say(f"{game}: compiling")
        with _compile_listener(say):
            for label, step in _STEPS[game]():
                start, cpu = time.monotonic(), time.process_time()
                step()
                say(f"  {game}: {label}: {time.monotonic() - start:.1f} s (CPU {time.process_time() - cpu:.1f} s)")
        say(f"{game}: {'ready' if simulator_ready(game) else 'NOT ready'}")
    return time.monotonic() - began


# --- one warm-up at a time --------------------------------------------------------------------------------

def lock_path() -> Path:
    """The lock a running warm-up holds: one per install and numba cache setting, in the temporary directory."""
    key = f"{_PACKAGE}|{os.environ.get('NUMBA_CACHE_DIR', '')}"
    return Path(tempfile.gettempdir()) / f"vegas-tutor-warmup-{hashlib.sha1(key.encode()).hexdigest()[:12]}.lock"


@contextlib.contextmanager
def holding_the_lock() -> Iterator[None]:
    """Hold the warm-up lock for the block (first waiting for another warm-up to finish, if one runs)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with lock_path().open("a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield


# --- in the background of the server ----------------------------------------------------------------------

WARMUP_NICE = 10
"""How much lower the background warm-up's priority is than the server's."""


def warmup_command() -> list[str]:
    """The command line of the background warm-up."""
    return [sys.executable, "-m", "vegas_tutor.warmup", "--nice", str(WARMUP_NICE)]


def start_in_background(*, say: Callable[[str], None] | None = None) -> subprocess.Popen[bytes] | None:
    """Start ``python -m vegas_tutor.warmup`` at low priority when some game is not ready; do not wait for it.

    ``say`` (default: standard error) gets "preparing the fast simulators (first start only)…" now and
    "ready after N s" when the warm-up ends; its own output goes to a log file in the temporary directory.
    Returns the process, or None when everything was ready (or the process could not start).
    """
    from vegas_tutor.i18n import _

    tell = say or (lambda text: print(text, file=sys.stderr, flush=True))
    if all_ready():
        return None
    log_path = Path(tempfile.gettempdir()) / f"vegas-tutor-warmup-{os.getpid()}.log"
    try:
        with log_path.open("wb") as log:  # the child keeps its own copy of the handle
            process = subprocess.Popen(warmup_command(), stdout=log, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL)  # fmt: skip
    except OSError as error:
        tell(_("vegas-tutor: could not prepare the fast simulators ahead ({error}): the first odds will be slow",
               error=error))  # fmt: skip
        return None
    tell(_("vegas-tutor: preparing the fast simulators (first start only)…"))
    began = time.monotonic()

    def report() -> None:
        status = process.wait()
        if status == 0:
            tell(_("vegas-tutor: fast simulators ready after {seconds} s", seconds=round(time.monotonic() - began)))
        else:
            tell(_("vegas-tutor: preparing the fast simulators failed (see {log})", log=str(log_path)))

    threading.Thread(target=report, name="vegas-tutor-warmup", daemon=True).start()
    return process


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vegas_tutor.warmup",
                                     description="Compile the games' numba simulators into numba's cache, once per "
                                                 "install, so that no learner waits for it.")  # fmt: skip
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="only this game (repeatable); default: all of them")  # fmt: skip
    parser.add_argument("--check", action="store_true",
                        help="compile nothing: print whether each game is ready and exit 0 when all are")
    parser.add_argument("--nice", type=int, default=0, help="lower this process's priority by this much first")
    args = parser.parse_args(argv)
    games = tuple(args.game or GAMES)
    if args.check:
        ready = {game: simulator_ready(game) for game in games}
        for game, ok in ready.items():
            print(f"{game}: {'ready' if ok else 'not ready'}")
        return 0 if all(ready.values()) else 1
    if args.nice > 0 and hasattr(os, "nice"):
        os.nice(args.nice)
    with holding_the_lock():
        took = warm_up(games, say=lambda text: print(text, flush=True))
    ok = all(simulator_ready(game) for game in games)
    print(f"warm-up {'done' if ok else 'INCOMPLETE'} in {took:.1f} s", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
