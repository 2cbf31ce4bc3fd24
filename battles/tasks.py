"""Celery tasks: thin wrappers over battles.resolution (which makes them safe to repeat)."""
from __future__ import annotations

from celery import shared_task

from battles import resolution
from battles.sector import resolution as sector_resolution
from battles.sector import services as sector_services
from core.claims import TASK_OPTIONS


@shared_task(**TASK_OPTIONS)
def resolve_battle_scene(scene_id: int) -> str:
    return resolution.scene_resolve(scene_id)


@shared_task(acks_late=True)
def sweep_stuck_scenes() -> list[int]:
    return resolution.scenes_sweep_stuck()


@shared_task(**TASK_OPTIONS)
def resolve_sector_round(battle_id: int) -> str:
    return sector_resolution.round_resolve(battle_id)


@shared_task(acks_late=True)
def close_due_sector_rounds() -> list[int]:
    return sector_services.rounds_close_due()


@shared_task(acks_late=True)
def sweep_stuck_sector_rounds() -> list[int]:
    return sector_resolution.rounds_sweep_stuck()
