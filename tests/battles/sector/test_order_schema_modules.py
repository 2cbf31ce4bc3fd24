"""The orders' schema takes seed 001's parts in their full shape (what passes is what is stored,
and what the adapters then read), and refuses each in its phase's wrong round."""
from __future__ import annotations

import pytest
from rest_framework.exceptions import ValidationError

from battles.sector.adapters import deployment_from_data, round_orders_from_data
from battles.sector.order_schema import validated_orders

PHASE_0 = {
    "placements": {"unit-a": "C1"},
    "standing": {"unit-a": [{"kind": "advance_to", "target": "C2"}, {"kind": "shoot_nearest"}]},
    "ambushes": {"unit-b": {"sector": "B2", "name": "The wolves of the wood"}},
    "traps": {"trap-1": {"name": "Pits", "sectors": ["A1", "B1", "C2"], "real": 2}},
}
ROUND = {
    "moves": {"unit-a": ["C2"]},
    "standing": {"unit-a": [{"kind": "shoot", "target": "unit-z"}, {"kind": "hold"}]},
    "markers": {"ambush-1": {"paths": [["B2"], [], ["C2", "C3"]], "true": 1}},
    "scouts": ["unit-c"],
    "artifacts": {"caster-g": {"artifact": "artifact-h", "target": "C2"}, "caster-w": None},
    "reveal_first": ["C2", "B3"],
}


@pytest.mark.parametrize(("number", "orders", "read"), [
    (0, PHASE_0, deployment_from_data), (1, ROUND, round_orders_from_data)])
def test_the_full_shape_passes_as_given_and_reads(number, orders, read):
    assert validated_orders(orders, round_number=number) == orders
    read(orders)


@pytest.mark.parametrize(("number", "orders"), [(1, PHASE_0), (0, ROUND)])
def test_each_phases_parts_are_refused_in_the_other(number, orders):
    with pytest.raises(ValidationError) as refused:
        validated_orders(orders, round_number=number)
    other = {"placements", "ambushes", "traps"} if number else {
        "moves", "markers", "scouts", "artifacts", "reveal_first"}
    assert set(refused.value.detail) == other
