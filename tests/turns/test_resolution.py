"""Resolving kingdom turns: claim, apply in one transaction, report, next turn."""
from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from factories import ArmyConditionFactory, ArmyFactory, ArmyTacticFactory

from armies.activity_services import activity_submit
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import TurnLocked, turn_open
from core.permissions import SYSTEM
from turns import resolution
from turns.services import turn_mark_ready, turn_reopen

pytestmark = pytest.mark.django_db


@pytest.fixture
def army(kingdom):
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyTacticFactory(army=army, tactic="live_off_the_land")
    return army


@pytest.fixture
def turn(kingdom):
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10, resource_points=40, warfare=6)
    return turn_open(actor=SYSTEM, kingdom=kingdom)


def locked(turn):
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    return turn


def test_turn_opens_with_a_deadline_at_the_nightly_time(kingdom):
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    campaign = kingdom.campaign
    local = turn.deadline.astimezone(datetime.UTC)
    assert turn.number == 1 and turn.status == TurnStatus.OPEN
    assert local.time() == campaign.nightly_resolution_time
    assert turn_open(actor=SYSTEM, kingdom=kingdom) == turn  # one open turn at a time


def test_resolution_applies_orders_writes_a_report_and_opens_the_next_turn(
        kingdom, army, turn, player):
    activity, created = activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                                        params={"destination": "D4"})
    assert created
    locked(turn)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    turn.refresh_from_db()
    activity.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED and turn.seed is not None
    assert activity.status == ActivityStatus.RESOLVED
    assert activity.result["check"]["skill"] == "exploration"
    report = turn.report.outcome
    assert report["seed"] == turn.seed
    assert report["upkeep"]["consumption"] == 1  # infantry: "Basic armies: infantry 1"
    assert report["kingdom"]["after"]["food"] == 9
    assert [r["purpose"] for r in report["rolls"]][0].startswith("deploy_army")
    following = KingdomTurn.objects.get(kingdom=kingdom, number=2)
    assert following.status == TurnStatus.OPEN and following.deadline > turn.deadline


def test_a_turn_is_resolved_once(kingdom, army, turn):
    locked(turn)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    kingdom.refresh_from_db()
    food = kingdom.food
    assert resolution.turn_resolve(turn.pk) == "skipped"
    kingdom.refresh_from_db()
    assert kingdom.food == food


def test_an_open_turn_is_not_resolved(turn):
    assert resolution.turn_resolve(turn.pk) == "skipped"
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN


def test_idle_armies_rest(kingdom, army, turn):
    # seed 003: "Это состояние уменьшается на 1 в каждый ход королевства, в котором войско не
    # совершает войсковые занятия и не участвует в сценах битвы."
    ArmyConditionFactory(army=army, condition="weary", value=2)
    locked(turn)
    resolution.turn_resolve(turn.pk)
    assert army.conditions.get().value == 1
    history = army.conditions.get().history.first()
    assert history.history_change_reason == "kingdom turn"


def test_recruitment_creates_the_army(kingdom, turn, player, infantry):
    Kingdom.objects.filter(pk=kingdom.pk).update(warfare=40)
    activity, _ = activity_submit(turn=turn, user=player, kind="recruit_army",
                                  params={"template": infantry.pk, "name": "New Levy",
                                          "hex": "C4", "tactics": ["live_off_the_land"]})
    locked(turn)
    resolution.turn_resolve(turn.pk)
    activity.refresh_from_db()
    new = Army.objects.get(name="New Levy")
    assert activity.result["recruited_army"] == new.pk
    assert [t.tactic for t in new.tactics.all()] == ["live_off_the_land"]
    assert new.hp == infantry.hp


def test_a_failed_turn_keeps_its_error_and_can_be_reopened(kingdom, army, turn, monkeypatch,
                                                          django_capture_on_commit_callbacks):
    locked(turn)

    def broken(*args, **kwargs):
        raise RuntimeError("the dice fell off the table")

    monkeypatch.setattr(resolution, "resolve_turn", broken)
    assert resolution.turn_resolve(turn.pk) == "failed"
    turn.refresh_from_db()
    assert turn.status == TurnStatus.FAILED and "dice fell" in turn.error
    kingdom.refresh_from_db()
    assert kingdom.food == 10  # nothing half-applied
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        turn_reopen(actor=SYSTEM, turn=turn)  # in-process Celery resolves it again after commit
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED


