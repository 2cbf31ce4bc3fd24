"""The shipped unit-card catalog (migrations 0004 and 0010): every card of the engine's catalog
(rules.cerilia.cards.CATALOG) with its values, seed 001's independent warriors among them."""
from __future__ import annotations

from dataclasses import replace

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from battles.sector.adapters import engine_card
from battles.sector.models import UnitCard
from rules.cerilia.cards import CATALOG, Tag

BEFORE = [("battles", "0009_ship_artifact_and_trap_cards")]


@pytest.mark.django_db
def test_every_card_of_the_engines_catalog_is_shipped_with_its_values():
    shipped = {card.code: engine_card(card) for card in UnitCard.objects.all()}
    for code, card in CATALOG.items():
        assert shipped[code] == replace(card, name=str(card.name)), code


@pytest.mark.django_db
def test_the_catalog_ships_independent_warriors():
    # Seed 001_5d751c33a121b07e.txt: "воины с навыком Самостоятельный" (module "command").
    card = UnitCard.objects.get(code="independent_warriors")
    assert Tag.INDEPENDENT.value in card.tags and card.missile is not None


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_migration_0010_ships_independent_warriors_to_a_catalog_made_before_them():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps.get_model("battles", "UnitCard")
    # A catalog 0004 shipped before the card was in the engine's.
    old.objects.filter(code="independent_warriors").delete()

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    card = UnitCard.objects.get(code="independent_warriors")
    assert engine_card(card) == replace(CATALOG["independent_warriors"],
                                        name="Independent warriors")
