"""A move's path and a magical move's path read alike (order_data.read_sectors): a list of
sectors or one string of them, each named as the engine names it, the reserve included."""
from __future__ import annotations

import pytest

from battles.sector.adapters import round_orders_from_data
from rules.errors import RuleViolation


def test_a_move_and_a_magical_move_read_their_paths_alike():
    given = round_orders_from_data({
        "moves": {"unit-a": " c2 Reserve", "unit-b": ["b1", "B2"]},
        "spells": {"caster-a": {"spell": "haste", "unit": "unit-c", "path": "d2 d3"}}})
    assert given.moves == {"unit-a": ("C2", "reserve"), "unit-b": ("B1", "B2")}
    assert given.spells["caster-a"].path == ("D2", "D3")


@pytest.mark.parametrize("path", [5, ["C2", 3], ["C2", " "], {"C2": "C3"}])
def test_a_path_that_is_not_a_list_of_sectors_is_refused_at_its_field(path):
    with pytest.raises(RuleViolation) as refused:
        round_orders_from_data({"moves": {"unit-a": path},
                                "spells": {"caster-a": {"spell": "haste", "path": path}}})
    assert {(v.code, v.field) for v in refused.value.violations} == {
        ("not_a_path", "moves.unit-a"), ("not_a_path", "spells.caster-a.path")}
