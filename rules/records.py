"""Frozen records that engines make by the thousand (rolls, checks, events): `quick_init` gives a
frozen dataclass an `__init__` that gives the new instance its `__dict__` whole instead of calling
`object.__setattr__` once per field, which makes it about three times cheaper to make. Nothing
else changes: the fields, their defaults, equality, hashing, `repr`, `replace` and the refusal to
be changed after they are made are the dataclass's own.

`quick_replace` is `dataclasses.replace` for the records an engine copies by the thousand (a
sector battle's units as they move and take hits): the same new record, made about ten times
faster by copying the old one's `__dict__` with the changes instead of calling `__init__`.

Both give the record a `__dict__` of its own keys (a dict made as `{...}` makes it), never the
split table that Python 3.11 makes when an instance's `__dict__` is first asked for or copied
from one: the interpreter reads an attribute of a record with a split `__dict__` through its
slow generic path, about three times the cost, at every read of every field (`unit.position`,
`unit.side`...) for the record's whole life and its copies' (a sector battle round: about 5 %
of its instructions)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_NO_VALUE = object()  # the argument of a field with a default factory was not given


def _plain_frozen_fields(cls: type) -> tuple[Field[Any], ...]:
    """The fields of a frozen dataclass with a `__dict__` and no `__post_init__`; any other
    class is refused: making or copying it by its `__dict__` would skip what it does."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen or \
            hasattr(cls, "__slots__") or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with a __dict__")
    return fields(cls)


def quick_init(cls: type[T]) -> type[T]:
    """Replace the `__init__` of frozen dataclass `cls` (with a `__dict__`, every field given to
    `__init__`, no `__post_init__`) by one with the same signature that writes its `__dict__`."""
    namespace: dict[str, Any] = {"_NO_VALUE": _NO_VALUE, "_set_dict": _dict_setter(cls)}
    arguments: list[str] = []
    body: list[str] = []
    entries: list[str] = []
    for position, f in enumerate(_plain_frozen_fields(cls)):
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: only positional init fields")
        if f.default is not MISSING:
            namespace[f"_default_{position}"] = f.default
            arguments.append(f"{f.name}=_default_{position}")
        elif f.default_factory is not MISSING:
            namespace[f"_factory_{position}"] = f.default_factory
            arguments.append(f"{f.name}=_NO_VALUE")
            body.append(f"    if {f.name} is _NO_VALUE:\n        {f.name} = _factory_{position}()")
        else:
            arguments.append(f.name)
        entries.append(f"{f.name!r}: {f.name}")
    # Set through the `__dict__` descriptor, around the frozen __setattr__.
    body.append(f"    _set_dict(self, {{{', '.join(entries)}}})")
    source = f"def __init__(self, {', '.join(arguments)}):\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # the source is made above from the field names alone
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return defaults_off_the_class(cls)


def defaults_off_the_class(cls: type[T]) -> type[T]:
    """Take off frozen dataclass `cls` the defaults it leaves on the class whose type Python lets
    change (an enum member, a record): such a class attribute keeps Python 3.11 from specializing
    the reads of that field on every instance (`setup.light`, `plan.stance`: the slow generic
    path, several times the cost). Every instance holds all its fields, and the default is still
    the field's and `__init__`'s."""
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is not MISSING and f.name in vars(cls) \
                and not type(f.default).__flags__ & _IMMUTABLE_TYPE:
            delattr(cls, f.name)
    return cls


def _dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    """What sets the `__dict__` of an instance of `cls`: the setter of the `__dict__` descriptor
    its class (or the base that gave it one) holds, called directly. `object.__setattr__(self,
    "__dict__", ...)` comes to the same setter after looking the name up on the type, which
    costs about a sixth of making a record."""
    for klass in cls.__mro__:
        descriptor = vars(klass).get("__dict__")
        if descriptor is not None:
            setter: Callable[[Any, dict[str, Any]], None] = descriptor.__set__
            return setter
    raise TypeError(f"{cls.__name__} has no __dict__")


# Py_TPFLAGS_IMMUTABLETYPE: the built-in types and those made in C as immutable have it.
_IMMUTABLE_TYPE = 1 << 8


# A class quick_replace has checked → the names of its fields.
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def _field_names(cls: type) -> frozenset[str]:
    found = _plain_frozen_fields(cls)
    if any(not f.init for f in found):
        raise TypeError(f"{cls.__name__} has a field its __init__ does not take")
    names = _FIELD_NAMES[cls] = frozenset(f.name for f in found)
    return names


def quick_replace(record: T, **changes: Any) -> T:
    """`dataclasses.replace(record, **changes)` for a frozen dataclass with a `__dict__`, every
    field given to an `__init__` that only stores them (the dataclass's own or quick_init's) and
    no `__post_init__`: its fields copied with the changes, without calling `__init__`, and
    nothing else the record keeps."""
    cls = type(record)
    names = _FIELD_NAMES.get(cls) or _field_names(cls)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)}")
    copy: T = object.__new__(cls)
    values = record.__dict__
    if len(values) != len(names):
        # Something derived from the old fields is kept on it (an army state's stat block): the
        # copy starts without it.
        values = {name: values[name] for name in names}
    # A new object's own __dict__ filled key by key costs several times a copy of the old one:
    # the copy becomes its __dict__ (set as object sets it, around the frozen __setattr__). Made
    # as `{**...}`, it has keys of its own even when the old one's was a split table (a
    # `.copy()` would keep it split).
    object.__setattr__(copy, "__dict__", {**values, **changes})
    return copy
