"""The Celery app. Without CELERY_BROKER_URL, tasks run in-process (see settings)."""
import os

from celery import Celery
from celery.signals import task_prerun, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("muster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
def _check_database_connection(sender=None, **kwargs) -> None:
    """Workers keep their connection between tasks (CELERY_DB_REUSE_MAX), and Celery then leaves
    it alone: before each task it is checked as Django checks a web request's (closed if broken,
    past DATABASE_CONN_MAX_AGE or left in a transaction; pinged before its first statement).
    A task run in-process is left to the code that called it."""
    if not getattr(getattr(sender, "request", None), "is_eager", False):
        from django.db import close_old_connections

        close_old_connections()


@worker_init.connect
def _warm_up(**kwargs) -> None:
    """Before the pool forks: its children (and those that replace them) start warm
    (core.warmup)."""
    from core.warmup import warm_up

    warm_up()
