"""Where the pages live (docs/architecture.md, "Where each kind of code lives"): every page is a
module of its app's `pages/` package named after its template, and no `views.py` lives outside
an API package, so a module's name says which kind of code it holds."""
from __future__ import annotations

from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

REPO_ROOT = Path(__file__).resolve().parents[2]
NOT_PAGES = ("api/", "admin/", "i18n/", "accounts/")


def _page_patterns(patterns, prefix: str = "") -> list[tuple[str, URLPattern]]:
    found = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith(NOT_PAGES):
            continue
        if isinstance(pattern, URLResolver):
            found += _page_patterns(pattern.url_patterns, route)
        else:
            found.append((route, pattern))
    return found


def test_every_page_is_a_module_of_its_apps_pages_package_named_after_its_template():
    pages = _page_patterns(get_resolver().url_patterns)
    assert {pattern.name for _, pattern in pages} >= {
        "home", "campaign", "kingdom", "turn-report", "orders", "gm-turns", "my-preferences",
        "battle-plan", "battle", "sector-battle"}
    for route, pattern in pages:
        app, package, page = pattern.callback.__module__.split(".")
        assert package == "pages", route
        assert (REPO_ROOT / app / "pages" / f"{page}.py").is_file(), route
        assert (REPO_ROOT / "templates" / "pages" / f"{page}.html").is_file(), route


def test_no_views_module_outside_an_api_package():
    views = [path.relative_to(REPO_ROOT) for path in REPO_ROOT.rglob("views.py")
             if not path.is_relative_to(REPO_ROOT / ".venv") and path.parent.name != "api"]
    assert views == []
