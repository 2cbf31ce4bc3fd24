"""The shipped unit-card catalog (migrations 0004 and 0010): every card of the engine's catalog
(rules.cerilia.cards.CATALOG) with its values, seed 001's independent warriors among them."""
from __future__ import annotations

from dataclasses import replace

import pytest

from battles.sector.adapters import engine_card
from battles.sector.models import UnitCard
from rules.cerilia.cards import CATALOG, Tag

pytestmark = pytest.mark.django_db


def test_every_card_of_the_engines_catalog_is_shipped_with_its_values():
    shipped = {card.code: engine_card(card) for card in UnitCard.objects.all()}
    for code, card in CATALOG.items():
        assert shipped[code] == replace(card, name=str(card.name)), code


def test_the_catalog_ships_independent_warriors():
    # Seed 001_5d751c33a121b07e.txt: "воины с навыком Самостоятельный" (module "command").
    card = UnitCard.objects.get(code="independent_warriors")
    assert Tag.INDEPENDENT.value in card.tags and card.missile is not None
