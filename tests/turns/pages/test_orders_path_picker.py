"""The orders page's path picker (issue 15, point 4: "The orders page lets a player pick a Deploy
destination and path on the map, previewing the hexes counted twice and the DC"): a Deploy Army's
form on a campaign with a map sits beside the map's SVG as the map page draws it for the reader
(turns.map_views.map_view: fog hides what the kingdom does not see), its hexes linking to the map
page's panel for a browser without scripts; the previewed route is drawn on it. The picking itself
(muster.js) is driven in tests/browser/test_browser_map.py."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse
from factories import ArmyFactory
from map_world import paint_map

from campaigns.services import turn_open
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(kingdom):
    return turn_open(actor=SYSTEM, kingdom=kingdom)


@pytest.fixture
def painted(campaign, kingdom, rival_kingdom, turn):
    paint_map(campaign, kingdom, rival_kingdom)
    return campaign


@pytest.fixture
def rivals(rival_kingdom):
    """One army next to the player's settlement (C4), seen; one far off in G8, unseen."""
    return (ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="D3"),
            ArmyFactory(kingdom=rival_kingdom, name="Far Riders", hex="G8"))


def svg_of(response) -> str:
    found = re.search(r'<figure class="campaign-map path-picker".*?</figure>',
                      response.content.decode(), re.S)
    assert found, "no path picker on the page"
    return found.group(0)


def deploy_form(client, kingdom, army):
    return client.get(reverse("orders", args=[kingdom.pk]),
                      {"army": army.pk, "kind": "deploy_army"})


def test_the_deploy_form_sits_beside_the_map_the_kingdom_sees(client, painted, kingdom, army,
                                                              rivals, player):
    client.force_login(player)
    picker = svg_of(deploy_form(client, kingdom, army))
    assert 'data-start="C4"' in picker
    # Without scripts a hex opens its panel on the map page (the orders page keeps its fields).
    map_url = reverse("map", args=[painted.pk])
    assert f'href="{map_url}?hex=E5#here"' in picker
    assert 'data-hex="E5"' in picker
    assert "Tatzlford Guard" in picker and "Pitax Raiders" in picker
    # Fog: the army in a hex the kingdom does not see reaches neither the map nor the page.
    assert f'data-army="{rivals[1].pk}"' not in picker
    assert "Far Riders" not in deploy_form(client, kingdom, army).content.decode()


def test_the_gm_s_picker_shows_every_army(client, painted, kingdom, army, rivals, gm):
    client.force_login(gm)
    assert "Far Riders" in svg_of(deploy_form(client, kingdom, army))


def test_the_previewed_route_and_its_doubled_hexes_are_drawn_on_the_map(client, painted, kingdom,
                                                                        army, player):
    client.force_login(player)
    response = client.post(reverse("orders", args=[kingdom.pk]), {
        "army": army.pk, "kind": "deploy_army", "destination": "E5", "skill": "exploration",
        "border": "none", "difficult_hexes": 0, "path": "C5 D5 E5", "action": "preview"})
    picker = svg_of(response)
    classes = dict(re.findall(r'id="hex-(\w+)" data-hex="\w+">\s*<title>[^<]*</title>\s*'
                              r'<polygon [^>]*?(?:class="([^"]*)")?/>', picker))
    # Reference army_activities, Deploy Army: "roadless swamp/mountain hexes and unbridged
    # river/lake crossings count as 2 hexes": D5 is a roadless swamp across an unbridged river.
    assert classes["C5"].split() == ["in-path"]
    assert classes["D5"].split() == ["in-path", "counted-twice"]
    assert classes["E5"].split() == ["in-path"]
    assert classes["C4"] == "" and classes["D4"] == ""
    assert 'id="deploy-preview"' in response.content.decode()


def test_another_activity_or_a_campaign_without_a_map_has_no_picker(client, kingdom, turn, army,
                                                                     player, campaign,
                                                                     rival_kingdom):
    client.force_login(player)
    assert "path-picker" not in deploy_form(client, kingdom, army).content.decode()
    paint_map(campaign, kingdom, rival_kingdom)
    train = client.get(reverse("orders", args=[kingdom.pk]),
                       {"army": army.pk, "kind": "train_army"})
    assert train.status_code == 200
    assert "path-picker" not in train.content.decode()
