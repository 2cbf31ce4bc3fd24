"""Undoing a resolved kingdom turn (issue 17, point 2): for every activity kind, the kingdom, its
armies with their tactics, gear and conditions, recruited and disbanded armies and queued scenes go
back to what they were before the turn, which reopens with its orders; the report is kept as
superseded and the history says so. Refused, with the reason, when something depends on it."""
from __future__ import annotations

import pytest
from factories import ArmyConditionFactory, ArmyFactory, ArmyGearFactory, ArmyTacticFactory

from armies.activity_services import activity_submit
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from battles import resolution as battle_resolution
from battles.models import BattleScene
from campaigns.models import Campaign, Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM, NotPermitted
from rules.errors import RuleViolation
from turns import resolution
from turns.models import SupersededTurnReport, TurnReport
from turns.undo import REASON, last_night, night_undo, turn_undo

pytestmark = pytest.mark.django_db


@pytest.fixture
def guard(kingdom):
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyTacticFactory(army=army, tactic="live_off_the_land")
    ArmyGearFactory(army=army, kind="healing_potions", doses=1, price_paid_rp=15)
    ArmyConditionFactory(army=army, condition="shaken", value=1)
    return army


@pytest.fixture
def turn(campaign, kingdom):
    Campaign.objects.filter(pk=campaign.pk).update(warfare_exercises_unlocked=True)
    Kingdom.objects.filter(pk=kingdom.pk).update(
        level=5, food=10, resource_points=60, warfare=12, exploration=12, trade=12, defense=12,
        unrest=1, crime=1)
    return turn_open(actor=SYSTEM, kingdom=kingdom)


def _params(kind, infantry, enemy):
    target = enemy.pk if enemy is not None else None
    return {
        "recruit_army": {"template": infantry.pk, "name": "New Levy", "hex": "C4",
                         "tactics": ["live_off_the_land"]},
        "warfare_exercises": {},
        "train_army": {"tactic": "toughened_soldiers"},
        "outfit_army": {"gear": "magic_armor", "tier": "basic"},
        "deploy_army": {"destination": "D4"},
        "recover_army": {"affliction": "shaken", "skill": "warfare"},
        "disband_army": {},
        "garrison_army": {"site": "settlement"},
        "offensive_gambit": {"target": target},
    }[kind]


def world_state(kingdom) -> dict:
    """Everything a turn may change, as plain values."""
    kingdom = Kingdom.objects.get(pk=kingdom.pk)
    armies = {}
    for army in Army.objects.filter(kingdom__campaign=kingdom.campaign).order_by("pk"):
        armies[army.pk] = {
            "fields": (army.name, army.hex, army.hp, army.status, army.garrisoned,
                       army.garrison_relief, army.garrison_bans),
            "tactics": [t.tactic for t in army.tactics.order_by("position")],
            "gear": sorted((g.kind, g.tier, g.weapon, g.doses, g.price_paid_rp)
                           for g in army.gear.all()),
            "conditions": sorted((c.condition, c.value) for c in army.conditions.all()),
        }
    return {
        "kingdom": {f: getattr(kingdom, f) for f in (
            "level", "resource_points", "food", "unrest", "fame", "infamy", "xp",
            *Kingdom.RUIN)},
        "armies": armies,
        "activities": sorted((a.pk, a.kind, a.status, a.params, a.result)
                             for a in ArmyActivity.objects.filter(turn__kingdom=kingdom)),
        "scenes": sorted(BattleScene.objects.values_list("pk", flat=True)),
    }


def resolve(turn):
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    turn.refresh_from_db()
    return turn


KINDS = ["recruit_army", "warfare_exercises", "train_army", "outfit_army", "deploy_army",
         "recover_army", "disband_army", "garrison_army", "offensive_gambit"]


def test_every_activity_kind_is_tested():
    from rules.kingmaker.activities.registry import ACTIVITIES

    assert set(KINDS) == {kind.value for kind in ACTIVITIES}


