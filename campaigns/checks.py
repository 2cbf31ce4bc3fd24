"""Muster's system checks: settings that would silently break turns or the Russian interface."""
from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.checks import Error, Warning, register


@register()
def celery_visibility_timeout(app_configs, **kwargs):
    """A late-acked task that outlives the broker's visibility timeout is delivered twice."""
    timeout = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 3600)
    if timeout <= settings.CELERY_TASK_TIME_LIMIT:
        return [Error("The Celery visibility timeout must exceed the task time limit.",
                      hint="Raise CELERY_BROKER_TRANSPORT_OPTIONS['visibility_timeout'].",
                      id="muster.E001")]
    return []


@register()
def russian_catalog_compiled(app_configs, **kwargs):
    catalogs = [Path(p) / "ru" / "LC_MESSAGES" for p in settings.LOCALE_PATHS]
    if not any((c / "django.mo").exists() for c in catalogs):
        return [Warning("The Russian message catalog is not compiled.",
                        hint="Run: python manage.py compilemessages", id="muster.W001")]
    return []
