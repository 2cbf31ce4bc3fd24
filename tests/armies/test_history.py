"""An army's history: its tactics, gear and conditions, who changed them, and revert."""
from __future__ import annotations

import pytest
from admin_support import add_inline_row, admin_url, change_form_data, messages_of, set_level
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from factories import (
    ArmyFactory,
    ArmyTacticFactory,
    KingdomFactory,
    SettlementFactory,
    api_token,
    shipped_template,
)
from rest_framework.test import APIClient

from armies.models import Army, ArmyActivity, ArmyTactic
from armies.services import army_gain_condition, army_learn_tactic, army_recruit, gear_fit
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.kingmaker.gear import parse_gear
from turns.resolution import turn_resolve

pytestmark = pytest.mark.django_db

KEEN_ONLY = {"tactics": ["keen_eyed"], "gear": [], "conditions": {}}


def latest(army: Army):
    return army.history.order_by("-history_date", "-history_id").first()


@pytest.fixture
def army(kingdom):
    """A level 4 infantry army knowing Keen Eyed (level 4 armies know up to 2 tactics)."""
    set_level(kingdom, 4)
    army = ArmyFactory.create(kingdom=kingdom, name="Restov Guard")
    ArmyTacticFactory.create(army=army, tactic="keen_eyed")
    return army


def save_change_form(client, army: Army, **inline_rows) -> dict:
    """Post the army's change form with `inline_rows` ({"tactics": [{...}]}) added."""
    url = admin_url(Army, "change", army.pk)
    data = change_form_data(client.get(url))
    for prefix, rows in inline_rows.items():
        for row in rows:
            add_inline_row(data, prefix, **row)
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return latest(army)


ADDED = {"tactics": [{"tactic": "hold_the_line", "position": 1}],
         "gear": [{"kind": "healing_potions", "doses": 2, "price_paid_rp": 30}],
         "conditions": [{"condition": "weary", "value": 1}]}


def revert(client, army: Army, version):
    url = admin_url(Army, "simple_history", army.pk, version.history_id)
    form = client.get(url)
    assert form.status_code == 200
    return client.post(url, change_form_data(form), follow=True)


def test_admin_inline_changes_are_in_the_armys_history_with_the_gm(gm_client, gm, army):
    before = save_change_form(gm_client, army)
    after = save_change_form(gm_client, army, **ADDED)
    assert before.children == KEEN_ONLY
    assert after.children == {
        "tactics": ["keen_eyed", "hold_the_line"],
        "gear": [{"kind": "healing_potions", "tier": "", "weapon": "", "doses": 2,
                  "price_paid_rp": 30}],
        "conditions": {"weary": 1}}
    assert after.history_user == gm
    page = gm_client.get(admin_url(Army, "history", army.pk)).content.decode()
    assert "Keen Eyed, Hold the Line" in page  # the Changes column: tactics before → after
    assert "healing potions ×2" in page and "weary 1" in page
    assert gm.username in page


def test_admin_revert_restores_tactics_gear_and_conditions(gm_client, gm, army):
    before = save_change_form(gm_client, army)
    after = save_change_form(gm_client, army, **ADDED)

    response = revert(gm_client, army, before)
    assert response.status_code == 200
    assert any("was reverted to the version of" in m for m in messages_of(response))
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed"]
    assert not army.gear.exists() and not army.conditions.exists()
    assert (latest(army).children, latest(army).history_user) == (KEEN_ONLY, gm)

    # The revert page shows the version's stat block: two tactics, while the army has one now.
    page = gm_client.get(admin_url(Army, "simple_history", army.pk, after.history_id))
    assert "<th>tactics</th><td>2/2</td>" in page.content.decode()
    revert(gm_client, army, after)
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed", "hold_the_line"]
    assert list(army.gear.values_list("kind", "doses")) == [("healing_potions", 2)]
    assert list(army.conditions.values_list("condition", "value")) == [("weary", 1)]


def test_a_revert_the_rules_forbid_is_a_message_and_changes_nothing(gm_client, army):
    before = save_change_form(gm_client, army)
    after = save_change_form(gm_client, army, **ADDED)
    revert(gm_client, army, before)
    # seed 003_750bd81a16f66abf.txt: "1	+7	15	16	+10	+4	+9	1" (a level 1 army knows 1 tactic)
    set_level(army.kingdom, 1)
    versions = army.history.count()
    response = revert(gm_client, army, after)
    assert response.status_code == 200
    assert "A level 1 army knows at most 1 tactics; this one would know 2." in \
        messages_of(response)
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed"]
    assert not army.gear.exists()
    assert army.history.count() == versions


