"""Army activities through the API: submit, list, change and withdraw until the turn locks; 400
with a message per field; 409 after the lock; Idempotency-Key replays."""
from __future__ import annotations

import json

import pytest
from api_support import DEPLOY
from factories import ArmyActivityFactory, KingdomTurnFactory

from armies.activity_params import PARAMS_SERIALIZERS
from armies.models import ArmyActivity
from armies.orders import param_defaults
from campaigns.models import KingdomTurn
from rules.kingmaker.activities import ACTIVITIES

pytestmark = pytest.mark.django_db

URL = "/api/activities/"


def deploy(turn, army, **params) -> dict:
    return {"turn": turn.pk, "kind": "deploy_army", "army": army.pk,
            "params": {**DEPLOY, **params}}


def recruit(turn, infantry, **params) -> dict:
    return {"turn": turn.pk, "kind": "recruit_army",
            "params": {"template": infantry.pk, "name": "Second Foot", "hex": "C4",
                       "tactics": ["live_off_the_land"], **params}}


def lock(turn) -> None:
    KingdomTurn.objects.filter(pk=turn.pk).update(status="locked")


# --- the params serializers follow the orders' parameters ------------------------------------


def test_every_kind_has_a_params_serializer_with_the_orders_fields():
    assert set(PARAMS_SERIALIZERS) == {kind.value for kind in ACTIVITIES}
    for kind in ACTIVITIES:
        fields = param_defaults(kind)
        serializer = PARAMS_SERIALIZERS[kind.value]()
        assert set(serializer.fields) == set(fields), kind
        for name, default in fields.items():
            field = serializer.fields[name]
            if not field.required:
                assert field.get_default() == default, (kind, name)


# --- submit ------------------------------------------------------------------------------------


