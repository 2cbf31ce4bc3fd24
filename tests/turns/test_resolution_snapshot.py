"""A kingdom sees the other kingdoms' armies where they stood when the night's turns were locked
(our ruling, docs/rules-notes.md, "When a turn sees"): the campaign's kingdoms resolve at once and
in any order, and a retried resolution reads the same armies under the same seed, whatever the
other kingdoms' resolutions have committed meanwhile. Seed 003_750bd81a16f66abf.txt, line 25
(«СЛ разведки равна модификатору Разведки +10») is the check the sight rolls."""
from __future__ import annotations

import pytest
from django.db import transaction
from factories import ArmyFactory, ArmyTacticFactory
from map_world import paint_map

from armies.activity_services import activity_submit
from armies.choices import ArmyStatus
from armies.models import Army
from campaigns.models import KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns import resolution

pytestmark = pytest.mark.django_db


class _Undone(Exception):
    """Carries a result out of a transaction it rolls back."""


@pytest.fixture
def night(campaign, kingdom, rival_kingdom, rival):
    """Our army in C4; Pitax's foot next to it in D4 disbands this turn, its lurkers lie in
    ambush in B4. Both kingdoms' turns are locked for the night, with fixed seeds."""
    paint_map(campaign, kingdom, rival_kingdom)
    ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    foot = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="D4")
    lurkers = ArmyFactory(kingdom=rival_kingdom, name="Lurkers", hex="B4")
    ArmyTacticFactory(army=lurkers, tactic="ambush")
    ArmyFactory(kingdom=rival_kingdom, name="Pitax Guard", hex="E4")
    ours, theirs = (turn_open(actor=SYSTEM, kingdom=k) for k in (kingdom, rival_kingdom))
    activity_submit(turn=theirs, user=rival, kind="disband_army", army=foot, params={})
    resolution.turns_lock(KingdomTurn.objects.filter(pk__in=[ours.pk, theirs.pk]),
                          enqueue=False)
    KingdomTurn.objects.filter(pk=ours.pk).update(seed=1234)
    KingdomTurn.objects.filter(pk=theirs.pk).update(seed=5678)
    return {"ours": ours, "theirs": theirs, "foot": foot}


def sight(turn):
    return KingdomTurn.objects.get(pk=turn.pk).report.outcome["sight"]


def resolved_then_undone(ours, *turns):
    """`ours`'s sight after resolving `turns` in this order; then all of it is undone."""
    try:
        with transaction.atomic():
            for turn in turns:
                assert resolution.turn_resolve(turn.pk) == "resolved"
            raise _Undone(sight(ours))
    except _Undone as undone:
        return undone.args[0]


def test_a_locked_turn_keeps_the_campaign_s_armies_as_they_stood(night):
    stored = KingdomTurn.objects.get(pk=night["ours"].pk).armies_snapshot.armies
    assert {a["name"]: a["hex"] for a in stored["armies"]} == {
        "Tatzlford Guard": "C4", "Pitax Foot": "D4", "Lurkers": "B4", "Pitax Guard": "E4"}
    assert KingdomTurn.objects.get(pk=night["ours"].pk).status == TurnStatus.LOCKED


def test_the_night_s_turns_share_one_snapshot_of_the_campaign(night, campaign):
    snapshots = {KingdomTurn.objects.get(pk=night[side].pk).armies_snapshot_id
                 for side in ("ours", "theirs")}
    assert len(snapshots) == 1 and campaign.army_snapshots.get().pk in snapshots


def test_two_kingdoms_resolved_in_either_order_see_the_same(night):
    ours, theirs = night["ours"], night["theirs"]
    ours_first = resolved_then_undone(ours, ours, theirs)
    theirs_first = resolved_then_undone(ours, theirs, ours)
    assert ours_first == theirs_first
    # The foot stood in D4 when the night was locked, whenever Pitax's turn disbanded it.
    assert night["foot"].pk in {a["army"] for a in ours_first["armies"]}


def test_a_retried_resolution_sees_the_same(night):
    ours, theirs = night["ours"], night["theirs"]
    first_try = resolved_then_undone(ours, ours)  # undone as a passing fault undoes it
    assert resolution.turn_resolve(theirs.pk) == "resolved"
    assert Army.objects.get(pk=night["foot"].pk).status == ArmyStatus.DISBANDED
    assert resolution.turn_resolve(ours.pk) == "resolved"
    assert sight(ours) == first_try


def _locked_for_the_night(*turns):
    resolution.turns_lock(KingdomTurn.objects.filter(pk__in=[t.pk for t in turns]),
                          enqueue=False)
    return [KingdomTurn.objects.get(pk=t.pk).armies_snapshot for t in turns]


def test_without_a_map_a_night_with_a_gambit_keeps_the_armies(campaign, kingdom, rival_kingdom,
                                                               player):
    # Without a map only a gambit reads the other kingdoms' armies (its targets).
    ours = turn_open(actor=SYSTEM, kingdom=kingdom)
    raider = ArmyFactory(kingdom=kingdom, name="Tatzlford Raiders", hex="C4")
    target = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="C4")
    activity_submit(turn=ours, user=player, kind="offensive_gambit", army=raider,
                    params={"target": target.pk})
    theirs = turn_open(actor=SYSTEM, kingdom=rival_kingdom)
    snapshots = _locked_for_the_night(ours, theirs)
    assert snapshots[0] is not None and snapshots[0] == snapshots[1]
    assert {a["name"] for a in snapshots[0].armies["armies"]} == {"Tatzlford Raiders",
                                                                   "Pitax Foot"}


def test_without_a_map_or_a_gambit_nothing_reads_the_armies_and_none_are_kept(
        campaign, kingdom, rival_kingdom):
    ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="C4")
    turns = [turn_open(actor=SYSTEM, kingdom=k) for k in (kingdom, rival_kingdom)]
    assert _locked_for_the_night(*turns) == [None, None]
    assert not campaign.army_snapshots.exists()
