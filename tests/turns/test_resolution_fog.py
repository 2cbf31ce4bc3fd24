"""Fog of war when a kingdom turn resolves on a campaign map: the input carries every kingdom's
armies and the GM's light, the report what the kingdom saw, the Scouting checks that found nothing
only for the GM, and the next turn's gambit targets what it saw (docs/rules-notes.md, "Fog of
war"; seed 003_750bd81a16f66abf.txt, line 25: «СЛ разведки равна модификатору Разведки +10»)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from api_world import client_for
from factories import ArmyFactory, ArmyTacticFactory

from armies.orders import queued_activities, seen_armies, turn_input
from battles.data import from_data
from campaigns.adapters import campaign_map_or_none
from campaigns.map_services import map_paint
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open, turn_set_light
from core.permissions import SYSTEM, NotPermitted
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.turn import KingdomTurnInput, resolve_turn
from turns import resolution
from turns.reports import report_data


def seen(kingdom):
    """What the kingdom's next orders may target (armies.orders.seen_armies, as situation()
    asks it)."""
    return seen_armies(kingdom, campaign_map_or_none(kingdom.campaign_id))


pytestmark = pytest.mark.django_db


@pytest.fixture
def world(campaign, gm, kingdom, rival_kingdom):
    """Our army in C4 on a 10 × 10 map; Pitax's raiders next to it in D4, lurkers in ambush next
    to it in B4, riders far off in H8."""
    Kingdom.objects.filter(pk=rival_kingdom.pk).update(level=8)
    map_paint(actor=gm, campaign=campaign, coords="A1-J10")
    map_paint(actor=gm, campaign=campaign, coords="C4", claimed_by=kingdom)
    ours = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    raiders = ArmyFactory(kingdom=rival_kingdom, name="Pitax Raiders", hex="D4")
    lurkers = ArmyFactory(kingdom=rival_kingdom, name="Lurkers", hex="B4")
    ArmyTacticFactory(army=lurkers, tactic="ambush")
    riders = ArmyFactory(kingdom=rival_kingdom, name="Far Riders", hex="H8")
    return {"ours": ours, "raiders": raiders, "lurkers": lurkers, "riders": riders}


def resolved(kingdom, *, light=None):
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    if light:
        turn = turn_set_light(actor=SYSTEM, turn=turn, light=light)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    engine_input = turn_input(turn, queued_activities(turn), [], fought=frozenset())
    assert resolution.turn_resolve(turn.pk) == "resolved"
    turn.refresh_from_db()
    return turn, engine_input


def test_the_report_holds_what_the_kingdom_saw_and_the_gm_alone_the_failed_checks(
        world, kingdom, player, campaign_gm):
    turn, engine_input = resolved(kingdom, light=Light.DARK)
    outcome = turn.report.outcome
    seen = {a["army"]: a for a in outcome["sight"]["armies"]}
    assert world["riders"].pk not in seen
    assert seen[world["raiders"].pk]["found_by"] is None
    # The lurkers were found (a check in the sight) or not (a check only in the GM's part).
    lurker = world["lurkers"].pk
    failed = [c for c in outcome["gm_scouting"] if c["hidden"] == lurker]
    assert (lurker in seen) != bool(failed)
    checks = [seen[lurker]["found_by"]] if lurker in seen else failed
    assert all(c["scout"] == world["ours"].pk and c["hex"] == "B4" for c in checks)
    # Darkness: −4 on the check (seed 003, line 225).
    assert [m["value"] for m in checks[0]["modifiers"]] == [-4]
    # The same inputs and seed give the same report, the stored inputs replay it.
    assert report_data(engine_input, resolve_turn(engine_input, turn.seed), {}) == outcome
    stored = from_data(KingdomTurnInput, {**turn.report.inputs, "orders": []})
    assert replace(stored, orders=()) == replace(engine_input, orders=())
    # The other kingdom's three armies: our own are read from the input's armies as they move.
    assert stored.light is Light.DARK and {a.kingdom for a in stored.map_armies} == {"Pitax"}
    assert len(stored.map_armies) == 3
    # The player's API answer leaves the GM's part out, the GM's keeps it.
    for user, has in ((player, False), (campaign_gm, True)):
        body = client_for(user).get(f"/api/reports/{turn.report.pk}/").json()
        assert ("gm_scouting" in body["outcome"]) is has


def test_the_next_turn_s_gambit_targets_only_what_the_report_saw(world, kingdom):
    turn, _ = resolved(kingdom)
    expected = {a["army"] for a in turn.report.outcome["sight"]["armies"]}
    assert seen(kingdom) == expected
    assert world["raiders"].pk in expected and world["riders"].pk not in expected


def test_a_turn_without_a_map_stores_its_input_and_report_as_before(campaign, kingdom):
    ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    turn, _ = resolved(kingdom)
    assert "sight" not in turn.report.outcome and "gm_scouting" not in turn.report.outcome
    assert not {"map_armies", "light", "campaign_map", "seen_armies"} & set(turn.report.inputs)


def test_only_the_gm_sets_a_turn_s_light(kingdom, player, campaign_gm):
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    assert turn.light == Light.BRIGHT
    with pytest.raises(NotPermitted):
        turn_set_light(actor=player, turn=turn, light=Light.DIM)
    assert turn_set_light(actor=campaign_gm, turn=turn, light=Light.DIM).light == Light.DIM
