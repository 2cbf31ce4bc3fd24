"""Resolving battle scenes exactly once, the way kingdom turns are (docs/concurrency.md).

1. `scenes_lock` closes queued scenes to plan changes (`locked_at`) and, after commit, enqueues
   one task per scene. An Offensive Gambit's scene is locked and enqueued by its kingdom turn's
   resolution (`scenes_lock_after_turn`): "the war encounter happens right after the Kingdom turn
   ends". The GM's "Resolve now" does the same for a scene set up in the admin.
2. `SCENES.claim` moves a locked scene to resolving under a row lock and records a claim token;
   only one worker can win it. The seed is drawn once and kept.
3. `scene_resolve` fights the scene through `rules.kingmaker.battle.engine.fight` and, in one
   transaction that re-checks the claim under a row lock and locks the kingdoms whose armies
   fight, applies the result (battles.apply), writes the report and marks the scene resolved.
   A worker killed before that commit applies nothing; `scenes_sweep_stuck` hands a scene stuck
   in resolving back to the queue.
"""
from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from battles import signals
from battles.adapters import scene_setup
from battles.apply import apply_battle
from battles.models import BattleScene, SceneStatus
from campaigns.models import Kingdom
from core.claims import ClaimedWork, claimed_seed
from rules.kingmaker.battle.engine import fight


def scenes_lock(scenes, *, enqueue: bool = True) -> list[int]:
    """Lock these queued scenes (no more plan changes) and, unless told not to, enqueue them;
    scenes already locked and waiting for a worker are enqueued again (a duplicate is skipped)."""
    return SCENES.lock(scenes, enqueue=enqueue, with_waiting=True)


def scenes_lock_after_turn(turn) -> list[int]:
    """The scenes the Offensive Gambits of this just-resolved turn queued go next."""
    return scenes_lock(BattleScene.objects.filter(gambit__turn_id=turn.pk))


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
    scene.set_status(SceneStatus.RESOLVED, resolved_at=timezone.now(), error="")
    # Mailed once this transaction commits; a mail that fails is logged, the scene stays resolved.
    signals.battle_report_ready.send(sender=BattleScene, scene=scene)


SCENES = ClaimedWork(
    model=BattleScene,
    task="battles.tasks.resolve_battle_scene",
    work=_resolve_locked,
    # A queued scene takes plans until it is locked (sent for resolution).
    taking_input=Q(status=SceneStatus.QUEUED, locked_at__isnull=True),
    waiting=Q(status=SceneStatus.QUEUED, locked_at__isnull=False),
    waiting_status=SceneStatus.QUEUED,
    resolving=SceneStatus.RESOLVING,
    failed=SceneStatus.FAILED,
    # The kingdoms are locked by the work, in id order (FOR UPDATE cannot take a nullable join).
    related=("campaign", "attacker_kingdom", "defender_kingdom"),
)
# Resolve one scene if it is locked: "resolved", "skipped" or "failed".
scene_resolve = SCENES.run
# Scenes left in resolving past the lease go back to the queue; they and scenes locked that long
# are enqueued again.
scenes_sweep_stuck = SCENES.sweep
