"""Resolving battle scenes: claim, fight, apply in one transaction, report; exactly once; an
Offensive Gambit's scene right after its kingdom turn."""
from __future__ import annotations

import datetime
from dataclasses import replace

import pytest
from django.db import transaction
from django.utils import timezone
from factories import ArmyFactory, ArmyGearFactory, ArmyTacticFactory, BattleSceneFactory

from armies.activity_services import activity_submit
from armies.choices import ArmyStatus
from armies.models import Army, ArmyGear
from battles import apply as battle_apply
from battles import resolution
from battles.adapters import scene_setup
from battles.apply import apply_battle
from battles.models import BattleReport, BattleScene, SceneStatus
from battles.services import scene_reopen, scene_resolve_now
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.claims import ClaimedWork
from core.permissions import SYSTEM
from rules.kingmaker.battle.engine import fight
from rules.kingmaker.battle.setup import ArmyResult, BattleOutcome, SideResult
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.gear import GearItem, GearKind
from rules.sides import Side
from turns import resolution as turn_resolution

pytestmark = pytest.mark.django_db


def lock(scene: BattleScene) -> BattleScene:
    resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    scene.refresh_from_db()
    return scene


def kingdom_values(*kingdoms) -> list[tuple[int, int, int]]:
    rows = Kingdom.objects.filter(pk__in=[k.pk for k in kingdoms]).order_by("pk")
    return list(rows.values_list("unrest", "fame", "xp"))


def army_rows(scene: BattleScene) -> list[tuple]:
    armies = Army.objects.filter(battle_participations__scene=scene).order_by("pk")
    return [(a.pk, a.hp, a.status, sorted(a.conditions.values_list("condition", "value")),
             sorted(a.gear.values_list("kind", "doses"))) for a in armies]


# --- applying an outcome -----------------------------------------------------------------------


@pytest.fixture
def crafted(scene, our_armies, their_armies):
    """The scene's setup and an outcome written by hand: the guard drank a potion and is weary,
    the Pitax foot (with potions of its own) is destroyed, the archers routed."""
    guard, lancers = our_armies
    foot, archers = their_armies
    ArmyGearFactory(army=foot, kind="healing_potions", doses=1, price_paid_rp=15)
    setup = scene_setup(scene)
    state = {c.key: c.army for c in setup.combatants}
    outcome = BattleOutcome(
        seed=7, finished=True, winner=Side.ATTACKER, rounds=(), events=(),
        armies=(
            ArmyResult(guard.pk, Side.ATTACKER, replace(
                state[guard.pk], hp=3, conditions=(ConditionState(Condition.WEARY, 1),),
                gear=(GearItem(GearKind.HEALING_POTIONS, doses=1),)), 1, False, False, False,
                False),
            ArmyResult(lancers.pk, Side.ATTACKER, state[lancers.pk], 0, False, False, False,
                       False),
            ArmyResult(foot.pk, Side.DEFENDER, replace(
                state[foot.pk], hp=0, conditions=(ConditionState(Condition.DESTROYED),),
                gear=()), 4, True, False, False, True),
            ArmyResult(archers.pk, Side.DEFENDER, replace(
                state[archers.pk], hp=2, conditions=(ConditionState(Condition.SHAKEN, 1),)),
                2, False, True, True, False),
        ),
        sides=(SideResult(Side.ATTACKER, True, None, unrest=-1, fame=1, xp=40),
               SideResult(Side.DEFENDER, False, None, unrest=3)))
    return setup, outcome


def _apply(scene, setup, outcome):
    kingdoms = {k.pk: k for k in Kingdom.objects.filter(
        pk__in=[scene.attacker_kingdom_id, scene.defender_kingdom_id])}
    with transaction.atomic():
        apply_battle(scene, setup, outcome, list(scene.participants.all()), kingdoms)


