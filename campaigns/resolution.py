"""Resolving kingdom turns exactly once (docs/concurrency.md tells the whole story).

1. `turns_lock_due` locks open turns whose deadline has passed and, after commit, enqueues one
   task per turn.
2. `turn_claim` moves a locked turn to resolving under a row lock and records a claim token; only
   one worker can win it.
3. `turn_resolve` computes the outcome through `rules/` and, in one transaction that re-checks the
   claim under a row lock, applies it, writes the report, marks the turn resolved and opens the
   next one. A worker killed before that commit applies nothing; `turns_sweep_stuck` hands a turn
   stuck in resolving back to the queue.
"""
from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from armies.orders import queued_activities, rules_order, turn_input
from battles.resolution import scenes_lock_after_turn
from campaigns import notifications
from campaigns.apply import apply_outcome
from campaigns.claims import ClaimedWork, claimed_seed
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from rules.errors import RuleViolation
from rules.kingmaker.turn import resolve_turn


def _task():
    from campaigns.tasks import resolve_kingdom_turn
    return resolve_kingdom_turn


TURNS = ClaimedWork(
    model=KingdomTurn,
    waiting=Q(status=TurnStatus.LOCKED),
    waiting_status=TurnStatus.LOCKED,
    resolving=TurnStatus.RESOLVING,
    failed=TurnStatus.FAILED,
    task=_task,
    # The turn's row only: its kingdom is locked next, its campaign not at all (the campaign's
    # other kingdoms resolve at the same time).
    locked_rows=lambda: KingdomTurn.objects.select_for_update(of=("self",)).select_related(
        "kingdom__campaign"),
)


def enqueue_resolution(turn_ids: list[int]) -> None:
    """Send one resolution task per turn once the current transaction commits."""
    TURNS.enqueue(turn_ids)


@transaction.atomic
def turns_lock(turns, *, enqueue: bool = True) -> list[int]:
    """Lock these open turns (no more orders) and, unless told not to, enqueue their resolution."""
    ids = list(turns.select_for_update(skip_locked=True).filter(status=TurnStatus.OPEN)
               .values_list("pk", flat=True))
    KingdomTurn.objects.filter(pk__in=ids, status=TurnStatus.OPEN).update(
        status=TurnStatus.LOCKED, locked_at=timezone.now())
    if enqueue:
        enqueue_resolution(ids)
    return ids


def turns_lock_with_waiting(turns, *, enqueue: bool = True) -> list[int]:
    """Lock the open ones of these turns, and gather those already locked and waiting for a
    worker; returns both (enqueued unless told not to)."""
    locked = turns_lock(turns, enqueue=False)
    waiting = list(turns.filter(status=TurnStatus.LOCKED).exclude(pk__in=locked)
                   .values_list("pk", flat=True))
    if enqueue:
        enqueue_resolution(locked + waiting)
    return locked + waiting


def due_turns(*, now: datetime.datetime | None = None, campaign_id: int | None = None,
              ignore_deadline: bool = False):
    turns = KingdomTurn.objects.filter(status=TurnStatus.OPEN)
    if not ignore_deadline:
        turns = turns.filter(deadline__lte=now or timezone.now())
    if campaign_id is not None:
        turns = turns.filter(kingdom__campaign_id=campaign_id)
    return turns


def turns_lock_due(*, now: datetime.datetime | None = None, campaign_id: int | None = None,
                   ignore_deadline: bool = False) -> list[int]:
    """The nightly job: lock every open turn past its deadline and enqueue it."""
    return turns_lock(due_turns(now=now, campaign_id=campaign_id,
                                ignore_deadline=ignore_deadline))


def turn_claim(turn_id: int) -> str | None:
    """Claim a locked turn for resolution; returns the claim token, or None if it is not ours to
    resolve (already claimed, resolved, or not locked)."""
    return TURNS.claim(turn_id)


def turn_resolve(turn_id: int) -> str:
    """Resolve one turn if it is locked; return what happened ("resolved", "skipped", "failed")."""
    return TURNS.run(turn_id, _resolve_locked)


def _resolve_locked(turn: KingdomTurn) -> None:
    turn.kingdom = Kingdom.objects.select_for_update().get(pk=turn.kingdom_id)
    activities = queued_activities(turn)
    orders, unreadable = [], {}
    for activity in activities:
        try:
            orders.append(rules_order(activity, campaign_id=turn.kingdom.campaign_id))
        except RuleViolation as error:  # e.g. its template was deleted since it was queued
            unreadable[activity.pk] = error
    engine_input = turn_input(turn, activities, orders)
    outcome = resolve_turn(engine_input, claimed_seed(turn))
    apply_outcome(turn, engine_input, outcome, activities, unreadable)
    turn.status = TurnStatus.RESOLVED
    turn.resolved_at = timezone.now()
    turn.error = ""
    turn.save(update_fields=["status", "resolved_at", "error"])
    # Mailed once this transaction commits; a mail that fails is logged, the turn stays resolved.
    notifications.turn_report_ready(turn)
    turn_open(kingdom=turn.kingdom)
    # "The war encounter happens right after the Kingdom turn ends": its scenes go next.
    scenes_lock_after_turn(turn)


def turns_sweep_stuck(*, now: datetime.datetime | None = None) -> list[int]:
    """Turns left in resolving past the timeout go back to locked; they and turns locked that
    long are enqueued again (see ClaimedWork.sweep)."""
    return TURNS.sweep(now=now)
