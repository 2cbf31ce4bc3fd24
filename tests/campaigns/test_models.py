"""Model-level validation of campaigns, memberships and kingdoms."""
from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from factories import (
    CampaignFactory,
    FactionFactory,
    KingdomFactory,
    MembershipFactory,
    UserFactory,
)

from campaigns.models import Campaign, DiplomaticRelation, Kingdom, Membership, Role

pytestmark = pytest.mark.django_db


def test_a_player_membership_needs_a_kingdom(campaign):
    membership = Membership(user=UserFactory(), campaign=campaign, role=Role.PLAYER)
    with pytest.raises(ValidationError) as excinfo:
        membership.full_clean()
    assert excinfo.value.message_dict["kingdom"] == ["A player plays a kingdom: choose one."]


def test_a_gm_membership_needs_no_kingdom(campaign):
    Membership(user=UserFactory(), campaign=campaign, role=Role.GM).full_clean()


def test_a_membership_rejects_a_kingdom_of_another_campaign(campaign):
    elsewhere = KingdomFactory(campaign=CampaignFactory())
    membership = Membership(user=UserFactory(), campaign=campaign, role=Role.PLAYER,
                            kingdom=elsewhere)
    with pytest.raises(ValidationError) as excinfo:
        membership.full_clean()
    assert excinfo.value.message_dict["kingdom"] == ["This kingdom belongs to another campaign."]


def test_the_last_gm_is_not_made_a_player(campaign, gm, kingdom):
    membership = gm.memberships.get()
    membership.role, membership.kingdom = Role.PLAYER, kingdom
    with pytest.raises(ValidationError) as excinfo:
        membership.full_clean()
    assert "one game master at least" in excinfo.value.message_dict["role"][0]
    MembershipFactory(user=UserFactory(), campaign=campaign, role=Role.GM, kingdom=None)
    membership.full_clean()  # with another GM, it may


def test_the_back_office_removes_members_through_the_service(client, campaign, gm, player):
    client.force_login(gm)
    own, theirs = gm.memberships.get(), player.memberships.get()
    assert client.get(f"/admin/campaigns/membership/{own.pk}/delete/").status_code == 403
    response = client.post(f"/admin/campaigns/membership/{theirs.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=theirs.pk).exists()
    assert Membership.objects.filter(pk=own.pk).exists()


def test_personas_play_different_kingdoms_of_one_campaign(campaign, player, rival, gm):
    mine = Membership.objects.get(user=player, campaign=campaign)
    theirs = Membership.objects.get(user=rival, campaign=campaign)
    assert mine.kingdom != theirs.kingdom
    for membership in Membership.objects.filter(campaign=campaign):
        membership.full_clean()


def test_a_user_is_a_member_of_a_campaign_once(campaign, player):
    with pytest.raises(IntegrityError), transaction.atomic():
        MembershipFactory(user=player, campaign=campaign, role=Role.GM, kingdom=None)


@pytest.mark.parametrize(("level", "size", "dc"), [
    # seed 003_750bd81a16f66abf.txt: "1	+7	15	16	+10	+4	+9	1" (standard DC 15 at level 1)
    (1, 1, 15),
    (1, 9, 15),
    (1, 10, 16),
    (1, 24, 16),
    # seed 003_750bd81a16f66abf.txt: "5	+12	20	22	+15	+9	+15	2"
    (5, 25, 22),
    (5, 49, 22),
    (5, 50, 23),
    (5, 99, 23),
    # seed 003_750bd81a16f66abf.txt: "20	+33	40	45	+36	+30	+38	6"
    (20, 100, 44),
])
def test_control_dc_is_the_standard_dc_plus_the_size_modifier(level, size, dc):
    assert KingdomFactory.build(level=level, size=size).control_dc == dc


def test_kingdom_level_is_limited_to_1_to_20_by_validation():
    kingdom = KingdomFactory.build(campaign=CampaignFactory(), level=21)
    with pytest.raises(ValidationError) as excinfo:
        kingdom.full_clean()
    assert "level" in excinfo.value.message_dict


def test_kingdom_level_is_limited_to_1_to_20_by_the_database(campaign):
    with pytest.raises(IntegrityError), transaction.atomic():
        Kingdom.objects.create(campaign=campaign, name="Too High", level=21)


def test_kingdom_names_are_unique_within_a_campaign(kingdom):
    with pytest.raises(IntegrityError), transaction.atomic():
        KingdomFactory(campaign=kingdom.campaign, name=kingdom.name)
    KingdomFactory(name=kingdom.name)  # another campaign may reuse it


def test_campaign_rejects_an_unknown_time_zone():
    campaign = Campaign(name="Mars", timezone="Mars/Olympus_Mons")
    with pytest.raises(ValidationError) as excinfo:
        campaign.full_clean()
    assert excinfo.value.message_dict["timezone"] == ["Unknown time zone: Mars/Olympus_Mons."]


@pytest.mark.parametrize("zone", ["UTC", "Europe/Moscow", "America/New_York"])
def test_campaign_accepts_a_known_time_zone(zone):
    Campaign(name=f"Campaign in {zone}", timezone=zone).full_clean()


def test_diplomatic_relation_rejects_a_faction_of_another_campaign(kingdom):
    relation = DiplomaticRelation(kingdom=kingdom, faction=FactionFactory())
    with pytest.raises(ValidationError) as excinfo:
        relation.full_clean()
    assert excinfo.value.message_dict["faction"] == ["This faction belongs to another campaign."]
