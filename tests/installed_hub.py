"""The class hub that ``deploy/jupyterhub/install.sh`` installed, for the tests that run against it.

``VEGAS_TUTOR_HUB_PREFIX`` names its folder; CI installs no hub, so those tests skip there with
:data:`needs_installed_hub`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PREFIX = os.environ.get("VEGAS_TUTOR_HUB_PREFIX")
PYTHON = Path(PREFIX or "/nonexistent") / "venv" / "bin" / "python"
"""The installed hub's Python (JupyterHub, its authenticator and spawner, vegas-tutor)."""

needs_installed_hub = pytest.mark.skipif(
    not PREFIX or not (Path(PREFIX) / "venv" / "bin" / "jupyterhub").is_file(),
    reason="set VEGAS_TUTOR_HUB_PREFIX to a hub installed by deploy/jupyterhub/install.sh")
