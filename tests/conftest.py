"""The tests' helper modules import by their plain names from any test folder: ``e2e_app`` (drive the served
app), ``own_servers`` (a test's own ``vegas-tutor``, class mode's address and requests) in ``tests/e2e/``, and
``lesson_nav_tool`` (the repo's ``tools/lesson_nav.py``, loaded once) here. Loading this file puts both folders
on the path, before any test module is imported."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in (HERE / "e2e", HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
