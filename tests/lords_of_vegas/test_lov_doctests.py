"""The examples in the Lords of Vegas docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "__init__", "actions", "board", "casinos", "chance", "engine", "explain", "odds", "positions", "rules",
    "scenarios", "trades",
]  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(
        "vegas_tutor.lords_of_vegas" if name == "__init__" else f"vegas_tutor.lords_of_vegas.{name}"
    )
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
