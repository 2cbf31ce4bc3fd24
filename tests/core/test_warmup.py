"""core.warmup: a worker process compiles the hot reads and loads the URLconf before its first task
or request, closes a connection it opened for it, then freezes its loaded heap; a failure leaves
it to start cold."""
from __future__ import annotations

import gc
import logging

import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext

import core.compiled
from core.warmup import warm_up
from turns.resolution import _TURN_EXTRA


@pytest.fixture(autouse=True)
def _unfrozen():
    yield
    gc.unfreeze()


@pytest.mark.django_db
def test_the_hot_reads_are_compiled_and_the_heap_frozen_without_a_read():
    wrapper = connections["default"]
    wrapper.__dict__.pop("_compiled_reads", None)
    assert wrapper.features.supports_json_field  # SQLite asks once per connection
    with CaptureQueriesContext(wrapper) as captured:
        warm_up()
    assert len(captured) == 0
    assert (_TURN_EXTRA.key, ()) in wrapper.__dict__["_compiled_reads"]
    assert gc.get_freeze_count() > 0


def test_a_failed_warm_up_is_logged_and_the_process_starts_all_the_same(monkeypatch, caplog):
    def broken():
        raise RuntimeError("a read that cannot compile")
    monkeypatch.setattr(core.compiled, "compile_reads", broken)
    with caplog.at_level(logging.ERROR, logger="core.warmup"):
        warm_up()
    assert "the warm-up failed" in caplog.text
    assert gc.get_freeze_count() > 0


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_connection_the_warm_up_opens_is_closed_again(monkeypatch):
    # A process forked after the warm-up (a Celery worker's pool) must not share it.
    connection = connections["default"]
    if connection.vendor == "sqlite":
        pytest.skip("Django never closes an in-memory test database")
    connection.close()
    monkeypatch.setattr(core.compiled, "compile_reads", connection.ensure_connection)
    warm_up()
    assert connection.connection is None
