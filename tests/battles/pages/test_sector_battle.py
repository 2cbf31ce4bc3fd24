"""The sector battle page: who sees it, the battlefield pictures (sectors, reserves, units,
terrain, walls), what a player never sees (enemy invisible units, the truth under an enemy
illusion), the deployment and round orders forms with errors by field, the links from the
kingdom and campaign pages, and Russian."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse
from factories import (
    SectorBattleFactory,
    SectorCasterFactory,
    SectorUnitFactory,
    TerrainCardFactory,
    shipped_card,
)

from battles.sector import services
from battles.sector.adapters import caster_key, unit_key
from battles.sector.models import SideOrders
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db


def url(battle, side=None):
    base = reverse("sector-battle", args=[battle.pk])
    return f"{base}?side={side}" if side else base


def page(client, user, battle, side=None, **extra):
    client.force_login(user)
    response = client.get(url(battle, side), **extra)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def battle(kingdom, rival_kingdom):
    """Brevoy Marches (the player's) attacks Pitax (the rival's); a forest in C2 and a river in
    B2 toward B3; a wizard with the knights."""
    battle = SectorBattleFactory(campaign=kingdom.campaign, name="Battle of the Sellen Ford",
                                 attacker_kingdom=kingdom, defender_kingdom=rival_kingdom,
                                 max_rounds=5)
    knights = SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Guard",
                                card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="attacker", name="Restov Archers",
                      card=shipped_card("archers"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Shadows",
                      card=shipped_card("scouts"))
    TerrainCardFactory(battle=battle, kind="forest", sector="C2")
    TerrainCardFactory(battle=battle, kind="river", sector="B2", toward="B3")
    SectorCasterFactory(battle=battle, side="attacker", name="Magus Ilya", unit=knights)
    return services.battle_start(battle=battle, actor=SYSTEM)


def key(battle, name):
    return unit_key(battle.units.get(name=name))


@pytest.fixture
def deployed(battle, player, rival, committed):
    """Both sides deployed: round 1 takes orders."""
    services.orders_submit(battle=battle, side="attacker", user=player, data={"placements": {
        key(battle, "Tatzlford Guard"): "C1", key(battle, "Restov Archers"): "B1"}})
    committed(services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {key(battle, "Pitax Pikes"): "C3",
                                   key(battle, "Pitax Shadows"): "D3"}})
    battle.refresh_from_db()
    assert battle.round == 1
    return battle


@pytest.fixture
def fought(deployed, player, rival, committed):
    """Round 1 resolved: the knights ride to C2; round 2 takes orders."""
    services.orders_submit(battle=deployed, side="attacker", user=player,
                           data={"moves": {key(deployed, "Tatzlford Guard"): ["C2"]}})
    committed(services.orders_submit, battle=deployed, side="defender", user=rival, data={})
    deployed.refresh_from_db()
    assert deployed.round == 2
    return deployed


def hide(state):
    for unit in state["units"]:
        if unit["name"] == "Pitax Shadows":
            unit["hidden"] = True
    return state


def secrets(battle):
    """The defender's scouts turn invisible, and D2 — a magical swamp — looks like hills by the
    defender's illusion."""
    for record in battle.rounds.all():   # hidden from the start, in every stored round
        hide(record.state_after)
        record.save(update_fields=["state_after"])
    state = hide(battle.state)
    state["terrain"].append({"kind": "swamp", "sector": "D2", "toward": None, "level": 0,
                             "hits": 0, "magical": True})
    state["illusions"].append({"sector": "D2", "kind": "hills", "side": "defender",
                               "toward": None})
    state["effects"].append({"kind": "wall", "side": "attacker", "rounds_left": 2,
                             "sector": "C2", "toward": "C3", "wall": "stone", "unit": None,
                             "sign": None})
    state["effects"].append({"kind": "bless", "side": "attacker", "rounds_left": 2,
                             "sector": None, "toward": None, "wall": None,
                             "unit": key(battle, "Tatzlford Guard"), "sign": "moon"})
    battle.save(update_fields=["state"])
    return battle


