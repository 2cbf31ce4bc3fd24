"""The API's token authentication (a module of its own: DRF imports it while its views load)."""
from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from knox import auth as knox_auth
from knox.models import get_token_model
from knox.signals import token_expired
from rest_framework import exceptions


def delete_expired_tokens(user) -> None:
    """The user's expired tokens, which no longer authenticate, go (on signing in)."""
    get_token_model().objects.filter(user=user, expiry__lt=timezone.now()).delete()


class TokenAuthentication(knox_auth.TokenAuthentication):
    """Knox's token check, with a header that is not UTF-8 refused as a bad token."""

    def _cleanup_token(self, auth_token) -> bool:
        # Knox reads every token of the user on each request to delete the expired ones (a query
        # per request); here only the token presented is checked, and the others go when the
        # user next signs in (delete_expired_tokens).
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            username = auth_token.user.get_username()
            auth_token.delete()
            token_expired.send(sender=self.__class__, username=username, source="auth_token")
            return True
        return False

    def authenticate_credentials(self, token: bytes):
        try:
            token.decode("utf-8")
        except UnicodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        return super().authenticate_credentials(token)
