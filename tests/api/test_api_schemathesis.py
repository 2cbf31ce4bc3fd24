"""Property-based checks from the OpenAPI schema (schemathesis): whatever a signed-in player or
the campaign's GM sends to any operation, data that fits the schema or data that does not, the API
never answers 5xx, and every answer's status and body are ones the schema publishes.

The schema is the one /api/schema/ serves, generated at collection (no database needed) so that
each operation is a test of its own. Requests go to the WSGI app inside the test's transaction
(the `db` fixture: the shipped army templates stay), so they see the fixtures' world.
"""
from __future__ import annotations

import json
import os

import pytest
import schemathesis
from api_support import DEPLOY
from django.core import signals
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from factories import (
    ArmyActivityFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    KingdomTurnFactory,
    SectorBattleFactory,
    SectorUnitFactory,
    TurnReportFactory,
    api_token,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from battles.sector import services as sector_services
from campaigns.map_services import map_paint
from config.wsgi import application
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db

# Examples per operation, persona and mode; API_EXAMPLES=500 for a longer hunt.
EXAMPLES = int(os.environ.get("API_EXAMPLES", "8"))
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


def _load_schema():
    document = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(document)))
    schema.app = application
    return schema


def _negatable(operation) -> bool:
    """Whether there is anything to send out of shape (an operation without parameters or a body
    has no negative data; the Authorization header is the test's own)."""
    headers = [header for header in operation.headers if header.name != "Authorization"]
    return any(len(part) for part in (operation.path_parameters, operation.query, headers,
                                      operation.body))


OPERATIONS = [result.ok() for result in _load_schema().get_all_operations()]
CASES = [pytest.param(operation, mode, id=f"{operation.label}-{mode}") for operation in OPERATIONS
         for mode in GenerationMode if mode.is_positive or _negatable(operation)]


@pytest.fixture
def _same_connection():
    """Keep the app from closing the test's connection (and its transaction) after each request,
    as Django's test client does."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(player, campaign, kingdom, open_turn, army, rival_army) -> dict[str, int]:
    """The player's objects by endpoint: generated ids are aimed at them half of the time."""
    activity = ArmyActivityFactory.create(turn=open_turn, army=army, kind="deploy_army",
                                   params={**DEPLOY}, submitted_by=player)
    report = TurnReportFactory.create(turn=KingdomTurnFactory.create(kingdom=kingdom, number=0,
                                                       status="resolved"))
    # A battle of one army a side that takes plans (its odds fight quickly).
    scene = BattleSceneFactory.create(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_army.kingdom)
    ours = BattleParticipantFactory.create(scene=scene, army=army, side="attacker")
    BattleParticipantFactory.create(scene=scene, army=rival_army, side="defender")
    sector = SectorBattleFactory.create(campaign=campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_army.kingdom)
    for side in ("attacker", "defender"):
        SectorUnitFactory.create(battle=sector, side=side)
    sector_services.battle_start(battle=sector, actor=SYSTEM)
    # A map with the kingdom's territory, so the map's answer has hexes and armies to check.
    map_paint(actor=SYSTEM, campaign=campaign, coords="B3-E6", claimed_by=kingdom,
              add_edges={"roads": ["n", "s"]})
    return {"activities": activity.pk, "armies": army.pk, "campaigns": campaign.pk,
            "kingdoms": kingdom.pk, "reports": report.pk, "turns": open_turn.pk,
            "settlements": kingdom.settlements.get().pk, "battles": scene.pk,
            "battle-participants": ours.pk, "sector-battles": sector.pk}


def _aim(case, world: dict[str, int]) -> None:
    """Point the case at the player's own objects, so that the rules engine gets the params."""
    endpoint = case.operation.path.split("/")[2]
    if case.path_parameters and "id" in case.path_parameters:
        case.path_parameters["id"] = world[endpoint]
    if case.method == "POST" and endpoint == "activities" and isinstance(case.body, dict):
        case.body["turn"] = world["turns"]
        if case.body.get("army") is not None:
            case.body["army"] = world["armies"]


@pytest.mark.parametrize("persona", ["player", "campaign_gm"])
@pytest.mark.parametrize(("operation", "mode"), CASES)
def test_no_server_error_and_answers_match_the_schema(operation, persona, mode, world, request,
                                                      _same_connection):
    user = request.getfixturevalue(persona)
    token = api_token(user)

    @given(case=operation.as_strategy(generation_mode=mode), aim=st.booleans())
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    def check(case, aim):
        if aim:
            _aim(case, world)
        response = case.call(headers={"Authorization": f"Token {token}"})
        case.validate_response(response, checks=CHECKS)

    check()
