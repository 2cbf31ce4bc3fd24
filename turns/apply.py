"""Write a resolved turn's outcome back to the database, inside the caller's transaction: the
kingdom's sheet, its armies (armies.apply), its activities' results, the battle scenes its
Offensive Gambits queue and the turn's report."""
from __future__ import annotations

from django.db import transaction
from simple_history.utils import bulk_update_with_history

from armies.apply import REASON, apply_armies, create_recruited
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from battles.services import scene_queue_from_gambit
from campaigns.models import Kingdom
from rules.data import to_data
from rules.errors import RuleViolation
from rules.kingmaker.activities import KingdomSheet
from rules.kingmaker.turn import KingdomTurnInput, KingdomTurnOutcome
from turns.models import TurnReport
from turns.reports import activity_data, report_data, violation_data


def apply_outcome(turn, engine_input: KingdomTurnInput, outcome: KingdomTurnOutcome,
                  activities: list[ArmyActivity], unreadable: dict[int, RuleViolation],
                  army_rows: list[Army] | None = None) -> None:
    """`army_rows` are the kingdom's armies as the turn read them for its input (with their
    tactics, gear and conditions), written back without being read again."""
    assert transaction.get_connection().in_atomic_block, "apply inside the turn's transaction"
    kingdom = turn.kingdom
    write_kingdom_sheet(kingdom, outcome.kingdom)
    before = {a.key: a for a in engine_input.armies}
    apply_armies([a for a in outcome.armies if a != before[a.key]],
                 read={row.pk: row for row in army_rows or ()})
    army_ids = create_recruited(kingdom, outcome)
    _apply_activities(activities, outcome, unreadable, army_ids)
    gambits = {a.pk: a for a in activities}
    for request in outcome.battles:
        scene_queue_from_gambit(campaign=kingdom.campaign, request=request,
                                gambit=gambits.get(request.order), army_ids=army_ids)
    TurnReport.objects.create(turn=turn, inputs=to_data(engine_input),
                              outcome=report_data(engine_input, outcome, army_ids))


def write_kingdom_sheet(kingdom: Kingdom, sheet: KingdomSheet, *, reason: str = REASON) -> None:
    """Write what a turn changes of the kingdom (the outcome's sheet; an undo's, the input's)."""
    for field in ("level", "resource_points", "food", "unrest", "fame", "infamy", "xp"):
        setattr(kingdom, field, getattr(sheet, field))
    for kind in Kingdom.RUIN:
        setattr(kingdom, kind, sheet.ruin.get(kind, 0))
    kingdom._change_reason = reason
    kingdom.save()


def _apply_activities(activities: list[ArmyActivity], outcome: KingdomTurnOutcome,
                      unreadable: dict[int, RuleViolation], army_ids: dict[int, int]) -> None:
    results = {r.order: activity_data(r, army_ids) for r in outcome.activities}
    recruited = {r.order: army_ids[r.army.key] for r in outcome.recruited}
    for activity in activities:
        if activity.pk in unreadable:
            activity.status = ActivityStatus.REJECTED
            activity.result = {"violations": [violation_data(v)
                                              for v in unreadable[activity.pk].violations]}
            continue
        activity.result = results[activity.pk]
        activity.status = activity.result["status"]
        if activity.pk in recruited:
            activity.result["recruited_army"] = recruited[activity.pk]
    if activities:
        bulk_update_with_history(activities, ArmyActivity, ["status", "result"],
                                 default_change_reason=REASON)
