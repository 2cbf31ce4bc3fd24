"""Who sees what: the visibility selectors the API's querysets come from."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from factories import (
    ArmyActivityFactory,
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    TurnReportFactory,
    UserFactory,
)

from armies.selectors import visible_activities, visible_armies
from campaigns.models import Role
from campaigns.selectors import (
    is_campaign_gm,
    visible_campaigns,
    visible_kingdoms,
    visible_settlements,
    visible_turns,
)
from turns.selectors import visible_reports

pytestmark = pytest.mark.django_db


@pytest.fixture
def elsewhere(db):
    """Another campaign with a kingdom, a turn with an order, and a report."""
    campaign = CampaignFactory(name="Elsewhere")
    kingdom = KingdomFactory(campaign=campaign)
    ArmyActivityFactory(turn__kingdom=kingdom)
    TurnReportFactory(turn__kingdom=kingdom)
    return campaign


def test_a_player_sees_their_campaign_and_kingdom_only(player, kingdom, rival_kingdom, open_turn,
                                                       army, activity, report, elsewhere):
    assert list(visible_campaigns(player)) == [kingdom.campaign]
    assert list(visible_kingdoms(player)) == [kingdom]
    assert list(visible_settlements(player)) == list(kingdom.settlements.all())
    assert set(visible_turns(player)) == {open_turn, report.turn}
    assert list(visible_reports(player)) == [report]
    assert list(visible_armies(player)) == [army]
    assert list(visible_activities(player)) == [activity]


def test_a_gm_by_membership_sees_their_whole_campaign(campaign_gm, campaign, kingdom,
                                                      rival_kingdom, rival_army, army,
                                                      elsewhere):
    assert list(visible_campaigns(campaign_gm)) == [campaign]
    assert set(visible_kingdoms(campaign_gm)) == {kingdom, rival_kingdom}
    assert set(visible_armies(campaign_gm)) == {army, rival_army}
    assert visible_turns(campaign_gm).filter(kingdom__campaign=elsewhere).count() == 0
    assert is_campaign_gm(campaign_gm, campaign.pk)
    assert not is_campaign_gm(campaign_gm, elsewhere.pk)


def test_a_superuser_sees_everything(gm, kingdom, elsewhere):
    assert visible_campaigns(gm).count() == 2
    assert visible_kingdoms(gm).filter(campaign=elsewhere).exists()
    assert visible_activities(gm).filter(turn__kingdom__campaign=elsewhere).exists()
    assert is_campaign_gm(gm, elsewhere.pk)


def test_the_anonymous_and_the_unaffiliated_see_nothing(kingdom, elsewhere):
    loner = UserFactory()
    for user in (AnonymousUser(), loner):
        assert not visible_campaigns(user).exists()
        assert not visible_kingdoms(user).exists()
        assert not visible_activities(user).exists()
        assert not visible_reports(user).exists()
        assert not is_campaign_gm(user, kingdom.campaign_id)


def test_one_user_plays_in_one_campaign_and_runs_another(kingdom, elsewhere):
    user = UserFactory()
    MembershipFactory(user=user, campaign=kingdom.campaign, role=Role.PLAYER, kingdom=kingdom)
    MembershipFactory(user=user, campaign=elsewhere, role=Role.GM, kingdom=None)
    assert set(visible_kingdoms(user)) == {kingdom, *elsewhere.kingdoms.all()}
    assert set(visible_campaigns(user)) == {kingdom.campaign, elsewhere}
