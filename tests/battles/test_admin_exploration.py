"""The GM records an exploration in the back office and starts the battle scene it offers (issue
15, point 6: "when an enemy army is there, the site offers to start a battle scene with the right
sides and terrain")."""
from __future__ import annotations

import pytest
from django.urls import reverse
from factories import ArmyFactory
from map_world import paint_map

from battles.models import BattleScene, Exploration

pytestmark = pytest.mark.django_db


@pytest.fixture
def explorers(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)
    return ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="D5")


@pytest.fixture
def enemy(rival_kingdom):
    return ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="D5")


def explore(client, army, hex_="D5"):
    return client.post(reverse("admin:battles_exploration_add"),
                       {"army": army.pk, "hex": hex_, "light": "bright"})


def test_the_record_offers_a_battle_with_each_army_met(gm_client, explorers, enemy):
    response = explore(gm_client, explorers)
    assert response.status_code == 302
    exploration = Exploration.objects.get()
    assert exploration.met == [enemy.pk]
    page = gm_client.get(reverse("admin:battles_exploration_change", args=[exploration.pk]))
    content = page.content.decode()
    battle = reverse("admin:battles_exploration_battle", args=[exploration.pk])
    assert "Pitax Foot" in content
    assert f'formaction="{battle}" name="enemy" value="{enemy.pk}:attack"' in content
    assert f'value="{enemy.pk}:defend"' in content


def test_the_button_starts_the_scene_on_the_hexs_ground(gm_client, explorers, enemy):
    explore(gm_client, explorers)
    exploration = Exploration.objects.get()
    response = gm_client.post(reverse("admin:battles_exploration_battle", args=[exploration.pk]),
                              {"enemy": f"{enemy.pk}:defend"})
    scene = BattleScene.objects.get()
    assert response["Location"] == reverse("admin:battles_battlescene_change", args=[scene.pk])
    # The enemy attacks in the swamp of D5: difficult ground with water, no settlement's wall.
    assert (scene.attacker_kingdom_id, scene.defender_kingdom_id) == (
        enemy.kingdom_id, explorers.kingdom_id)
    assert (scene.terrain, scene.water, scene.fortification) == ("difficult", True, "")
    assert scene.defender_pcs_present and not scene.attacker_pcs_present
    page = gm_client.get(reverse("admin:battles_exploration_change", args=[exploration.pk]))
    assert "formaction" not in page.content.decode()  # one battle per exploration


def test_an_army_elsewhere_is_a_form_error(gm_client, explorers):
    response = explore(gm_client, explorers, "E5")
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["hex"]
    assert not Exploration.objects.exists()


def test_an_army_not_met_starts_no_battle(gm_client, explorers, enemy, rival_kingdom):
    explore(gm_client, explorers)
    exploration = Exploration.objects.get()
    stranger = ArmyFactory(kingdom=rival_kingdom, name="Pitax Riders", hex="E5")
    response = gm_client.post(reverse("admin:battles_exploration_battle", args=[exploration.pk]),
                              {"enemy": f"{stranger.pk}:attack"}, follow=True)
    assert "did not meet this army" in response.content.decode()
    assert not BattleScene.objects.exists()


def test_an_unknown_exploration_is_not_found(gm_client):
    response = gm_client.post(reverse("admin:battles_exploration_battle", args=[999999]),
                              {"enemy": "1:attack"})
    assert response.status_code == 404


def test_an_enemy_gone_from_the_hex_since_is_offered_no_battle(gm_client, explorers, enemy):
    # Seed 003_750bd81a16f66abf.txt: «Если во время исследования гексов персонажи игроков
    # путешествуют вместе с войском, они могут столкнуться с войском врага» — an army that has
    # moved on since is met there no more (our ruling).
    explore(gm_client, explorers)
    exploration = Exploration.objects.get()
    enemy.hex = "E5"
    enemy.save()
    page = gm_client.get(reverse("admin:battles_exploration_change", args=[exploration.pk]))
    content = page.content.decode()
    assert "has left this hex since" in content
    assert "formaction" not in content
    response = gm_client.post(reverse("admin:battles_exploration_battle", args=[exploration.pk]),
                              {"enemy": f"{enemy.pk}:attack"}, follow=True)
    assert "has left D5 since the exploration met it" in response.content.decode()
    assert not BattleScene.objects.exists()
