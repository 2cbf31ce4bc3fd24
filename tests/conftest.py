"""Personas and shared fixtures for the Django-side tests.

The army templates are shipped by a data migration, so tests use the `db` fixture (a transaction
rolled back after each test) rather than `transactional_db`, whose flush would remove them.
"""
from __future__ import annotations

import pytest
from django.contrib import admin
from factories import (
    CampaignFactory,
    KingdomFactory,
    KingdomTurnFactory,
    MembershipFactory,
    SettlementFactory,
    UserFactory,
    shipped_template,
)

from campaigns.models import Role

# The admin's modules load with the URLs (config.admin_app); tests list its models at collection.
admin.autodiscover()


@pytest.fixture
def campaign(db):
    return CampaignFactory(name="The Stolen Lands (test)")


@pytest.fixture
def kingdom(campaign):
    """The player's kingdom: level 1, one settlement in hex C4."""
    kingdom = KingdomFactory(campaign=campaign, name="Brevoy Marches", level=1)
    SettlementFactory(kingdom=kingdom, name="Tatzlford", hex="C4")
    return kingdom


@pytest.fixture
def rival_kingdom(campaign):
    kingdom = KingdomFactory(campaign=campaign, name="Pitax", level=1)
    SettlementFactory(kingdom=kingdom, name="Pitax City", hex="P9")
    return kingdom


@pytest.fixture
def gm(campaign):
    """The game master: a superuser with staff access and a GM membership (no kingdom)."""
    user = UserFactory(username="gm-persona", is_staff=True, is_superuser=True)
    MembershipFactory(user=user, campaign=campaign, role=Role.GM, kingdom=None)
    return user


@pytest.fixture
def campaign_gm(campaign):
    """A game master by membership only (not a superuser)."""
    user = UserFactory(username="campaign-gm-persona")
    MembershipFactory(user=user, campaign=campaign, role=Role.GM, kingdom=None)
    return user


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Tests make many users: hash their passwords cheaply."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def player(campaign, kingdom):
    user = UserFactory(username="player-persona")
    MembershipFactory(user=user, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    return user


@pytest.fixture
def rival(campaign, rival_kingdom):
    """Another player of the same campaign, whose kingdom is a different one."""
    user = UserFactory(username="rival-persona")
    MembershipFactory(user=user, campaign=campaign, role=Role.PLAYER, kingdom=rival_kingdom)
    return user


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


@pytest.fixture
def infantry(db):
    return shipped_template("Infantry")


@pytest.fixture
def template():
    """Look up a shipped army template by name: template("Cavalry")."""
    return shipped_template


@pytest.fixture
def open_turn(kingdom):
    """The player's kingdom's turn 1, open for orders for another week."""
    return KingdomTurnFactory(kingdom=kingdom, number=1)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Throttle counts and cached odds (the default cache) start afresh in every test."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """A request in another language (LocaleMiddleware) must not leak into the next test."""
    from django.utils import translation

    yield
    translation.deactivate()


def pytest_report_header(config):
    from django.conf import settings

    return f"database: {settings.DATABASES['default']['ENGINE']}"


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a call, then what it left for after the commit (a task that eager Celery runs)."""
    def run(call, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(*args, **kwargs)
    return run


@pytest.fixture
def fails_once():
    """Wrap a function so that its first call meets a passing database fault (the server ends the
    session, as `pg_terminate_backend` does) and later calls go through."""
    from django.db import OperationalError
    from psycopg.errors import AdminShutdown

    def wrap(function):
        calls = []

        def flaky(*args, **kwargs):
            calls.append(args)
            if len(calls) == 1:
                raise OperationalError("terminating connection due to administrator command") \
                    from AdminShutdown("terminating connection due to administrator command")
            return function(*args, **kwargs)

        flaky.calls = calls
        return flaky

    return wrap


@pytest.fixture
def outsider(db):
    """A player of another campaign (on the pages: see tests/pages_world.py)."""
    other = CampaignFactory(name="Another campaign")
    user = UserFactory(username="outsider-persona")
    MembershipFactory(user=user, campaign=other, role=Role.PLAYER,
                      kingdom=KingdomFactory(campaign=other, name="Elsewhere"))
    return user


@pytest.fixture
def bystander(campaign):
    """A player of a third kingdom of the same campaign, in none of its battles."""
    user = UserFactory(username="bystander-persona")
    MembershipFactory(user=user, campaign=campaign, role=Role.PLAYER,
                      kingdom=KingdomFactory(campaign=campaign, name="Mivon"))
    return user
