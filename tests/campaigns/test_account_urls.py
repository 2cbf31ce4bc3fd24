"""Passwords on the pages (issue 17, point 1): Django's own reset and change views in the pages'
look; a reset mails a link that sets a new password once, and asking is rate-limited."""
from __future__ import annotations

import re

import pytest
from api_support import allowed
from django.core import mail
from factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "muster-test-password"  # tests/factories.py's UserFactory
NEW = "a brand new password 17"


def test_a_forgotten_password_is_reset_through_the_mailed_link(client):
    user = UserFactory(username="ana", email="ana@example.org")
    assert 'href="/accounts/password/reset/"' in client.get("/accounts/login/").content.decode()
    response = client.post("/accounts/password/reset/", {"email": "ana@example.org"})
    assert response["Location"] == "/accounts/password/reset/done/"
    [message] = mail.outbox
    # The link starts like every mail's (settings.MUSTER_SITE_URL), not with the request's host.
    link = re.search(r"http://localhost:8000(/accounts/reset/\S+/)", message.body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and form.context["validlink"]
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done["Location"] == "/accounts/reset/done/"
    user.refresh_from_db()
    assert user.check_password(NEW)
    assert client.get(link, follow=True).context["validlink"] is False  # the link works once


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert response["Location"] == "/accounts/password/reset/done/"
    assert mail.outbox == []


def test_asking_for_resets_is_rate_limited(client):
    UserFactory(username="ana", email="ana@example.org")
    for _ in range(allowed("account-mail")):
        client.post("/accounts/password/reset/", {"email": "ana@example.org"})
    assert client.post("/accounts/password/reset/",
                       {"email": "ana@example.org"}).status_code == 429
    assert len(mail.outbox) == allowed("account-mail")


def test_a_signed_in_user_changes_their_password_and_stays_signed_in(client):
    user = UserFactory(username="ana")
    client.force_login(user)
    other = type(client)()
    other.force_login(user)
    wrong = client.post("/accounts/password/change/", {
        "old_password": "wrong", "new_password1": NEW, "new_password2": NEW})
    assert wrong.status_code == 200 and wrong.context["form"].errors["old_password"]
    response = client.post("/accounts/password/change/", {
        "old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW})
    assert response["Location"] == "/accounts/password/change/done/"
    assert client.get("/me/account/").status_code == 200
    assert other.get("/me/account/").status_code == 302  # the other session ended


def test_the_password_pages_in_russian(client):
    page = client.get("/accounts/password/reset/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Забыли пароль?" in page


def test_changing_the_password_is_rate_limited(client):
    user = UserFactory(username="ana")
    client.force_login(user)
    for _ in range(allowed("password-check")):
        client.post("/accounts/password/change/", {
            "old_password": "a guess", "new_password1": NEW, "new_password2": NEW})
    response = client.post("/accounts/password/change/", {
        "old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW})
    assert response.status_code == 429
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