def pictures(html):
    return re.findall(r'<g class="battle-round"(.*?)</g>\s*(?=<g class="battle-round"|</svg>)',
                      html, re.S)


# Who sees what.

def test_anonymous_visitors_are_sent_to_sign_in(client, battle):
    response = client.get(url(battle))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_only_the_gm_and_the_sides_players_see_the_battle(client, battle, player, rival, gm,
                                                          campaign_gm, outsider):
    for user in (player, rival, gm, campaign_gm):
        client.force_login(user)
        assert client.get(url(battle)).status_code == 200, user
    client.force_login(outsider)
    assert client.get(url(battle)).status_code == 404
    client.force_login(player)
    assert client.get(reverse("sector-battle", args=[battle.pk + 1000])).status_code == 404


def test_a_battle_without_the_players_kingdom_is_a_404(client, campaign, player):
    other = SectorBattleFactory(campaign=campaign)
    client.force_login(player)
    assert client.get(url(other)).status_code == 404


# The battlefield.

def test_one_picture_per_round_and_now_each_with_15_sectors_and_2_reserves(client, fought,
                                                                          player):
    html = page(client, player, fought)
    shown = pictures(html)
    assert len(shown) == 3   # after the deployment, after round 1, now
    for picture in shown:
        assert len(re.findall(r'<rect class="sector[^"]*" data-sector="[A-E][1-3]"', picture)) \
            == 15
        assert len(re.findall(r'<rect class="reserve [a-z]+" data-reserve=', picture)) == 2
    assert 'type="range"' in html
    assert "After round 1" in html and "Now (round 2)" in html


def test_units_are_drawn_in_their_sectors(client, fought, gm):
    html = page(client, gm, fought)
    now = pictures(html)[-1]
    guard, pikes = key(fought, "Tatzlford Guard"), key(fought, "Pitax Pikes")
    assert f'data-unit="{guard}" data-position="C2"' in now
    assert f'data-unit="{pikes}" data-position="C3"' in now
    first = pictures(html)[0]
    assert f'data-unit="{guard}" data-position="C1"' in first


def test_terrain_and_walls_are_drawn(client, deployed, gm):
    secrets(deployed)
    html = page(client, gm, deployed)
    now = pictures(html)[-1]
    assert 'data-terrain="forest"' in now
    assert re.search(r'data-edge="river"', now)
    assert re.search(r'data-edge="wall"', now)
    # The GM sees the truth and the illusion on it, marked.
    assert 'data-terrain="swamp"' in now
    assert "illusion of the defender" in now
    guard = key(deployed, "Tatzlford Guard")
    assert re.search(rf'<g class="unit attacker blessed" data-unit="{guard}"', now)


def test_events_are_grouped_by_phase_with_their_cards(client, fought, player):
    html = page(client, player, fought)
    assert "Initiative" in html and "Movement" in html
    assert 'id="round-1"' in html


def test_a_player_never_sees_an_invisible_enemy_nor_the_truth_under_its_illusion(
        client, deployed, player, rival):
    secrets(deployed)
    for side in (None, "defender"):   # asking for the other side's view changes nothing
        html = page(client, player, deployed, side)
        assert "Pitax Shadows" not in html
        # Seed 000_9b71fb8594a033d1.txt: "На карте он будет отмечен статусом []".
        assert 'class="hidden-mark" data-hidden="1"' in html and "1 hidden unit" in html
        assert "Pitax Pikes" in html
        # (the illusion spell's terrain select offers a swamp to every wizard)
        outside_forms = re.sub(r"<select.*?</select>", "", html, flags=re.S)
        assert 'data-terrain="swamp"' not in html and "swamp" not in outside_forms.lower()
        assert 'data-terrain="hills"' in html
        assert "illusion" not in html.lower()
    own = page(client, rival, deployed)
    assert "Pitax Shadows" in own and "your illusion" in own


