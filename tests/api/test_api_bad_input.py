"""Bad input is a 4xx, never a 500, on every interface: JSON nested past any use answers 400,
a body over DATA_UPLOAD_MAX_MEMORY_SIZE 413 (API, pages, admin, whatever parses it), an id that
is not a number on an API route a JSON 404, text the answer cannot encode is escaped."""
from __future__ import annotations

import io
import json

import pytest
from api_support import DEPLOY, client_for
from django.core.exceptions import RequestDataTooBig
from django.test import Client
from rest_framework.exceptions import ParseError

from campaigns.api.exceptions import exception_handler
from campaigns.api.parsers import BoundedJSONParser, RequestTooLarge
from campaigns.bounded_json import MAX_DEPTH
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"
LIMIT = 4096  # DATA_UPLOAD_MAX_MEMORY_SIZE in these tests: small, so the bodies stay small


@pytest.fixture(autouse=True)
def _small_limit(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = LIMIT


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def json_writes(world) -> list[tuple[str, str]]:
    """Every API operation that parses a JSON body, on the player's own objects."""
    return [("post", "/api/activities/"),
            ("patch", f"/api/activities/{world['activity'].pk}/"),
            ("put", f"/api/armies/{world['army'].pk}/battle-plan/"),
            ("patch", "/api/me/preferences/"),
            ("put", f"/api/sector-battles/{world['sector_battle'].pk}/orders/")]


@pytest.fixture
def world(activity, army, campaign, kingdom, rival_kingdom):
    from factories import SectorBattleFactory, SectorUnitFactory

    from battles.sector import services as sector_services

    battle = SectorBattleFactory(campaign=campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom)
    for side in ("attacker", "defender"):
        SectorUnitFactory(battle=battle, side=side)
    return {"activity": activity, "army": army,
            "sector_battle": sector_services.battle_start(battle=battle, actor=SYSTEM)}


# --- deeply nested JSON ------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_deep_json_to_the_anonymous_token_endpoint_is_a_400(depth, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = None  # only the depth is at stake here
    response = Client().post(TOKEN_URL, nested(depth), content_type="application/json")
    assert response.status_code == 400
    assert "nested" in response.json()["detail"]


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_deep_json_to_every_json_write_is_a_400(depth, world, player, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = None
    api = client_for(player)
    for method, url in json_writes(world):
        response = api.generic(method.upper(), url, nested(depth), content_type="application/json")
        assert response.status_code == 400, (url, response.content)
        assert "nested" in response.json()["detail"]


def test_json_within_the_depth_bound_reaches_the_fields(player, open_turn, army):
    # The body, its params and the skill's lists: MAX_DEPTH levels in all.
    body = {"turn": open_turn.pk, "kind": "deploy_army", "army": army.pk,
            "params": {"destination": "D5", "skill": json.loads(nested(MAX_DEPTH - 2))}}
    response = client_for(player).post("/api/activities/", body, format="json")
    assert response.status_code == 400 and "params" in response.json()


# --- oversize bodies ---------------------------------------------------------------------------


def oversize_json() -> str:
    return json.dumps({"username": "x" * LIMIT, "password": "y"})


def test_an_oversize_body_to_the_anonymous_token_endpoint_is_a_413():
    for body, kind in ((oversize_json(), "application/json"),
                       ("username=" + "x" * LIMIT + "&password=y",
                        "application/x-www-form-urlencoded")):
        response = Client().post(TOKEN_URL, body, content_type=kind)
        assert response.status_code == 413, kind
        assert response.json() == {"detail": "The request body is too large."}


def test_an_oversize_body_to_every_json_write_is_a_413(world, player):
    api = client_for(player)
    for method, url in json_writes(world):
        response = api.generic(method.upper(), url, oversize_json(),
                               content_type="application/json")
        assert response.status_code == 413, url
        assert response["Content-Type"] == "application/json"


def test_a_body_within_the_limit_is_read(player, open_turn, army):
    body = {"turn": open_turn.pk, "kind": "deploy_army", "army": army.pk, "params": DEPLOY}
    assert len(json.dumps(body)) < LIMIT
    assert client_for(player).post("/api/activities/", body, format="json").status_code == 201


@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/", "/me/preferences/"])
def test_an_oversize_form_is_a_413_on_pages_and_the_admin(url, client, player):
    client.force_login(player)
    response = client.post(url, {"username": "x" * LIMIT, "password": "y"})
    assert response.status_code == 413


def test_a_content_length_that_is_not_a_number_is_a_400():
    response = Client().generic("POST", TOKEN_URL, "{}", content_type="application/json",
                                CONTENT_LENGTH="many")
    assert response.status_code == 400


def test_the_json_parser_bounds_a_stream_without_a_declared_length(settings):
    """What reaches the parser is read up to the limit, whatever the headers said."""
    parser = BoundedJSONParser()
    with pytest.raises(RequestTooLarge):
        parser.parse(io.BytesIO(oversize_json().encode()))
    with pytest.raises(ParseError):
        parser.parse(io.BytesIO(nested(2000).encode()))  # past the recursion limit
    assert parser.parse(io.BytesIO(b'{"a": [1]}')) == {"a": [1]}


def test_a_form_parser_reading_past_the_limit_answers_413():
    """Django's own check (form parsing) raises RequestDataTooBig: the API answers 413."""
    response = exception_handler(RequestDataTooBig("too big"), {})
    assert response.status_code == 413


# --- ids that are not numbers, unknown API URLs ------------------------------------------------


@pytest.mark.parametrize("path", [
    "armies/abc/", "armies/1x/", "armies/abc/battle-plan/", "armies/abc/foundry/", "activities/%20/",
    "campaigns/abc/", "kingdoms/abc/current-turn/", "settlements/abc/", "turns/abc/",
    "reports/abc/", "battles/abc/", "battles/abc/odds/", "battle-participants/abc/",
    "sector-battles/abc/", "sector-battles/abc/orders/", "sector-battles/abc/rounds/",
    "no-such-endpoint/",
])
@pytest.mark.parametrize("debug", [False, True])  # DEBUG (the embedded default) answers JSON too
def test_a_non_integer_id_or_unknown_url_under_the_api_is_a_json_404(path, debug, player,
                                                                      settings):
    settings.DEBUG = debug
    response = client_for(player).get(f"/api/{path}")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


def test_an_api_url_without_its_slash_still_redirects(player):
    assert client_for(player).get("/api/armies")["Location"] == "/api/armies/"


def test_an_unknown_page_is_still_a_page_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


# --- text the answer cannot encode -------------------------------------------------------------


def test_a_lone_surrogate_quoted_back_is_escaped(player, open_turn, army):
    body = json.dumps({"turn": open_turn.pk, "kind": "\ud800", "army": army.pk, "params": {}})
    response = client_for(player).generic("POST", "/api/activities/", body,
                                          content_type="application/json")
    assert response.status_code == 400
    assert "\\ud800" in response.content.decode()
    assert "kind" in response.json()


# --- the admin's JSON fields -------------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5000])
def test_deep_json_in_an_admin_form_is_a_form_error(depth, admin_client, settings):
    # An order's parameters and a battle plan are fields now: the catalog's lists stay JSON.
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = None
    url, field = "/admin/armies/armytemplate/add/", "tactics"
    response = admin_client.post(url, {field: nested(depth)})
    assert response.status_code == 200, url
    assert field in response.context["adminform"].form.errors, url
