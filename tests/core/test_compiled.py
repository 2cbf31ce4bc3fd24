"""core.compiled runs a hot read's SQL compiled once per connection with the caller's values: the
same rows as the queryset itself, and a read whose SQL depends on its values in another way is
refused rather than run wrong (issue 16, point 3)."""
from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from factories import (
    ArmyFactory,
    ArmyTacticFactory,
    KingdomFactory,
    KingdomTurnFactory,
    MembershipFactory,
    UserFactory,
)

from armies.selectors import active_armies, active_army_rows
from campaigns.models import Kingdom, KingdomTurn
from campaigns.selectors import access_shape, runs_or_plays, runs_or_plays_condition, shaped_user
from core.compiled import CompiledRead, CompiledReadError, compile_reads

pytestmark = pytest.mark.django_db


def _counting(build):
    calls = []

    def counted(**values):
        calls.append(values)
        return build(**values)
    return counted, calls


def test_a_read_gives_the_querysets_rows_for_each_value_and_compiles_once():
    kingdoms = [KingdomFactory(name=name) for name in ("Restov", "Brevoy", "Varnhold")]
    build, calls = _counting(lambda name: Kingdom.objects.select_related("campaign")
                             .filter(name=name))
    read = CompiledRead(build, name=str)
    for kingdom in kingdoms:
        with CaptureQueriesContext(connection) as captured:
            (found,) = read.fetch(name=kingdom.name)
        assert (found.pk, found.campaign.name) == (kingdom.pk, kingdom.campaign.name)
        assert len(captured) == 1  # the campaign came with it
    assert read.fetch(name="Pitax") == []
    # Twice to compile (two sets of stand-ins compared), never again on this connection.
    assert len(calls) == 2


def test_a_values_read_and_an_annotated_read_match_the_orm():
    army = ArmyFactory()
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    ArmyFactory(kingdom=army.kingdom, status="disbanded")
    rows = active_army_rows(army.kingdom)
    expected = list(active_armies(army.kingdom))
    assert [a.pk for a in rows] == [a.pk for a in expected] == [army.pk]
    assert [t.tactic for t in rows[0].tactics.all()] == ["keen_eyed"]
    read = CompiledRead(lambda kingdom: Kingdom.objects.filter(pk=kingdom).values("name", "level"),
                        kingdom=int)
    assert read.fetch(kingdom=army.kingdom.pk) == [
        {"name": army.kingdom.name, "level": army.kingdom.level}]


def test_a_read_ordered_by_what_it_does_not_select_gives_only_its_own_columns():
    # Ordering a distinct read by an expression it does not select adds that expression to the
    # SQL's columns (Django's "extra select"): the compiled read's own fetch (core.compiled,
    # _execute_sql) must cut it off, as Django's does.
    campaign = KingdomFactory(name="brevoy").campaign
    for name in ("Restov", "varnhold", "Pitax"):
        KingdomFactory(name=name, campaign=campaign)

    def build(campaign):
        return (Kingdom.objects.filter(campaign_id=campaign).distinct()
                .order_by(Lower("name")).values_list("name", "level"))
    read = CompiledRead(build, campaign=int)
    expected = list(build(campaign.pk))
    assert [name for name, _ in expected] == ["brevoy", "Pitax", "Restov", "varnhold"]
    assert read.fetch(campaign=campaign.pk) == expected
    assert read.fetch(campaign=campaign.pk + 1000) == []


@pytest.mark.parametrize("role", ["gm", "player", "other", "superuser"])
def test_each_user_shape_is_compiled_and_answers_as_the_access_rule(role):
    turn = KingdomTurnFactory()
    user = UserFactory(is_superuser=role == "superuser", is_staff=role == "superuser")
    if role == "gm":
        MembershipFactory(user=user, campaign=turn.kingdom.campaign, role="gm")
    elif role == "player":
        MembershipFactory(user=user, campaign=turn.kingdom.campaign, kingdom=turn.kingdom)
    read = CompiledRead(
        lambda turn_id, user_id, shape: KingdomTurn.objects.annotate(
            gives=runs_or_plays_condition(shaped_user(user_id, shape), "kingdom__"))
        .filter(pk=turn_id).values_list("gives", flat=True),
        turn_id=int, user_id=int)
    assert read.fetch(turn_id=turn.pk, user_id=user.pk, shape=access_shape(user)) == [
        runs_or_plays(user, turn.kingdom)] == [role != "other"]


