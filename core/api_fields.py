"""Serializer fields worked out once per class."""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from rest_framework.serializers import BaseSerializer


def _shallow(field: Any) -> Any:
    # What copy.copy makes of a field (a new instance with the same attributes), without its
    # round through __reduce_ex__ and the field's __new__: no DRF field has slots or copy hooks.
    clone = object.__new__(type(field))
    clone.__dict__ = dict(field.__dict__)
    return clone


def _copier(field: Any) -> Callable[[Any], Any]:
    """How to make a fresh, unbound copy of an unbound field. DRF copies a field by building it
    again from its arguments (deepcopy), most of a small request's serializer cost; a field is
    copied as it is instead, since binding it sets only its own attributes (its name, parent,
    label and source), and so is its sub-field (a list's `child`), bound to the copy as DRF
    binds it. A serializer and a related field's `child_relation` are copied DRF's way; so is a
    field whose default is a list, dict or set, which copies would share."""
    if isinstance(field, BaseSerializer) or hasattr(field, "child_relation") \
            or isinstance(getattr(field, "default", None), list | dict | set):
        return copy.deepcopy
    child = getattr(field, "child", None)
    if child is None:
        return _shallow
    copy_child = _copier(child)
    if copy_child is copy.deepcopy:
        return copy.deepcopy

    def with_child(parent: Any) -> Any:
        clone = _shallow(parent)
        clone.child = copy_child(parent.child)
        clone.child.parent = clone
        return clone
    return with_child


class FieldsBuiltOnce:
    """For a serializer on a hot path: DRF works its fields out (of the model, for a
    ModelSerializer) and copies them for every serializer it makes, though they depend on the
    class alone; here they are worked out once, with how each is copied, and each serializer
    gets its own copies."""

    def get_fields(self) -> dict[str, Any]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built")
        if built is None:
            built = tuple((name, field, _copier(field))
                          for name, field in super().get_fields().items())  # type: ignore[misc]
            cls._fields_built = built  # type: ignore[attr-defined]
        return {name: copier(field) for name, field, copier in built}
