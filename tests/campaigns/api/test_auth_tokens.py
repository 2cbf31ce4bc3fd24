"""API tokens (django-rest-knox): handed out for a user name and password, throttled per client
address, stored only as a digest, expiring, and ended by a token logout, a sign-out of the site or
a password change."""
from __future__ import annotations

import datetime
import hashlib
import inspect

import pytest
from api_support import allowed, client_for
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from factories import api_token
from knox import auth as knox_auth
from knox.crypto import hash_token
from knox.models import AuthToken
from rest_framework.test import APIClient

# knox 5.1.0's TokenAuthentication.authenticate_credentials, by its source.
KNOX_CHECK_SHA256 = "9ee8f829395d3547ed79b01b2b58126add48cec33557a5828fa496ca7cf576e0"

pytestmark = pytest.mark.django_db

CREDENTIALS = {"username": "player-persona", "password": "muster-test-password"}


def ask_token(address: str = "127.0.0.1", **data):
    return APIClient().post("/api/auth/token/", data or CREDENTIALS, REMOTE_ADDR=address)


def test_a_token_comes_with_its_expiry(player):
    before = timezone.now()
    body = ask_token().json()
    ttl = settings.REST_KNOX["TOKEN_TTL"]
    assert ttl == datetime.timedelta(hours=10)
    assert before + ttl <= parse_datetime(body["expiry"]) <= timezone.now() + ttl
    assert client_for(None).get("/api/kingdoms/",
                                HTTP_AUTHORIZATION=f"Token {body['token']}").status_code == 200


def test_only_a_digest_of_the_token_is_stored(player):
    token = ask_token().json()["token"]
    stored = AuthToken.objects.get(user=player)
    assert stored.digest == hash_token(token) and stored.digest != token
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {AuthToken._meta.db_table}")
        rows = cursor.fetchall()
    assert rows and not any(token in str(value) for row in rows for value in row)


def test_a_user_name_longer_than_any_is_a_400(db):
    response = ask_token(username="x" * 5000, password="x")
    assert response.status_code == 400 and set(response.json()) == {"username"}


def test_an_expired_token_answers_401_and_is_deleted(player):
    token = api_token(player)
    AuthToken.objects.filter(user=player).update(
        expiry=timezone.now() - datetime.timedelta(seconds=1))
    response = client_for(None).get("/api/kingdoms/", HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 401
    assert not AuthToken.objects.filter(user=player).exists()


def test_the_users_other_expired_tokens_go_when_they_sign_in_not_on_each_request(player):
    kept, expired = api_token(player), api_token(player)
    AuthToken.objects.filter(digest=hash_token(expired)).update(
        expiry=timezone.now() - datetime.timedelta(seconds=1))
    response = client_for(None).get("/api/kingdoms/", HTTP_AUTHORIZATION=f"Token {kept}")
    assert response.status_code == 200
    assert AuthToken.objects.filter(user=player).count() == 2
    assert ask_token().status_code == 200
    assert not AuthToken.objects.filter(digest=hash_token(expired)).exists()
    assert AuthToken.objects.filter(digest=hash_token(kept)).exists()


def test_a_token_header_that_is_not_utf8_answers_401(db):
    response = APIClient().get("/api/kingdoms/", HTTP_AUTHORIZATION="Token \xe9\xff")
    assert response.status_code == 401


def test_a_token_answers_as_knox_checks_it(player):
    # campaigns.api.authentication reads the tokens with a compiled read; the check is knox's.
    token = api_token(player)
    forged = token[:15] + ("0" if token[15] != "0" else "1") + token[16:]
    for header, status, detail in ((f"Token {token}", 200, None),
                                   (f"Token {forged}", 401, "Invalid token."),
                                   ("Token nobody-has-this-key", 401, "Invalid token.")):
        response = client_for(None).get("/api/kingdoms/", HTTP_AUTHORIZATION=header)
        assert response.status_code == status
        assert detail is None or response.json() == {"detail": detail}
    get_user_model().objects.filter(pk=player.pk).update(is_active=False)
    response = client_for(None).get("/api/kingdoms/", HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 401
    assert response.json() == {"detail": "User inactive or deleted."}


def test_logout_ends_that_token_only(player):
    kept, ended = api_token(player), api_token(player)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {ended}")
    assert client.post("/api/auth/logout/").status_code == 204
    assert client.get("/api/kingdoms/").status_code == 401
    client.credentials(HTTP_AUTHORIZATION=f"Token {kept}")
    assert client.get("/api/kingdoms/").status_code == 200


def test_logoutall_ends_every_token_of_the_user(player, rival):
    theirs = client_for(rival)
    client = client_for(player)
    api_token(player)
    assert client.post("/api/auth/logoutall/").status_code == 204
    assert not AuthToken.objects.filter(user=player).exists()
    assert theirs.get("/api/kingdoms/").status_code == 200


def test_signing_out_of_the_site_ends_the_api_tokens(client, player):
    api = client_for(player)
    client.force_login(player)
    assert client.post("/accounts/logout/").status_code == 302
    assert api.get("/api/kingdoms/").status_code == 401


def test_a_password_change_ends_the_api_tokens(player, rival):
    api, theirs = client_for(player), client_for(rival)
    user = get_user_model().objects.get(pk=player.pk)
    user.set_password("a-new-password-for-muster")
    user.save()
    assert api.get("/api/kingdoms/").status_code == 401
    assert theirs.get("/api/kingdoms/").status_code == 200


def test_a_password_changed_in_the_admin_ends_the_api_tokens(gm_client, player):
    api = client_for(player)
    response = gm_client.post(f"/admin/auth/user/{player.pk}/password/",
                              {"password1": "a-new-password-for-muster",
                               "password2": "a-new-password-for-muster"})
    assert response.status_code == 302
    assert api.get("/api/kingdoms/").status_code == 401


def test_saving_a_user_without_a_new_password_keeps_the_tokens(player):
    api = client_for(player)
    player.email = "player@example.org"
    player.save()
    assert api.get("/api/kingdoms/").status_code == 200


def test_asking_for_tokens_is_throttled_per_address(player):
    limit = allowed("api-token")
    assert [ask_token().status_code for _ in range(limit)] == [200] * limit
    throttled = ask_token()
    assert throttled.status_code == 429
    assert "Retry-After" in throttled and throttled.json()["detail"]
    assert ask_token("10.0.0.2").status_code == 200


def test_a_forwarded_for_header_does_not_change_the_address_counted(player):
    limit = allowed("api-token")
    for n in range(limit):
        APIClient().post("/api/auth/token/", CREDENTIALS, HTTP_X_FORWARDED_FOR=f"10.1.0.{n}")
    assert APIClient().post("/api/auth/token/", CREDENTIALS,
                            HTTP_X_FORWARDED_FOR="10.1.1.1").status_code == 429


def test_knox_checks_a_token_as_our_copy_of_its_check_does():
    # campaigns.api.authentication reads the tokens with a compiled read and checks them with a
    # copy of knox 5.1.0's loop: a knox release that changes its check fails here, for the copy
    # to follow it.
    source = inspect.getsource(knox_auth.TokenAuthentication.authenticate_credentials)
    assert hashlib.sha256(source.encode()).hexdigest() == KNOX_CHECK_SHA256