def test_orders_after_the_lock_are_refused(kingdom, army, turn, player):
    locked(turn)
    with pytest.raises(TurnLocked):
        activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                        params={"destination": "D4"})


def test_lock_due_turns_locks_only_past_deadlines(kingdom, turn,
                                                  django_capture_on_commit_callbacks):
    assert resolution.turns_lock_due(now=turn.deadline - datetime.timedelta(minutes=1)) == []
    KingdomTurn.objects.filter(pk=turn.pk).update(deadline=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        ids = resolution.turns_lock_due()
    assert ids == [turn.pk]
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED  # eager Celery in tests resolves on commit


def test_sweep_returns_stuck_turns(kingdom, turn, django_capture_on_commit_callbacks):
    KingdomTurn.objects.filter(pk=turn.pk).update(
        status=TurnStatus.RESOLVING, claim="dead-worker",
        resolving_since=timezone.now() - datetime.timedelta(hours=2))
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.turns_sweep_stuck() == [turn.pk]
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED


def test_all_ready_resolves_early_when_allowed(kingdom, turn, django_capture_on_commit_callbacks):
    campaign = kingdom.campaign
    campaign.resolve_when_all_ready = True
    campaign.save()
    with django_capture_on_commit_callbacks(execute=True):
        turn_mark_ready(actor=SYSTEM, turn=turn)
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED


def test_ready_does_not_resolve_without_the_gms_leave(kingdom, turn):
    turn_mark_ready(actor=SYSTEM, turn=turn)
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN and turn.ready


def test_activities_queue_in_order(kingdom, army, turn, player):
    a, _ = activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                           params={"destination": "D4"})
    assert ArmyActivity.objects.get().position == a.position


def test_offensive_gambit_queues_a_battle_scene(kingdom, rival_kingdom, army, turn, player):
    # reference army_activities Offensive Gambit: "Requires at least one of your armies in the same
    # hex as an enemy army"; "The war encounter happens right after the Kingdom turn ends".
    from battles.models import BattleScene

    enemy = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="c4")
    activity, _ = activity_submit(turn=turn, user=player, kind="offensive_gambit", army=army,
                                  params={"target": enemy.pk})
    locked(turn)
    resolution.turn_resolve(turn.pk)
    scene = BattleScene.objects.get()
    assert scene.gambit == activity and scene.hex == "C4"
    assert {(p.army.name, p.side) for p in scene.participants.all()} == {
        ("Tatzlford Guard", "attacker"), ("Pitax Raiders", "defender")}


def test_the_same_inputs_and_seed_give_the_same_report(kingdom, army, turn, player):
    from armies.orders import queued_activities, rules_order, turn_input
    from battles.selectors import armies_in_battle_since_last_turn
    from rules.kingmaker.turn import resolve_turn
    from turns.reports import report_data

    ArmyConditionFactory(army=army, condition="shaken", value=1)
    activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                    params={"destination": "D5", "forced_march": True})
    activities = queued_activities(turn)
    engine_input = turn_input(turn, activities, [rules_order(a, campaign_id=kingdom.campaign_id)
                                                 for a in activities],
                              fought=armies_in_battle_since_last_turn(turn))
    locked(turn)
    resolution.turn_resolve(turn.pk)
    turn.refresh_from_db()
    replayed = report_data(engine_input, resolve_turn(engine_input, turn.seed), {})
    assert replayed == turn.report.outcome


def test_an_army_recruited_this_turn_joins_the_gambits_battle(kingdom, rival_kingdom, army,
                                                             turn, player, infantry):
    from battles.models import BattleScene

    Kingdom.objects.filter(pk=kingdom.pk).update(warfare=40)
    enemy = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="C4")
    activity_submit(turn=turn, user=player, kind="recruit_army",
                    params={"template": infantry.pk, "name": "New Levy", "hex": "C4",
                            "tactics": ["live_off_the_land"]})
    activity_submit(turn=turn, user=player, kind="offensive_gambit", army=army,
                    params={"target": enemy.pk})
    locked(turn)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    names = {p.army.name for p in BattleScene.objects.get().participants.all()}
    assert names == {"Tatzlford Guard", "New Levy", "Pitax Raiders"}


