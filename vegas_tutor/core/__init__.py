"""What the three games share: errors, seeded dice, saved records, scenarios.

The names are imported on first use: :mod:`vegas_tutor.i18n` (which the modules here use for their words)
needs :mod:`vegas_tutor.core.errors` alone, so importing it first must not load the rest of this package.

>>> from vegas_tutor.core import make_rng, RecordError
>>> RecordError.__mro__[1].__name__, int(make_rng(1).integers(6)) in range(6)
('VegasTutorError', True)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vegas_tutor.core.dice import Rng, make_rng, roll_counts, roll_outcomes
    from vegas_tutor.core.errors import (
        ConfigError,
        IllegalActionError,
        InvalidActionError,
        RecordError,
        VegasTutorError,
    )
    from vegas_tutor.core.record import dump_record, load_record
    from vegas_tutor.core.scenario import Scenario, Step

__all__ = [
    "ConfigError",
    "IllegalActionError",
    "InvalidActionError",
    "RecordError",
    "Rng",
    "Scenario",
    "Step",
    "VegasTutorError",
    "dump_record",
    "load_record",
    "make_rng",
    "roll_counts",
    "roll_outcomes",
]

_HOMES = {
    **dict.fromkeys(("Rng", "make_rng", "roll_counts", "roll_outcomes"), "dice"),
    **dict.fromkeys(("ConfigError", "IllegalActionError", "InvalidActionError", "RecordError", "VegasTutorError"),
                    "errors"),
    **dict.fromkeys(("dump_record", "load_record"), "record"),
    **dict.fromkeys(("Scenario", "Step"), "scenario"),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