def test_apply_writes_hp_conditions_gear_and_destroyed_armies(scene, crafted, our_armies,
                                                              their_armies):
    # seed 003: "Всё снаряжение войска также уничтожено."
    _apply(scene, *crafted)
    guard, lancers = our_armies
    foot, archers = their_armies
    guard.refresh_from_db()
    assert guard.hp == 3
    assert list(guard.conditions.values_list("condition", "value")) == [("weary", 1)]
    # The potion dose drunk is gone; what was paid for the potions stays on record.
    assert list(guard.gear.values_list("kind", "doses", "price_paid_rp")) == [
        ("healing_potions", 1, 30)]
    assert list(lancers.gear.values_list("kind", "tier")) == [("magic_armor", "basic")]
    foot.refresh_from_db()
    assert foot.status == ArmyStatus.DESTROYED and foot.hp == 0
    assert not ArmyGear.objects.filter(army=foot).exists()
    archers.refresh_from_db()
    assert (archers.hp, list(archers.conditions.values_list("condition", "value"))) == (
        2, [("shaken", 1)])
    assert guard.history.first().history_change_reason == "battle scene"


def test_apply_writes_unrest_fame_and_xp_and_the_report(scene, crafted, sides):
    kingdom, rival = sides
    _apply(scene, *crafted)
    # Both start with unrest 2, fame 1, XP 100.
    assert kingdom_values(kingdom, rival) == [(1, 2, 140), (5, 1, 100)]
    report = BattleReport.objects.get(scene=scene)
    assert report.outcome["seed"] == 7
    assert report.inputs["combatants"][0]["army"]["name"] == "Tatzlford Guard"
    snapshot = scene.participants.get(army__name="Tatzlford Guard").snapshot
    assert (snapshot["hp"], snapshot["gear"]) == (4, ["healing_potions ×2"])


def test_a_battle_does_not_take_away_a_garrisons_fortified(scene, crafted, our_armies):
    # Fortified is Garrison Army's ("Fortified until next deployed"), not the battle's.
    from factories import ArmyConditionFactory

    guard = our_armies[0]
    ArmyConditionFactory(army=guard, condition="fortified", value=0)
    _apply(scene, *crafted)
    assert sorted(guard.conditions.values_list("condition", flat=True)) == ["fortified", "weary"]


# --- resolving through the claim --------------------------------------------------------------


def test_resolution_fights_applies_and_reports(scene, sides):
    lock(scene)
    before = kingdom_values(*sides)
    assert resolution.scene_resolve(scene.pk) == "resolved"
    scene.refresh_from_db()
    assert scene.status == SceneStatus.RESOLVED and scene.seed is not None
    assert scene.resolved_at is not None and scene.claim
    report = scene.report.outcome
    assert report["seed"] == scene.seed and report["finished"]
    assert report["rounds"] and report["rolls"]
    # What the report says each army ends with is what the database holds.
    for result in report["armies"]:
        army = Army.objects.get(pk=result["army"])
        assert army.hp == result["after"]["hp"]
        assert army.status == ("destroyed" if result["destroyed"] else "active")
    by_side = {s["side"]: s for s in report["sides"]}
    after = kingdom_values(*sides)
    for (unrest, fame, xp), (unrest0, fame0, xp0), side in zip(
            after, before, ("attacker", "defender"), strict=True):
        assert (unrest, fame, xp) == (max(0, unrest0 + by_side[side]["unrest"]),
                                      fame0 + by_side[side]["fame"], xp0 + by_side[side]["xp"])


def test_the_stored_report_is_the_fight_of_its_inputs_and_seed(scene):
    from battles.reports import report_data

    setup = scene_setup(scene)
    lock(scene)
    resolution.scene_resolve(scene.pk)
    scene.refresh_from_db()
    assert scene.report.outcome == report_data(fight(setup, scene.seed), setup)


def test_a_scene_is_resolved_once(scene, sides):
    lock(scene)
    assert resolution.scene_resolve(scene.pk) == "resolved"
    after_first = (kingdom_values(*sides), army_rows(scene))
    assert resolution.scene_resolve(scene.pk) == "skipped"
    assert (kingdom_values(*sides), army_rows(scene)) == after_first
    assert BattleReport.objects.filter(scene=scene).count() == 1