def test_the_gm_may_look_through_a_sides_eyes(client, deployed, gm):
    secrets(deployed)
    assert "Pitax Shadows" in page(client, gm, deployed)
    attacker = page(client, gm, deployed, "attacker")
    assert "Pitax Shadows" not in attacker and 'data-terrain="swamp"' not in attacker


# Orders.

def test_the_deployment_form_offers_only_the_own_line(client, battle, player):
    html = page(client, player, battle)
    guard = key(battle, "Tatzlford Guard")
    select = re.search(rf'<select name="place-{guard}".*?</select>', html, re.S).group(0)
    options = re.findall(r'<option value="([^"]*)"', select)
    assert options == ["reserve", "A1", "B1", "C1", "D1", "E1"]
    assert 'name="fortification"' not in html


def test_the_defender_places_the_fortification_on_its_own_line(client, kingdom, rival_kingdom,
                                                               rival):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, fortification_level=2)
    SectorUnitFactory(battle=battle, side="attacker")
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes")
    TerrainCardFactory(battle=battle, kind="cliffs", sector="B2")
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    html = page(client, rival, battle)
    select = re.search(r'<select name="fortification".*?</select>', html, re.S).group(0)
    assert re.findall(r'<option value="([^"]*)"', select) == ["", "A3", "B3", "C3", "D3", "E3"]
    pikes = key(battle, "Pitax Pikes")
    select = re.search(rf'<select name="place-{pikes}".*?</select>', html, re.S).group(0)
    assert re.findall(r'<option value="([^"]*)"', select) == ["reserve", "A3", "B3", "C3", "D3",
                                                              "E3"]
    select = re.search(r'<select name="direction-B2".*?</select>', html, re.S).group(0)
    assert set(re.findall(r'<option value="([^"]+)"', select)) == {"A2", "C2", "B1", "B3"}


def test_the_placed_fortification_and_named_cliffs_are_drawn(client, kingdom, rival_kingdom,
                                                             rival, gm, committed):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, fortification_level=2)
    SectorUnitFactory(battle=battle, side="attacker")
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes")
    TerrainCardFactory(battle=battle, kind="cliffs", sector="B2")
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    pikes = key(battle, "Pitax Pikes")
    client.force_login(rival)
    response = client.post(url(battle), {"side": "defender", f"place-{pikes}": "C3",
                                         "fortification": "C3", "direction-B2": "B3"})
    assert response.status_code == 302
    committed(services.orders_submit, battle=battle, side="attacker", user=gm, data={})
    battle.refresh_from_db()
    now = pictures(page(client, gm, battle))[-1]
    assert 'data-terrain="fortification"' in now and "fortification, level 2, 1 hit left" in now
    assert re.search(r'data-edge="cliffs" x1="\d+" y1="(\d+)" x2="\d+" y2="\1"', now)
    assert f'data-unit="{pikes}" data-position="C3"' in now


def test_a_submitted_deployment_is_stored_and_shown(client, battle, player):
    client.force_login(player)
    guard, archers = key(battle, "Tatzlford Guard"), key(battle, "Restov Archers")
    response = client.post(url(battle), {"side": "attacker", f"place-{guard}": "C1",
                                         f"place-{archers}": "reserve"})
    assert response.status_code == 302
    row = SideOrders.objects.get(battle=battle, round=0, side="attacker")
    assert row.orders["placements"] == {guard: "C1", archers: "reserve"}
    assert row.submitted_by == player
    html = page(client, player, battle)
    assert "Tatzlford Guard deploys in C1." in html
    assert re.search(rf'<select name="place-{guard}"[^>]*>.*?<option value="C1" selected>',
                     html, re.S)


def test_a_player_cannot_give_the_other_sides_orders(client, battle, player):
    client.force_login(player)
    pikes = key(battle, "Pitax Pikes")
    response = client.post(url(battle), {"side": "defender", f"place-{pikes}": "C3"})
    assert response.status_code == 404
    assert not SideOrders.objects.exists()


