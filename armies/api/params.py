"""The activity params in the API: one JSON field whose schema lists every kind's shape (the
serializers themselves live in armies.activity_params)."""
from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from armies.activity_params import PARAMS_SERIALIZERS

# Which kind takes which params is said by `kind`; the schema lists every shape (see
# armies.api.schema, which makes it an anyOf of closed objects).
PARAMS_SCHEMA = PolymorphicProxySerializer(
    component_name="ActivityParams",
    serializers=list(PARAMS_SERIALIZERS.values()),
    resource_type_field_name=None,
)


@extend_schema_field(PARAMS_SCHEMA)
class ParamsField(serializers.JSONField):
    """An activity's parameters: a JSON object whose keys depend on the activity's kind."""

    default_error_messages = {"not_an_object": _("Give the parameters as a JSON object.")}

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            self.fail("not_an_object")
        return super().to_internal_value(data)