@pytest.mark.parametrize("kind", KINDS)
def test_undo_puts_everything_back_and_reopens_the_turn_with_its_orders(
        kind, kingdom, rival_kingdom, guard, turn, player, gm, infantry):
    enemy = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="C4")
    activity, _created = activity_submit(
        turn=turn, user=player, kind=kind,
        army=None if kind in ("recruit_army", "warfare_exercises") else guard,
        params=_params(kind, infantry, enemy))
    before = world_state(kingdom)
    resolve(turn)
    activity.refresh_from_db()
    assert activity.status != ActivityStatus.QUEUED
    assert world_state(kingdom) != before  # the turn did something (upkeep at least)

    undone = turn_undo(actor=gm, turn=turn)

    assert undone.status == TurnStatus.OPEN and undone.resolved_at is None
    assert world_state(kingdom) == before
    assert list(KingdomTurn.objects.filter(kingdom=kingdom).values_list("number", flat=True)) \
        == [1]  # the next turn its resolution opened is gone
    assert not TurnReport.objects.filter(turn=turn).exists()
    superseded = SupersededTurnReport.objects.get(turn=turn)
    assert superseded.undone_by == gm and superseded.outcome["turn"] == 1
    assert kingdom.history.filter(history_change_reason=REASON).count() == 1
    # Resolved again, the same orders and the same seed roll the same dice to the same end (a
    # recruited army is a new row).
    resolve(undone)
    again = TurnReport.objects.get(turn=turn).outcome
    for part in ("rolls", "kingdom", "upkeep", "armies", "events"):
        assert again[part] == superseded.outcome[part], part


def test_the_history_says_what_the_undo_did(kingdom, guard, turn, player, gm):
    activity_submit(turn=turn, user=player, kind="deploy_army", army=guard,
                    params={"destination": "D4"})
    resolve(turn)
    turn_undo(actor=gm, turn=turn)
    latest = guard.history.order_by("-history_date", "-history_id").first()
    assert latest.history_change_reason == REASON and latest.hex == "C4"
    assert turn.history.order_by("-history_date", "-history_id").first() \
        .history_change_reason == REASON


def test_only_the_gm_undoes(guard, turn, player):
    resolve(turn)
    with pytest.raises(NotPermitted):
        turn_undo(actor=player, turn=turn)
    assert TurnReport.objects.filter(turn=turn).exists()


def test_an_open_turn_or_one_with_a_later_turn_resolved_is_refused(kingdom, guard, turn, gm):
    with pytest.raises(RuleViolation) as refused:
        turn_undo(actor=gm, turn=turn)
    assert refused.value.codes() == {"undo_not_resolved"}
    resolve(turn)
    second = resolve(KingdomTurn.objects.get(kingdom=kingdom, number=2))
    with pytest.raises(RuleViolation) as refused:
        turn_undo(actor=gm, turn=turn)
    assert refused.value.codes() == {"undo_later_turn"}
    assert "turn 2 has been resolved since" in str(refused.value)
    turn_undo(actor=gm, turn=second)  # the last one may be undone, then the one before
    turn_undo(actor=gm, turn=turn)
    assert KingdomTurn.objects.get(kingdom=kingdom).number == 1


def test_orders_given_for_the_next_turn_are_not_lost(kingdom, guard, turn, player, gm):
    resolve(turn)
    following = KingdomTurn.objects.get(kingdom=kingdom, number=2)
    activity_submit(turn=following, user=player, kind="deploy_army", army=guard,
                    params={"destination": "D4"})
    with pytest.raises(RuleViolation) as refused:
        turn_undo(actor=gm, turn=turn)
    assert refused.value.codes() == {"undo_next_orders"}
    assert ArmyActivity.objects.filter(turn=following).count() == 1