def test_a_value_that_reaches_the_sql_changed_is_refused():
    KingdomFactory(name="Restov")
    read = CompiledRead(lambda name: Kingdom.objects.filter(name__icontains=name), name=str)
    with pytest.raises(CompiledReadError):
        read.fetch(name="Rest")


def test_a_value_that_changes_the_sql_is_refused():
    read = CompiledRead(lambda kingdom: Kingdom.objects.filter(pk__gte=kingdom)
                        if kingdom % 2 else Kingdom.objects.filter(pk__lte=kingdom), kingdom=int)
    with pytest.raises(CompiledReadError):
        read.fetch(kingdom=3)



def test_a_small_column_s_range_conditions_keep_their_values():
    # Django drops a range condition whose value is out of the column's range: the stand-ins
    # must not be, or the read would answer every row whatever its value.
    KingdomFactory(name="Restov", level=3)
    KingdomFactory(name="Brevoy", level=7)
    for lookup, level, names in (("gte", 5, ["Brevoy"]), ("lte", 5, ["Restov"]),
                                 ("exact", 7, ["Brevoy"]), ("lt", 1, [])):
        read = CompiledRead(lambda level, lookup=lookup: Kingdom.objects.filter(
            **{f"level__{lookup}": level}).order_by("name"), level=int)
        assert [k.name for k in read.fetch(level=level)] == names


def test_values_of_another_type_are_refused():
    read = CompiledRead(lambda kingdom: Kingdom.objects.filter(pk=kingdom), kingdom=int)
    with pytest.raises(TypeError):
        read.fetch(kingdom="1")


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_locking_read_runs_only_in_a_transaction():
    kingdom = KingdomFactory()
    read = CompiledRead(lambda kingdom: Kingdom.objects.select_for_update().filter(pk=kingdom),
                        kingdom=int)
    with transaction.atomic():
        assert [k.pk for k in read.fetch(kingdom=kingdom.pk)] == [kingdom.pk]
    with pytest.raises(TransactionManagementError):
        read.fetch(kingdom=kingdom.pk)


def test_get_answers_as_the_querysets_get():
    first, second = KingdomFactory(level=3), KingdomFactory(level=3)
    read = CompiledRead(lambda campaign: Kingdom.objects.filter(campaign_id=campaign),
                        campaign=int)
    assert read.get(campaign=first.campaign_id) == first
    with pytest.raises(Kingdom.DoesNotExist):
        read.get(campaign=first.campaign_id + second.campaign_id)
    KingdomFactory(campaign=second.campaign)
    with pytest.raises(Kingdom.MultipleObjectsReturned):
        read.get(campaign=second.campaign_id)


def test_a_read_that_prefetches_is_refused():
    read = CompiledRead(lambda kingdom: Kingdom.objects.filter(pk=kingdom)
                        .prefetch_related("settlements"), kingdom=int)
    with pytest.raises(CompiledReadError):
        read.fetch(kingdom=1)


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL prepares statements")
def test_on_postgresql_a_read_is_prepared_once_and_answers_as_the_queryset():
    kingdoms = [KingdomFactory(name=name, level=level)
                for name, level in (("Restov", 3), ("Brevoy", 5))]
    read = CompiledRead(lambda level: Kingdom.objects.select_related("campaign")
                        .filter(level__gte=level).order_by("name"), level=int)
    expected_levels = {1: 2, 4: 1, 9: 0}
    for level in (1, 4, 9):
        with CaptureQueriesContext(connection) as captured:
            found = read.fetch(level=level)
        assert len(captured) == 1  # logged as the connection's own cursors log, values in
        assert f'"campaigns_kingdom"."level" >= {level}' in captured[0]["sql"]
        expected = Kingdom.objects.select_related("campaign").filter(level__gte=level)
        assert [(k.pk, k.campaign.name) for k in found] == \
            [(k.pk, k.campaign.name) for k in expected.order_by("name")]
        assert len(found) == expected_levels[level]
    assert {k.pk for k in read.fetch(level=4)} == {kingdoms[1].pk}
    assert sum('"campaigns_kingdom"."level" >= $1' in s for s in _prepared_statements()) == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL prepares statements")
