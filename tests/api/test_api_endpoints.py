"""The read endpoints, marking a turn ready, token authentication and the OpenAPI schema."""
from __future__ import annotations

import datetime
import json
import re
from urllib.parse import urlsplit

import pytest
import yaml
from api_support import client_for
from django.contrib.staticfiles import finders
from factories import KingdomTurnFactory, TurnReportFactory
from rest_framework.test import APIClient

from campaigns.models import KingdomTurn
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db


# --- kingdoms and their current turn -----------------------------------------------------------


def test_kingdom_shows_its_sheet(player_api, kingdom):
    body = player_api.get(f"/api/kingdoms/{kingdom.pk}/").json()
    assert body["name"] == kingdom.name
    assert body["control_dc"] == kingdom.control_dc
    assert {"warfare", "resource_points", "food", "unrest", "corruption"} <= set(body)


def test_kingdoms_filter_by_campaign(gm_api, campaign, kingdom, rival_kingdom):
    response = gm_api.get(f"/api/kingdoms/?campaign={campaign.pk}")
    assert {k["id"] for k in response.json()["results"]} == {kingdom.pk, rival_kingdom.pk}


def test_current_turn_is_the_open_one_with_its_deadline(player_api, kingdom, open_turn):
    KingdomTurnFactory(kingdom=kingdom, number=0, status="resolved")
    body = player_api.get(f"/api/kingdoms/{kingdom.pk}/current-turn/").json()
    assert body == {"id": open_turn.pk, "kingdom": kingdom.pk, "number": 1,
                    "deadline": open_turn.deadline.isoformat().replace("+00:00", "Z"),
                    "status": "open", "ready": False, "ruin_choice": "", "resolved_at": None}


def test_current_turn_is_the_latest_when_none_is_open(player_api, kingdom):
    KingdomTurnFactory(kingdom=kingdom, number=1, status="resolved")
    latest = KingdomTurnFactory(kingdom=kingdom, number=2, status="locked")
    body = player_api.get(f"/api/kingdoms/{kingdom.pk}/current-turn/").json()
    assert (body["id"], body["status"]) == (latest.pk, "locked")


def test_no_current_turn_before_the_first(player_api, kingdom):
    assert player_api.get(f"/api/kingdoms/{kingdom.pk}/current-turn/").status_code == 404


# --- turns -------------------------------------------------------------------------------------


def test_turns_filter_by_kingdom_and_status(gm_api, kingdom, rival_kingdom, open_turn):
    rival_turn = KingdomTurnFactory(kingdom=rival_kingdom, number=1, status="locked")

    def ids(query):
        return {t["id"] for t in gm_api.get(f"/api/turns/?{query}").json()["results"]}

    assert ids("") == {open_turn.pk, rival_turn.pk}
    assert ids(f"kingdom={kingdom.pk}") == {open_turn.pk}
    assert ids("status=locked") == {rival_turn.pk}
    assert gm_api.get("/api/turns/?status=finished").status_code == 400


def test_player_marks_the_turn_ready_and_back(player_api, open_turn):
    url = f"/api/turns/{open_turn.pk}/ready/"
    response = player_api.post(url, {"ready": True}, format="json")
    assert (response.status_code, response.json()["ready"]) == (200, True)
    open_turn.refresh_from_db()
    assert open_turn.ready is True
    assert player_api.post(url, {"ready": False}, format="json").json()["ready"] is False


def test_the_last_kingdom_ready_locks_the_turns_when_the_gm_allows(player_api, campaign,
                                                                   open_turn):
    campaign.resolve_when_all_ready = True
    campaign.save()
    response = player_api.post(f"/api/turns/{open_turn.pk}/ready/", {"ready": True},
                               format="json")
    assert response.status_code == 200
    assert (response.json()["ready"], response.json()["status"]) == (True, "locked")


def test_ready_needs_a_boolean(player_api, open_turn):
    response = player_api.post(f"/api/turns/{open_turn.pk}/ready/", {"ready": "soon"},
                               format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"ready"}


