"""Celery tasks: thin wrappers over turns.resolution (which makes them safe to repeat, and
retries them after a passing database fault).

The tasks keep the names they had in campaigns.tasks: the beat schedules stored by the campaigns
migrations, and tasks already queued, name them. The deadline reminder's task is the mail's:
notifications.tasks."""
from __future__ import annotations

from celery import shared_task

from core.claims import TASK_OPTIONS
from turns import resolution


@shared_task(name="campaigns.tasks.resolve_kingdom_turn", **TASK_OPTIONS)
def resolve_kingdom_turn(turn_id: int) -> str:
    return resolution.turn_resolve(turn_id)


@shared_task(name="turns.tasks.resolve_kingdom_turns", **TASK_OPTIONS)
def resolve_kingdom_turns(turn_ids: list[int]) -> list[str]:
    """Several turns in turn, each in its own transaction (ClaimedWork.run_batch)."""
    return resolution.turns_resolve(turn_ids)


@shared_task(name="campaigns.tasks.lock_due_turns", acks_late=True)
def lock_due_turns() -> list[int]:
    """The nightly job (django-celery-beat schedule, editable in the admin)."""
    return resolution.turns_lock_due()


@shared_task(name="campaigns.tasks.sweep_stuck_turns", acks_late=True)
def sweep_stuck_turns() -> list[int]:
    return resolution.turns_sweep_stuck()

