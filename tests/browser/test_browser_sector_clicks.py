"""Browser test of sector orders given on the battlefield picture (issue 17, point 6): the player
clicks their unit, then a sector of their line (the deployment) and, next round, the sectors of a
path and an enemy unit (the target); the form's fields follow and the orders are stored as the form
sends them."""
from __future__ import annotations

import pytest
from browser_support import new_page, shot, sign_in
from factories import (
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    SectorBattleFactory,
    SectorUnitFactory,
    UserFactory,
    shipped_card,
)

from battles.sector import services
from battles.sector.adapters import unit_key
from battles.sector.models import SectorBattle, SideOrders
from campaigns.models import Role
from core.permissions import SYSTEM

pytestmark = [pytest.mark.browser,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def world(db):
    campaign = CampaignFactory(name="The Stolen Lands (sector clicks)")
    brevoy = KingdomFactory(campaign=campaign, name="Brevoy Marches")
    pitax = KingdomFactory(campaign=campaign, name="Pitax")
    player = UserFactory(username="player-clicks")
    MembershipFactory(user=player, campaign=campaign, role=Role.PLAYER, kingdom=brevoy)
    rival = UserFactory(username="rival-clicks")
    MembershipFactory(user=rival, campaign=campaign, role=Role.PLAYER, kingdom=pitax)
    battle = SectorBattleFactory(campaign=campaign, name="Battle of the Sellen Ford",
                                 attacker_kingdom=brevoy, defender_kingdom=pitax, max_rounds=5)
    guard = SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Guard",
                              card=shipped_card("knights"))
    pikes = SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                              card=shipped_card("pikes"))
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    return {"battle": battle, "guard": unit_key(guard), "pikes": unit_key(pikes), "rival": rival}


def _click_unit(page, key):
    page.locator("svg.sector-field g.battle-round >> nth=-1").locator(
        f"g.unit[data-unit='{key}'] rect").click()


def _click_sector(page, sector):
    page.locator("svg.sector-field g.battle-round >> nth=-1").locator(
        f"rect.sector[data-sector='{sector}']").click()


def test_orders_given_by_clicking_the_picture(browser, live_server, world):
    base, battle, guard = live_server.url, world["battle"], world["guard"]
    context, page = new_page(browser, locale="en-US")
    try:
        sign_in(page, base, "player-clicks")
        page.goto(f"{base}/sector-battles/{battle.pk}/")
        assert "click one of your units" in page.locator("output.sector-pick").inner_text()
        _click_unit(page, guard)
        assert "Tatzlford Guard" in page.locator("output.sector-pick").inner_text()
        _click_sector(page, "C1")
        assert page.locator(f"select[name='place-{guard}']").input_value() == "C1"
        _click_sector(page, "C3")  # not on the line: the deployment stays
        assert page.locator(f"select[name='place-{guard}']").input_value() == "C1"
        shot(page, "sector_clicks")
        with page.expect_navigation():
            page.locator("form.sector-orders-form button[type=submit]").click()
        stored = SideOrders.objects.get(battle=battle, side="attacker", round=0)
        assert stored.orders["placements"] == {guard: "C1"}

        # The defender deploys; in round 1 a path and a target are clicked.
        services.orders_submit(battle=SectorBattle.objects.get(pk=battle.pk), side="defender",
                               user=world["rival"], data={"placements": {world["pikes"]: "C3"}})
        page.goto(f"{base}/sector-battles/{battle.pk}/")
        _click_unit(page, guard)
        _click_sector(page, "C2")
        assert page.locator(f"input[name='path-{guard}']").input_value() == "C2"
        _click_unit(page, world["pikes"])
        assert page.locator(f"select[name='target-{guard}']").input_value() == world["pikes"]
    finally:
        context.close()