def test_the_gm_sees_which_sides_are_in(client, battle, player, gm):
    html = page(client, gm, battle)
    assert "Orders in for this round: —" in html
    services.orders_submit(battle=battle, side="attacker", user=player, data={})
    assert "Orders in for this round: attacker" in page(client, gm, battle)
    assert "Orders in for this round" not in page(client, player, battle)


def test_a_bad_path_shows_its_error_next_to_the_field(client, deployed, player):
    client.force_login(player)
    guard = key(deployed, "Tatzlford Guard")
    response = client.post(url(deployed), {"side": "attacker", f"path-{guard}": "C3 E3"})
    assert response.status_code == 200
    html = response.content.decode()
    errors = re.search(rf'<ul class="errorlist" data-field="path-{guard}">(.*?)</ul>', html,
                       re.S)
    assert errors and "neighbouring" in errors.group(1)
    assert not SideOrders.objects.filter(battle=deployed, round=1, side="attacker").exists()


def test_round_orders_with_a_target_and_a_spell_are_stored_and_shown(client, deployed, player):
    client.force_login(player)
    guard, pikes = key(deployed, "Tatzlford Guard"), key(deployed, "Pitax Pikes")
    magus = caster_key(deployed.casters.get())
    html = page(client, player, deployed)
    target = re.search(rf'<select name="target-{guard}".*?</select>', html, re.S).group(0)
    assert "Pitax Pikes" in target
    response = client.post(url(deployed), {
        "side": "attacker", f"path-{guard}": "c2", f"target-{guard}": pikes,
        f"spell-{magus}": "fog", f"spell-{magus}-sector": "C2"})
    assert response.status_code == 302
    row = SideOrders.objects.get(battle=deployed, round=1, side="attacker")
    assert row.orders["moves"] == {guard: ["C2"]}
    assert row.orders["targets"] == {guard: pikes}
    assert row.orders["spells"] == {magus: {"spell": "fog", "sector": "C2"}}
    html = page(client, player, deployed)
    assert "Tatzlford Guard moves: C2" in html and "Tatzlford Guard attacks Pitax Pikes" in html
    assert "Magus Ilya casts Fog (C2)." in html


def test_a_spell_error_stands_next_to_its_field(client, deployed, player):
    client.force_login(player)
    magus = caster_key(deployed.casters.get())
    response = client.post(url(deployed), {"side": "attacker", f"spell-{magus}": "fog"})
    assert response.status_code == 200
    assert f'data-field="spell-{magus}-sector"' in response.content.decode()


def test_the_gm_picks_the_side_to_give_orders_for(client, battle, gm):
    html = page(client, gm, battle)
    assert 'name="side"' not in html   # the truth: choose a side first
    html = page(client, gm, battle, "defender")
    pikes = key(battle, "Pitax Pikes")
    assert f'name="place-{pikes}"' in html
    response = client.post(url(battle), {"side": "defender", f"place-{pikes}": "B3"})
    assert response.status_code == 302 and response["Location"].endswith("?side=defender")
    row = SideOrders.objects.get(battle=battle, round=0, side="defender")
    assert row.orders["placements"][pikes] == "B3"


def test_orders_after_the_round_closed_show_a_message(client, battle, player):
    from django.utils import timezone

    battle.locked_at = timezone.now()
    battle.save(update_fields=["locked_at"])
    client.force_login(player)
    guard = key(battle, "Tatzlford Guard")
    response = client.post(url(battle), {"side": "attacker", f"place-{guard}": "C1"},
                           follow=True)
    assert "takes no orders now" in response.content.decode()
    assert not SideOrders.objects.filter(battle=battle).exists()


# Links and languages.

def test_the_kingdom_and_campaign_pages_link_their_sector_battles(client, battle, kingdom,
                                                                 player, gm):
    link = f'href="{url(battle)}"'
    html = page_of(client, player, reverse("kingdom", args=[kingdom.pk]))
    assert link in html and "Battle of the Sellen Ford" in html
    html = page_of(client, gm, reverse("campaign", args=[kingdom.campaign_id]))
    assert link in html


