"""Faults heal themselves: the workers' database sessions cut again and again in the middle of a
batch (as `pg_terminate_backend`, a failover or a restart would) and a worker killed with SIGKILL,
and still every order is applied exactly once, no turn fails and none stays stuck: the cut
resolutions are retried, the dead worker's turn comes back when its lease lapses, and messages
for turns already resolved do nothing. Run with `pytest -m worker` (see test_celery_worker.py)."""
from __future__ import annotations

import pytest
from batches import SWEEP_TIMEOUT, assert_applied_exactly_once, build, statuses, wait_resolved
from celery_workers import expire_visibility, wait_until
from django.db import connection, transaction

from campaigns.models import TurnStatus
from turns import resolution

pytestmark = [pytest.mark.worker,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

CUTS = 6


def cut_other_sessions() -> int:
    """End every other client session on the test database (the workers'); returns how many."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND backend_type = 'client backend'")
        return cursor.fetchone()[0]


def test_cut_sessions_and_a_killed_worker_leave_every_order_applied_once(workers, broker,
                                                                         settings):
    settings.MUSTER_RESOLVING_TIMEOUT_SECONDS = SWEEP_TIMEOUT
    batch = build(kingdoms=16, armies=2)
    one = workers.start("one", ready=False)
    two = workers.start("two", ready=False)
    one.wait_ready()
    two.wait_ready()
    ids = resolution.turns_lock_due(ignore_deadline=True, campaign_id=batch.campaign.pk)

    def resolved() -> int:
        return statuses(ids)[TurnStatus.RESOLVED]

    # Each cut once one more turn is resolved: the workers are in the middle of the next ones.
    cut = 0
    for done in range(1, CUTS + 1):
        wait_until(lambda done=done: resolved() >= done, timeout=60, interval=0.01,
                   message=f"{done} turns resolved")
        cut += cut_other_sessions()
    one.kill()
    cut += cut_other_sessions()
    assert cut, "no worker session was cut"
    assert resolved() < len(ids), "the workers finished before the faults were over"

    three = workers.start("three")
    wait_resolved(ids, timeout=90, workers=[one, two, three], sweep=True)
    assert_applied_exactly_once(batch)
    # The cut resolutions were handed back and tried again, not marked failed.
    assert "a passing database fault, tried again" in one.log() + two.log()

    # The dead worker's message (the broker gives it back once its visibility timeout passes)
    # and a second message for every turn find the turns resolved and do nothing.
    expire_visibility(broker)
    with transaction.atomic():
        resolution.enqueue_resolution(ids)
    wait_until(lambda: (two.results() + three.results())["skipped"] >= len(ids), timeout=60,
               message="the messages for resolved turns")
    assert (two.results() + three.results())["failed"] == 0
    assert_applied_exactly_once(batch)
