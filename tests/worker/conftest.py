"""Fixtures for the tests that resolve turns through real Celery workers on Redis and PostgreSQL.

The test process enqueues through the same Redis database the workers consume (a spare one,
flushed before and after), and the workers use the pytest test database: the data they read must be
committed, so these tests are transactional.
"""
from __future__ import annotations

import pytest
from celery_workers import Worker, broker_url, database_url, redis_client, redis_reachable

BROKER_DB = 9  # a spare Redis database for the worker tests


@pytest.fixture
def postgres(settings):
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("the worker tests need PostgreSQL: set DATABASE_URL=postgres://... "
                    "(SQLite cannot serve a worker process and the test process at once)")


@pytest.fixture
def broker(postgres):
    """Point the Celery app at Redis (settings chose in-process tasks at import) and restore it."""
    url = broker_url(BROKER_DB)
    if not redis_reachable(url):
        pytest.skip(f"the worker tests need Redis at {url}")
    from config.celery import app

    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    client = redis_client(url)
    client.flushdb()
    _reset_connections(app)
    app.conf.update(broker_url=url, task_always_eager=False)
    yield url
    app.conf.update(saved)
    _reset_connections(app)
    client.flushdb()


def _reset_connections(app) -> None:
    """Drop the app's broker connections, so the next message goes to the broker now configured."""
    import kombu.pools

    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    if "amqp" in app.__dict__:
        app.amqp._producer_pool = None
    kombu.pools.reset()


@pytest.fixture
def workers(broker, settings, tmp_path):
    """Start workers with `workers.start("a")`; all are stopped (SIGKILL if need be) afterwards."""
    started: list[Worker] = []
    database = database_url(settings.DATABASES["default"])

    class Workers:
        log_dir = tmp_path

        def start(self, name: str, *, ready: bool = True, **options) -> Worker:
            worker = Worker(name, broker=broker, database=database, log_dir=tmp_path,
                            env={"MUSTER_RESOLVING_TIMEOUT_SECONDS":
                                 str(settings.MUSTER_RESOLVING_TIMEOUT_SECONDS)},
                            **options)
            started.append(worker)
            worker.start()
            return worker.wait_ready() if ready else worker

    try:
        yield Workers()
    finally:
        for worker in started:  # warm shutdowns in parallel, then SIGKILL what is left
            if worker.alive:
                worker.process.terminate()
        for worker in started:
            worker.stop(timeout=5)
