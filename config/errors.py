"""Answers given before or outside any view: an oversize body (413) and an unknown URL (404),
as JSON under /api/ (what an API client parses) and as a page elsewhere."""
from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from campaigns.api.parsers import RequestTooLarge

API_PREFIX = "/api/"


def _is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


class ApiNotFoundMiddleware:
    """An unknown URL under /api/ answers JSON, as the API's own 404s do, in DEBUG too (where
    Django answers its technical page instead of calling handler404). Outermost but for the
    security headers, so it sees the answer CommonMiddleware settled on (the slash redirect)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (response.status_code == 404 and _is_api(request)
                and not hasattr(response, "accepted_renderer")):  # DRF's own answer stays
            return JsonResponse({"detail": _("Not found.")}, status=404)
        return response


class RequestSizeLimitMiddleware:
    """Refuse a body whose Content-Length passes DATA_UPLOAD_MAX_MEMORY_SIZE with 413, before
    anything reads it (the CSRF check reads forms; DRF's parsers read the stream unchecked)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:  # Django's own body check would crash on it
            return _refusal(request, _("The Content-Length header is not a number."), 400)
        if limit is not None and length > limit:
            return _refusal(request, str(RequestTooLarge.default_detail), 413)
        return self.get_response(request)


def _refusal(request, message: str, status: int) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
