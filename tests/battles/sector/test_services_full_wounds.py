"""A character brought into a battle already wounded (seed 002, 002_eb4cf75b750af884.txt:
«Восстановление ран никогда не может … поднять значение ран выше его стартового показателя»):
the GM gives its wounds left and its full wounds through the character service, which refuses
more wounds than full ones; in a resolved round a priest's Heal brings it back up to its full
wounds and no further."""
from __future__ import annotations

import pytest
from factories import SectorBattleFactory, SectorUnitFactory, shipped_card

from battles.sector import services
from battles.sector.adapters import caster_key, unit_key
from core.permissions import SYSTEM
from rules.cerilia.state import state_from_data
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db

SEED_FILE = "002_eb4cf75b750af884.txt"


@pytest.fixture
def battle(kingdom, rival_kingdom):
    # Module "magic dice" alone, a fixed pool and Heal cast on 2: the round's only chance is
    # which wounds come back.
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, module_magic_dice=True,
                                 power_dice=6, dispel_dice=0, max_rounds=3)
    SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Guard",
                      card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    services.battle_casting_values_set(actor=SYSTEM, battle=battle, values={"heal": 2})
    return battle


def add(battle, **fields):
    return services.character_save(actor=SYSTEM, battle=battle, side="attacker", **fields)


def test_wounds_above_the_full_wounds_are_refused(battle, campaign_gm):
    with pytest.raises(RuleViolation) as refused:
        add(battle, name="Sir Kesten", roles=["hero"], wounds=3, full_wounds=2)
    assert [(v.code, v.field) for v in refused.value.violations] == [
        ("wounds_above_full", "wounds")]
    kesten = add(battle, name="Sir Kesten", roles=["hero"], wounds=2, full_wounds=2)
    assert kesten.full_wounds == 2
    kesten = add(battle, character=kesten, name="Sir Kesten", roles=["hero"], wounds=2)
    assert kesten.full_wounds is None   # blank again: it starts unhurt


def test_heal_in_a_resolved_round_brings_a_wounded_character_up_to_its_full_wounds(
        battle, player, rival, committed):
    # «…не может поднять значение ран выше его стартового показателя. Все лишние раны
    # теряются»: Heal's 2 wounds on a character at 2 of 3 heal 1, the other is lost.
    guard = battle.units.get(side="attacker")
    priest = add(battle, name="Brother Tam", school="priest", unit=guard,
                 wounds=3)
    kesten = add(battle, name="Sir Kesten", roles=["hero"], unit=guard, wounds=2,
                 full_wounds=3)
    battle = services.battle_start(actor=SYSTEM, battle=battle)
    hero = next(c for c in state_from_data(battle.state).casters if c.key == caster_key(kesten))
    assert (hero.wounds, hero.start_wounds) == (2, 3)
    pikes = battle.units.get(side="defender")
    services.orders_submit(battle=battle, side="attacker", user=player,
                           data={"placements": {unit_key(guard): "C1"}})
    committed(services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {unit_key(pikes): "C3"}})
    battle.refresh_from_db()
    assert battle.round == 1
    services.orders_submit(battle=battle, side="attacker", user=player, data={"spells": {
        caster_key(priest): {"spell": "heal", "unit": caster_key(kesten), "dice": 2}}})
    committed(services.orders_submit, battle=battle, side="defender", user=rival, data={})
    battle.refresh_from_db()
    assert battle.round == 2
    record = battle.rounds.get(number=1)
    healed = [e for e in record.events if e["code"] == "character_healed"]
    assert [e["params"]["healed"] for e in healed] == [1]
    hero = next(c for c in state_from_data(battle.state).casters if c.key == caster_key(kesten))
    assert (hero.wounds, hero.start_wounds) == (3, 3)
