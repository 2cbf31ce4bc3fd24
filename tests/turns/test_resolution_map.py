"""Resolving a turn on a campaign with a map (issue 15, point 2): Deploy Army takes its border and
road from the route on the map, Garrison Army its site and territory from the army's hex."""
from __future__ import annotations

import pytest
from factories import ArmyFactory
from map_world import paint_map

from armies.activity_services import activity_submit
from armies.models import Army
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.degrees import Degree, degree_of_success
from rules.errors import RuleViolation
from turns import resolution

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10, resource_points=40, exploration=6,
                                                 engineering=6)
    return turn_open(actor=SYSTEM, kingdom=kingdom)


def resolved(turn, player, kind, army, params):
    activity, _created = activity_submit(turn=turn, user=player, kind=kind, army=army,
                                         params=params)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    activity.refresh_from_db()
    return activity.result["check"]


def test_a_deploy_along_the_road_into_the_rival_takes_the_maps_border_and_road(turn, kingdom,
                                                                              player):
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    # The order declares neither border nor road: both are the map's. Reference army_activities,
    # Deploy Army: "+10 if crossing an enemy kingdom's border"; "road between start and end
    # improves the result one degree".
    check = resolved(turn, player, "deploy_army", army,
                     {"destination": "E4", "path": ["D4", "E4"], "border": "none",
                      "road": False})
    control = next(p["value"] for p in check["dc_parts"] if p["label"] == "control DC")
    assert {p["label"]: p["value"] for p in check["dc_parts"]} == {
        "control DC": control, "crossing enemy border": 10}
    rolled = degree_of_success(check["total"], check["dc"], check["roll"])
    assert Degree[check["degree"].upper()] is rolled.shifted(+1)
    army.refresh_from_db()
    if rolled.shifted(+1) is not Degree.CRITICAL_FAILURE:
        assert army.hex == "E4"


def test_a_garrison_takes_its_site_and_territory_from_the_map(turn, kingdom, player):
    army = ArmyFactory(kingdom=kingdom, name="Sawmill Watch", hex="D3")
    # D3 is wild land with a work site: outside the kingdom (+5), whatever the order declares.
    check = resolved(turn, player, "garrison_army", army,
                     {"site": "work_site", "territory": "own"})
    assert check["skill"] == "engineering"
    assert {p["label"]: p["value"] for p in check["dc_parts"]}["outside territory"] == 5


def test_a_garrison_where_the_map_marks_no_such_site_is_refused(turn, kingdom, player):
    army = ArmyFactory(kingdom=kingdom, name="Roadside Watch", hex="D4")
    with pytest.raises(RuleViolation) as refused:
        activity_submit(turn=turn, user=player, kind="garrison_army", army=army,
                        params={"site": "work_site"})
    assert {v.field for v in refused.value.violations} == {"site"}
    assert Army.objects.get(pk=army.pk).garrisoned == ""
