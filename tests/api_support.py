"""Helpers the API tests share (a module of its own: `conftest` names several modules)."""
from __future__ import annotations

import json

from django.conf import settings
from factories import api_token
from rest_framework.test import APIClient

# A valid order for the `army` fixture (infantry in C4): deploy one hex on.
DEPLOY = {"destination": "D5", "skill": "exploration"}


def client_for(user) -> APIClient:
    """An API client that authenticates as `user` with a token (anonymous for None)."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def allowed(scope: str) -> int:
    """How many requests the configured throttle rate of `scope` lets through."""
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope]
    # As SimpleRateThrottle.parse_rate reads "100/min".
    return int(rate.split("/")[0])


def sector_url(battle, tail: str = "orders/") -> str:
    return f"/api/sector-battles/{battle.pk}/{tail}"


def put_orders(client, battle, orders):
    """A side's orders PUT to a sector battle, as the API takes them."""
    return client.generic("PUT", sector_url(battle), json.dumps({"orders": orders}),
                          content_type="application/json")


def refused(response) -> dict:
    """The field messages of a refused sector order (400)."""
    assert response.status_code == 400, response.content
    return response.json()["orders"]
