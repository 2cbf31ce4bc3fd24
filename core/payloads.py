"""Stored JSON with a schema version: reports, battle states, round records, history snapshots.

Each kind of payload is a `Payload` with its current version and one upgrader per older version
(`{1: fn}` turns a version-1 payload into version 2's shape). What is stored carries its version
under `schema_version`; a payload stored without one is version 1, the shape of every payload
written before versions existed. In memory a payload is always the current shape without the
key: `VersionedJSONField` stamps it on the way into the database and upgrades it on the way out,
so the engine, the API and the pages never see a version, and a new upgrader is the only change
an old row needs. An empty payload ({}, "none yet") stays empty."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import models
from django.db.models.fields.json import KeyTransform

VERSION_KEY = "schema_version"

Upgrader = Callable[[dict[str, Any]], dict[str, Any]]

PAYLOADS: dict[str, Payload] = {}


@dataclass(frozen=True)
class Payload:
    """A kind of stored payload. `upgraders[v]` takes version v's shape (without the key) to
    version v + 1's; every version below `version` has one."""

    kind: str
    version: int = 1
    upgraders: Mapping[int, Upgrader] = field(default_factory=dict)

    def __post_init__(self) -> None:
        missing = [v for v in range(1, self.version) if v not in self.upgraders]
        if missing:
            raise ValueError(f"{self.kind} has no upgrader from version {missing}")

    def stamp(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """`data` (the current shape) as stored: with the current version."""
        if not data:
            return dict(data)
        if data.get(VERSION_KEY, self.version) != self.version:
            raise ValueError(f"{self.kind} version {data[VERSION_KEY]} is not the current "
                             f"{self.version}: upgrade it first")
        return {**data, VERSION_KEY: self.version}

    def upgrade(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A stored payload in the current shape, without its version."""
        version = data.get(VERSION_KEY, 1)
        if not isinstance(version, int) or not 1 <= version <= self.version:
            raise ValueError(f"{self.kind} version {version!r}: this code reads 1 to "
                             f"{self.version}")
        body = {k: v for k, v in data.items() if k != VERSION_KEY}
        for step in range(version, self.version):
            body = self.upgraders[step](body)
        return body


def renaming(keys: frozenset[str], renames: Mapping[str, str]) -> Upgrader:
    """An upgrader that renames values (`renames`) wherever one of `keys` holds them, at any
    depth: a code the engine spells differently now."""

    def rename(value: Any, key: str | None = None) -> Any:
        if isinstance(value, dict):
            return {k: rename(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        if key in keys and isinstance(value, str):
            return renames.get(value, value)
        return value

    return lambda data: rename(data)


def register(payload: Payload) -> Payload:
    """Make `payload` the one definition of its kind."""
    if PAYLOADS.get(payload.kind, payload) is not payload:
        raise ValueError(f"{payload.kind} is registered already")
    PAYLOADS[payload.kind] = payload
    return payload


def upgrade(kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    return PAYLOADS[kind].upgrade(data)


class VersionedJSONField(models.JSONField):
    """A JSONField holding one registered kind of payload: stamped when saved, upgraded when loaded. Only a
    top-level object is versioned; a list or a value read from inside the payload (a key
    transform such as `outcome__seed`) passes through as it is."""

    def __init__(self, *args: Any, payload: Payload | None = None, **kwargs: Any) -> None:
        # None: a migration's copy of the field (see deconstruct), which reads and writes the
        # stored values as they are.
        self.payload = payload
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> tuple[Any, ...]:
        # Migrations see a plain JSONField: the column is one, and versions live in its values,
        # so declaring or upgrading a payload kind needs no migration.
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.JSONField", args, kwargs

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        value = super().from_db_value(value, expression, connection)
        if (self.payload is not None and isinstance(value, dict)
                and not isinstance(expression, KeyTransform)):
            return self.payload.upgrade(value)
        return value

    def get_db_prep_save(self, value: Any, connection: Any) -> Any:
        if self.payload is not None and isinstance(value, dict):
            value = self.payload.stamp(value)
        return super().get_db_prep_save(value, connection)
