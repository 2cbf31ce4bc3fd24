"""Undo a resolved kingdom turn (the GM's): the kingdom and its armies go back to what the turn was
resolved from, recruited armies go, the battles its gambits queued and nobody fought go, its
orders wait again and the turn reopens; the report is kept as superseded. Refused, with every
reason, when something later depends on the turn: a later turn locked or resolved, orders given
for the next turn, or a battle fought since by the kingdom's armies (one of its gambits' or any
other).

What the turn was resolved from is its report's `inputs` (the engine's KingdomTurnInput), so the
armies are written back by the same code that wrote the turn's outcome (armies.apply), with a
history record for each row."""
from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from simple_history.utils import bulk_update_with_history

from armies.apply import apply_armies
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from battles.data import from_data
from battles.models import BattleParticipant, BattleScene, Exploration, SceneStatus
from battles.sector.models import BattleStatus, SectorBattle, SectorUnit
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import check_runs_turns, next_deadline
from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker.turn import KingdomTurnInput
from turns.apply import write_kingdom_sheet
from turns.models import SupersededTurnReport, TurnReport

REASON = "undo of a kingdom turn"
# The turns of one night: each kingdom's last resolved turn within this long of the campaign's
# last resolution.
NIGHT = datetime.timedelta(hours=12)


def undo_violations(turn: KingdomTurn) -> list[Violation]:
    """Why `turn` cannot be undone now (none: it can)."""
    name = {"kingdom": turn.kingdom.name, "number": turn.number}
    report = TurnReport.objects.filter(turn=turn).first()
    if turn.status != TurnStatus.RESOLVED or report is None:
        return [Violation("undo_not_resolved", _("%(kingdom)s, turn %(number)d: only a resolved "
                                                 "turn can be undone."), params=name)]
    violations = _later_violations(turn, name)
    for battle in _battles_since(turn):
        violations.append(Violation(
            "undo_battle_fought", _("%(kingdom)s, turn %(number)d: the battle %(battle)s has been "
                                    "fought since by the kingdom's armies."),
            params={**name, "battle": battle}))
    return violations + _army_violations(turn, report, name)


def _later_violations(turn: KingdomTurn, name: dict) -> list[Violation]:
    """A later turn locked or resolved, or the next turn holding what deleting it would lose."""
    violations = []
    later = KingdomTurn.objects.filter(kingdom_id=turn.kingdom_id, number__gt=turn.number)
    for each in later.exclude(status=TurnStatus.OPEN).order_by("number"):
        violations.append(Violation(
            "undo_later_turn", _("%(kingdom)s, turn %(number)d: turn %(later)d has been %(status)s "
                                 "since; undo it first."),
            params={**name, "later": each.number, "status": each.get_status_display()}))
    orders = (ArmyActivity.objects.filter(turn__in=later.filter(status=TurnStatus.OPEN))
              .exclude(status=ActivityStatus.WITHDRAWN).count())
    if orders:
        violations.append(Violation(
            "undo_next_orders", _("%(kingdom)s, turn %(number)d: the next turn has orders "
                                  "(%(count)d); withdraw them first."),
            params={**name, "count": orders}))
    return violations


def _recruited(report: TurnReport) -> list[int]:
    return [entry["army"] for entry in report.outcome.get("recruited", ()) if entry["army"]]


