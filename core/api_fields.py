"""Serializer fields worked out once per class."""
from __future__ import annotations

import copy
from typing import Any


class FieldsBuiltOnce:
    """For a ModelSerializer on a hot path: DRF works its fields out of the model for every
    serializer it makes (most of a small response's cost), though they depend on the class
    alone; here they are worked out once and each serializer gets its own copies."""

    def get_fields(self) -> dict[str, Any]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built = built  # type: ignore[attr-defined]
        return copy.deepcopy(built)
