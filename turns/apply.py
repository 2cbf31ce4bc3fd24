"""Write a resolved turn's outcome back to the database, inside the caller's transaction: the
kingdom's sheet, its armies (armies.apply), its activities' results, the battle scenes its
Offensive Gambits queue and the turn's report."""
from __future__ import annotations

from django.db import transaction

from armies.apply import REASON, apply_armies, create_recruited
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from battles.services import scene_queue_from_gambit
from campaigns.models import Kingdom
from core.writes import Writes
from rules.data import to_data
from rules.errors import RuleViolation
from rules.kingmaker.activities import KingdomSheet
from rules.kingmaker.turn import KingdomTurnInput, KingdomTurnOutcome
from turns.models import TurnReport
from turns.reports import KINGDOM_FIELDS, activity_data, report_data, violation_data


def apply_outcome(turn, engine_input: KingdomTurnInput, outcome: KingdomTurnOutcome,
                  activities: list[ArmyActivity], unreadable: dict[int, RuleViolation],
                  army_rows: list[Army], writes: Writes) -> None:
    """`army_rows` are the kingdom's armies as the turn read them for its input (with their
    tactics, gear and conditions), written back without being read again. The rows are queued
    on `writes`, which the caller flushes."""
    assert transaction.get_connection().in_atomic_block, "apply inside the turn's transaction"
    kingdom = turn.kingdom
    write_kingdom_sheet(kingdom, outcome.kingdom, writes=writes)
    before = {a.key: a for a in engine_input.armies}
    apply_armies([a for a in outcome.armies if a != before[a.key]],
                 read={row.pk: row for row in army_rows}, writes=writes)
    orders = {a.pk: a for a in activities}
    army_ids = create_recruited(kingdom, outcome, writes, orders)
    _apply_activities(activities, outcome, unreadable, army_ids, writes)
    if outcome.battles:
        writes.flush()  # a scene reads its armies, the recruits among them
    for request in outcome.battles:
        scene_queue_from_gambit(campaign=kingdom.campaign, request=request,
                                gambit=orders.get(request.order), army_ids=army_ids)
    writes.insert([TurnReport(turn=turn, inputs=to_data(engine_input),
                              outcome=report_data(engine_input, outcome, army_ids))])


def write_kingdom_sheet(kingdom: Kingdom, sheet: KingdomSheet, *, reason: str = REASON,
                        writes: Writes | None = None) -> None:
    """Write what a turn changes of the kingdom (the outcome's sheet; an undo's, the input's),
    queued on `writes` if given."""
    fields = [*KINGDOM_FIELDS, *Kingdom.RUIN]
    for field in KINGDOM_FIELDS:
        setattr(kingdom, field, getattr(sheet, field))
    for kind in Kingdom.RUIN:
        setattr(kingdom, kind, sheet.ruin.get(kind, 0))
    if writes is None:
        kingdom._change_reason = reason
        kingdom.save(update_fields=fields)
    else:
        writes.update([kingdom], fields, history=True, reason=reason)


def _apply_activities(activities: list[ArmyActivity], outcome: KingdomTurnOutcome,
                      unreadable: dict[int, RuleViolation], army_ids: dict[int, int],
                      writes: Writes) -> None:
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
    writes.update(activities, ["status", "result"], history=True, reason=REASON)