def _army_violations(turn: KingdomTurn, report: TurnReport, name: dict) -> list[Violation]:
    """The armies the undo writes back must still be there, and free to take their names again;
    the armies it deletes (the recruited) must not be in use since."""
    engine_input = from_data(KingdomTurnInput, report.inputs)
    rows = Army.objects.filter(kingdom_id=turn.kingdom_id).in_bulk()
    recruited = _recruited(report)
    violations = [Violation("undo_army_gone", _("%(kingdom)s, turn %(number)d: the army "
                                                "%(army)s has been deleted since."),
                            params={**name, "army": army.state.name})
                  for army in engine_input.armies if army.key not in rows]
    active_names = {row.name for pk, row in rows.items()
                    if row.status == "active" and pk not in recruited}
    for army in engine_input.armies:
        row = rows.get(army.key)
        if row is not None and army.status == "active" and row.status != "active" \
                and row.name in active_names:
            violations.append(Violation(
                "undo_name_taken", _("%(kingdom)s, turn %(number)d: another active army is "
                                     "called %(army)s now; rename one of them first."),
                params={**name, "army": row.name}))
    in_use = (BattleParticipant.objects.filter(army_id__in=recruited).exists()
              or SectorUnit.objects.filter(army_id__in=recruited).exists()
              or Exploration.objects.filter(army_id__in=recruited).exists()
              or ArmyActivity.objects.filter(army_id__in=recruited).exclude(turn=turn).exists())
    if in_use:
        violations.append(Violation(
            "undo_recruit_in_use", _("%(kingdom)s, turn %(number)d: an army it recruited has "
                                     "been put in a battle, an exploration or an order since."),
            params=name))
    return violations


def _battles_since(turn: KingdomTurn) -> list[str]:
    """The battles the kingdom's armies fought (or are fighting) since the turn's resolution,
    its own gambits' included."""
    armies = Army.objects.filter(kingdom_id=turn.kingdom_id)
    scenes = BattleScene.objects.filter(
        Q(gambit__turn=turn) | Q(pk__in=BattleParticipant.objects.filter(
            army__in=armies).values("scene_id")),
        Q(status=SceneStatus.RESOLVING)
        | Q(status=SceneStatus.RESOLVED, report__created_at__gte=turn.resolved_at))
    sectors = SectorBattle.objects.filter(
        Q(gambit__turn=turn) | Q(pk__in=SectorUnit.objects.filter(
            army__in=armies).values("battle_id")),
        Q(rounds__created_at__gte=turn.resolved_at) | Q(status=BattleStatus.RESOLVING)
    ).distinct()
    return sorted({str(each) for each in scenes} | {str(each) for each in sectors})


def _restore(turn: KingdomTurn, actor) -> None:
    report = TurnReport.objects.get(turn=turn)
    engine_input = from_data(KingdomTurnInput, report.inputs)
    write_kingdom_sheet(turn.kingdom, engine_input.kingdom, reason=REASON)
    apply_armies(list(engine_input.armies), reason=REASON)
    # The battles its gambits queued, unfought (undo_violations refused the fought ones).
    BattleScene.objects.filter(gambit__turn=turn).delete()
    SectorBattle.objects.filter(gambit__turn=turn).delete()
    for army in Army.objects.filter(pk__in=_recruited(report)):
        army._change_reason = REASON
        army.delete()
    activities = list(ArmyActivity.objects.filter(turn=turn).exclude(
        status__in=[ActivityStatus.QUEUED, ActivityStatus.WITHDRAWN]))
    for activity in activities:
        activity.status, activity.result = ActivityStatus.QUEUED, {}
    if activities:
        bulk_update_with_history(activities, ArmyActivity, ["status", "result"],
                                 default_change_reason=REASON)
    SupersededTurnReport.objects.create(
        turn=turn, kingdom_id=turn.kingdom_id, number=turn.number, created_at=report.created_at,
        inputs=report.inputs, outcome=report.outcome, narration=report.narration,
        undone_by=actor if getattr(actor, "pk", None) else None)
    report.delete()
    # The next turn its resolution opened (it has no orders: undo_violations).
    KingdomTurn.objects.filter(kingdom_id=turn.kingdom_id, number__gt=turn.number,
                               status=TurnStatus.OPEN).delete()
    now = timezone.now()
    deadline = turn.deadline if turn.deadline > now else next_deadline(turn.kingdom.campaign, now)
    turn._change_reason = REASON
    turn.set_status(TurnStatus.OPEN, resolved_at=None, locked_at=None, resolving_since=None,
                    claim="", error="", ready=False, armies_snapshot=None, deadline=deadline,
                    reminded_at=None)


