"""The `params` each army activity takes, as DRF serializers: types, choices, required fields,
derived from the parameters each activity's definition lists (rules.kingmaker.activities). The API
(armies.api), the orders page and the admin validate an order's params through them, here
rather than in the API so that the pages need not import it.

They check the shape of an order only; whether it may go ahead (the army's hex, the kingdom's RP,
its tactics...) is the rules engine's call, through armies.services. The field names and defaults
are those of armies.orders.param_defaults (tests/armies/api/test_views_activities.py checks they agree).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, cast

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from armies.choices import TACTIC_CHOICES
from armies.models import MAX_ID
from core.api_fields import FieldsBuiltOnce
from rules.kingmaker import activities as act

MAX_COUNT = act.MAX_COUNT
HEX_LENGTH = 20


def _no_surrogates(value: str) -> None:
    # A lone surrogate cannot be stored as UTF-8 (PostgreSQL refuses it): answer 400, not 500.
    if any("\ud800" <= char <= "\udfff" for char in value):
        raise serializers.ValidationError(_("Remove the invalid characters."))


def text(max_length: int, **kwargs) -> serializers.CharField:
    return serializers.CharField(max_length=max_length, validators=[_no_surrogates], **kwargs)


def object_id(**kwargs) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


def choice(enum, **kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=[member.value for member in enum], **kwargs)


class StrictSerializer(FieldsBuiltOnce, serializers.Serializer):
    # Refuses keys it does not know (a misspelt parameter must not pass silently).

    default_error_messages = {"unknown": _("Unknown field.")}

    def to_internal_value(self, data):
        unknown = {}
        if isinstance(data, Mapping):
            unknown = {str(key): [self.error_messages["unknown"]] for key in data
                       if key not in self.fields or self.fields[key].read_only}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if unknown and isinstance(error.detail, dict):
                raise serializers.ValidationError({**unknown, **error.detail}) from None
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value


# Choices the schema words with their labels (the others list their codes).
_LABELLED_CHOICES: Mapping[str, list[tuple[str, Any]]] = {"tactic": TACTIC_CHOICES}


def _choices(field: act.ParamField) -> list[Any]:
    labelled = _LABELLED_CHOICES.get(field.words)
    return list(labelled) if labelled else [str(code) for code in field.choices]


def serializer_field(field: act.ParamField) -> serializers.Field:
    """The DRF field for one of an activity's parameters, from its definition."""
    kwargs: dict[str, Any] = {}
    if field.help_text:
        kwargs["help_text"] = _(field.help_text)
    if field.nullable:
        kwargs["allow_null"] = True
    if not field.required:
        kwargs["default"] = field.default
    kind = field.type
    if kind in (act.FieldType.TEXT, act.FieldType.HEX):
        return text(field.max_length or MAX_COUNT, **kwargs)
    if kind is act.FieldType.ID:
        return object_id(**kwargs)
    if kind is act.FieldType.INTEGER:
        if field.min_value is not None:
            kwargs["min_value"] = field.min_value
        if field.max_value is not None:
            kwargs["max_value"] = field.max_value
        return serializers.IntegerField(**kwargs)
    if kind is act.FieldType.BOOLEAN:
        return serializers.BooleanField(**kwargs)
    if kind is act.FieldType.HEX_PATH:
        # A JSON list of hexes, not one string: each step is a hex the rules check on the map.
        return serializers.ListField(child=text(HEX_LENGTH), max_length=field.max_length,
                                     **{**kwargs, "default": list})
    if kind is act.FieldType.CHOICES:
        return serializers.ListField(child=serializers.ChoiceField(choices=_choices(field)),
                                     max_length=field.max_length, **{**kwargs, "default": list})
    return serializers.ChoiceField(choices=_choices(field), **kwargs)


@cache
def params_serializer(definition: act.ActivityDefinition) -> type[StrictSerializer]:
    """The serializer of an activity's `params`: one field per parameter of its definition,
    named after its params class (the schema's component, "DeployArmyParams")."""
    attrs: dict[str, Any] = {f.name: serializer_field(f) for f in definition.fields}
    attrs.update(__doc__=definition.description, __module__=__name__)
    return type(f"{definition.params.__name__}ParamsSerializer", (StrictSerializer,), attrs)


class _Serializers(Mapping[str, type[StrictSerializer]]):
    """Each registered activity's params serializer, by kind."""

    def __getitem__(self, kind: str) -> type[StrictSerializer]:
        # A StrEnum kind is its value: the registry answers either.
        return params_serializer(cast(Mapping[str, act.ActivityDefinition], act.ACTIVITIES)[kind])

    def __iter__(self) -> Iterator[str]:
        return iter(act.ACTIVITIES)

    def __len__(self) -> int:
        return len(act.ACTIVITIES)


PARAMS_SERIALIZERS: Mapping[str, type[StrictSerializer]] = _Serializers()


def validated_params(kind: str, params: Any) -> dict[str, Any]:
    """The params for an activity of `kind`, with the defaults filled in; raises a
    ValidationError keyed by parameter."""
    serializer = PARAMS_SERIALIZERS[kind](data=params)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
