"""Engine objects as plain JSON-able data (for stored reports and replay inputs)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum, IntEnum
from typing import Any


def _stored_fields(cls: type) -> list[str]:
    """A dataclass's shown fields in the order its stored records have them: declaration order,
    unless the class names its `data_order` (a subclass of rules.events.Event, whose shared
    fields come first, keeps the order its records had before)."""
    names = [f.name for f in dataclasses.fields(cls) if f.repr]
    order: tuple[str, ...] = getattr(cls, "data_order", ())
    return sorted(names, key=order.index) if order else names


_NO_DEFAULT = object()


def _omitted_default(cls: type, name: str) -> Any:
    """The default of a field the class names in `data_omit_default`: such a field (added after
    records were stored) is left out while it holds it, so older records keep their shape and
    the reader fills the default back in. _NO_DEFAULT for any other field."""
    if name not in getattr(cls, "data_omit_default", ()):
        return _NO_DEFAULT
    spec = next(f for f in dataclasses.fields(cls) if f.name == name)
    return spec.default if spec.default_factory is dataclasses.MISSING \
        else spec.default_factory()


# Values that are data as they are: most of a report's, kept without a call to to_data.
_PLAIN_TYPES = frozenset({int, str, bool, float, type(None)})


def _record_converter(cls: type) -> Callable[[Any], Any]:
    fields = [(name, _omitted_default(cls, name)) for name in _stored_fields(cls)]
    if all(default is _NO_DEFAULT for _name, default in fields):
        names = [name for name, _default in fields]
        return lambda record: {
            name: value if type(value := getattr(record, name)) in _PLAIN_TYPES
            else to_data(value) for name in names}

    def convert(record: Any) -> dict[str, Any]:
        data = {}
        for name, default in fields:
            value = getattr(record, name)
            if default is _NO_DEFAULT or not value == default:
                data[name] = to_data(value)
        return data
    return convert


def _plain(value: Any) -> Any:
    return value


def _converter(cls: type) -> Callable[[Any], Any]:
    """How to_data turns an instance of `cls` into data, worked out once per class (the same
    tests as isinstance's, on the class)."""
    if dataclasses.is_dataclass(cls) and not issubclass(cls, type):
        return _record_converter(cls)
    if issubclass(cls, IntEnum):  # degrees of success read better by name
        return lambda value: value.name.lower()
    if issubclass(cls, Enum):
        return lambda value: value.value
    if issubclass(cls, Mapping):
        return lambda value: {str(to_data(k)): to_data(v) for k, v in value.items()}
    if issubclass(cls, frozenset | set):
        return lambda value: sorted(to_data(v) for v in value)
    if issubclass(cls, list | tuple):
        return lambda value: [v if type(v) in _PLAIN_TYPES else to_data(v) for v in value]
    return _plain


_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


def to_data(value: Any) -> Any:
    """An engine object as JSON-able data: records as objects of their stored fields, enums by
    value (degrees of success by name), mappings with string keys, sets sorted, sequences as
    lists; a report converts thousands of values, hence a converter per class."""
    cls = type(value)
    convert = _CONVERTERS.get(cls)
    if convert is None:
        convert = _CONVERTERS[cls] = _converter(cls)
    return convert(value)


def record_data(record: object) -> dict[str, Any]:
    """A dataclass instance as a JSON object."""
    data = to_data(record)
    if not isinstance(data, dict):
        raise TypeError(f"{type(record).__name__} is not a dataclass instance")
    return data