def test_a_battle_fought_from_the_turn_is_refused(kingdom, rival_kingdom, guard, turn, player,
                                                  gm):
    enemy = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="C4")
    activity_submit(turn=turn, user=player, kind="offensive_gambit", army=guard,
                    params={"target": enemy.pk})
    resolve(turn)
    scene = BattleScene.objects.get(gambit__turn=turn)
    assert battle_resolution.scene_resolve(scene.pk) == "resolved"
    with pytest.raises(RuleViolation) as refused:
        turn_undo(actor=gm, turn=turn)
    assert refused.value.codes() == {"undo_battle_fought"}
    assert BattleScene.objects.filter(pk=scene.pk).exists()


def test_the_last_night_is_undone_for_every_kingdom_or_for_none(
        campaign, kingdom, rival_kingdom, guard, turn, player, gm):
    Kingdom.objects.filter(pk=rival_kingdom.pk).update(food=10)
    theirs = turn_open(actor=SYSTEM, kingdom=rival_kingdom)
    resolve(turn)
    resolve(theirs)
    assert {t.pk for t in last_night(campaign)} == {turn.pk, theirs.pk}
    # The rival's next turn has an order: the whole night is refused, nothing changes.
    ArmyActivity.objects.create(turn=KingdomTurn.objects.get(kingdom=rival_kingdom, number=2),
                                kind="warfare_exercises", position=1, params={})
    with pytest.raises(RuleViolation):
        night_undo(actor=gm, campaign=campaign)
    assert KingdomTurn.objects.get(pk=turn.pk).status == TurnStatus.RESOLVED
    ArmyActivity.objects.filter(turn__kingdom=rival_kingdom).delete()
    night_undo(actor=gm, campaign=campaign)
    assert set(KingdomTurn.objects.filter(kingdom__campaign=campaign)
               .values_list("status", flat=True)) == {TurnStatus.OPEN}


def test_an_army_deleted_or_a_name_taken_since_is_refused(kingdom, guard, turn, player, gm):
    activity_submit(turn=turn, user=player, kind="disband_army", army=guard, params={})
    resolve(turn)
    assert Army.objects.get(pk=guard.pk).status != "active"
    namesake = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    with pytest.raises(RuleViolation) as refused:
        turn_undo(actor=gm, turn=turn)
    assert refused.value.codes() == {"undo_name_taken"}
    namesake.delete()
    Army.objects.filter(pk=guard.pk).delete()
    with pytest.raises(RuleViolation) as refused:
        turn_undo(actor=gm, turn=turn)
    assert refused.value.codes() == {"undo_army_gone"}
    assert TurnReport.objects.filter(turn=turn).exists()


def test_a_recruit_put_to_use_since_is_refused(kingdom, rival_kingdom, turn, player, gm,
                                               infantry, campaign):
    from factories import BattleParticipantFactory, BattleSceneFactory

    Kingdom.objects.filter(pk=kingdom.pk).update(warfare=40)  # the recruitment succeeds
    activity_submit(turn=turn, user=player, kind="recruit_army",
                    params=_params("recruit_army", infantry, None))
    resolve(turn)
    levy = Army.objects.get(name="New Levy")
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom)
    BattleParticipantFactory(scene=scene, army=levy, side="attacker")
    with pytest.raises(RuleViolation) as refused:
        turn_undo(actor=gm, turn=turn)
    assert refused.value.codes() == {"undo_recruit_in_use"}
    assert Army.objects.filter(pk=levy.pk).exists()


def test_a_next_turn_undone_already_keeps_its_report(kingdom, guard, turn, gm):
    resolve(turn)
    second = resolve(KingdomTurn.objects.get(kingdom=kingdom, number=2))
    turn_undo(actor=gm, turn=second)
    turn_undo(actor=gm, turn=turn)  # deletes turn 2 again
    kept = SupersededTurnReport.objects.get(number=2)
    assert (kept.kingdom, kept.turn) == (kingdom, None)
