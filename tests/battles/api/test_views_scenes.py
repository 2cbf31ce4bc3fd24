"""The battle endpoints' permission matrix, and plans, reports and odds through the API.

The player's kingdom attacks the rival's: both kingdoms' players see the scene, its report and its
odds; only the player (and the GM) plan the player's army; the rival plans their own. A bystander
(a third kingdom of the campaign, not in the battle) and the outsider (another campaign) get 404;
an anonymous request 401. Scenes are read-only: writes answer 405.
"""
from __future__ import annotations

from unittest import mock

import pytest
from api_support import allowed, client_for
from factories import (
    BattleParticipantFactory,
    BattleSceneFactory,
    UserFactory,
)

from battles import odds as odds_module
from battles import resolution
from battles.models import BattleParticipant, BattleScene, SceneStatus
from battles.services import scene_resolve_now
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db

PERSONAS = ["gm", "campaign_gm", "player", "rival", "bystander", "outsider", "anonymous"]
INSIDERS = {"gm", "campaign_gm", "player"}


def codes(insider: int, rival: int, stranger: int | None = None, anonymous: int = 401) -> dict:
    """The expected status for each persona (a stranger: the bystander and the outsider)."""
    stranger = rival if stranger is None else stranger
    return {**{p: insider for p in INSIDERS}, "rival": rival, "bystander": stranger,
            "outsider": stranger, "anonymous": anonymous}



@pytest.fixture
def scene(campaign, kingdom, rival_kingdom, army, rival_army):
    """The player's infantry attacks the rival's: a scene still taking plans."""
    scene = BattleSceneFactory(campaign=campaign, hex="C4", attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom)
    BattleParticipantFactory(scene=scene, army=army, side="attacker")
    BattleParticipantFactory(scene=scene, army=rival_army, side="defender")
    return scene


@pytest.fixture
def ours(scene, army) -> BattleParticipant:
    return scene.participants.get(army=army)


@pytest.fixture
def theirs(scene, rival_army) -> BattleParticipant:
    return scene.participants.get(army=rival_army)


@pytest.fixture
def fought(campaign, kingdom, rival_kingdom, army, rival_army):
    """The same armies' earlier battle, fought and reported."""
    scene = BattleSceneFactory(campaign=campaign, hex="C4", attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom)
    BattleParticipantFactory(scene=scene, army=army, side="attacker",
                             plan={"targeting": "strongest"})
    BattleParticipantFactory(scene=scene, army=rival_army, side="defender")
    assert scene_resolve_now(scene=scene, actor=SYSTEM) == "resolved"
    scene.refresh_from_db()
    return scene


@pytest.fixture
def world(scene, ours, fought, bystander) -> dict:
    return {"scene": scene, "ours": ours, "fought": fought}


PLAN = {"plan": {"targeting": "strongest", "use_potions": False}}


def _cases():
    yield "battles/", "get", codes(200, 200, 200)
    yield "battles/{scene}/", "get", codes(200, 200, 404)
    yield "battles/{fought}/report/", "get", codes(200, 200, 404)
    yield "battles/{scene}/odds/?runs=20&seed=3", "get", codes(200, 200, 404)
    yield "battle-participants/", "get", codes(200, 200, 200)
    yield "battle-participants/{ours}/", "get", codes(200, 200, 404)
    # The rival sees the player's army in the scene but does not plan it.
    yield "battle-participants/{ours}/", "patch", codes(200, 403, 404)
    yield "battles/", "post", codes(405, 405, 405)
    for method in ("put", "patch", "delete"):
        yield "battles/{scene}/", method, codes(405, 405, 405)
    yield "battles/{fought}/report/", "post", codes(405, 405, 405)
    yield "battles/{scene}/odds/", "post", codes(405, 405, 405)
    yield "battle-participants/", "post", codes(405, 405, 405)
    for method in ("put", "delete"):
        yield "battle-participants/{ours}/", method, codes(405, 405, 405)


