"""Writes about kingdom turns that reach their resolution: the players' "ready", the GM's
"resolve now" and reopening of a failed turn. Each takes the acting user and checks them itself
(SYSTEM: the project's own call), whichever interface asks."""
from __future__ import annotations

from django.db import transaction

from campaigns.models import KingdomTurn, TurnStatus
from campaigns.permissions import check_plays_kingdom
from campaigns.services import TurnLocked, check_runs_turns, narrate
from rules.errors import RuleViolation, _
from turns.models import TurnReport
from turns.resolution import TURNS, turns_lock, turns_lock_with_waiting


@transaction.atomic
def turn_mark_ready(*, actor, turn: KingdomTurn, ready: bool = True) -> KingdomTurn:
    """The players say their orders are complete. When every kingdom of the campaign is ready and
    the GM allows it, the campaign's turns lock now and resolve without waiting for the deadline.
    Raises NotPermitted unless `actor` plays the turn's kingdom or runs the campaign."""
    turn = KingdomTurn.objects.select_related("kingdom__campaign").get(pk=turn.pk)
    check_plays_kingdom(actor, turn.kingdom, "turn_not_yours",
                        _("Only the kingdom's players and the game master mark its orders "
                          "ready."))
    campaign = turn.kingdom.campaign
    # Lock every open turn of the campaign, in one order, so two kingdoms marking ready at once
    # cannot each miss the other's "ready".
    open_turns = KingdomTurn.objects.filter(kingdom__campaign=campaign, status=TurnStatus.OPEN)
    locked = {t.pk: t for t in open_turns.select_for_update(of=("self",)).order_by("pk")}
    if turn.pk not in locked:
        turn.refresh_from_db()
        raise TurnLocked(turn)
    turn = locked[turn.pk]
    turn.ready = ready
    turn.save(update_fields=["ready"])
    if ready and campaign.resolve_when_all_ready and all(t.ready for t in locked.values()):
        turns_lock(open_turns)
    return turn


def turns_resolve_now(*, actor, turns, enqueue: bool = True) -> list[int]:
    """The GM's "resolve now": lock the open `turns` (a queryset) and send them, with the locked
    ones still waiting, for resolution; returns their ids. Raises NotPermitted unless `actor`
    runs every campaign they belong to, before anything is locked. Without `enqueue` the caller
    resolves them itself (manage.py resolve_turns)."""
    for campaign_id in set(turns.values_list("kingdom__campaign_id", flat=True)):
        check_runs_turns(actor, campaign_id)
    return turns_lock_with_waiting(turns, enqueue=enqueue)


@transaction.atomic
def turn_reopen(*, actor, turn: KingdomTurn) -> KingdomTurn:
    """The GM hands a failed turn back to the queue: it is locked again and resolves next."""
    turn = KingdomTurn.objects.select_related("kingdom").get(pk=turn.pk)
    check_runs_turns(actor, turn.kingdom.campaign_id)
    if not TURNS.reopen(turn.pk):
        raise RuleViolation.single("turn_not_failed", _("Only a failed turn can be reopened."))
    turn.refresh_from_db()
    return turn


@transaction.atomic
def turn_report_narrate(*, actor, report: TurnReport, narration: str) -> TurnReport:
    """The GM's narration of a turn's report (campaigns.services.narrate)."""
    report = TurnReport.objects.select_related("turn__kingdom").get(pk=report.pk)
    narrate(actor=actor, report=report, campaign_id=report.turn.kingdom.campaign_id,
            narration=narration)
    return report
