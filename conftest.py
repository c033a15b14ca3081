"""Every test run (unit, notebook and browser tests, and the kernels and servers they start) treats a
message without Spanish words as an error, not an English fallback (see ``vegas_tutor.i18n``)."""

import os

os.environ.setdefault("VEGAS_TUTOR_STRICT_WORDS", "1")  # VEGAS_TUTOR_STRICT_WORDS=0 while translating
