"""The turn report's "What we saw" (issue 15: "What each kingdom saw is part of its turn report"):
the armies seen and the ambushes found with their roll for the kingdom's players; the Scouting
checks that found nothing for the GM alone (docs/rules-notes.md, "Fog of war": "the checks that
failed are the GM's alone (they would tell the kingdom that something lies there)")."""
from __future__ import annotations

import pytest
from factories import KingdomTurnFactory, TurnReportFactory

from campaigns.models import TurnStatus

pytestmark = pytest.mark.django_db


def check(hidden, degree, roll):
    return {"scout": 1, "hidden": hidden, "hex": "B4", "modifier": 7, "modifiers": [],
            "dc": 17, "roll": roll, "total": roll + 7, "degree": degree}


@pytest.fixture
def report(kingdom):
    turn = KingdomTurnFactory(kingdom=kingdom, number=1, status=TurnStatus.RESOLVED)
    return TurnReportFactory(turn=turn, outcome={
        "turn": 1, "seed": 5, "events": [],
        "sight": {"hexes": ["B4", "C4", "D4"], "armies": [
            {"army": 7, "kingdom": "Pitax", "name": "Pitax Raiders", "hex": "D4",
             "found_by": None},
            {"army": 8, "kingdom": "Pitax", "name": "Lurkers", "hex": "B4",
             "found_by": check(8, "success", 13)}]},
        "gm_scouting": [check(9, "failure", 2)]})


def page(client, user, report):
    client.force_login(user)
    response = client.get(f"/kingdoms/{report.turn.kingdom_id}/turns/1/report/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_player_reads_what_the_kingdom_saw_and_not_the_checks_that_failed(
        client, player, report):
    html = page(client, player, report)
    assert "What we saw" in html and "3 hexes" in html
    assert "Pitax Raiders" in html
    assert "found in ambush by" in html and "rolled 13 +7 = 20 against DC 17" in html
    assert "found nothing" not in html and "rolled 2 +7" not in html


def test_the_gm_reads_the_checks_that_failed_too(client, campaign_gm, report):
    html = page(client, campaign_gm, report)
    assert "Scouting checks that found nothing (GM only)" in html
    assert "rolled 2 +7 = 9 against DC 17" in html


def test_a_report_without_a_map_has_no_sight(client, player, kingdom):
    turn = KingdomTurnFactory(kingdom=kingdom, number=1, status=TurnStatus.RESOLVED)
    html = page(client, player, TurnReportFactory(turn=turn))
    assert "What we saw" not in html
