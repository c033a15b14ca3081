"""The former home of the lessons' own Lords of Vegas step-throughs, kept for old imports: they live with the
rulebook's in :mod:`vegas_tutor.lords_of_vegas.scenarios` now."""

from vegas_tutor.lords_of_vegas.scenarios import EXAMPLES, market_position

__all__ = ["EXAMPLES", "market_position"]
