"""Captured gear is the GM's to hand out, on every interface that submits or changes an order:
the service, the API, the orders page and the admin."""
from __future__ import annotations

import pytest
from admin_support import bound_order_form
from django.urls import reverse
from factories import shipped_template
from rest_framework.test import APIClient

from armies.activity_params import validated_params
from armies.activity_services import activity_change, activity_submit
from armies.models import ArmyActivity
from armies.services import army_recruit
from campaigns.models import Kingdom
from core.permissions import SYSTEM
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db

POTION = {"gear": "healing_potions", "doses": 1}
CAPTURED = {**POTION, "captured": True}


@pytest.fixture
def army(kingdom):
    Kingdom.objects.filter(pk=kingdom.pk).update(resource_points=50)
    return army_recruit(kingdom=kingdom, template=shipped_template("Infantry"),
                        name="Restov Guard", hex="C4", tactics=["live_off_the_land"], user=SYSTEM)


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


ADMIN_CAPTURED = {"kind": "outfit_army", "second": "", "gear": "healing_potions:::1",
                  "captured": "on"}


def submit_by_admin(user, turn, army):
    bound_order_form(user, {"turn": turn.pk, "army": army.pk, "position": 1,
                            **ADMIN_CAPTURED}).is_valid()


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
    bound_order_form(user, {"position": activity.position, **ADMIN_CAPTURED},
                     instance=activity).is_valid()


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


@pytest.fixture
def granted(open_turn, army, campaign_gm):
    """The GM's order of captured gear for the player's army."""
    return activity_submit(turn=open_turn, user=campaign_gm, kind="outfit_army", army=army,
                           params=validated_params("outfit_army", CAPTURED))[0]


def test_a_player_moves_the_gms_captured_order_and_it_stays_captured(player, granted):
    response = api(player).patch(f"/api/activities/{granted.pk}/", {"position": 7}, format="json")
    assert response.status_code == 200, response.json()
    granted.refresh_from_db()
    assert (granted.position, granted.params) == (7, validated_params("outfit_army", CAPTURED))


def test_a_player_resaving_the_gms_order_on_the_page_keeps_it_captured(client, player, granted):
    client.force_login(player)
    response = client.post(reverse("orders", args=[granted.turn.kingdom_id]),
                           {"activity": granted.pk, "gear": "healing_potions:::1"})
    assert response.status_code == 302
    granted.refresh_from_db()
    assert granted.params["captured"] is True


@pytest.mark.parametrize("params", [{"gear": "healing_potions", "doses": 2, "captured": True},
                                    POTION])
def test_a_player_changes_no_gear_of_the_gms_captured_order(player, granted, params):
    response = api(player).patch(f"/api/activities/{granted.pk}/", {"params": params},
                                 format="json")
    assert response.status_code == 400
    assert set(response.json()["params"]) == {"captured"}
    granted.refresh_from_db()
    assert granted.params == validated_params("outfit_army", CAPTURED)
