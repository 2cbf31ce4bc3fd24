"""Engine objects back from the plain data `rules.data.to_data` made of them, so a stored battle's
inputs can be fought again (the GM's replay). Typed by the dataclasses' own annotations."""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from enum import Enum, IntEnum
from typing import Any


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_data(kind: Any, value: Any) -> Any:
    """Rebuild a value of type `kind` (a dataclass, enum, tuple[...], X | None...) from data."""
    if kind is Any:
        return value
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return _union_from_data(kind, value)
    if origin is tuple:
        return _tuple_from_data(kind, value)
    if origin in (frozenset, set):
        (item,) = typing.get_args(kind)
        return frozenset(from_data(item, v) for v in value)
    if origin in (dict, Mapping) or kind in (dict, Mapping):
        return _mapping_from_data(kind, value)
    if isinstance(kind, type):
        return _class_from_data(kind, value)
    return value


def _union_from_data(kind: Any, value: Any) -> Any:
    """The first of the union's types the value fits (None for None, if the union allows it)."""
    options = typing.get_args(kind)
    if value is None and type(None) in options:
        return None
    for option in options:
        if option is type(None):
            continue
        try:
            return from_data(option, value)
        except (TypeError, ValueError, KeyError):
            continue
    raise ValueError(f"{value!r} fits none of {kind}")


def _tuple_from_data(kind: Any, value: Any) -> tuple[Any, ...]:
    args = typing.get_args(kind)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_data(args[0], v) for v in value)
    return tuple(from_data(a, v) for a, v in zip(args, value, strict=True))


def _mapping_from_data(kind: Any, value: Any) -> dict[Any, Any]:
    args = typing.get_args(kind)
    if not args:
        return dict(value)
    return {from_data(args[0], k): from_data(args[1], v) for k, v in value.items()}


def _class_from_data(kind: type, value: Any) -> Any:
    """A dataclass from an object of its fields, an enum from its value (an IntEnum also from its
    name), a number, string or boolean as it is if it is one."""
    if dataclasses.is_dataclass(kind):
        if not isinstance(value, Mapping):
            raise TypeError(f"{kind.__name__} wants an object, not {value!r}")
        hints = _hints(kind)
        fields = {f.name: from_data(hints[f.name], value[f.name])
                  for f in dataclasses.fields(kind) if f.init and f.name in value}
        return kind(**fields)
    if issubclass(kind, IntEnum):
        return kind[value.upper()] if isinstance(value, str) else kind(value)  # to_data: by name
    if issubclass(kind, Enum):
        return kind(value)
    if kind is int and isinstance(value, bool):
        raise TypeError("a boolean is not a number")
    if kind in (int, str, bool, float) and not isinstance(value, kind):
        raise TypeError(f"{value!r} is not {kind.__name__}")
    return value
