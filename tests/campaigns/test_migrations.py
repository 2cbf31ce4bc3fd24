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


def test_the_armies_stored_on_each_turn_become_one_snapshot_a_campaign_and_night():
    before, after = ("campaigns", "0014_invitation"), ("campaigns", "0015_army_snapshot")
    migrate(before)
    old = MigrationExecutor(connection).loader.project_state(before).apps
    campaign = old.get_model("campaigns", "Campaign").objects.create(name="Stolen Lands")
    kingdoms = [old.get_model("campaigns", "Kingdom").objects.create(campaign=campaign, name=name)
                for name in ("Tatzlford", "Pitax", "Varnhold")]
    night = {"armies": [{"id": 1, "kingdom_id": kingdoms[1].pk, "hex": "D4"}],
             "schema_version": 1}
    later_night = {"armies": [{"id": 1, "kingdom_id": kingdoms[1].pk, "hex": "E4"}],
                   "schema_version": 1}
    stored = [night, night, later_night, {}]
    turns = [old.get_model("campaigns", "KingdomTurn").objects.create(
        kingdom=kingdom, number=number, deadline="2026-12-07T00:00Z", map_armies=armies,
        status=status, locked_at="2026-12-06T23:00Z")
        for kingdom, number, armies, status in zip(
            [*kingdoms, kingdoms[0]], [1, 1, 1, 2], stored, ["resolved", "locked", "locked", "open"],
            strict=True)]
    migrate(after)
    new = MigrationExecutor(connection).loader.project_state(after).apps
    kept = new.get_model("campaigns", "ArmySnapshot").objects.all()
    snapshots = {s.pk: s.armies for s in kept}
    assert {s.taken_at.isoformat() for s in kept} == {"2026-12-06T23:00:00+00:00"}  # locked
    assert sorted(snapshots.values(), key=str) == sorted([night, later_night], key=str)
    pointed = dict(new.get_model("campaigns", "KingdomTurn").objects.values_list(
        "pk", "armies_snapshot_id"))
    assert [snapshots.get(pointed[t.pk]) for t in turns] == [night, night, later_night, None]
    migrate(before)  # and back: each turn holds its armies again
    assert [t.map_armies for t in old.get_model("campaigns", "KingdomTurn").objects.order_by(
        "pk")] == stored
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
