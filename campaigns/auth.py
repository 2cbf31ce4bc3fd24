"""Sign-in guards shared by the pages, the admin and the API: the client address that lockouts and
throttles count, the page a locked-out sign-in gets, the pages' account forms' rate limits, and API
tokens dying with the password or a sign-out."""
from __future__ import annotations

import functools
import math
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.shortcuts import render
from django.utils.translation import ngettext
from knox.models import AuthToken
from rest_framework.throttling import BaseThrottle, ScopedRateThrottle


def client_ip(request) -> str | None:
    """The client's address as DRF's throttles see it (REST_FRAMEWORK["NUM_PROXIES"]), so that a
    lockout and a throttle count the same client."""
    return BaseThrottle().get_ident(request) or None


def locked_out_message() -> str:
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    return ngettext("Too many failed sign-ins for this user name or from this address. Try again "
                    "in %(minutes)d minute.",
                    "Too many failed sign-ins for this user name or from this address. Try again "
                    "in %(minutes)d minutes.", minutes) % {"minutes": minutes}


def locked_out_page(request, original_response=None, credentials=None):
    """django-axes' answer to a locked-out sign-in on the pages and the admin: the sign-in page
    saying how long to wait."""
    return render(request, "registration/login.html",
                  {"locked_out": locked_out_message(), "next": request.POST.get("next", "")},
                  status=429)


def over_rate(request, scope: str):
    """Count this request against REST_FRAMEWORK's rate for `scope`, per user or else per client
    address as the API's throttles count: None while under it, else the 429 page that says when
    to try again."""
    throttle = ScopedRateThrottle()
    view: Any = SimpleNamespace(throttle_scope=scope)  # all a scoped throttle reads of a view
    if throttle.allow_request(request, view):
        return None
    minutes = math.ceil((throttle.wait() or 60) / 60)
    message = ngettext("Too many tries. Try again in %(minutes)d minute.",
                       "Too many tries. Try again in %(minutes)d minutes.",
                       minutes) % {"minutes": minutes}
    return render(request, "pages/rate_limited.html", {"message": message}, status=429)


def rate_limited(scope: str):
    """Limit a page's POSTs (over_rate)."""
    def decorate(view):
        @functools.wraps(view)
        def limited(request, *args, **kwargs):
            refused = over_rate(request, scope) if request.method == "POST" else None
            return refused or view(request, *args, **kwargs)
        return limited
    return decorate


@receiver(post_save, sender=get_user_model(), dispatch_uid="muster-tokens-die-with-password")
def tokens_die_with_the_password(sender, instance, created, **kwargs) -> None:
    # set_password() keeps the raw password in `_password` until the save that stores its hash
    # (AbstractBaseUser.save) has run: that save is a password change.
    if not created and getattr(instance, "_password", None) is not None:
        AuthToken.objects.filter(user=instance).delete()


@receiver(user_logged_out, dispatch_uid="muster-tokens-die-with-sign-out")
def tokens_die_with_a_sign_out(sender, request, user, **kwargs) -> None:
    # A token's own logout (/api/auth/logout/) has deleted that token and leaves the user's
    # others; signing out of the site or the admin ends every API token too.
    if user is None or isinstance(getattr(request, "auth", None), AuthToken):
        return
    AuthToken.objects.filter(user=user).delete()
