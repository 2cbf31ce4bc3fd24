"""The permission matrix: every persona × every endpoint and method, with the exact status code.

The objects belong to the player's kingdom. Its player and the campaign's GM (a superuser or by
membership alone) see and order them; the rival (another kingdom of the same campaign) and the
outsider (a player of another campaign) get 404; an anonymous request gets 401. Read-only
endpoints answer 405 to writes from any signed-in user.
"""
from __future__ import annotations

import pytest
from api_support import DEPLOY

from armies.models import ArmyActivity
from campaigns.models import Kingdom

pytestmark = pytest.mark.django_db

PERSONAS = ["gm", "campaign_gm", "player", "rival", "outsider", "anonymous"]
INSIDERS = {"gm", "campaign_gm", "player"}


def codes(insider: int, rival: int, outsider: int | None = None, anonymous: int = 401) -> dict:
    """The expected status for each persona."""
    return {**{p: insider for p in INSIDERS}, "rival": rival,
            "outsider": rival if outsider is None else outsider, "anonymous": anonymous}


READ_ONLY = {
    # endpoint: (fixture of the object its detail shows, whether the rival sees it)
    "campaigns": ("campaign", True),
    "kingdoms": ("kingdom", False),
    "settlements": ("settlement", False),
    "armies": ("army", False),
    "turns": ("open_turn", False),
    "reports": ("report", False),
}


@pytest.fixture
def settlement(kingdom):
    return kingdom.settlements.get()


@pytest.fixture
def world(request, kingdom, rival_kingdom, open_turn, army, activity, report, settlement):
    """Every object of the matrix, by fixture name."""
    return {name: request.getfixturevalue(name) for name in
            ("campaign", "kingdom", "settlement", "army", "open_turn", "activity", "report")}


def _cases():
    for endpoint, (_, rival_sees) in READ_ONLY.items():
        detail_for_rival = 200 if rival_sees else 404
        yield endpoint, "get", "list", codes(200, 200)
        yield endpoint, "get", "detail", codes(200, detail_for_rival, 404)
        yield endpoint, "post", "list", codes(405, 405)
        for method in ("put", "patch", "delete"):
            yield endpoint, method, "detail", codes(405, 405)
    # The map: every member of the campaign reads it (each with their own view, map_view).
    yield "campaigns", "get", "map", codes(200, 200, 404)
    yield "campaigns", "post", "map", codes(405, 405)
    yield "kingdoms", "get", "current-turn", codes(200, 404)
    yield "kingdoms", "post", "current-turn", codes(405, 405)
    yield "armies", "put", "battle-plan", codes(200, 404)
    yield "armies", "get", "battle-plan", codes(405, 405)
    # The army as a Foundry VTT actor: whoever sees the army (visible_armies) reads it.
    yield "armies", "get", "foundry", codes(200, 404)
    yield "armies", "post", "foundry", codes(405, 405)
    yield "turns", "post", "ready", codes(200, 404)
    yield "turns", "get", "ready", codes(405, 405)
    yield "activities", "get", "list", codes(200, 200)
    yield "activities", "get", "detail", codes(200, 404)
    # Another kingdom's turn is not theirs to order: 400 naming the field, as for a bad id.
    yield "activities", "post", "list", codes(201, 400)
    yield "activities", "patch", "detail", codes(200, 404)
    yield "activities", "delete", "detail", codes(200, 404)
    yield "activities", "put", "detail", codes(405, 405)


CASES = [pytest.param(endpoint, method, target, persona, expected[persona],
                      id=f"{method.upper()} {endpoint} {target} as {persona}")
         for endpoint, method, target, expected in _cases() for persona in PERSONAS]


def _url(endpoint: str, target: str, world: dict) -> str:
    if target == "list":
        return f"/api/{endpoint}/"
    fixture = "activity" if endpoint == "activities" else READ_ONLY[endpoint][0]
    obj = world[fixture]
    if target == "detail":
        return f"/api/{endpoint}/{obj.pk}/"
    return f"/api/{endpoint}/{obj.pk}/{target}/"


