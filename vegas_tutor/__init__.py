"""vegas-tutor: rules engines, live odds and interactive lessons for three dice games.

The games live in their own subpackages (``vegas_tutor.las_vegas`` and friends); what they share
is in ``vegas_tutor.core``.
"""

__version__ = "0.1.0"
