"""A least-recently-used cache bounded by the memory of what it holds, not its length.

A cache of 256 distributions is a few kilobytes when they are ``2d6`` and gigabytes when
they are ``1000d1000``; what bounds a long-running process is bytes. Each entry is put
with its size (:func:`distribution_bytes` for a distribution), and the least recently
used entries go until the total fits; an entry larger than the whole budget is not kept.
Safe to share between threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

from tablekeeper.dice.distribution import Distribution

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

ENTRY_BYTES = 120
"""What one outcome of a distribution costs besides its weight: the key, the dict slot,
the fraction-free int object."""


def distribution_bytes(distribution: Distribution) -> int:
    """About how many bytes ``distribution`` holds (its weights at most as wide as its
    total)."""
    return 200 + len(distribution) * (ENTRY_BYTES + distribution.total_weight.bit_length() // 8)


class SizedCache(Generic[K, V]):
    """An LRU of at most ``max_bytes`` bytes of values."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    @property
    def bytes(self) -> int:
        """The bytes held now."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        """The value kept under ``key`` (now the most recently used), or ``None``.

        Without the lock: each ``OrderedDict`` step is atomic, and an entry another
        thread drops between the two is simply not found."""
        try:
            value = self._entries[key][0]
            self._entries.move_to_end(key)
        except KeyError:
            return None
        return value

    def put(self, key: K, value: V, size: int) -> None:
        """Keep ``value`` under ``key``, forgetting the least recently used entries until
        everything fits (a value larger than the budget is not kept)."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            if size > self.max_bytes:
                return
            self._entries[key] = (value, size)
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._entries.clear()
            self._bytes = 0
