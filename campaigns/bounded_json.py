"""JSON from users, nested no deeper than any order, plan or setting needs. Far deeper JSON is an
attack on the parser (Python's recursion gives out near 1,000 levels, as a RecursionError that
would be a 500) or on whatever walks the data next; both the API's parser and the admin's JSON
fields refuse it as invalid input."""
from __future__ import annotations

import json

from django.db import models
from django.utils.translation import gettext

MAX_DEPTH = 32


def depth_exceeds(data, limit: int = MAX_DEPTH) -> bool:
    """Whether `data` nests lists and objects more than `limit` deep (without recursing)."""
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            value = value.values()
        elif not isinstance(value, list):
            continue
        if depth > limit:
            return True
        pending.extend((item, depth + 1) for item in value)
    return False


class BoundedJSONDecoder(json.JSONDecoder):
    """A decoder that raises JSONDecodeError (what form fields turn into "Enter a valid JSON.")
    for JSON nested deeper than MAX_DEPTH."""

    def decode(self, s, *args, **kwargs):
        try:
            value = super().decode(s, *args, **kwargs)
            too_deep = depth_exceeds(value)
        except RecursionError:
            too_deep = True
        if too_deep:
            raise json.JSONDecodeError(
                gettext("nested deeper than %(depth)s levels") % {"depth": MAX_DEPTH}, s, 0)
        return value


# ModelAdmin.formfield_overrides for models with JSON fields the GM edits.
ADMIN_JSON_FIELDS = {models.JSONField: {"decoder": BoundedJSONDecoder}}
