"""A model's one-to-many rows read in the same query as the model, as JSON.

`prefetch_related` costs a query per relation; a hot read that needs an object's small child
tables (an army's tactics, gear and conditions) gets them here as one JSON array per relation and
row, aggregated by the database (PostgreSQL's JSON_AGG, SQLite's JSON_GROUP_ARRAY), and turned
back into model instances in the related manager's prefetch cache: `army.tactics.all()` then
reads no database, exactly as after `prefetch_related("tactics")`.

On PostgreSQL the rows are built as `json`, not `jsonb`: the value is only read back, and `json`
is written straight as text where `jsonb` is built as a binary value, then written out as text
(about a quarter of an order submission's read of the turn's orders and armies, on the server)."""
from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import F, Func, OuterRef, Subquery
from django.db.models.functions import Cast, JSONObject
from django.db.models.query import ModelIterable

PREFIX = "_related_rows__"


class _ReadJSONField(models.JSONField):
    """A JSON value read back: psycopg parses PostgreSQL's `json` (Django has it keep only
    `jsonb` as text, which its JSONField parses); SQLite's comes as text, parsed here."""

    def from_db_value(self, value, expression, connection):
        if not isinstance(value, str):
            return value
        return super().from_db_value(value, expression, connection)


class _JSONBuildObject(JSONObject):
    """JSONObject as PostgreSQL's `json` (JSON_BUILD_OBJECT) rather than `jsonb`."""

    output_field = _ReadJSONField()

    def as_postgresql(self, compiler, connection, **extra_context):
        # Its keys cast to text as JSONObject casts them (a key is a parameter, of no type
        # when bound on the server).
        copy = self.copy()
        copy.set_source_expressions([
            Cast(expression, models.TextField()) if index % 2 == 0 else expression
            for index, expression in enumerate(copy.get_source_expressions())])
        return Func.as_sql(copy, compiler, connection, function="JSON_BUILD_OBJECT",
                           **extra_context)


class _JSONRows(Subquery):
    """The subquery's one column, `row`, aggregated into a JSON array in the subquery's order
    ([] when it has no rows); `objects`: each row is a JSON object (else a plain value)."""

    template = "COALESCE((SELECT JSON_AGG(_rows.row) FROM (%(subquery)s) _rows), '[]'::json)"
    output_field = _ReadJSONField()

    def __init__(self, queryset, *, objects: bool):
        super().__init__(queryset)
        self.objects = objects

    def as_sqlite(self, compiler, connection, **extra_context):
        row = "JSON(_rows.row)" if self.objects else "_rows.row"
        return self.as_sql(compiler, connection, template=(
            f"(SELECT JSON_GROUP_ARRAY({row}) FROM (%(subquery)s) _rows)"), **extra_context)


def json_values(queryset: models.QuerySet, column: str) -> _JSONRows:
    """A subquery annotation: `column` (a lookup such as "faction__name" too) of the rows of
    `queryset`, which names its parent with OuterRef, as a JSON list in their order."""
    return _JSONRows(queryset.values(row=F(column)), objects=False)


def json_objects(queryset: models.QuerySet, *columns: str, **values: Any) -> _JSONRows:
    """A subquery annotation: the rows of `queryset`, which names its parent with OuterRef, as a
    JSON list of objects of these `columns` and of these expressions' `values` (a JSON one
    given as JSONValue), in their order."""
    return _JSONRows(queryset.values(row=_JSONBuildObject(**{c: F(c) for c in columns}, **values)),
                     objects=True)


class JSONValue(Func):
    """A JSON expression (a JSONField's column, json_objects or child_rows) as a value of
    json_objects: SQLite's JSON_OBJECT would take its text for a string (a JSON value keeps its
    type only straight from a JSON function, never through a column or a subquery)."""

    output_field = _ReadJSONField()
    template = "%(expressions)s"

    def as_sqlite(self, compiler, connection, **extra_context):
        return self.as_sql(compiler, connection, template="JSON(%(expressions)s)",
                           **extra_context)


# Fields whose values come back from JSON as their Python values once to_python has seen them
# (a boolean is 0 or 1 in SQLite's JSON); dates, decimals, JSON and binary would not.
_PLAIN_FIELDS = (models.IntegerField, models.AutoField, models.CharField, models.TextField,
                 models.BooleanField, models.ForeignKey)


