"""Mail about a person's access rather than the game (an invitation, a new address to confirm):
it goes to an address, not to a player's preferences, so it is sent whatever they chose, once
the transaction that made its link valid commits. A failure is logged: the page that asked shows
the link or says where it went, and asking again is safe."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils.translation import override

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

log = logging.getLogger(__name__)


def absolute(path: str) -> str:
    return settings.MUSTER_SITE_URL + path


def mail_after_commit(*, to: str, subject: StrOrPromise, template: str, context: dict,
                      language: str | None) -> None:
    """Render `template` (and the lazy `subject`, %-formatted with `context`) in `language` and
    send it to `to` after the commit."""
    with override(language):
        text_subject = " ".join((str(subject) % context).split())
        body = render_to_string(template, {**context, "site_url": settings.MUSTER_SITE_URL})

    def send() -> None:
        try:
            send_mail(text_subject, body, None, [to])
        except Exception:
            log.exception("account mail %s to %s failed", template, to)

    transaction.on_commit(send)
