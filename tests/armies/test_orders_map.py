"""The turn's situation and input carry the campaign's map when it has one (issue 15, point 2:
"the rules read the map"), in a fixed number of queries however many armies the kingdom has."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from factories import ArmyFactory
from map_world import paint_map

from armies.orders import situation, turn_input
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.kingmaker.campaign_map import Terrain

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(kingdom):
    ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    return turn_open(actor=SYSTEM, kingdom=kingdom)


def test_without_a_map_the_orders_declare_their_hexes_facts(turn):
    assert situation(turn).campaign_map is None
    assert turn_input(turn, [], [], fought=frozenset()).campaign_map is None


def test_with_a_map_the_situation_and_the_turn_read_it(campaign, kingdom, rival_kingdom, turn):
    paint_map(campaign, kingdom, rival_kingdom)
    current = situation(turn)
    assert current.campaign_map is not None
    assert current.campaign_map.at("D5").terrain is Terrain.SWAMP
    assert current.campaign_map.at("E4").claimed_by == "Pitax"
    assert current.campaign_map.at("E4").settlement == "Fort Drelev"
    assert current.campaign_map.road_between("C4", "D4")
    assert turn_input(turn, [], [], fought=frozenset()).campaign_map == current.campaign_map


def queries(turn) -> int:
    with CaptureQueriesContext(connection) as captured:
        situation(turn, with_foreign=True)
    return len(captured)


def test_the_map_costs_the_same_queries_however_many_armies(campaign, kingdom, rival_kingdom,
                                                            turn):
    paint_map(campaign, kingdom, rival_kingdom)
    ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="E5")
    one_each = queries(turn)
    for index in range(3):
        ArmyFactory(kingdom=kingdom, name=f"Guard {index}", hex="D4")
        ArmyFactory(kingdom=rival_kingdom, name=f"Pitax {index}", hex="E4")
    assert queries(turn) == one_each


def test_the_map_and_its_fog_add_a_fixed_few_queries_to_a_turn(campaign, kingdom,
                                                                rival_kingdom, turn):
    # The map (hexes, settlements) and what the kingdom saw: its last report, and before its
    # first one the campaign's armies where they stand (armies with tactics, gear, conditions).
    without = queries(turn)
    paint_map(campaign, kingdom, rival_kingdom)
    assert queries(turn) - without <= 2 + 1 + 4
