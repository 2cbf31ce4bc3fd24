"""The GM's words (issue 17, point 3): announcements to a campaign, on every player's dashboard and
in their mail, and narration on a turn's or a battle's report, shown to whoever may read the
report; Markdown rendered safely (core.markdown, tests/core/test_markdown.py)."""
from __future__ import annotations

import pytest
from admin_support import change_form_data
from django.urls import reverse
from factories import (
    BattleParticipantFactory,
    BattleReportFactory,
    BattleSceneFactory,
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    PlayerPreferencesFactory,
    TurnReportFactory,
    UserFactory,
    api_token,
)

from campaigns.models import Announcement, Campaign, Role
from campaigns.services import announcement_edit, announcement_post
from core.permissions import NotPermitted
from notifications.models import ChatPost
from rules.errors import RuleViolation
from rules.sides import Side
from turns.services import turn_report_narrate

pytestmark = pytest.mark.django_db

BODY = ("The **Stag Lord** rides at dawn. <script>alert('x')</script> "
        "[Map](https://example.org/map)")


# --- announcements -----------------------------------------------------------------------------


@pytest.fixture
def table(campaign, kingdom, player, rival, gm):
    """The campaign's players (one with mail off) and a player of another campaign."""
    quiet = UserFactory(username="quiet-persona")
    MembershipFactory(user=quiet, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    PlayerPreferencesFactory(user=quiet, email_notifications=False)
    elsewhere = UserFactory(username="elsewhere-persona")
    other = KingdomFactory(campaign=CampaignFactory(name="Another table"), name="Iobaria")
    MembershipFactory(user=elsewhere, campaign=other.campaign, role=Role.PLAYER, kingdom=other)
    return elsewhere, other


def test_the_gm_posts_an_announcement_in_the_back_office(
        table, campaign, kingdom, player, rival, gm, gm_client, client, mailoutbox,
        django_capture_on_commit_callbacks):
    elsewhere, other = table
    with django_capture_on_commit_callbacks(execute=True):
        answer = gm_client.post(reverse("admin:campaigns_announcement_add"), {
            "campaign": campaign.pk, "title": "War in the south", "body": BODY})
    assert answer.status_code == 302
    announcement = Announcement.objects.get()
    assert announcement.author.username == "gm-persona"
    # Mail: once to each player of the campaign who wants it, none elsewhere.
    assert sorted(m.to[0] for m in mailoutbox) == sorted([player.email, rival.email])
    message = mailoutbox[0]
    assert "War in the south" in message.subject and campaign.name in message.subject
    assert "The **Stag Lord** rides at dawn." in message.body
    assert f"/campaigns/{campaign.pk}/" in message.body
    # The dashboards: every kingdom of the campaign, rendered; not another campaign's.
    client.force_login(player)
    page = client.get(reverse("kingdom", args=[kingdom.pk])).content.decode()
    assert "War in the south" in page and "<strong>Stag Lord</strong>" in page
    assert "<script>alert" not in page
    client.force_login(elsewhere)
    assert "War in the south" not in client.get(
        reverse("kingdom", args=[other.pk])).content.decode()
    # The GM's overview shows it too (gm_client is `client` signed in as the GM).
    client.force_login(gm)
    overview = client.get(reverse("campaign", args=[campaign.pk])).content.decode()
    assert "War in the south" in overview


def test_an_announcement_is_told_to_the_campaigns_chat(campaign, gm, monkeypatch,
                                                       django_capture_on_commit_callbacks):
    Campaign.objects.filter(pk=campaign.pk).update(
        chat_webhook_url="https://chat.example/hook")
    campaign.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=False):
        announcement_post(actor=gm, campaign=campaign, title="War in the south", body=BODY)
    [post] = ChatPost.objects.all()
    assert post.text == (f"{campaign.name}: the game master announces \u201cWar in the south\u201d."
                         f" http://localhost:8000/campaigns/{campaign.pk}/")


def test_only_the_gm_announces_and_words_are_required(campaign, player, gm, mailoutbox):
    with pytest.raises(NotPermitted):
        announcement_post(actor=player, campaign=campaign, title="Mine now", body="All of it")
    with pytest.raises(RuleViolation) as refused:
        announcement_post(actor=gm, campaign=campaign, title="  ", body="")
    assert {v.field for v in refused.value.violations} == {"title", "body"}
    assert not Announcement.objects.exists() and mailoutbox == []


def test_mending_an_announcement_mails_nobody_again(campaign, player, gm, mailoutbox,
                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        announcement = announcement_post(actor=gm, campaign=campaign, title="Wra", body="x")
    with django_capture_on_commit_callbacks(execute=True):
        announcement_edit(actor=gm, announcement=announcement, title="War", body="y")
    assert len(mailoutbox) == 1
    assert Announcement.objects.get().title == "War"
    with pytest.raises(NotPermitted):
        announcement_edit(actor=player, announcement=announcement, title="Peace", body="y")


def test_a_player_cannot_open_the_announcements_admin(client, player):
    client.force_login(player)
    answer = client.get(reverse("admin:campaigns_announcement_add"))
    assert answer.status_code == 302  # to the admin's sign-in: not staff


# --- narration ---------------------------------------------------------------------------------


def test_the_gm_narrates_a_turn_report_that_its_players_read(
        kingdom, rival_kingdom, player, rival, gm_client, client):
    report = TurnReportFactory(turn__kingdom=kingdom, turn__number=3)
    url = reverse("admin:turns_turnreport_change", args=[report.pk])
    data = change_form_data(gm_client.get(url))
    assert gm_client.post(url, {**data, "narration": BODY}).status_code == 302
    report.refresh_from_db()
    assert report.narration == BODY
    client.force_login(player)
    page = client.get(reverse("turn-report", args=[kingdom.pk, 3])).content.decode()
    assert "<strong>Stag Lord</strong>" in page and "<script>alert" not in page
    api = client.get(f"/api/reports/{report.pk}/",
                     HTTP_AUTHORIZATION=f"Token {api_token(player)}")
    assert api.json()["narration"] == BODY
    # Who may not read the report reads no narration either.
    client.force_login(rival)
    assert client.get(reverse("turn-report", args=[kingdom.pk, 3])).status_code == 404


def test_the_gm_narrates_a_battle_report(campaign, kingdom, player, gm_client, client):
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom)
    BattleParticipantFactory(scene=scene, side=Side.ATTACKER, army__kingdom=kingdom)
    report = BattleReportFactory(scene=scene)
    url = reverse("admin:battles_battlereport_change", args=[report.pk])
    data = change_form_data(gm_client.get(url))
    assert gm_client.post(url, {**data, "narration": "Rain *everywhere*."}).status_code == 302
    client.force_login(player)
    page = client.get(reverse("battle", args=[scene.pk])).content.decode()
    assert "Rain <em>everywhere</em>." in page


def test_only_the_gm_narrates(kingdom, player):
    report = TurnReportFactory(turn__kingdom=kingdom)
    with pytest.raises(NotPermitted):
        turn_report_narrate(actor=player, report=report, narration="We won, truly.")
    report.refresh_from_db()
    assert report.narration == ""
