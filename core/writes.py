"""The rows one transaction writes, gathered and sent together, each with its history row.

A kingdom turn writes a dozen tables (the kingdom, its armies and their tactics, gear and
conditions, its orders, the turn, the next turn, the report) and the history table of each; one
statement a table and another for its history cost more round trips and far more of the ORM's CPU
(`bulk_update` builds a `CASE WHEN` per row and field) than the work itself (issue 16). On
PostgreSQL `flush` sends them all as one statement: each write is a data-modifying `WITH` query
over its rows, given as one JSON parameter (`jsonb_to_recordset`), and each waits for the one
before it (its `WHERE` counts the rows the previous one returned), so they run in the order they
were queued, as separate statements would (a row deleted before one that takes its unique key is
inserted). The rows a statement inserts get their ids from its `RETURNING`, and simple-history's
rows of the rows it inserts, updates or deletes are made of that `RETURNING` in the same
statement (no model instance is built or sent for them). Elsewhere (the embedded
SQLite) each write is the ORM's batched call, in the same order.

One statement sees the database as it was before it: a row is written at most once a flush (a
second write of it is refused; flush between them), and rows of one insert all have an id or none.

History rows are simple-history's, with what its bulk helpers give them (the acting user, the
reason, the type). A row's history holds the row as written: on PostgreSQL it is made of the
statement's `RETURNING` (a row deleted already gets none), elsewhere of the instance; the two
agree because a caller queues every field it changed. Writes that go through here send no
`post_save` and no `pre_create_historical_record`: a model whose history listens to that signal
(an army's, for its snapshot of tactics, gear and conditions) is given the values it would fill
(`history_values`), joined to the written rows by their ids."""
from __future__ import annotations

import datetime
import functools
import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import orjson
from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.utils import timezone
from psycopg.types.json import Jsonb
from simple_history.signals import pre_create_historical_record
from simple_history.utils import get_history_manager_for_model

from core.compiled import prepared_statement_cursor

Rows = list[Any]  # model instances, all of one model
# Simple-history's rows' own columns beyond the row's (an army's snapshot of its tactics, gear and
# conditions), by field name: a value a row, in the rows' order.
HistoryValues = Mapping[str, Sequence[Any]]


@dataclass
class _Write:
    verb: str  # "insert", "update" or "delete"
    model: type[models.Model]
    rows: Rows
    fields: tuple[str, ...] = ()  # an update's
    history: bool = False  # simple-history's rows
    reason: str | None = None  # the history's change reason
    history_values: HistoryValues | None = None


class Writes:
    """Queue rows to insert, update or delete, then `flush` them inside the caller's transaction.
    With `history`, each row gets its simple-history row, with `reason` as the change reason and
    `history_values` in the history row's own columns (rows given them have their ids)."""

    def __init__(self) -> None:
        self._writes: list[_Write] = []
        self._written: set[tuple[type[models.Model], Any]] = set()

    def insert(self, rows: Iterable[models.Model], *, history: bool = False,
               reason: str | None = None, history_values: HistoryValues | None = None) -> None:
        """Rows without an id get one as they are written (set on them by `flush`)."""
        self._queue(_Write("insert", *_model_rows(rows), history=history, reason=reason,
                           history_values=history_values))

    def update(self, rows: Iterable[models.Model], fields: Sequence[str], *,
               history: bool = False, reason: str | None = None,
               history_values: HistoryValues | None = None) -> None:
        self._queue(_Write("update", *_model_rows(rows), fields=tuple(fields), history=history,
                           reason=reason, history_values=history_values))

    def delete(self, rows: Iterable[models.Model], *, history: bool = False,
               reason: str | None = None) -> None:
        """Delete the rows, with no cascade: nothing may point at them."""
        self._queue(_Write("delete", *_model_rows(rows), history=history, reason=reason))

    def _queue(self, write: _Write) -> None:
        if not write.rows:
            return
        if write.history and write.history_values is None and \
                pre_create_historical_record.has_listeners(history_model(write.model)):
            raise ValueError(f"{write.model.__name__}'s history listens to its signal: give "
                             "the values it fills (history_values)")
        ids = [row.pk for row in write.rows if row.pk is not None]
        if 0 < len(ids) < len(write.rows):
            raise ValueError("rows of one insert all have an id or none")
        if write.history_values is not None and (
                not write.history or len(ids) < len(write.rows)
                or any(len(values) != len(ids) for values in write.history_values.values())):
            raise ValueError("history_values are simple-history's, a value for each row with "
                             "an id")
        keys = {(write.model, pk) for pk in ids}
        if len(keys) < len(ids) or keys & self._written:
            raise ValueError(f"a {write.model.__name__} row written twice in one flush")
        self._written |= keys
        self._writes.append(write)

    def flush(self) -> None:
        writes, self._writes, self._written = self._writes, [], set()
        if not writes:
            return
        if connection.vendor == "postgresql":
            _flush_in_one_statement(writes)
        else:
            for write in writes:
                _flush_with_the_orm(write)


