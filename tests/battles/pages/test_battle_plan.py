"""Battle plans on the orders page (issue: "Battle plans for queued scenes on the same page")."""
from __future__ import annotations

import pytest
from django.urls import reverse
from factories import ArmyFactory, BattleParticipantFactory, BattleSceneFactory

from rules.sides import Side

pytestmark = pytest.mark.django_db


@pytest.fixture
def participant(campaign, kingdom, rival_kingdom):
    ours = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    theirs = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="C4")
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom)
    BattleParticipantFactory(scene=scene, army=theirs, side=Side.DEFENDER)
    return BattleParticipantFactory(scene=scene, army=ours, side=Side.ATTACKER)


def test_the_orders_page_offers_a_plan_per_army_in_a_queued_battle(client, player, kingdom,
                                                                   participant):
    client.force_login(player)
    page = client.get(reverse("orders", args=[kingdom.pk])).content.decode()
    assert "Battle plans" in page and "Tatzlford Guard" in page and "Pitax Foot" in page


def test_a_plan_is_saved_and_a_bad_one_shows_the_rule_by_its_field(client, player, kingdom,
                                                                   participant):
    # reference: battle plans are "validated when submitted"; targeting an army needs one named.
    client.force_login(player)
    url = reverse("battle-plan", args=[kingdom.pk, participant.pk])
    bad = client.post(url, {"stance": "advance", "targeting": "army", "target_army": ""})
    assert bad.status_code == 200
    assert "target_army" in bad.context["form"].errors
    good = client.post(url, {"stance": "hold", "targeting": "weakest", "use_potions": "on"})
    assert good.status_code == 302
    participant.refresh_from_db()
    assert participant.plan["stance"] == "hold"


def test_another_kingdom_cannot_plan_for_our_army(client, rival, kingdom, participant):
    client.force_login(rival)
    url = reverse("battle-plan", args=[kingdom.pk, participant.pk])
    assert client.get(url).status_code == 404
