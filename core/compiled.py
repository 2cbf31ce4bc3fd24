"""Hot reads compiled to SQL once per database connection, then run with new values.

Django turns a queryset into SQL each time it runs it: building the query, resolving its
expressions and writing the SQL cost more than PostgreSQL takes to answer the few reads every
order submission and kingdom turn makes. A `CompiledRead` builds its queryset twice with
stand-in values, checks that the two compilations differ only where the stand-ins go, and from
then on runs the first one's SQL with the caller's values in those places, through Django's own
iteration of the results (model instances, select_related, annotations, values()).

The reads' definitions stay ordinary querysets, so the SQL run is always the one Django writes
for them; what can change the SQL's shape besides the values (a user who is a superuser, say) is
the `shape` a caller passes, and each shape is compiled on its own.

On PostgreSQL the SQL runs as a prepared statement with the caller's values bound on the server
(unless settings.MUSTER_PREPARED_STATEMENTS is off), where Django binds its own on the client: a
few queries Django writes fail that way (a value in both the SELECT and the GROUP BY, Django
ticket 34255), and a value must fit its column's type (a small integer's above 32767 is an error,
where Django would drop the condition). The read's constants are written into its SQL as Django
writes them. Every compiled read runs in the PostgreSQL test suite.
"""
from __future__ import annotations

import copy
import functools
import inspect
import itertools
import logging
import re
import weakref
from collections.abc import Callable, Hashable
from typing import Any

import psycopg
import psycopg.sql
from django.conf import settings
from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet
from django.db.models.sql.constants import GET_ITERATOR_CHUNK_SIZE, MULTI
from django.db.transaction import TransactionManagementError
from psycopg.postgres import types as postgres_types
from psycopg.pq import Format

log = logging.getLogger(__name__)
TIMESTAMPTZ_OID = postgres_types["timestamptz"].oid
# Stand-in values: a read's two compilations get different ones. An int stand-in fits every
# integer column (a positive small integer's too): out of a column's range, Django would drop a
# range condition from both compilations alike, and the read would ignore its value. A constant
# of the read that equals a stand-in gets the read refused, never answered wrong.
_STAND_IN_INT = 30_000
_counter = itertools.count(1)
# The CompiledReads alive, for compile_reads (weak: a read dropped, as a test's, is not kept).
_READS: weakref.WeakSet[CompiledRead] = weakref.WeakSet()


def _stand_in(kind: type, serial: int) -> int | str:
    if kind is int:
        return _STAND_IN_INT + serial % 2_000
    if kind is str:
        return f"\x1fcompiled-read-stand-in-{serial}\x1f"
    raise TypeError(f"a compiled read takes int or str values, not {kind.__name__}")


class CompiledReadError(Exception):
    """The queryset's SQL depends on its values in a way the stand-ins cannot carry."""


class _Preparing:
    """The connection, with cursors that have PostgreSQL parse and plan each statement once per
    connection (a prepared statement: planning cost the server more than running these reads).
    Queries are logged and wrapped as through the connection's own cursors."""

    def __init__(self, connection) -> None:
        self._connection = connection

    def __getattr__(self, name: str) -> Any:
        return getattr(self._connection, name)

    def cursor(self):
        connection = self._connection
        connection.close_if_health_check_failed()
        connection.ensure_connection()
        with connection.wrap_database_errors:
            return connection._prepare_cursor(_preparing_cursor(connection))


def _prepares(connection) -> bool:
    return connection.vendor == "postgresql" and settings.MUSTER_PREPARED_STATEMENTS


def prepared_statement_cursor(connection):
    """A cursor of the connection (logged and wrapped as its own) whose statements are prepared
    on PostgreSQL (unless settings.MUSTER_PREPARED_STATEMENTS is off); else its own cursor. For a
    hot statement whose text repeats while its values change (core.writes' statement)."""
    return _Preparing(connection).cursor() if _prepares(connection) else connection.cursor()


_PLACEHOLDER = re.compile(r"%(.)", re.DOTALL)


@functools.lru_cache(maxsize=128)
def _numbered(sql: str) -> str:
    """`sql` with its placeholders as the server takes them: each `%s` numbered ($1, $2...) and
    `%%` written `%`, as psycopg writes them. psycopg does it on every run and keeps the result
    only for a statement under 4 kB with at most 50 values (an order's check reads one of 4.8 kB
    with 70); a prepared statement repeats, whatever its length, so here it is done once."""
    numbers = itertools.count(1)

    def placeholder(match: re.Match[str]) -> str:
        if match[1] == "s":
            return f"${next(numbers)}"
        if match[1] == "%":
            return "%"
        raise ValueError(f"a prepared statement takes %s placeholders, not %{match[1]}")
    return _PLACEHOLDER.sub(placeholder, sql)