def _model_rows(rows: Iterable[models.Model]) -> tuple[type[models.Model], Rows]:
    rows = list(rows)
    return (type(rows[0]) if rows else models.Model), rows


@functools.cache
def history_model(model: type[models.Model]) -> Any:
    """The model's simple-history model (its manager builds a class at every access)."""
    return get_history_manager_for_model(model).model


def history_rows(rows: Rows, *, reason: str | None, history_type: str) -> Rows:
    """simple-history's rows for these rows as they are now."""
    model = history_model(rows[0]._meta.model)
    now = timezone.now()
    return [model(history_date=now, history_type=history_type, history_change_reason=reason,
                  history_user=model.get_default_history_user(row),
                  **{f.attname: getattr(row, f.attname) for f in model.tracked_fields})
            for row in rows]


_HISTORY_TYPE = {"insert": "+", "update": "~", "delete": "-"}


def _history_of(write: _Write) -> Rows:
    rows = history_rows(write.rows, reason=write.reason, history_type=_HISTORY_TYPE[write.verb])
    for column, values in (write.history_values or {}).items():
        for row, value in zip(rows, values, strict=True):
            setattr(row, column, value)
    return rows


def _flush_with_the_orm(write: _Write) -> None:
    manager = write.model._default_manager
    if write.verb == "delete":
        manager.filter(pk__in=[row.pk for row in write.rows])._raw_delete(manager.db)
    elif write.verb == "insert":
        manager.bulk_create(write.rows)
    else:
        manager.bulk_update(write.rows, write.fields)
    if write.history:
        history = _history_of(write)
        type(history[0])._default_manager.bulk_create(history)


def reserve_ids(model: type[models.Model], count: int) -> list[int]:
    """Ids for `count` rows of `model` to insert in this transaction, known before they are
    written (so that rows written with them can point at them)."""
    meta = model._meta
    assert meta.pk is not None
    table, column = meta.db_table, meta.pk.column
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s)) "
                           "FROM generate_series(1, %s)", [table, column, count])
            return [row[0] for row in cursor.fetchall()]
        # SQLite's AUTOINCREMENT: the next id is past both the highest ever given and the
        # highest present; the transaction holds the database's only write lock.
        cursor.execute(f"SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = %s), "
                       f"0), COALESCE((SELECT MAX({_quote(column)}) FROM {_quote(table)}), 0))",
                       [table])
        last = cursor.fetchone()[0]
        return list(range(last + 1, last + 1 + count))


# --- PostgreSQL: one statement --------------------------------------------------------------


class _Statement:
    """The WITH queries of one statement, chained so that each runs after the one before."""

    def __init__(self) -> None:
        self.queries: list[str] = []
        self.params: list[Any] = []

    def add(self, sql: str, params: Sequence[Any], *, returning: str = "1") -> str:
        name = f"w{len(self.queries)}"
        gate = f"(SELECT count(*) FROM w{len(self.queries) - 1}) >= 0" if self.queries else "TRUE"
        self.queries.append(f"{name} AS ({sql.format(gate=gate)} RETURNING {returning})")
        self.params.extend(params)
        return name


@functools.cache
def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _column(model: type[models.Model], name: str) -> models.Field:
    column = model._meta.get_field(name)
    assert isinstance(column, models.Field) and column.concrete
    return column


