"""A kingdom turn takes army ids only for the armies it recruits: a Recruit Army order that raises
none leaves the next army the next id (a reading that reserved an id for every queued order, to
save a statement, took one for it too; an independent review of issue 16's work found it)."""
from __future__ import annotations

import pytest
from factories import ArmyFactory

from armies.activity_services import activity_submit
from armies.models import Army, ArmyActivity
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns import resolution

pytestmark = pytest.mark.django_db


def test_a_recruit_order_that_recruits_nobody_takes_no_army_id(kingdom, player, infantry):
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10, resource_points=40, warfare=6)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    stale, _ = activity_submit(turn=turn, user=player, kind="recruit_army",
                               params={"template": infantry.pk, "name": "New Levy", "hex": "C4",
                                       "tactics": ["live_off_the_land"]})
    # Its template gone since it was queued: the turn rejects it, and nobody is recruited.
    ArmyActivity.objects.filter(pk=stale.pk).update(params={**stale.params, "template": 999999})
    before = ArmyFactory.create(kingdom=kingdom, name="Before").pk
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    stale.refresh_from_db()
    assert stale.status == "rejected"
    assert not Army.objects.filter(pk__gt=before).exists()
    assert ArmyFactory.create(kingdom=kingdom, name="After").pk == before + 1
