"""Who a write is made for, so that every history row names them.

The admin and the pages have a request (simple-history's middleware reads its user); commands,
the demo and services called from other services do not, so a service that takes the acting
user records it here for the history rows written inside it."""
from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar

from core.permissions import SYSTEM

_ACTING_USER: ContextVar = ContextVar("muster_acting_user", default=None)


@contextmanager
def acting_as(user):
    """History rows written inside the block name `user` (None or an anonymous visitor: keep
    whoever acts already; SYSTEM: the project, whom no history row names)."""
    if user is None or user is SYSTEM or not user.is_authenticated:
        yield
        return
    token = _ACTING_USER.set(user)
    try:
        yield
    finally:
        _ACTING_USER.reset(token)


def acts_for_user(service: Callable) -> Callable:
    """Run the service as its keyword argument `user` for its history rows."""
    @functools.wraps(service)
    def run(*args, **kwargs):
        with acting_as(kwargs.get("user")):
            return service(*args, **kwargs)
    return run


def history_user(request=None, **kwargs):
    """simple-history's `get_user`: the acting user of the service, else the request's user."""
    user = _ACTING_USER.get()
    if user is not None:
        return user
    return getattr(request, "user", None)
