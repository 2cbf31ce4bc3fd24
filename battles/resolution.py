"""Resolving battle scenes exactly once, the way kingdom turns are (docs/concurrency.md).

1. `scenes_lock` closes queued scenes to plan changes (`locked_at`) and, after commit, enqueues
   one task per scene. An Offensive Gambit's scene is locked and enqueued by its kingdom turn's
   resolution (`scenes_lock_after_turn`): "the war encounter happens right after the Kingdom turn
   ends". The GM's "Resolve now" does the same for a scene set up in the admin.
2. `scene_claim` moves a locked scene to resolving under a row lock and records a claim token;
   only one worker can win it. The seed is drawn once and kept.
3. `scene_resolve` fights the scene through `rules.kingmaker.battle.engine.fight` and, in one
   transaction that re-checks the claim under a row lock and locks the kingdoms whose armies
   fight, applies the result (battles.apply), writes the report and marks the scene resolved.
   A worker killed before that commit applies nothing; `scenes_sweep_stuck` hands a scene stuck
   in resolving back to the queue.
"""
from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from battles.adapters import scene_setup
from battles.apply import apply_battle
from battles.models import BattleScene, SceneStatus
from campaigns import notifications
from campaigns.claims import ClaimedWork, claimed_seed
from campaigns.models import Kingdom
from rules.kingmaker.battle.engine import fight


def _task():
    from battles.tasks import resolve_battle_scene
    return resolve_battle_scene


SCENES = ClaimedWork(
    model=BattleScene,
    # A queued scene still takes plans until it is locked (sent for resolution).
    waiting=Q(status=SceneStatus.QUEUED, locked_at__isnull=False),
    waiting_status=SceneStatus.QUEUED,
    resolving=SceneStatus.RESOLVING,
    failed=SceneStatus.FAILED,
    task=_task,
    # The kingdoms are locked next, in id order (FOR UPDATE cannot take a nullable join).
    locked_rows=lambda: BattleScene.objects.select_for_update(of=("self",)).select_related(
        "campaign", "attacker_kingdom", "defender_kingdom"),
)


def enqueue_resolution(scene_ids: list[int]) -> None:
    """Send one resolution task per scene once the current transaction commits."""
    SCENES.enqueue(scene_ids)


@transaction.atomic
def scenes_lock(scenes, *, enqueue: bool = True) -> list[int]:
    """Lock these queued scenes (no more plan changes) and, unless told not to, enqueue them;
    scenes already locked and waiting for a worker are enqueued again (a duplicate is skipped)."""
    ids = list(scenes.select_for_update(skip_locked=True, of=("self",))
               .filter(status=SceneStatus.QUEUED).values_list("pk", flat=True))
    BattleScene.objects.filter(pk__in=ids, locked_at__isnull=True).update(
        locked_at=timezone.now())
    if enqueue:
        enqueue_resolution(ids)
    return ids


def scenes_lock_after_turn(turn) -> list[int]:
    """The scenes the Offensive Gambits of this just-resolved turn queued go next."""
    return scenes_lock(BattleScene.objects.filter(gambit__turn_id=turn.pk))


def scene_claim(scene_id: int) -> str | None:
    """Claim a locked scene for resolution; returns the claim token, or None if it is not ours
    to resolve (already claimed, resolved, failed, or still taking plans)."""
    return SCENES.claim(scene_id)


def scene_resolve(scene_id: int) -> str:
    """Resolve one scene if it is locked; return what happened ("resolved", "skipped",
    "failed")."""
    return SCENES.run(scene_id, _resolve_locked)


def _lock_kingdoms(scene: BattleScene) -> dict[int, Kingdom]:
    """Lock the sides' kingdoms and those of every army that fights, in id order (no deadlock
    with another scene; a kingdom turn writing the same armies waits, or we wait for it)."""
    ids = set(scene.participants.values_list("army__kingdom_id", flat=True))
    ids |= {pk for pk in (scene.attacker_kingdom_id, scene.defender_kingdom_id) if pk}
    kingdoms = {k.pk: k for k in Kingdom.objects.select_for_update().filter(pk__in=ids)
                .order_by("pk")}
    if scene.attacker_kingdom_id:
        scene.attacker_kingdom = kingdoms[scene.attacker_kingdom_id]
    if scene.defender_kingdom_id:
        scene.defender_kingdom = kingdoms[scene.defender_kingdom_id]
    return kingdoms


def _resolve_locked(scene: BattleScene) -> None:
    kingdoms = _lock_kingdoms(scene)
    setup = scene_setup(scene)
    outcome = fight(setup, claimed_seed(scene))
    fighting = {c.key for c in setup.combatants}
    participants = [p for p in scene.participants.all() if p.army_id in fighting]
    apply_battle(scene, setup, outcome, participants, kingdoms)
    scene.status = SceneStatus.RESOLVED
    scene.resolved_at = timezone.now()
    scene.error = ""
    scene.save(update_fields=["status", "resolved_at", "error"])
    # Mailed once this transaction commits; a mail that fails is logged, the scene stays resolved.
    notifications.battle_report_ready(scene)


def scenes_sweep_stuck(*, now: datetime.datetime | None = None) -> list[int]:
    """Scenes left in resolving past the timeout go back to the queue; they and scenes locked
    that long are enqueued again (see ClaimedWork.sweep)."""
    return SCENES.sweep(now=now)
