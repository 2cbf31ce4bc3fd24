"""Seed 002's orders through the API (002_eb4cf75b750af884.txt; issue 14, point 4): a spell's
power dice and magical move, the bound spells used on 2 or 3 dice, the dispel plan and an
artifact's dice; each malformed part a 400 naming its field under `orders`, never a 500; the
rules' refusals at their fields; valid orders stored and resolved.

The player's kingdom attacks with ogres (a bound Fog, power 5/9) and a wizard; the rival's
pikes defend with a priest."""
from __future__ import annotations

import json

import pytest
from api_support import client_for, put_orders, refused, sector_url
from factories import SectorBattleFactory, SectorCasterFactory, SectorUnitFactory, shipped_card

from battles.sector import services
from battles.sector.adapters import caster_key, unit_key
from battles.sector.models import SectorRound, SideOrders, UnitCard
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db

SEED = 20_021_402


def start(kingdom, rival_kingdom, *, magic_dice=True):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, max_rounds=6, seed=SEED,
                                 module_magic_dice=magic_dice, power_dice=8, dispel_dice=4)
    ogres = UnitCard.objects.create(code="ogres", name="Ogres", melee=3, defense=2,
                                    morale=["sun"], movement=1, hits=3, wounds=2,
                                    champion=True, bound=[{"spell": "fog", "power": "5/9"}])
    SectorUnitFactory(battle=battle, name="Ogres", card=ogres)
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    SectorCasterFactory(battle=battle, name="Magus", school="wizard")
    SectorCasterFactory(battle=battle, side="defender", name="Father Drelev", school="priest")
    return services.battle_start(battle=battle, actor=SYSTEM)


def names(battle) -> dict[str, str]:
    return {"{ogres}": unit_key(battle.units.get(name="Ogres")),
            "{magus}": caster_key(battle.casters.get(name="Magus")),
            "{priest}": caster_key(battle.casters.get(name="Father Drelev"))}


def filled(battle, value, field=""):
    text = json.dumps(value)
    for name, key in names(battle).items():
        text, field = text.replace(name, key), field.replace(name, key)
    return json.loads(text), field


def deployed(battle, player, rival, committed):
    ogres = unit_key(battle.units.get(name="Ogres"))
    pikes = unit_key(battle.units.get(name="Pitax Pikes"))
    assert put_orders(client_for(player), battle, {"placements": {ogres: "B1"}}).status_code == 200
    response = committed(put_orders, client_for(rival), battle, {"placements": {pikes: "C3"}})
    assert response.status_code == 200, response.content
    battle.refresh_from_db()
    assert battle.round == 1
    return battle


@pytest.fixture
def round_one(kingdom, rival_kingdom, player, rival, committed):
    return deployed(start(kingdom, rival_kingdom), player, rival, committed)


ORDERS = {
    "spells": {"{magus}": {"spell": "fog", "sector": "B2", "dice": 3}},
    "bound": [{"holder": "{ogres}", "index": 0, "dice": 3, "sector": "C2"}],
    "dispel": [{"spell": "fire_storm", "dice": 3, "at_least": 6}, {"spell": "any", "dice": 1}],
}


def test_magic_orders_are_stored_and_resolved(round_one, player, rival, committed):
    # Seed 002: bound spells «на 2 или на 3» dice; reference: the dispel plan "rules in
    # priority order, most dice, a threshold"; the pools fixed by the GM (8 power, 4 dispel).
    orders, _ = filled(round_one, ORDERS)
    response = put_orders(client_for(player), round_one, orders)
    assert response.status_code == 200, response.content
    stored = SideOrders.objects.get(battle=round_one, round=1, side="attacker").orders
    assert (stored["spells"], stored["bound"], stored["dispel"]) == (
        orders["spells"], orders["bound"], orders["dispel"])
    defence, _ = filled(round_one, {"dispel": [{"dice": 2}]})
    response = committed(put_orders, client_for(rival), round_one, defence)
    assert response.status_code == 200, response.content
    played = SectorRound.objects.get(battle=round_one, number=1)
    assert played.orders["attacker"]["bound"][0]["dice"] == 3
    assert played.orders["defender"]["dispel"] == [{"spell": "any", "dice": 2}]
    codes = [e["code"] for e in played.events]
    assert "magic_pool" in codes and "pool_discarded" in codes
    pools = [e["params"] for e in played.events if e["code"] == "magic_pool"]
    assert {(p["power"], p["dispel"]) for p in pools} == {(8, 4)}


