"""The API's router: ids in URLs are integers, so `/api/armies/abc/` matches no route (a JSON
404 from config.errors.handler404) instead of reaching a lookup that expects a number."""
from __future__ import annotations

from rest_framework.routers import SimpleRouter


class IdRouter(SimpleRouter):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # What a viewset without its own `lookup_value_regex` matches (DRF's: `[^/.]+`).
        self._default_value_pattern = r"\d+"
