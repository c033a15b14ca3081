"""The repo's ``tools/lesson_nav.py`` (it is no package module) loaded once, as ``lesson_nav``, for the tests
of the landing page, the lessons' navigation and the teacher's pages: ``from lesson_nav_tool import nav``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    loaded = sys.modules.get("lesson_nav")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("lesson_nav", REPO / "tools" / "lesson_nav.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["lesson_nav"] = module
    spec.loader.exec_module(module)
    return module


nav = _load()