def test_on_postgresql_a_reads_constants_are_written_in_and_only_its_values_are_bound():
    restov = KingdomFactory(name="Restov", level=3)
    KingdomFactory(name="Brevoy", level=3, campaign=restov.campaign)
    read = CompiledRead(lambda level: Kingdom.objects.filter(level=level, name="Restov")
                        .annotate(tag=Value("100% 'sure'")).values("name", "tag"), level=int)
    assert read.fetch(level=3) == [{"name": "Restov", "tag": "100% 'sure'"}]
    assert read.fetch(level=4) == []
    (statement,) = [s for s in _prepared_statements() if '"campaigns_kingdom"."level" = $1' in s]
    # The constants as the server reads them (a literal's % and quote too), one value bound.
    assert "'Restov'" in statement and "'100% ''sure'''" in statement and "$2" not in statement


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL prepares statements")
def test_without_prepared_reads_nothing_is_prepared(settings):
    settings.MUSTER_PREPARED_STATEMENTS = False
    KingdomFactory(name="Restov", level=3)
    read = CompiledRead(lambda level: Kingdom.objects.filter(level__lte=level), level=int)
    assert [k.name for k in read.fetch(level=4)] == ["Restov"]
    assert not any('"campaigns_kingdom"."level" <= $1' in s for s in _prepared_statements())


def test_compile_reads_compiles_the_reads_without_a_shape_and_runs_nothing():
    # A worker compiles them before its first task (config.celery).
    plain_build, plain_calls = _counting(lambda name: Kingdom.objects.filter(name=name))
    plain = CompiledRead(plain_build, name=str)

    def shaped_build(name, shape):
        shaped_calls.append(shape)
        return Kingdom.objects.filter(name=name)
    shaped_calls: list = []
    shaped = CompiledRead(shaped_build, name=str)
    assert connection.features.supports_json_field  # SQLite asks once per connection
    with CaptureQueriesContext(connection) as captured:
        assert compile_reads() >= 1
    assert len(captured) == 0
    assert len(plain_calls) == 2 and shaped_calls == []
    kingdom = KingdomFactory()
    assert [k.pk for k in plain.fetch(name=kingdom.name)] == [kingdom.pk]
    assert len(plain_calls) == 2  # compiled already
    assert [k.pk for k in shaped.fetch(name=kingdom.name, shape="any")] == [kingdom.pk]


def test_a_prepared_statement_is_sent_as_psycopg_would_write_it():
    # core.compiled numbers the placeholders once per statement text (psycopg does it per run).
    from psycopg._queries import PostgresQuery
    from psycopg.adapt import Transformer

    from armies.activity_services import _TURN_ORDERS
    from core.compiled import _numbered

    statements = ["SELECT 1", "SELECT %s, '%%' || %s, 100 %% %s",
                  _TURN_ORDERS[True]._compilation((), "default").sql]
    for sql in statements:
        psycopgs = PostgresQuery(Transformer())
        psycopgs.convert(sql, [None] * sql.replace("%%", "").count("%s"))
        assert _numbered(sql).encode() == psycopgs.query
    with pytest.raises(ValueError, match="%s placeholders"):
        _numbered("SELECT %(name)s")
