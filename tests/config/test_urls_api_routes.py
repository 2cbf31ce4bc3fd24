"""config.urls lists the apps' API routes side by side, the armies' first (the hottest request
tries the fewest): that order decides nothing only while no route matches another's URL."""
from __future__ import annotations

import re

import pytest
from django.urls import resolve
from django.urls.resolvers import RegexPattern, URLPattern

from config.urls import api_urlpatterns


def _example(route: URLPattern) -> str:
    """A URL of the route, its ids made 7 (a path converter's too)."""
    pattern = route.pattern
    if isinstance(pattern, RegexPattern):
        return re.sub(r"\(\?P<\w+>[^)]*\)", "7", str(pattern)).strip("^$")
    return re.sub(r"<[^>]+>", "7", str(pattern))


ROUTES = [route for route in api_urlpatterns if isinstance(route, URLPattern)]


def test_every_api_route_is_a_route_of_its_own():
    assert len(ROUTES) == len(api_urlpatterns) > 30  # flat: no include left


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_each_api_route_answers_its_own_urls(route):
    assert resolve(f"/api/{_example(route)}").url_name == route.name
