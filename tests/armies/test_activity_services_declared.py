"""The map's override (`declared`, Deploy Army and Garrison Army) is the GM's to set, through the
service and the admin alike, as captured gear is (issue 15, point 2: "The GM can still override
in the admin")."""
from __future__ import annotations

import pytest
from admin_support import bound_order_form
from factories import ArmyFactory
from map_world import paint_map

from armies.activity_params import validated_params
from armies.activity_services import activity_change, activity_submit
from armies.models import ArmyActivity
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db

# Declared: Pitax's E4 by no border, which the map would count as an enemy's.
DECLARED = {"destination": "E4", "border": "none", "declared": True}


@pytest.fixture
def army(campaign, kingdom, rival_kingdom):
    paint_map(campaign, kingdom, rival_kingdom)
    return ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")


@pytest.mark.parametrize("kind, params", [("deploy_army", DECLARED),
                                          ("garrison_army", {"site": "work_site",
                                                             "declared": True})])
def test_a_player_may_not_submit_the_override(open_turn, army, player, kind, params):
    with pytest.raises(RuleViolation) as refused:
        activity_submit(turn=open_turn, user=player, kind=kind, army=army,
                        params=validated_params(kind, params))
    assert refused.value.codes() == {"declared_gm_only"}
    assert {v.field for v in refused.value.violations} == {"declared"}


def test_the_gm_submits_it_and_a_player_may_not_change_it(open_turn, army, player, campaign_gm):
    activity, _created = activity_submit(turn=open_turn, user=campaign_gm, kind="deploy_army",
                                         army=army, params=validated_params("deploy_army",
                                                                            DECLARED))
    with pytest.raises(RuleViolation) as refused:
        activity_change(activity=activity, user=player,
                        params=validated_params("deploy_army", {**DECLARED, "road": True}))
    assert refused.value.codes() == {"declared_gm_only"}
    # Taking the override off is the GM's call too: the map would then decide the order.
    with pytest.raises(RuleViolation):
        activity_change(activity=activity, user=player,
                        params=validated_params("deploy_army", {**DECLARED, "declared": False}))


def admin_form(user, turn, army):
    return bound_order_form(user, {"turn": turn.pk, "army": army.pk, "kind": "deploy_army",
                                   "second": "", "position": 1, "destination": "E4",
                                   "skill": "exploration", "border": "none", "declared": "on",
                                   "difficult_hexes": 0})


def test_the_gm_sets_the_override_in_the_admin(open_turn, army, campaign_gm, player):
    refused = admin_form(player, open_turn, army)  # the back office offers a player nothing
    assert not refused.is_valid() and "declared" not in refused.fields
    assert not ArmyActivity.objects.exists()
    granted = admin_form(campaign_gm, open_turn, army)
    assert "declared" in granted.fields
    assert granted.is_valid(), granted.errors
    assert ArmyActivity.objects.get().params["declared"] is True