def page_of(client, user, address):
    client.force_login(user)
    response = client.get(address)
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_renders_in_russian(client, fought, player):
    client.cookies["django_language"] = "ru"
    html = page(client, player, fought)
    assert '<html lang="ru">' in html
    assert "Tatzlford Guard" in html
    assert "Кампании" in html and "Инициатива" in html   # the catalog's words




def test_a_battle_being_set_up_shows_no_field_and_no_form(client, campaign, kingdom, player):
    battle = SectorBattleFactory(campaign=campaign, attacker_kingdom=kingdom)
    SectorUnitFactory(battle=battle, side="attacker")
    html = page(client, player, battle)
    assert "still setting up" in html
    assert "<svg" not in html and 'name="side"' not in html


def test_a_finished_battle_shows_who_holds_the_field_and_the_aftermath(client, deployed, player,
                                                                       gm, committed):
    import datetime

    from django.utils import timezone

    secrets(deployed)
    later = timezone.now()
    while deployed.status != "finished":
        later += datetime.timedelta(hours=25)
        committed(services.rounds_close_due, now=later)
        deployed.refresh_from_db()
    html = page(client, player, deployed)
    assert "The field is held by the" in html
    aftermath = re.search(r'<table class="sector-aftermath">.*?</table>', html, re.S).group(0)
    assert "Tatzlford Guard" in aftermath and "Pitax" not in aftermath
    assert "Pitax Shadows" not in html
    assert 'name="side"' not in html   # no orders any more
    html = page(client, gm, deployed)
    aftermath = re.search(r'<table class="sector-aftermath">.*?</table>', html, re.S).group(0)
    assert "Pitax Shadows" in aftermath


def test_the_attacker_may_aim_its_missiles_at_the_fortification(client, kingdom, rival_kingdom,
                                                                  player, rival, committed):
    # seed 000_9b71fb8594a033d1.txt: "Укрепление получает Урон только в том случае, если в секторе с
    # Укреплением нет дружественных Отрядов." — so the attacker may aim at the empty walls.
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, fortification_level=2)
    SectorUnitFactory(battle=battle, side="attacker", name="Restov Archers",
                      card=shipped_card("archers"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes")
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    archers, pikes = key(battle, "Restov Archers"), key(battle, "Pitax Pikes")
    services.orders_submit(battle=battle, side="attacker", user=player,
                           data={"placements": {archers: "C1"}})
    committed(services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {pikes: "reserve"}, "fortification": "C3"})
    battle.refresh_from_db()
    select = re.search(rf'<select name="target-{archers}".*?</select>',
                       page(client, player, battle), re.S).group(0)
    assert '<option value="fortification">the fortification (C3)</option>' in select
    response = client.post(url(battle), {"side": "attacker", f"target-{archers}": "fortification"})
    assert response.status_code == 302
    assert "Restov Archers attacks the fortification." in page(client, player, battle)
    defender_select = re.search(rf'<select name="target-{pikes}".*?</select>',
                                page(client, rival, battle), re.S)
    assert defender_select is None or "fortification" not in defender_select.group(0)


def test_a_general_without_spells_gets_no_spell_fields(kingdom, rival_kingdom, player, rival,
                                                       client, committed):
    # Reference: characters may be "a general or hero without spells".
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, modules=True)
    guard = SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Guard")
    pikes = SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes")
    general = SectorCasterFactory(battle=battle, name="Lord Tatzl", school="",
                                  roles=["general"], unit=guard)
    SectorCasterFactory(battle=battle, side="defender", name="Castellan", school="",
                        roles=["hero"])
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    services.orders_submit(battle=battle, side="attacker", user=player,
                           data={"placements": {unit_key(guard): "C1"}})
    committed(services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {unit_key(pikes): "C3"}})
    battle.refresh_from_db()
    html = page(client, player, battle)
    assert f'name="path-{unit_key(guard)}"' in html
    assert f'name="spell-{caster_key(general)}"' not in html