def test_an_army_below_its_template_level_sits_the_turn_out(kingdom, army, turn, template):
    # The GM may lower a kingdom's level under an army's minimum (kingdom_set_level flags it);
    # the turn still resolves for the others.
    ArmyFactory(kingdom=kingdom, template=template("Cavalry"), name="Too Early", hex="C4")
    locked(turn)
    assert resolution.turn_resolve(turn.pk) == "resolved"


def test_hexes_match_however_they_are_written(kingdom, turn, player, infantry):
    # seed 003_750bd81a16f66abf.txt: "Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства."
    kingdom.settlements.update(hex="c 4")
    activity, _ = activity_submit(turn=turn, user=player, kind="recruit_army",
                                  params={"template": infantry.pk, "name": "New Levy",
                                          "hex": "C4", "tactics": ["live_off_the_land"]})
    assert activity.pk


def test_an_order_that_no_longer_converts_does_not_block_new_ones(kingdom, army, turn, player,
                                                                 infantry):
    stale, _ = activity_submit(turn=turn, user=player, kind="recruit_army",
                               params={"template": infantry.pk, "name": "New Levy", "hex": "C4",
                                       "tactics": ["live_off_the_land"]})
    ArmyActivity.objects.filter(pk=stale.pk).update(params={**stale.params, "template": 999999})
    fresh, created = activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                                     params={"destination": "D4"})
    assert created
    locked(turn)
    resolution.turn_resolve(turn.pk)
    stale.refresh_from_db()
    fresh.refresh_from_db()
    assert (stale.status, fresh.status) == ("rejected", "resolved")


def _fight(scene):
    from battles.models import BattleScene, SceneStatus

    BattleScene.objects.filter(pk=scene.pk).update(status=SceneStatus.RESOLVED,
                                                   resolved_at=timezone.now())


def _next_turn(kingdom):
    return locked(KingdomTurn.objects.get(kingdom=kingdom, status=TurnStatus.OPEN))


def test_a_battle_counts_against_rest_once_fought_not_when_queued(kingdom, rival_kingdom, army,
                                                                   turn):
    # seed 003_750bd81a16f66abf.txt: "Это состояние уменьшается на 1 в каждый ход королевства, в
    # котором войско не совершает войсковые занятия и не участвует в сценах битвы."
    from battles.services import scene_queue_from_gambit
    from rules.kingmaker.turn import BattleRequest

    ArmyConditionFactory(army=army, condition="weary", value=3)
    raider = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="C4")
    scene = scene_queue_from_gambit(campaign=kingdom.campaign,
                                    request=BattleRequest(0, "C4", (raider.pk,), (army.pk,)))
    resolution.turn_resolve(locked(turn).pk)
    assert army.conditions.get().value == 2   # listed in a battle not yet fought: it rests
    _fight(scene)
    resolution.turn_resolve(_next_turn(kingdom).pk)
    assert army.conditions.get().value == 2   # fought since the last turn: no rest
    resolution.turn_resolve(_next_turn(kingdom).pk)
    assert army.conditions.get().value == 1   # that battle was before the last turn


def test_a_sector_battle_fought_since_the_last_turn_stops_rest(kingdom, army, turn):
    # seed 003_750bd81a16f66abf.txt: "...и не участвует в сценах битвы."; a sector battle is fought
    # from round 1 (round 0 is the deployment).
    from factories import SectorRoundFactory, SectorUnitFactory

    ArmyConditionFactory(army=army, condition="weary", value=3)
    battle = SectorUnitFactory(battle__campaign=kingdom.campaign, army=army).battle
    SectorRoundFactory(battle=battle, number=0)
    resolution.turn_resolve(locked(turn).pk)
    assert army.conditions.get().value == 2
    SectorRoundFactory(battle=battle, number=1)
    resolution.turn_resolve(_next_turn(kingdom).pk)
    assert army.conditions.get().value == 2
