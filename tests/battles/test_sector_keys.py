"""Engine keys of a sector battle's units and casters: the two tables' ids overlap, the keys
never do, so an order always names the unit or caster it was given to."""
from __future__ import annotations

import pytest
from factories import SectorBattleFactory, SectorCasterFactory, SectorUnitFactory

from battles.sector.adapters import caster_key, initial_state, unit_id, unit_key
from battles.sector.labels import order_lines, order_names
from rules.cerilia.state import state_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle_with_shared_ids():
    """A unit and a caster whose rows have the same id, the caster standing with the unit."""
    battle = SectorBattleFactory()
    guard = SectorUnitFactory(battle=battle, name="Tatzlford Guard")
    SectorCasterFactory(pk=guard.pk, battle=battle, name="Magus Ilya", unit=guard)
    return battle, guard


def test_a_unit_and_a_caster_with_one_id_have_different_keys(battle_with_shared_ids):
    battle, guard = battle_with_shared_ids
    state = initial_state(battle)
    (unit,), (caster,) = state.units, state.casters
    assert unit.key == unit_key(guard.pk) != caster.key == caster_key(guard.pk)
    assert caster.unit == unit.key


def test_the_orders_summary_names_the_unit_not_the_caster(battle_with_shared_ids):
    battle, guard = battle_with_shared_ids
    names = order_names(state_data(initial_state(battle)))
    lines = order_lines(0, {"placements": {unit_key(guard.pk): "C1"}}, names)
    assert lines == ["Tatzlford Guard deploys in C1."]


@pytest.mark.parametrize(("key", "row"), [("unit-12", 12), ("12", 12), ("legion-2-caster-5", None),
                                          ("caster-12", None)])
def test_a_key_leads_back_to_its_unit_row(key, row):
    # Records from before the prefixes keyed units by their bare ids; summoned units have no row.
    assert unit_id(key) == row