def test_a_scene_still_taking_plans_is_not_resolved(scene):
    assert resolution.scene_resolve(scene.pk) == "skipped"
    scene.refresh_from_db()
    assert scene.status == SceneStatus.QUEUED and scene.takes_plans


def test_a_failure_leaves_nothing_half_applied(scene, sides, monkeypatch):
    lock(scene)
    kingdoms, armies = kingdom_values(*sides), army_rows(scene)

    def broken(*args, **kwargs):
        raise RuntimeError("the scribe dropped the report")

    # The report is written last: armies and kingdoms were already written when it fails.
    monkeypatch.setattr(battle_apply, "report_data", broken)
    assert resolution.scene_resolve(scene.pk) == "failed"
    scene.refresh_from_db()
    assert scene.status == SceneStatus.FAILED and "scribe dropped" in scene.error
    assert (kingdom_values(*sides), army_rows(scene)) == (kingdoms, armies)
    assert not BattleReport.objects.exists()
    assert all(p.snapshot == {} for p in scene.participants.all())


def test_a_failed_scene_reopens_with_its_seed(scene, monkeypatch,
                                              django_capture_on_commit_callbacks):
    lock(scene)
    monkeypatch.setattr(resolution, "fight", lambda *args: 1 / 0)
    assert resolution.scene_resolve(scene.pk) == "failed"
    scene.refresh_from_db()
    seed = scene.seed
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        scene_reopen(scene=scene, actor=SYSTEM)  # in-process Celery resolves it again after commit
    scene.refresh_from_db()
    assert scene.status == SceneStatus.RESOLVED and scene.seed == seed


def test_resolve_now_locks_and_resolves_after_commit(scene, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk)) == [scene.pk]
    scene.refresh_from_db()
    assert scene.status == SceneStatus.RESOLVED and scene.locked_at is not None


def test_a_worker_whose_claim_was_swept_cannot_commit(scene, monkeypatch):
    lock(scene)
    token = resolution.SCENES.claim(scene.pk)
    BattleScene.objects.filter(pk=scene.pk).update(claim="another-worker")
    # The worker still holds its old token: only the re-check under the row lock stops it.
    monkeypatch.setattr(ClaimedWork, "claim", lambda self, pk: token)
    assert resolution.scene_resolve(scene.pk) == "skipped"
    assert not BattleReport.objects.exists()


def test_sweep_returns_stuck_scenes(scene, django_capture_on_commit_callbacks):
    BattleScene.objects.filter(pk=scene.pk).update(
        status=SceneStatus.RESOLVING, claim="dead-worker", locked_at=timezone.now(),
        resolving_since=timezone.now() - datetime.timedelta(hours=2))
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.scenes_sweep_stuck() == [scene.pk]
    scene.refresh_from_db()
    assert scene.status == SceneStatus.RESOLVED


def test_sweep_leaves_scenes_that_take_plans_alone(scene):
    BattleScene.objects.filter(pk=scene.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=3))
    assert resolution.scenes_sweep_stuck() == []


def test_a_monster_side_has_no_aftermath(campaign, sides, our_armies, their_armies):
    # An encounter with no kingdom on one side: its armies fight, no kingdom gains unrest.
    from factories import BattleParticipantFactory

    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=sides[0])
    BattleParticipantFactory(scene=scene, army=our_armies[0], side="attacker")
    BattleParticipantFactory(scene=scene, army=their_armies[0], side="defender")
    rival_before = kingdom_values(sides[1])
    assert scene_resolve_now(scene=scene, actor=SYSTEM) == "resolved"
    defenders = next(s for s in scene.report.outcome["sides"] if s["side"] == "defender")
    assert defenders["check"] is None and defenders["unrest"] == 0
    assert kingdom_values(sides[1]) == rival_before


