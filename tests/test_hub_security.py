"""The class JupyterHub, installed and running: what learner A can reach (deploy/jupyterhub/check_security.py).

Skipped unless ``VEGAS_TUTOR_HUB_PREFIX`` names a folder where ``deploy/jupyterhub/install.sh`` installed the
hub (CI installs no JupyterHub) and the test runs as root (it starts the hub as its own user, ``vthub``).
Starts a fresh hub on loopback with the teacher's account made first, signs up two learners and runs every
probe of ``check_security.py`` against it with raw HTTP and a lesson kernel's websocket: each must be
refused, and the lesson must still play.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from installed_hub import needs_installed_hub

HERE = Path(__file__).resolve().parent
pytestmark = [
    needs_installed_hub,
    pytest.mark.skipif(os.geteuid() != 0, reason="starting the hub as its own user and probing it needs root"),
]


def test_learner_a_reaches_the_lessons_and_nothing_else() -> None:
    sys.path.insert(0, str(HERE.parent / "deploy" / "jupyterhub"))
    import check_security
    from run_load import Hub

    hub = Hub(kernel_idle=600)
    try:
        results = check_security.probes(hub)
    finally:
        hub.stop()
    exposed = [f"{what}: {seen}" for what, ok, seen in results if not ok]
    assert not exposed, f"exposed (hub log in {hub.folder}):\n" + "\n".join(exposed)
    probed = {what for what, _ok, _seen in results}
    assert "A: open a terminal" in probed and "A's kernel reads the hub's database" in probed
    assert "the hub runs as its own user, not root" in probed
    assert "a sign-up under the teacher's name logs in as the teacher" in probed
    assert len(results) >= 40
