"""The account page (issue 17, point 1): a new e-mail address through a mailed link confirmed with
a button, and signing out everywhere, each asking for the password and rate-limited."""
from __future__ import annotations

import pytest
from api_support import allowed
from django.core import mail
from factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "muster-test-password"  # tests/factories.py's UserFactory


@pytest.fixture
def ana(client):
    user = UserFactory(username="ana", email="old@example.org")
    client.force_login(user)
    return user


def test_a_new_address_is_mailed_then_confirmed_with_a_button(client, ana,
                                                             django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/me/account/", {"action": "email", "email-email": "new@example.org",
                                                "email-password": PASSWORD})
    assert response.status_code == 302
    [link] = [line for line in mail.outbox[0].body.splitlines() if "/me/account/email/" in line]
    path = link.split("localhost:8000", 1)[1]
    assert 'id="confirm-email"' in client.get(path).content.decode()
    ana.refresh_from_db()
    assert ana.email == "old@example.org"  # opening the link changes nothing
    client.post(path)
    ana.refresh_from_db()
    assert ana.email == "new@example.org"
    assert "new@example.org" in client.get("/me/account/").content.decode()


def test_a_wrong_password_is_a_field_error(client, ana):
    response = client.post("/me/account/", {"action": "email", "email-email": "new@example.org",
                                            "email-password": "wrong"})
    assert response.status_code == 400
    assert response.context["email_form"].errors["password"]
    assert mail.outbox == []


def test_signing_out_everywhere_signs_this_browser_out_too(client, ana):
    other = type(client)()
    other.force_login(ana)
    response = client.post("/me/account/", {"action": "everywhere",
                                            "everywhere-password": PASSWORD})
    assert response["Location"] == "/accounts/login/"
    for browser in (client, other):
        assert browser.get("/me/account/").status_code == 302


def test_each_account_form_is_rate_limited_on_its_own(client, ana):
    for _ in range(allowed("password-check")):
        client.post("/me/account/", {"action": "everywhere", "everywhere-password": "wrong"})
    response = client.post("/me/account/", {"action": "everywhere",
                                            "everywhere-password": PASSWORD})
    assert response.status_code == 429
    assert client.get("/me/account/").status_code == 200  # still signed in
    for _ in range(allowed("account-mail")):
        client.post("/me/account/", {"action": "email", "email-email": "new@example.org",
                                     "email-password": "wrong"})
    assert client.post("/me/account/", {"action": "email", "email-email": "new@example.org",
                                        "email-password": PASSWORD}).status_code == 429


def test_a_post_without_a_known_button_is_a_400_and_counts_for_nothing(client, ana):
    for _ in range(allowed("password-check") + 1):
        assert client.post("/me/account/", {"action": "bogus"}).status_code == 400
    response = client.post("/me/account/", {"action": "everywhere",
                                            "everywhere-password": PASSWORD})
    assert response["Location"] == "/accounts/login/"


def test_an_address_longer_than_the_account_keeps_is_a_field_error(client, ana):
    long = "a" * 250 + "@example.org"
    response = client.post("/me/account/", {"action": "email", "email-email": long,
                                            "email-password": PASSWORD})
    assert response.status_code == 400
    assert response.context["email_form"].errors["email"]


def test_the_account_page_in_russian(client, ana):
    page = client.get("/me/account/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Выйти на всех устройствах" in page
