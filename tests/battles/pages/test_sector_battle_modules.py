"""Seed 001's orders on the sector battle page (001_5d751c33a121b07e.txt; reference/sector-
modules.md): the form offers each module's orders, they reach the service as its JSON, a refused
one shows the rule's message next to its field, and under module command the page shows the
points and the bill of the stored orders (what the page hides: test_sector_battle_hidden.py).

Brevoy Marches (the player's) attacks with a guard that hides in the forest of B2, archers in
the forest of A1, bows in C1 and independent free rangers, under Lord Tatzl (general, 3 command
points, carrying a staff of fog) and Sir Kesten (hero, 2 will points); Pitax (the rival's)
defends with pikes and shadows hiding in the forest of D2 as "Foxes"."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse
from factories import (
    SectorBattleFactory,
    SectorCasterFactory,
    SectorTrapFactory,
    SectorUnitFactory,
    TerrainCardFactory,
    shipped_artifact,
    shipped_card,
)

from battles.sector import services
from battles.sector.adapters import artifact_key, caster_key, trap_key, unit_key
from battles.sector.models import SideOrders, UnitCard
from core.permissions import SYSTEM
from rules.cerilia.ambush_orders import concealment_key
from rules.cerilia.concealment import Concealment
from rules.sides import Side

pytestmark = pytest.mark.django_db

SEED_FILE = "001_5d751c33a121b07e.txt"
SEED = 4_242_001
WOLVES = concealment_key(Side.ATTACKER, Concealment.AMBUSH, "Wolves")
FOXES = concealment_key(Side.DEFENDER, Concealment.AMBUSH, "Foxes")


def url(battle, side=None):
    base = reverse("sector-battle", args=[battle.pk])
    return f"{base}?side={side}" if side else base


def page(client, user, battle, side=None):
    client.force_login(user)
    response = client.get(url(battle, side))
    assert response.status_code == 200
    return response.content.decode()


def post(client, user, battle, data):
    client.force_login(user)
    return client.post(url(battle), {"side": "attacker", **data})


def key(battle, name):
    return unit_key(battle.units.get(name=name))


def select(html, name):
    found = re.search(rf'<select name="{re.escape(name)}".*?</select>', html, re.S)
    assert found, name
    return found.group(0)


def options(html, name):
    return re.findall(r'<option value="([^"]*)"', select(html, name))


def errors(html, name):
    found = re.search(rf'<ul class="errorlist" data-field="{re.escape(name)}">(.*?)</ul>', html,
                      re.S)
    return found.group(1) if found else ""


def stored(battle, number):
    return SideOrders.objects.get(battle=battle, round=number, side="attacker").orders


def rangers_card():
    return UnitCard.objects.get_or_create(code="free_rangers", defaults={
        "name": "Free rangers", "melee": 2, "defense": 2, "morale": ["sun"], "movement": 2,
        "hits": 1, "tags": ["independent", "infantry"]})[0]


@pytest.fixture
def battle(kingdom, rival_kingdom):
    battle = SectorBattleFactory(campaign=kingdom.campaign, name="Battle of the Tuskwater",
                                 attacker_kingdom=kingdom, defender_kingdom=rival_kingdom,
                                 max_rounds=6, seed=SEED, modules=True)
    SectorUnitFactory(battle=battle, name="Tatzlford Guard")
    archers = SectorUnitFactory(battle=battle, name="Restov Archers",
                                card=shipped_card("archers"))
    SectorUnitFactory(battle=battle, name="Brevoy Bows", card=shipped_card("archers"))
    SectorUnitFactory(battle=battle, name="Free Rangers", card=rangers_card())
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Shadows",
                      card=shipped_card("scouts"))
    for sector in ("A1", "B2", "D2"):
        TerrainCardFactory(battle=battle, kind="forest", sector=sector)
    general = SectorCasterFactory(battle=battle, name="Lord Tatzl", school="",
                                  roles=["general"], command=3)
    general.carries.set([shipped_artifact("staff_of_fog")])
    SectorCasterFactory(battle=battle, name="Sir Kesten", school="", roles=["hero"],
                        unit=archers)
    SectorCasterFactory(battle=battle, side="defender", name="Castellan Drelev", school="",
                        roles=["general"])
    SectorTrapFactory(battle=battle, side="attacker")
    return services.battle_start(battle=battle, actor=SYSTEM)


def phase_0(battle):
    return {"placements": {key(battle, "Restov Archers"): "A1",
                           key(battle, "Brevoy Bows"): "C1"},
            "ambushes": {key(battle, "Tatzlford Guard"): {"sector": "B2", "name": "Wolves"}},
            "standing": {key(battle, "Free Rangers"): [{"kind": "hold"},
                                                      {"kind": "shoot_nearest"}]}}


@pytest.fixture
def round_one(battle, player, rival, committed):
    services.orders_submit(battle=battle, side="attacker", user=player, data=phase_0(battle))
    committed(services.orders_submit, battle=battle, side="defender", user=rival, data={
        "placements": {key(battle, "Pitax Pikes"): "C3"},
        "ambushes": {key(battle, "Pitax Shadows"): {"sector": "D2", "name": "Foxes"}}})
    battle.refresh_from_db()
    assert battle.round == 1, battle.error
    return battle


@pytest.fixture
def round_two(round_one, player, rival, committed):
    """The Foxes lay their markers: one stays in D2, one goes to C2, one to E2."""
    services.orders_submit(battle=round_one, side="attacker", user=player, data={})
    committed(services.orders_submit, battle=round_one, side="defender", user=rival, data={
        "markers": {FOXES: {"paths": [[], ["C2"], ["E2"]], "true": 0}}})
    round_one.refresh_from_db()
    assert round_one.round == 2, round_one.error
    return round_one


# -- phase 0 ----------------------------------------------------------------------------------

def test_phase_0_offers_ambushes_traps_and_standing_orders(client, battle, player):
    html = page(client, player, battle)
    guard, rangers = key(battle, "Tatzlford Guard"), key(battle, "Free Rangers")
    # Reference, ruling: an ambush hides in "an ambush-terrain sector of its own half of the
    # field (rows 1–2 for the attacker, 2–3 for the defender)".
    assert options(html, f"ambush-{guard}") == ["", "A1", "B2", "D2"]
    assert f'name="ambush-{guard}-name"' in html
    # Seed: "Перед игрой игрок определяет 2 приказа, которые воины с навыком Самостоятельный
    # будут выполнять"; an independent unit does not hide (ambush_orders, ruling).
    assert f'name="ambush-{rangers}"' not in html
    assert re.search(rf'<select name="standing-{rangers}-0-kind"[^>]* required', html)
    assert "advance_to" in options(html, f"standing-{rangers}-1-kind")
    trap = trap_key(battle.traps.get())
    assert options(html, f"trap-{trap}-sector-2") == ["", "A1", "B1", "C1", "D1", "E1", "A2",
                                                       "B2", "C2", "D2", "E2"]
    assert options(html, f"trap-{trap}-real") == ["0", "1", "2"]
    assert "gives 3 command points a round" in html
    assert "Sir Kesten has 2 will points left for the battle" in html
    assert "Phase 0 orders cost nothing." in html


def test_phase_0_ambush_trap_and_standing_orders_are_submitted_through_the_form(
        client, battle, player):
    guard, rangers = key(battle, "Tatzlford Guard"), key(battle, "Free Rangers")
    archers, trap = key(battle, "Restov Archers"), trap_key(battle.traps.get())
    response = post(client, player, battle, {
        f"place-{guard}": "C1", f"ambush-{guard}": "B2", f"ambush-{guard}-name": "Wolves",
        f"place-{archers}": "A1",
        f"trap-{trap}-name": "Pits", f"trap-{trap}-sector-0": "A1",
        f"trap-{trap}-sector-1": "B1", f"trap-{trap}-sector-2": "C2", f"trap-{trap}-real": "1",
        f"standing-{rangers}-0-kind": "advance_to", f"standing-{rangers}-0-target": "C2",
        f"standing-{rangers}-1-kind": "hold", f"standing-{rangers}-1-target": "C3"})
    assert response.status_code == 302, errors(response.content.decode(), "")
    orders = stored(battle, 0)
    # A unit in ambush "is not also deployed on the field".
    assert guard not in orders["placements"] and orders["placements"][archers] == "A1"
    assert orders["ambushes"] == {guard: {"sector": "B2", "name": "Wolves"}}
    assert orders["traps"] == {trap: {"name": "Pits", "sectors": ["A1", "B1", "C2"],
                                      "real": 1}}
    assert orders["standing"] == {rangers: [{"kind": "advance_to", "target": "C2"},
                                            {"kind": "hold"}]}
    html = page(client, player, battle)
    assert "Tatzlford Guard hides in ambush in B2 as “Wolves”." in html
    assert "The trap “Pits” is laid in A1, B1, C2." in html
    assert re.search(rf'<select name="ambush-{guard}"[^>]*>.*?<option value="B2" selected>',
                     html, re.S)


def test_missing_standing_orders_are_refused_next_to_their_field(client, battle, player):
    # Seed: "Перед игрой игрок определяет 2 приказа" (001_5d751c33a121b07e.txt).
    rangers = key(battle, "Free Rangers")
    response = post(client, player, battle, {})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Give Free Rangers its 2 standing orders." in errors(html, f"standing-{rangers}-0-kind")
    assert not SideOrders.objects.filter(battle=battle).exists()


# -- a round ----------------------------------------------------------------------------------

def test_a_hiding_unit_lays_its_three_markers_and_the_bill_shows_its_price(client, round_one,
                                                                          player):
    # Seed: "один приказ находящемуся в засаде батальону"; "выкладываются три маркера (два
    # ложных и один истинный)"; reference: "each unit that receives an order ... costs 1 point".
    guard = key(round_one, "Tatzlford Guard")
    html = page(client, player, round_one)
    assert f'name="path-{guard}"' not in html   # it moves with its markers
    assert "in ambush as “Wolves”" in html
    assert options(html, f"marker-{WOLVES}-true") == ["", "0", "1", "2"]
    assert "Each unit given an order" in html and "each replaced standing order costs 2" in html
    response = post(client, player, round_one, {
        f"marker-{WOLVES}-0": "", f"marker-{WOLVES}-1": "a2", f"marker-{WOLVES}-2": "C2",
        f"marker-{WOLVES}-true": "1"})
    assert response.status_code == 302
    assert stored(round_one, 1)["markers"] == {WOLVES: {"paths": [[], ["A2"], ["C2"]],
                                                        "true": 1}}
    html = page(client, player, round_one)
    assert "The markers of “Wolves” move." in html
    assert "These orders cost 1 point:" in html
    assert "“Wolves”, markers moved: 1 points" in html
    assert "your general spends 1 command points, 2 left this round" in html
    assert "Sir Kesten spends 0 will points, 2 left for the battle" in html


def test_laid_markers_each_get_a_path_the_true_one_marked_for_its_owner(client, round_two,
                                                                         rival):
    # Seed: "Эти маркеры перемещаются с половинной СК"; later "paths[i] is the path of the i-th
    # marker still on the field" (concealment.MarkerMove).
    html = page(client, rival, round_two)
    assert f'name="marker-{FOXES}-true"' not in html
    labels = re.findall(rf'<label for="id_marker-{FOXES}-\d">(.*?)</label>', html)
    assert labels == ["path of the first marker from D2 (true):",
                      "path of the second marker from C2:", "path of the third marker from E2:"]
    client.force_login(rival)
    response = client.post(url(round_two), {"side": "defender", f"marker-{FOXES}-1": "B2"})
    assert response.status_code == 302
    orders = SideOrders.objects.get(battle=round_two, round=2, side="defender").orders
    assert orders["markers"] == {FOXES: {"paths": [[], ["B2"], []]}}


def test_a_marker_path_too_long_is_refused_next_to_its_field(client, round_one, player):
    # Seed: "Эти маркеры перемещаются с половинной СК" (infantry: 1 → 1 sector).
    response = post(client, player, round_one, {f"marker-{WOLVES}-0": "C2 D2",
                                                f"marker-{WOLVES}-true": "0"})
    assert response.status_code == 200
    assert "half speed" in errors(response.content.decode(), f"marker-{WOLVES}-0")
    assert not SideOrders.objects.filter(battle=round_one, round=1).exists()


def test_units_may_attack_enemy_markers_but_an_ambush_only_units(client, round_two, player):
    # Seed: "Противник имеет право атаковать один из выставленных маркеров"; an ambush strikes
    # battalions (ambush_orders, ruling).
    bows, guard = key(round_two, "Brevoy Bows"), key(round_two, "Tatzlford Guard")
    html = page(client, player, round_two)
    aims = select(html, f"target-{bows}")
    assert "marker of “Foxes” (C2)" in aims and "marker of “Foxes” (D2)" in aims
    assert "Foxes" not in select(html, f"target-{guard}")
    marker = next(m for m in re.findall(r'<option value="([^"]+)">marker of “Foxes” \(C2\)',
                                        aims))
    response = post(client, player, round_two, {f"target-{bows}": marker})
    assert response.status_code == 302
    assert stored(round_two, 2)["targets"] == {bows: marker}
    html = page(client, player, round_two)
    assert "Brevoy Bows attacks marker of “Foxes” (C2)." in html
    assert "Brevoy Bows, missile or ambush attack: 1 points" in html


def test_a_unit_in_a_forest_scouts_it(client, round_one, player):
    # Seed: "Батальон находящийся в лесу или в овраге ... бросает К6".
    archers, bows = key(round_one, "Restov Archers"), key(round_one, "Brevoy Bows")
    html = page(client, player, round_one)
    assert f'name="scout-{archers}"' in html and f'name="scout-{bows}"' not in html
    assert f'name="strike-{WOLVES}"' in html
    response = post(client, player, round_one, {f"scout-{archers}": "on",
                                                f"strike-{WOLVES}": "on"})
    assert response.status_code == 302
    orders = stored(round_one, 1)
    assert orders["scouts"] == [archers] and orders["strike_scouts"] == [WOLVES]
    assert "standing" not in orders   # the rangers' pair, not given, stays as it is
    html = page(client, player, round_one)
    assert "Restov Archers scouts its sector." in html
    assert "“Wolves” strikes enemy scouts who miss it." in html


def test_a_character_uses_an_artifact_it_carries(client, round_one, player):
    # Seed: "Персонажи и герои могут иметь при себе магический артефакт".
    general = round_one.casters.get(name="Lord Tatzl")
    staff = artifact_key(general, shipped_artifact("staff_of_fog"))
    lord = caster_key(general)
    html = page(client, player, round_one)
    assert options(html, f"artifact-{lord}") == ["", staff]
    assert "Staff of fog (1 uses left)" in select(html, f"artifact-{lord}")
    assert f'name="spell-{lord}"' not in html   # a general casts no spells of its own
    response = post(client, player, round_one, {f"artifact-{lord}": staff,
                                                f"artifact-{lord}-target": "C2"})
    assert response.status_code == 302
    assert stored(round_one, 1)["artifacts"] == {lord: {"artifact": staff, "target": "C2"}}
    assert "Lord Tatzl uses Staff of fog." in page(client, player, round_one)


def test_replacing_a_standing_order_costs_two_points(client, round_one, player):
    # Seed: "затратить 2 КН (ЗС) за каждый заменяемый приказ".
    rangers = key(round_one, "Free Rangers")
    html = page(client, player, round_one)
    assert f'name="path-{rangers}"' not in html and f'name="target-{rangers}"' not in html
    assert re.search(r'<option value="hold" selected>', select(html, f"standing-{rangers}-0-kind"))
    assert re.search(r'<option value="shoot_nearest" selected>',
                     select(html, f"standing-{rangers}-1-kind"))
    assert "Replacing a standing order costs 2 points." in html
    response = post(client, player, round_one, {
        f"standing-{rangers}-0-kind": "hold", f"standing-{rangers}-1-kind": "advance_to",
        f"standing-{rangers}-1-target": "B1"})
    assert response.status_code == 302
    assert stored(round_one, 1)["standing"] == {rangers: [
        {"kind": "hold"}, {"kind": "advance_to", "target": "B1"}]}
    html = page(client, player, round_one)
    assert "Free Rangers, standing orders replaced: 2 points" in html
    assert "your general spends 2 command points, 1 left this round" in html


def test_orders_costing_more_than_the_points_left_are_refused_at_their_field(
        client, round_one, player):
    # Reference: "An order set that costs more than the side has is refused at submission".
    rangers, archers = key(round_one, "Free Rangers"), key(round_one, "Restov Archers")
    bows = key(round_one, "Brevoy Bows")
    response = post(client, player, round_one, {
        f"standing-{rangers}-0-kind": "advance_to", f"standing-{rangers}-0-target": "B1",
        f"standing-{rangers}-1-kind": "hold", f"path-{bows}": "C2",
        f"path-{archers}": "A2"})
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'data-field="(path|standing)-[^"]+">.*?This order costs', html, re.S)
    assert not SideOrders.objects.filter(battle=round_one, round=1).exists()


def test_the_hidden_units_to_reveal_first_are_named_by_sector(client, round_one, player):
    # Seed 000: "выбирает, какой из сокрытых Отрядов будет раскрыт".
    response = post(client, player, round_one, {"reveal_first": "d2, c2"})
    assert response.status_code == 302
    assert stored(round_one, 1)["reveal_first"] == ["D2", "C2"]
    html = page(client, player, round_one)
    assert "revealed first in: D2, C2." in html
    assert re.search(r'<input type="text" name="reveal_first" value="D2 C2"', html)


def test_the_gm_sees_the_truth_of_every_ambush(client, round_two, gm):
    html = page(client, gm, round_two)
    assert "Pitax Shadows" in html and "Tatzlford Guard" in html
    html = page(client, gm, round_two, "attacker")
    assert f'name="marker-{WOLVES}-0"' in html and "Pitax Shadows" not in html
