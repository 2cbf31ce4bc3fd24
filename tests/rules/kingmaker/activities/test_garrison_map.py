"""Garrison Army on a campaign with a map (rules/kingmaker/activities/garrison.py): the site must
be in the army's hex, and whose land it is comes from the hex's claim.

Reference (../shared/reference/kingmaker-warfare-data.yaml, Garrison Army, behind seed
003_750bd81a16f66abf.txt's «Создание гарнизона»):
  who_can: "Any army in a hex with a Refuge, settlement or Work Site"
  dc_rule: "Basic check vs Control DC; +5 if the hex is outside your kingdom, +10 if it belongs to
           an enemy kingdom"
"""
import pytest
from turn_support import army, grid, kingdom

from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.activities import GarrisonArmy, Order, Site, Situation, Territory, order_violations
from rules.kingmaker.campaign_map import MapHex
from rules.kingmaker.preview import check_preview

CONTROL_DC = 15  # kingdom level 1, size 1


def situation(*painted, hex="D5", settlement_hexes=frozenset()):
    return Situation(turn=1, kingdom=kingdom(settlement_hexes=settlement_hexes),
                     armies={1: army(hex=hex)}, campaign_map=grid("CDE", range(1, 9), *painted))


def codes(situation_, params):
    return [(v.code, v.field)
            for v in order_violations(situation_, Order(1, K.GARRISON_ARMY, params, 1))]


@pytest.mark.parametrize(("site", "here"), [
    (Site.REFUGE, MapHex("D5", refuge=True)),
    (Site.WORK_SITE, MapHex("D5", work_site=True)),
    (Site.SETTLEMENT, MapHex("D5", settlement="Tatzlford")),
])
def test_the_site_must_be_in_the_armys_hex(site, here):
    # "Any army in a hex with a Refuge, settlement or Work Site"
    assert codes(situation(here), GarrisonArmy(site)) == []
    assert codes(situation(), GarrisonArmy(site)) == [("no_site_here", "site")]
    elsewhere = MapHex("D6", refuge=True, work_site=True, settlement="Tatzlford")
    assert codes(situation(elsewhere), GarrisonArmy(site)) == [("no_site_here", "site")]


def test_one_of_the_kingdoms_settlement_hexes_is_a_settlement_unnamed_on_the_map():
    # "Any army in a hex with a ... settlement": the kingdom's own record of its settlements counts
    # while the GM has not yet written the name on the map.
    assert codes(situation(settlement_hexes=frozenset({"D5"})), GarrisonArmy(Site.SETTLEMENT)) == []


def test_an_army_off_the_map_cannot_garrison():
    # Our ruling: the map is the world; a site it does not hold is nowhere.
    assert codes(situation(hex="Q1"), GarrisonArmy(Site.REFUGE)) == [("off_the_map", "site")]


@pytest.mark.parametrize(("claimed_by", "parts"), [
    ("Brevoy", (("control DC", CONTROL_DC),)),
    ("", (("control DC", CONTROL_DC), ("outside territory", 5))),
    ("Pitax", (("control DC", CONTROL_DC), ("enemy territory", 10))),
])
def test_the_territory_comes_from_the_claim_on_the_hex(claimed_by, parts):
    # "+5 if the hex is outside your kingdom, +10 if it belongs to an enemy kingdom": the map
    # says whose the hex is, whatever the order declares.
    current = situation(MapHex("D5", refuge=True, claimed_by=claimed_by))
    order = Order(1, K.GARRISON_ARMY, GarrisonArmy(Site.REFUGE, Territory.OWN), 1)
    assert check_preview(current, order).dc_parts == parts


def test_the_gm_may_declare_the_site_and_territory_over_the_map():
    # The GM's override (our ruling): a `declared` order goes by the declared territory, and a
    # site the map has not been painted with yet.
    current = situation(MapHex("D5", claimed_by="Pitax"))
    params = GarrisonArmy(Site.WORK_SITE, Territory.OUTSIDE, declared=True)
    assert codes(current, params) == []
    assert check_preview(current, Order(1, K.GARRISON_ARMY, params, 1)).dc_parts == (
        ("control DC", CONTROL_DC), ("outside territory", 5))
