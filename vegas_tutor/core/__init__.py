"""What the three games share: errors, seeded dice, exact distributions, saved records, scenarios."""

from vegas_tutor.core.dice import Rng, make_rng, roll_counts, roll_outcomes
from vegas_tutor.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    VegasTutorError,
)
from vegas_tutor.core.exact import Distribution, binomial, convolve, expectation, tail_at_least
from vegas_tutor.core.record import dump_record, load_record
from vegas_tutor.core.scenario import Scenario, Step

__all__ = [
    "ConfigError",
    "Distribution",
    "IllegalActionError",
    "InvalidActionError",
    "RecordError",
    "Rng",
    "Scenario",
    "Step",
    "VegasTutorError",
    "binomial",
    "convolve",
    "dump_record",
    "expectation",
    "load_record",
    "make_rng",
    "roll_counts",
    "roll_outcomes",
    "tail_at_least",
]
