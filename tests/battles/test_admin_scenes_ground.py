"""A scene the GM adds in the admin takes its battlefield from its hex on the campaign map unless
the GM sets one (issue 15, point 2: "a battle scene takes its terrain and fortification from its
hex by default ... The GM can still override in the admin")."""
from __future__ import annotations

import pytest
from django.urls import reverse
from map_world import paint_map

from battles.models import BattleScene

pytestmark = pytest.mark.django_db


def scene_form(campaign, attacker, defender, **fields) -> dict:
    return {"campaign": campaign.pk, "hex": "E4", "attacker_kingdom": attacker.pk,
            "defender_kingdom": defender.pk, "terrain": "open", "wind": "calm",
            "light": "bright", "fortification": "", "fortification_side": "",
            "fortification_hp": "", "attacker_pc_fight": "none", "defender_pc_fight": "none",
            "attacker_initiative": 0, "defender_initiative": 0, "max_rounds": 20,
            "participants-TOTAL_FORMS": 0, "participants-INITIAL_FORMS": 0,
            "participants-MIN_NUM_FORMS": 0, "participants-MAX_NUM_FORMS": 1000, **fields}


@pytest.fixture(autouse=True)
def _map(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)


def test_a_new_scene_left_as_it_is_takes_its_hexs_ground(gm_client, campaign, kingdom,
                                                         rival_kingdom):
    response = gm_client.post(reverse("admin:battles_battlescene_add"),
                              scene_form(campaign, kingdom, rival_kingdom))
    assert response.status_code == 302
    scene = BattleScene.objects.get()
    assert (scene.terrain, scene.water, scene.fortification, scene.fortification_side) == (
        "difficult", False, "wooden_wall", "defender")


def test_the_wall_goes_to_the_side_whose_kingdom_claims_the_hex(gm_client, campaign, kingdom,
                                                                rival_kingdom):
    gm_client.post(reverse("admin:battles_battlescene_add"),
                   scene_form(campaign, rival_kingdom, kingdom))
    assert BattleScene.objects.get().fortification_side == "attacker"


def test_the_gms_battlefield_is_kept_whole(gm_client, campaign, kingdom, rival_kingdom):
    response = gm_client.post(reverse("admin:battles_battlescene_add"), scene_form(
        campaign, kingdom, rival_kingdom, fortification="trench", fortification_side="attacker"))
    assert response.status_code == 302
    scene = BattleScene.objects.get()
    assert (scene.terrain, scene.fortification, scene.fortification_side) == (
        "open", "trench", "attacker")


def test_a_hex_off_the_map_keeps_the_defaults(gm_client, campaign, kingdom, rival_kingdom):
    gm_client.post(reverse("admin:battles_battlescene_add"),
                   scene_form(campaign, kingdom, rival_kingdom, hex="Q20"))
    scene = BattleScene.objects.get()
    assert (scene.terrain, scene.fortification) == ("open", "")


def test_changing_a_scene_does_not_repaint_it(gm_client, campaign, kingdom, rival_kingdom):
    gm_client.post(reverse("admin:battles_battlescene_add"),
                   scene_form(campaign, kingdom, rival_kingdom))
    scene = BattleScene.objects.get()
    response = gm_client.post(reverse("admin:battles_battlescene_change", args=[scene.pk]),
                              scene_form(campaign, kingdom, rival_kingdom, terrain="open"))
    assert response.status_code == 302
    scene.refresh_from_db()
    assert (scene.terrain, scene.fortification) == ("open", "")
