"""The GM's Markdown (announcements, narration) as safe HTML (issue 17, point 3: "Markdown
rendered safely")."""
from __future__ import annotations

import pytest

from core.markdown import render_markdown

BODY = ("The **Stag Lord** rides at dawn. <script>alert('x')</script> "
        "[Map](https://example.org/map)")


def test_markdown_is_rendered_with_raw_html_escaped():
    html = render_markdown(BODY)
    assert "<strong>Stag Lord</strong>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert '<a href="https://example.org/map" rel="nofollow noopener">Map</a>' in html


@pytest.mark.parametrize("text", ["[x](javascript:alert(1))", "[x](data:text/html,<b>x</b>)",
                                  "[x](vbscript:msgbox)"])
def test_markdown_drops_script_links(text):
    assert "href" not in render_markdown(text)


def test_markdown_loads_no_pictures_from_elsewhere():
    assert "<img" not in render_markdown("![tracker](https://tracker.example/pixel.png)")
