"""Sweep stuck battle scenes and sector rounds every minute: with the four-minute lease on a
claim, a dead worker's work is back in the queue within five minutes."""
from django.db import migrations

from campaigns.schedules import rescheduling

JOBS = ["Return battle scenes stuck in resolving", "Return sector battle rounds stuck in resolving"]


class Migration(migrations.Migration):
    dependencies = [
        ("battles", "0005_sector_battle_hex_and_gambit"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [rescheduling(JOBS, shipped="*/10", minute="*")]
