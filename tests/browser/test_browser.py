"""Browser tests: Playwright drives the system Chromium (Debian's `chromium`, no browser download)
against pytest-django's live server. A player signs in and submits an order, the GM resolves the
turn, the player reads the report and a battle report's rounds; once in Russian. Each run saves
full-page screenshots of the main pages to docs/screenshots/.

Celery runs eagerly in-process and on_commit fires for real under live_server, so “Resolve now”
resolves the turn during the request."""
from __future__ import annotations

import pytest
from browser_support import TIMEOUT_MS, new_page, shot, sign_in, sign_out
from factories import (
    ArmyFactory,
    ArmyTacticFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    SettlementFactory,
    UserFactory,
    shipped_template,
)

from battles import resolution as battle_resolution
from battles.models import BattleScene
from campaigns.models import Kingdom, KingdomTurn, Role, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.sides import Side

pytestmark = [pytest.mark.browser,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def world(db):
    """A campaign with the player's kingdom (a settlement, an army, an open turn), a rival
    kingdom, a GM, and a battle between them, fought."""

    campaign = CampaignFactory(name="The Stolen Lands (browser)")
    kingdom = KingdomFactory(campaign=campaign, name="Brevoy Marches", level=5, food=10,
                             lumber=3, resource_points=40, warfare=12, defense=12, unrest=2,
                             crime=1)
    SettlementFactory(kingdom=kingdom, name="Tatzlford", hex="C4")
    rival = KingdomFactory(campaign=campaign, name="Pitax", level=5, warfare=12, defense=12)
    SettlementFactory(kingdom=rival, name="Pitax City", hex="P9")
    player = UserFactory(username="player-browser")
    MembershipFactory(user=player, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    gm = UserFactory(username="gm-browser", is_staff=True, is_superuser=True)
    MembershipFactory(user=gm, campaign=campaign, role=Role.GM, kingdom=None)
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)

    # The battle's armies are others: an army in a battle takes no orders.
    lancers = ArmyFactory(kingdom=kingdom, name="Restov Lancers", hex="F7")
    riders = ArmyFactory(kingdom=kingdom, name="Restov Riders", hex="F7")
    foot = ArmyFactory(kingdom=rival, name="Pitax Foot", hex="F7")
    archers = ArmyFactory(kingdom=rival, name="Pitax Archers", hex="F7",
                          template=shipped_template("Skirmishers"))
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival, fortification="trench",
                               fortification_side=Side.DEFENDER, light="dim")
    for each in (lancers, riders):
        BattleParticipantFactory(scene=scene, army=each, side=Side.ATTACKER)
    for each in (foot, archers):
        BattleParticipantFactory(scene=scene, army=each, side=Side.DEFENDER)
    battle_resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    assert battle_resolution.scene_resolve(scene.pk) == "resolved"
    return {"campaign": campaign, "kingdom": kingdom, "army": army, "turn": turn,
            "scene": scene, "player": player, "gm": gm}


def test_order_resolve_report_and_battle(browser, live_server, world):
    base = live_server.url
    kingdom, army, scene = world["kingdom"], world["army"], world["scene"]
    context, page = new_page(browser, locale="en-US")
    try:
        # The player submits a Train Army order through the form and sees it queued.
        sign_in(page, base, "player-browser")
        page.goto(f"{base}/kingdoms/{kingdom.pk}/")
        assert page.locator("h1").first.is_visible()
        shot(page, "dashboard")
        page.goto(f"{base}/kingdoms/{kingdom.pk}/orders/?army={army.pk}&kind=train_army")
        assert page.locator("h1").inner_text() == "Orders"
        page.select_option("#id_skill", "warfare")
        with page.expect_navigation():
            page.click("#order-form button[name=action][value=preview]")
        assert page.locator("#preview").is_visible()
        with page.expect_navigation():
            page.click("#order-form button[name=action][value=submit]")
        rows = page.locator("table.orders tbody tr")
        assert rows.count() == 1
        assert "Tatzlford Guard" in rows.first.inner_text()
        assert rows.first.get_by_role("button", name="Withdraw").is_visible()
        shot(page, "orders")
        sign_out(page)

        # The GM resolves the turn now.
        sign_in(page, base, "gm-browser")
        page.goto(f"{base}/campaigns/{world['campaign'].pk}/turns/")
        assert page.locator("h1").inner_text() == "Turns"
        with page.expect_navigation():
            page.get_by_role("button", name="Resolve now").first.click()
        assert page.locator("ul.messages").is_visible()
        turn = KingdomTurn.objects.get(pk=world["turn"].pk)
        assert turn.status == TurnStatus.RESOLVED
        shot(page, "gm_turns")
        sign_out(page)

        # The player reads the turn report: the Train Army check, rolled.
        sign_in(page, base, "player-browser")
        page.goto(f"{base}/kingdoms/{kingdom.pk}/turns/{turn.number}/report/")
        activity = page.locator("section.activity").first
        assert "Tatzlford Guard" in activity.inner_text()
        assert "check: rolled" in activity.locator("p.roll").inner_text()
        shot(page, "turn_report")

        # The battle report: one SVG group per round, the slider shows one at a time.
        page.goto(f"{base}/battles/{scene.pk}/")
        groups = page.locator("svg.battlefield g.battle-round")
        rounds = groups.count()
        assert rounds >= 1
        slider = page.locator("#round-slider")
        assert slider.is_visible()
        assert groups.nth(0).is_visible()
        if rounds > 1:
            assert not groups.nth(1).is_visible()
            slider.fill("2")  # sets the value and dispatches input
            assert groups.nth(1).is_visible()
            assert not groups.nth(0).is_visible()
            assert page.locator("output[for=round-slider]").inner_text() == "Round 2"
            slider.fill("1")
        shot(page, "battle_report")

        # Russian, through the language switcher (it submits on change).
        page.goto(f"{base}/kingdoms/{kingdom.pk}/orders/")
        with page.expect_navigation():
            page.select_option("form.language select[name=language]", "ru")
        assert page.locator("html").get_attribute("lang") == "ru"
        assert page.locator("h1").inner_text() == "Приказы"
        shot(page, "orders_ru")
    finally:
        context.close()


def test_a_russian_browser_gets_russian_pages(browser, live_server, world):
    """A new browser whose Accept-Language is Russian reads the sign-in page in Russian."""
    context, page = new_page(browser, locale="ru-RU")
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        assert page.locator("h1").inner_text() == "Войти"
        sign_in(page, live_server.url, "gm-browser")
        page.goto(f"{live_server.url}/campaigns/{world['campaign'].pk}/turns/")
        assert page.locator("h1").inner_text() == "Ходы"
        assert Kingdom.objects.filter(pk=world["kingdom"].pk).exists()
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_admin_stat_block_fits_its_panel_at_1280_px(browser, live_server, world, locale):
    """The stat block beside the army's fields is not cut off on a 1280 px wide screen."""
    army = world["army"]
    ArmyTacticFactory(army=army, tactic="hold_the_line")  # a rout-check modifier: a long line
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        sign_in(page, live_server.url, "gm-browser")
        page.goto(f"{live_server.url}/admin/armies/army/{army.pk}/change/")
        panel = page.locator("fieldset.muster-statblock-panel").bounding_box()
        table = page.locator("table.muster-statblock").bounding_box()
        assert table["x"] >= panel["x"]
        assert table["x"] + table["width"] <= panel["x"] + panel["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    finally:
        context.close()
