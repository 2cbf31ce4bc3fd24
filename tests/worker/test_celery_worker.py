"""Kingdom turns resolved by real Celery workers on Redis and PostgreSQL, exactly once: a campaign
through one worker; a worker killed with SIGKILL in the middle of a batch and another taking over;
two workers (and two bare resolutions) racing for the same turns.

Run with `pytest -m worker` and DATABASE_URL on PostgreSQL (.ci/run does). The tests commit their
data (the workers must see it); serialized_rollback restores the shipped army templates after.
"""
from __future__ import annotations

import datetime
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
from celery_workers import expire_visibility, queued_messages, unacked_messages, wait_until
from django.db import connection, transaction
from django.utils import timezone
from factories import ArmyFactory, CampaignFactory, KingdomFactory, UserFactory

from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from armies.services import activity_submit
from campaigns import resolution
from campaigns.apply import REASON
from campaigns.models import Kingdom, KingdomTurn, TurnReport, TurnStatus
from campaigns.services import turn_open

pytestmark = [pytest.mark.worker,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FOOD = 100  # each Infantry army eats 1 Food a turn (upkeep)
SWEEP_TIMEOUT = 2  # seconds a turn may stay resolving (or locked) before the sweep hands it back


@dataclass
class Batch:
    campaign: object
    turns: list[KingdomTurn]
    armies_per_kingdom: int
    armies: list[Army] = field(default_factory=list)
    activities: list[ArmyActivity] = field(default_factory=list)

    @property
    def turn_ids(self) -> list[int]:
        return [t.pk for t in self.turns]


def build(*, kingdoms: int, armies: int) -> Batch:
    """Kingdoms with an open turn and Infantry armies in C4, each ordered to deploy to D4. The
    kingdom's Exploration is high enough that every deployment arrives (even a natural 1 only
    lowers a critical success), so each army changes exactly once per resolution."""
    player = UserFactory()
    batch = Batch(CampaignFactory(), [], armies)
    for k in range(kingdoms):
        kingdom = KingdomFactory(campaign=batch.campaign, name=f"Kingdom {k}", food=FOOD,
                                 exploration=30, resource_points=50)
        turn = turn_open(kingdom=kingdom)
        batch.turns.append(turn)
        for a in range(armies):
            army = ArmyFactory(kingdom=kingdom, name=f"Army {k}.{a}", hex="C4")
            activity, created = activity_submit(turn=turn, user=player, kind="deploy_army",
                                                army=army, params={"destination": "D4"})
            assert created
            batch.armies.append(army)
            batch.activities.append(activity)
    return batch


def lock_without_sending(batch: Batch) -> None:
    KingdomTurn.objects.filter(pk__in=batch.turn_ids).update(status=TurnStatus.LOCKED,
                                                             locked_at=timezone.now())


def statuses(ids) -> Counter:
    return Counter(KingdomTurn.objects.filter(pk__in=ids).values_list("status", flat=True))


def wait_resolved(ids, *, timeout: float, workers=(), sweep: bool = False) -> None:
    """Poll the database until every turn is resolved; with `sweep`, run the stuck-turn sweep
    every SWEEP_TIMEOUT seconds meanwhile (as the periodic task would)."""
    deadline = time.monotonic() + timeout
    next_sweep = time.monotonic() + SWEEP_TIMEOUT
    while True:
        now = statuses(ids)
        failed = KingdomTurn.objects.filter(pk__in=ids, status=TurnStatus.FAILED)
        assert not failed.exists(), [t.error for t in failed]
        if now[TurnStatus.RESOLVED] == len(ids):
            return
        if time.monotonic() > deadline:
            logs = "\n".join(f"--- {w.name}\n{w.log()[-3000:]}" for w in workers)
            pytest.fail(f"turns not resolved after {timeout}s: {dict(now)}\n{logs}")
        if sweep and time.monotonic() > next_sweep:
            resolution.turns_sweep_stuck()
            next_sweep = time.monotonic() + SWEEP_TIMEOUT
        time.sleep(0.05)


def wait_drained(broker: str, workers, *, tasks: int | None = None, timeout: float = 20) -> None:
    """Wait until the broker holds no message and the workers logged `tasks` results in all."""
    def drained():
        done = sum(sum(w.results().values()) for w in workers)
        return (queued_messages(broker) == 0 and unacked_messages(broker) == 0
                and (tasks is None or done >= tasks))

    wait_until(drained, timeout=timeout, interval=0.1, message="the queue to drain")


def assert_applied_exactly_once(batch: Batch) -> None:
    """Every order applied once, upkeep paid once, one report and one next turn per kingdom."""
    for turn in batch.turns:
        turn.refresh_from_db()
        assert turn.status == TurnStatus.RESOLVED, (turn, turn.error)
        assert TurnReport.objects.filter(turn=turn).count() == 1
        assert turn.history.filter(status=TurnStatus.RESOLVED).count() == 1
        seeds = set(turn.history.exclude(seed=None).values_list("seed", flat=True))
        assert seeds == {turn.seed}  # a retried claim rolls the same dice
        report = turn.report.outcome
        kingdom = Kingdom.objects.get(pk=turn.kingdom_id)
        assert report["upkeep"]["consumption"] == batch.armies_per_kingdom
        assert report["upkeep"]["food_before"] == FOOD
        assert kingdom.food == FOOD - batch.armies_per_kingdom  # upkeep paid once
        assert kingdom.history.filter(history_change_reason=REASON).count() == 1
        assert list(kingdom.turns.order_by("number").values_list("number", "status")) == [
            (1, TurnStatus.RESOLVED), (2, TurnStatus.OPEN)]  # the next turn opened once
    for activity in batch.activities:
        activity.refresh_from_db()
        assert activity.status == ActivityStatus.RESOLVED, activity.result
        assert activity.history.filter(history_change_reason=REASON).count() == 1
    for army in batch.armies:
        army.refresh_from_db()
        assert army.hex == "D4"
        assert army.history.filter(history_change_reason=REASON).count() == 1


def test_a_campaign_resolves_through_a_real_worker(workers, broker):
    batch = build(kingdoms=4, armies=3)
    ids = resolution.turns_lock_due(ignore_deadline=True, campaign_id=batch.campaign.pk)
    assert sorted(ids) == sorted(batch.turn_ids)
    # The messages went to Redis, not to in-process Celery: nothing is resolved yet.
    assert queued_messages(broker) == len(ids)
    assert statuses(ids) == Counter({TurnStatus.LOCKED: len(ids)})

    worker = workers.start("solo")
    wait_resolved(ids, timeout=45, workers=[worker])
    wait_drained(broker, [worker], tasks=len(ids))
    assert worker.results() == Counter(resolved=len(ids))
    assert_applied_exactly_once(batch)


@pytest.mark.parametrize("moment", ["mid-transaction", "first-resolved"])
def test_a_worker_killed_mid_batch_leaves_every_order_applied_once(workers, broker, settings,
                                                                   moment):
    """SIGKILL a worker in the middle of a batch, let the visibility timeout pass (its
    unacknowledged message comes back), start another worker and run the sweep.

    mid-transaction: the test holds the row locks of the armies of the turns not started yet, so
    the worker is killed inside a resolution it has claimed but not committed; first-resolved:
    killed as soon as the first turn is resolved, wherever it is."""
    settings.MUSTER_RESOLVING_TIMEOUT_SECONDS = SWEEP_TIMEOUT
    batch = build(kingdoms=8, armies=3)
    ids = resolution.turns_lock_due(ignore_deadline=True, campaign_id=batch.campaign.pk)
    first = workers.start("first")
    wait_until(lambda: statuses(ids)[TurnStatus.RESOLVED] >= 1, timeout=30, interval=0.005,
               message="the first turn resolved")
    stuck_turn = None
    if moment == "mid-transaction":
        with transaction.atomic():
            waiting = KingdomTurn.objects.filter(pk__in=ids, status=TurnStatus.LOCKED)
            held = set(Army.objects.select_for_update(skip_locked=True, of=("self",)).order_by()
                       .filter(kingdom__turns__in=waiting).values_list("kingdom_id", flat=True))
            assert held, "the worker finished the batch before the test could hold it"
            stuck_turn = wait_until(
                lambda: KingdomTurn.objects.filter(pk__in=ids, status=TurnStatus.RESOLVING,
                                                   kingdom_id__in=held).first(),
                timeout=20, interval=0.01, message="the worker to claim a held turn")
            first.kill()
    else:
        first.kill()
    time.sleep(0.5)  # let PostgreSQL finish with the dead connections

    at_kill = statuses(ids)
    assert 1 <= at_kill[TurnStatus.RESOLVED] < len(ids), at_kill
    if stuck_turn is not None:
        assert list(KingdomTurn.objects.filter(status=TurnStatus.RESOLVING)) == [stuck_turn]
        assert not TurnReport.objects.filter(turn=stuck_turn).exists()  # nothing half-applied
        assert Kingdom.objects.get(pk=stuck_turn.kingdom_id).food == FOOD
    # The broker would redeliver the dead worker's message after the visibility timeout.
    restored = expire_visibility(broker)
    if stuck_turn is not None:
        assert restored == 1

    second = workers.start("second")
    wait_resolved(ids, timeout=45, workers=[first, second], sweep=True)
    wait_drained(broker, [second])
    assert second.results()["resolved"] == len(ids) - at_kill[TurnStatus.RESOLVED]
    assert second.results()["failed"] == 0
    assert_applied_exactly_once(batch)
    if stuck_turn is not None:
        # Claimed by the dead worker, handed back by the sweep, claimed again, resolved once;
        # its redelivered message (or the sweep's) found it taken and was skipped.
        assert stuck_turn.history.filter(status=TurnStatus.RESOLVING).count() == 2
        assert second.results()["skipped"] >= 1


def test_two_workers_racing_for_the_same_turns_apply_each_once(workers, broker):
    """Every turn is sent twice in a row (as a redelivery or a sweep would), and two workers take
    the two messages at once: exactly one applies it, the other skips."""
    batch = build(kingdoms=10, armies=1)
    one = workers.start("one", ready=False)
    two = workers.start("two", ready=False)
    one.wait_ready()
    two.wait_ready()
    lock_without_sending(batch)
    with transaction.atomic():
        resolution.enqueue_resolution([pk for pk in batch.turn_ids for _ in range(2)])
    wait_resolved(batch.turn_ids, timeout=45, workers=[one, two])
    wait_drained(broker, [one, two], tasks=2 * len(batch.turns))
    n = len(batch.turns)
    assert one.results() + two.results() == Counter(resolved=n, skipped=n)
    assert one.results() and two.results()  # both took part
    assert_applied_exactly_once(batch)


def test_two_resolutions_racing_for_one_turn_apply_it_once(postgres):
    """The same race without Celery: two threads, two PostgreSQL sessions, released together at
    `turn_resolve` for each turn."""
    batch = build(kingdoms=12, armies=1)
    lock_without_sending(batch)
    for turn in batch.turns:
        barrier = threading.Barrier(2, timeout=10)
        results: list[str] = []

        def resolve(turn_id=turn.pk, barrier=barrier, results=results):
            try:
                connection.ensure_connection()  # connect first: then both start together
                barrier.wait()
                results.append(resolution.turn_resolve(turn_id))
            except Exception as error:  # surfaced by the assertion below
                results.append(repr(error))
            finally:
                connection.close()

        threads = [threading.Thread(target=resolve) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(results) == ["resolved", "skipped"], turn
    assert_applied_exactly_once(batch)


def test_the_sweep_gives_a_lost_message_to_a_worker(workers, broker, settings):
    """A turn locked but whose message was lost (the broker lost it, or it was never sent) is
    enqueued again by the sweep once the timeout has passed."""
    settings.MUSTER_RESOLVING_TIMEOUT_SECONDS = SWEEP_TIMEOUT
    batch = build(kingdoms=2, armies=1)
    KingdomTurn.objects.filter(pk__in=batch.turn_ids).update(
        status=TurnStatus.LOCKED, locked_at=timezone.now() - datetime.timedelta(minutes=5))
    assert queued_messages(broker) == 0
    worker = workers.start("sweeper")
    assert sorted(resolution.turns_sweep_stuck()) == sorted(batch.turn_ids)
    wait_resolved(batch.turn_ids, timeout=30, workers=[worker])
    wait_drained(broker, [worker], tasks=2)
    assert worker.results() == Counter(resolved=2)
    assert_applied_exactly_once(batch)
