"""Ship the periodic job that mails deadline reminders; the GM edits its schedule in the admin."""
from django.db import migrations

NAME = "Remind players without orders of the turn deadline"
TASK = "campaigns.tasks.send_deadline_reminders"


def ship(apps, schema_editor):
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    # Every quarter of an hour: a turn is reminded soon after it comes within 24 hours of its
    # deadline, and once only (KingdomTurn.reminded_at).
    crontab, _ = crontab_model.objects.get_or_create(
        minute="*/15", hour="*", day_of_week="*", day_of_month="*", month_of_year="*",
        timezone="UTC")
    task_model.objects.get_or_create(name=NAME, defaults={"task": TASK, "crontab": crontab})


def unship(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0004_notifications"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(ship, unship)]
