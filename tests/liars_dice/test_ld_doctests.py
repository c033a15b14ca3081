"""The examples in the Liar's Dice docstrings run and hold."""

import doctest
import importlib

import pytest

MODULES = ["", ".track", ".actions", ".engine", ".odds", ".policies", ".simulate", ".scenarios"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module("vegas_tutor.liars_dice" + name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
