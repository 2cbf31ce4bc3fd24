"""A user's own account (issue 17, point 1): a new e-mail address confirmed by a link mailed to it,
and signing out everywhere; both ask for the password."""
from __future__ import annotations

import pytest
from django.core import mail
from factories import UserFactory, api_token
from knox.models import AuthToken

from campaigns.accounts import email_change_confirm, email_change_request, sign_out_everywhere
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db

PASSWORD = "muster-test-password"  # tests/factories.py's UserFactory


def _link_token(message) -> str:
    [line] = [line for line in message.body.splitlines() if "/me/account/email/" in line]
    return line.rstrip("/").rsplit("/", 1)[1]


def test_a_new_address_is_used_once_its_link_is_followed(django_capture_on_commit_callbacks):
    user = UserFactory(username="ana", email="old@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        email_change_request(user=user, email="new@example.org", password=PASSWORD)
    confirm, notice = mail.outbox
    assert (confirm.to, notice.to) == (["new@example.org"], ["old@example.org"])
    assert "/me/account/email/" not in notice.body  # the old address cannot confirm it
    user.refresh_from_db()
    assert user.email == "old@example.org"
    token = _link_token(confirm)
    assert email_change_confirm(user=user, token=token) == "new@example.org"
    user.refresh_from_db()
    assert user.email == "new@example.org"
    with pytest.raises(RuleViolation, match="not valid"):  # a link works once
        email_change_confirm(user=user, token=token)


def test_a_link_works_only_for_its_account_and_unaltered(django_capture_on_commit_callbacks):
    user = UserFactory(username="ana", email="old@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        email_change_request(user=user, email="new@example.org", password=PASSWORD)
    token = _link_token(mail.outbox[0])
    for who, link in ((UserFactory(email="other@example.org"), token), (user, token[:-2] + "xx")):
        with pytest.raises(RuleViolation) as refused:
            email_change_confirm(user=who, token=link)
        assert refused.value.codes() == {"bad_link"}
    user.refresh_from_db()
    assert user.email == "old@example.org"


def test_an_expired_link_changes_nothing(settings, django_capture_on_commit_callbacks):
    settings.MUSTER_EMAIL_CONFIRM_DAYS = -1
    user = UserFactory(username="ana", email="old@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        email_change_request(user=user, email="new@example.org", password=PASSWORD)
    with pytest.raises(RuleViolation) as refused:
        email_change_confirm(user=user, token=_link_token(mail.outbox[0]))
    assert refused.value.codes() == {"expired_link"}


def test_a_new_address_needs_the_password_and_a_real_new_address():
    user = UserFactory(username="ana", email="old@example.org")
    for email, password, field in (("new@example.org", "wrong", "password"),
                                   ("not an address", PASSWORD, "email"),
                                   ("OLD@example.org", PASSWORD, "email"),
                                   ("a" * 250 + "@example.org", PASSWORD, "email")):
        with pytest.raises(RuleViolation) as refused:
            email_change_request(user=user, email=email, password=password)
        assert [v.field for v in refused.value.violations] == [field]
    assert mail.outbox == []


def test_signing_out_everywhere_ends_other_sessions_and_tokens(client):
    user = UserFactory(username="ana")
    other_browser = type(client)()
    other_browser.force_login(user)
    assert other_browser.get("/me/account/").status_code == 200
    api_token(user)
    sign_out_everywhere(user=user, password=PASSWORD)
    assert other_browser.get("/me/account/").status_code == 302  # to the sign-in
    assert not AuthToken.objects.filter(user=user).exists()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)  # the password itself is unchanged


def test_signing_out_everywhere_needs_the_password():
    user = UserFactory(username="ana")
    token = api_token(user)
    with pytest.raises(RuleViolation):
        sign_out_everywhere(user=user, password="wrong")
    assert AuthToken.objects.filter(user=user).count() == 1, token
