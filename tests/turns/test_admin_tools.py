"""The GM's turn tools: resolve now, extend, reopen, orders and reports in the admin, and the
resolve_turns command."""
from __future__ import annotations

import datetime

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from factories import ArmyFactory, CampaignFactory, KingdomTurnFactory

from armies.models import ArmyActivity
from campaigns.models import KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db


@pytest.fixture
def army(kingdom):
    return ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")


@pytest.fixture
def turn(kingdom):
    return turn_open(actor=SYSTEM, kingdom=kingdom)


def run_action(client, action: str, turns) -> list[str]:
    response = client.post(reverse("admin:campaigns_kingdomturn_changelist"),
                           {"action": action, "_selected_action": [t.pk for t in turns]},
                           follow=True)
    assert response.status_code == 200
    return [str(m) for m in response.context["messages"]]


def test_resolve_now_locks_and_resolves(gm_client, turn, army, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        messages = run_action(gm_client, "resolve_now", [turn])
    assert "1 turn(s) locked and sent for resolution." in messages
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED
    response = gm_client.get(reverse("admin:turns_turnreport_change", args=[turn.report.pk]))
    assert response.status_code == 200
    assert b"Every roll" in response.content


def test_extend_moves_the_deadline_of_open_turns_only(gm_client, turn):
    deadline = turn.deadline
    run_action(gm_client, "extend_one_day", [turn])
    turn.refresh_from_db()
    assert turn.deadline == deadline + datetime.timedelta(days=1)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.RESOLVED)
    messages = run_action(gm_client, "extend_one_day", [turn])
    assert any("Only an open turn" in m for m in messages)


def test_reopen_refuses_a_turn_that_did_not_fail(gm_client, turn):
    messages = run_action(gm_client, "reopen_failed", [turn])
    assert any("Only a failed turn" in m for m in messages)


def test_gm_adds_an_order_in_the_admin_with_fields_and_sees_rule_errors(gm_client, turn, army):
    url = reverse("admin:armies_armyactivity_add")
    order = {"turn": turn.pk, "army": army.pk, "kind": "deploy_army", "second": "",
             "position": 1}
    # Turn, army and activity chosen: the activity's fields appear, the required ones asked for.
    first = gm_client.post(url, order)
    assert first.status_code == 200
    form = first.context["adminform"].form
    assert {"destination", "skill", "border"} <= set(form.fields)
    assert "params" not in form.fields  # no JSON
    assert form.errors["destination"]
    bad = gm_client.post(url, {**order, "destination": "ZZ", "skill": "exploration",
                               "border": "none", "difficult_hexes": 0})
    assert bad.status_code == 200
    assert "is not a map hex" in bad.content.decode()
    assert not ArmyActivity.objects.exists()
    good = gm_client.post(url, {**order, "destination": "C5", "skill": "exploration",
                                "border": "none", "difficult_hexes": 0})
    assert good.status_code == 302
    activity = ArmyActivity.objects.get()
    assert activity.params["destination"] == "C5"
    # The change page shows the stored values in the same fields.
    change = gm_client.get(reverse("admin:armies_armyactivity_change", args=[activity.pk]))
    assert change.context["adminform"].form.initial["destination"] == "C5"
    moved = gm_client.post(reverse("admin:armies_armyactivity_change", args=[activity.pk]),
                           {"second": "", "position": 1, "destination": "D4",
                            "skill": "exploration", "border": "none", "difficult_hexes": 0})
    assert moved.status_code == 302
    activity.refresh_from_db()
    assert activity.params["destination"] == "D4"


@pytest.mark.parametrize(("kind", "fields", "field"), [
    ("outfit_army", {"gear": "nope"}, "gear"),
    ("deploy_army", {"destination": "C5", "difficult_hexes": "x"}, "difficult_hexes"),
])
def test_malformed_order_parameters_are_a_form_error(gm_client, turn, army, kind, fields, field):
    response = gm_client.post(reverse("admin:armies_armyactivity_add"),
                              {"turn": turn.pk, "army": army.pk, "kind": kind, "second": "",
                               "position": 1, **fields})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors[field]
    assert not ArmyActivity.objects.exists()


def test_another_campaigns_turn_offers_no_fields(client, turn, army):
    from factories import CampaignFactory, MembershipFactory, UserFactory

    from campaigns.models import Role

    stranger = UserFactory(username="other-gm", is_staff=True)
    MembershipFactory(user=stranger, campaign=CampaignFactory(), role=Role.GM, kingdom=None)
    client.force_login(stranger)
    page = client.get(reverse("admin:armies_armyactivity_add")
                      + f"?turn={turn.pk}&army={army.pk}&kind=deploy_army")
    assert "destination" not in page.context["adminform"].form.fields