class _PreparingCursor(psycopg.RawCursor):
    """A cursor that binds its values on the server and prepares its statement, given with
    Django's placeholders (%s) and sent with the server's (_numbered)."""

    def execute(self, query, params=None, **kwargs):
        sent = query if params is None else _numbered(query)
        result = super().execute(sent, params, prepare=True, **kwargs)
        # psycopg keeps no text of a prepared statement's run, which Django's query log reads
        # (DatabaseOperations.last_executed_query): the statement with its values, as logged.
        self._query = _Logged(self.connection, query, params)
        return result


class _Logged:
    """A statement as Django's query log reads it: `query`, its text with its values (written
    out only when something reads it)."""

    def __init__(self, connection: psycopg.Connection, sql: str, params: Any) -> None:
        self._text = lambda: psycopg.ClientCursor(connection).mogrify(sql, params)

    @property
    def query(self) -> bytes:
        return self._text().encode()


def _preparing_cursor(connection) -> _PreparingCursor:
    from django.db.backends.postgresql.psycopg_any import (  # type: ignore[import-untyped]
        register_tzloader,
    )

    cursor = _PreparingCursor(connection.connection)
    # As the connection's own cursors are made (DatabaseWrapper.create_cursor).
    loader = connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    if connection.timezone != loader.timezone:
        register_tzloader(connection.timezone, cursor)
    return cursor


Slots = dict[int, tuple[str, type]]  # a parameter's index -> the value's name and type


def _constants_written(connection, sql: str, params: tuple, slots: Slots
                       ) -> tuple[str, tuple, Slots]:
    """The SQL with the read's constants (the keys of its JSON objects, a status...) written in
    as literals, the way Django writes every value of its own statements (psycopg's client-side
    binding, with the connection's adapters), and only the caller's values left as parameters;
    with those parameters and their slots. A prepared statement's parameters are adapted and sent
    on every run and parsed by the server: an order's check sent 70 constants for one value. And
    the server plans with the constants known: with them as parameters, once it had statistics
    it judged its plan for unknown values worse than planning each run anew for the values
    given, and planned the order's check at every submission (about 1.6 ms of its CPU)."""
    connection.ensure_connection()
    context = connection.connection
    indexes = itertools.count()
    kept: list = []
    kept_slots: Slots = {}

    def placeholder(match: re.Match[str]) -> str:
        if match[1] != "s":
            return match[0]
        index = next(indexes)
        if index in slots:
            kept_slots[len(kept)] = slots[index]
            kept.append(params[index])
            return match[0]
        # A literal's own % is written %% like the SQL's (_numbered reads it back).
        return psycopg.sql.Literal(params[index]).as_string(context).replace("%", "%%")
    return _PLACEHOLDER.sub(placeholder, sql), tuple(kept), kept_slots


class _Compiled:
    """One compilation on one connection: its compiler (whose select and column maps the
    queryset's iterable reads), its SQL, and where each value goes among its parameters."""

    def __init__(self, queryset: QuerySet, sql: str, params: tuple, slots: Slots,
                 compiler) -> None:
        self.queryset = queryset
        self.prepared = _prepares(compiler.connection)
        if self.prepared:
            sql, params, slots = _constants_written(compiler.connection, sql, params, slots)
        self.sql = sql
        self.params = list(params)
        self.slots = slots
        self.compiler = compiler
        # How each column's value is read back (JSON parsed, ...) and whether any is a composite
        # key's: worked out by the compiler for every run, though they depend on the columns alone.
        columns = [column[0] for column in compiler.select[0:compiler.col_count]]
        self.converters = compiler.get_converters(columns)
        self.composite = compiler.has_composite_fields(columns)

    def run(self, values: dict[str, Any]) -> list:
        params = self.params[:]
        for index, (name, kind) in self.slots.items():
            params[index] = kind(values[name])
        sql = self.sql
        # Copies for this run, which answer with this SQL and these values: the compilation
        # itself is never changed, so a connection shared between threads (a test's live
        # server on SQLite) runs each read with its own values.
        compiler = copy.copy(self.compiler)
        if self.prepared:
            compiler.connection = _Preparing(compiler.connection)
        compiler.as_sql = lambda *args, **kwargs: (sql, tuple(params))
        compiler.execute_sql = functools.partial(_execute_sql, compiler, sql, tuple(params))
        converters, composite = self.converters, self.composite
        compiler.get_converters = lambda expressions: converters
        compiler.has_composite_fields = lambda expressions: composite
        query = copy.copy(self.queryset.query)
        query.get_compiler = lambda *args, **kwargs: compiler  # type: ignore[method-assign]
        queryset: Any = QuerySet(model=self.queryset.model, query=query,
                                 using=self.queryset.db)
        queryset._iterable_class = self.queryset._iterable_class
        queryset._fields = self.queryset._fields  # type: ignore[attr-defined]
        return list(queryset)


