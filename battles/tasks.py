"""Celery tasks: thin wrappers over battles.resolution (which makes them safe to repeat)."""
from __future__ import annotations

from celery import shared_task

from battles import resolution


@shared_task(acks_late=True, reject_on_worker_lost=True)
def resolve_battle_scene(scene_id: int) -> str:
    return resolution.scene_resolve(scene_id)


@shared_task(acks_late=True)
def sweep_stuck_scenes() -> list[int]:
    return resolution.scenes_sweep_stuck()
