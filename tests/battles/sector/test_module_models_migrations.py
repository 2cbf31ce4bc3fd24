"""Migration 0008 gives seed 001's module switches to the battles already stored, off, so they
replay unchanged; a battle made after it starts with every module on (reference/sector-
modules.md: "a new scenario starts with all of them on. A battle with every module off plays
exactly as today"). A caster stored before it becomes a character with its school and the
default wounds, and no roles, points or artifacts."""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from battles.sector.adapters import initial_state
from battles.sector.models import SectorBattle, SectorCaster
from rules.cerilia.modules import ALL_MODULES, NO_MODULES

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

BEFORE = [("battles", "0007_ravine_terrain")]
MODULES = ("module_command", "module_ambush", "module_scouting", "module_artifacts")


def test_stored_battles_get_the_modules_off_and_new_ones_on():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    campaign = old.get_model("campaigns", "Campaign").objects.create(name="Old lands")
    stored = old.get_model("battles", "SectorBattle").objects.create(campaign=campaign,
                                                                     name="Stored")
    old.get_model("battles", "SectorCaster").objects.create(battle=stored, side="attacker",
                                                            name="Magus", school="wizard")

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    battle = SectorBattle.objects.get(pk=stored.pk)
    assert [getattr(battle, name) for name in MODULES] == [False] * 4
    assert initial_state(battle).scenario.modules == NO_MODULES
    caster = SectorCaster.objects.get(battle=battle)
    assert (caster.school, caster.roles, caster.wounds, caster.command, caster.will) == (
        "wizard", [], 3, None, None)
    assert not caster.carries.exists()
    new = SectorBattle.objects.create(campaign_id=campaign.pk, name="New")
    assert [getattr(new, name) for name in MODULES] == [True] * 4
    assert initial_state(new).scenario.modules == ALL_MODULES
