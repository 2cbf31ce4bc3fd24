"""config.celery: a worker reuses its database connection between tasks (CELERY_DB_REUSE_MAX),
so each task checks it first as a web request does (a task run in-process leaves it alone); it
starts warm (core.warmup) before its pool forks."""
from __future__ import annotations

from types import SimpleNamespace

import django.db
import pytest
from celery.signals import task_prerun

from config import celery as muster_celery


class _Task:
    request: SimpleNamespace


@pytest.mark.parametrize(("eager", "checked"), [(False, 1), (True, 0)])
def test_a_worker_s_task_checks_the_connection_first(monkeypatch, eager, checked):
    calls = []
    monkeypatch.setattr(django.db, "close_old_connections", lambda: calls.append(1))
    task = _Task()
    task.request = SimpleNamespace(is_eager=eager)
    task_prerun.send(sender=task, task_id="t", task=task, args=(), kwargs={})
    assert len(calls) == checked
    assert muster_celery.app.conf.db_reuse_max == 200


def test_a_worker_warms_up_before_its_pool_forks(monkeypatch):
    import core.warmup

    calls = []
    monkeypatch.setattr(core.warmup, "warm_up", lambda: calls.append(1))
    muster_celery._warm_up()
    assert calls == [1]
