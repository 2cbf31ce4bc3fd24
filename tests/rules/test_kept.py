"""rules.kept: a table of kept values stays within its limit, emptied when full."""
from __future__ import annotations

from rules.kept import Kept


def test_a_full_table_is_emptied_before_it_keeps_another_value():
    kept: Kept[str, int] = Kept(2)
    assert kept.keep("a", 1) == 1
    kept.keep("b", 2)
    assert kept == {"a": 1, "b": 2}
    assert kept.keep("c", 3) == 3
    assert kept == {"c": 3} and kept.get("a") is None
