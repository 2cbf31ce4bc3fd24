"""campaign_map: the stored map as the rules read it, with the settlements of Settlement rows."""
from __future__ import annotations

import pytest

from campaigns.adapters import (
    MAP_LISTS,
    campaign_map,
    campaign_map_or_none,
    map_hex_at,
    map_lists,
    map_of_lists,
)
from campaigns.map_services import map_paint
from campaigns.models import Campaign
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


def test_the_map_or_none_is_the_same_map_and_none_without_a_hex(campaign, kingdom, gm,
                                                              django_assert_num_queries):
    with django_assert_num_queries(1):
        assert campaign_map_or_none(campaign) is None
    map_paint(actor=gm, campaign=campaign, coords="C4 D6", claimed_by=kingdom, terrain="swamp")
    with django_assert_num_queries(2):
        painted = campaign_map_or_none(campaign)
    assert painted == campaign_map(campaign)
    assert map_hex_at(campaign, "c4") == painted.hexes["C4"]
    assert map_hex_at(campaign, "E9") is None


def _map_read_as_lists(campaign):
    """MAP_LISTS as a hot read gets them in its own statement (map_lists)."""
    row = Campaign.objects.filter(pk=campaign.pk).annotate(**map_lists("pk")).values(
        *MAP_LISTS).get()
    return map_of_lists(row["map_hex_rows"], row["map_settlement_rows"])


def test_the_map_read_as_lists_is_the_map_and_none_without_a_hex(campaign, kingdom,
                                                                  rival_kingdom, gm):
    assert _map_read_as_lists(campaign) is None
    map_paint(actor=gm, campaign=campaign, coords="B3-D6", terrain="hills")
    map_paint(actor=gm, campaign=campaign, coords="C4 C5", claimed_by=kingdom, refuge=True)
    map_paint(actor=gm, campaign=campaign, coords="D5", claimed_by=rival_kingdom,
              work_site=True, add_edges={"roads": "ne se", "rivers": "n", "bridges": "n"})
    kingdom.settlements.create(name="Oleg's Post", hex=" c4")  # two in one hex, one misspelt
    rival_kingdom.settlements.create(name="Fort Drelev", hex="D5")
    painted = _map_read_as_lists(campaign)
    assert painted == campaign_map(campaign)
    assert list(painted.hexes) == list(campaign_map(campaign).hexes)  # in the same order
    assert painted.hexes["C4"].settlement == "Oleg's Post, Tatzlford"
    assert painted.hexes["C5"].refuge is True and painted.hexes["D5"].work_site is True
