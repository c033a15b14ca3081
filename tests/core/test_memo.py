"""The cache bounded by the bytes its results hold."""

import threading

import numpy as np

from vegas_tutor.core.memo import bounded_cache


def test_results_are_kept_by_their_arguments_and_the_least_recently_used_go_past_the_bound() -> None:
    calls: list[tuple[int, int]] = []

    @bounded_cache(max_bytes=3_000, size=lambda a: a.nbytes)
    def table(n: int, fill: int = 0) -> np.ndarray:
        calls.append((n, fill))
        return np.full(n, fill, dtype=np.int64)

    a = table(100)
    assert table(100) is a and table(n=100) is not None and len(calls) == 2  # by name: another key
    b = table(100, fill=1)
    assert table(100, fill=1) is b and len(calls) == 3
    assert table.cache_info() == (2, 3, 2_400)
    table(100)  # a is used again: b is now the least recently used
    table(200)  # 1,600 more bytes: past 3,000, the by-name entry goes, then b
    assert table.cache_info()[2] <= 3_000
    assert table(100) is a and table(100, fill=1) is not b
    big = table(1_000)  # bigger than the bound alone: returned, and kept until the next result
    assert big.nbytes == 8_000 and table.cache_info()[2] == 8_000 and table(1_000) is big
    table(10)
    assert table.cache_info()[2] == 80
    table.cache_clear()
    assert table.cache_info() == (0, 0, 0)


def test_threads_share_it_and_the_bound_holds() -> None:
    @bounded_cache(max_bytes=4_000, size=lambda a: a.nbytes)
    def table(n: int) -> np.ndarray:
        return np.arange(n)

    seen: list[bool] = []

    def work(offset: int) -> None:
        for k in range(300):
            n = (k * 7 + offset) % 60 + 1
            seen.append(bool((table(n) == np.arange(n)).all()))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 1_200 and all(seen)
    hits, misses, held = table.cache_info()
    assert hits + misses == 1_200 and held <= 4_000
