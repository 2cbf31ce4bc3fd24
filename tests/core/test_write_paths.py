"""Every interface that makes a write gives the same refusal as its service: an input that breaks
a rule, and an actor without permission, get the same messages through the service, the API, the
page and the admin (issue 12: "interfaces only translate input and output")."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest
from admin_objects import admin_url
from admin_support import add_inline_row, change_form_data, messages_of
from api_support import DEPLOY, client_for
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from factories import (
    ArmyConditionFactory,
    ArmyFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    SectorBattleFactory,
    shipped_card,
)

from armies.activity_params import validated_params
from armies.activity_services import activity_change, activity_submit, activity_withdraw
from armies.adapters import render_violation
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from armies.selectors import army_foundry_actor
from armies.services import army_disband, army_import_foundry, army_save, kingdom_set_level
from battles.models import BattleScene
from battles.sector.models import SectorBattle
from battles.sector.services import battle_add_side_armies, orders_submit, unit_add
from battles.services import participant_add, participant_set_plan
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_choose_ruin, turn_extend, turn_open
from core.permissions import NotPermitted
from rules.errors import RuleViolation
from turns import previews
from turns.services import turn_mark_ready, turn_reopen, turns_resolve_now

pytestmark = pytest.mark.django_db

GM_ONLY = "Only the game master puts armies into a battle."
NOT_YOUR_PLAN = "Only this army's kingdom and the GM plan its battle."


def texts(body) -> set[str]:
    """Every message of an answer's body (a 400's fields, a 403's detail, form errors)."""
    if isinstance(body, dict):
        return set().union(*(texts(v) for v in body.values())) if body else set()
    if isinstance(body, (list, tuple)):
        return set().union(*(texts(v) for v in body)) if body else set()
    return {str(body)}


def refusal(call, **kwargs) -> tuple[type, set[str]]:
    """What the service answers: its error type and messages."""
    with pytest.raises(RuleViolation) as refused:
        call(**kwargs)
    return type(refused.value), {render_violation(v) for v in refused.value.violations}


def signed_in(user) -> Client:
    """A page client of its own (`client` and `gm_client` are one client)."""
    client = Client()
    client.force_login(user)
    return client


def form_errors(response) -> set[str]:
    """The messages of a page's or an admin change form's form and inline forms."""
    context = response.context
    found: set[str] = set()
    if "form" in context and context["form"] is not None and "adminform" not in context:
        found |= texts(dict(context["form"].errors))
    if "adminform" in context:
        found |= texts(dict(context["adminform"].form.errors))
        for inline in context["inline_admin_formsets"]:
            found |= texts([dict(f.errors) for f in inline.formset.forms])
    return found


# -- army orders ----------------------------------------------------------------------------


@pytest.fixture
def army(kingdom):
    return ArmyFactory(kingdom=kingdom, name="Restov Guard", hex="C4")


@pytest.fixture
def first_deploy(open_turn, army, player):
    """The army's deployment this turn: a second one breaks the one-activity-per-army rule."""
    return activity_submit(turn=open_turn, user=player, kind="deploy_army", army=army,
                           params=validated_params("deploy_army", DEPLOY))[0]


def test_a_second_activity_of_an_army_is_refused_alike_everywhere(first_deploy, open_turn, army,
                                                                  player, gm_client):
    _type, expected = refusal(activity_submit, turn=open_turn, user=player, kind="deploy_army",
                              army=army, params=validated_params("deploy_army", DEPLOY))
    assert expected

    api = client_for(player).post("/api/activities/", {
        "turn": open_turn.pk, "kind": "deploy_army", "army": army.pk, "params": DEPLOY},
        format="json")
    assert api.status_code == 400
    page = signed_in(player).post(reverse("orders", args=[open_turn.kingdom_id]), {
        "army": army.pk, "kind": "deploy_army", "destination": "D5", "skill": "exploration",
        "border": "none", "difficult_hexes": 0, "action": "submit"})
    assert page.status_code == 200
    admin = gm_client.post(admin_url(ArmyActivity, "add"), {
        "turn": open_turn.pk, "army": army.pk, "kind": "deploy_army", "position": 2,
        "destination": "D5", "skill": "exploration", "border": "none", "difficult_hexes": 0})
    assert admin.status_code == 200
    assert texts(api.json()) == form_errors(page) == form_errors(admin) == expected
    assert ArmyActivity.objects.count() == 1