def _json(value: Any) -> Any:
    if isinstance(value, Jsonb):  # a JSON column's value, as its field prepared it
        if value.obj is None:  # jsonb_to_recordset would read JSON null as SQL NULL
            raise ValueError("a JSON null is not written by core.writes")
        return value.obj
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not written by core.writes")


# Dates and times go to _json as with json.dumps: orjson would round an offset with seconds (a
# zone's local mean time) and refuse an aware time.
_ORJSON = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME


def _dumps(records: list[dict[str, Any]]) -> str:
    """The rows as the statement's JSON parameter. orjson, not json.dumps: a kingdom turn's rows
    are some 36 kB of JSON, which json.dumps took 0.43 ms to write and orjson takes 0.06. What
    orjson does not write (an integer past 64 bits, nesting past 255 levels) is written by
    json.dumps as before; _json's own refusals keep their messages. One difference is left: a
    float NaN, which PostgreSQL refused from json.dumps, is written as null."""
    try:
        return orjson.dumps(records, default=_json, option=_ORJSON).decode()
    except orjson.JSONEncodeError as error:
        if isinstance(error.__cause__, ValueError):
            raise error.__cause__ from None
        return json.dumps(records, default=_json)


@functools.cache
def _record_type(fields: tuple[models.Field, ...]) -> str:
    """`AS _v(column type, ...)`: how jsonb_to_recordset reads the fields' columns."""
    columns = []
    for column in fields:
        if column.get_internal_type() == "ArrayField":
            raise NotImplementedError(f"{column}: an array column")
        columns.append(f"{_quote(column.column)} {column.db_type(connection)}")
    return f"AS _v({', '.join(columns)})"


# Django's fields whose pre_save reads the attribute and whose conversion gives a value of this
# exact type back as it is: such a value goes into the JSON unconverted (the conversions were most
# of the Python a turn spent on its rows); any other value, and other fields', are converted.
_PLAIN: dict[type[models.Field], type] = {field: int for field in (
    models.AutoField, models.BigAutoField, models.SmallAutoField, models.IntegerField,
    models.BigIntegerField, models.SmallIntegerField, models.PositiveIntegerField,
    models.PositiveBigIntegerField, models.PositiveSmallIntegerField)}
_PLAIN |= {models.CharField: str, models.TextField: str, models.SlugField: str,
           models.BooleanField: bool}


@functools.cache
def _plain_type(column: models.Field) -> type | None:
    """The type of the column's values that need no conversion, if any."""
    if type(column) is models.ForeignKey:
        return _plain_type(column.target_field)
    return _PLAIN.get(type(column))


def _recordset(fields: Sequence[models.Field], rows: Rows, *, add: bool) -> tuple[str, str]:
    """`jsonb_to_recordset(%s::jsonb) AS _v(column type, ...)` of the fields' values and its one
    parameter: the rows as a JSON array (JSON is far cheaper than a parameter a column)."""
    # The wrapper itself, not the proxy: each access through the proxy finds this thread's one.
    database = connections[DEFAULT_DB_ALIAS]
    columns = [(column, column.column, column.attname, _plain_type(column)) for column in fields]

    def value(row: models.Model, column: models.Field, attname: str, plain: type | None) -> Any:
        found = row.__dict__.get(attname)
        if plain is not None and type(found) is plain:
            return found
        return column.get_db_prep_save(column.pre_save(row, add), database)

    records = [{name: value(row, column, attname, plain) for column, name, attname, plain in columns}
               for row in rows]
    return (f"jsonb_to_recordset(%s::jsonb) {_record_type(tuple(fields))}",
            _dumps(records))


def _insert(statement: _Statement, model: type[models.Model], rows: Rows, *,
            returning: str) -> str:
    for parent in model._meta.concrete_fields:
        if not isinstance(parent, models.ForeignKey):
            continue
        for row in rows:  # a row whose parent was inserted before it takes the parent's id
            if getattr(row, parent.attname) is None and parent.is_cached(row):
                setattr(row, parent.attname, getattr(parent.get_cached_value(row), "pk", None))
    with_ids = all(row.pk is not None for row in rows)
    fields = [f for f in model._meta.concrete_fields if with_ids or not f.primary_key]
    names = ", ".join(_quote(f.column) for f in fields)
    records, param = _recordset(fields, rows, add=True)
    return statement.add(
        f"INSERT INTO {_quote(model._meta.db_table)} ({names}) SELECT {names} FROM {records} "
        "WHERE {gate}", [param], returning=returning)


