"""drf-spectacular post-processing: every operation documents the answers bad input gets from the
API's shared machinery, whatever its view declares. A body that does not parse (or nests too
deep) or a query that does not validate is a 400, a body over the size limit a 413
(campaigns.api.parsers, config.errors), a body of a media type no parser reads a 415, an id or
page that matches nothing a 404."""
from __future__ import annotations

from django.utils.translation import gettext as _

HTTP_METHODS = frozenset({"get", "put", "post", "patch", "delete"})
DETAIL = {"type": "object", "properties": {"detail": {"type": "string"}},
          "required": ["detail"]}
FIELDS = {"type": "object", "additionalProperties": {}}


def _answer(schema: dict, description: str) -> dict:
    return {"content": {"application/json": {"schema": schema}}, "description": description}


def document_bad_input(result, generator, request, public):
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in HTTP_METHODS:
                continue
            parameters = {(p["in"], p["name"]) for p in operation.get("parameters", [])}
            queries = {name for where, name in parameters if where == "query"}
            answers = operation.setdefault("responses", {})
            if "requestBody" in operation or queries:
                answers.setdefault("400", _answer(FIELDS, _(
                    "Bad input: a message per field, or the body's parse error under "
                    "`detail`.")))
            if "requestBody" in operation:
                answers.setdefault("413", _answer(DETAIL, _("The request body is too large.")))
                answers.setdefault("415", _answer(DETAIL, _(
                    "The body's media type is not one this operation reads.")))
            if "{" in path or "page" in queries:
                answers.setdefault("404", _answer(DETAIL, _(
                    "Not found, or not yours to see (or a page past the last).")))
    return result
