"""The GM's turn page: resolve now, and a dry run previewed, then committed or discarded."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armies.activity_services import activity_submit
from armies.models import Army, ArmyActivity
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns import previews
from turns.models import TurnReport

pytestmark = pytest.mark.django_db

KINGDOM_COLUMNS = ("level", "resource_points", "food", "unrest", "xp", "corruption", "crime",
                   "decay", "strife")


@pytest.fixture
def turn(kingdom, army, player):
    """Turn 1 open with a Deploy Army order."""
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                    params={"destination": "D4"})
    return turn


def url(name, campaign, *args):
    return reverse(name, args=[campaign.pk, *args])


def snapshot(kingdom):
    return (list(Kingdom.objects.filter(pk=kingdom.pk).values(*KINGDOM_COLUMNS)),
            list(Army.objects.filter(kingdom=kingdom).values()),
            list(ArmyActivity.objects.values("pk", "status", "result")),
            list(KingdomTurn.objects.values("pk", "status", "seed")),
            TurnReport.objects.count())


def test_the_overview_links_to_the_turn_page(client, campaign_gm, campaign):
    client.force_login(campaign_gm)
    response = client.get(reverse("campaign", args=[campaign.pk]))
    assert url("gm-turns", campaign).encode() in response.content


def test_the_turn_page_lists_open_turns_with_their_buttons(client, campaign_gm, campaign, turn):
    client.force_login(campaign_gm)
    response = client.get(url("gm-turns", campaign))
    assert response.status_code == 200
    assert url("gm-resolve-now", campaign, turn.pk).encode() in response.content
    assert url("gm-dry-run", campaign).encode() in response.content
    assert b"csrfmiddlewaretoken" in response.content


def test_a_dry_run_writes_nothing_and_shows_the_differences(
        client, campaign_gm, campaign, kingdom, army, turn, django_capture_on_commit_callbacks):
    client.force_login(campaign_gm)
    before = snapshot(kingdom)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(url("gm-dry-run", campaign), follow=True)
    assert not callbacks
    assert snapshot(kingdom) == before
    assert response.status_code == 200
    [preview] = response.context["previews"]
    assert preview["turn"] == turn and not preview["stale"]
    delta = preview["report"]["kingdom"]["delta"]
    assert delta  # upkeep at least eats food
    for row in preview["kingdom"]:
        assert row["after"] - row["before"] == row["delta"] == delta[row["field"]]
    [changed] = preview["armies"]  # the Deploy Army check decides where it ends up
    assert changed["army"] == army.pk and changed["before"]["hex"] == "C4"
    content = response.content.decode()
    assert f'C4 → {changed["after"]["hex"]}' in content and "Tatzlford Guard" in content
    assert [row["kind"] for row in preview["activities"]] == ["Deploy Army"]
    assert preview["activities"][0]["degree"] in content or \
        preview["activities"][0]["degree_label"] in content
    assert "Dry run done" in content


def test_commit_resolves_with_exactly_the_previewed_result(
        client, campaign_gm, campaign, kingdom, army, turn, django_capture_on_commit_callbacks):
    client.force_login(campaign_gm)
    response = client.post(url("gm-dry-run", campaign), follow=True)
    [preview] = response.context["previews"]
    seed = client.session[previews.session_key(campaign.pk)][str(turn.pk)]["seed"]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url("gm-dry-run-commit", campaign), follow=True)
    assert "being resolved" in response.content.decode()
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED and turn.seed == seed == preview["seed"]
    report = turn.report.outcome
    assert report["kingdom"] == preview["report"]["kingdom"]
    assert report["armies"] == preview["report"]["armies"]
    kingdom.refresh_from_db()
    after = preview["report"]["kingdom"]["after"]
    for field in ("resource_points", "food", "unrest", "xp", "level"):
        assert getattr(kingdom, field) == after[field]
    army.refresh_from_db()
    [changed] = preview["armies"]
    assert army.hex == changed["after"]["hex"]
    assert previews.session_key(campaign.pk) not in client.session


def test_a_changed_order_after_the_dry_run_refuses_the_commit(
        client, campaign_gm, campaign, kingdom, army, turn, django_capture_on_commit_callbacks):
    client.force_login(campaign_gm)
    client.post(url("gm-dry-run", campaign))
    ArmyActivity.objects.filter(turn=turn).update(params={"destination": "C5"})
    response = client.get(url("gm-turns", campaign))
    assert response.context["stale"]
    before = snapshot(kingdom)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(url("gm-dry-run-commit", campaign), follow=True)
    assert not callbacks
    assert snapshot(kingdom) == before
    assert "Run a new dry run" in response.content.decode()
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN and turn.seed is None


def test_a_changed_kingdom_after_the_dry_run_refuses_the_commit(
        client, campaign_gm, campaign, kingdom, turn, django_capture_on_commit_callbacks):
    client.force_login(campaign_gm)
    client.post(url("gm-dry-run", campaign))
    Kingdom.objects.filter(pk=kingdom.pk).update(food=3)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url("gm-dry-run-commit", campaign))
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN and not TurnReport.objects.exists()


def test_discard_clears_the_preview(client, campaign_gm, campaign, kingdom, turn):
    client.force_login(campaign_gm)
    client.post(url("gm-dry-run", campaign), {"turn": turn.pk})
    assert previews.session_key(campaign.pk) in client.session
    response = client.post(url("gm-dry-run-discard", campaign), follow=True)
    assert previews.session_key(campaign.pk) not in client.session
    assert not response.context["previews"] and not response.context["has_preview"]
    response = client.post(url("gm-dry-run-commit", campaign), follow=True)
    assert "no dry run to commit" in response.content.decode()
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN


def test_resolve_now_resolves_the_turn(
        client, campaign_gm, campaign, kingdom, army, turn, django_capture_on_commit_callbacks):
    client.force_login(campaign_gm)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url("gm-resolve-now", campaign, turn.pk), follow=True)
    assert "is being resolved" in response.content.decode()
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED and TurnReport.objects.filter(turn=turn).exists()
    assert ArmyActivity.objects.get(turn=turn).status == "resolved"
    assert KingdomTurn.objects.filter(kingdom=kingdom, number=2, status=TurnStatus.OPEN).exists()


def test_the_pages_answer_get_only_where_they_should(client, campaign_gm, campaign, turn):
    client.force_login(campaign_gm)
    for name, args in (("gm-resolve-now", [turn.pk]), ("gm-dry-run", []),
                       ("gm-dry-run-commit", []), ("gm-dry-run-discard", [])):
        assert client.get(url(name, campaign, *args)).status_code == 405


def test_players_get_a_404(client, player, campaign, turn):
    client.force_login(player)
    for name, args in (("gm-turns", []), ("gm-resolve-now", [turn.pk]), ("gm-dry-run", []),
                       ("gm-dry-run-commit", []), ("gm-dry-run-discard", [])):
        method = client.get if name == "gm-turns" else client.post
        assert method(url(name, campaign, *args)).status_code == 404, name
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN


def test_anonymous_visitors_are_sent_to_sign_in(client, campaign, turn):
    for name, args in (("gm-turns", []), ("gm-resolve-now", [turn.pk]), ("gm-dry-run", [])):
        target = url(name, campaign, *args)
        response = client.get(target) if name == "gm-turns" else client.post(target)
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={target}"


def test_csrf_is_required(campaign_gm, campaign, turn):
    from django.test import Client
    client = Client(enforce_csrf_checks=True)
    client.force_login(campaign_gm)
    assert client.post(url("gm-resolve-now", campaign, turn.pk)).status_code == 403
    turn.refresh_from_db()
    assert turn.status == TurnStatus.OPEN


def test_unreadable_orders_are_listed_and_skipped(
        client, campaign_gm, campaign, kingdom, turn, django_capture_on_commit_callbacks):
    ArmyActivity.objects.filter(turn=turn).update(params={})
    client.force_login(campaign_gm)
    response = client.post(url("gm-dry-run", campaign), follow=True)
    [preview] = response.context["previews"]
    [skipped] = preview["unreadable"]
    assert skipped["activity"].turn_id == turn.pk
    assert "could not be read" in response.content.decode()
    assert preview["activities"] == []
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url("gm-dry-run-commit", campaign))
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED
    assert turn.report.outcome["kingdom"] == preview["report"]["kingdom"]


def test_a_dry_run_covers_every_open_turn_or_just_one(
        client, campaign_gm, campaign, kingdom, rival_kingdom, turn):
    rival_turn = turn_open(actor=SYSTEM, kingdom=rival_kingdom)
    client.force_login(campaign_gm)
    response = client.post(url("gm-dry-run", campaign), follow=True)
    assert [p["turn"] for p in response.context["previews"]] == [kingdom.turns.get(), rival_turn]
    response = client.post(url("gm-dry-run", campaign), {"turn": rival_turn.pk}, follow=True)
    assert [p["turn"] for p in response.context["previews"]] == [rival_turn]
    assert client.post(url("gm-dry-run", campaign), {"turn": "x"}).status_code == 404


def test_the_turn_page_speaks_russian(client, campaign_gm, campaign, turn):
    client.force_login(campaign_gm)
    client.post(url("gm-dry-run", campaign))
    response = client.get(url("gm-turns", campaign), HTTP_ACCEPT_LANGUAGE="ru")
    content = response.content.decode()
    assert "Пробный прогон" in content and "Применить" in content
