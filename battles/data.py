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
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v) for v in value)
        return tuple(from_data(a, v) for a, v in zip(args, value, strict=True))
    if origin in (frozenset, set):
        (item,) = typing.get_args(kind)
        return frozenset(from_data(item, v) for v in value)
    if origin in (dict, Mapping) or kind in (dict, Mapping):
        args = typing.get_args(kind)
        if not args:
            return dict(value)
        return {from_data(args[0], k): from_data(args[1], v) for k, v in value.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(value, Mapping):
            raise TypeError(f"{kind.__name__} wants an object, not {value!r}")
        hints = _hints(kind)
        fields = {f.name: from_data(hints[f.name], value[f.name])
                  for f in dataclasses.fields(kind) if f.init and f.name in value}
        return kind(**fields)
    if isinstance(kind, type) and issubclass(kind, IntEnum):
        return kind[value.upper()] if isinstance(value, str) else kind(value)  # to_data: by name
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    if kind is int and isinstance(value, bool):
        raise TypeError("a boolean is not a number")
    if kind in (int, str, bool, float) and not isinstance(value, kind):
        raise TypeError(f"{value!r} is not {kind.__name__}")
    return value