def _update(statement: _Statement, write: _Write, *, returning: str) -> str:
    meta = write.model._meta
    assert meta.pk is not None
    fields = [meta.pk, *(_column(write.model, name) for name in write.fields)]
    records, param = _recordset(fields, write.rows, add=False)
    table = _quote(meta.db_table)
    assignments = ", ".join(f"{_quote(f.column)} = _v.{_quote(f.column)}" for f in fields[1:])
    return statement.add(
        f"UPDATE {table} SET {assignments} FROM {records} "
        f"WHERE {table}.{_quote(meta.pk.column)} = _v.{_quote(meta.pk.column)} AND {{gate}}",
        [param], returning=f"{table}.*" if returning == "*" else returning)


def _delete(statement: _Statement, write: _Write, *, returning: str) -> str:
    meta = write.model._meta
    assert meta.pk is not None
    return statement.add(
        f"DELETE FROM {_quote(meta.db_table)} WHERE {_quote(meta.pk.column)} = "
        f"ANY(%s::{meta.pk.db_type(connection)}[]) AND {{gate}}", [[row.pk for row in write.rows]],
        returning=returning)


def _history_from_returning(statement: _Statement, written: str, write: _Write) -> None:
    """The history rows of rows the statement writes, from its RETURNING: the rows as the
    database has them once inserted (their ids come from it) or updated, or as they were when
    deleted; no model instance is made or sent for them."""
    history = history_model(write.model)
    tracked = [f"{written}.{_quote(f.column)}" for f in history.tracked_fields]
    user = history.get_default_history_user(write.rows[0])
    own = [_column(history, name) for name in write.history_values or {}]
    columns = [*(f.column for f in history.tracked_fields), *(f.column for f in own),
               "history_date", "history_type", "history_change_reason", "history_user_id"]
    source, params = written, []
    if own:  # joined to the written rows by their ids
        key = _column(history, write.model._meta.pk.name)
        values = write.history_values or {}
        records = [{key.column: row.pk, **{f.column: f.get_db_prep_save(values[f.name][i],
                                                                         connection)
                                           for f in own}}
                   for i, row in enumerate(write.rows)]
        source = (f"{written} JOIN jsonb_to_recordset(%s::jsonb) {_record_type((key, *own))} "
                  f"ON {written}.{_quote(key.column)} = _v.{_quote(key.column)}")
        params = [_dumps(records)]
        tracked += [f"_v.{_quote(f.column)}" for f in own]
    statement.add(
        f"INSERT INTO {_quote(history._meta.db_table)} "
        f"({', '.join(_quote(c) for c in columns)}) "
        f"SELECT {', '.join(tracked)}, %s, %s, %s, %s FROM {source} "
        "WHERE {gate}", [timezone.now(), _HISTORY_TYPE[write.verb], write.reason,
                         user.pk if user is not None else None, *params])


def _flush_in_one_statement(writes: list[_Write]) -> None:
    statement = _Statement()
    inserted: list[tuple[_Write, str]] = []
    for write in writes:
        # simple-history's rows are made of what the statement writes (its RETURNING).
        if write.verb == "insert":
            written = _insert(statement, write.model, write.rows, returning="*" if write.history
                              else _quote(write.model._meta.pk.column))
            if write.rows[0].pk is None:
                inserted.append((write, written))
        elif write.verb == "update":
            written = _update(statement, write, returning="*" if write.history else "1")
        else:
            written = _delete(statement, write, returning="*" if write.history else "1")
        if write.history:
            _history_from_returning(statement, written, write)
    ids = ", ".join(f"ARRAY(SELECT {_quote(write.model._meta.pk.column)} FROM {name})"
                    for write, name in inserted) or "NULL"
    sql = f"WITH {', '.join(statement.queries)} SELECT {ids}"
    with prepared_statement_cursor(connection) as cursor:
        cursor.execute(sql, statement.params)
        returned = cursor.fetchone()
    for (write, _), new_ids in zip(inserted, returned, strict=False):
        for row, new_id in zip(write.rows, new_ids, strict=True):
            row.pk = new_id
            row._state.adding = False
