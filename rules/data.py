"""Engine objects as plain JSON-able data (for stored reports and replay inputs)."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum, IntEnum
from typing import Any


def _stored_fields(record: Any) -> list[str]:
    """A dataclass's shown fields in the order its stored records have them: declaration order,
    unless the class names its `data_order` (a subclass of rules.events.Event, whose shared
    fields come first, keeps the order its records had before)."""
    names = [f.name for f in dataclasses.fields(record) if f.repr]
    order: tuple[str, ...] = getattr(record, "data_order", ())
    return sorted(names, key=order.index) if order else names


def _at_default(record: Any, name: str) -> bool:
    """Whether a field the class names in `data_omit_default` still holds its default: such a
    field (added after records were stored) is left out then, so older records keep their
    shape and the reader fills the default back in."""
    if name not in getattr(record, "data_omit_default", ()):
        return False
    spec = next(f for f in dataclasses.fields(record) if f.name == name)
    default = spec.default if spec.default_factory is dataclasses.MISSING \
        else spec.default_factory()
    return bool(getattr(record, name) == default)


def to_data(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_data(getattr(value, name)) for name in _stored_fields(value)
                if not _at_default(value, name)}
    if isinstance(value, IntEnum):  # degrees of success read better by name
        return value.name.lower()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(to_data(k)): to_data(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(to_data(v) for v in value)
    if isinstance(value, list | tuple):
        return [to_data(v) for v in value]
    return value


def record_data(record: object) -> dict[str, Any]:
    """A dataclass instance as a JSON object."""
    data = to_data(record)
    if not isinstance(data, dict):
        raise TypeError(f"{type(record).__name__} is not a dataclass instance")
    return data
