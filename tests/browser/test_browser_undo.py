"""Browser test of undoing a turn (issue 17, point 2): the GM undoes a resolved turn on the turn
page (confirming), the army is back where it stood and the player's order waits again."""
from __future__ import annotations

import pytest
from browser_support import new_page, shot, sign_in
from factories import (
    ArmyFactory,
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    SettlementFactory,
    UserFactory,
)

from armies.activity_services import activity_submit
from armies.models import Army, ArmyActivity
from campaigns.models import KingdomTurn, Role, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns import resolution

pytestmark = [pytest.mark.browser,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def world(db):
    campaign = CampaignFactory(name="The Stolen Lands (undo)")
    kingdom = KingdomFactory(campaign=campaign, name="Restov March", food=10, exploration=40)
    SettlementFactory(kingdom=kingdom, name="Restov", hex="C4")
    player = UserFactory(username="player-undo")
    MembershipFactory(user=player, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    gm = UserFactory(username="gm-undo")
    MembershipFactory(user=gm, campaign=campaign, role=Role.GM, kingdom=None)
    army = ArmyFactory(kingdom=kingdom, name="Restov Guard", hex="C4")
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                    params={"destination": "D4"})
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    assert Army.objects.get(pk=army.pk).hex == "D4"  # deployed
    return {"campaign": campaign, "kingdom": kingdom, "army": army, "turn": turn}


def test_the_gm_undoes_a_turn_and_its_order_waits_again(browser, live_server, world):
    base, campaign, turn = live_server.url, world["campaign"], world["turn"]
    context, page = new_page(browser, locale="en-US")
    try:
        sign_in(page, base, "gm-undo")
        page.goto(f"{base}/campaigns/{campaign.pk}/turns/")
        row = page.locator("#undoable tr[data-kingdom='Restov March']")
        assert "1" in row.inner_text()
        page.once("dialog", lambda dialog: dialog.accept())
        with page.expect_navigation():
            row.get_by_role("button", name="Undo").click()
        assert "Undone and open again with their orders: Restov March, turn 1." \
            in page.locator("ul.messages").inner_text()
        shot(page, "gm_turns_undo")
        assert KingdomTurn.objects.get(pk=turn.pk).status == TurnStatus.OPEN
        assert Army.objects.get(pk=world["army"].pk).hex == "C4"
        assert ArmyActivity.objects.get(turn=turn).status == "queued"
        # The reopened turn is on the page again, to resolve once more.
        assert page.get_by_role("button", name="Resolve now").count() == 1
        assert page.locator("#undoable").count() == 0
    finally:
        context.close()
