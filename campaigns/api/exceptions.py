"""API answers every app shares: an oversize body is a 413, whichever part of the request
read it."""
from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from rest_framework.views import exception_handler as drf_exception_handler

# Not in this module: the parser is imported while rest_framework.views loads.
from campaigns.api.parsers import RequestTooLarge


def exception_handler(exc, context):
    """DRF's handler, with Django's RequestDataTooBig (a form parser reading past
    DATA_UPLOAD_MAX_MEMORY_SIZE) as a 413 rather than Django's bare 400."""
    if isinstance(exc, RequestDataTooBig):
        exc = RequestTooLarge()
    return drf_exception_handler(exc, context)
