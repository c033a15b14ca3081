"""The examples in the Lords of Vegas tutor modules' docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["", ".intents", ".projection", ".odds_panel", ".board", ".stepper"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"vegas_tutor.tutor.lords_of_vegas{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
