"""Writes about kingdom turns that reach their resolution: the players' "ready", the GM's
reopening of a failed turn."""
from __future__ import annotations

from django.db import transaction

from campaigns.models import KingdomTurn, TurnStatus
from campaigns.services import TurnLocked
from rules.errors import RuleViolation, _
from turns.resolution import TURNS, turns_lock


@transaction.atomic
def turn_mark_ready(*, turn: KingdomTurn, ready: bool = True) -> KingdomTurn:
    """The players say their orders are complete. When every kingdom of the campaign is ready and
    the GM allows it, the campaign's turns lock now and resolve without waiting for the deadline."""
    turn = KingdomTurn.objects.select_related("kingdom__campaign").get(pk=turn.pk)
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


@transaction.atomic
def turn_reopen(*, turn: KingdomTurn) -> KingdomTurn:
    """The GM hands a failed turn back to the queue: it is locked again and resolves next."""
    if not TURNS.reopen(turn.pk):
        raise RuleViolation.single("turn_not_failed", _("Only a failed turn can be reopened."))
    turn.refresh_from_db()
    return turn
