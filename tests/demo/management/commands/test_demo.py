"""The `demo` command: the newcomer's campaign with a GM, two players, kingdoms and armies."""
from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from armies.choices import ArmyType
from armies.models import Army, ArmyCondition, ArmyGear, ArmyTactic
from armies.selectors import army_violations
from campaigns.models import Campaign, Kingdom, Membership, Role
from demo.campaign import DEMO_CAMPAIGN
from notifications.mail import recipients

pytestmark = pytest.mark.django_db


def run_demo() -> str:
    out = StringIO()
    call_command("demo", "--no-serve", stdout=out)
    return out.getvalue()


def test_demo_creates_the_campaign_its_members_and_kingdoms():
    run_demo()
    campaign = Campaign.objects.get(name=DEMO_CAMPAIGN)
    assert campaign.kingdoms.count() == 2
    memberships = Membership.objects.filter(campaign=campaign)
    assert memberships.count() == 3
    gm = memberships.filter(role=Role.GM).get().user
    assert gm.is_staff and not gm.is_superuser
    players = memberships.filter(role=Role.PLAYER)
    assert {m.kingdom.name for m in players} == {"Restov March", "Greenbelt Reach"}


def test_demo_users_have_addresses_so_its_players_get_mail():
    run_demo()
    users = get_user_model().objects.filter(memberships__campaign__name=DEMO_CAMPAIGN)
    assert sorted(user.email for user in users) == [
        "amiri@example.org", "gm@example.org", "valeros@example.org"]
    kingdoms = Kingdom.objects.filter(campaign__name=DEMO_CAMPAIGN)
    assert {m.user.username for m, _ in recipients(k.pk for k in kingdoms)} == {"amiri", "valeros"}


def test_demo_creates_an_army_of_every_regular_type_and_a_special_army():
    run_demo()
    armies = Army.objects.filter(kingdom__campaign__name=DEMO_CAMPAIGN).select_related("template")
    regular_types = {a.template.army_type for a in armies if not a.template.special}
    assert regular_types == {t.value for t in ArmyType}
    assert [a.name for a in armies if a.template.special] == ["Sootscale Spears"]
    assert ArmyGear.objects.filter(army__in=armies).exists()
    assert ArmyTactic.objects.filter(army__in=armies).exists()
    assert ArmyCondition.objects.filter(army__in=armies).exists()


def test_demo_armies_break_no_rule():
    run_demo()
    for army in Army.objects.filter(kingdom__campaign__name=DEMO_CAMPAIGN):
        assert army_violations(army) == [], army.name


def test_running_the_demo_twice_replaces_it():
    run_demo()
    run_demo()
    assert Campaign.objects.filter(name=DEMO_CAMPAIGN).count() == 1
    assert Kingdom.objects.filter(campaign__name=DEMO_CAMPAIGN).count() == 2
    assert Membership.objects.filter(campaign__name=DEMO_CAMPAIGN).count() == 3
    assert get_user_model().objects.filter(
        username__in=["operator", "gm", "amiri", "valeros"]).count() == 4
    assert Army.objects.filter(kingdom__campaign__name=DEMO_CAMPAIGN).count() == 6


def test_demo_prints_the_operators_gms_and_players_logins():
    output = run_demo()
    assert "operator / muster-operator" in output
    assert "gm / muster-gm" in output
    assert "amiri / muster-player — Restov March" in output
    assert "valeros / muster-player — Greenbelt Reach" in output
    assert "2 kingdoms and 6 armies" in output


def _sign_in(client, username: str, password: str) -> bool:
    """Sign in through the page, as a person does (the login lockout needs the request)."""
    client.post("/accounts/login/", {"username": username, "password": password})
    return "_auth_user_id" in client.session


def test_demo_logins_work(client):
    run_demo()
    assert _sign_in(client, "gm", "muster-gm")
    assert client.get("/admin/").status_code == 200
    client.logout()
    assert _sign_in(client, "amiri", "muster-player")


def test_demo_has_an_open_turn_with_orders_that_resolve():
    from armies.models import ArmyActivity
    from campaigns.models import KingdomTurn, TurnStatus
    from turns.resolution import turn_resolve

    run_demo()
    turns = KingdomTurn.objects.filter(kingdom__campaign__name=DEMO_CAMPAIGN)
    assert {t.status for t in turns} == {TurnStatus.OPEN}
    assert ArmyActivity.objects.filter(turn__in=turns).count() == 5
    turns.update(status=TurnStatus.LOCKED)
    assert [turn_resolve(t.pk) for t in turns] == ["resolved", "resolved"]
    assert not ArmyActivity.objects.filter(turn__in=turns, status="rejected").exists()


def test_demo_has_a_battle_scene_the_gm_can_weigh_and_fight():
    from battles.adapters import scene_setup
    from battles.models import BattleScene
    from rules.kingmaker.battle.engine import fight

    run_demo()
    scene = BattleScene.objects.get(campaign__name=DEMO_CAMPAIGN)
    setup = scene_setup(scene)
    assert {c.side.value for c in setup.combatants} == {"attacker", "defender"}
    assert fight(setup, 1).finished


def test_demo_has_a_sector_battle_deployed_and_taking_round_1_orders(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run_demo()
    from battles.sector.models import BattleStatus, SectorBattle
    from rules.cerilia.state import TerrainKind, state_from_data

    battle = SectorBattle.objects.get(campaign__name=DEMO_CAMPAIGN, name="Siege of Varnhold")
    assert battle.status == BattleStatus.OPEN and battle.round == 1
    state = state_from_data(battle.state)
    assert all(u.position != "reserve" for u in state.units)
    assert any(t.kind is TerrainKind.FORTIFICATION and t.sector == "C3" for t in state.terrain)


def test_the_demo_operator_is_the_only_superuser_and_runs_no_campaign():
    run_demo()
    operator = get_user_model().objects.get(username="operator")
    assert operator.is_superuser and operator.is_staff
    assert not Membership.objects.filter(user=operator).exists()
    assert list(get_user_model().objects.filter(is_superuser=True)) == [operator]


def test_the_demo_gm_runs_the_demo_campaign_in_the_admin_but_not_the_site(client):
    run_demo()
    other = Campaign.objects.create(name="Another table")
    assert _sign_in(client, "gm", "muster-gm")
    kingdoms = client.get(reverse("admin:campaigns_kingdom_changelist"))
    assert {k.name for k in kingdoms.context["cl"].result_list} == {"Restov March",
                                                                   "Greenbelt Reach"}
    assert client.get(reverse("admin:campaigns_campaign_change", args=[other.pk])).status_code \
        == 404
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 403
    client.logout()
    assert _sign_in(client, "operator", "muster-operator")
    assert client.get(reverse("admin:campaigns_campaign_change", args=[other.pk])).status_code \
        == 200
