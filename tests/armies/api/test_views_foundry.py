"""GET /api/armies/{id}/foundry/: the army as a Foundry VTT army actor, for whoever may see the
army (its kingdom's players and the GM: visible_armies; the permission matrix has the rest)."""
from __future__ import annotations

import pytest
from admin_support import set_level
from api_support import client_for

from armies.selectors import army_foundry_actor

pytestmark = pytest.mark.django_db


def test_the_player_reads_their_army_as_the_back_office_exports_it(player_api, army):
    response = player_api.get(f"/api/armies/{army.pk}/foundry/")
    assert response.status_code == 200
    assert response.json() == army_foundry_actor(army)
    assert response.json()["items"][0]["system"]["slug"] == "live-off-the-land"


def test_the_gm_reads_it_too_and_a_rival_does_not(gm_api, rival, army):
    assert gm_api.get(f"/api/armies/{army.pk}/foundry/").json()["name"] == "Restov Guard"
    assert client_for(rival).get(f"/api/armies/{army.pk}/foundry/").status_code == 404


@pytest.mark.parametrize(("language", "message"), [
    ("en", "Infantry cannot be fielded below level 2 (asked: level 1)."),
    ("ru", "Войско «Infantry» нельзя выставить ниже уровня 2 (запрошен уровень 1)."),
])
def test_an_army_the_rules_cannot_compute_answers_400_with_its_problems(player_api, army,
                                                                       language, message):
    army.template.level = 2  # the kingdom (level 1) is now below the template's minimum
    army.template.save()
    set_level(army.kingdom, 1)
    response = player_api.get(f"/api/armies/{army.pk}/foundry/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    assert response.json() == {"army": {"level": [message]}}
