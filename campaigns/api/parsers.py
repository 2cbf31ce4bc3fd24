"""The API's JSON parser: bad JSON of any shape is a 400 and an oversize body a 413, never a 500.

DRF's own parser lets the recursion of a deeply nested document escape as a RecursionError, and
reads the stream without Django's DATA_UPLOAD_MAX_MEMORY_SIZE check (that check guards only
`request.body` and forms)."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.utils import json

from campaigns.bounded_json import BoundedJSONDecoder


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
    default_code = "too_large"


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
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        constant = json.strict_constant if self.strict else None
        try:
            return json.loads(read_bounded(stream).decode(encoding), cls=BoundedJSONDecoder,
                              parse_constant=constant)
        except ValueError as exc:  # as DRF's parser answers (UnicodeDecodeError is one too)
            raise ParseError(_("JSON parse error - %(error)s") % {"error": exc}) from None