def test_a_locked_turn_cannot_be_marked_ready(player_api, open_turn):
    KingdomTurn.objects.filter(pk=open_turn.pk).update(status="locked")
    response = player_api.post(f"/api/turns/{open_turn.pk}/ready/", {"ready": True},
                               format="json")
    assert response.status_code == 409
    assert response.json()["status"] == "locked"
    assert response.json()["deadline"]


# --- armies ------------------------------------------------------------------------------------


def test_army_detail_has_the_computed_stat_block(player_api, army):
    body = player_api.get(f"/api/armies/{army.pk}/").json()
    assert body["name"] == "Restov Guard"
    assert body["tactics"] == ["live_off_the_land"]
    assert body["problems"] == []
    block = body["stat_block"]
    assert block["template"] == "Infantry"
    assert (block["hp"], block["max_hp"], block["level"]) == (army.hp, army.hp, 1)
    assert player_api.get("/api/armies/").json()["results"] == [body]


def test_the_army_list_takes_a_fixed_number_of_queries(gm_api, kingdom, army, rival_army,
                                                       django_assert_max_num_queries):
    from armies.services import army_recruit

    with django_assert_max_num_queries(12):
        assert gm_api.get("/api/armies/").json()["count"] == 2
    for name in ("Third Foot", "Fourth Foot", "Fifth Foot"):
        army_recruit(kingdom=kingdom, template=army.template, name=name, hex="C4",
                     tactics=["live_off_the_land"], user=SYSTEM)
    with django_assert_max_num_queries(12):
        assert gm_api.get("/api/armies/").json()["count"] == 5


def test_an_army_that_breaks_the_rules_shows_its_problems(player_api, army):
    from armies.models import ArmyCondition

    ArmyCondition.objects.create(army=army, condition="defeated")  # defeated at full HP
    body = player_api.get(f"/api/armies/{army.pk}/").json()
    assert body["stat_block"] is None
    assert body["problems"]


def test_armies_filter_by_kingdom_and_status(gm_api, kingdom, army, rival_army):
    def ids(query):
        return {a["id"] for a in gm_api.get(f"/api/armies/?{query}").json()["results"]}

    assert ids(f"kingdom={kingdom.pk}") == {army.pk}
    assert ids("status=active") == {army.pk, rival_army.pk}
    assert ids("status=disbanded") == set()


def test_settlements_filter_by_kingdom(gm_api, kingdom, rival_kingdom):
    rows = gm_api.get(f"/api/settlements/?kingdom={rival_kingdom.pk}").json()["results"]
    assert [(s["name"], s["hex"]) for s in rows] == [("Pitax City", "P9")]


# --- reports -----------------------------------------------------------------------------------


