"""The demo's map (issue 15, point 1): a Stolen Lands hex map around the demo's settlements and
armies, with terrain, a road, a river with a bridge and both kingdoms' territory."""
from __future__ import annotations

from collections import Counter

import pytest

from armies.models import Army
from campaigns.adapters import campaign_map
from campaigns.models import Kingdom
from demo.campaign import demo_load
from rules.kingmaker.campaign_map import Terrain, neighbours

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded():
    campaign, _logins = demo_load()
    return campaign, campaign_map(campaign)


def test_the_map_is_ten_by_eight_around_every_settlement_and_army(loaded):
    campaign, seen = loaded
    assert len(seen.hexes) == 80
    for army in Army.objects.filter(kingdom__campaign=campaign):
        assert army.hex in seen, army
    named = {coord: h.settlement for coord, h in seen.hexes.items() if h.settlement}
    assert named == {"C4": "Tatzlford", "D6": "Oleg's Post", "H7": "Varnhold"}


def test_each_kingdom_claims_its_size_around_its_settlements(loaded):
    campaign, seen = loaded
    claims = Counter(h.claimed_by for h in seen.hexes.values() if h.claimed_by)
    assert claims == {k.name: k.size for k in Kingdom.objects.filter(campaign=campaign)}
    assert seen.hexes["C4"].claimed_by == "Restov March"
    assert seen.hexes["H7"].claimed_by == "Greenbelt Reach"


def test_it_has_varied_terrain_a_road_a_river_and_a_bridge_on_the_road(loaded):
    _campaign, seen = loaded
    assert {h.terrain for h in seen.hexes.values()} >= {
        Terrain.PLAINS, Terrain.FOREST, Terrain.HILLS, Terrain.MOUNTAINS, Terrain.SWAMP,
        Terrain.WATER}
    crossings = [(coord, other) for coord in seen.hexes for other in neighbours(coord).values()
                 if seen.bridge_between(coord, other)]
    assert crossings
    for coord, other in crossings:
        assert seen.river_between(coord, other) and seen.road_between(coord, other)
    assert any(h.work_site for h in seen.hexes.values())
    assert any(h.refuge for h in seen.hexes.values())


def test_the_road_links_the_three_settlements_hex_by_hex(loaded):
    _campaign, seen = loaded

    def reached(start: str) -> set[str]:
        found, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for other in neighbours(here).values():
                if other not in found and seen.road_between(here, other):
                    found.add(other)
                    todo.append(other)
        return found

    assert {"D6", "H7"} <= reached("C4")