def _locked(turn_ids: list[int]) -> list[KingdomTurn]:
    """The turns, locked with their kingdoms' later turns (so that none is locked for the night
    meanwhile), then their gambits' battles, then their kingdoms: the order resolutions lock
    them in."""
    turns = list(KingdomTurn.objects.select_related("kingdom__campaign")
                 .filter(pk__in=turn_ids).order_by("kingdom_id"))
    from_these = Q()
    for turn in turns:
        from_these |= Q(kingdom_id=turn.kingdom_id, number__gte=turn.number)
    locked = {t.pk: t for t in KingdomTurn.objects.select_for_update()
              .filter(from_these).order_by("pk")}
    # Their gambits' scenes next, as a battle's resolution locks a scene before its kingdoms.
    for model in (BattleScene, SectorBattle):
        list(model.objects.select_for_update(of=("self",)).filter(gambit__turn__in=turn_ids)
             .order_by("pk"))
    kingdoms = {k.pk: k for k in Kingdom.objects.select_for_update()
                .filter(pk__in=[t.kingdom_id for t in turns]).order_by("pk")}
    for turn in turns:
        kingdoms[turn.kingdom_id].campaign = turn.kingdom.campaign
        locked[turn.pk].kingdom = kingdoms[turn.kingdom_id]
    return [locked[t.pk] for t in turns]


@transaction.atomic
def turns_undo(*, actor, turns: list[KingdomTurn]) -> list[KingdomTurn]:
    """Undo these resolved turns together, or none of them: every reason is raised at once."""
    if not turns:
        return []
    for campaign_id in {t.kingdom.campaign_id for t in turns}:
        check_runs_turns(actor, campaign_id)
    locked = _locked([t.pk for t in turns])
    raise_if_any([v for turn in locked for v in undo_violations(turn)])
    for turn in locked:
        _restore(turn, actor)
    return locked


def undone_message(turns: list[KingdomTurn]) -> str:
    """What the GM is told of turns undone, on the turn page and in the back office alike."""
    return gettext("Undone and open again with their orders: %(turns)s.") % {
        "turns": ", ".join(gettext("%(kingdom)s, turn %(number)d") % {
            "kingdom": t.kingdom.name, "number": t.number} for t in turns)}


def turn_undo(*, actor, turn: KingdomTurn) -> KingdomTurn:
    """The GM undoes one kingdom's last resolved turn."""
    return turns_undo(actor=actor, turns=[turn])[0]


def last_resolved(campaign) -> list[KingdomTurn]:
    """Each kingdom's last resolved turn (the one an undo may take back), by kingdom."""
    last: dict[int, KingdomTurn] = {}
    for turn in (KingdomTurn.objects.filter(kingdom__campaign=campaign,
                                            status=TurnStatus.RESOLVED)
                 .select_related("kingdom__campaign").order_by("kingdom__name", "-number")):
        last.setdefault(turn.kingdom_id, turn)
    return list(last.values())


def last_night(campaign) -> list[KingdomTurn]:
    """The campaign's last night: each kingdom's last resolved turn, resolved within NIGHT of the
    campaign's last resolution."""
    turns = [t for t in last_resolved(campaign) if t.resolved_at is not None]
    if not turns:
        return []
    latest = max(t.resolved_at for t in turns if t.resolved_at is not None)
    return [t for t in turns if t.resolved_at is not None and t.resolved_at >= latest - NIGHT]


def night_undo(*, actor, campaign) -> list[KingdomTurn]:
    """The GM undoes the campaign's last night: every kingdom's turn of it, or none."""
    turns = last_night(campaign)
    if not turns:
        raise RuleViolation.single("undo_no_night", _("No turn of this campaign is resolved."))
    return turns_undo(actor=actor, turns=turns)
