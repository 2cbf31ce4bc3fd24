"""Sending a queued chat post to its campaign's webhook (a Discord-compatible JSON POST).

The worker locks the post, posts it and marks it sent in one transaction; a post already sent,
or locked by another worker, is skipped. So a post goes once, unless a worker dies between the
webhook's answer and its commit: then the redelivered task posts it again (a webhook cannot be
asked whether it has a post). A try that fails is counted and kept with its error for
the GM; the task tries again later, and the last failure leaves the post failed (the GM may
queue it again in the back office)."""
from __future__ import annotations

import http.client
import ipaddress
import json
import random
import socket
import urllib.error
import urllib.parse
import urllib.request

from celery import shared_task
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from notifications.models import ChatPost, ChatStatus

TIMEOUT_SECONDS = 5
RETRIES = 6
# Discord's limit for a message's content.
MAX_LENGTH = 2000


class DeliveryFailed(Exception):
    """A try that failed and may be made again."""


def backoff(retries: int) -> float:
    """Seconds before try `retries` + 2: growing, jittered, at most ten minutes."""
    return min(600.0, 10.0 * 2 ** retries) * random.uniform(0.75, 1.25)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is a failure: it could lead the post to plain http or inside the network."""

    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def _refuse_private(host: str, port: int) -> None:
    """The webhook must be on the public internet: never this machine or its network."""
    for *_rest, address in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM):
        if not ipaddress.ip_address(address[0]).is_global:
            raise OSError(gettext("The webhook's address is not on the public internet."))


def send(url: str, text: str) -> None:
    """POST the text to the webhook; raises one of FAILURES on failure."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        # The address carries the channel's secret, and urllib would also open file:// URLs.
        raise OSError(gettext("The webhook address must start with https://."))
    _refuse_private(parts.hostname, parts.port or 443)
    body = json.dumps({"content": text[:MAX_LENGTH],
                       # Nobody is pinged by a kingdom's name, however it is spelled.
                       "allowed_mentions": {"parse": []}}).encode()
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": "Muster (chat webhook)"})
    with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
        response.read()


# What a try can fail with: the network and HTTP (urllib's errors are OSErrors), a malformed
# answer, an address urllib cannot read.
FAILURES = (OSError, http.client.HTTPException, ValueError)


def _describe(error: Exception) -> str:
    if isinstance(error, urllib.error.HTTPError):
        return f"HTTP {error.code} {error.reason}"
    return str(error) or type(error).__name__


def deliver(post_id: int, *, last: bool) -> str:
    """Send the post if it is still queued: "sent", "skipped" (sent already, gone, or being sent
    by another worker) or "failed" (the campaign has no webhook now, or the `last` try failed);
    raises DeliveryFailed after a failed try that may be made again."""
    with transaction.atomic():
        # The post's row only (not its campaign's), held while the webhook answers: a second
        # worker given the same post skips it instead of sending it again.
        post = (ChatPost.objects.select_for_update(skip_locked=True, of=("self",))
                .select_related("campaign").filter(pk=post_id, status=ChatStatus.QUEUED).first())
        if post is None:
            return "skipped"
        url = post.campaign.chat_webhook_url
        post.attempts += 1
        try:
            if not url:
                raise OSError(gettext("The campaign has no chat webhook."))
            send(url, post.text)
        except FAILURES as error:
            post.error = _describe(error)
            post.status = ChatStatus.FAILED if last or not url else ChatStatus.QUEUED
            post.save(update_fields=["attempts", "error", "status"])
            outcome = post.status
        else:
            post.status, post.sent_at, post.error = ChatStatus.SENT, timezone.now(), ""
            post.save(update_fields=["attempts", "error", "status", "sent_at"])
            return "sent"
    if outcome == ChatStatus.FAILED:
        return "failed"
    raise DeliveryFailed(post.error)


@shared_task(name="notifications.post_to_chat", bind=True, acks_late=True, max_retries=RETRIES)
def post_to_chat(self, post_id: int) -> str:
    """Send a queued chat post; a failed try is made again later. Run in-process (no broker), a
    post gets one try: nothing may keep the request that queued it waiting."""
    last = bool(self.request.is_eager) or self.request.retries >= self.max_retries
    try:
        return deliver(post_id, last=last)
    except DeliveryFailed as error:
        raise self.retry(exc=error, countdown=backoff(self.request.retries)) from None
