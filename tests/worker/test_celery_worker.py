"""Kingdom turns resolved by real Celery workers on Redis and PostgreSQL, exactly once: a campaign
through one worker; a worker killed with SIGKILL in the middle of a batch and another taking over;
two workers (and two bare resolutions) racing for the same turns. The kill and the race are run
with a message a turn and with several turns a message (core.claims: many turns are sent so).

Run with `pytest -m worker` and DATABASE_URL on PostgreSQL (.ci/run does). The tests commit their
data (the workers must see it); serialized_rollback restores the shipped army templates after.
"""
from __future__ import annotations

import datetime
import threading
import time
from collections import Counter

import pytest
from batches import (
    FOOD,
    SWEEP_TIMEOUT,
    assert_applied_exactly_once,
    build,
    lock_without_sending,
    statuses,
    wait_drained,
    wait_resolved,
)
from celery_workers import expire_visibility, queued_messages, wait_until
from django.db import connection, transaction
from django.utils import timezone

from armies.models import Army
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from core import claims
from turns import resolution
from turns.models import TurnReport

pytestmark = [pytest.mark.worker,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture(params=["a turn a message", "turns in batches"])
def sending(request, monkeypatch) -> str:
    """How the test's few turns are sent: as few turns are, or as many are (in batches)."""
    if request.param == "turns in batches":
        monkeypatch.setattr(claims, "MESSAGES_AT_LEAST", 3)
    return request.param


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
                                                                   moment, sending):
    """SIGKILL a worker in the middle of a batch, let the visibility timeout pass (its
    unacknowledged message comes back), start another worker and run the sweep.

    mid-transaction: the test holds the row locks of the armies of the turns not started yet, so
    the worker is killed inside a resolution it has claimed but not committed; first-resolved:
    killed as soon as the first turn is resolved, wherever it is."""
    settings.MUSTER_RESOLVING_TIMEOUT_SECONDS = SWEEP_TIMEOUT
    batch = build(kingdoms=8, armies=3)
    ids = resolution.turns_lock_due(ignore_deadline=True, campaign_id=batch.campaign.pk)
    assert queued_messages(broker) == (len(ids) if sending == "a turn a message" else 4)
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
            # A kingdom turn is claimed in its work's transaction: the worker's turn is the
            # held kingdom's locked turn under another transaction's row lock.
            waiting_held = KingdomTurn.objects.filter(pk__in=ids, status=TurnStatus.LOCKED,
                                                      kingdom_id__in=held)

            def claimed():
                # Probed in a savepoint rolled back at once: its row locks go with it, so the
                # worker's next claim does not wait for the test.
                probe = transaction.savepoint()
                free = list(waiting_held.select_for_update(skip_locked=True, of=("self",))
                            .values_list("pk", flat=True))
                transaction.savepoint_rollback(probe)
                return waiting_held.exclude(pk__in=free).first()

            stuck_turn = wait_until(claimed, timeout=20, interval=0.01,
                                    message="the worker to claim a held turn")
            first.kill()
    else:
        first.kill()
    time.sleep(0.5)  # let PostgreSQL finish with the dead connections

    at_kill = statuses(ids)
    assert 1 <= at_kill[TurnStatus.RESOLVED] < len(ids), at_kill
    if stuck_turn is not None:
        stuck_turn.refresh_from_db()
        assert stuck_turn.status == TurnStatus.LOCKED  # the dead worker's claim rolled back
        assert not TurnReport.objects.filter(turn=stuck_turn).exists()  # nothing half-applied
        assert Kingdom.objects.get(pk=stuck_turn.kingdom_id).food == FOOD
    # The broker would redeliver the dead worker's message after the visibility timeout.
    restored = expire_visibility(broker)
    if stuck_turn is not None:
        assert restored == 1  # its message: a turn's, or a batch's

    second = workers.start("second")
    wait_resolved(ids, timeout=45, workers=[first, second], sweep=True)
    wait_drained(broker, [second])
    assert second.results()["resolved"] == len(ids) - at_kill[TurnStatus.RESOLVED]
    assert second.results()["failed"] == 0
    assert_applied_exactly_once(batch)
    if stuck_turn is not None:
        # Claimed by the dead worker (rolled back with it), claimed again, resolved once.
        assert stuck_turn.history.filter(status=TurnStatus.RESOLVED).count() == 1


def test_two_workers_racing_for_the_same_turns_apply_each_once(workers, broker, sending):
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