def _fields(model: type[models.Model]) -> list[models.Field]:
    fields = list(model._meta.concrete_fields)
    for field in fields:
        if not isinstance(field, _PLAIN_FIELDS):
            raise TypeError(f"{model.__name__}.{field.name} cannot be read as a related row")
    return fields


def _columns(model: type[models.Model]) -> list[str]:
    return [f.attname for f in _fields(model)]


def _foreign_key(model: type[models.Model], relation: str) -> models.ForeignKey:
    """The child's foreign key behind the parent's one-to-many `relation`."""
    rel = model._meta.get_field(relation)
    assert isinstance(rel, models.ManyToOneRel), f"{relation} is not one-to-many"
    return rel.field


def child_rows(model: type[models.Model], relation: str) -> _JSONRows:
    """A subquery annotation of `model`: the rows of its one-to-many `relation`, every column by
    its attribute name, as a JSON list in their model's default order (as with_related_rows
    reads them)."""
    remote = _foreign_key(model, relation)
    child = remote.model
    # The child's default order, less its foreign key: one parent's rows need no join to sort.
    order = [o for o in child._meta.ordering or () if o.lstrip("-") != remote.name]
    return json_objects(child._default_manager.filter(**{remote.name: OuterRef("pk")})
                        .order_by(*order), *_columns(child))


class _Relation:
    """What filling one relation's cache needs, worked out once per query (not once per row)."""

    def __init__(self, model: type[models.Model], name: str):
        self.name = name
        self.foreign_key = _foreign_key(model, name)
        self.child = self.foreign_key.model
        self.fields = _fields(self.child)
        self.columns = [f.attname for f in self.fields]

    def _related(self, obj: models.Model, db: str) -> Any:
        """The queryset the related manager would give `obj` (its rows filtered by `obj`, which
        they know as their parent), with the filter deferred until a query is built on it, as
        the manager defers it: reading the cached rows builds none, and a manager per row
        would cost more than the rows."""
        related: Any = self.child._default_manager.get_queryset()
        related._db = db  # as using(db) would set it on a copy
        related._add_hints(instance=obj)
        related._deferred_filter = (False, (), {self.foreign_key.name: obj})
        related._known_related_objects = {self.foreign_key: {obj.pk: obj}}
        return related

    def cache(self, obj: models.Model, rows: Any, db: str) -> None:
        children = [self.child.from_db(db, self.columns,
                                       [f.to_python(row[f.attname]) for f in self.fields])
                    for row in rows]
        for instance in children:
            self.foreign_key.set_cached_value(instance, obj)
        related = self._related(obj, db)
        related._result_cache = children
        related._prefetch_done = True
        obj.__dict__.setdefault("_prefetched_objects_cache", {})[self.name] = related


class _RelatedRowsIterable(ModelIterable):
    """Model instances with each annotated relation's rows put in its prefetch cache."""

    def __iter__(self):
        queryset = self.queryset
        relations = [_Relation(queryset.model, name[len(PREFIX):])
                     for name in queryset.query.annotations if name.startswith(PREFIX)]
        for obj in super().__iter__():
            for relation in relations:
                relation.cache(obj, obj.__dict__.pop(PREFIX + relation.name), queryset.db)
            yield obj


def with_related_rows(queryset: models.QuerySet, *relations: str) -> models.QuerySet:
    """`queryset` with each of these one-to-many `relations` read in the same query and cached as
    `prefetch_related` would; the relations' rows come in their model's default order."""
    annotated = queryset.annotate(**{PREFIX + relation: child_rows(queryset.model, relation)
                                     for relation in relations})
    annotated._iterable_class = _RelatedRowsIterable
    return annotated


def rows_of(obj: models.Model, name: str) -> list[Any]:
    """The rows of `obj`'s one-to-many relation `name`, as read with it (with_related_rows, or
    prefetch_related) or else read now: `list(obj.<name>.all())` without the related manager
    Django makes anew at each access, which costs more than the read rows (a kingdom turn reads
    its armies' three relations several times)."""
    cached = obj.__dict__.get("_prefetched_objects_cache", {}).get(name)
    if cached is not None:
        return list(cached)
    return list(getattr(obj, name).all())
