"""Markdown the GM writes (a report's narration, an announcement) as HTML that is safe to show:
CommonMark with raw HTML escaped, no images (a picture from elsewhere would tell its server who
reads), and markdown-it's own link check, which drops javascript:, vbscript:, file: and data:
links. Links open with rel="nofollow noopener"."""
from __future__ import annotations

from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt


def _link_open(renderer, tokens, index, options, env) -> str:
    tokens[index].attrSet("rel", "nofollow noopener")
    return renderer.renderToken(tokens, index, options, env)


_RENDERER = MarkdownIt("commonmark", {"html": False}).disable("image")
_RENDERER.add_render_rule("link_open", _link_open)


def render_markdown(text: str) -> SafeString:
    return mark_safe(_RENDERER.render(text or ""))  # noqa: S308 - escaped by the renderer
