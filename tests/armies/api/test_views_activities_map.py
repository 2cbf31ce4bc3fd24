"""Deploy Army and Garrison Army orders on a campaign with a map, through the API (issue 15,
point 2): a path is a list of hexes; orders naming impossible hexes or paths answer 400 with the
field; the map's override `declared` is the GM's alone."""
from __future__ import annotations

import pytest
from map_world import paint_map

from armies.models import ArmyActivity

pytestmark = pytest.mark.django_db

URL = "/api/activities/"


@pytest.fixture(autouse=True)
def _map(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)


def deploy(turn, army, **params) -> dict:
    return {"turn": turn.pk, "kind": "deploy_army", "army": army.pk,
            "params": {"destination": "E4", "skill": "exploration", **params}}


@pytest.mark.parametrize("params, field, code", [
    ({"path": ["D4", "??", "E4"]}, "path", "??"),                  # not a hex at all
    ({"destination": "D5", "path": ["D5"]}, "path", "not next"),   # C4 is not next to D5
    ({"destination": "B5", "path": ["B4", "A4", "B5"]}, "path", "not on the campaign map"),
    ({"destination": "D5", "skill": "boating", "path": ["C5", "D5"]}, "path", "C5 is land"),
    ({"destination": "A4"}, "destination", "not on the campaign map"),
    ({"path": ["D4"]}, "path", "must end at the destination"),
])
def test_an_impossible_path_or_hex_answers_400_with_its_field(player_api, open_turn, army,
                                                              params, field, code):
    response = player_api.post(URL, deploy(open_turn, army, **params), format="json")
    assert response.status_code == 400, response.json()
    errors = response.json()["params"]
    assert set(errors) == {field}
    assert code.lower() in " ".join(map(str, errors[field])).lower()
    assert not ArmyActivity.objects.exists()


def test_the_path_is_a_list_of_hexes_not_a_string(player_api, open_turn, army):
    response = player_api.post(URL, deploy(open_turn, army, path="D4 E4"), format="json")
    assert response.status_code == 400
    assert set(response.json()["params"]) == {"path"}


def test_a_path_on_the_map_is_stored_as_its_hexes(player_api, open_turn, army):
    response = player_api.post(URL, deploy(open_turn, army, path=["d4", "E4"]), format="json")
    assert response.status_code == 201, response.json()
    assert ArmyActivity.objects.get().params["path"] == ["d4", "E4"]


def test_a_player_may_not_set_the_maps_override(player_api, open_turn, army):
    # The declared facts say no border; the map's route into E4 crosses Pitax's.
    response = player_api.post(URL, deploy(open_turn, army, declared=True, border="none"),
                               format="json")
    assert response.status_code == 400
    errors = response.json()["params"]
    assert set(errors) == {"declared"}
    assert "game master" in str(errors["declared"])
    assert not ArmyActivity.objects.exists()


def test_the_gm_sets_the_override_and_the_map_is_not_read(gm_api, open_turn, army):
    # Declared: the path names a hex the map does not hold, yet the order goes by its
    # declarations as on a campaign without a map.
    response = gm_api.post(URL, deploy(open_turn, army, destination="D6", declared=True,
                                       path=["Q9"]), format="json")
    assert response.status_code == 201, response.json()
    assert ArmyActivity.objects.get().params["declared"] is True


def test_a_player_may_not_change_the_gms_override(player_api, gm_api, open_turn, army):
    created = gm_api.post(URL, deploy(open_turn, army, declared=True), format="json").json()
    response = player_api.patch(f"{URL}{created['id']}/",
                                {"params": {"destination": "D4", "declared": True}},
                                format="json")
    assert response.status_code == 400
    assert set(response.json()["params"]) == {"declared"}


def test_a_garrison_needs_the_site_the_map_marks_in_its_hex(player_api, open_turn, army):
    # The army stands in C4, the kingdom's settlement hex, with no work site painted there.
    body = {"turn": open_turn.pk, "kind": "garrison_army", "army": army.pk,
            "params": {"site": "work_site"}}
    response = player_api.post(URL, body, format="json")
    assert response.status_code == 400
    assert set(response.json()["params"]) == {"site"}
    body["params"] = {"site": "settlement"}
    assert player_api.post(URL, body, format="json").status_code == 201
