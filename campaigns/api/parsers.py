"""The API's JSON parser: bad JSON of any shape is a 400 and an oversize body a 413, never a 500.

DRF's own parser lets the recursion of a deeply nested document escape as a RecursionError, and
reads the stream without Django's DATA_UPLOAD_MAX_MEMORY_SIZE check (that check guards only
`request.body` and forms)."""
from __future__ import annotations

from io import BytesIO

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError

# No order, plan or preference nests deeper than a few levels; anything far deeper is an attack
# on the parser or on whatever walks the data next (serializers, the JSON columns).
MAX_DEPTH = 32


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
    default_code = "too_large"


def depth_exceeds(data, limit: int) -> bool:
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


def read_bounded(stream) -> bytes:
    """The whole body, or RequestTooLarge once it passes DATA_UPLOAD_MAX_MEMORY_SIZE (a body
    without a Content-Length never reaches here: DRF reads none)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(body) > limit:
        raise RequestTooLarge
    return body


class BoundedJSONParser(parsers.JSONParser):
    """JSON with a bounded size and depth: ParseError (400) or RequestTooLarge (413)."""

    def parse(self, stream, media_type=None, parser_context=None):
        body = BytesIO(read_bounded(stream))
        try:
            data = super().parse(body, media_type, parser_context)
            too_deep = depth_exceeds(data, MAX_DEPTH)
        except RecursionError:
            too_deep = True
        if too_deep:
            raise ParseError(_("JSON parse error - nested deeper than %(depth)s levels.")
                             % {"depth": MAX_DEPTH})
        return data
