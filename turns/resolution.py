"""Resolving kingdom turns exactly once (docs/concurrency.md tells the whole story).

1. `turns_lock_due` locks open turns whose deadline has passed and, after commit, enqueues one
   task per turn.
2. `turn_resolve` claims a locked turn and its kingdom under their row locks (only one worker can
   win it; another waits and then finds it resolved), computes the outcome through `rules/` and,
   in that one transaction, applies it, writes the report, marks the turn resolved and opens the
   next one. A worker killed before that commit applies nothing and leaves the turn locked;
   `turns_sweep_stuck` sends a turn locked for too long again.
"""
from __future__ import annotations

import datetime

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from armies.choices import ActivityStatus
from armies.models import ArmyActivity
from armies.orders import campaign_snapshot, queued_activities, rules_order, turn_input
from armies.selectors import active_army_rows
from battles.resolution import scenes_lock_after_turn
from battles.selectors import fought_since_previous_turn, previous_turn_resolved_at
from campaigns.adapters import MAP_LISTS, map_lists
from campaigns.models import ArmySnapshot, KingdomTurn, MapHex, TurnStatus
from campaigns.selectors import KINGDOM_LISTS, kingdom_lists
from campaigns.services import next_turn, turn_open_held, turn_opened
from core.claims import ClaimedWork, claimed_seed
from core.compiled import CompiledRead
from core.writes import Writes
from rules.errors import RuleViolation
from rules.kingmaker.activities import ActivityKind
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
    once as its turns lock, so the kingdoms' turns, resolved at once and in any order (or
    retried), read the same armies whatever the others' resolutions have committed. Only the
    fog of a campaign with a map and a gambit's targets read them (armies.orders.turn_input): a
    campaign without a map whose locked turns hold no gambit gets none. If the GM paints its
    first hex while such turns wait for a worker, their fog reads the armies where they stand
    (as a turn locked before snapshots were kept does)."""
    campaigns = set(KingdomTurn.objects.filter(pk__in=ids).values_list("kingdom__campaign_id",
                                                                        flat=True))
    read = {*MapHex.objects.filter(campaign_id__in=campaigns).values_list("campaign_id",
                                                                         flat=True).distinct(),
            *ArmyActivity.objects.filter(turn_id__in=ids, status=ActivityStatus.QUEUED,
                                         kind=ActivityKind.OFFENSIVE_GAMBIT)
            .values_list("turn__kingdom__campaign_id", flat=True)}
    for campaign_id in sorted(campaigns & read):
        snapshot = ArmySnapshot.objects.create(campaign_id=campaign_id,
                                               armies=campaign_snapshot(campaign_id))
        KingdomTurn.objects.filter(pk__in=ids, kingdom__campaign_id=campaign_id).update(
            armies_snapshot=snapshot)


# What a turn reads of its kingdom, its campaign's map, the turns around it and its armies that
# fought since the last one, compiled once (core.compiled).
_TURN_EXTRA = CompiledRead(
    lambda turn: KingdomTurn.objects.filter(pk=turn).annotate(
        **kingdom_lists("kingdom_id"), **map_lists("kingdom__campaign_id"),
        previous_resolved_at=previous_turn_resolved_at(),
        later_turn=Exists(KingdomTurn.objects.filter(kingdom_id=OuterRef("kingdom_id"),
                                                     number__gt=OuterRef("number"))),
    ).annotate(fought=fought_since_previous_turn()
               ).values(*KINGDOM_LISTS, *MAP_LISTS, "later_turn", "fought"),
    turn=int)


def _resolve_locked(turn: KingdomTurn) -> None:
    kingdom = turn.kingdom  # locked with the turn; its campaign read, not locked
    # After the lock, in a statement of its own (a locking statement reads as of its start).
    extra = _TURN_EXTRA.get(turn=turn.pk)
    kingdom.__dict__.update({name: extra[name] for name in (*KINGDOM_LISTS, *MAP_LISTS)})
    activities = queued_activities(turn)
    orders, unreadable = [], {}
    for activity in activities:
        try:
            orders.append(rules_order(activity, campaign_id=kingdom.campaign_id))
        except RuleViolation as error:  # e.g. its template was deleted since it was queued
            unreadable[activity.pk] = error
    # The kingdom's armies are read once, for the engine's input, and written back from the rows.
    armies = active_army_rows(kingdom)
    engine_input = turn_input(turn, activities, orders, fought=frozenset(extra["fought"]),
                              army_rows=armies)
    outcome = resolve_turn(engine_input, claimed_seed(turn))
    # Every row the turn writes goes in one statement (core.writes), its history rows with it.
    writes = Writes()
    apply_outcome(turn, engine_input, outcome, activities, unreadable, armies, writes)
    turn.status, turn.resolved_at, turn.error = TurnStatus.RESOLVED, timezone.now(), ""
    writes.update([turn], ["status", "resolved_at", "error", "seed"], history=True)
    # An open turn is always the kingdom's last, so the next turn follows this one, unless the GM
    # opened it while this one waited for a worker.
    opened = None if extra["later_turn"] else next_turn(kingdom, turn)
    if opened is not None:
        writes.insert([opened], history=True)
    writes.flush()
    # Mailed once this transaction commits; a mail that fails is logged, the turn stays resolved.
    signals.turn_report_ready.send(sender=KingdomTurn, turn=turn)
    if opened is not None:
        turn_opened(opened)
    else:
        turn_open_held(kingdom)
    # "The war encounter happens right after the Kingdom turn ends": its scenes go next (only
    # this turn's Offensive Gambits queue them, so a turn that started no battle has none).
    if outcome.battles:
        scenes_lock_after_turn(turn)


TURNS = ClaimedWork(
    model=KingdomTurn,
    task="turns.tasks.resolve_kingdom_turn",
    batch_task="turns.tasks.resolve_kingdom_turns",
    batch_size=8,
    work=_resolve_locked,
    taking_input=Q(status=TurnStatus.OPEN),
    waiting=Q(status=TurnStatus.LOCKED),
    waiting_status=TurnStatus.LOCKED,
    resolving=TurnStatus.RESOLVING,
    failed=TurnStatus.FAILED,
    # Its kingdom is locked with it, its campaign not at all (the campaign's other kingdoms
    # resolve at the same time).
    related=("kingdom__campaign",),
    locked=("self", "kingdom"),
    # One transaction a turn: docs/concurrency.md, step 2.
    claim_with_work=True,
    on_lock=_snapshot_armies,
)
# Lock open turns (no more orders) and, unless told not to, enqueue their resolution.
turns_lock = TURNS.lock
enqueue_resolution = TURNS.enqueue
# Resolve one turn if it is locked: "resolved", "skipped" or "failed"; or several, in turn.
turn_resolve = TURNS.run
turns_resolve = TURNS.run_batch
# Turns left in resolving past the lease go back to locked; they and turns locked that long are
# enqueued again.
turns_sweep_stuck = TURNS.sweep
