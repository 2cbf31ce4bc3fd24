"""The GM's writes that the admin alone offers (starting and closing battles, resolving scenes,
editing an army's tactics, gear and conditions) refuse a player and another campaign's GM in
their services, whatever the admin's scoping answers first; a write without an acting user is
refused, never taken for the project's own (issue 12, point 3)."""
from __future__ import annotations

from collections.abc import Callable

import pytest
from admin_objects import admin_url
from admin_support import add_inline_row, change_form_data
from django.contrib import admin
from django.test import Client
from factories import (
    ArmyFactory,
    BattleSceneFactory,
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    SectorBattleFactory,
    SectorUnitFactory,
    UserFactory,
    shipped_card,
)

from armies.admin import ArmyConditionInline, ArmyTacticInline
from armies.models import Army
from armies.services import army_gain_condition, army_learn_tactic, army_save, gear_fit
from battles.models import BattleScene, SceneStatus
from battles.sector.models import BattleStatus, SectorBattle
from battles.sector.services import (
    battle_from_armies,
    battle_start,
    round_close_now,
    round_reopen,
)
from battles.services import (
    battle_from_scene,
    scene_reopen,
    scene_resolve_now,
    scene_seed,
    scenes_send_to_workers,
)
from campaigns.models import Role
from core.permissions import SYSTEM, NotPermitted
from rules.errors import RuleViolation
from rules.kingmaker.gear import parse_gear

pytestmark = pytest.mark.django_db

RUNS = "Only the game master runs the campaign's battles."
SETS_UP = "Only the game master puts armies into a battle."
EDITS = "Only the game master edits armies."


def refusal(call: Callable, **kwargs) -> tuple[type, set[str]]:
    with pytest.raises(RuleViolation) as refused:
        call(**kwargs)
    return type(refused.value), {str(v) for v in refused.value.violations}


@pytest.fixture
def other_gm():
    """The GM of another campaign: staff, to sign in to the admin, not a superuser."""
    user = UserFactory(username="other-gm", is_staff=True)
    MembershipFactory(user=user, campaign=CampaignFactory(name="Elsewhere"), role=Role.GM,
                      kingdom=None)
    return user


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def action(user, model, name: str, obj) -> int:
    """The admin's answer to `user` running the changelist action on `obj`."""
    return signed_in(user).post(admin_url(model, "changelist"), {
        "action": name, "index": 0, "_selected_action": [obj.pk]}).status_code


@pytest.fixture
def army(kingdom):
    return ArmyFactory(kingdom=kingdom, name="Restov Guard", hex="C4")


@pytest.fixture
def armed(campaign, kingdom, rival_kingdom):
    """A sector battle being set up, a unit on each side: the GM may start it."""
    battle = SectorBattleFactory(campaign=campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom)
    SectorUnitFactory(battle=battle, side="attacker", card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="defender", card=shipped_card("pikes"))
    return battle


@pytest.fixture
def scene(campaign, kingdom, rival_kingdom):
    return BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                              defender_kingdom=rival_kingdom)


def test_a_sector_battle_is_started_and_closed_by_its_gm_only(armed, player, other_gm):
    for user in (player, other_gm):
        assert refusal(battle_start, actor=user, battle=armed) == (NotPermitted, {RUNS})
        assert refusal(round_close_now, actor=user, battle=armed) == (NotPermitted, {RUNS})
        assert refusal(round_reopen, actor=user, battle=armed) == (NotPermitted, {RUNS})
    # The admin lets no player in, and shows another campaign's GM none of this battle.
    for name in ("start_battle", "resolve_now", "reopen_failed"):
        assert action(player, SectorBattle, name, armed) == 302
        assert action(other_gm, SectorBattle, name, armed) == 302
    armed.refresh_from_db()
    assert armed.status == BattleStatus.SETUP
    started = battle_start(actor=SYSTEM, battle=armed)
    assert refusal(round_close_now, actor=other_gm, battle=started) == (NotPermitted, {RUNS})
    with pytest.raises(TypeError):
        battle_start(actor=None, battle=armed)
    with pytest.raises(TypeError):
        round_close_now(actor=None, battle=started)


def test_a_sector_battle_of_armies_is_set_up_by_its_gm_only(campaign, army, player, other_gm):
    for user in (player, other_gm):
        assert refusal(battle_from_armies, actor=user, campaign=campaign, name="Raid",
                       attackers=[army]) == (NotPermitted, {SETS_UP})
    with pytest.raises(TypeError):
        battle_from_armies(actor=None, campaign=campaign, name="Raid", attackers=[army])
    assert not SectorBattle.objects.exists()


