"""Resolving kingdom turns exactly once (docs/concurrency.md tells the whole story).

1. `turns_lock_due` locks open turns whose deadline has passed and, after commit, enqueues one
   task per turn.
2. `TURNS.claim` moves a locked turn to resolving under a row lock and records a claim token; only
   one worker can win it.
3. `turn_resolve` computes the outcome through `rules/` and, in one transaction that re-checks the
   claim under a row lock, applies it, writes the report, marks the turn resolved and opens the
   next one. A worker killed before that commit applies nothing; `turns_sweep_stuck` hands a turn
   stuck in resolving back to the queue.
"""
from __future__ import annotations

import datetime

from django.db.models import Q
from django.utils import timezone

from armies.orders import campaign_snapshot, queued_activities, rules_order, turn_input
from armies.selectors import active_armies
from battles.resolution import scenes_lock_after_turn
from battles.selectors import armies_in_battle_since_last_turn
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.selectors import KINGDOM_LISTS, kingdom_lists
from campaigns.services import turn_open_held
from core.claims import ClaimedWork, claimed_seed
from rules.errors import RuleViolation
from rules.kingmaker.turn import resolve_turn
from turns import signals
from turns.apply import apply_outcome


def turns_lock_with_waiting(turns, *, enqueue: bool = True) -> list[int]:
    """Lock the open ones of these turns, and gather those already locked and waiting for a
    worker; returns both (enqueued unless told not to)."""
    return TURNS.lock(turns, enqueue=enqueue, with_waiting=True)


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


def _snapshot_armies(ids: list[int]) -> None:
    """Our ruling (docs/rules-notes.md, "When a turn sees"): a kingdom sees the other kingdoms'
    armies where they stood when the night's turns were locked. The campaign's armies are stored
    on each turn as it locks, so the kingdoms' turns, resolved at once and in any order (or
    retried), read the same armies whatever the others' resolutions have committed."""
    campaigns = KingdomTurn.objects.filter(pk__in=ids).values_list("kingdom__campaign_id",
                                                                    flat=True)
    for campaign_id in sorted(set(campaigns)):
        KingdomTurn.objects.filter(pk__in=ids, kingdom__campaign_id=campaign_id).update(
            map_armies=campaign_snapshot(campaign_id))


def _resolve_locked(turn: KingdomTurn) -> None:
    campaign = turn.kingdom.campaign  # read with the turn; the campaign is not locked
    turn.kingdom = Kingdom.objects.select_for_update().get(pk=turn.kingdom_id)
    # After the lock, in a statement of its own (a locking statement reads as of its start).
    turn.kingdom.__dict__.update(Kingdom.objects.filter(pk=turn.kingdom_id).annotate(
        **kingdom_lists("pk")).values(*KINGDOM_LISTS).get())
    turn.kingdom.campaign = campaign
    activities = queued_activities(turn)
    orders, unreadable = [], {}
    for activity in activities:
        try:
            orders.append(rules_order(activity, campaign_id=turn.kingdom.campaign_id))
        except RuleViolation as error:  # e.g. its template was deleted since it was queued
            unreadable[activity.pk] = error
    # The kingdom's armies are read once, for the engine's input, and written back from the rows.
    armies = list(active_armies(turn.kingdom))
    engine_input = turn_input(turn, activities, orders, fought=armies_in_battle_since_last_turn(turn),
                              army_rows=armies)
    outcome = resolve_turn(engine_input, claimed_seed(turn))
    apply_outcome(turn, engine_input, outcome, activities, unreadable, armies)
    turn.set_status(TurnStatus.RESOLVED, resolved_at=timezone.now(), error="")
    # Mailed once this transaction commits; a mail that fails is logged, the turn stays resolved.
    signals.turn_report_ready.send(sender=KingdomTurn, turn=turn)
    turn_open_held(turn.kingdom)
    # "The war encounter happens right after the Kingdom turn ends": its scenes go next (only
    # this turn's Offensive Gambits queue them, so a turn that started no battle has none).
    if outcome.battles:
        scenes_lock_after_turn(turn)


TURNS = ClaimedWork(
    model=KingdomTurn,
    task="turns.tasks.resolve_kingdom_turn",
    work=_resolve_locked,
    taking_input=Q(status=TurnStatus.OPEN),
    waiting=Q(status=TurnStatus.LOCKED),
    waiting_status=TurnStatus.LOCKED,
    resolving=TurnStatus.RESOLVING,
    failed=TurnStatus.FAILED,
    # Its kingdom is locked by the work, its campaign not at all (the campaign's other kingdoms
    # resolve at the same time).
    related=("kingdom__campaign",),
    on_lock=_snapshot_armies,
)
# Lock open turns (no more orders) and, unless told not to, enqueue their resolution.
turns_lock = TURNS.lock
enqueue_resolution = TURNS.enqueue
# Resolve one turn if it is locked: "resolved", "skipped" or "failed".
turn_resolve = TURNS.run
# Turns left in resolving past the lease go back to locked; they and turns locked that long are
# enqueued again.
turns_sweep_stuck = TURNS.sweep