def test_withdrawing_a_withdrawn_order_is_refused_alike_everywhere(first_deploy, player,
                                                                   gm_client):
    activity_withdraw(activity=first_deploy, user=player)
    _type, expected = refusal(activity_withdraw, activity=first_deploy, user=player)

    api = client_for(player).delete(f"/api/activities/{first_deploy.pk}/")
    assert api.status_code == 400
    page = signed_in(player).post(reverse("order-withdraw", args=[first_deploy.turn.kingdom_id,
                                                       first_deploy.pk]), follow=True)
    admin = gm_client.post(admin_url(ArmyActivity, "changelist"), {
        "action": "withdraw", "index": 0, "_selected_action": [first_deploy.pk]}, follow=True)
    # The admin names which of the selected orders each message is about.
    admin_errors = {m.removeprefix(f"{first_deploy}: ") for m in messages_of(admin)
                    if m.startswith(f"{first_deploy}: ")}
    assert texts(api.json()) == set(messages_of(page)) == admin_errors == expected
    first_deploy.refresh_from_db()
    assert first_deploy.status == ActivityStatus.WITHDRAWN


def test_a_players_captured_gear_is_refused_alike_everywhere(open_turn, army, player):
    captured = {"gear": "healing_potions", "doses": 1, "captured": True}
    kind, expected = refusal(activity_submit, turn=open_turn, user=player, kind="outfit_army",
                             army=army, params=validated_params("outfit_army", captured))
    api = client_for(player).post("/api/activities/", {
        "turn": open_turn.pk, "kind": "outfit_army", "army": army.pk, "params": captured},
        format="json")
    # The orders page offers players no captured box and the admin is the GM's
    # (tests/armies/test_services_captured_gear.py): the API is the one other way a player asks.
    assert (api.status_code, texts(api.json())) == (400, expected)
    assert expected == {"Only the game master hands out captured gear."}
    assert not ArmyActivity.objects.exists()


# -- armies joining a battle ----------------------------------------------------------------


@pytest.fixture
def beaten(kingdom):
    # Seed 003: "Разгромленное войско не может совершать боевые действия."
    army = ArmyFactory(kingdom=kingdom, name="Beaten", hex="C4")
    ArmyConditionFactory(army=army, condition="defeated", value=0)
    return army


@pytest.fixture
def scene(campaign, kingdom, rival_kingdom):
    return BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                              defender_kingdom=rival_kingdom)


@pytest.fixture
def sector_battle(campaign, kingdom, rival_kingdom):
    return SectorBattleFactory(campaign=campaign, hex="C4", attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom)


def test_an_army_that_may_not_fight_is_refused_alike_by_both_battle_kinds(
        scene, sector_battle, beaten, gm, gm_client):
    _type, expected = refusal(participant_add, actor=gm, scene=scene, army=beaten,
                              side="attacker")
    assert expected == {"Beaten is defeated and cannot fight."}
    assert refusal(unit_add, actor=gm, battle=sector_battle, side="attacker",
                   card=shipped_card(), name="Beaten", army=beaten)[1] == expected

    data = change_form_data(gm_client.get(admin_url(BattleScene, "change", scene.pk)))
    add_inline_row(data, "participants", army=beaten.pk, side="attacker", starts_shaken=0,
                   stance="advance", targeting="weakest")
    scene_inline = gm_client.post(admin_url(BattleScene, "change", scene.pk), data)
    data = change_form_data(gm_client.get(admin_url(SectorBattle, "change", sector_battle.pk)))
    add_inline_row(data, "units", side="attacker", card=shipped_card().pk, name="Beaten",
                   army=beaten.pk)
    sector_inline = gm_client.post(admin_url(SectorBattle, "change", sector_battle.pk), data)
    assert form_errors(scene_inline) == form_errors(sector_inline) == expected
    assert not scene.participants.exists() and not sector_battle.units.exists()