def _body(endpoint: str, method: str, target: str, world: dict, infantry) -> dict | None:
    if endpoint == "activities" and method == "post":
        return {"turn": world["open_turn"].pk, "kind": "recruit_army", "army": None,
                "params": {"template": infantry.pk, "name": "Second Foot", "hex": "C4",
                           "tactics": ["live_off_the_land"]}}
    if endpoint == "activities" and method in ("patch", "put"):
        return {"position": 7}
    if target == "ready":
        return {"ready": True}
    if target == "battle-plan":
        return {"plan": {"stance": "hold"}}
    if method in ("post", "put", "patch"):
        return {"name": "Renamed"}
    return None


@pytest.mark.parametrize(("endpoint", "method", "target", "persona", "expected"), CASES)
def test_permission_matrix(api_as, world, infantry, endpoint, method, target, persona, expected):
    client = api_as(persona)
    body = _body(endpoint, method, target, world, infantry)
    response = getattr(client, method)(_url(endpoint, target, world), body, format="json")
    assert response.status_code == expected, response.content
    if expected == 401:
        assert response["WWW-Authenticate"].startswith("Token")


@pytest.mark.parametrize("persona", ["rival", "outsider"])
def test_others_writes_change_nothing(api_as, world, persona):
    activity = world["activity"]
    client = api_as(persona)
    client.patch(f"/api/activities/{activity.pk}/", {"position": 9}, format="json")
    client.delete(f"/api/activities/{activity.pk}/")
    client.post(f"/api/turns/{world['open_turn'].pk}/ready/", {"ready": True}, format="json")
    activity.refresh_from_db()
    world["open_turn"].refresh_from_db()
    assert (activity.position, activity.status) == (world["activity"].position, "queued")
    assert world["open_turn"].ready is False


def test_rival_cannot_order_the_players_army_on_their_own_turn(api_as, rival_kingdom, army):
    from factories import KingdomTurnFactory

    turn = KingdomTurnFactory(kingdom=rival_kingdom, number=1)
    response = api_as("rival").post("/api/activities/", {
        "turn": turn.pk, "kind": "deploy_army", "army": army.pk, "params": DEPLOY}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"army"}
    assert not ArmyActivity.objects.filter(turn=turn).exists()


def test_lists_hold_only_what_the_persona_may_see(api_as, world, rival_army):
    def ids(persona, endpoint):
        response = api_as(persona).get(f"/api/{endpoint}/")
        assert response.status_code == 200
        return {row["id"] for row in response.json()["results"]}

    kingdom, rival_kingdom = world["kingdom"], rival_army.kingdom
    assert ids("player", "kingdoms") == {kingdom.pk}
    assert ids("rival", "kingdoms") == {rival_kingdom.pk}
    assert ids("campaign_gm", "kingdoms") == {kingdom.pk, rival_kingdom.pk}
    assert ids("outsider", "kingdoms") == set(Kingdom.objects.filter(name="Elsewhere")
                                              .values_list("pk", flat=True))
    assert ids("player", "armies") == {world["army"].pk}
    assert ids("rival", "armies") == {rival_army.pk}
    assert ids("campaign_gm", "armies") == {world["army"].pk, rival_army.pk}
    assert ids("rival", "activities") == set()
    assert ids("rival", "turns") == set()
    assert ids("rival", "reports") == set()
    assert world["campaign"].pk not in ids("outsider", "campaigns")
    assert world["campaign"].pk in ids("rival", "campaigns")


def test_filtering_by_another_kingdoms_id_is_refused_like_a_missing_one(api_as, world):
    client = api_as("rival")
    for query in (f"kingdom={world['kingdom'].pk}", "kingdom=999999"):
        response = client.get(f"/api/armies/?{query}")
        assert response.status_code == 400
        assert set(response.json()) == {"kingdom"}
