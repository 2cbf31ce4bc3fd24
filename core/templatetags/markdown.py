"""{{ text|markdown }}: the GM's Markdown as safe HTML (core.markdown)."""
from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from core.markdown import render_markdown

register = template.Library()


@register.filter(name="markdown")
def markdown(text: str) -> SafeString:
    return render_markdown(text)