def test_a_player_puts_no_army_into_a_battle(scene, sector_battle, army, player):
    expected = (NotPermitted, {GM_ONLY})
    assert refusal(participant_add, actor=player, scene=scene, army=army,
                   side="attacker") == expected
    assert refusal(unit_add, actor=player, battle=sector_battle, side="attacker",
                   card=shipped_card(), name="Guard", army=army) == expected
    assert refusal(battle_add_side_armies, actor=player, battle=sector_battle) == expected
    # The admin, the one interface that adds armies, lets no player in at all.
    assert signed_in(player).get(admin_url(BattleScene, "change", scene.pk)).status_code == 302
    assert not scene.participants.exists() and not sector_battle.units.exists()


# -- battle plans ---------------------------------------------------------------------------


@pytest.fixture
def ours(scene, army):
    BattleParticipantFactory(scene=scene, army=ArmyFactory(kingdom=scene.defender_kingdom,
                                                           name="Pitax Foot"), side="defender")
    return BattleParticipantFactory(scene=scene, army=army, side="attacker")


def test_a_plan_the_rules_refuse_is_refused_alike_everywhere(ours, player, gm_client):
    plan = {"targeting": "army"}
    _type, expected = refusal(participant_set_plan, actor=player, participant=ours, plan=plan)
    assert expected

    api = client_for(player).patch(f"/api/battle-participants/{ours.pk}/", {"plan": plan},
                                   format="json")
    assert api.status_code == 400
    page = signed_in(player).post(reverse("battle-plan", args=[ours.army.kingdom_id, ours.pk]), {
        "stance": "advance", "targeting": "army", "target_army": "", "retreat_below": "",
        "tactical_action": ""})
    assert page.status_code == 200
    data = change_form_data(gm_client.get(admin_url(BattleScene, "change", ours.scene_id)))
    row = next(k for k, v in data.items() if k.endswith("-id") and v == str(ours.pk))
    data.update({row.replace("-id", "-targeting"): "army", row.replace("-id", "-target_army"): ""})
    admin = gm_client.post(admin_url(BattleScene, "change", ours.scene_id), data)
    assert texts(api.json()) == form_errors(page) == form_errors(admin) == expected
    ours.refresh_from_db()
    assert ours.plan == {}


def test_another_kingdoms_plan_is_refused_alike_everywhere(ours, rival):
    expected = (NotPermitted, {NOT_YOUR_PLAN})
    assert refusal(participant_set_plan, actor=rival, participant=ours, plan={}) == expected
    api = client_for(rival).patch(f"/api/battle-participants/{ours.pk}/", {"plan": {}},
                                  format="json")
    assert (api.status_code, texts(api.json())) == (403, expected[1])
    # The plan page shows a player only their own kingdom: another's is not found.
    page = signed_in(rival).get(reverse("battle-plan", args=[ours.army.kingdom_id, ours.pk]))
    assert page.status_code == 404


# -- the GM's edit of an army ----------------------------------------------------------------


def test_an_army_off_the_map_is_refused_alike_by_the_service_and_the_admin(army, gm, gm_client):
    url = admin_url(Army, "change", army.pk)
    data = change_form_data(gm_client.get(url))
    admin = gm_client.post(url, {**data, "hex": "Q😀"})
    assert admin.status_code == 200
    army.hex = "Q😀"
    _type, expected = refusal(army_save, army=army, user=gm)
    assert form_errors(admin) == expected
    assert Army.objects.get(pk=army.pk).hex == "C4"


def test_a_foundry_import_the_rules_refuse_is_refused_alike_everywhere(army, gm, gm_client,
                                                                       tmp_path):
    # Magic armor is a level 5 item; the kingdom is level 1.
    actor = army_foundry_actor(army)
    actor["name"], actor["system"]["ac"]["potency"] = "Armored Guard", 1
    _type, expected = refusal(army_import_foundry, kingdom=army.kingdom, data=actor, user=gm)
    assert expected == {"magic_armor is a level 5 item; this army is level 1."}

    upload = SimpleUploadedFile("army.json", json.dumps(actor).encode())
    admin = gm_client.post(reverse("admin:armies_army_foundry_import"),
                           {"file": upload, "kingdom": army.kingdom_id})
    path = tmp_path / "army.json"
    path.write_text(json.dumps(actor))
    with pytest.raises(CommandError) as command:
        call_command("foundry_import", str(path), "--kingdom", str(army.kingdom_id))
    assert form_errors(admin) == set(str(command.value).splitlines()) == expected
    assert not Army.objects.filter(name="Armored Guard").exists()


