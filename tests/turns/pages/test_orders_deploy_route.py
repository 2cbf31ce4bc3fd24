"""The orders page on a campaign with a map (issue 15, point 4): a Deploy Army's path typed as
"C5 D5 E5", its route previewed (the hexes counted more than once and why, the counted distance
against the reach, the border's DC), a path the map refuses shown on the path field, and the map's
override offered to the GM only."""
from __future__ import annotations

import pytest
from django.urls import reverse
from map_world import paint_map

from armies.activity_params import validated_params
from armies.activity_services import activity_submit
from armies.models import ArmyActivity
from campaigns.services import turn_open
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(campaign, kingdom, rival_kingdom, army):
    paint_map(campaign, kingdom, rival_kingdom)
    return turn_open(actor=SYSTEM, kingdom=kingdom)


def orders_url(kingdom):
    return reverse("orders", args=[kingdom.pk])


def deploy(army, **fields):
    return {"army": army.pk, "kind": "deploy_army", "destination": "E5", "skill": "exploration",
            "border": "none", "difficult_hexes": 0, **fields}


def test_the_preview_shows_the_route_its_doubled_hexes_distance_and_dc(client, kingdom, turn,
                                                                        army, player):
    client.force_login(player)
    response = client.post(orders_url(kingdom),
                           {**deploy(army, path="C5 D5 E5"), "action": "preview"})
    assert response.status_code == 200
    shown = response.context["deploy"]
    # Reference army_activities, Deploy Army: "roadless swamp/mountain hexes and unbridged
    # river/lake crossings count as 2 hexes": D5 is a roadless swamp across an unbridged river,
    # one difficult step for two reasons.
    assert shown["path"] == "C5 D5 E5"
    assert shown["counted_twice"] == [
        {"hex": "D5", "counts": 2, "reasons": "roadless swamp, unbridged river crossing"}]
    assert (shown["distance"], shown["reach"]) == (4, 20)
    assert shown["border"] == "crossing enemy border"
    assert ("crossing enemy border", 10) in response.context["preview"]["dc_parts"]
    content = response.content.decode()
    assert 'id="deploy-preview"' in content
    assert "D5 counts 2: roadless swamp, unbridged river crossing" in content
    assert "Counted distance: 4 hexes; the skill reaches 20." in content
    assert not ArmyActivity.objects.exists()


def test_without_a_path_the_preview_names_the_cheapest_way(client, kingdom, turn, army, player):
    client.force_login(player)
    response = client.post(orders_url(kingdom),
                           {**deploy(army, destination="E4"), "action": "preview"})
    shown = response.context["deploy"]
    # Two ways count 2 and both cross into Pitax's E4: by D3 (out of our land into nobody's,
    # then theirs) and by D4 along the road. Reference army_activities, Deploy Army: "road
    # between start and end improves the result one degree": our ruling takes the road.
    assert shown["path"] == "D4 E4" and not shown["chosen"]
    assert shown["road"]
    assert "the cheapest way" in response.content.decode()


def test_a_path_along_the_road_is_previewed_as_keeping_to_it(client, kingdom, turn, army,
                                                             player):
    client.force_login(player)
    response = client.post(orders_url(kingdom), {
        **deploy(army, destination="E4", path="D4 E4"), "action": "preview"})
    shown = response.context["deploy"]
    assert shown["road"] and shown["chosen"] and shown["counted_twice"] == []
    assert "keeps to a road" in response.content.decode()


def test_a_typed_path_is_stored_as_its_hexes(client, kingdom, turn, army, player):
    client.force_login(player)
    response = client.post(orders_url(kingdom),
                           {**deploy(army, destination="E4", path="D4, E4"), "action": "submit"})
    assert response.status_code == 302
    assert ArmyActivity.objects.get().params["path"] == ["D4", "E4"]
    page = client.get(orders_url(kingdom), {"activity": ArmyActivity.objects.get().pk})
    assert page.context["form"].initial["path"] == "D4 E4"


def test_a_path_the_map_refuses_is_shown_on_the_path_field(client, kingdom, turn, army, player):
    client.force_login(player)
    response = client.post(orders_url(kingdom), {
        **deploy(army, destination="D5", skill="boating", path="C5 D5"), "action": "submit"})
    assert response.status_code == 200
    assert "C5 is land" in " ".join(response.context["form"].errors["path"])
    assert 'data-field="path"' in response.content.decode()
    assert not ArmyActivity.objects.exists()


def test_the_maps_override_is_offered_to_the_gm_only(client, kingdom, turn, army, player, gm):
    query = {"army": army.pk, "kind": "deploy_army"}
    client.force_login(player)
    assert "declared" not in client.get(orders_url(kingdom), query).context["form"].fields
    client.force_login(gm)
    assert "declared" in client.get(orders_url(kingdom), query).context["form"].fields


def test_a_player_saving_the_gms_declared_order_unchanged_keeps_it(client, kingdom, turn, army,
                                                                    player, gm):
    activity, _created = activity_submit(
        turn=turn, user=gm, kind="deploy_army", army=army,
        params=validated_params("deploy_army", {"destination": "E5", "declared": True,
                                                "difficult_hexes": 1}))
    client.force_login(player)
    response = client.post(orders_url(kingdom), {
        "activity": activity.pk, "destination": "E5", "skill": "exploration", "border": "none",
        "difficult_hexes": 1, "path": "", "action": "submit"})
    assert response.status_code == 302
    activity.refresh_from_db()
    assert activity.params["declared"] is True
    # Changed by the player, the GM's order is refused, the override named.
    response = client.post(orders_url(kingdom), {
        "activity": activity.pk, "destination": "D4", "skill": "exploration", "border": "none",
        "difficult_hexes": 0, "path": "", "action": "submit"})
    assert response.status_code == 200
    assert "game master" in " ".join(response.context["form"].non_field_errors())
    activity.refresh_from_db()
    assert activity.params["destination"] == "E5"