def _execute_sql(compiler, sql: str, params: tuple, result_type=MULTI, chunked_fetch=False,
                 chunk_size=GET_ITERATOR_CHUNK_SIZE):
    """SQLCompiler.execute_sql for a compiled read's rows (MULTI, not chunked: how a queryset's
    iteration asks for them), all fetched at once where Django fetches them in chunks through a
    generator (the chunk left empty fetched too); anything else as Django runs it."""
    if result_type != MULTI or chunked_fetch:
        return type(compiler).execute_sql(compiler, result_type, chunked_fetch, chunk_size)
    cursor = compiler.connection.cursor()
    try:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    finally:
        cursor.close()
    if compiler.has_extra_select:
        count = compiler.col_count
        rows = [row[:count] for row in rows]
    return [rows]


def compile_reads(using: str = DEFAULT_DB_ALIAS) -> int:
    """Compile every read in use whose SQL takes no shape, for this connection (a worker does it
    before its first task: reads are made at import); how many were compiled. No read is run; a
    read that does not compile is logged and left to fail where it is used."""
    compiled = 0
    for read in list(_READS):
        shape = inspect.signature(read.build).parameters.get("shape")
        if shape is not None and shape.default is inspect.Parameter.empty:
            continue
        try:
            read._compilation((), using)
        except CompiledReadError:
            log.exception("a compiled read does not compile")
            continue
        compiled += 1
    return compiled


class CompiledRead:
    """`build(**values)` compiled once per connection and shape; `values` names each value's
    type (int or str): `CompiledRead(lambda turn_id: Turn.objects.filter(pk=turn_id),
    turn_id=int)`. A value the SQL of some shape does not use is left out of it."""

    def __init__(self, build: Callable[..., QuerySet], **kinds: type) -> None:
        self.build = build
        self.kinds = kinds
        self.key = object()
        _READS.add(self)

    def fetch(self, *, shape: Hashable = (), using: str = DEFAULT_DB_ALIAS,
              **values: Any) -> list:
        """The rows of the queryset built from `values`, read with their compiled SQL.
        `shape`: what else the build reads that changes its SQL (the build gets it too when
        given)."""
        return self._compiled(shape, using, values).run(values)

    def get(self, *, shape: Hashable = (), using: str = DEFAULT_DB_ALIAS, **values: Any) -> Any:
        """The one row, as QuerySet.get gives it (DoesNotExist, MultipleObjectsReturned)."""
        compiled = self._compiled(shape, using, values)
        rows = compiled.run(values)
        if len(rows) != 1:
            model = compiled.queryset.model
            raise (model.DoesNotExist if not rows else model.MultipleObjectsReturned)(
                f"{model._meta.object_name} matching {values}: {len(rows)} rows")
        return rows[0]

    def _compiled(self, shape: Hashable, using: str, values: dict[str, Any]) -> _Compiled:
        for name, kind in self.kinds.items():
            if type(values[name]) is not kind:
                raise TypeError(f"{name} must be {kind.__name__}")
        compiled = self._compilation(shape, using)
        if compiled.queryset.query.select_for_update and connections[using].get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a "
                                             "transaction.")
        return compiled

    def _compilation(self, shape: Hashable, using: str) -> _Compiled:
        cache = connections[using].__dict__.setdefault("_compiled_reads", {})
        compiled = cache.get((self.key, shape))
        if compiled is None:
            compiled = cache[self.key, shape] = self._compile(shape, using)
        return compiled

    def _built(self, shape: Hashable, stand_ins: dict[str, Any], using: str) -> QuerySet:
        extra = {"shape": shape} if shape != () else {}
        return self.build(**stand_ins, **extra).using(using)

    def _compile(self, shape: Hashable, using: str) -> _Compiled:
        first = {name: _stand_in(kind, next(_counter)) for name, kind in self.kinds.items()}
        second = {name: _stand_in(kind, next(_counter)) for name, kind in self.kinds.items()}
        queryset = self._built(shape, first, using)
        # Prefetches run after the query, not as part of it.
        if queryset._prefetch_related_lookups:  # type: ignore[attr-defined]
            raise CompiledReadError("a compiled read cannot prefetch related rows")
        compiler = queryset.query.get_compiler(using=using)
        try:
            sql, params = compiler.as_sql()
            other_sql, other_params = self._built(shape, second, using).query.get_compiler(
                using=using).as_sql()
        except (EmptyResultSet, FullResultSet):
            # A condition Django drops for some values (an empty IN list, say).
            raise CompiledReadError("the read's SQL changes with its values") from None
        if sql != other_sql or len(params) != len(other_params):
            raise CompiledReadError("the read's SQL changes with its values")
        names = {value: name for name, value in first.items()}
        slots = {}
        for index, (one, other) in enumerate(zip(params, other_params, strict=True)):
            # A value may come typed for its column (psycopg's Int2 for a small integer).
            name = names.get(one) if isinstance(one, int | str) and type(one) is not bool \
                else None
            if name is not None and other == second[name]:
                slots[index] = (name, type(one))
            elif one != other or name is not None:
                raise CompiledReadError(f"parameter {index} of the read is not one of its values")
        return _Compiled(queryset, sql, params, slots, compiler)
