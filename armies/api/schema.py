"""drf-spectacular post-processing for the activity params (see armies.api.params and armies.activity_params).

drf-spectacular offers the per-kind params as a `oneOf`; but shapes whose fields all have defaults
overlap (`{}` fits several), so a `oneOf` would refuse valid data. The kind says which shape
applies: here the choice becomes an `anyOf` of closed objects (unknown keys are refused), and the
stored params in responses need not list every key (orders entered elsewhere may omit defaults).
"""
from __future__ import annotations

from armies.activity_params import PARAMS_SERIALIZERS

PARAMS_COMPONENT = "ActivityParams"


def _component_name(serializer) -> str:
    return serializer.__name__.removesuffix("Serializer")


def close_activity_params(result, generator, request, public):
    schemas = result.get("components", {}).get("schemas", {})
    for suffix, response in (("", True), ("Request", False)):
        if f"{PARAMS_COMPONENT}{suffix}" not in schemas:
            continue
        refs = []
        for serializer in PARAMS_SERIALIZERS.values():
            name = f"{_component_name(serializer)}{suffix}"
            shape = schemas.setdefault(name, {"type": "object", "properties": {},
                                              "description": serializer.__doc__ or ""})
            shape["additionalProperties"] = False
            if response:
                shape.pop("required", None)
            refs.append({"$ref": f"#/components/schemas/{name}"})
        schemas[f"{PARAMS_COMPONENT}{suffix}"] = {
            "anyOf": refs,
            "description": "The activity's parameters; which ones depends on its `kind`.",
        }
    return result
