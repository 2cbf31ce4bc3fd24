"""core.related_rows reads a model's child rows in the model's own query and caches them as
prefetch_related would: the same instances in the same order, no further query (issue 16)."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from factories import ArmyFactory, ArmyGearFactory, ArmyTacticFactory, give_every_detail

from armies.models import Army
from campaigns.models import Kingdom
from core.related_rows import rows_of, with_related_rows

pytestmark = pytest.mark.django_db

RELATIONS = ("tactics", "gear", "conditions")


def _children(army: Army) -> dict[str, list[tuple]]:
    """Each relation's rows as (class, pk, every column) in the manager's order, and that each
    knows its army without a query."""
    seen = {}
    for relation in RELATIONS:
        rows = list(getattr(army, relation).all())
        assert all(row.army is army or row.army.pk == army.pk for row in rows)
        seen[relation] = [(type(row), row.pk, *(getattr(row, f.attname)
                                                for f in row._meta.concrete_fields))
                          for row in rows]
    return seen


def test_the_rows_match_prefetch_related_in_one_query():
    full, bare = ArmyFactory(), ArmyFactory()
    give_every_detail(full)
    armies = Army.objects.filter(pk__in=[full.pk, bare.pk]).order_by("pk")
    expected = [_children(army) for army in armies.prefetch_related(*RELATIONS)]
    list(with_related_rows(armies, *RELATIONS))  # SQLite asks once whether it has JSON

    with CaptureQueriesContext(connection) as captured:
        read = list(with_related_rows(armies, *RELATIONS))
        got = [_children(army) for army in read]
    assert len(captured.captured_queries) == 1
    assert got == expected
    assert [t[4] for t in got[0]["tactics"]] == ["keen_eyed", "toughened_soldiers"]
    assert got[1] == {relation: [] for relation in RELATIONS}


def test_a_cached_row_saves_and_deletes_like_a_read_one():
    army = ArmyFactory()
    gear = ArmyGearFactory(army=army, kind="healing_potions", doses=1)
    read = with_related_rows(Army.objects.filter(pk=army.pk), "gear").get()
    cached = read.gear.all()[0]
    cached.doses = 3
    cached.save()
    gear.refresh_from_db()
    assert gear.doses == 3
    cached.delete()
    assert not army.gear.exists()


def test_filters_and_counts_keep_working_on_the_annotated_queryset():
    armies = [ArmyFactory() for _ in range(3)]
    ArmyTacticFactory(army=armies[0], tactic="keen_eyed")
    annotated = with_related_rows(Army.objects.all(), *RELATIONS)
    assert annotated.filter(pk__in=[a.pk for a in armies[:2]]).count() == 2
    assert [len(a.tactics.all()) for a in annotated.filter(pk=armies[0].pk)] == [1]


def test_a_child_table_with_values_json_would_change_is_refused():
    """A turn's times (datetimes) would come back from JSON as strings."""
    with pytest.raises(TypeError, match="KingdomTurn.locked_at"):
        with_related_rows(Kingdom.objects.all(), "turns")


def test_a_query_built_on_the_cached_rows_keeps_to_its_parent():
    # The cached queryset's filter is deferred: a query built on it still names the army.
    first, second = ArmyFactory(), ArmyFactory()
    for army in (first, second):
        ArmyGearFactory(army=army, kind="healing_potions", doses=1)
        ArmyGearFactory(army=army, kind="magic_armor", tier="basic")
    (read,) = with_related_rows(Army.objects.filter(pk=first.pk), "gear")
    with CaptureQueriesContext(connection) as captured:
        potions = list(read.gear.filter(kind="healing_potions"))
    assert len(captured) == 1
    assert [(g.army_id, g.kind) for g in potions] == [(first.pk, "healing_potions")]
    assert potions[0].army is read  # known as the manager's rows know it
    assert read.gear.count() == 2 and read.gear.exclude(kind="magic_armor").count() == 1


@pytest.mark.parametrize("read", [lambda armies: with_related_rows(armies, *RELATIONS),
                                  lambda armies: armies.prefetch_related(*RELATIONS)],
                         ids=["with_related_rows", "prefetch_related"])
def test_rows_of_gives_the_cached_rows_without_a_query(read):
    army = ArmyFactory()
    give_every_detail(army)
    expected = {relation: list(getattr(army, relation).all()) for relation in RELATIONS}
    (cached,) = read(Army.objects.filter(pk=army.pk))
    with CaptureQueriesContext(connection) as captured:
        assert {relation: rows_of(cached, relation) for relation in RELATIONS} == expected
    assert not captured.captured_queries


def test_rows_of_reads_rows_that_were_not_cached():
    army = ArmyFactory()
    give_every_detail(army)
    fresh = Army.objects.get(pk=army.pk)
    with CaptureQueriesContext(connection) as captured:
        assert [t.tactic for t in rows_of(fresh, "tactics")] == ["keen_eyed", "toughened_soldiers"]
    assert len(captured.captured_queries) == 1
