"""TurnReport moved from campaigns to turns: a database made before the move keeps its reports,
and what pointed at the model's content type (admin log entries, permissions) follows it."""
from __future__ import annotations

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from factories import TurnReportFactory, UserFactory

from turns.models import TurnReport

# The test commits its migrations; serialized_rollback restores the shipped data after.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def migrate(*targets: tuple[str, str | None]) -> None:
    MigrationExecutor(connection).migrate(list(targets))


def migrate_to_the_latest() -> None:
    """Another migration test may have left later migrations unapplied."""
    migrate(*MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.fixture(autouse=True)
def latest_after():
    """Unapplying turns unapplies every migration that depends on it (campaigns' from 0008 on:
    the map's table, the turn's light and its snapshot); the tests after this one need them."""
    yield
    migrate_to_the_latest()


def test_an_older_databases_reports_log_entries_and_permissions_follow_the_model():
    report = TurnReportFactory.create()
    user = UserFactory.create()
    migrate_to_the_latest()
    migrate(("turns", None))  # the database as campaigns/migrations/0007 left it
    # Before the move the content type was campaigns' (unapplying the move gives it back).
    old = ContentType.objects.get(model="turnreport")
    assert old.app_label == "campaigns"
    assert TurnReport.objects.filter(pk=report.pk).exists()  # the table never moved
    permission = Permission.objects.get(content_type=old, codename="view_turnreport")
    user.user_permissions.add(permission)
    LogEntry.objects.create(user=user, content_type=old, object_id=str(report.pk),
                            object_repr=str(report.pk), action_flag=ADDITION)
    migrate(("turns", "0002_turnreport_content_type"))
    migrate_to_the_latest()  # the report's later columns (its narration), which reads need
    ContentType.objects.clear_cache()
    moved = ContentType.objects.get(pk=old.pk)
    assert (moved.app_label, moved.model_class()) == ("turns", TurnReport)
    assert LogEntry.objects.get().get_edited_object() == TurnReport.objects.get(pk=report.pk)
    assert user.user_permissions.get().content_type == moved
    assert not ContentType.objects.filter(app_label="campaigns", model="turnreport").exists()
