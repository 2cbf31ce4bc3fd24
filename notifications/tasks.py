"""Celery tasks of the players' mail.

The task keeps the name it had in campaigns.tasks: the beat schedule stored by
campaigns/migrations/0005_reminder_schedule.py names it."""
from __future__ import annotations

from celery import shared_task

from notifications import mail


@shared_task(name="campaigns.tasks.send_deadline_reminders", acks_late=True)
def send_deadline_reminders() -> list[int]:
    """Every quarter of an hour (django-celery-beat): remind players without orders of a deadline
    less than 24 hours away, once per turn."""
    return mail.send_deadline_reminders()
