"""Serializer fields worked out once per class."""
from __future__ import annotations

import copy
from typing import Any

from rest_framework.serializers import BaseSerializer

# Attributes holding a field's sub-fields, which its binding binds in turn.
_SUB_FIELDS = ("child", "child_relation")


def _copied(field: Any) -> Any:
    """A fresh, unbound copy of an unbound field. DRF copies a field by building it again from
    its arguments (deepcopy), most of a small request's serializer cost; a field without
    sub-fields is copied as it is instead, since binding it sets only its own attributes (its
    name, parent, label and source). One with sub-fields is copied DRF's way: its sub-fields
    are bound to it; so is one whose default is a list, dict or set, which copies would share."""
    if isinstance(field, BaseSerializer) or any(hasattr(field, name) for name in _SUB_FIELDS) \
            or isinstance(getattr(field, "default", None), list | dict | set):
        return copy.deepcopy(field)
    return copy.copy(field)


class FieldsBuiltOnce:
    """For a serializer on a hot path: DRF works its fields out (of the model, for a
    ModelSerializer) and copies them for every serializer it makes, though they depend on the
    class alone; here they are worked out once and each serializer gets its own copies."""

    def get_fields(self) -> dict[str, Any]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built = built  # type: ignore[attr-defined]
        return {name: _copied(field) for name, field in built.items()}