def test_an_army_destroyed_since_the_scene_was_set_up_does_not_fight(scene, their_armies):
    Army.objects.filter(pk=their_armies[1].pk).update(status=ArmyStatus.DESTROYED)
    setup = scene_setup(scene)
    assert their_armies[1].pk not in {c.key for c in setup.combatants}
    assert scene_resolve_now(scene=scene, actor=SYSTEM) == "resolved"


def test_starts_shaken_adds_shaken_as_the_battle_begins(scene, their_armies):
    # Offensive Gambit critical success: "one enemy army there becomes shaken 1".
    scene.participants.filter(army=their_armies[0]).update(starts_shaken=1)
    setup = scene_setup(scene)
    foot = next(c for c in setup.combatants if c.key == their_armies[0].pk)
    assert foot.army.conditions == (ConditionState(Condition.SHAKEN, 1),)


def test_garrisoned_armies_fight_fortified_in_the_fortification(scene, their_armies):
    BattleScene.objects.filter(pk=scene.pk).update(fortification="tower",
                                                   fortification_side="defender")
    scene.participants.filter(army=their_armies[0]).update(garrisoned=True,
                                                           plan={"stance": "guard"})
    scene.refresh_from_db()
    setup = scene_setup(scene)
    assert setup.fortification.kind.value == "tower"
    assert setup.fortification.side is Side.DEFENDER
    assert [c.garrisoned for c in setup.combatants] == [False, False, True, False]
    first = fight(setup, 5, stop_after_round=1)
    foot = next(a for a in first.rounds[0].armies if a.key == their_armies[0].pk)
    assert ConditionState(Condition.FORTIFIED) in foot.conditions


def test_kingdom_sides_come_from_the_kingdoms(scene, sides):
    setup = scene_setup(scene)
    kingdom = sides[0]
    assert (setup.attackers.kingdom, setup.attackers.kingdom_level, setup.attackers.warfare,
            setup.attackers.defense, setup.attackers.control_dc) == (
        kingdom.name, 5, 12, 12, kingdom.control_dc)


# --- an Offensive Gambit's scene ----------------------------------------------------------------


@pytest.fixture
def gambit_turn(kingdom, rival_kingdom, player):
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10, resource_points=40, warfare=6)
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyTacticFactory(army=army, tactic="live_off_the_land")
    enemy = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="C4")
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    activity_submit(turn=turn, user=player, kind="offensive_gambit", army=army,
                    params={"target": enemy.pk})
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    return turn


def test_a_gambits_scene_resolves_right_after_its_turn(gambit_turn, kingdom, rival_kingdom,
                                                       django_capture_on_commit_callbacks):
    # reference army_activities Offensive Gambit: "The war encounter happens right after the
    # Kingdom turn ends".
    with django_capture_on_commit_callbacks(execute=True):
        assert turn_resolution.turn_resolve(gambit_turn.pk) == "resolved"
    scene = BattleScene.objects.get()
    assert (scene.attacker_kingdom, scene.defender_kingdom) == (kingdom, rival_kingdom)
    assert scene.status == SceneStatus.RESOLVED
    assert scene.gambit.turn_id == gambit_turn.pk
    assert BattleReport.objects.filter(scene=scene).exists()


def test_a_gambits_scene_waits_for_its_turns_commit(gambit_turn):
    assert turn_resolution.turn_resolve(gambit_turn.pk) == "resolved"
    scene = BattleScene.objects.get()
    # Locked (no plans) and sent only once the turn's transaction commits.
    assert scene.status == SceneStatus.QUEUED and scene.locked_at is not None


def test_the_celery_task_resolves_a_locked_scene_once(scene):
    from battles.tasks import resolve_battle_scene

    lock(scene)
    assert resolve_battle_scene.delay(scene.pk).get() == "resolved"
    assert resolve_battle_scene.delay(scene.pk).get() == "skipped"


