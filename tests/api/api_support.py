"""Helpers the API tests share (a module of its own: `conftest` names several modules)."""
from __future__ import annotations

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

# A valid order for the `army` fixture (infantry in C4): deploy one hex on.
DEPLOY = {"destination": "D5", "skill": "exploration"}


def client_for(user) -> APIClient:
    """An API client that authenticates as `user` with a token (anonymous for None)."""
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client
