"""Each game's strategy lab lives in its tutor package (``vegas_tutor.tutor.<game>.lab``); the old modules
``vegas_tutor.tutor.lab_<game>`` are aliases that lessons written before the move still import."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

GAMES = ("las_vegas", "liars_dice", "lords_of_vegas")


@pytest.mark.parametrize("game", GAMES)
def test_the_old_module_re_exports_the_lab(game: str) -> None:
    new = importlib.import_module(f"vegas_tutor.tutor.{game}.lab")
    old = importlib.import_module(f"vegas_tutor.tutor.lab_{game}")
    assert old.__all__ and all(getattr(old, name) is getattr(new, name) for name in old.__all__)
    assert old.strategy_lab is new.strategy_lab and old.convergence_lab is new.convergence_lab


def test_the_lords_of_vegas_lab_page_does_not_load_the_board_or_numba() -> None:
    code = ("import sys, vegas_tutor.tutor.lords_of_vegas.lab; "
            "print('numba' in sys.modules, 'vegas_tutor.tutor.lords_of_vegas.board' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