def test_reports_render_their_messages_in_the_readers_language(player_api, kingdom):
    turn = KingdomTurnFactory(kingdom=kingdom, number=1, status="resolved")
    report = TurnReportFactory(turn=turn, outcome={"events": [
        {"code": "unknown", "message": "Unknown tactic: %(tactic)s.", "params": {"tactic": "x"}}]})
    body = player_api.get(f"/api/reports/?turn={turn.pk}", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert [r["id"] for r in body["results"]] == [report.pk]
    event = body["results"][0]["outcome"]["events"][0]
    assert event["text"] == "Неизвестная тактика: x."
    assert body["results"][0]["number"] == 1
    assert player_api.get(f"/api/reports/?kingdom={kingdom.pk}").json()["count"] == 1


# --- authentication ----------------------------------------------------------------------------


def test_a_token_is_had_for_username_and_password(player):
    client = APIClient()
    response = client.post("/api/auth/token/", {"username": "player-persona",
                                                 "password": "muster-test-password"})
    assert response.status_code == 200
    token = response.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/kingdoms/").status_code == 200
    wrong = APIClient().post("/api/auth/token/", {"username": "player-persona", "password": "x"})
    assert wrong.status_code == 400


def test_a_bad_token_answers_401(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.get("/api/kingdoms/").status_code == 401


def test_session_authentication_works_too(player, kingdom):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(player)
    assert client.get("/api/kingdoms/").json()["count"] == 1


def test_token_clients_need_no_csrf_token(player, open_turn):
    client = client_for(player)
    client.handler.enforce_csrf_checks = True
    response = client.post(f"/api/turns/{open_turn.pk}/ready/", {"ready": True}, format="json")
    assert response.status_code == 200


# --- schema and docs ---------------------------------------------------------------------------


def test_the_schema_is_openapi_and_lists_every_endpoint(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) >= {
        "/api/campaigns/", "/api/kingdoms/", "/api/kingdoms/{id}/current-turn/",
        "/api/settlements/", "/api/armies/", "/api/armies/{id}/", "/api/armies/{id}/foundry/",
        "/api/turns/",
        "/api/turns/{id}/ready/", "/api/reports/", "/api/activities/", "/api/activities/{id}/"}
    activities = schema["paths"]["/api/activities/"]["post"]
    assert {"201", "200", "400", "409"} <= set(activities["responses"])
    assert any(p["name"] == "Idempotency-Key" for p in activities["parameters"])
    as_json = client.get("/api/schema/?format=json")
    assert json.loads(as_json.content)["openapi"] == schema["openapi"]


def test_the_schema_documents_the_answers_to_bad_input(client):
    schema = json.loads(client.get("/api/schema/?format=json").content)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            answers, where = set(operation["responses"]), f"{method} {path}"
            queries = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
            if "requestBody" in operation:
                assert {"400", "413", "415"} <= answers, where
            if queries:
                assert "400" in answers, where
            if "{id}" in path or "page" in queries:
                assert "404" in answers, where
    assert "422" in schema["paths"]["/api/activities/"]["post"]["responses"]
    assert "409" in schema["paths"]["/api/sector-battles/{id}/orders/"]["put"]["responses"]


def test_the_schema_validates(client):
    # drf-spectacular's own check against the OpenAPI 3.0 JSON schema (raises when invalid).
    from drf_spectacular.validation import validate_schema

    validate_schema(yaml.safe_load(client.get("/api/schema/").content))


def test_the_docs_page_renders(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
    assert client.options("/api/docs/").status_code == 405


def test_the_docs_page_loads_its_assets_from_the_site_only(client, settings):
    page = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert len(assets) >= 3, page  # Swagger UI's stylesheet, bundle and preset
    for asset in assets:
        assert asset.startswith(settings.STATIC_URL), asset
        assert finders.find(asset.removeprefix(settings.STATIC_URL)), asset
    assert not re.search(r"(https?:)?//[\w-]+(\.[\w-]+)+/", page)  # nor in the inline script


def test_the_api_index_links_every_endpoint_and_each_link_answers(client, player_api, army):
    response = client.get("/api/")  # anonymous: links only
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    index = {name: urlsplit(url).path for name, url in response.json().items()}
    schema = yaml.safe_load(client.get("/api/schema/").content)
    collections = {path for path in schema["paths"] if "{" not in path}
    assert collections <= set(index.values())
    assert {"schema", "docs", "auth/token"} <= set(index)
    for name, path in index.items():
        # The token endpoints only take a POST (of username and password, or of the token).
        expected = 405 if name.startswith("auth/") else 200
        assert player_api.get(path).status_code == expected, name


def test_the_browsable_api_and_options_render(player, activity, report, army):
    client = APIClient()
    client.force_login(player)
    for url in ("/api/activities/", f"/api/activities/{activity.pk}/", "/api/armies/",
                f"/api/armies/{army.pk}/", "/api/turns/", f"/api/turns/{activity.turn_id}/",
                f"/api/kingdoms/{army.kingdom_id}/current-turn/", "/api/reports/",
                "/api/campaigns/", "/api/settlements/"):
        assert client.get(url, HTTP_ACCEPT="text/html").status_code == 200, url
        assert client.options(url).status_code == 200, url


def test_orders_are_json(player_api, open_turn):
    response = player_api.post("/api/activities/", f"turn={open_turn.pk}&kind=deploy_army",
                               content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415


def test_deadline_is_iso_8601(player_api, open_turn):
    body = player_api.get(f"/api/turns/{open_turn.pk}/").json()
    assert datetime.datetime.fromisoformat(body["deadline"].replace("Z", "+00:00")) == \
        open_turn.deadline
