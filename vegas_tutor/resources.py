"""Where the bundled lessons and widget front ends live, installed or in a source checkout.

A wheel carries them inside the package (``vegas_tutor/_data/lessons`` and ``vegas_tutor/_data/widgets``,
force-included by ``pyproject.toml``); an editable install or a plain checkout uses the repository's own
``lessons/`` and ``widgets/`` folders next to the package.

>>> lessons_dir().name
'lessons'
>>> (lessons_dir() / "index.ipynb").is_file()
True
"""

from __future__ import annotations

import re
from pathlib import Path

from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _

PACKAGE_DIR = Path(__file__).resolve().parent
"""The installed ``vegas_tutor`` package folder."""

BUNDLED_DATA_DIR = PACKAGE_DIR / "_data"
"""Where a wheel puts ``lessons/`` and ``widgets/``."""

SOURCE_ROOT = PACKAGE_DIR.parent
"""The repository root when running from a checkout (editable install or ``PYTHONPATH``)."""

LANDING_NOTEBOOK = "index.ipynb"
"""The landing page, inside the lessons folder."""

LESSON_NAME = re.compile(r"^(?P<game>\d\d)\.(?P<step>\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.ipynb$")
"""A lesson's file name: ``NN.MM-kebab-title.ipynb`` (NN the game, MM its place in that game's lessons)."""


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"lessons"`` or ``"widgets"``): bundled copy first, else the checkout's.

    Raises ``ConfigError`` naming both places looked at when neither exists.
    """
    if name not in ("lessons", "widgets"):
        raise ConfigError(_("unknown data folder {name!r}: expected 'lessons' or 'widgets'", name=name))
    candidates = (BUNDLED_DATA_DIR / name, SOURCE_ROOT / name)
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise ConfigError(_("the {name}/ folder is missing: looked in {first} and {second}; reinstall vegas-tutor",
                        name=name, first=candidates[0], second=candidates[1]))


def lessons_dir() -> Path:
    """The folder of lesson notebooks (with ``index.ipynb``) that ``vegas-tutor`` serves."""
    return data_dir("lessons")


def widgets_dir() -> Path:
    """The folder of widget front ends (plain ES modules and CSS files)."""
    return data_dir("widgets")


def widget_file(filename: str) -> Path:
    """One front-end file inside ``widgets/``, e.g. ``widget_file("las_vegas.js")`` for an ``_esm`` path.

    Raises ``ConfigError`` when the file is absent or the name tries to leave the folder.
    """
    folder = widgets_dir()
    path = (folder / filename).resolve()
    if folder.resolve() not in path.parents:
        raise ConfigError(_("widget file {filename!r} is outside {folder}", filename=filename, folder=folder))
    if not path.is_file():
        raise ConfigError(_("widget file {filename!r} not found in {folder}", filename=filename, folder=folder))
    return path


def lesson_names(folder: Path) -> list[str]:
    """The lesson notebooks in ``folder``, in course order (by file name); other files are left out."""
    return sorted(path.name for path in folder.glob("*.ipynb") if LESSON_NAME.match(path.name))
