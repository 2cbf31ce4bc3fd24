"""Invitations and members (issue 17, point 1), through the services every interface uses: the GM
invites to a kingdom (a link that expires and works once, stored as a digest), a newcomer signs up
through it or a user joins with their account, and the GM moves or removes a member."""
from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from factories import CampaignFactory, KingdomFactory, MembershipFactory, UserFactory

from campaigns.invitations import (
    digest,
    invitation_accept,
    invitation_create,
    invitation_revoke,
    invitation_sign_up,
    membership_move,
    membership_remove,
)
from campaigns.models import Invitation, InvitationStatus, Membership, Role
from core.permissions import SYSTEM, NotPermitted
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough password 17"


def _invite(gm, kingdom, **kwargs):
    return invitation_create(actor=gm, kingdom=kingdom, **kwargs)


def test_the_gm_invites_by_mail_and_only_the_links_digest_is_stored(
        gm, kingdom, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invitation, token = _invite(gm, kingdom, email="newcomer@example.org")
    assert invitation.token_digest == digest(token) != token
    assert not Invitation.objects.filter(token_digest=token).exists()
    assert invitation.created_by == gm
    [message] = mail.outbox
    assert message.to == ["newcomer@example.org"]
    assert f"/join/{token}/" in message.body
    assert kingdom.name in message.subject
    assert "(UTC)." in message.body and "(UTC) (UTC)" not in message.body  # the campaign's zone


def test_an_invitation_without_an_address_mails_nobody(gm, kingdom,
                                                      django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invitation, _token = _invite(gm, kingdom)
    assert invitation.email == ""
    assert mail.outbox == []


def test_only_the_campaigns_gm_invites(player, campaign_gm, kingdom):
    with pytest.raises(NotPermitted) as refused:
        _invite(player, kingdom)
    assert refused.value.codes() == {"members_gm_only"}
    # A GM of another campaign neither.
    other_gm = UserFactory()
    MembershipFactory(user=other_gm, campaign=CampaignFactory(), role=Role.GM, kingdom=None)
    with pytest.raises(NotPermitted):
        _invite(other_gm, kingdom)
    # The campaign's own GM (by membership, not a superuser) does.
    assert _invite(campaign_gm, kingdom)[0].pk


def test_a_bad_address_or_lifetime_is_refused_field_by_field(gm, kingdom):
    with pytest.raises(RuleViolation) as refused:
        _invite(gm, kingdom, email="not an address", days=31)
    assert {v.field for v in refused.value.violations} == {"email", "days"}
    with pytest.raises(RuleViolation) as refused:
        _invite(gm, kingdom, email="a" * 250 + "@example.org")
    assert refused.value.codes() == {"email_length"}
    assert not Invitation.objects.exists()


def test_a_user_joins_with_their_account_and_the_link_is_spent(gm, kingdom):
    _invitation, token = _invite(gm, kingdom)
    user = UserFactory(username="joiner")
    membership = invitation_accept(token=token, user=user)
    assert (membership.role, membership.kingdom, membership.campaign_id) == (
        Role.PLAYER, kingdom, kingdom.campaign_id)
    invitation = Invitation.objects.get()
    assert invitation.accepted_by == user
    assert invitation.status_at(datetime.datetime.now(datetime.UTC)) == InvitationStatus.ACCEPTED
    with pytest.raises(RuleViolation, match="used already"):
        invitation_accept(token=token, user=UserFactory())
    assert Membership.objects.filter(campaign=kingdom.campaign, role=Role.PLAYER).count() == 1


def test_an_expired_withdrawn_or_unknown_link_joins_nobody(gm, kingdom):
    expired, expired_token = _invite(gm, kingdom, days=1)
    Invitation.objects.filter(pk=expired.pk).update(
        expires_at=datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=1))
    withdrawn, withdrawn_token = _invite(gm, kingdom)
    invitation_revoke(actor=gm, invitation=withdrawn)
    user = UserFactory()
    for token, words in ((expired_token, "expired"), (withdrawn_token, "withdrawn"),
                         ("made-up", "not valid")):
        with pytest.raises(RuleViolation, match=words):
            invitation_accept(token=token, user=user)
    assert not Membership.objects.filter(user=user).exists()


def test_a_member_of_the_campaign_cannot_join_it_again(gm, player, rival_kingdom):
    _invitation, token = _invite(gm, rival_kingdom)
    with pytest.raises(RuleViolation) as refused:
        invitation_accept(token=token, user=player)
    assert refused.value.codes() == {"already_member"}
    assert Invitation.objects.get().accepted_at is None


def test_a_newcomer_signs_up_and_joins_in_one_step(gm, kingdom):
    _invitation, token = _invite(gm, kingdom, email="newcomer@example.org")
    user = invitation_sign_up(token=token, username="newcomer", email="NewComer@example.org",
                              password=PASSWORD)
    assert user.check_password(PASSWORD)
    assert user.memberships.get().kingdom == kingdom
    assert user.email == "NewComer@example.org"  # the invited address: the link reached it


def test_another_address_than_the_invited_one_waits_for_its_link(
        gm, kingdom, django_capture_on_commit_callbacks):
    _invitation, token = _invite(gm, kingdom)
    with django_capture_on_commit_callbacks(execute=True):
        user = invitation_sign_up(token=token, username="newcomer", email="mine@example.org",
                                  password=PASSWORD)
    assert user.email == ""
    [confirm] = mail.outbox
    assert confirm.to == ["mine@example.org"] and "/me/account/email/" in confirm.body


def test_a_sign_up_that_cannot_join_leaves_no_account(gm, kingdom):
    invitation, token = _invite(gm, kingdom)
    invitation_revoke(actor=gm, invitation=invitation)
    with pytest.raises(RuleViolation, match="withdrawn"):
        invitation_sign_up(token=token, username="newcomer", email="", password=PASSWORD)
    assert not get_user_model().objects.filter(username="newcomer").exists()


def test_a_sign_up_with_a_taken_name_or_a_weak_password_says_which(gm, kingdom, player):
    _invitation, token = _invite(gm, kingdom)
    with pytest.raises(RuleViolation) as refused:
        invitation_sign_up(token=token, username="PLAYER-persona", email="", password="123")
    assert {v.field for v in refused.value.violations} == {"username", "password1"}
    for username, email, field in (("bad name/<x>", "", "username"),
                                   ("newcomer", "a" * 250 + "@example.org", "email")):
        with pytest.raises(RuleViolation) as refused:
            invitation_sign_up(token=token, username=username, email=email, password=PASSWORD)
        assert {v.field for v in refused.value.violations} == {field}
    assert Invitation.objects.get().accepted_at is None
    assert not get_user_model().objects.filter(username="newcomer").exists()


def test_a_used_invitation_cannot_be_withdrawn(gm, kingdom):
    invitation, token = _invite(gm, kingdom)
    invitation_accept(token=token, user=UserFactory())
    with pytest.raises(RuleViolation):
        invitation_revoke(actor=gm, invitation=invitation)


def test_the_gm_moves_a_player_to_another_kingdom_of_the_campaign(gm, player, rival_kingdom):
    membership = player.memberships.get()
    membership_move(actor=gm, membership=membership, kingdom=rival_kingdom)
    assert Membership.objects.get(pk=membership.pk).kingdom == rival_kingdom
    elsewhere = KingdomFactory(campaign=CampaignFactory())
    with pytest.raises(RuleViolation) as refused:
        membership_move(actor=gm, membership=membership, kingdom=elsewhere)
    assert refused.value.codes() == {"kingdom_elsewhere"}


def test_only_the_gm_moves_or_removes_members(player, rival, rival_kingdom):
    membership = player.memberships.get()
    with pytest.raises(NotPermitted):
        membership_move(actor=rival, membership=membership, kingdom=rival_kingdom)
    with pytest.raises(NotPermitted):
        membership_remove(actor=player, membership=rival.memberships.get())
    assert Membership.objects.filter(user__in=[player, rival]).count() == 2


def test_the_gm_removes_a_member_and_the_campaign_keeps_one_gm(gm, player, campaign):
    membership_remove(actor=gm, membership=player.memberships.get())
    assert not Membership.objects.filter(user=player).exists()
    assert get_user_model().objects.filter(pk=player.pk).exists()  # the account stays
    with pytest.raises(RuleViolation) as refused:
        membership_remove(actor=SYSTEM, membership=gm.memberships.get())
    assert refused.value.codes() == {"last_gm"}
    second = UserFactory()
    MembershipFactory(user=second, campaign=campaign, role=Role.GM, kingdom=None)
    membership_remove(actor=second, membership=gm.memberships.get())
    assert list(Membership.objects.filter(campaign=campaign, role=Role.GM)
                .values_list("user", flat=True)) == [second.pk]
