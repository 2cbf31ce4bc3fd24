"""Ship the periodic jobs that resolve turns; the GM edits their schedule in the admin."""
from django.db import migrations

JOBS = [
    # Deadlines fall at each campaign's nightly time (in its time zone), so looking every quarter
    # of an hour locks each turn soon after its deadline.
    ("Lock due kingdom turns and resolve them", "campaigns.tasks.lock_due_turns", "*/15"),
    ("Return kingdom turns stuck in resolving", "campaigns.tasks.sweep_stuck_turns", "*/10"),
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
        ("campaigns", "0002_turns"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(ship, unship)]
