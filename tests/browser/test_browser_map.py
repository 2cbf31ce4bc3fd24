"""Browser tests of the campaign map (issue 15, points 4 and 7: "the map renders, clicking a hex
picks a path, fog hides the enemy"): the map page as a player and as the GM, and the orders page's
path picker (muster.js) filling a Deploy Army's path and destination, then its preview. Each run
saves screenshots of the map page and the picker to docs/screenshots/map-*.png.

The map is tests/map_world.py's: the player's kingdom holds C4, D4 and C5, the rival E4 and E5;
D5 is a roadless swamp behind an unbridged river. One rival army stands next to the player's
settlement (seen), one far off in G8 (not seen)."""
from __future__ import annotations

import pytest
from browser_support import TIMEOUT_MS, new_page, shot, sign_in
from factories import ArmyFactory, CampaignFactory, KingdomFactory, MembershipFactory, UserFactory
from map_world import paint_map

from campaigns.models import Role
from campaigns.services import turn_open
from core.permissions import SYSTEM

pytestmark = [pytest.mark.browser,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def world(db):
    campaign = CampaignFactory(name="The Stolen Lands (browser map)")
    kingdom = KingdomFactory(campaign=campaign, name="Brevoy Marches", level=5, warfare=12,
                             defense=12)
    rival = KingdomFactory(campaign=campaign, name="Pitax", level=5)
    paint_map(campaign, kingdom, rival)
    player = UserFactory(username="player-map")
    MembershipFactory(user=player, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    gm = UserFactory(username="gm-map", is_staff=True, is_superuser=True)
    MembershipFactory(user=gm, campaign=campaign, role=Role.GM, kingdom=None)
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    # The player's kingdom has no settlement of its own on this map: its army's hex and the hexes
    # next to it (C3 D3 D4 C5 B4 B3) are what it sees beyond its territory.
    seen = ArmyFactory(kingdom=rival, name="Pitax Raiders", hex="D3")
    unseen = ArmyFactory(kingdom=rival, name="Far Riders", hex="G8")
    turn_open(actor=SYSTEM, kingdom=kingdom)
    return {"campaign": campaign, "kingdom": kingdom, "army": army, "seen": seen,
            "unseen": unseen}


def army_mark(page, army):
    return page.locator(f"svg a.army[data-army='{army.pk}']")


def test_the_map_page_shows_the_hexes_and_the_player_s_army_and_fog_hides_the_enemy(
        browser, live_server, world):
    base, campaign = live_server.url, world["campaign"]
    context, page = new_page(browser, locale="en-US")
    try:
        sign_in(page, base, "player-map")
        page.goto(f"{base}/campaigns/{campaign.pk}/map/")
        assert page.locator("svg a.hex").count() == 7 * 7  # B2-H8
        assert page.locator("#hex-C4 polygon").is_visible()
        assert army_mark(page, world["army"]).is_visible()
        assert army_mark(page, world["seen"]).is_visible()
        # Fog: the army the kingdom cannot see is not on the page at all, not merely hidden.
        assert army_mark(page, world["unseen"]).count() == 0
        assert "Far Riders" not in page.content()
        assert page.locator("polygon.fog").count() > 0
        shot(page, "map-player")

        # A hex's panel: what is there, as far as the kingdom sees.
        with page.expect_navigation():
            page.locator("#hex-D3").click()
        assert "Pitax Raiders" in page.locator("#here").inner_text()
    finally:
        context.close()

    context, page = new_page(browser, locale="en-US")
    try:
        sign_in(page, base, "gm-map")
        page.goto(f"{base}/campaigns/{campaign.pk}/map/")
        assert army_mark(page, world["unseen"]).is_visible()
        assert page.locator("polygon.fog").count() == 0
        shot(page, "map-gm")
    finally:
        context.close()


def test_clicking_hexes_fills_the_path_and_the_preview_counts_them(browser, live_server, world):
    base, kingdom, army = live_server.url, world["kingdom"], world["army"]
    context, page = new_page(browser, locale="en-US")
    try:
        sign_in(page, base, "player-map")
        page.goto(f"{base}/kingdoms/{kingdom.pk}/orders/?army={army.pk}&kind=deploy_army")
        picker = page.locator("figure.path-picker")
        assert picker.locator(".clear-path").is_visible()
        assert army_mark(page, world["unseen"]).count() == 0

        # The army's own hex starts the route: picked first, it adds nothing.
        for coord in ("C4", "C5", "D5", "E5", "E6"):
            picker.locator(f"#hex-{coord}").click()
        assert page.input_value("#id_path") == "C5 D5 E5 E6"
        assert page.input_value("#id_destination") == "E6"
        # The last hex picked again is taken back; the destination follows the path.
        picker.locator("#hex-E6").click()
        assert page.input_value("#id_path") == "C5 D5 E5"
        assert page.input_value("#id_destination") == "E5"
        assert picker.locator(".path-readout").inner_text() == "C4 → C5 → D5 → E5"
        assert "in-path" in picker.locator("#hex-D5 polygon").get_attribute("class")

        with page.expect_navigation():
            page.click("#order-form button[name=action][value=preview]")
        route = page.locator("#deploy-preview").inner_text()
        # Reference army_activities, Deploy Army: "roadless swamp/mountain hexes and unbridged
        # river/lake crossings count as 2 hexes": D5 is a roadless swamp across an unbridged
        # river; E5 is the rival's, so the route crosses its border.
        assert "From C4: C5 D5 E5" in route
        assert "D5 counts 2: roadless swamp, unbridged river crossing" in route
        assert "Counted distance: 4 hexes" in route
        assert "crossing enemy border" in route
        check = page.locator("#preview").inner_text()
        assert "against DC" in check and "crossing enemy border" in check
        assert "counted-twice" in picker.locator("#hex-D5 polygon").get_attribute("class")
        assert page.input_value("#id_path") == "C5 D5 E5"
        shot(page, "map-orders-picker")

        picker.locator(".clear-path").click()
        assert page.input_value("#id_path") == ""
        assert picker.locator(".path-readout").inner_text() == ""
    finally:
        context.close()


def test_on_a_phone_the_picker_fits_the_screen(browser, live_server, world):
    base, kingdom, army = live_server.url, world["kingdom"], world["army"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US",
                                  is_mobile=True, has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        sign_in(page, base, "player-map")
        page.goto(f"{base}/kingdoms/{kingdom.pk}/orders/?army={army.pk}&kind=deploy_army")
        page.locator("figure.path-picker #hex-D4").tap()
        assert page.input_value("#id_path") == "D4"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "map-orders-phone")
    finally:
        context.close()


def test_without_scripts_the_path_is_typed(browser, live_server, world):
    base, kingdom, army = live_server.url, world["kingdom"], world["army"]
    context, page = new_page(browser, locale="en-US", java_script_enabled=False)
    try:
        sign_in(page, base, "player-map")
        page.goto(f"{base}/kingdoms/{kingdom.pk}/orders/?army={army.pk}&kind=deploy_army")
        picker = page.locator("figure.path-picker")
        assert not picker.locator(".clear-path").is_visible()
        assert picker.locator(".picker-typed").is_visible()
        page.fill("#id_destination", "E4")
        page.fill("#id_path", "D4 E4")
        with page.expect_navigation():
            page.click("#order-form button[name=action][value=preview]")
        assert "keeps to a road" in page.locator("#deploy-preview").inner_text()
        assert "in-path" in picker.locator("#hex-E4 polygon").get_attribute("class")
    finally:
        context.close()
