"""A model's own fields by name, typed: `Options.get_field` also answers with relations, which have
no verbose name or length of their own."""
from __future__ import annotations

from typing import Any

from django.db import models


def own_field(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    """The field `name` declared on `model` (FieldDoesNotExist when there is none)."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise TypeError(f"{model.__name__}.{name} is a relation, not a field of its own")
    return field


def max_length(model: type[models.Model], name: str) -> int:
    """The longest value the text field `name` of `model` stores."""
    length = own_field(model, name).max_length
    if length is None:
        raise TypeError(f"{model.__name__}.{name} has no maximum length")
    return length
