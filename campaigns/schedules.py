"""Moving the periodic jobs that migrations ship (django-celery-beat), for later migrations."""
from __future__ import annotations

from django.db import migrations
from django.utils import timezone


def reschedule(apps, names: list[str], *, shipped: str, minute: str) -> None:
    """Run these jobs at crontab `minute` instead of `shipped`; a job whose schedule the GM has
    changed since keeps it."""
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    crontab, _ = crontab_model.objects.get_or_create(
        minute=minute, hour="*", day_of_week="*", day_of_month="*", month_of_year="*",
        timezone="UTC")
    moved = task_model.objects.filter(
        name__in=names, crontab__minute=shipped, crontab__hour="*", crontab__day_of_week="*",
        crontab__day_of_month="*", crontab__month_of_year="*").update(crontab=crontab)
    if moved:  # a running beat reloads its schedule when this changes (the admin's signal)
        apps.get_model("django_celery_beat", "PeriodicTasks").objects.update_or_create(
            ident=1, defaults={"last_update": timezone.now()})


def rescheduling(names: list[str], *, shipped: str, minute: str) -> migrations.RunPython:
    """The migration operation that reschedules these jobs (and reverses it)."""
    def forward(apps, schema_editor):
        reschedule(apps, names, shipped=shipped, minute=minute)

    def backward(apps, schema_editor):
        reschedule(apps, names, shipped=minute, minute=shipped)

    return migrations.RunPython(forward, backward)
