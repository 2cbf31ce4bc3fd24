"""campaign_map: the stored map as the rules read it, with the settlements of Settlement rows."""
from __future__ import annotations

import pytest

from campaigns.adapters import campaign_map
from campaigns.map_services import map_paint
from rules.kingmaker.campaign_map import Terrain

pytestmark = pytest.mark.django_db


def test_campaign_map_names_settlements_and_claims_in_two_queries(campaign, gm, kingdom,
                                                                   django_assert_num_queries):
    map_paint(actor=gm, campaign=campaign, coords="c4 C5", claimed_by=kingdom, terrain="hills")
    with django_assert_num_queries(2):
        seen = campaign_map(campaign)
    assert seen.hexes["C4"].settlement == "Tatzlford"
    assert seen.hexes["C4"].claimed_by == "Brevoy Marches"
    assert seen.hexes["C4"].terrain is Terrain.HILLS
    assert seen.hexes["C5"].settlement == ""


def test_a_settlement_off_the_map_adds_no_hex(campaign, kingdom):
    assert campaign_map(campaign).hexes == {}


def test_a_settlement_written_in_another_spelling_finds_its_hex(campaign, kingdom, gm):
    kingdom.settlements.create(name="Oleg's Post", hex=" d6")
    map_paint(actor=gm, campaign=campaign, coords="D6")
    assert campaign_map(campaign).hexes["D6"].settlement == "Oleg's Post"