def test_a_player_imports_no_army_from_foundry(army, player):
    actor = {**army_foundry_actor(army), "name": "Smuggled"}
    assert refusal(army_import_foundry, kingdom=army.kingdom, data=actor, user=player) == (
        NotPermitted, {"Only the game master edits armies."})
    # The import page is the back office's, which lets no player in at all.
    assert signed_in(player).get(reverse("admin:armies_army_foundry_import")).status_code == 302



# -- sector battle orders --------------------------------------------------------------------


def test_orders_for_another_kingdoms_side_are_refused_alike(sector_battle, rival):
    expected = (NotPermitted, {"You see and order only your own side of this battle."})
    assert refusal(orders_submit, battle=sector_battle, side="attacker", user=rival,
                   data={}) == expected
    api = client_for(rival).put(f"/api/sector-battles/{sector_battle.pk}/orders/",
                                {"side": "attacker", "orders": {}}, format="json")
    assert (api.status_code, texts(api.json())) == (403, expected[1])



def test_a_player_edits_no_army(army, player):
    expected = (NotPermitted, {"Only the game master edits armies."})
    army.hp -= 1
    assert refusal(army_save, army=army, user=player) == expected
    assert refusal(army_disband, army=army, user=player) == expected
    # The army admin, the one interface of these edits, lets no player in at all.
    assert signed_in(player).get(admin_url(Army, "change", army.pk)).status_code == 302
    assert Army.objects.get(pk=army.pk).hp == army.hp + 1


# -- kingdom turns ---------------------------------------------------------------------------

TURN_GM_ONLY = "Only the game master manages the kingdom turns."


def turn_action(client, action: str, turn: KingdomTurn) -> set[str]:
    """The admin's messages about `turn` after the changelist action, without its name."""
    response = client.post(admin_url(KingdomTurn, "changelist"), {
        "action": action, "index": 0, "_selected_action": [turn.pk]}, follow=True)
    return {m.removeprefix(f"{turn}: ") for m in messages_of(response)
            if m.startswith(f"{turn}: ")}


def test_a_player_manages_no_turn(open_turn, player):
    expected = (NotPermitted, {TURN_GM_ONLY})
    deadline = open_turn.deadline
    one_turn = KingdomTurn.objects.filter(pk=open_turn.pk)
    assert refusal(turn_extend, actor=player, turn=open_turn,
                   deadline=deadline + timedelta(days=1)) == expected
    assert refusal(turn_reopen, actor=player, turn=open_turn) == expected
    assert refusal(turns_resolve_now, actor=player, turns=one_turn) == expected
    assert refusal(turn_open, actor=player, kingdom=open_turn.kingdom) == expected
    assert refusal(turn_choose_ruin, actor=player, turn=open_turn, ruin_choice="crime") == expected
    assert refusal(previews.commit, campaign_id=open_turn.kingdom.campaign_id, stored={},
                   actor=player) == expected
    assert refusal(kingdom_set_level, actor=player, kingdom=open_turn.kingdom, level=2) == (
        NotPermitted, {"Only the game master changes a kingdom's level."})
    # The admin, where the GM extends, reopens, resolves and opens turns, lets no player in, and
    # the GM's turn page is not found for them.
    assert signed_in(player).get(admin_url(KingdomTurn, "changelist")).status_code == 302
    page = signed_in(player).post(reverse("gm-resolve-now", args=[
        open_turn.kingdom.campaign_id, open_turn.pk]))
    assert page.status_code == 404
    assert one_turn.get().deadline == deadline and one_turn.get().status == TurnStatus.OPEN
    assert one_turn.get().ruin_choice == ""
    assert Kingdom.objects.get(pk=open_turn.kingdom_id).level == 1


