"""Two submissions for one turn at once: the second waits for the turn's lock, then reads the
turn's orders as the first committed them (on PostgreSQL a statement reads the rows committed
when it began, so the orders must not be read by the locking statement itself). In two threads
with two sessions; the test commits its data, so serialized_rollback restores the shipped army
templates after."""
from __future__ import annotations

import threading
import time

import pytest
from api_support import DEPLOY
from django.db import connection, connections
from factories import ArmyFactory, KingdomTurnFactory

from armies import activity_services
from armies.activity_params import validated_params
from armies.choices import ActivityStatus
from armies.models import ArmyActivity
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def postgres(settings):
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("row locks in parallel need PostgreSQL: set DATABASE_URL=postgres://...")


def _waiting_for_a_lock() -> bool:
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
        return cursor.fetchone()[0] > 0


def test_a_submission_that_waited_for_the_lock_sees_the_order_it_waited_for(
        postgres, monkeypatch, kingdom, player):
    turn = KingdomTurnFactory(kingdom=kingdom, number=1)
    army = ArmyFactory(kingdom=kingdom, hex="C4")
    inside, release = threading.Event(), threading.Event()
    unready = activity_services._unready

    def holding(held_turn) -> None:
        """The first submission, its order written, waits inside its transaction."""
        unready(held_turn)
        if threading.current_thread().name == "first":
            inside.set()
            release.wait(timeout=30)

    monkeypatch.setattr(activity_services, "_unready", holding)
    results: dict[str, object] = {}

    def submit() -> None:
        name = threading.current_thread().name
        try:
            activity_services.activity_submit(
                turn=turn, user=player, kind="deploy_army", army=army,
                params=validated_params("deploy_army", DEPLOY))
            results[name] = "queued"
        except RuleViolation as error:
            results[name] = sorted(v.code for v in error.violations)
        finally:
            connection.close()

    first = threading.Thread(target=submit, name="first")
    second = threading.Thread(target=submit, name="second")
    first.start()
    try:
        assert inside.wait(timeout=30), results
        second.start()
        deadline = time.monotonic() + 20
        while not _waiting_for_a_lock():  # the second submission waits for the turn's lock
            assert time.monotonic() < deadline, "the second submission never waited"
            time.sleep(0.05)
    finally:
        release.set()
        first.join(timeout=30)
        if second.ident is not None:
            second.join(timeout=30)
    assert results["first"] == "queued"
    assert results["second"] != "queued", results  # one activity per army per turn
    assert ArmyActivity.objects.filter(status=ActivityStatus.QUEUED).count() == 1
