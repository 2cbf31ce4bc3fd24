"""The API's token authentication (a module of its own: DRF imports it while its views load)."""
from __future__ import annotations

import binascii
from hmac import compare_digest

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from knox import auth as knox_auth
from knox.crypto import hash_token
from knox.models import get_token_model
from knox.settings import CONSTANTS, knox_settings
from knox.signals import token_expired
from rest_framework import exceptions

from core.compiled import CompiledRead

# The tokens of the key presented, with their users: every API request reads them, so the read
# is compiled once (core.compiled) rather than built by the ORM each time, as knox's is.
_TOKENS = CompiledRead(
    lambda key: get_token_model().objects.filter(token_key=key).select_related("user"), key=str)


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
        """Knox's check of the token (knox.auth.TokenAuthentication.authenticate_credentials),
        its tokens read by _TOKENS."""
        message = _("Invalid token.")
        try:
            text = token.decode("utf-8")
        except UnicodeError:
            raise exceptions.AuthenticationFailed(message) from None
        for auth_token in _TOKENS.fetch(key=text[:CONSTANTS.TOKEN_KEY_LENGTH]):
            if self._cleanup_token(auth_token):
                continue
            try:
                digest = hash_token(text)
            except (TypeError, binascii.Error):
                raise exceptions.AuthenticationFailed(message) from None
            if compare_digest(digest, auth_token.digest):
                if knox_settings.AUTO_REFRESH and auth_token.expiry:
                    self.renew_token(auth_token)
                return self.validate_user(auth_token)
        raise exceptions.AuthenticationFailed(message)
