"""Repeated failed sign-ins lock a user name, and an address, out of every way in (django-axes):
the sign-in page, the admin's and the API's token endpoint count toward one lockout, which
answers 429 (the sign-in page saying how long to wait; JSON on the API) and lets the right
password through again after the cool-off."""
from __future__ import annotations

import datetime

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "muster-test-password"
PATHS = ["/accounts/login/", "/admin/login/", "/api/auth/token/"]


def sign_in(path: str, username: str, password: str, address: str = "127.0.0.1"):
    client = APIClient() if path.startswith("/api/") else Client()
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=address)


def signed_in(path: str, response) -> bool:
    if path.startswith("/api/"):
        return response.status_code == 200 and "token" in response.json()
    return response.status_code == 302


def fail(path: str, times: int, *, usernames, addresses) -> list[int]:
    return [sign_in(path, usernames(n), "wrong", addresses(n)).status_code for n in range(times)]


def assert_locked_out(path: str, response) -> None:
    assert response.status_code == 429
    text = response.json()["detail"] if path.startswith("/api/") else response.content.decode()
    assert "Too many failed sign-ins" in text and "15 minutes" in text


@pytest.fixture
def staff_player(player):
    """The player persona with admin access, so that the admin's sign-in lets them in."""
    player.is_staff = True
    player.save()
    return player


@pytest.mark.parametrize("path", PATHS)
def test_the_right_password_signs_in(path, staff_player):
    assert signed_in(path, sign_in(path, "player-persona", PASSWORD))


@pytest.mark.parametrize("path", PATHS)
def test_failures_for_one_user_name_from_many_addresses_lock_that_user_out(path, staff_player):
    limit = settings.AXES_FAILURE_LIMIT
    codes = fail(path, limit, usernames=lambda n: "player-persona",
                 addresses=lambda n: f"10.0.0.{n + 1}")
    assert codes[:-1] == [400 if path.startswith("/api/") else 200] * (limit - 1)
    assert codes[-1] == 429
    assert_locked_out(path, sign_in(path, "player-persona", PASSWORD, "10.9.9.9"))
    assert signed_in(path, sign_in(path, "gm-other", "x", "10.9.9.8")) is False


@pytest.mark.parametrize("path", PATHS)
def test_failures_from_one_address_lock_that_address_out(path, staff_player):
    limit = settings.AXES_FAILURE_LIMIT
    codes = fail(path, limit, usernames=lambda n: f"guess{n}", addresses=lambda n: "10.0.0.7")
    assert codes[-1] == 429
    assert_locked_out(path, sign_in(path, "player-persona", PASSWORD, "10.0.0.7"))
    assert signed_in(path, sign_in(path, "player-persona", PASSWORD, "10.0.0.8"))


@pytest.mark.parametrize(("failing", "then"), [
    ("/accounts/login/", "/api/auth/token/"),
    ("/api/auth/token/", "/admin/login/"),
])
def test_failures_on_one_way_in_lock_the_others(failing, then, staff_player):
    fail(failing, settings.AXES_FAILURE_LIMIT, usernames=lambda n: "player-persona",
         addresses=lambda n: f"10.0.0.{n + 1}")
    assert_locked_out(then, sign_in(then, "player-persona", PASSWORD, "10.9.9.9"))


def test_the_lockout_ends_after_the_cool_off(staff_player):
    fail("/accounts/login/", settings.AXES_FAILURE_LIMIT, usernames=lambda n: "player-persona",
         addresses=lambda n: "10.0.0.7")
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME
                                 - datetime.timedelta(seconds=1))
    assert signed_in("/accounts/login/", sign_in("/accounts/login/", "player-persona", PASSWORD,
                                                 "10.0.0.7"))


def test_the_locked_out_page_speaks_the_readers_language(staff_player):
    fail("/accounts/login/", settings.AXES_FAILURE_LIMIT, usernames=lambda n: "player-persona",
         addresses=lambda n: "10.0.0.7")
    response = Client().post("/accounts/login/", {"username": "player-persona",
                                                  "password": PASSWORD},
                             REMOTE_ADDR="10.0.0.7", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 429
    assert "Слишком много неудачных попыток входа" in response.content.decode()
