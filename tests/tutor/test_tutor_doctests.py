"""The examples in the tutor modules' docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["intents", "messages", "stepping", "projection", "board", "stepper", "walkthrough", "question", "notebook"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"vegas_tutor.tutor.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_package_docstring_example() -> None:
    import vegas_tutor.tutor

    result = doctest.testmod(vegas_tutor.tutor)
    assert result.failed == 0 and result.attempted > 0