CASES = [pytest.param(path, method, persona, expected[persona],
                      id=f"{method.upper()} {path} as {persona}")
         for path, method, expected in _cases() for persona in PERSONAS]


@pytest.mark.parametrize(("path", "method", "persona", "expected"), CASES)
def test_permission_matrix(api_as, world, path, method, persona, expected):
    url = "/api/" + path.format(**{name: obj.pk for name, obj in world.items()})
    response = getattr(api_as(persona), method)(url, PLAN if method != "get" else None,
                                                format="json")
    assert response.status_code == expected, response.content
    if expected == 401:
        assert response["WWW-Authenticate"].startswith("Token")


@pytest.mark.parametrize("persona", ["rival", "bystander", "outsider"])
def test_others_plans_change_nothing(api_as, world, persona):
    api_as(persona).patch(f"/api/battle-participants/{world['ours'].pk}/", PLAN, format="json")
    world["ours"].refresh_from_db()
    assert world["ours"].plan == {}


def test_the_rival_plans_their_own_army(api_as, scene, theirs):
    response = api_as("rival").patch(f"/api/battle-participants/{theirs.pk}/", PLAN,
                                     format="json")
    assert response.status_code == 200
    theirs.refresh_from_db()
    assert theirs.plan == PLAN["plan"]


def test_lists_hold_only_the_scenes_the_persona_fights_in(api_as, world):
    def ids(persona, endpoint):
        response = api_as(persona).get(f"/api/{endpoint}/")
        assert response.status_code == 200
        return {row["id"] for row in response.json()["results"]}

    scenes = {world["scene"].pk, world["fought"].pk}
    assert ids("player", "battles") == scenes
    assert ids("rival", "battles") == scenes
    assert ids("campaign_gm", "battles") == scenes
    assert ids("bystander", "battles") == set()
    assert ids("outsider", "battles") == set()
    assert ids("bystander", "battle-participants") == set()
    assert len(ids("player", "battle-participants")) == 4


def test_filtering_by_a_scene_one_does_not_see_is_refused(api_as, world):
    response = api_as("bystander").get(f"/api/battle-participants/?scene={world['scene'].pk}")
    assert response.status_code == 400
    assert set(response.json()) == {"scene"}


# --- plans -------------------------------------------------------------------------------------


