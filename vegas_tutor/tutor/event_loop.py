"""Whether code runs in a lesson's kernel, and that kernel's event loop: where a board defers its slower work.

A board answers a move at once and computes the odds, the coach's verdict and the class records after, on the
kernel's own loop (:func:`running_loop`). Outside a kernel (tests, scripts, benchmarks) there is no such loop,
even when another library runs one in the same process, and nothing is deferred.
"""

from __future__ import annotations

import asyncio


def in_kernel() -> bool:
    """Whether this process is a Jupyter kernel (a lesson's); elsewhere (tests, scripts) nothing is deferred."""
    from ipykernel.kernelbase import Kernel

    return bool(Kernel.initialized())


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from it (a widget message, a cell), else None: another library's
    loop running in a script or a test process (Playwright's, say) is not the kernel's."""
    if not in_kernel():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


__all__ = ["in_kernel", "running_loop"]
