"""An order's check reads the kingdom's armies as values (armies.orders.kingdom_armies without
rows): they must make exactly the TurnArmy the models make, for every detail an army has, and
leave out the same armies (issue 16, point 3)."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from factories import (
    ArmyFactory,
    FactionFactory,
    KingdomFactory,
    KingdomTurnFactory,
    give_every_detail,
    shipped_template,
)

from armies.orders import TURN_ARMY_LISTS, kingdom_armies, turn_army_lists
from armies.selectors import active_army_rows
from campaigns.models import KingdomTurn

pytestmark = pytest.mark.django_db


def test_the_values_make_the_models_turn_armies():
    kingdom = KingdomFactory(level=5)
    faction = FactionFactory(campaign=kingdom.campaign)
    full = ArmyFactory(kingdom=kingdom, faction=faction, hp=2, hex="d5",
                       garrisoned="until_deployed", garrison_relief=True,
                       garrison_bans=[["C4", 3]])
    give_every_detail(full)
    ArmyFactory(kingdom=kingdom, template=shipped_template("Sootscale Warriors"))
    ArmyFactory(kingdom=kingdom)  # bare
    # Above the kingdom's level: sits the turn out either way.
    ArmyFactory(kingdom=kingdom, template=shipped_template("Greengripe Bombardiers"))
    ArmyFactory(kingdom=kingdom, status="disbanded")
    ArmyFactory()  # another kingdom's

    kingdom_armies(kingdom)  # compiled (SQLite asks once what JSON it supports)
    with CaptureQueriesContext(connection) as captured:
        read = kingdom_armies(kingdom)
    assert len(captured) == 1
    assert read == kingdom_armies(kingdom, active_army_rows(kingdom))
    assert list(read) == list(kingdom_armies(kingdom, active_army_rows(kingdom)))
    assert len(read) == 3 and read[full.pk].faction == faction.name
    assert read[full.pk].state.tactics == ("keen_eyed", "toughened_soldiers")


def test_the_armies_read_with_a_turn_are_taken_once():
    # A submission reads them in its turn's orders statement (armies.activity_services).
    kingdom = KingdomFactory(level=5)
    army = ArmyFactory(kingdom=kingdom, garrison_relief=True, garrison_bans=[["C4", 3]])
    give_every_detail(army)
    ArmyFactory(kingdom=kingdom, template=shipped_template("Sootscale Warriors"))
    turn = KingdomTurnFactory(kingdom=kingdom)
    kingdom.__dict__.update(KingdomTurn.objects.filter(pk=turn.pk)
                            .annotate(**turn_army_lists("kingdom_id")).values(*TURN_ARMY_LISTS)
                            .get())
    with CaptureQueriesContext(connection) as captured:
        read = kingdom_armies(kingdom)
    assert len(captured) == 0
    assert list(read.items()) == list(kingdom_armies(kingdom, active_army_rows(kingdom)).items())
    assert read[army.pk].garrison_relief is True
    assert not set(TURN_ARMY_LISTS) & set(kingdom.__dict__)  # a later check reads them anew
