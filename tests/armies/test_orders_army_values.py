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
    give_every_detail,
    shipped_template,
)

from armies.orders import kingdom_armies
from armies.selectors import active_army_rows

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
