"""The server-rendered pages: who sees what, what each page shows, Russian, time zones."""
from __future__ import annotations

import datetime
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from factories import (
    ArmyActivityFactory,
    CampaignFactory,
    KingdomTurnFactory,
    MembershipFactory,
    UserFactory,
)

from armies.choices import CONDITION_HELP, Condition
from armies.report_text import with_text
from battles.models import BattleScene
from campaigns.models import Campaign, KingdomTurn, Role

pytestmark = pytest.mark.django_db


def signed_in(client, user):
    client.force_login(user)
    return client


def dashboard(kingdom):
    return reverse("kingdom", args=[kingdom.pk])


def report_url(turn):
    return reverse("turn-report", args=[turn.kingdom_id, turn.number])


def battle_url(scene):
    return reverse("battle", args=[scene.pk])


# Sign-in and the campaign home.

def test_the_login_page_renders_with_the_language_switcher(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert b'name="password"' in response.content
    assert b'action="/i18n/setlang/"' in response.content


@pytest.mark.parametrize("name", ["home", "campaigns"])
def test_anonymous_visitors_are_sent_to_sign_in(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_anonymous_visitors_are_sent_to_sign_in_from_every_page(
        client, kingdom, resolved_turn, fought_scene):
    for url in (dashboard(kingdom), report_url(resolved_turn), battle_url(fought_scene),
                reverse("campaign", args=[kingdom.campaign_id])):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"] == f"{reverse('login')}?next={url}"


def test_signing_in_lands_a_player_on_their_kingdom(client, player, kingdom):
    response = client.post(reverse("login"), {"username": player.username,
                                              "password": "muster-test-password"}, follow=True)
    assert response.redirect_chain[-1][0] == dashboard(kingdom)
    assert response.status_code == 200


def test_signing_in_keeps_next(client, player, kingdom):
    response = client.post(reverse("login"), {"username": player.username,
                                              "password": "muster-test-password",
                                              "next": reverse("campaigns")})
    assert response["Location"] == reverse("campaigns")


def test_a_wrong_password_shows_the_form_again(client, player):
    response = client.post(reverse("login"), {"username": player.username, "password": "no"})
    assert response.status_code == 200
    assert b"didn" in response.content


def test_signing_out_returns_to_sign_in(client, player):
    signed_in(client, player)
    response = client.post(reverse("logout"))
    assert response["Location"] == reverse("login")
    assert client.get(reverse("home")).status_code == 302


def test_the_gm_lands_on_the_campaign_overview(client, campaign_gm, campaign):
    response = signed_in(client, campaign_gm).get(reverse("home"))
    assert response["Location"] == reverse("campaign", args=[campaign.pk])


def test_a_member_of_several_campaigns_sees_the_list(client, player, kingdom):
    other = CampaignFactory(name="Rivers Run Red")
    MembershipFactory(user=player, campaign=other, role=Role.GM, kingdom=None)
    response = signed_in(client, player).get(reverse("home"))
    assert response.status_code == 200
    content = response.content.decode()
    assert dashboard(kingdom) in content
    assert reverse("campaign", args=[other.pk]) in content


# The campaign overview (the GM's).

def test_the_overview_lists_every_kingdom_with_its_turn_and_who_owes_orders(
        client, campaign_gm, campaign, kingdom, rival_kingdom, player, rival):
    campaign.timezone = "Europe/Moscow"
    campaign.save()
    KingdomTurnFactory(kingdom=kingdom, number=1,
                       deadline=datetime.datetime(2030, 3, 1, 0, 0, tzinfo=datetime.UTC))
    KingdomTurnFactory(kingdom=rival_kingdom, number=1, ready=True)
    response = signed_in(client, campaign_gm).get(reverse("campaign", args=[campaign.pk]))
    assert response.status_code == 200
    content = response.content.decode()
    assert kingdom.name in content and rival_kingdom.name in content
    waiting = content.split("Who has not marked their orders ready")[1]
    assert "player-persona" in waiting and "rival-persona" not in waiting
    assert "March 1, 2030, 3 a.m." in content  # midnight UTC is 3 a.m. in Moscow


def test_the_overview_tells_orders_not_marked_ready_from_no_orders(
        client, campaign_gm, campaign, kingdom, rival_kingdom):
    ArmyActivityFactory(turn=KingdomTurnFactory(kingdom=kingdom, number=1), army=None,
                        kind="warfare_exercises", params={})
    KingdomTurnFactory(kingdom=rival_kingdom, number=1)
    response = signed_in(client, campaign_gm).get(reverse("campaign", args=[campaign.pk]))
    rows = response.content.decode().split("<h2>")[1].split("<tr>")

    def row_of(name: str) -> str:
        return next(row for row in rows if f">{name}</a>" in row)

    assert "not marked ready" in row_of(kingdom.name)
    assert "orders not submitted" not in row_of(kingdom.name)
    assert "orders not submitted" in row_of(rival_kingdom.name)


def test_a_player_asking_for_the_overview_gets_their_kingdom(client, player, campaign, kingdom):
    response = signed_in(client, player).get(reverse("campaign", args=[campaign.pk]))
    assert response["Location"] == dashboard(kingdom)


def test_a_stranger_gets_404_for_the_overview(client, campaign):
    stranger = UserFactory(username="stranger")
    MembershipFactory(user=stranger, campaign=CampaignFactory(), role=Role.GM, kingdom=None)
    response = signed_in(client, stranger).get(reverse("campaign", args=[campaign.pk]))
    assert response.status_code == 404


# The kingdom dashboard.

def test_the_dashboard_shows_resources_armies_conditions_gear_and_tactics(
        client, player, kingdom, army, open_turn):
    response = signed_in(client, player).get(dashboard(kingdom))
    assert response.status_code == 200
    content = response.content.decode()
    assert "Tatzlford Guard" in content
    assert "RP</dt><dd>40</dd>" in content and "Lumber</dt><dd>3</dd>" in content
    assert "Unrest</dt><dd>2</dd>" in content and "Crime</dt><dd>1</dd>" in content
    assert f'title="{CONDITION_HELP[Condition.WEARY]}"' in content
    assert ">weary 1<" in content
    assert "healing potions ×2" in content and "Keen Eyed" in content
    assert "AC</dt><dd>" in content and "Maneuver</dt>" in content
    assert 'action="/i18n/setlang/"' in content


def test_the_dashboard_shows_the_deadline_in_the_campaigns_time_zone_with_a_countdown(
        client, player, campaign, kingdom):
    Campaign.objects.filter(pk=campaign.pk).update(timezone="Asia/Vladivostok")
    deadline = datetime.datetime(2040, 1, 5, 17, 30, tzinfo=datetime.UTC)
    KingdomTurnFactory(kingdom=kingdom, number=1, deadline=deadline)
    content = signed_in(client, player).get(dashboard(kingdom)).content.decode()
    assert 'datetime="2040-01-06T03:30:00+10:00"' in content
    assert "data-countdown" in content
    assert "Jan. 6, 2040, 3:30 a.m." in content and "Asia/Vladivostok" in content


def test_the_rival_gets_404_for_the_dashboard(client, rival, kingdom):
    assert signed_in(client, rival).get(dashboard(kingdom)).status_code == 404


@pytest.mark.parametrize("persona", ["gm", "campaign_gm"])
def test_the_gm_sees_every_dashboard(client, request, persona, kingdom, rival_kingdom, army):
    client = signed_in(client, request.getfixturevalue(persona))
    assert client.get(dashboard(kingdom)).status_code == 200
    assert client.get(dashboard(rival_kingdom)).status_code == 200


# Turn reports.

def test_the_turn_report_shows_each_activity_with_its_roll(client, player, resolved_turn):
    response = signed_in(client, player).get(report_url(resolved_turn))
    assert response.status_code == 200
    content = response.content.decode()
    check = resolved_turn.report.outcome["activities"][0]["check"]
    assert "Deploy Army: Tatzlford Guard" in content
    assert f"Exploration check: rolled {check['roll']} {check['modifier']:+d} = " \
           f"{check['total']} against DC {check['dc']}" in content
    for event in with_text(resolved_turn.report.outcome)["activities"][0]["events"]:
        assert escape(event["text"]) in content
    for roll in with_text(resolved_turn.report.outcome)["rolls"]:
        assert escape(roll["text"]) in content
    assert "Deploy Army: Exploration (Tatzlford Guard)" in content
    assert report_url(resolved_turn) in signed_in(client, player).get(
        dashboard(resolved_turn.kingdom)).content.decode()


def test_the_turn_report_shows_each_orders_parameters_in_words(client, player, resolved_turn):
    response = signed_in(client, player).get(report_url(resolved_turn))
    assert response.context["report"]["activities"][0]["params"] == ["destination hex: D4"]
    assert "destination hex: D4" in response.content.decode()


def test_the_rival_gets_404_for_the_turn_report(client, rival, resolved_turn):
    assert signed_in(client, rival).get(report_url(resolved_turn)).status_code == 404


def test_the_gm_reads_the_turn_report_from_the_overview(client, campaign_gm, resolved_turn):
    client = signed_in(client, campaign_gm)
    overview = client.get(reverse("campaign", args=[resolved_turn.kingdom.campaign_id]))
    assert report_url(resolved_turn) in overview.content.decode()
    assert client.get(report_url(resolved_turn)).status_code == 200


def test_a_missing_report_is_404(client, player, kingdom, open_turn):
    assert signed_in(client, player).get(report_url(open_turn)).status_code == 404


# Battle reports.

def _groups(content: str) -> tuple[list[str], str]:
    found = re.search(r"<svg class=\"battlefield\".*?</svg>", content, re.S)
    assert found is not None, "the page draws no battlefield"
    svg = found.group(0)
    return re.findall(r'<g class="battle-round" data-round="(\d+)".*?(?=<g class="battle-round"|</svg>)',
                      svg, re.S), svg


def test_the_battle_report_draws_one_svg_group_per_round_with_the_armies(
        client, player, fought_scene):
    response = signed_in(client, player).get(battle_url(fought_scene))
    assert response.status_code == 200
    content = response.content.decode()
    rounds = fought_scene.report.outcome["rounds"]
    numbers, svg = _groups(content)
    assert numbers == [str(r["number"]) for r in rounds]
    chunks = re.split(r'<g class="battle-round"', svg)[1:]
    names = fought_scene.report.outcome["names"]
    for record, chunk in zip(rounds, chunks, strict=True):
        on_field = [a for a in record["armies"] if a["cell"][0] >= 0]
        assert chunk.count('<g class="army ') == len(on_field)
        for army in on_field:
            assert f'data-army="{army["army"]}"' in chunk
            assert names[str(army["army"])] in chunk
            side = "attacker" if army["side"] == "attacker" else "defender"
            assert re.search(rf'<g class="army {side}[^"]*" data-army="{army["army"]}"', chunk)
        engaged = {tuple(sorted((a["army"], b))) for a in record["armies"]
                   for b in a["engaged_with"]}
        assert chunk.count('class="engagement"') == len(engaged)
    assert f'max="{len(rounds)}"' in content and 'type="range"' in content
    assert 'class="wall"' in content  # the defenders' trench
    assert "dim light" in content
    for roll in with_text(fought_scene.report.outcome)["rolls"][:5]:
        assert escape(roll["text"]) in content


def test_the_battle_report_for_the_defender_and_the_gm(client, rival, gm, fought_scene):
    assert signed_in(client, rival).get(battle_url(fought_scene)).status_code == 200
    assert signed_in(client, gm).get(battle_url(fought_scene)).status_code == 200


def test_a_kingdom_not_in_the_battle_gets_404(client, outsider, fought_scene):
    assert signed_in(client, outsider).get(battle_url(fought_scene)).status_code == 404


def test_an_unfought_scene_shows_its_armies(client, player, fought_scene):
    scene = BattleScene.objects.create(campaign=fought_scene.campaign, hex="E5",
                                       attacker_kingdom=fought_scene.attacker_kingdom)
    response = signed_in(client, player).get(battle_url(scene))
    assert response.status_code == 200
    assert b"has not been fought yet" in response.content


# Russian.

def test_pages_speak_russian_by_accept_language(client, player, kingdom, army, open_turn):
    response = signed_in(client, player).get(dashboard(kingdom), HTTP_ACCEPT_LANGUAGE="ru")
    content = response.content.decode()
    assert 'lang="ru"' in content
    assert "Текущий ход" in content and "Войска" in content
    assert "измотано 1" in content
    # Army types and the shipped templates' weapons are in the reader's language too.
    assert "Пехота," in content and "Infantry" not in content
    assert "оружие +" in content and "weapons" not in content
    with translation.override("ru"):
        assert f'title="{CONDITION_HELP[Condition.WEARY]}"' in content


def test_pages_speak_russian_by_the_language_cookie(client, player, fought_scene,
                                                    resolved_turn):
    client = signed_in(client, player)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    battle = client.get(battle_url(fought_scene)).content.decode()
    assert "Раунд 1" in battle and "нападающие" in battle
    report = client.get(report_url(resolved_turn)).content.decode()
    assert "Развёртывание войска" in report and "Все броски" in report
    # Every roll's purpose in the reader's language, names of skills, actions and steps included.
    with translation.override("ru"):
        for page, outcome in ((report, resolved_turn.report.outcome),
                              (battle, fought_scene.report.outcome)):
            for roll in with_text(outcome)["rolls"]:
                assert escape(roll["text"]) in page
                assert roll["text"] != roll["purpose"]
    assert "Инициатива («" in battle and "Initiative (" not in battle
    assert "Развёртывание войска: Исследование («Tatzlford Guard»)" in report
    assert "СЛ контроля" in report and "control DC" not in report


def test_the_language_switcher_sets_the_cookie(client, player, kingdom):
    client = signed_in(client, player)
    response = client.post("/i18n/setlang/", {"language": "ru", "next": dashboard(kingdom)})
    assert response["Location"] == dashboard(kingdom)
    assert "Текущий ход" in client.get(dashboard(kingdom)).content.decode()


def test_turn_ids_do_not_leak_between_kingdoms(client, rival, resolved_turn, rival_kingdom):
    assert not KingdomTurn.objects.filter(kingdom=rival_kingdom).exists()
    url = reverse("turn-report", args=[rival_kingdom.pk, resolved_turn.number])
    assert signed_in(client, rival).get(url).status_code == 404