@pytest.mark.parametrize(("orders", "field"), [
    ({"spells": {"{magus}": {"spell": "fog", "sector": "B2", "dice": 0}}}, "spells.{magus}.dice"),
    ({"spells": {"{magus}": {"spell": "fog", "sector": "B2", "dice": 6}}}, "spells.{magus}.dice"),
    ({"spells": {"{magus}": {"spell": "fog", "sector": "B2", "dice": "3"}}},
     "spells.{magus}.dice"),
    ({"spells": {"{magus}": {"spell": "haste", "dice": 2, "path": "B2"}}},
     "spells.{magus}.path"),
    ({"spells": {"{magus}": {"spell": "haste", "dice": 2, "cell": -1}}},
     "spells.{magus}.cell"),
    ({"spells": {"{magus}": {"spell": "haste", "dice": 2, "joins": "a b"}}},
     "spells.{magus}.joins"),
    ({"bound": {"holder": "{ogres}"}}, "bound"),
    ({"bound": [{"holder": "{ogres}", "dice": 4}]}, "bound.0.dice"),
    ({"bound": [{"holder": "{ogres}", "dice": "2"}]}, "bound.0.dice"),
    ({"bound": [{"dice": 2}]}, "bound.0.holder"),
    ({"bound": [{"holder": "{ogres}", "dice": 2, "power": "5/9"}]}, "bound.0.power"),
    ({"bound": [{"holder": "{ogres}", "dice": 2, "index": -1}]}, "bound.0.index"),
    ({"dispel": [{"spell": "wish", "dice": 2}]}, "dispel.0.spell"),
    ({"dispel": [{"dice": 0}]}, "dispel.0.dice"),
    ({"dispel": [{"spell": "any"}]}, "dispel.0.dice"),
    ({"dispel": [{"dice": 2, "at_least": -1}]}, "dispel.0.at_least"),
    ({"dispel": [{"dice": 2}] * 41}, "dispel"),
    ({"artifacts": {"{magus}": {"artifact": "artifact-1", "dice": 1}}},
     "artifacts.{magus}.dice"),
])
def test_malformed_magic_orders_are_400s_at_their_fields(round_one, player, orders, field):
    orders, field = filled(round_one, orders, field)
    body = refused(put_orders(client_for(player), round_one, orders))
    assert field in body, body
    assert not SideOrders.objects.filter(battle=round_one, round=1).exists()


@pytest.mark.parametrize(("orders", "field", "message"), [
    # Reference ruling: "the order names the spell and 1–5 power dice".
    ({"spells": {"{magus}": {"spell": "fog", "sector": "B2"}}}, "spells.{magus}.dice",
     "A spell is cast with 1 to 5 power dice."),
    # «может использовать каждое из своих связанных заклинаний один раз в фазу магии».
    ({"bound": [{"holder": "{ogres}", "dice": 2, "sector": "C2"}] * 2}, "bound.1",
     "Each bound spell is used once per magic phase."),
    ({"bound": [{"holder": "{ogres}", "index": 1, "dice": 2}]}, "bound.0.index",
     "Ogres carries no such bound spell."),
    ({"bound": [{"holder": "{priest}", "dice": 2}]}, "bound.0.holder",
     "Not one of your units or characters."),
])
def test_the_rules_refusals_are_at_their_fields(round_one, player, orders, field, message):
    orders, field = filled(round_one, orders, field)
    body = refused(put_orders(client_for(player), round_one, orders))
    assert message in body.get(field, []), body


def test_without_the_module_bound_spells_and_dispels_are_refused(kingdom, rival_kingdom, player,
                                                                 rival, committed):
    battle = deployed(start(kingdom, rival_kingdom, magic_dice=False), player, rival, committed)
    orders, _ = filled(battle, {"bound": ORDERS["bound"], "dispel": ORDERS["dispel"]})
    body = refused(put_orders(client_for(player), battle, orders))
    assert body == {"bound": ["This battle plays without magic dice."],
                    "dispel": ["This battle plays without magic dice."]}


def test_the_side_reads_its_own_bound_spells_and_the_public_pools(round_one, player, rival):
    # What `bound` orders name (holder, index); the enemy's never (only its own).
    ogres = unit_key(round_one.units.get(name="Ogres"))
    battle = client_for(player).get(sector_url(round_one, "")).json()
    assert battle["supply"]["bound"] == [
        {"holder": ogres, "index": 0, "spell": "fog", "power": "5/9"}]
    assert battle["view"]["victory_points"] == {"attacker": 0, "defender": 0}
    assert client_for(rival).get(sector_url(round_one, "")).json()["supply"]["bound"] == []


def test_the_card_catalog_shows_models_command_groups_and_bound_spells(round_one, player):
    cards = client_for(player).get("/api/unit-cards/?page_size=100").json()["results"]
    ogres = next(card for card in cards if card["code"] == "ogres")
    assert {k: ogres[k] for k in ("hits", "wounds", "champion", "standard", "musician",
                                  "bound")} == {
        "hits": 3, "wounds": 2, "champion": True, "standard": False, "musician": False,
        "bound": [{"spell": "fog", "power": "5/9"}]}
