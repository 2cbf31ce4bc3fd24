"""A database made and filled by an earlier main migrates forward with every row kept.

tests/fixtures/demo_rows.json holds the rows of the demo campaign after one resolved night, as
the commit before the `turns` app wrote them, and the migration each app stood at
(tests/fixtures/capture_demo_rows.py made it). The test rebuilds that database - the schema of
those migrations, the rows written through its historical models - and migrates it to today's
head: every row must still be there, under whichever app its model lives in now, with the same
values, and the admin's history of a moved model must still name it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

from rules.cerilia.cards import CATALOG

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

EARLIER = json.loads((Path(__file__).parent / "fixtures" / "demo_rows.json").read_text())
# Catalogs whose entries the migrations ship from the engine: the earlier rows are kept, and a
# migration after them may add the engine's newer entries (by code).
SHIPPED_CATALOGS: dict[str, set[str]] = {"battles.unitcard": set(CATALOG)}
PROJECT_APPS = ("core", "campaigns", "armies", "battles", "turns", "notifications", "demo")


def _earlier_targets(executor: MigrationExecutor) -> list[tuple[str, str | None]]:
    """Each app at its earlier migration; apps that did not exist then, unapplied."""
    ours = {app for app, _ in executor.loader.graph.leaf_nodes() if app in PROJECT_APPS}
    return ([(app, name) for app, name in EARLIER["migrations"].items()]
            + [(app, None) for app in sorted(ours - set(EARLIER["migrations"]))])


def _fill(state_apps) -> dict[str, str]:
    """Writes the earlier rows through that schema's models; answers each label's table."""
    tables = {}
    with transaction.atomic():
        for label in EARLIER["tables"]:
            # Catalogs the migrations ship (army templates, unit cards) are in the rows too; the
            # constraints between them are checked at commit, when every row is back.
            state_apps.get_model(label)._base_manager.all()._raw_delete(connection.alias)
        for label, rows in EARLIER["tables"].items():
            model = state_apps.get_model(label)
            for field in model._meta.concrete_fields:  # the stored times, not the test's
                field.auto_now = field.auto_now_add = False
            model._base_manager.bulk_create(model(**row) for row in rows)
            tables[label] = model._meta.db_table
    return tables


def _model_of_table(table: str):
    return next(model for model in apps.get_models(include_auto_created=True)
                if model._meta.db_table == table and not model._meta.proxy)


def _earlier_log_entry(label: str, object_id: int) -> int:
    """An admin history line about an object of the earlier model, as the admin wrote it (the
    admin's and content types' tables are the same in both versions)."""
    app_label, model_name = label.split(".")
    content_type, _ = ContentType.objects.get_or_create(app_label=app_label, model=model_name)
    return LogEntry.objects.create(
        user_id=EARLIER["tables"]["auth.user"][0]["id"], content_type=content_type,
        object_id=str(object_id), object_repr="…", action_flag=CHANGE, change_message="[]").pk


def test_a_database_of_the_earlier_main_migrates_forward_with_every_row_kept():
    executor = MigrationExecutor(connection)
    head = executor.loader.graph.leaf_nodes()
    earlier = _earlier_targets(executor)
    executor.migrate(earlier)
    state_apps = executor.loader.project_state(
        [target for target in earlier if target[1] is not None]).apps
    tables = _fill(state_apps)
    report = EARLIER["tables"]["campaigns.turnreport"][0]
    entry_id = _earlier_log_entry("campaigns.turnreport", report["id"])

    MigrationExecutor(connection).migrate(head)

    for label, rows in EARLIER["tables"].items():
        model = _model_of_table(tables[label])
        key = model._meta.pk.attname
        kept = {row[key]: row for row in model._base_manager.values(
            *(field.attname for field in model._meta.concrete_fields))}
        earlier_keys = {row[key] for row in rows}
        assert earlier_keys <= set(kept), label
        # A row more only where a later migration ships a new catalog entry, and only that one.
        added = [kept[pk] for pk in set(kept) - earlier_keys]
        assert {row.get("code") for row in added} <= _shipped_since(label), label
        for row in rows:
            stored = kept[row[key]]
            # Rows compare through the model's own reading of them, as the earlier code wrote them.
            assert {column: _as_json(stored[column]) for column in row if column in stored} == {
                column: value for column, value in row.items() if column in stored}, label
    turn_report = _model_of_table(tables["campaigns.turnreport"])
    entry = LogEntry.objects.get(pk=entry_id)
    assert ContentType.objects.get_for_id(entry.content_type_id).model_class() is turn_report
    assert entry.get_edited_object().pk == report["id"]


def _shipped_since(label: str) -> set[str | None]:
    """The codes of the entries shipped to a catalog since the earlier main: those the engine's
    catalog holds that the earlier rows do not (battles 0010: seed 001's independent warriors);
    none for any other table."""
    if label not in SHIPPED_CATALOGS:
        return set()
    return set(SHIPPED_CATALOGS[label] - {row["code"] for row in EARLIER["tables"][label]})


def _as_json(value):
    """A stored value as the fixture holds it (the capture wrote DjangoJSONEncoder's JSON)."""
    from django.core.serializers.json import DjangoJSONEncoder
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))
