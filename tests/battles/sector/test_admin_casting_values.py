"""A battle's own casting values on its admin page (issue 14: "the GM edits casting values";
module "magic dice", 002_eb4cf75b750af884.txt): one number per spell, blank for the spell
catalog's, saved through the services for the campaign's GM (not the operator), refused out of
range at its field, read-only once the battle has begun; another campaign's battle is not
found."""
from __future__ import annotations

import pytest
from factories import CampaignFactory, MembershipFactory, SectorBattleFactory, UserFactory
from sector_admin_support import battle_form, errors_of, url

from battles.sector.adapters import initial_state
from battles.sector.models import BattleStatus, SectorBattle
from campaigns.models import Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def gm_staff(client, campaign):
    """A campaign's GM who is not the operator, signed in to the back office."""
    user = UserFactory(is_staff=True)
    MembershipFactory(user=user, campaign=campaign, role=Role.GM, kingdom=None)
    client.force_login(user)
    return client


def test_the_gm_sets_a_number_per_spell_and_the_scenario_reads_it(gm_staff, campaign):
    battle = SectorBattleFactory(campaign=campaign, modules=True)
    page = gm_staff.get(url("change", battle.pk)).content.decode()
    # One number per spell, the catalog's value as its placeholder; no JSON to write.
    assert 'name="casting_value_fire_storm"' in page and 'placeholder="10"' in page
    response = gm_staff.post(url("change", battle.pk), battle_form(
        battle, casting_value_fire_storm=13, casting_value_haste=""))
    assert response.status_code == 302, errors_of(response)
    battle = SectorBattle.objects.get(pk=battle.pk)
    assert battle.casting_values == {"fire_storm": 13}
    assert initial_state(battle).scenario.casting_values == {"fire_storm": 13}
    # Blank again: the catalog's.
    response = gm_staff.post(url("change", battle.pk), battle_form(battle))
    assert response.status_code == 302, errors_of(response)
    assert SectorBattle.objects.get(pk=battle.pk).casting_values == {}


def test_a_value_out_of_range_is_refused_at_its_field(gm_staff, campaign):
    battle = SectorBattleFactory(campaign=campaign, modules=True)
    response = gm_staff.post(url("change", battle.pk), battle_form(
        battle, casting_value_fog=31))
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["casting_value_fog"] == [
        "Ensure this value is less than or equal to 30."]
    assert SectorBattle.objects.get(pk=battle.pk).casting_values == {}


def test_another_campaigns_battle_is_not_found(gm_staff):
    battle = SectorBattleFactory(campaign=CampaignFactory(), modules=True)
    response = gm_staff.post(url("change", battle.pk), battle_form(
        battle, casting_value_fog=3))
    assert response.status_code == 404
    assert SectorBattle.objects.get(pk=battle.pk).casting_values == {}


def test_once_begun_the_values_are_shown_not_edited(gm_staff, campaign):
    battle = SectorBattleFactory(campaign=campaign, modules=True, status=BattleStatus.OPEN,
                                 casting_values={"fog": 5})
    page = gm_staff.get(url("change", battle.pk)).content.decode()
    assert 'name="casting_value_fog"' not in page and "Fog 5" in page
