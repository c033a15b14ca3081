"""The error types every engine raises. All are ``ValueError``s, so callers may catch broadly."""


class VegasTutorError(ValueError):
    """Base class of every error the tutor raises on bad input."""


class IllegalActionError(VegasTutorError):
    """A well-formed action that the rules do not allow in this state."""


class InvalidActionError(VegasTutorError):
    """A malformed action: wrong type, out-of-range value, unparsable text."""


class ConfigError(VegasTutorError):
    """Impossible game settings (player count, dice count, variant)."""


class RecordError(VegasTutorError):
    """A saved game that is corrupt, tampered with, or from another game or version."""