def test_player_submits_an_army_activity(player_api, player, open_turn, army):
    response = player_api.post(URL, deploy(open_turn, army), format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    stored = ArmyActivity.objects.get(pk=body["id"])
    assert (stored.turn, stored.army, stored.kind, stored.submitted_by) == \
        (open_turn, army, "deploy_army", player)
    # The defaults are stored with the order.
    assert stored.params == {"destination": "D5", "skill": "exploration", "border": "none",
                             "road": False, "forced_march": False, "difficult_hexes": 0,
                             "path": [], "declared": False}
    assert body["params"] == stored.params
    assert {k: body[k] for k in ("turn", "kingdom", "army", "kind", "second", "status",
                                 "submitted_by")} == {
        "turn": open_turn.pk, "kingdom": open_turn.kingdom_id, "army": army.pk,
        "kind": "deploy_army", "second": False, "status": "queued",
        "submitted_by": "player-persona"}


def test_player_submits_a_leadership_activity(player_api, open_turn, infantry):
    response = player_api.post(URL, recruit(open_turn, infantry), format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["army"] is None
    assert response.json()["params"]["faction"] is None


def test_submitting_unreadies_the_turn(player_api, open_turn, army):
    KingdomTurn.objects.filter(pk=open_turn.pk).update(ready=True)
    assert player_api.post(URL, deploy(open_turn, army), format="json").status_code == 201
    open_turn.refresh_from_db()
    assert open_turn.ready is False


@pytest.mark.parametrize(("body", "errors"), [
    ({}, {"turn", "kind"}),
    ({"kind": "conquer_the_world"}, {"turn", "kind"}),
    # A valid kind has its params checked too (deploy_army needs a destination).
    ({"turn": "abc", "kind": "deploy_army"}, {"turn", "params"}),
    ({"turn": 99999999999999999999, "kind": "deploy_army", "params": DEPLOY}, {"turn"}),
    ({"turn": -1, "kind": "deploy_army", "params": DEPLOY}, {"turn"}),
    ({"turn": None, "kind": "deploy_army", "params": DEPLOY}, {"turn"}),
    ({"turn": [1], "kind": "deploy_army", "params": DEPLOY}, {"turn"}),
    ({"second": "perhaps"}, {"turn", "kind", "second"}),
    ({"surprise": 1}, {"turn", "kind", "surprise"}),
])
def test_malformed_orders_answer_400_per_field(player_api, open_turn, body, errors):
    response = player_api.post(URL, body, format="json")
    assert response.status_code == 400
    assert set(response.json()) == errors


@pytest.mark.parametrize("body", ["[]", "42", "null", '"text"', "{", "\xff"])
def test_a_body_that_is_not_an_object_answers_400(player_api, open_turn, body):
    response = player_api.generic("POST", URL, body.encode("latin-1"),
                                  content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize(("params", "field"), [
    ({"destination": None}, "destination"),
    ({"destination": ""}, "destination"),
    ({"border": "sideways"}, "border"),
    ({"skill": "warfare"}, "skill"),
    ({"difficult_hexes": "many"}, "difficult_hexes"),
    ({"difficult_hexes": -1}, "difficult_hexes"),
    ({"road": "maybe"}, "road"),
    ({"speed": 3}, "speed"),
    # The rules' verdicts, under the parameter they concern:
    ({"destination": "??"}, "destination"),
    ({"destination": "C4"}, "destination"),
    ({"destination": "Z99"}, "destination"),
    ({"road": True, "skill": "boating"}, "road"),
])
def test_bad_params_answer_400_under_params(player_api, open_turn, army, params, field):
    response = player_api.post(URL, deploy(open_turn, army, **params), format="json")
    assert response.status_code == 400, response.content
    body = response.json()
    assert set(body) == {"params"}, body
    assert set(body["params"]) == {field}, body
    assert all(isinstance(message, str) and message for message in body["params"][field])
    assert not ArmyActivity.objects.exists()


def test_text_that_cannot_be_stored_answers_400(player_api, open_turn, army):
    # A lone surrogate (valid JSON escape, not storable as UTF-8) must not reach the database.
    body = (f'{{"turn": {open_turn.pk}, "kind": "deploy_army", "army": {army.pk}, '
            '"params": {"destination": "D\\ud800"}}')
    response = player_api.generic("POST", URL, body, content_type="application/json")
    assert response.status_code == 400
    assert set(response.json()["params"]) == {"destination"}


@pytest.mark.parametrize("params", [[], "D5", 3, None])
def test_params_must_be_an_object(player_api, open_turn, army, params):
    response = player_api.post(URL, {**deploy(open_turn, army), "params": params}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"params"}
    assert isinstance(response.json()["params"], list)


def test_required_params_are_named(player_api, open_turn, army):
    response = player_api.post(URL, {"turn": open_turn.pk, "kind": "garrison_army",
                                      "army": army.pk}, format="json")
    assert response.status_code == 400
    assert response.json() == {"params": {"site": ["This field is required."]}}


def test_an_army_activity_needs_an_army(player_api, open_turn, army):
    response = player_api.post(URL, {**deploy(open_turn, army), "army": None}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"army"}


def test_a_leadership_activity_takes_no_army(player_api, open_turn, army, infantry):
    response = player_api.post(URL, {**recruit(open_turn, infantry), "army": army.pk},
                               format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"army"}


def test_a_leadership_activity_is_no_second_activity(player_api, open_turn, infantry):
    response = player_api.post(URL, {**recruit(open_turn, infantry), "second": True},
                               format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"second"}


def test_one_activity_per_army_per_turn(player_api, open_turn, army):
    assert player_api.post(URL, deploy(open_turn, army), format="json").status_code == 201
    response = player_api.post(URL, deploy(open_turn, army, destination="D6"), format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"army"}


def test_another_kingdoms_army_is_refused_by_field(player_api, open_turn, rival_army):
    response = player_api.post(URL, deploy(open_turn, rival_army), format="json")
    assert response.status_code == 400
    # The rules' refusal (registry.order_violations): only the kingdom's armies take its orders.
    assert response.json() == {"army": ["Choose one of the kingdom's armies."]}


def test_rule_messages_come_in_the_users_language(player_api, open_turn, army, infantry):
    response = player_api.post(URL, recruit(open_turn, infantry, name=army.name), format="json",
                               HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert response.json() == {"params": {"name": [
        f"У королевства уже есть войско с названием «{army.name}»."]}}


def test_only_the_gm_hands_out_captured_gear(player_api, gm_api, open_turn, army):
    body = {"turn": open_turn.pk, "kind": "outfit_army", "army": army.pk,
            "params": {"gear": "healing_potions", "doses": 1, "captured": True}}
    response = player_api.post(URL, body, format="json")
    assert response.status_code == 400
    assert set(response.json()["params"]) == {"captured"}
    response = gm_api.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["params"]["captured"] is True


# --- list, change, withdraw --------------------------------------------------------------------


def test_list_filters_by_turn_army_kind_and_status(player_api, open_turn, activity, infantry):
    other = ArmyActivityFactory(turn=open_turn, kind="recruit_army", status="withdrawn")

    def ids(query):
        response = player_api.get(f"{URL}?{query}")
        assert response.status_code == 200, response.json()
        return [row["id"] for row in response.json()["results"]]

    assert ids("") == [activity.pk, other.pk]
    assert ids(f"turn={open_turn.pk}") == [activity.pk, other.pk]
    assert ids(f"army={activity.army_id}") == [activity.pk]
    assert ids("kind=recruit_army") == [other.pk]
    assert ids("status=queued") == [activity.pk]
    assert player_api.get(f"{URL}?kind=nonsense").status_code == 400
    assert player_api.get(f"{URL}?army=abc").status_code == 400


def test_player_changes_the_params(player_api, activity):
    response = player_api.patch(f"{URL}{activity.pk}/", {"params": {"destination": "E6"}},
                                format="json")
    assert response.status_code == 200, response.json()
    activity.refresh_from_db()
    assert activity.params["destination"] == "E6"
    assert response.json()["params"] == activity.params


def test_player_reorders_and_marks_second(player_api, activity):
    response = player_api.patch(f"{URL}{activity.pk}/", {"position": 12}, format="json")
    assert response.status_code == 200
    activity.refresh_from_db()
    assert activity.position == 12


@pytest.mark.parametrize(("body", "errors"), [
    ({"params": {"destination": "C4"}}, {"params"}),
    ({"params": {"site": "refuge"}}, {"params"}),
    ({"params": "D5"}, {"params"}),
    ({"position": -1}, {"position"}),
    ({"position": 2**40}, {"position"}),
    ({"kind": "recruit_army"}, {"kind"}),
])
def test_bad_changes_answer_400(player_api, activity, body, errors):
    response = player_api.patch(f"{URL}{activity.pk}/", body, format="json")
    assert response.status_code == 400
    assert set(response.json()) == errors
    activity.refresh_from_db()
    assert activity.params == DEPLOY


def test_player_withdraws(player_api, activity):
    response = player_api.delete(f"{URL}{activity.pk}/")
    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    activity.refresh_from_db()
    assert activity.status == "withdrawn"
    # Withdrawn stays withdrawn; it cannot change either.
    again = player_api.delete(f"{URL}{activity.pk}/")
    assert again.status_code == 400
    assert set(again.json()) == {"non_field_errors"}
    assert player_api.patch(f"{URL}{activity.pk}/", {"position": 3},
                            format="json").status_code == 400


# --- after the lock: 409 with the deadline -----------------------------------------------------


def test_submitting_after_the_lock_answers_409_with_the_deadline(player_api, open_turn, army):
    lock(open_turn)
    response = player_api.post(URL, deploy(open_turn, army), format="json")
    assert response.status_code == 409
    body = response.json()
    assert body["status"] == "locked"
    assert body["turn"] == open_turn.pk
    assert body["deadline"] == open_turn.deadline.isoformat().replace("+00:00", "Z")
    assert body["detail"]
    assert not ArmyActivity.objects.exists()


def test_another_kingdoms_turn_answers_400_open_locked_or_missing(rival_kingdom, player_api,
                                                                    army):
    """A turn the player gives no orders for is one they cannot see: the same answer whether it
    exists, is open or is locked (a 409 would tell that another kingdom's turn is locked)."""
    turn = KingdomTurnFactory(kingdom=rival_kingdom, number=1)
    body = deploy(turn, army)
    answers = [player_api.post(URL, body, format="json")]
    lock(turn)
    answers.append(player_api.post(URL, body, format="json"))
    turn.delete()
    answers.append(player_api.post(URL, body, format="json"))
    assert [(r.status_code, r.json()) for r in answers] == [
        (400, {"turn": ["Choose a turn of your kingdom."]})] * 3
    assert not ArmyActivity.objects.exists()


@pytest.mark.parametrize("method", ["patch", "delete"])
def test_changing_after_the_lock_answers_409(player_api, activity, method):
    lock(activity.turn)
    response = getattr(player_api, method)(f"{URL}{activity.pk}/", {"position": 3}, format="json")
    assert response.status_code == 409
    assert response.json()["status"] == "locked"
    activity.refresh_from_db()
    assert (activity.status, activity.position) != ("withdrawn", 3)


# --- Idempotency-Key ---------------------------------------------------------------------------


def test_resubmitting_with_the_same_key_returns_the_first_result(player_api, open_turn, army):
    first = player_api.post(URL, deploy(open_turn, army), format="json",
                            HTTP_IDEMPOTENCY_KEY="order-1")
    again = player_api.post(URL, deploy(open_turn, army), format="json",
                            HTTP_IDEMPOTENCY_KEY="order-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert ArmyActivity.objects.count() == 1
    # Even once the turn has locked.
    lock(open_turn)
    late = player_api.post(URL, deploy(open_turn, army), format="json",
                           HTTP_IDEMPOTENCY_KEY="order-1")
    assert (late.status_code, late.json()["id"]) == (200, first.json()["id"])


def test_reusing_a_key_with_another_body_answers_422(player_api, open_turn, army):
    first = player_api.post(URL, deploy(open_turn, army), format="json",
                            HTTP_IDEMPOTENCY_KEY="order-1")
    other = player_api.post(URL, deploy(open_turn, army, destination="C5"), format="json",
                            HTTP_IDEMPOTENCY_KEY="order-1")
    assert other.status_code == 422
    assert other.json()["activity"] == first.json()["id"] and other.json()["detail"]
    # The same body in another key order and spacing is the same request: a replay.
    body = json.dumps(dict(reversed(list(deploy(open_turn, army).items()))), indent=2)
    again = player_api.generic("POST", URL, body, content_type="application/json",
                               HTTP_IDEMPOTENCY_KEY="order-1")
    assert (again.status_code, again.json()) == (200, first.json())
    assert ArmyActivity.objects.get().params["destination"] == "D5"


def test_a_key_stored_before_digests_replays_whatever_the_body(player_api, player, open_turn,
                                                               army):
    first = ArmyActivityFactory(turn=open_turn, army=army, kind="deploy_army", params=DEPLOY,
                                submitted_by=player, idempotency_key="old")
    again = player_api.post(URL, deploy(open_turn, army, destination="C5"), format="json",
                            HTTP_IDEMPOTENCY_KEY="old")
    assert (again.status_code, again.json()["id"]) == (200, first.pk)


def test_keys_are_per_user(player_api, gm_api, open_turn, army, infantry):
    assert player_api.post(URL, deploy(open_turn, army), format="json",
                           HTTP_IDEMPOTENCY_KEY="k").status_code == 201
    assert gm_api.post(URL, recruit(open_turn, infantry), format="json",
                       HTTP_IDEMPOTENCY_KEY="k").status_code == 201
    assert ArmyActivity.objects.count() == 2


def test_without_a_key_each_submission_is_new(player_api, open_turn, infantry):
    assert player_api.post(URL, recruit(open_turn, infantry), format="json").status_code == 201
    again = player_api.post(URL, recruit(open_turn, infantry, name="Third Foot"), format="json")
    assert again.status_code == 201


def test_an_overlong_key_answers_400(player_api, open_turn, army):
    response = player_api.post(URL, deploy(open_turn, army), format="json",
                               HTTP_IDEMPOTENCY_KEY="k" * 101)
    assert response.status_code == 400
    assert set(response.json()) == {"idempotency_key"}


def test_a_key_that_races_in_on_a_parallel_request_answers_with_the_winner(
        player_api, player, open_turn, army, monkeypatch):
    from django.db import IntegrityError

    from armies import activity_services

    won = []

    def lost_the_race(**kwargs):
        # The other request committed between the replay check and this insert: what the unique
        # constraint does then.
        if not won:
            won.append(ArmyActivityFactory(turn=open_turn, army=army, kind="deploy_army",
                                           params=DEPLOY, submitted_by=player,
                                           idempotency_key="race"))
        raise IntegrityError("activity_idempotency_key_once")

    monkeypatch.setattr(activity_services, "_submit", lost_the_race)
    response = player_api.post(URL, deploy(open_turn, army), format="json",
                               HTTP_IDEMPOTENCY_KEY="race")
    [winner] = won
    assert (response.status_code, response.json()["id"]) == (200, winner.pk)
    # The winner sent another body: the loser's order is not it.
    winner.idempotency_digest = "0" * 64
    winner.save()
    response = player_api.post(URL, deploy(open_turn, army), format="json",
                               HTTP_IDEMPOTENCY_KEY="race")
    assert (response.status_code, response.json()["activity"]) == (422, winner.pk)
