"""Ship the periodic job that returns battle scenes stuck in resolving (their worker died) to the
queue; the GM edits its schedule in the admin."""
from django.db import migrations

JOBS = [
    ("Return battle scenes stuck in resolving", "battles.tasks.sweep_stuck_scenes", "*/10"),
]


def ship(apps, schema_editor):
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    for name, task, minute in JOBS:
        crontab, _ = crontab_model.objects.get_or_create(
            minute=minute, hour="*", day_of_week="*", day_of_month="*", month_of_year="*",
            timezone="UTC")
        task_model.objects.get_or_create(name=name, defaults={"task": task, "crontab": crontab})


def unship(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name__in=[name for name, _task, _minute in JOBS]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("battles", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(ship, unship)]
