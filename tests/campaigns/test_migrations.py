"""Migrations that upgrade what databases made by earlier versions hold."""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The test commits its migrations; serialized_rollback restores the shipped data after.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def migrate(target: tuple[str, str]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([target])


def test_the_plaintext_api_tokens_of_an_older_database_are_dropped():
    migrate(("campaigns", "0006_sweep_every_minute"))
    with connection.cursor() as cursor:  # what rest_framework.authtoken left behind
        cursor.execute("CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id int)")
        cursor.execute("INSERT INTO authtoken_token VALUES ('plaintext-token', 1)")
    migrate(("campaigns", "0007_drop_plaintext_api_tokens"))
    assert "authtoken_token" not in connection.introspection.table_names()
    # The tests after this one run on today's schema.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
