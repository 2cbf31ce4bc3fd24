"""Two kingdoms of one campaign resolve their turns at the same time: a kingdom's resolution locks
its turn and its kingdom, never the campaign. On PostgreSQL (SQLite has one writer at a time), in
two threads with two sessions; the test commits its data, so serialized_rollback restores the
shipped army templates after."""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.utils import timezone
from factories import ArmyFactory, CampaignFactory, KingdomFactory

from campaigns.models import KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns import resolution

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def postgres(settings):
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("row locks in parallel need PostgreSQL: set DATABASE_URL=postgres://...")


def test_two_kingdoms_of_one_campaign_resolve_in_parallel(postgres, monkeypatch):
    campaign = CampaignFactory()
    turns = []
    for name in ("Brevoy", "Pitax"):
        kingdom = KingdomFactory(campaign=campaign, name=name, food=10)
        ArmyFactory(kingdom=kingdom, hex="C4")
        turns.append(turn_open(actor=SYSTEM, kingdom=kingdom))
    KingdomTurn.objects.filter(pk__in=[t.pk for t in turns]).update(
        status=TurnStatus.LOCKED, locked_at=timezone.now())
    held, other = turns
    inside, release = threading.Event(), threading.Event()
    last_step = resolution.turn_opened

    def holding(opened):
        """The first kingdom's resolution, its next turn opened (a step every resolution takes,
        under the kingdom's lock), waits inside its transaction until released."""
        last_step(opened)
        if opened.kingdom_id == held.kingdom_id:
            inside.set()
            release.wait(timeout=60)

    monkeypatch.setattr(resolution, "turn_opened", holding)
    results: dict[int, str] = {}

    def resolve(turn_id: int) -> None:
        try:
            results[turn_id] = resolution.turn_resolve(turn_id)
        except Exception as error:  # surfaced by the assertions below
            results[turn_id] = repr(error)
        finally:
            connection.close()

    first = threading.Thread(target=resolve, args=[held.pk])
    second = threading.Thread(target=resolve, args=[other.pk])
    first.start()
    try:
        assert inside.wait(timeout=30), results
        second.start()
        second.join(timeout=30)
        # The second kingdom resolved while the first still held its transaction open.
        assert not second.is_alive(), "the second kingdom waited for the first"
        assert results == {other.pk: "resolved"}
    finally:
        release.set()
        first.join(timeout=30)
        if second.ident is not None:
            second.join(timeout=30)
    assert results == {held.pk: "resolved", other.pk: "resolved"}
    assert set(KingdomTurn.objects.filter(pk__in=[held.pk, other.pk])
               .values_list("status", flat=True)) == {TurnStatus.RESOLVED}
