"""map_view: what a reader may see of the campaign map, the one access function of the map page
and GET /api/campaigns/{id}/map/ (issue 15, point 3: "Players never receive what their kingdom
does not see (API and pages); the GM sees all"). Our rulings: docs/rules-notes.md, "Fog of war"
and "What the map shows"; seed 003_750bd81a16f66abf.txt, line 25: an army «которое устроило в
своём гексе засаду» is found only by a Scouting check."""
from __future__ import annotations

import re

import pytest
from api_world import client_for
from factories import (
    ArmyConditionFactory,
    ArmyFactory,
    ArmyTacticFactory,
    KingdomTurnFactory,
    TurnReportFactory,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armies.models import Army
from armies.orders import seen_armies
from campaigns.adapters import campaign_map_or_none
from campaigns.map_services import map_paint
from campaigns.models import Kingdom, TurnStatus
from rules.kingmaker.campaign_map import neighbours
from turns.map_views import map_view


def seen(kingdom):
    """What the kingdom's next orders may target (armies.orders.seen_armies, as situation()
    asks it)."""
    return seen_armies(kingdom, campaign_map_or_none(kingdom.campaign_id))


pytestmark = pytest.mark.django_db

NEXT_TO_C4 = set(neighbours("C4").values())  # C3 D3 D4 C5 B4 B3


@pytest.fixture
def painted(campaign, gm, kingdom, rival_kingdom):
    """A 10 × 10 map; the player's kingdom claims C4 (its settlement Tatzlford) and C5."""
    Kingdom.objects.filter(pk=rival_kingdom.pk).update(level=8)
    map_paint(actor=gm, campaign=campaign, coords="A1-J10")
    map_paint(actor=gm, campaign=campaign, coords="C4 C5", claimed_by=kingdom, terrain="hills")
    map_paint(actor=gm, campaign=campaign, coords="H8 H9", claimed_by=rival_kingdom)
    return campaign


@pytest.fixture
def ours(kingdom):
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyConditionFactory(army=army, condition="weary", value=2)
    return army


def rival(rival_kingdom, name, hex_, *, ambush=False, garrisoned=""):
    army = ArmyFactory(kingdom=rival_kingdom, name=name, hex=hex_, garrisoned=garrisoned)
    if ambush:
        ArmyTacticFactory(army=army, tactic="ambush")
    return army


def shown(view):
    return {a.name: a.hex for a in view.armies}


def test_a_player_sees_their_territory_and_the_hexes_next_to_their_armies_and_settlements(
        painted, player, ours):
    # Our ruling: "the hexes it claims, and each hex of or next to one of its armies or one of its
    # settlements".
    ours.hex = "F2"
    ours.save()
    view = map_view(player, painted)
    assert view is not None and not view.gm
    assert view.seen == {"C4", "C5", "F2"} | NEXT_TO_C4 | set(neighbours("F2").values())
    assert not view.sees("H8")


def test_an_enemy_army_in_a_seen_hex_is_seen_unless_in_ambush(painted, player, ours,
                                                               rival_kingdom):
    rival(rival_kingdom, "Pitax Raiders", "D4")
    rival(rival_kingdom, "Far Riders", "H8")
    rival(rival_kingdom, "Lurkers", "B4", ambush=True)
    rival(rival_kingdom, "Stockade", "C3", garrisoned="until_deployed")
    view = map_view(player, painted)
    assert shown(view) == {"Tatzlford Guard": "C4", "Pitax Raiders": "D4"}
    raiders = next(a for a in view.armies if a.name == "Pitax Raiders")
    # Another kingdom's army: where it is, nothing of what only its commander knows.
    assert (raiders.own, raiders.hp, raiders.conditions, raiders.in_ambush) == (False, None, (),
                                                                                 False)
    guard = next(a for a in view.armies if a.name == "Tatzlford Guard")
    assert guard.own and guard.conditions == (("weary", 2, "weary 2"),)


def found_report(kingdom, army, hex_):
    """The kingdom's last turn report: its armies found `army` in ambush in `hex_`."""
    turn = KingdomTurnFactory(kingdom=kingdom, number=1, status=TurnStatus.RESOLVED)
    check = {"scout": 1, "hidden": army.pk, "hex": hex_, "modifier": 7, "modifiers": [],
             "dc": 17, "roll": 14, "total": 21, "degree": "success"}
    return TurnReportFactory(turn=turn, outcome={"turn": 1, "events": [], "sight": {
        "hexes": sorted({"C4"} | NEXT_TO_C4),
        "armies": [{"army": army.pk, "kingdom": "Pitax", "name": army.name, "hex": hex_,
                    "found_by": check}]}})


def test_an_ambush_the_last_report_found_is_shown_while_it_stays_in_that_hex(
        painted, player, ours, kingdom, rival_kingdom):
    lurkers = rival(rival_kingdom, "Lurkers", "B4", ambush=True)
    found_report(kingdom, lurkers, "B4")
    view = map_view(player, painted)
    assert [(a.name, a.found) for a in view.armies if not a.own] == [("Lurkers", True)]
    lurkers.hex = "B3"  # moved since, still in ambush: hidden again
    lurkers.save()
    assert shown(map_view(player, painted)) == {"Tatzlford Guard": "C4"}


def test_the_gm_sees_every_army_and_every_hex(painted, campaign_gm, ours, rival_kingdom):
    rival(rival_kingdom, "Far Riders", "H8")
    rival(rival_kingdom, "Lurkers", "B4", ambush=True)
    view = map_view(campaign_gm, painted)
    assert view.gm and view.seen is None and view.sees("J10")
    assert shown(view) == {"Tatzlford Guard": "C4", "Far Riders": "H8", "Lurkers": "B4"}
    assert next(a for a in view.armies if a.name == "Lurkers").in_ambush


def test_someone_outside_the_campaign_gets_nothing(painted, outsider, client):
    assert map_view(outsider, painted) is None
    client.force_login(outsider)
    assert client.get(f"/campaigns/{painted.pk}/map/").status_code == 404
    assert client_for(outsider).get(f"/api/campaigns/{painted.pk}/map/").status_code == 404


def test_the_gambit_targets_what_the_map_shows(painted, player, kingdom, ours, rival_kingdom):
    # Our ruling (docs/rules-notes.md, "Fog of war"): the armies in plain sight in a hex the
    # kingdom sees now, and an ambusher only where its last report found it and while it stays.
    raiders = rival(rival_kingdom, "Pitax Raiders", "D4")
    lurkers = rival(rival_kingdom, "Lurkers", "B4", ambush=True)
    rival(rival_kingdom, "Far Riders", "H8")
    assert seen(kingdom) == {raiders.pk}
    found_report(kingdom, lurkers, "B4")
    assert seen(kingdom) == {raiders.pk, lurkers.pk}
    assert {a.id for a in map_view(player, painted).armies if not a.own} == seen(kingdom)
    lurkers.hex = "C3"
    lurkers.save()
    assert seen(kingdom) == {raiders.pk}


def test_without_a_map_every_army_counts_as_seen(campaign, kingdom, ours):
    assert seen(kingdom) is None


# --- Two worlds -------------------------------------------------------------------------------

def _csrf_free(html: str) -> str:
    """A page without its per-request CSRF tokens (the only part of a page that changes by
    itself from one request to the next)."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def _answers(painted, player, client, hex_=""):
    client.force_login(player)
    page = client.get(f"/campaigns/{painted.pk}/map/" + (f"?hex={hex_}" if hex_ else ""))
    assert page.status_code == 200
    html = _csrf_free(page.content.decode())
    svg = re.search(r"<svg.*?</svg>", html, re.S)
    api = client_for(player).get(f"/api/campaigns/{painted.pk}/map/")
    assert api.status_code == 200
    return api.json(), html, svg.group(0) if svg else ""


@pytest.mark.parametrize("hex_", ["", "B4", "H8", "D4"])
def test_a_player_s_map_is_the_same_in_worlds_that_differ_only_where_they_cannot_see(
        painted, player, campaign_gm, client, ours, rival_kingdom, hex_):
    # Issue 15: "a kingdom's map view is identical across worlds that differ only in what it
    # cannot see". The second world adds an army in a hex the kingdom does not see, an army in
    # ambush in a hex it sees (no report found it), and a garrison next to its army.
    rival(rival_kingdom, "Pitax Raiders", "D4")
    before = _answers(painted, player, client, hex_)
    gm_before = map_view(campaign_gm, painted)
    rival(rival_kingdom, "Far Riders", "H8")
    rival(rival_kingdom, "Lurkers", "B4", ambush=True)
    rival(rival_kingdom, "Stockade", "C3", garrisoned="until_deployed")
    after = _answers(painted, player, client, hex_)
    assert after == before
    # The worlds do differ: the GM's map shows it.
    assert len(map_view(campaign_gm, painted).armies) == len(gm_before.armies) + 3


UNSEEN = ["H8", "J10", "F7", "A9", "G2"]
SEEN = sorted({"C4", "C5"} | NEXT_TO_C4 | set(neighbours("C5").values()))


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(far=st.lists(st.sampled_from(UNSEEN), max_size=3),
       lurking=st.lists(st.tuples(st.sampled_from(SEEN), st.booleans()), max_size=3))
def test_no_world_of_armies_the_kingdom_cannot_see_changes_its_map(
        painted, player, client, ours, rival_kingdom, far, lurking):
    # The property behind the two worlds above: any number of armies in hexes the kingdom does not
    # see, and of armies in ambush or garrisoned in hexes it does, leave its answers as they were.
    rival(rival_kingdom, "Pitax Raiders", "D4")
    before = _answers(painted, player, client)
    added = [rival(rival_kingdom, f"Far {index}", coord) for index, coord in enumerate(far)]
    added += [rival(rival_kingdom, f"Hidden {index}", coord, ambush=not garrison,
                    garrisoned="until_deployed" if garrison else "")
              for index, (coord, garrison) in enumerate(lurking)]
    try:
        assert _answers(painted, player, client) == before
    finally:
        for army in added:
            army.delete()
        Army.objects.filter(name="Pitax Raiders").delete()


def test_the_map_view_reads_the_same_number_of_queries_however_many_armies(
        painted, player, ours, rival_kingdom):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries():
        with CaptureQueriesContext(connection) as captured:
            map_view(player, painted)
        return len(captured)

    rival(rival_kingdom, "Pitax Raiders", "D4")
    few = queries()
    for index in range(4):
        rival(rival_kingdom, f"Horde {index}", "D4", ambush=bool(index % 2))
    assert queries() == few


def test_an_order_names_only_an_army_the_kingdom_saw(painted, player, ours, rival_kingdom,
                                                      kingdom):
    # docs/rules-notes.md, "Fog of war": "an unfound ambusher in the hex gets the same answer as an
    # id that names nothing" — when the order is given, not only when it resolves.
    from armies.activity_services import activity_submit
    from rules.errors import RuleViolation

    turn = KingdomTurnFactory(kingdom=kingdom, number=1)
    raiders = rival(rival_kingdom, "Pitax Raiders", "C4")
    lurkers = rival(rival_kingdom, "Lurkers", "C4", ambush=True)
    answers = []
    for target in (lurkers.pk, lurkers.pk + 1000):
        with pytest.raises(RuleViolation) as refused:
            activity_submit(turn=turn, user=player, kind="offensive_gambit", army=ours,
                            params={"target": target})
        answers.append([(v.field, v.code, v.message, dict(v.params))
                        for v in refused.value.violations])
    assert answers[0] == answers[1] and answers[0][0][:2] == ("target", "target_not_here")
    activity, _created = activity_submit(turn=turn, user=player, kind="offensive_gambit",
                                         army=ours, params={"target": raiders.pk})
    assert activity.params["target"] == raiders.pk
