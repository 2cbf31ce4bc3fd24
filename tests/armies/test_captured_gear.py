"""Captured gear is the GM's to hand out, on every interface that submits or changes an order:
the service, the API, the orders page and the admin."""
from __future__ import annotations

import pytest
from django.urls import reverse
from factories import shipped_template
from rest_framework.test import APIClient

from armies.api.params import validated_params
from armies.models import ArmyActivity
from armies.services import activity_change, activity_submit, army_recruit
from campaigns.admin_turns import ArmyActivityForm
from campaigns.models import Kingdom
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db

POTION = {"gear": "healing_potions", "doses": 1}
CAPTURED = {**POTION, "captured": True}


@pytest.fixture
def army(kingdom):
    Kingdom.objects.filter(pk=kingdom.pk).update(resource_points=50)
    return army_recruit(kingdom=kingdom, template=shipped_template("Infantry"),
                        name="Restov Guard", hex="C4", tactics=["live_off_the_land"])


@pytest.fixture
def queued(open_turn, army, player):
    """The player's paid potion order, to be changed."""
    return activity_submit(turn=open_turn, user=player, kind="outfit_army", army=army,
                           params=validated_params("outfit_army", POTION))[0]


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def submit_by_service(user, turn, army):
    try:
        activity_submit(turn=turn, user=user, kind="outfit_army", army=army,
                        params=validated_params("outfit_army", CAPTURED))
    except RuleViolation as error:
        assert error.codes() == {"captured_gm_only"}


def submit_by_api(user, turn, army):
    response = api(user).post("/api/activities/", {"turn": turn.pk, "kind": "outfit_army",
                                                   "army": army.pk, "params": CAPTURED},
                              format="json")
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert set(response.json()["params"]) == {"captured"}


def submit_by_page(user, turn, army, client):
    client.force_login(user)
    client.post(reverse("orders", args=[turn.kingdom_id]),
                {"army": army.pk, "kind": "outfit_army", "gear": "healing_potions:::1",
                 "captured": "on"})


def submit_by_admin(user, turn, army):
    ArmyActivityForm({"turn": turn.pk, "army": army.pk, "kind": "outfit_army", "second": "",
                      "position": 1, "params": '{"gear": "healing_potions", "doses": 1, '
                                               '"captured": true}'}, user=user).is_valid()


def change_by_service(user, activity):
    try:
        activity_change(activity=activity, user=user,
                        params=validated_params("outfit_army", CAPTURED))
    except RuleViolation as error:
        assert error.codes() == {"captured_gm_only"}


def change_by_api(user, activity):
    response = api(user).patch(f"/api/activities/{activity.pk}/", {"params": CAPTURED},
                               format="json")
    assert response.status_code in (200, 400)


def change_by_page(user, activity, client):
    client.force_login(user)
    client.post(reverse("orders", args=[activity.turn.kingdom_id]),
                {"activity": activity.pk, "gear": "healing_potions:::1", "captured": "on"})


def change_by_admin(user, activity):
    ArmyActivityForm({"turn": activity.turn_id, "army": activity.army_id, "kind": "outfit_army",
                      "second": "", "position": activity.position,
                      "params": '{"gear": "healing_potions", "doses": 1, "captured": true}'},
                     instance=activity, user=user).is_valid()


SUBMITS = [submit_by_service, submit_by_api, submit_by_page, submit_by_admin]
CHANGES = [change_by_service, change_by_api, change_by_page, change_by_admin]


def run(interface, *args, client):
    if interface in (submit_by_page, change_by_page):
        return interface(*args, client)
    return interface(*args)


def captured_orders() -> int:
    return sum(bool(a.params.get("captured")) for a in ArmyActivity.objects.all())


@pytest.mark.parametrize("interface", SUBMITS, ids=lambda f: f.__name__)
def test_a_player_submits_no_captured_gear(interface, client, player, open_turn, army):
    run(interface, player, open_turn, army, client=client)
    assert captured_orders() == 0


@pytest.mark.parametrize("interface", SUBMITS, ids=lambda f: f.__name__)
def test_the_gm_submits_captured_gear(interface, client, campaign_gm, open_turn, army):
    run(interface, campaign_gm, open_turn, army, client=client)
    assert captured_orders() == 1


@pytest.mark.parametrize("interface", CHANGES, ids=lambda f: f.__name__)
def test_a_player_changes_no_order_into_captured_gear(interface, client, player, queued):
    run(interface, player, queued, client=client)
    assert captured_orders() == 0


@pytest.mark.parametrize("interface", CHANGES, ids=lambda f: f.__name__)
def test_the_gm_changes_an_order_into_captured_gear(interface, client, campaign_gm, queued):
    run(interface, campaign_gm, queued, client=client)
    assert captured_orders() == 1


def test_the_orders_page_offers_captured_gear_to_the_gm_only(client, player, campaign_gm,
                                                              open_turn, army):
    url = reverse("orders", args=[open_turn.kingdom_id])
    query = {"army": army.pk, "kind": "outfit_army"}
    client.force_login(player)
    assert "captured" not in client.get(url, query).context["form"].fields
    client.force_login(campaign_gm)
    assert "captured" in client.get(url, query).context["form"].fields
