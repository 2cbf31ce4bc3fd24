"""The API's JSON renderer: an answer that quotes a lone surrogate the client sent (DRF's "is not
a valid choice" messages quote the input) is escaped as `\\udXXX` rather than failing to encode
as UTF-8 and becoming a 500."""
from __future__ import annotations

from rest_framework import renderers


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:
            self.ensure_ascii = True  # this instance renders this one response
            return super().render(data, accepted_media_type, renderer_context)