def test_factories_keep_a_scene_in_one_campaign():
    from factories import BattleParticipantFactory, BattleReportFactory

    participant = BattleParticipantFactory()
    assert participant.army.kingdom.campaign == participant.scene.campaign
    assert participant.scene.takes_plans and str(participant.scene) == "Battle in C4"
    assert BattleReportFactory().scene.status == SceneStatus.RESOLVED


def test_a_fortification_needs_a_holder_in_the_database(campaign):
    from django.db import IntegrityError

    with pytest.raises(IntegrityError), transaction.atomic():
        BattleSceneFactory(campaign=campaign, fortification="castle")


def test_a_gambits_battle_follows_each_armys_standing_plan(gambit_turn, kingdom, rival_kingdom):
    # Issue: "each side gives its armies a battle plan beforehand" — for a gambit's battle, that is
    # the army's standing plan (set through PUT /api/armies/{id}/battle-plan/).
    from battles.services import army_set_battle_plan

    guard = kingdom.armies.get(name="Tatzlford Guard")
    raiders = rival_kingdom.armies.get(name="Pitax Raiders")
    army_set_battle_plan(actor=SYSTEM, army=guard, plan={"targeting": "army", "target_army": raiders.pk})
    army_set_battle_plan(actor=SYSTEM, army=raiders, plan={"stance": "guard"})
    assert turn_resolution.turn_resolve(gambit_turn.pk) == "resolved"
    plans = {p.army.name: p.plan for p in BattleScene.objects.get().participants.all()}
    assert plans == {"Tatzlford Guard": {"targeting": "army", "target_army": raiders.pk},
                     "Pitax Raiders": {"stance": "guard"}}


def test_a_garrison_fights_a_gambits_battle_fortified(gambit_turn, rival_kingdom,
                                                      django_capture_on_commit_callbacks):
    # seed 003_750bd81a16f66abf.txt: "Когда гарнизон создан, войско защищено , пока не использует
    # боевое действие с дескриптором «манёвр»"; "Защищённые войска не могут быть вовлечены в бой
    # врагом".
    from factories import ArmyConditionFactory

    raiders = rival_kingdom.armies.get(name="Pitax Raiders")
    ArmyConditionFactory(army=raiders, condition="fortified", value=0)
    Army.objects.filter(pk=raiders.pk).update(garrisoned="until_deployed",
                                              battle_plan={"stance": "guard"})
    with django_capture_on_commit_callbacks(execute=True):
        assert turn_resolution.turn_resolve(gambit_turn.pk) == "resolved"
    scene = BattleScene.objects.get()
    assert scene.status == SceneStatus.RESOLVED
    assert scene.participants.get(army=raiders).garrisoned
    guard = scene.participants.get(army__name="Tatzlford Guard")
    assert not guard.garrisoned
    rounds = scene.report.outcome["rounds"]
    assert all("fortified" in a["conditions"]
               for r in rounds for a in r["armies"] if a["army"] == raiders.pk)
    assert all(not a["engaged_with"] for r in rounds for a in r["armies"])


def test_a_passing_database_fault_is_retried_and_the_scene_resolves_once(scene, sides,
                                                                         monkeypatch, fails_once):
    from battles.reports import report_data
    from battles.tasks import resolve_battle_scene

    setup = scene_setup(scene)
    lock(scene)
    flaky = fails_once(resolution.fight)
    monkeypatch.setattr(resolution, "fight", flaky)
    # In-process Celery runs the retry at once, where a worker would wait a little.
    assert resolve_battle_scene.delay(scene.pk).get() == "resolved"
    assert len(flaky.calls) == 2
    scene.refresh_from_db()
    assert scene.status == SceneStatus.RESOLVED
    assert BattleReport.objects.filter(scene=scene).count() == 1
    assert not scene.history.filter(status=SceneStatus.FAILED).exists()
    assert scene.report.outcome == report_data(fight(setup, scene.seed), setup)
    assert list(scene.history.order_by("history_id").values_list("status", flat=True))[-4:] == [
        SceneStatus.RESOLVING, SceneStatus.QUEUED, SceneStatus.RESOLVING, SceneStatus.RESOLVED]
