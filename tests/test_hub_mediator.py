"""``deploy/jupyterhub/sudospawner-mediator``: sudospawner's own mediator, loaded without its package.

install.sh installs it as the hub venv's ``sudospawner`` (the program the sudoers rule lets the hub run as a
learner). Here it runs from a folder of the test's own, beside a link to the installed hub's Python and a
stand-in ``sudospawner-singleuser``: it answers the hub's JSON on standard input as the mediator does, finds
the program beside itself, and never imports JupyterHub's database layer. Skipped unless
``VEGAS_TUTOR_HUB_PREFIX`` names a hub installed by ``deploy/jupyterhub/install.sh``.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from installed_hub import PYTHON, needs_installed_hub

REPO = Path(__file__).resolve().parent.parent
pytestmark = needs_installed_hub


@pytest.fixture
def bin_dir(tmp_path: Path) -> Path:
    """A copy of the hub's venv layout: ``bin/python`` and the venv's packages, linked; the mediator beside."""
    venv = PYTHON.parent.parent
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "python").symlink_to(PYTHON)
    (tmp_path / "pyvenv.cfg").write_bytes((venv / "pyvenv.cfg").read_bytes())
    (tmp_path / "lib").symlink_to(venv / "lib")
    mediator = folder / "sudospawner"
    mediator.write_bytes((REPO / "deploy" / "jupyterhub" / "sudospawner-mediator").read_bytes())
    mediator.chmod(0o755)
    return folder


def ask(bin_dir: Path, request: dict[str, object]) -> dict[str, object]:
    answer = subprocess.run([str(bin_dir / "sudospawner"), "--logging=INFO"], input=json.dumps(request),
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 0, answer.stderr
    reply = json.loads(answer.stdout)
    assert isinstance(reply, dict)
    return reply


def test_it_answers_whether_a_process_is_alive(bin_dir: Path) -> None:
    assert ask(bin_dir, {"action": "kill", "pid": os.getpid(), "signal": 0}) == {"ok": True, "alive": True}
    gone = subprocess.Popen(["true"])
    gone.wait()
    assert ask(bin_dir, {"action": "kill", "pid": gone.pid, "signal": 0})["alive"] is False


def test_it_starts_the_program_beside_itself_with_the_hubs_arguments(bin_dir: Path, tmp_path: Path) -> None:
    marker = tmp_path / "started"
    server = bin_dir / "sudospawner-singleuser"
    server.write_text(f'#!/bin/sh\necho "$@" > {marker}\nsleep 3\n')
    server.chmod(0o755)
    reply = ask(bin_dir, {"action": "spawn", "args": ["--config=/etc/x.py"], "env": {"PATH": "/usr/bin:/bin"}})
    assert reply["ok"] is True and isinstance(reply["pid"], int)
    deadline = time.monotonic() + 10
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert marker.read_text().strip() == "--config=/etc/x.py"


def test_it_leaves_the_hubs_database_layer_alone(bin_dir: Path) -> None:
    """The point of the file: the package's ``__init__`` (JupyterHub's spawner, SQLAlchemy, Alembic) is never
    imported. ``-X importtime`` reaches the child through PYTHONPROFILEIMPORTTIME, which ``-I`` ignores, so the
    check reads the interpreter's own list of modules instead."""
    probe = bin_dir / "sudospawner"
    text = probe.read_text().replace("sys.exit(module.main())", "print(sorted(sys.modules))")
    probe.write_text(text)
    answer = subprocess.run([str(probe)], input="", capture_output=True, text=True, timeout=60)
    modules = answer.stdout
    assert "tornado" in modules  # the mediator ran its imports
    assert "sqlalchemy" not in modules and "jupyterhub" not in modules and "'sudospawner'" not in modules
