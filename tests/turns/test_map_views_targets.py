"""An Offensive Gambit's targets on a campaign map are what the map shows the player, one rule for
both (rules.kingmaker.fog.armies_seen_now; docs/rules-notes.md, "Fog of war"): an army in plain
sight in a hex the kingdom sees now, or one in ambush where its last report found it and that has
not moved. Seed 003_750bd81a16f66abf.txt, line 25: an army «которое устроило в своём гексе засаду»
is found only by a Scouting check, so the orders page and the API must not tell the player it is
there (issue 15, point 3)."""
from __future__ import annotations

import re

import pytest
from api_world import client_for
from django.urls import reverse
from factories import ArmyFactory, ArmyTacticFactory, KingdomTurnFactory, TurnReportFactory
from map_world import paint_map

from campaigns.models import TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns.map_views import map_view

pytestmark = pytest.mark.django_db

URL = "/api/activities/"
UNKNOWN = 999_999


@pytest.fixture
def world(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)
    ours = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    return {"ours": ours, "turn": turn_open(actor=SYSTEM, kingdom=kingdom)}


def last_report(kingdom, *sighted):
    """The kingdom's last turn report saw `sighted` (army, hex) in plain sight."""
    turn = KingdomTurnFactory(kingdom=kingdom, number=0, status=TurnStatus.RESOLVED)
    TurnReportFactory(turn=turn, outcome={"turn": 0, "events": [], "sight": {
        "hexes": ["C4"], "armies": [{"army": army.pk, "kingdom": army.kingdom.name,
                                     "name": army.name, "hex": hex_, "found_by": None}
                                    for army, hex_ in sighted]}})


def gambit(world, target):
    return {"turn": world["turn"].pk, "kind": "offensive_gambit", "army": world["ours"].pk,
            "params": {"target": target}}


def offered(client, kingdom, world):
    page = client.get(reverse("orders", args=[kingdom.pk]),
                      {"army": world["ours"].pk, "kind": "offensive_gambit"})
    return {int(value) for value, _label in page.context["form"].fields["target"].choices
            if value}


def test_an_ambusher_seen_last_turn_elsewhere_is_no_target_once_it_hides_in_our_hex(
        world, kingdom, rival_kingdom, player, client):
    raiders = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="D4")
    last_report(kingdom, (raiders, "D4"))
    raiders.hex = "C4"  # moved in since, and lies in ambush: the report never found it there
    raiders.save()
    ArmyTacticFactory(army=raiders, tactic="ambush")
    client.force_login(player)
    assert offered(client, kingdom, world) == set()
    assert [a.name for a in map_view(player, world["turn"].kingdom.campaign).armies] == [
        "Tatzlford Guard"]
    api = client_for(player)
    moved = api.post(URL, gambit(world, raiders.pk), format="json")
    unknown = api.post(URL, gambit(world, UNKNOWN), format="json")
    assert moved.status_code == unknown.status_code == 400
    assert moved.json() == unknown.json()
    assert set(moved.json()["params"]) == {"target"}


def test_an_enemy_that_walks_in_openly_after_the_report_is_a_target(
        world, kingdom, rival_kingdom, player, client):
    foot = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="H8")
    last_report(kingdom)  # H8 is far off: the report saw nothing
    foot.hex = "C4"
    foot.save()
    client.force_login(player)
    assert offered(client, kingdom, world) == {foot.pk}
    assert foot.pk in {a.id for a in map_view(player, world["turn"].kingdom.campaign).armies}
    assert client_for(player).post(URL, gambit(world, foot.pk), format="json").status_code == 201


def _csrf_free(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def test_an_unfound_ambusher_in_our_hex_changes_nothing_the_player_receives(
        world, kingdom, rival_kingdom, player, client):
    # Two worlds: an ambusher in our hex that no report found, and none. A Pitax army in plain
    # sight stands in our hex in both, so the gambit has a target either way.
    foot = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="C4")
    lurkers = ArmyFactory(kingdom=rival_kingdom, name="Lurkers", hex="C4")
    ArmyTacticFactory(army=lurkers, tactic="ambush")
    last_report(kingdom, (foot, "C4"))
    client.force_login(player)
    api = client_for(player)
    lurkers_id = lurkers.pk

    def answers():
        page = client.get(reverse("orders", args=[kingdom.pk]),
                          {"army": world["ours"].pk, "kind": "offensive_gambit"})
        probe = api.post(URL, gambit(world, lurkers_id), format="json")
        return (offered(client, kingdom, world), _csrf_free(page.content.decode()),
                probe.status_code, probe.json())

    with_lurkers = answers()
    lurkers.delete()
    without = answers()
    assert with_lurkers == without
    assert with_lurkers[0] == {foot.pk} and with_lurkers[2] == 400
