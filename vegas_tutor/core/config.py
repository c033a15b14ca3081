"""Checks shared by the games' settings (each game's frozen ``Config`` validates itself once)."""

from __future__ import annotations

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import _


def whole_number(value: object, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number in ``low..high`` (not a bool); else :class:`ConfigError`.

    ``what`` names the setting in the language in force (a translated text).

    >>> whole_number(3, "players", 2, 5)
    3
    >>> whole_number(True, "players", 2, 5)
    Traceback (most recent call last):
    ...
    vegas_tutor.core.errors.ConfigError: players must be a whole number from 2 to 5, not True
    """
    if not is_int(value) or not low <= value <= high:
        raise ConfigError(_("{what} must be a whole number from {low} to {high}, not {value!r}", what=what, low=low,
                             high=high, value=value))
    return value
