"""The API's world: the player's kingdom with a settlement, an open turn, an army with a queued
order and a resolved turn's report; the rival's kingdom in the same campaign; an outsider in
another campaign. Personas for the permission matrix, as API clients."""
from __future__ import annotations

import pytest
from api_support import DEPLOY, client_for
from factories import (
    ArmyActivityFactory,
    KingdomTurnFactory,
    TurnReportFactory,
    shipped_template,
)
from rest_framework.test import APIClient

from armies.services import army_recruit
from core.permissions import SYSTEM


@pytest.fixture
def army(kingdom):
    """The player's infantry in C4 (their settlement's hex)."""
    return army_recruit(kingdom=kingdom, template=shipped_template("Infantry"), name="Restov Guard",
                        hex="C4", tactics=["live_off_the_land"], user=SYSTEM)


@pytest.fixture
def rival_army(rival_kingdom):
    return army_recruit(kingdom=rival_kingdom, template=shipped_template("Infantry"),
                        name="Pitax Foot", hex="P9", tactics=["live_off_the_land"], user=SYSTEM)


@pytest.fixture
def activity(open_turn, army, player):
    """The player's queued order: deploy the army from C4 to D5."""
    return ArmyActivityFactory(turn=open_turn, army=army, kind="deploy_army",
                               params={**DEPLOY}, submitted_by=player)


@pytest.fixture
def report(kingdom):
    """The report of the kingdom's resolved turn 0."""
    return TurnReportFactory(turn=KingdomTurnFactory(kingdom=kingdom, number=0, status="resolved"))


@pytest.fixture
def api_as(request):
    """api_as("player") -> an APIClient authenticated (by token) as that persona fixture;
    api_as("anonymous") -> an unauthenticated one."""
    def make(persona: str) -> APIClient:
        if persona == "anonymous":
            return client_for(None)
        return client_for(request.getfixturevalue(persona))
    return make


@pytest.fixture
def player_api(player):
    return client_for(player)


@pytest.fixture
def gm_api(campaign_gm):
    return client_for(campaign_gm)