@pytest.mark.parametrize(("days", "ruin", "field"), [(-30, "", "deadline"),
                                                     (+3, "not-a-ruin", "ruin_choice")])
def test_a_bad_turn_edit_is_a_form_error_and_nothing_is_saved(gm_client, turn, days, ruin, field):
    url = reverse("admin:campaigns_kingdomturn_change", args=[turn.pk])
    original = turn.deadline
    moved = turn.deadline + datetime.timedelta(days=days)
    response = gm_client.post(url, {"deadline_0": moved.strftime("%Y-%m-%d"),
                                    "deadline_1": moved.strftime("%H:%M:%S"), "ruin_choice": ruin,
                                    "activities-TOTAL_FORMS": "0",
                                    "activities-INITIAL_FORMS": "0"})
    assert response.status_code == 200
    assert field in response.context["adminform"].form.errors
    turn.refresh_from_db()
    assert turn.deadline == original


def test_the_gm_moves_a_deadline_on_the_turn_page(gm_client, turn):
    moved = turn.deadline + datetime.timedelta(days=2)
    response = gm_client.post(
        reverse("admin:campaigns_kingdomturn_change", args=[turn.pk]),
        {"deadline_0": moved.strftime("%Y-%m-%d"), "deadline_1": moved.strftime("%H:%M:%S"),
         "ruin_choice": "", "activities-TOTAL_FORMS": "0", "activities-INITIAL_FORMS": "0"})
    assert response.status_code == 302
    turn.refresh_from_db()
    assert turn.deadline == moved


def test_resolve_turns_command_resolves_with_a_summary(turn, army, capsys):
    call_command("resolve_turns", "--now", "--campaign", str(turn.kingdom.campaign_id))
    out = capsys.readouterr().out
    assert "1 resolved, 0 already taken by a worker, 0 failed." in out
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED


def test_resolve_turns_command_waits_for_deadlines_without_now(turn, capsys):
    call_command("resolve_turns")
    assert "No turn is due." in capsys.readouterr().out


def test_resolve_turns_command_rejects_an_unknown_campaign():
    with pytest.raises(CommandError, match="no campaign with id 999"):
        call_command("resolve_turns", "--campaign", "999")


def test_resolve_turns_command_resolves_only_the_named_kingdom(turn, army, rival_kingdom, capsys):
    rivals = turn_open(actor=SYSTEM, kingdom=rival_kingdom)
    call_command("resolve_turns", "--now", "--kingdom", str(turn.kingdom_id))
    assert "1 resolved, 0 already taken by a worker, 0 failed." in capsys.readouterr().out
    turn.refresh_from_db()
    rivals.refresh_from_db()
    assert (turn.status, rivals.status) == (TurnStatus.RESOLVED, TurnStatus.OPEN)


def test_resolve_turns_command_resolves_only_the_turns_of_that_number(turn, army, rival_kingdom,
                                                                      capsys):
    later = KingdomTurnFactory(kingdom=rival_kingdom, number=turn.number + 1)
    call_command("resolve_turns", "--now", "--campaign", str(turn.kingdom.campaign_id),
                 "--turn", str(turn.number))
    assert "1 resolved" in capsys.readouterr().out
    turn.refresh_from_db()
    later.refresh_from_db()
    assert (turn.status, later.status) == (TurnStatus.RESOLVED, TurnStatus.OPEN)


@pytest.mark.parametrize(("options", "message"), [
    (["--kingdom", "999"], "no kingdom with id 999"),
    (["--kingdom", "{kingdom}", "--campaign", "{elsewhere}"], "no kingdom with id {kingdom} here"),
    (["--kingdom", "{kingdom}", "--turn", "7"], "no turn 7"),
    (["--turn", "-1"], "no turn -1"),
    (["--kingdom", "Restov"], "invalid int value"),
    (["--turn", "1.5"], "invalid int value"),
])
def test_resolve_turns_command_rejects_options_that_name_nothing(turn, options, message):
    ids = {"kingdom": turn.kingdom_id, "elsewhere": CampaignFactory().pk}
    with pytest.raises(CommandError, match=message.format(**ids)):
        call_command("resolve_turns", "--now", *(option.format(**ids) for option in options))
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN


@pytest.mark.parametrize("query", ["?turn=%C2%B2", "?turn=abc&kind=bogus", "?army=%C2%B2&turn=1",
                                   "?turn=1&army=99999&kind=deploy_army"])
def test_odd_choices_in_the_admin_order_form_are_no_500(gm_client, turn, query):
    assert gm_client.get(reverse("admin:armies_armyactivity_add") + query).status_code == 200
    assert gm_client.post(reverse("admin:armies_armyactivity_add") + query,
                          {"turn": "²", "army": "²", "kind": "bogus"}).status_code == 200