def test_extending_a_closed_turn_is_refused_alike_everywhere(open_turn, gm, gm_client):
    later = open_turn.deadline + timedelta(days=1)
    KingdomTurn.objects.filter(pk=open_turn.pk).update(status=TurnStatus.LOCKED)
    _type, expected = refusal(turn_extend, actor=gm, turn=open_turn, deadline=later)
    assert expected == {"Only an open turn's deadline can move."}
    form = gm_client.post(admin_url(KingdomTurn, "change", open_turn.pk), {
        "deadline_0": later.strftime("%Y-%m-%d"), "deadline_1": later.strftime("%H:%M:%S"),
        "ruin_choice": "", "activities-TOTAL_FORMS": "0", "activities-INITIAL_FORMS": "0"})
    assert form.status_code == 200
    assert form_errors(form) == turn_action(gm_client, "extend_one_day", open_turn) == expected
    assert KingdomTurn.objects.get(pk=open_turn.pk).deadline == open_turn.deadline


def test_reopening_a_turn_that_did_not_fail_is_refused_alike(open_turn, gm, gm_client):
    _type, expected = refusal(turn_reopen, actor=gm, turn=open_turn)
    assert expected == {"Only a failed turn can be reopened."}
    assert turn_action(gm_client, "reopen_failed", open_turn) == expected
    assert KingdomTurn.objects.get(pk=open_turn.pk).status == TurnStatus.OPEN


def test_another_kingdoms_turn_is_not_marked_ready(open_turn, rival):
    expected = (NotPermitted,
                {"Only the kingdom's players and the game master mark its orders ready."})
    assert refusal(turn_mark_ready, actor=rival, turn=open_turn) == expected
    # The API, the one interface of "ready", shows a player only their own kingdom's turns.
    api = client_for(rival).post(f"/api/turns/{open_turn.pk}/ready/", {"ready": True},
                                 format="json")
    assert api.status_code == 404
    assert not KingdomTurn.objects.get(pk=open_turn.pk).ready


def test_orders_for_another_kingdoms_turn_are_refused(open_turn, army, rival):
    expected = (NotPermitted, {"Only the kingdom's players and the game master give its orders."})
    assert refusal(activity_submit, turn=open_turn, user=rival, kind="deploy_army", army=army,
                   params=validated_params("deploy_army", DEPLOY)) == expected
    # Both interfaces show a player only their own kingdom's turns: the API answers the
    # service's refusal as a turn it does not find, the orders page does not find the kingdom.
    api = client_for(rival).post("/api/activities/", {
        "turn": open_turn.pk, "kind": "deploy_army", "army": army.pk, "params": DEPLOY},
        format="json")
    assert (api.status_code, api.json()) == (400, {"turn": ["Choose a turn of your kingdom."]})
    page = signed_in(rival).post(reverse("orders", args=[open_turn.kingdom_id]), {
        "army": army.pk, "kind": "deploy_army", "destination": "D5", "skill": "exploration",
        "border": "none", "difficult_hexes": 0, "action": "submit"})
    assert page.status_code == 404
    assert not ArmyActivity.objects.exists()


def test_another_kingdoms_order_is_neither_changed_nor_withdrawn(first_deploy, rival):
    expected = (NotPermitted, {"Only the kingdom's players and the game master give its orders."})
    assert refusal(activity_change, activity=first_deploy, user=rival, second=True) == expected
    assert refusal(activity_withdraw, activity=first_deploy, user=rival) == expected
    # The API and the page find no order of another kingdom, before the service checks.
    api = client_for(rival)
    assert api.patch(f"/api/activities/{first_deploy.pk}/", {"second": True},
                     format="json").status_code == 404
    assert api.delete(f"/api/activities/{first_deploy.pk}/").status_code == 404
    page = signed_in(rival).post(reverse("order-withdraw", args=[first_deploy.turn.kingdom_id,
                                                                 first_deploy.pk]))
    assert page.status_code == 404
    first_deploy.refresh_from_db()
    assert (first_deploy.status, first_deploy.second) == (ActivityStatus.QUEUED, False)


def test_the_campaigns_gm_gives_any_kingdoms_orders(open_turn, army, campaign_gm):
    activity, created = activity_submit(turn=open_turn, user=campaign_gm, kind="deploy_army",
                                        army=army, params=validated_params("deploy_army", DEPLOY))
    assert created and activity.submitted_by == campaign_gm
