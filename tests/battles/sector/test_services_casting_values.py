"""A battle's own casting values (issue 14: "the GM edits casting values"; module "magic dice",
002_eb4cf75b750af884.txt): set by the campaign's GM through the services while the battle is
being set up, refused for another campaign's battle and out of range, and read by the engine's
scenario over the spell catalog's."""
from __future__ import annotations

import pytest
from factories import CampaignFactory, SectorBattleFactory

from battles.sector import services
from battles.sector.adapters import initial_state
from battles.sector.models import BattleStatus
from battles.sector.module_models import SpellCard
from core.permissions import NotPermitted
from rules.cerilia.magic_dice import CASTING_VALUES, casting_value
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db


def test_the_gm_sets_their_battles_values_and_the_scenario_reads_them(campaign, campaign_gm):
    # Reference: "Default casting values (GM-editable in the spell catalog)"; the battle's own
    # over the catalog's over the engine's.
    SpellCard.objects.filter(spell="fire_storm").update(casting_value=12)
    SpellCard.objects.filter(spell="fog").update(casting_value=4)
    battle = SectorBattleFactory(campaign=campaign, modules=True)
    services.battle_casting_values_set(actor=campaign_gm, battle=battle,
                                       values={"fire_storm": 9, "haste": 3})
    battle.refresh_from_db()
    assert battle.casting_values == {"fire_storm": 9, "haste": 3}
    scenario = initial_state(battle).scenario
    assert scenario.casting_values == {"fire_storm": 9, "fog": 4, "haste": 3}
    assert casting_value(scenario, "wall_of_fire") == CASTING_VALUES["wall_of_fire"]
    # The battle's own value equal to the engine's default undoes the catalog's edit.
    services.battle_casting_values_set(actor=campaign_gm, battle=battle,
                                       values={"fog": CASTING_VALUES["fog"]})
    battle.refresh_from_db()
    assert initial_state(battle).scenario.casting_values == {"fire_storm": 12}


def test_another_campaigns_gm_sets_no_values(campaign_gm):
    battle = SectorBattleFactory(campaign=CampaignFactory(), modules=True)
    with pytest.raises(NotPermitted):
        services.battle_casting_values_set(actor=campaign_gm, battle=battle,
                                           values={"fire_storm": 9})
    battle.refresh_from_db()
    assert battle.casting_values == {}


@pytest.mark.parametrize(("values", "field", "code"), [
    ({"wish": 5}, "casting_values.wish", "spell_unknown"),
    ({"fog": 0}, "casting_values.fog", "casting_value_range"),
    ({"fog": 31}, "casting_values.fog", "casting_value_range"),
    ({"fog": "5"}, "casting_values.fog", "casting_value_range"),
    ({"fog": True}, "casting_values.fog", "casting_value_range"),
    (["fog"], "casting_values", "casting_values_not_a_mapping"),
])
def test_values_the_rules_refuse_name_their_spell(campaign, campaign_gm, values, field, code):
    battle = SectorBattleFactory(campaign=campaign, modules=True)
    with pytest.raises(RuleViolation) as refused:
        services.battle_casting_values_set(actor=campaign_gm, battle=battle, values=values)
    assert [(v.field, v.code) for v in refused.value.violations] == [(field, code)]


def test_a_battle_under_way_keeps_its_values(campaign, campaign_gm):
    battle = SectorBattleFactory(campaign=campaign, modules=True, status=BattleStatus.OPEN,
                                 casting_values={"fog": 5})
    with pytest.raises(RuleViolation) as refused:
        services.battle_casting_values_set(actor=campaign_gm, battle=battle,
                                           values={"fog": 9})
    assert refused.value.violations[0].code == "already_started"
    battle.refresh_from_db()
    assert battle.casting_values == {"fog": 5}