def test_a_revert_to_a_bad_hex_is_refused(gm_client, army):
    before = save_change_form(gm_client, army)
    url = admin_url(Army, "simple_history", army.pk, before.history_id)
    data = change_form_data(gm_client.get(url))
    data["hex"] = "Q😀"
    response = gm_client.post(url, data, follow=True)
    assert response.status_code == 200
    assert any("is not a map hex" in m for m in messages_of(response))
    army.refresh_from_db()
    assert army.hex == "C4"


def test_services_record_the_acting_user_on_army_and_child_rows(kingdom, gm):
    army = army_recruit(kingdom=kingdom, template=shipped_template("Infantry"), name="Guard",
                        hex="C4", tactics=["live_off_the_land"], user=gm)
    assert [(h.history_type, h.history_user) for h in army.history.all()] == [("+", gm)]
    assert latest(army).children["tactics"] == ["live_off_the_land"]
    set_level(kingdom, 5)
    gear_fit(army=army, item=parse_gear("magic_armor"), user=gm)
    army_learn_tactic(army=army, tactic="hold_the_line", user=gm)
    assert latest(army).children["tactics"] == ["live_off_the_land", "hold_the_line"]
    assert [g["kind"] for g in latest(army).children["gear"]] == ["magic_armor"]
    assert {h.history_user for h in army.history.all()} == {gm}
    assert {h.history_user for h in ArmyTactic.history.filter(army_id=army.pk)} == {gm}


def test_api_orders_name_the_player(kingdom, player):
    army = ArmyFactory.create(kingdom=kingdom, hex="C4")
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(player)}")
    created = client.post("/api/activities/", {
        "turn": turn.pk, "kind": "deploy_army", "army": army.pk,
        "params": {"destination": "D5", "skill": "exploration"}}, format="json")
    assert created.status_code == 201
    withdrawn = client.delete(f"/api/activities/{created.json()['id']}/")
    assert withdrawn.status_code == 200
    activity = ArmyActivity.objects.get()
    assert [h.history_user for h in activity.history.all()] == [player, player]


def test_orders_page_orders_name_the_player(client, kingdom, player):
    army = ArmyFactory.create(kingdom=kingdom, hex="C4")
    turn_open(actor=SYSTEM, kingdom=kingdom)
    client.force_login(player)
    response = client.post(reverse("orders", args=[kingdom.pk]), {
        "army": army.pk, "kind": "deploy_army", "destination": "D5", "skill": "exploration",
        "border": "none", "difficult_hexes": 0, "action": "submit"})
    assert response.status_code == 302
    assert ArmyActivity.objects.get().history.get().history_user == player


def test_a_resolved_turn_records_each_armys_new_conditions_labelled(gm_client, kingdom):
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10)  # upkeep paid: no weariness from it
    army = army_recruit(kingdom=kingdom, template=shipped_template("Infantry"), name="Guard",
                        hex="C4", tactics=["live_off_the_land"], user=SYSTEM)
    army_gain_condition(army=army, condition="weary", value=2, user=SYSTEM)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert turn_resolve(turn.pk) == "resolved"
    # An army with no order rests: weary 2 becomes weary 1, in the army's own history.
    row = army.history.get(history_change_reason="kingdom turn")
    assert row.children == {"tactics": ["live_off_the_land"], "gear": [],
                            "conditions": {"weary": 1}}
    assert row.history_user is None
    page = gm_client.get(admin_url(Army, "history", army.pk)).content.decode()
    assert "Muster (automatic)" in page and "None" not in page


def _resolve_with_weary_armies(campaign, count: int) -> int:
    """Queries to resolve a turn of `count` resting weary armies (each one's history written)."""
    kingdom = KingdomFactory.create(campaign=campaign, food=50)
    SettlementFactory.create(kingdom=kingdom, hex="C4")
    for i in range(count):
        army = army_recruit(kingdom=kingdom, template=shipped_template("Infantry"),
                            name=f"Guard {i}", hex="C4", tactics=["live_off_the_land"], user=SYSTEM)
        army_gain_condition(army=army, condition="weary", value=2, user=SYSTEM)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    with CaptureQueriesContext(connection) as queries:
        assert turn_resolve(turn.pk) == "resolved"
    assert Army.history.filter(history_change_reason="kingdom turn",
                               kingdom=kingdom).count() == count
    return len(queries)


def test_a_turns_army_history_takes_the_same_queries_for_more_armies(campaign):
    assert _resolve_with_weary_armies(campaign, 2) == _resolve_with_weary_armies(campaign, 6)
