"""Django choices from an engine enum: the engine owns the values, the app gives each one its
translatable label once, and a field, a form or a serializer takes the pairs."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

E = TypeVar("E", bound=StrEnum)


def enum_choices(enum: type[E], labels: Mapping[E, StrOrPromise], *,
                 omit: Collection[E] = ()) -> list[tuple[str, StrOrPromise]]:
    """(value, label) for every member of `enum` but `omit`, in its order; a member without a label
    (a value added to the engine and not yet to the app) fails at import, not on a page. `omit`
    names the members a field never stores (the engine's "not garrisoned" is a blank field)."""
    missing = [member.value for member in enum if member not in labels and member not in omit]
    if missing:
        raise ValueError(f"{enum.__name__}: no label for {missing}")
    return [(member.value, labels[member]) for member in enum if member not in omit]
