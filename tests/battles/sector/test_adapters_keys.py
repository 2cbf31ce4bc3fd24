"""Engine keys of a sector battle's units and casters: the two tables' ids overlap, the keys
never do, so an order always names the unit or caster it was given to; and a key tells a player
nothing about the rows behind it (how many there are, which one a side cannot see)."""
from __future__ import annotations

import re

import pytest
from factories import SectorBattleFactory, SectorCasterFactory, SectorUnitFactory

from battles.sector.adapters import caster_key, initial_state, unit_key, units_by_key
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
    assert unit.key == unit_key(guard) != caster.key == caster_key(battle.casters.get())
    assert caster.unit == unit.key


def test_the_orders_summary_names_the_unit_not_the_caster(battle_with_shared_ids):
    battle, guard = battle_with_shared_ids
    names = order_names(state_data(initial_state(battle)))
    lines = order_lines(0, {"placements": {unit_key(guard): "C1"}}, names)
    assert lines == ["Tatzlford Guard deploys in C1."]


def test_a_key_gives_away_no_row_id():
    battle = SectorBattleFactory()
    units = [SectorUnitFactory(battle=battle) for _ in range(3)]
    keys = [unit_key(u) for u in units]
    assert all(re.fullmatch(r"unit-[0-9a-f]{12}", key) for key in keys)
    assert not any(key.endswith(str(u.pk)) for key, u in zip(keys, units, strict=True))
    # Another battle's unit of the same id keys differently.
    assert unit_key(SectorUnitFactory.build(pk=units[0].pk, battle_id=battle.pk + 1)) != keys[0]


def test_the_admin_finds_a_unit_by_its_key_and_by_an_older_records_keys():
    battle = SectorBattleFactory()
    guard = SectorUnitFactory(battle=battle)
    found = units_by_key(battle)
    assert found[unit_key(guard)] == guard == found[str(guard.pk)] == found[f"unit-{guard.pk}"]
