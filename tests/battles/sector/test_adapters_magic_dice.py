"""Seed 002's rows into the engine (002_eb4cf75b750af884.txt; issue 14, point 4): a unit card's
models (wounds per model, command group) and bound spells, a character's bound spells, the
battle's fixed pools and the spell catalog's casting values in the scenario; and the orders the
module adds (a spell's dice and magical move, bound spells, the dispel plan, an artifact's
dice) read from JSON, every malformed value a Violation naming its field."""
from __future__ import annotations

import pytest
from factories import SectorBattleFactory, SectorCasterFactory, SectorUnitFactory

from battles.sector.adapters import caster_key, initial_state, round_orders_from_data, unit_key
from battles.sector.models import UnitCard
from battles.sector.module_models import SpellCard
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.magic_dice import CASTING_VALUES, casting_value
from rules.cerilia.orders import ArtifactUse, BoundUse, DispelRule, SpellOrder
from rules.cerilia.spells import Spell
from rules.cerilia.state import TerrainKind, state_data, state_from_data
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db


def ogres() -> UnitCard:
    return UnitCard.objects.create(
        code="ogres", name="Ogres", melee=3, defense=2, morale=["sun"], movement=1, hits=3,
        wounds=3, champion=True, standard=True,
        bound=[{"spell": "fog", "power": "5/9"}])


def test_a_cards_models_command_group_and_bound_spells_reach_the_engine():
    # Seed 002, XI.6.A: «Заклинание с силой 5/9»; ranks.py: the hits are models with wounds.
    battle = SectorBattleFactory(modules=True)
    unit = SectorUnitFactory(battle=battle, card=ogres())
    magus = SectorCasterFactory(battle=battle, wounds=5, bound=[{"spell": "wall_of_fire",
                                                                 "power": "4/8"}])
    begun = initial_state(battle)
    card = next(u for u in begun.units if u.key == unit_key(unit)).card
    assert (card.hits, card.wounds, card.champion, card.standard, card.musician) == (
        3, 3, True, True, False)
    assert card.bound == (BoundSpell("fog", "5/9"),)
    character = next(c for c in begun.casters if c.key == caster_key(magus))
    assert character.bound == (BoundSpell("wall_of_fire", "4/8"),)
    # «…выше его стартового показателя»: the wounds the GM gave it are its start.
    assert (character.wounds, character.start_wounds) == (5, 5)
    assert state_from_data(state_data(begun)) == begun   # the stored state round-trips


def test_the_catalogs_casting_values_and_the_fixed_pools_reach_the_scenario():
    # Issue 14: "the GM edits casting values in the spell catalog"; reference: "The GM may set
    # a fixed number instead per scenario".
    assert SpellCard.objects.count() == len(Spell)
    assert all(SpellCard.objects.get(spell=s).casting_value == CASTING_VALUES[s] for s in Spell)
    battle = SectorBattleFactory(modules=True, power_dice=6, dispel_dice=4)
    assert initial_state(battle).scenario.casting_values == {}   # the defaults: nothing to add
    SpellCard.objects.filter(spell=Spell.FIRE_STORM).update(casting_value=12)
    scenario = initial_state(battle).scenario
    assert (scenario.power_dice, scenario.dispel_dice) == (6, 4)
    assert scenario.casting_values == {"fire_storm": 12}
    assert casting_value(scenario, "fire_storm") == 12
    assert casting_value(scenario, "fog") == CASTING_VALUES["fog"]
    begun = initial_state(battle)
    assert state_from_data(state_data(begun)).scenario == scenario


def test_without_the_module_the_scenario_stores_no_pools_or_values():
    # Issue 14: "off plays exactly as today": the stored scenario keeps its seed 000 shape.
    SpellCard.objects.filter(spell=Spell.FIRE_STORM).update(casting_value=12)
    battle = SectorBattleFactory(power_dice=6)
    data = state_data(initial_state(battle))["scenario"]
    assert not {"power_dice", "dispel_dice", "casting_values", "modules"} & set(data)


def test_the_magic_orders_read_into_the_engines():
    given = round_orders_from_data({
        "spells": {"caster-1": {"spell": "haste", "dice": 3, "path": ["c2", "C3"], "cell": 1,
                                "joins": "caster-2"}},
        "bound": [{"holder": "unit-1", "index": 1, "dice": 3, "sector": "C2"},
                  {"holder": "caster-2", "dice": 2, "terrain": "forest", "sector": "B2"}],
        "dispel": [{"spell": "fire_storm", "dice": 4, "at_least": 8}, {"dice": 2}],
        "artifacts": {"caster-2": {"artifact": "artifact-1", "target": "C2", "dice": 3}},
    })
    assert given.spells == {"caster-1": SpellOrder(Spell.HASTE, dice=3, path=("C2", "C3"),
                                                   cell=1, joins="caster-2")}
    assert given.bound == (BoundUse("unit-1", 1, 3, "C2"),
                           BoundUse("caster-2", 0, 2, "B2", terrain=TerrainKind.FOREST))
    assert given.dispel == (DispelRule("fire_storm", 4, 8), DispelRule("any", 2, 0))
    assert given.artifacts == {"caster-2": ArtifactUse("artifact-1", "C2", dice=3)}


@pytest.mark.parametrize(("data", "field"), [
    ({"spells": {"c": {"spell": "fog", "dice": "3"}}}, "spells.c.dice"),
    ({"spells": {"c": {"spell": "haste", "path": ["C2", " "]}}}, "spells.c.path"),
    ({"spells": {"c": {"spell": "haste", "path": 5}}}, "spells.c.path"),
    ({"spells": {"c": {"spell": "haste", "cell": True}}}, "spells.c.cell"),
    ({"spells": {"c": {"spell": "haste", "joins": ["x"]}}}, "spells.c.joins"),
    ({"bound": {"holder": "u"}}, "bound"),
    ({"bound": ["u"]}, "bound.0"),
    ({"bound": [{"dice": 2}]}, "bound.0.holder"),
    ({"bound": [{"holder": "u", "dice": 2.5}]}, "bound.0.dice"),
    ({"bound": [{"holder": "u", "index": "0"}]}, "bound.0.index"),
    ({"bound": [{"holder": "u", "terrain": "lava"}]}, "bound.0.terrain"),
    ({"dispel": [{"spell": "wish", "dice": 2}]}, "dispel.0.spell"),
    ({"dispel": [{"spell": None, "dice": 2}]}, "dispel.0.spell"),
    ({"dispel": [{"dice": False}]}, "dispel.0.dice"),
    ({"dispel": [{"dice": 2, "at_least": "8"}]}, "dispel.0.at_least"),
    ({"dispel": "any"}, "dispel"),
    ({"artifacts": {"c": {"artifact": "a", "dice": "3"}}}, "artifacts.c.dice"),
])
def test_each_malformed_magic_order_is_a_violation_at_its_field(data, field):
    with pytest.raises(RuleViolation) as refused:
        round_orders_from_data(data)
    assert field in {v.field for v in refused.value.violations}
