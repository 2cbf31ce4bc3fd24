"""Sweep stuck kingdom turns every minute: with the four-minute lease on a claim, a dead worker's
turn is back in the queue within five minutes."""
from django.db import migrations

from campaigns.schedules import rescheduling

JOBS = ["Return kingdom turns stuck in resolving"]


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0005_reminder_schedule"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [rescheduling(JOBS, shipped="*/10", minute="*")]
