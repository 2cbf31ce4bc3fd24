"""The GM's members page (issue 17, point 1): invite by mail or as a link shown once, withdraw an
invitation, move a player to another kingdom, remove a member; nobody else sees the page."""
from __future__ import annotations

import pytest
from django.core import mail
from factories import InvitationFactory, MembershipFactory, UserFactory

from campaigns.models import Invitation, Membership, Role

pytestmark = pytest.mark.django_db


def _url(campaign, tail=""):
    return f"/campaigns/{campaign.pk}/members/{tail}"


def test_only_the_campaigns_gm_opens_it(client, campaign, player, campaign_gm):
    client.force_login(player)
    assert client.get(_url(campaign)).status_code == 404
    assert client.post(_url(campaign), {"kingdom": 1}).status_code == 404
    client.force_login(campaign_gm)
    page = client.get(_url(campaign))
    assert page.status_code == 200
    assert "player-persona" in page.content.decode()


def test_the_gm_invites_by_mail_and_sees_the_link_once(client, campaign, campaign_gm, kingdom,
                                                      django_capture_on_commit_callbacks):
    client.force_login(campaign_gm)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(_url(campaign), {"kingdom": kingdom.pk, "email": "new@example.org",
                                                "days": 3})
    assert response.status_code == 302
    page = client.get(_url(campaign)).content.decode()
    [message] = mail.outbox
    [link] = [line for line in message.body.splitlines() if "/join/" in line]
    assert f'value="{link}"' in page
    assert "new@example.org" in page
    assert link not in client.get(_url(campaign)).content.decode()  # shown once


def test_a_bad_invitation_is_a_form_error(client, campaign, campaign_gm, kingdom):
    client.force_login(campaign_gm)
    response = client.post(_url(campaign), {"kingdom": kingdom.pk, "email": "nope", "days": 99})
    assert response.status_code == 400
    assert set(response.context["form"].errors) == {"email", "days"}
    assert not Invitation.objects.exists()


def test_the_gm_withdraws_an_invitation(client, campaign, campaign_gm, kingdom):
    client.force_login(campaign_gm)
    client.post(_url(campaign), {"kingdom": kingdom.pk, "email": "", "days": 7})
    invitation = Invitation.objects.get()
    client.post(f"/campaigns/{campaign.pk}/invitations/{invitation.pk}/withdraw/")
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None


def test_the_gm_moves_and_removes_members(client, campaign, campaign_gm, player, rival_kingdom):
    client.force_login(campaign_gm)
    membership = player.memberships.get()
    response = client.post(_url(campaign, f"{membership.pk}/move/"),
                           {f"m{membership.pk}-kingdom": rival_kingdom.pk})
    assert response.status_code == 302
    assert Membership.objects.get(pk=membership.pk).kingdom == rival_kingdom
    assert "now plays Pitax" in client.get(_url(campaign)).content.decode()
    client.post(_url(campaign, f"{membership.pk}/remove/"))
    assert not Membership.objects.filter(pk=membership.pk).exists()


def test_removing_the_last_gm_is_refused_with_the_reason(client, campaign, campaign_gm):
    client.force_login(campaign_gm)
    own = campaign_gm.memberships.get()
    client.post(_url(campaign, f"{own.pk}/remove/"))
    assert Membership.objects.filter(pk=own.pk).exists()
    assert "one game master at least" in client.get(_url(campaign)).content.decode()


def test_another_campaigns_member_cannot_be_moved_from_here(client, campaign, campaign_gm,
                                                           rival_kingdom):
    stranger = MembershipFactory(user=UserFactory(), role=Role.GM, kingdom=None)
    their_invitation = InvitationFactory()
    client.force_login(campaign_gm)
    assert client.post(_url(campaign, f"{stranger.pk}/remove/")).status_code == 404
    assert client.post(_url(campaign, f"{stranger.pk}/move/"),
                       {f"m{stranger.pk}-kingdom": rival_kingdom.pk}).status_code == 404
    assert client.post(f"/campaigns/{campaign.pk}/invitations/{their_invitation.pk}/withdraw/"
                       ).status_code == 404
    assert Membership.objects.filter(pk=stranger.pk).exists()
    their_invitation.refresh_from_db()
    assert their_invitation.revoked_at is None


def test_the_page_runs_the_same_queries_for_2_and_for_8_members(client, campaign, campaign_gm,
                                                                kingdom):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def counted() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(_url(campaign)).status_code == 200
        return len(captured)

    client.force_login(campaign_gm)
    MembershipFactory(user=UserFactory(), campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    few = counted()
    for _ in range(6):
        MembershipFactory(user=UserFactory(), campaign=campaign, role=Role.PLAYER,
                          kingdom=kingdom)
    assert counted() == few
