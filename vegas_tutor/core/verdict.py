"""The coaches' verdict on a decision, shared by the three games (each with its own thresholds and unit).

>>> judge(0.5, good=1, mistake=3), judge(1, good=1, mistake=3), judge(3, good=1, mistake=3)
('good', 'inaccuracy', 'mistake')
"""

from __future__ import annotations

from typing import Literal

Verdict = Literal["good", "inaccuracy", "mistake"]


def judge(loss: float, *, good: float, mistake: float) -> Verdict:
    """``good`` below ``good`` lost, ``mistake`` from ``mistake`` on, ``inaccuracy`` between."""
    if loss < good:
        return "good"
    return "inaccuracy" if loss < mistake else "mistake"
