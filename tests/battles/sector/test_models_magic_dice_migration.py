"""Migration 0012 gives seed 002's module "magic dice" to the battles already stored, off, so
they replay unchanged; a battle made after it starts with it on (issue 14: "on for a new
scenario; off plays exactly as today"). Stored cards get one wound per model, no command group
and no bound spells; stored characters no bound spells; the spell catalog ships every spell
with the engine's casting value."""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from battles.sector.adapters import initial_state
from battles.sector.models import SectorBattle, SectorCaster, UnitCard
from battles.sector.module_models import SpellCard
from rules.cerilia.magic_dice import CASTING_VALUES
from rules.cerilia.modules import ALL_MODULES
from rules.cerilia.spells import Spell

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

BEFORE = [("battles", "0011_seed_002_spells")]


def test_stored_battles_get_magic_dice_off_and_new_ones_on():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    campaign = old.get_model("campaigns", "Campaign").objects.create(name="Old lands")
    stored = old.get_model("battles", "SectorBattle").objects.create(campaign=campaign,
                                                                     name="Stored")
    old.get_model("battles", "SectorCaster").objects.create(battle=stored, side="attacker",
                                                            name="Magus", school="wizard")
    old.get_model("battles", "UnitCard").objects.create(
        code="old_guard", name="Old guard", melee=2, defense=2, morale=["sun"], hits=2)

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    battle = SectorBattle.objects.get(pk=stored.pk)
    assert (battle.module_magic_dice, battle.power_dice, battle.dispel_dice) == (
        False, None, None)
    assert not initial_state(battle).scenario.modules.magic_dice
    assert SectorCaster.objects.get(battle=battle).bound == []
    card = UnitCard.objects.get(code="old_guard")
    assert (card.wounds, card.champion, card.standard, card.musician, card.bound) == (
        1, False, False, False, [])
    assert {c.spell: c.casting_value for c in SpellCard.objects.all()} == {
        s.value: CASTING_VALUES[s] for s in Spell}
    new = SectorBattle.objects.create(campaign_id=campaign.pk, name="New")
    assert new.module_magic_dice
    assert initial_state(new).scenario.modules == ALL_MODULES
