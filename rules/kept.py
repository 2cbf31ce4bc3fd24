"""Tables of frozen values an engine works out once and finds again (the runs of `battle_odds`
fight one setup thousands of times): each bounded, emptied when full, so a long-running worker's
memory stays flat."""
from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(dict[K, V]):
    """A dict of kept values, found with `get` and added with `keep`."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Keep `value` under `key`, the table emptied first if it is full; returns `value`."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
