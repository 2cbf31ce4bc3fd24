"""The API's token authentication (a module of its own: DRF imports it while its views load)."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from knox import auth as knox_auth
from rest_framework import exceptions


class TokenAuthentication(knox_auth.TokenAuthentication):
    """Knox's token check, with a header that is not UTF-8 refused as a bad token."""

    def authenticate_credentials(self, token: bytes):
        try:
            token.decode("utf-8")
        except UnicodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        return super().authenticate_credentials(token)