def test_a_scene_is_reopened_and_turned_into_a_sector_battle_by_its_gm_only(scene, player,
                                                                           other_gm):
    for user in (player, other_gm):
        assert refusal(scene_reopen, actor=user, scene=scene) == (NotPermitted, {RUNS})
        assert refusal(battle_from_scene, actor=user, scene=scene) == (NotPermitted, {SETS_UP})
        assert refusal(scenes_send_to_workers, actor=user,
                       scenes=BattleScene.objects.filter(pk=scene.pk)) == (NotPermitted, {RUNS})
    for name in ("reopen_failed", "fight_as_sector_battle", "resolve_now"):
        assert action(player, BattleScene, name, scene) == 302
        assert action(other_gm, BattleScene, name, scene) == 302
    assert BattleScene.objects.get(pk=scene.pk).status == SceneStatus.QUEUED
    assert not SectorBattle.objects.exists()
    with pytest.raises(TypeError):
        scene_reopen(actor=None, scene=scene)
    with pytest.raises(TypeError):
        battle_from_scene(actor=None, scene=scene)
    with pytest.raises(TypeError):
        scenes_send_to_workers(actor=None, scenes=BattleScene.objects.filter(pk=scene.pk))
    assert BattleScene.objects.get(pk=scene.pk).locked_at is None


def test_a_scene_is_seeded_and_resolved_now_by_its_gm_only(scene, player, other_gm):
    step = admin_url(BattleScene, "step", scene.pk)
    for user in (player, other_gm):
        assert refusal(scene_seed, actor=user, scene=scene) == (NotPermitted, {RUNS})
        assert refusal(scene_resolve_now, actor=user, scene=scene) == (NotPermitted, {RUNS})
    # The step-by-step page sends a player to sign in; another campaign's scene is not found.
    assert signed_in(player).post(step).status_code == 302
    assert signed_in(other_gm).post(step).status_code == 404
    scene.refresh_from_db()
    assert (scene.seed, scene.status) == (None, SceneStatus.QUEUED)
    with pytest.raises(TypeError):
        scene_seed(actor=None, scene=scene)
    with pytest.raises(TypeError):
        scene_resolve_now(actor=None, scene=scene)


def test_an_armys_tactics_gear_and_conditions_are_the_gms_alone(army, player, other_gm):
    expected = (NotPermitted, {EDITS})
    for user in (player, other_gm):
        assert refusal(army_learn_tactic, army=army, tactic="hold_the_line",
                       user=user) == expected
        assert refusal(gear_fit, army=army, item=parse_gear("magic_armor"), user=user) == expected
        assert refusal(army_gain_condition, army=army, condition="weary", user=user) == expected
    with pytest.raises(TypeError):
        army_learn_tactic(army=army, tactic="hold_the_line", user=None)
    # The army's change page, where its inlines are, is not another campaign's GM's to open.
    url = admin_url(Army, "change", army.pk)
    assert signed_in(player).get(url).status_code == 302
    assert signed_in(other_gm).get(url).status_code == 404
    assert not (army.tactics.exists() or army.gear.exists() or army.conditions.exists())


def test_the_army_inlines_refuse_as_the_services_do(army, gm, other_gm, rf):
    """The admin gives another campaign's GM no army to edit, nor inline rows to add (nothing
    saves); the inlines themselves refuse them as the services do."""
    request = rf.post("/")
    for inline, row in ((ArmyTacticInline, {"tactic": "hold_the_line", "position": 0}),
                        (ArmyConditionInline, {"condition": "weary", "value": 1})):
        request.user = gm
        formset_class = inline(Army, admin.site).get_formset(request, army)
        prefix = formset_class.get_default_prefix()
        data = {f"{prefix}-TOTAL_FORMS": 1, f"{prefix}-INITIAL_FORMS": 0,
                **{f"{prefix}-0-{name}": value for name, value in row.items()}}
        formset_class.actor = other_gm
        formset = formset_class(data, instance=army, prefix=prefix)
        assert not formset.is_valid()
        assert set(formset.non_form_errors()) == {EDITS}
        request.user = other_gm
        theirs = inline(Army, admin.site).get_formset(request, army)(data, instance=army,
                                                                      prefix=prefix)
        assert theirs.is_valid() and not theirs.has_changed()
    request.user = other_gm
    assert not admin.site._registry[Army].get_queryset(request).filter(pk=army.pk).exists()
    assert not (army.tactics.exists() or army.conditions.exists())


def test_a_gm_adds_a_tactic_through_the_army_admin(army, gm):
    client = signed_in(gm)
    url = admin_url(Army, "change", army.pk)
    data = change_form_data(client.get(url))
    add_inline_row(data, "tactics", tactic="hold_the_line", position=0)
    assert client.post(url, data).status_code == 302
    assert list(army.tactics.values_list("tactic", flat=True)) == ["hold_the_line"]


def test_a_gm_moves_no_army_of_another_campaign_into_theirs(army, campaign_gm):
    theirs = KingdomFactory(campaign=CampaignFactory(name="Theirs"))
    MembershipFactory(user=campaign_gm, campaign=theirs.campaign, role=Role.GM, kingdom=None)
    stranger = ArmyFactory(kingdom=KingdomFactory(campaign=CampaignFactory(name="Another")))
    stranger.kingdom = theirs
    assert refusal(army_save, army=stranger, user=campaign_gm) == (NotPermitted, {EDITS})
    assert Army.objects.get(pk=stranger.pk).kingdom_id != theirs.pk
    with pytest.raises(TypeError):
        army_save(army=army, user=None)
