"""A cache bounded by the memory its results hold, for numpy tables a kernel reuses while a game goes on.

``functools.lru_cache`` bounds the number of entries; a table of a Liar's Dice rival's 252 count patterns holds
about 1 MB, so a few hundred entries would take a lesson kernel past its memory budget. Here the least recently
used results are dropped once the results kept hold more than ``max_bytes``.

>>> import numpy as np
>>> @bounded_cache(max_bytes=1_600, size=lambda a: a.nbytes)
... def zeros(n: int) -> np.ndarray:
...     return np.zeros(n)
>>> _ = zeros(100), zeros(100), zeros(50), zeros(100)  # 800 + 400 bytes kept
>>> zeros.cache_info()
(2, 2, 1200)
>>> _ = zeros(80)  # 640 more: the least recently used (50) goes
>>> zeros.cache_info()
(2, 3, 1440)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class BoundedCache(Generic[P, R]):
    """``fn`` with its results kept by their arguments (hashable, positional or by name), the least recently used
    dropped past ``max_bytes`` (each result's ``size``). Safe to call from several threads."""

    def __init__(self, fn: Callable[P, R], max_bytes: int, size: Callable[[R], int]) -> None:
        self.__wrapped__ = fn
        self.__doc__ = fn.__doc__
        self._max, self._size = max_bytes, size
        self._kept: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        self._bytes = self._hits = self._misses = 0
        self._lock = threading.Lock()

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key = (args, tuple(sorted(kwargs.items())))
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                self._hits += 1
                return kept[0]
            self._misses += 1
        result = self.__wrapped__(*args, **kwargs)
        nbytes = self._size(result)
        with self._lock:
            if key not in self._kept:
                self._kept[key] = result, nbytes
                self._bytes += nbytes
            while self._bytes > self._max and len(self._kept) > 1:
                _old, (_result, dropped) = self._kept.popitem(last=False)
                self._bytes -= dropped
        return result

    def cache_info(self) -> tuple[int, int, int]:
        """(hits, misses, bytes held now)."""
        return self._hits, self._misses, self._bytes

    def cache_clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._bytes = self._hits = self._misses = 0


def bounded_cache(max_bytes: int, size: Callable[[R], int]) -> Callable[[Callable[P, R]], BoundedCache[P, R]]:
    """Decorator: :class:`BoundedCache` of the function."""

    def wrap(fn: Callable[P, R]) -> BoundedCache[P, R]:
        return BoundedCache(fn, max_bytes, size)

    return wrap