def test_a_plan_is_stored_and_shown_with_the_actions_the_army_may_name(player_api, ours):
    response = player_api.patch(f"/api/battle-participants/{ours.pk}/", PLAN, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["plan"] == PLAN["plan"] and body["may_change_plan"] is True
    assert body["tactical_actions"] == []  # Live off the Land grants no war action


def test_plans_are_secret_until_the_battle_is_fought(api_as, ours, theirs, fought):
    client = api_as("player")
    client.patch(f"/api/battle-participants/{ours.pk}/", PLAN, format="json")
    seen_by_rival = api_as("rival").get(f"/api/battle-participants/{ours.pk}/").json()
    assert seen_by_rival["plan"] is None and seen_by_rival["may_change_plan"] is False
    assert api_as("campaign_gm").get(f"/api/battle-participants/{ours.pk}/").json()["plan"] == \
        PLAN["plan"]
    fought_ours = fought.participants.get(army=ours.army)
    assert api_as("rival").get(f"/api/battle-participants/{fought_ours.pk}/").json()["plan"] == {
        "targeting": "strongest"}


@pytest.mark.parametrize(("plan", "field"), [
    ({"targeting": "army", "target_army": "OWN"}, "target_army"),
    ({"targeting": "army"}, "target_army"),
    ({"retreat_below": 4}, "retreat_below"),
    ({"tactical_action": "feint"}, "tactical_action"),
    ({"stance": "charge"}, "stance"),
    ({"tactical_action": "rally"}, "tactical_action"),
    ({"speed": 3}, "speed"),
    ({"retreat_below": -1}, "retreat_below"),
    ({"target_army": "x"}, "target_army"),
])
def test_a_refused_plan_is_a_400_per_field(player_api, ours, army, plan, field):
    plan = {k: army.pk if v == "OWN" else v for k, v in plan.items()}
    response = player_api.patch(f"/api/battle-participants/{ours.pk}/", {"plan": plan},
                                format="json")
    assert response.status_code == 400, response.content
    assert set(response.json()) == {"plan"}
    assert set(response.json()["plan"]) == {field}
    ours.refresh_from_db()
    assert ours.plan == {}


@pytest.mark.parametrize("body", [{}, {"plan": []}, {"plan": {}, "army": 3}, []])
def test_a_malformed_body_is_a_400(player_api, ours, body):
    response = player_api.patch(f"/api/battle-participants/{ours.pk}/", body, format="json")
    assert response.status_code == 400


def test_the_rules_message_comes_in_the_readers_language(player_api, ours):
    response = player_api.patch(f"/api/battle-participants/{ours.pk}/",
                                {"plan": {"targeting": "army"}}, format="json")
    assert response.json()["plan"]["target_army"] == ["Name the enemy army to attack."]


@pytest.mark.parametrize("state", ["locked", "resolved"])
def test_plans_are_refused_with_409_once_the_scene_is_sent(player_api, scene, ours, state):
    if state == "locked":
        resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    else:
        scene_resolve_now(scene=scene, actor=SYSTEM)
    response = player_api.patch(f"/api/battle-participants/{ours.pk}/", PLAN, format="json")
    assert response.status_code == 409
    body = response.json()
    assert body["scene"] == scene.pk
    assert body["status"] == (SceneStatus.QUEUED if state == "locked" else SceneStatus.RESOLVED)
    detail = player_api.get(f"/api/battles/{scene.pk}/").json()
    assert detail["takes_plans"] is False


# --- reports and odds --------------------------------------------------------------------------


def test_the_report_has_rounds_rolls_and_results_with_text(api_as, fought):
    for persona in ("player", "rival", "campaign_gm"):
        response = api_as(persona).get(f"/api/battles/{fought.pk}/report/")
        assert response.status_code == 200
        outcome = response.json()["outcome"]
        assert outcome["seed"] == fought.seed and outcome["finished"] is True
        assert outcome["rounds"] and outcome["rolls"]
        event = outcome["rounds"][0]["events"][0]
        assert event["text"] == event["message"] % event["params"]
        assert {a["army"] for a in outcome["armies"]} == set(
            fought.participants.values_list("army_id", flat=True))
        assert {s["side"] for s in outcome["sides"]} == {"attackers", "defenders"}


def test_a_report_speaks_the_readers_language(player_api, fought):
    # Condition codes in the parameters come in the reader's language ("weary" → "измотано").
    from battles.models import BattleReport

    report = BattleReport.objects.get(scene=fought)
    report.outcome["after"] = [{"round": 9, "code": "x", "message": "%(condition)s",
                                "params": {"condition": "weary"}}]
    report.save()
    response = player_api.get(f"/api/battles/{fought.pk}/report/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.json()["outcome"]["after"][0]["text"] == "измотано"


def test_no_report_before_the_battle(player_api, scene):
    assert player_api.get(f"/api/battles/{scene.pk}/report/").status_code == 404
    assert player_api.get(f"/api/battles/{scene.pk}/").json()["has_report"] is False


def test_odds_are_the_same_for_the_same_seed(player_api, scene, army, rival_army):
    url = f"/api/battles/{scene.pk}/odds/?runs=50&seed=8"
    first = player_api.get(url).json()
    assert first == player_api.get(url).json()
    assert (first["runs"], first["seed"]) == (50, 8)
    assert [s["side"] for s in first["sides"]] == ["attacker", "defender"]
    for side in first["sides"]:
        assert 0 <= side["win"] <= 1 and 0 <= side["defeated"] <= 1
    assert {a["army"] for a in first["armies"]} == {army.pk, rival_army.pk}


def test_odds_without_a_seed_pick_one(player_api, scene):
    body = player_api.get(f"/api/battles/{scene.pk}/odds/?runs=5").json()
    assert body["runs"] == 5 and isinstance(body["seed"], int)


@pytest.mark.parametrize(("query", "field"), [
    ("runs=0", "runs"), ("runs=1001", "runs"), ("runs=many", "runs"), ("seed=-1", "seed"),
    ("runs=5&seed=x", "seed"),
])
def test_bad_odds_queries_are_a_400(player_api, scene, query, field):
    response = player_api.get(f"/api/battles/{scene.pk}/odds/?{query}")
    assert response.status_code == 400
    assert set(response.json()) == {field}


def test_scene_detail_shows_the_battlefield_and_the_armies(gm_api, scene, ours):
    body = gm_api.get(f"/api/battles/{scene.pk}/").json()
    assert (body["status"], body["takes_plans"], body["terrain"], body["fortification"]) == (
        "queued", True, "open", "")
    assert [p["id"] for p in body["participants"]][0] == ours.pk
    assert body["participants"][0]["may_change_plan"] is True


def test_the_gm_by_membership_plans_any_army(gm_api, theirs):
    response = gm_api.patch(f"/api/battle-participants/{theirs.pk}/", PLAN, format="json")
    assert response.status_code == 200


def test_a_superuser_outside_the_campaign_sees_and_plans_everything(db, scene, ours):
    admin = UserFactory(username="root", is_superuser=True, is_staff=True)
    client = client_for(admin)
    assert client.get(f"/api/battles/{scene.pk}/").status_code == 200
    assert client.patch(f"/api/battle-participants/{ours.pk}/", PLAN,
                        format="json").status_code == 200


def test_lists_take_a_fixed_number_of_queries(player_api, world, django_assert_max_num_queries,
                                              campaign, kingdom, rival_kingdom, army,
                                              rival_army):
    for _ in range(3):
        scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                                   defender_kingdom=rival_kingdom)
        BattleParticipantFactory(scene=scene, army=army, side="attacker")
        BattleParticipantFactory(scene=scene, army=rival_army, side="defender")
    with django_assert_max_num_queries(10):
        assert player_api.get("/api/battles/").status_code == 200
    with django_assert_max_num_queries(10):
        assert player_api.get("/api/battle-participants/").status_code == 200


# --- the odds: cached per scene state, throttled per user ---------------------------------------


@pytest.fixture
def engine_runs():
    """Count the odds the engine computes (the API's answers come from it or from the cache)."""
    with mock.patch.object(odds_module, "battle_odds", wraps=odds_module.battle_odds) as spy:
        yield spy


def test_odds_are_fought_once_per_scene_state(player_api, scene, ours, army, engine_runs):
    url = f"/api/battles/{scene.pk}/odds/?runs=20&seed=4"
    first = player_api.get(url).json()
    assert player_api.get(url).json() == first
    assert engine_runs.call_count == 1
    assert player_api.patch(f"/api/battle-participants/{ours.pk}/", PLAN,
                            format="json").status_code == 200
    player_api.get(url)
    assert engine_runs.call_count == 2
    BattleScene.objects.filter(pk=scene.pk).update(terrain="difficult")
    player_api.get(url)
    army.hp -= 1
    army.save()
    player_api.get(url)
    player_api.get(f"/api/battles/{scene.pk}/odds/?runs=21&seed=4")
    assert engine_runs.call_count == 5


def test_odds_without_a_seed_keep_their_answer_while_the_scene_stands(player_api, scene,
                                                                     engine_runs):
    url = f"/api/battles/{scene.pk}/odds/?runs=10"
    assert player_api.get(url).json() == player_api.get(url).json()
    assert engine_runs.call_count == 1


def test_odds_are_throttled_per_user(player_api, gm_api, scene):
    url = f"/api/battles/{scene.pk}/odds/?runs=1&seed=1"
    limit = allowed("battle-odds")
    assert {player_api.get(url).status_code for _ in range(limit)} == {200}
    throttled = player_api.get(url)
    assert throttled.status_code == 429 and "Retry-After" in throttled
    assert gm_api.get(url).status_code == 200
    assert player_api.get(f"/api/battles/{scene.pk}/").status_code == 200
