"""Sector battles through the API: the permission matrix, a battle played over HTTP, orders the
rules refuse (400 naming each field under `orders`), a closed round (409), and hidden
information: what a player's JSON never holds (the other side's orders, enemy units hidden by
mass invisibility, fog or night, the truth under an enemy's illusion, the seed, the rolls and
the deck's order). The hidden states are built through the services and the engine.

The player's kingdom attacks (knights), the rival's defends (pikes); a bystander (a third kingdom
of the campaign) and the outsider (another campaign) see nothing (404); anonymous 401.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from api_support import client_for
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from factories import (
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    SectorBattleFactory,
    SectorCasterFactory,
    SectorUnitFactory,
    shipped_card,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battles.sector import resolution, services
from battles.sector.adapters import caster_key, round_orders_from_data, unit_key
from battles.sector.models import BattleStatus, SectorRound, SideOrders
from battles.sector.order_schema import MAX_ENTRIES
from campaigns.models import Role
from core.permissions import SYSTEM
from rules.cerilia.engine import resolve_round
from rules.cerilia.orders import HOLD
from rules.cerilia.state import FORTIFICATION, EffectKind, Terrain, TerrainKind, is_key, state_from_data
from rules.data import to_data
from rules.sides import Side

pytestmark = pytest.mark.django_db

PERSONAS = ["gm", "campaign_gm", "player", "rival", "bystander", "outsider", "anonymous"]
SEED = 86_753_091_234
# Keys that hold what only the GM may read.
SECRET_KEYS = {"seed", "rolls", "deck", "orders", "illusions", "illusory"}



def make_battle(kingdom, rival_kingdom, *, night=False, defenders=("Pitax Pikes",),
                wizard=False, seed=SEED):
    """A battle whose dice fall the same every run (the battle's seed is set)."""
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, max_rounds=6, night=night,
                                 seed=seed)
    SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Knights",
                      card=shipped_card("knights"))
    for name in defenders:
        SectorUnitFactory(battle=battle, side="defender", name=name, card=shipped_card("pikes"))
    if wizard:
        SectorCasterFactory(battle=battle, side="defender", name="Nyrissa's Hand",
                            school="wizard")
    return services.battle_start(battle=battle, actor=SYSTEM)


@pytest.fixture
def battle(kingdom, rival_kingdom):
    return make_battle(kingdom, rival_kingdom)


def unit_id(battle, name: str) -> str:
    return unit_key(battle.units.get(name=name))


def caster_id(battle) -> str:
    return caster_key(battle.casters.get())


def url(battle, tail: str = "") -> str:
    return f"/api/sector-battles/{battle.pk}/{tail}"


def put_orders(client, battle, orders, side=None):
    body = {"orders": orders} if side is None else {"side": side, "orders": orders}
    return client.put(url(battle, "orders/"), body, format="json")


def put_raw(client, battle, orders):
    """PUT the orders as JSON text with every non-ASCII character escaped (a lone surrogate
    cannot be encoded otherwise)."""
    return client.generic("PUT", url(battle, "orders/"), json.dumps({"orders": orders}),
                          content_type="application/json")


def play(committed, battle, player, rival, attacker: dict, defender: dict) -> None:
    """Both sides give their orders over HTTP; the second closes the round, which resolves."""
    assert put_orders(client_for(player), battle, attacker).status_code == 200
    response = committed(put_orders, client_for(rival), battle, defender)
    assert response.status_code == 200, response.content
    battle.refresh_from_db()


def deploy(committed, battle, player, rival, *, knights="C1", defenders=None):
    defenders = defenders or {"Pitax Pikes": "C3"}
    play(committed, battle, player, rival,
         {"placements": {unit_id(battle, "Tatzlford Knights"): knights}},
         {"placements": {unit_id(battle, name): where for name, where in defenders.items()}})
    assert battle.round == 1


def walk(data: Any) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) pair in a JSON document, at any depth."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key, value
            yield from walk(value)
    elif isinstance(data, list):
        for value in data:
            yield None, value
            yield from walk(value)


def unit_keys(data: Any) -> set[str]:
    """Every unit id a document names: as a unit's key, or an event's unit or target."""
    return {str(value) for key, value in walk(data)
            if key in ("key", "unit", "target") and isinstance(value, str | int)}


def player_documents(client, battle) -> dict[str, Any]:
    """Everything a player reads about the battle."""
    documents = {
        "detail": client.get(url(battle)).json(),
        "list": client.get("/api/sector-battles/").json(),
        "rounds": client.get(url(battle, "rounds/")).json(),
        "orders": client.get(url(battle, "orders/")).json(),
    }
    return documents


def assert_no_secrets(documents: dict[str, Any]) -> None:
    for name in ("detail", "list", "rounds"):
        found = {key for key, _value in walk(documents[name])} & SECRET_KEYS
        assert not found, (name, found)
    # The orders endpoint holds the side's own orders (and their bill) and nothing else.
    assert set(documents["orders"]) == {"side", "round", "orders", "submitted_at",
                                        "takes_orders", "deadline", "bill"}


# --- the permission matrix -------------------------------------------------------------------


def _matrix():
    see = {"gm": 200, "campaign_gm": 200, "player": 200, "rival": 200, "bystander": 404,
           "outsider": 404, "anonymous": 401}
    for target in ("", "rounds/"):
        for persona, code in see.items():
            yield "get", target, None, persona, code
    # The orders: a player of one side names no side; the GM must (400 without).
    for persona, code in {**see, "gm": 400, "campaign_gm": 400}.items():
        yield "get", "orders/", None, persona, code
    for persona, code in {**see, "rival": 403}.items():
        yield "get", "orders/?side=attacker", None, persona, code
    for persona, code in {**see, "player": 403}.items():
        yield "get", "orders/?side=defender", None, persona, code
    # Another side's view: the GM may take it; a player only their own.
    for persona, code in {**see, "player": 403}.items():
        yield "get", "?side=defender", None, persona, code
    for persona, code in {**see, "rival": 403}.items():
        yield "put", "orders/", "attacker", persona, code
    for persona, code in {**see, "player": 403}.items():
        yield "put", "orders/", "defender", persona, code
    for persona in PERSONAS:
        anonymous = persona == "anonymous"
        yield "delete", "", None, persona, 401 if anonymous else 405
        yield "post", "orders/", None, persona, 401 if anonymous else 405


@pytest.mark.parametrize(("method", "target", "side", "persona", "expected"), [
    pytest.param(*case, id=f"{case[0].upper()} {case[1] or 'detail'} {case[2] or ''} as "
                 f"{case[3]}") for case in _matrix()])
def test_permission_matrix(api_as, battle, bystander, method, target, side, persona, expected):
    client = api_as(persona)
    body = None
    if method == "put":
        mine = "Tatzlford Knights" if side == "attacker" else "Pitax Pikes"
        body = {"side": side, "orders": {"placements": {unit_id(battle, mine): "reserve"}}}
    response = getattr(client, method)(url(battle, target), body, format="json")
    assert response.status_code == expected, response.content
    if expected == 401:
        assert response["WWW-Authenticate"].startswith("Token")


def test_lists_hold_only_the_battles_the_persona_may_see(api_as, battle, bystander, outsider):
    def ids(persona):
        response = api_as(persona).get("/api/sector-battles/")
        assert response.status_code == 200
        return {row["id"] for row in response.json()["results"]}

    for persona in ("gm", "campaign_gm", "player", "rival"):
        assert ids(persona) == {battle.pk}
    assert ids("bystander") == ids("outsider") == set()


def test_my_sides_and_whose_view(api_as, battle):
    def detail(persona, query=""):
        return api_as(persona).get(url(battle, query)).json()

    player, rival, gm = detail("player"), detail("rival"), detail("campaign_gm")
    assert (player["my_sides"], player["view"]["side"]) == (["attacker"], "attacker")
    assert (rival["my_sides"], rival["view"]["side"]) == (["defender"], "defender")
    assert gm["my_sides"] == ["attacker", "defender"]
    assert "side" not in gm["view"] and "deck" in gm["view"]  # the whole truth
    assert detail("campaign_gm", "?side=defender")["view"] == rival["view"]
    assert detail("player", "?side=attacker")["view"] == player["view"]
    assert api_as("player").get(url(battle, "?side=nobody")).status_code == 400
    assert {"id", "name", "campaign", "attacker_kingdom", "defender_kingdom", "status", "round",
            "deadline", "winner", "takes_orders", "my_sides", "view", "bill", "supply"} == set(player)


def test_a_player_of_both_sides_names_the_side(battle, player):
    # One membership per campaign: the defending kingdom is, here, of another campaign.
    elsewhere = CampaignFactory(name="Elsewhere")
    battle.defender_kingdom = KingdomFactory(campaign=elsewhere, name="Second realm")
    battle.save(update_fields=["defender_kingdom"])
    MembershipFactory(user=player, campaign=elsewhere, role=Role.PLAYER,
                      kingdom=battle.defender_kingdom)
    both = player
    client = client_for(both)
    body = client.get(url(battle)).json()
    assert body["my_sides"] == ["attacker", "defender"] and body["view"]["side"] == "attacker"
    assert client.get(url(battle, "?side=defender")).json()["view"]["side"] == "defender"
    response = put_orders(client, battle, {})
    assert response.status_code == 400 and set(response.json()) == {"side"}
    assert put_orders(client, battle, {}, side="defender").status_code == 200


def test_the_unit_card_catalog(api_as):
    assert api_as("anonymous").get("/api/unit-cards/").status_code == 401
    response = api_as("outsider").get("/api/unit-cards/")
    assert response.status_code == 200
    cards = {card["code"]: card for card in response.json()["results"]}
    assert {"knights", "pikes", "infantry"} <= set(cards)
    assert cards["knights"]["movement"] == shipped_card("knights").movement
    assert api_as("player").post("/api/unit-cards/", {}, format="json").status_code == 405


# --- a battle over HTTP ----------------------------------------------------------------------


def test_a_battle_played_over_http(battle, player, rival, campaign_gm, committed):
    knights, pikes = unit_id(battle, "Tatzlford Knights"), unit_id(battle, "Pitax Pikes")
    attacker, defender = client_for(player), client_for(rival)
    response = put_orders(attacker, battle, {"placements": {knights: "C1"}})
    assert response.status_code == 200
    assert response.json()["orders"] == {"placements": {knights: "C1"}}
    assert response.json()["side"] == "attacker" and response.json()["round"] == 0
    assert attacker.get(url(battle, "orders/")).json()["orders"] == {"placements": {knights: "C1"}}
    assert defender.get(url(battle, "orders/")).json()["orders"] == {}  # not the attacker's
    # Changing one's mind replaces the stored orders.
    assert put_orders(attacker, battle, {"placements": {knights: "B1"}}).status_code == 200
    assert put_orders(attacker, battle, {"placements": {knights: "C1"}}).status_code == 200
    response = committed(put_orders, defender, battle, {"placements": {pikes: "C3"}},
                         side="defender")
    assert response.status_code == 200
    battle.refresh_from_db()
    assert battle.round == 1 and battle.status == BattleStatus.OPEN
    detail = attacker.get(url(battle)).json()
    assert detail["round"] == 1 and detail["takes_orders"] is True
    assert {u["key"]: u["position"] for u in detail["view"]["units"]} == {knights: "C1",
                                                                          pikes: "C3"}
    assert attacker.get(url(battle, "orders/")).json()["orders"] == {}  # a new round
    play(committed, battle, player, rival, {"moves": {knights: ["C2", "C3"]}}, {})
    assert battle.round == 2, (battle.status, battle.error, battle.locked_at)
    rounds = attacker.get(url(battle, "rounds/")).json()
    assert [r["number"] for r in rounds] == [0, 1]
    assert any(e["code"] == "engages" for e in rounds[1]["events"])
    truth = client_for(campaign_gm).get(url(battle, "rounds/")).json()
    record = SectorRound.objects.get(battle=battle, number=1)
    assert truth[1]["seed"] == record.seed == resolution.round_seed(battle.seed, 1)
    assert truth[1]["orders"]["attacker"]["moves"] == {knights: ["C2", "C3"]}
    assert truth[1]["rolls"] == record.rolls
    sides = client_for(campaign_gm).get(url(battle, "rounds/?side=defender")).json()
    assert sides == client_for(rival).get(url(battle, "rounds/")).json()


def test_the_gm_orders_either_side(battle, campaign_gm):
    gm = client_for(campaign_gm)
    pikes = unit_id(battle, "Pitax Pikes")
    response = put_orders(gm, battle, {"placements": {pikes: "A3"}}, side="defender")
    assert response.status_code == 200
    row = SideOrders.objects.get(battle=battle, round=0, side="defender")
    assert row.orders == {"placements": {pikes: "A3"}} and row.submitted_by == campaign_gm
    assert gm.get(url(battle, "orders/?side=defender")).json()["orders"] == row.orders


# --- orders the rules or the shape refuse ------------------------------------------------------


def refused(response) -> dict:
    assert response.status_code == 400, response.content
    return response.json()


def test_deployment_errors_name_each_field(battle, player):
    knights = unit_id(battle, "Tatzlford Knights")
    pikes = unit_id(battle, "Pitax Pikes")
    body = refused(put_orders(client_for(player), battle,
                              {"placements": {knights: "C3", pikes: "C1", "999999": "A1"}}))
    assert set(body["orders"]) == {f"placements.{knights}", f"placements.{pikes}",
                                   "placements.999999"}
    assert body["orders"][f"placements.{knights}"][0]  # a message in words
    body = refused(put_orders(client_for(player), battle, {"fortification": "C3"}))
    assert set(body["orders"]) == {"fortification"}
    assert not SideOrders.objects.filter(battle=battle).exists()


@pytest.fixture
def round_one(battle, player, rival, committed):
    deploy(committed, battle, player, rival)
    return battle


@pytest.mark.parametrize(("orders", "field"), [
    ({"moves": {"999999": ["C2"]}}, "moves.999999"),                       # unknown unit
    ({"moves": {"{knights}": ["C2", "C3", "D3"]}}, "moves.{knights}"),     # too far
    ({"moves": {"{knights}": ["E4"]}}, "moves.{knights}"),                 # no such sector
    ({"moves": {"{knights}": 5}}, "moves.{knights}"),                      # not a list
    ({"moves": {"{knights}": [1, 2]}}, "moves.{knights}"),                 # not sectors
    ({"moves": ["C2"]}, "moves"),                                           # not an object
    ({"targets": {"{knights}": "999999"}}, "targets.{knights}"),           # unknown enemy
    ({"spells": {"999999": {"spell": "fog", "sector": "C2"}}}, "spells.999999"),
    ({"withdraw": "yes"}, "withdraw"),
    # Out of shape, refused before the rules look: the path names the field.
    ({"moves": {"{knights}": ["C2\x00"]}}, "moves.{knights}.0"),          # a NUL byte
    ({"moves": {"{knights}": ["\ud800"]}}, "moves.{knights}.0"),          # a lone surrogate
    ({"moves": {"{knights}": ["C2"] * 16}}, "moves.{knights}"),            # longer than the field
    ({"moves": {"{knights}": ["C" * 17]}}, "moves.{knights}.0"),           # an overlong name
    ({"moves": {"7\x00": ["C2"]}}, "moves"),                               # a key with NUL
    ({"targets": {"\udc00": "1"}}, "targets"),                             # a surrogate key
    ({"moves": {"a b": ["C2"]}}, "moves"),                                  # not an id
    ({"moves": {str(n): [] for n in range(201)}}, "moves"),                # too many entries
    ({"targets": {"{knights}": "x\x00"}}, "targets.{knights}"),
    ({"spells": {"3": {"spell": "fog", "sector": "C2", "power": 9}}}, "spells.3.power"),
    ({"spells": {"3": {"spell": "fog", "sector": "\ud83d"}}}, "spells.3.sector"),
    ({"withdraw": 1}, "withdraw"),
])
def test_round_orders_errors_name_each_field(round_one, player, orders, field):
    knights = unit_id(round_one, "Tatzlford Knights")
    orders = json.loads(json.dumps(orders).replace("{knights}", knights))
    body = refused(put_raw(client_for(player), round_one, orders))
    assert set(body) == {"orders"}
    assert field.replace("{knights}", knights) in body["orders"], body
    assert not SideOrders.objects.filter(battle=round_one, round=1).exists()


def test_a_bad_spell_names_its_field(kingdom, rival_kingdom, player, rival, committed):
    battle = make_battle(kingdom, rival_kingdom, wizard=True)
    deploy(committed, battle, player, rival)
    wizard, client = caster_id(battle), client_for(rival)
    body = refused(put_orders(client, battle, {"spells": {wizard: {"spell": "wish"}}}))
    assert f"spells.{wizard}.spell" in body["orders"]
    body = refused(put_orders(client, battle, {"spells": {wizard: {"spell": "fog"}}}))
    assert f"spells.{wizard}.sector" in body["orders"]
    body = refused(put_orders(client, battle, {"spells": {wizard: {"spell": "bless"}}}))
    assert f"spells.{wizard}.spell" in body["orders"]  # a priest's spell
    body = refused(put_orders(client, battle, {"spells": {wizard: "fog"}}))
    assert f"spells.{wizard}" in body["orders"]
    # Whatever a spell does not use must still be a name: nothing odd is stored to break a page.
    for name, odd in (("unit", ["x"]), ("sign", {"a": 1}), ("sector", ["C2"])):
        body = refused(put_orders(client, battle, {"spells": {wizard: {
            "spell": "fog", "sector": "C2", name: odd}}}))
        assert f"spells.{wizard}.{name}" in body["orders"], body
    assert not SideOrders.objects.filter(battle=battle, round=1).exists()


@pytest.mark.parametrize("payload", [
    {"orders": []}, {"orders": "C3"}, {"orders": None}, {}, [], "orders",
    {"orders": {}, "side": "both"}, {"orders": {}, "extra": 1},
])
def test_a_bad_body_is_a_400(battle, player, payload):
    response = client_for(player).put(url(battle, "orders/"), payload, format="json")
    assert response.status_code == 400, response.content


def test_keys_of_another_phase_are_refused(round_one, player):
    body = refused(put_orders(client_for(player), round_one, {"placements": {}, "movs": {}}))
    assert set(body["orders"]) == {"placements", "movs"}


def test_deployment_out_of_shape_is_a_400_naming_the_field(battle, player):
    body = refused(put_raw(client_for(player), battle, {
        "placements": {"\ud800": "C1"}, "fortification": "C3\x00", "directions": {"B2": ["B3"]}}))
    assert set(body["orders"]) == {"placements", "fortification", "directions.B2"}


def test_the_bounds_are_named_in_the_message(round_one, player):
    body = refused(put_orders(client_for(player), round_one,
                              {"moves": {f"u{n}": [] for n in range(MAX_ENTRIES + 1)}}))
    assert body["orders"]["moves"] == [f"At most {MAX_ENTRIES} entries."]


def test_orders_are_stored_in_their_checked_shape(round_one, player):
    knights = unit_id(round_one, "Tatzlford Knights")
    assert put_orders(client_for(player), round_one, {
        "moves": {knights: [" C2 "]}, "spells": {}, "withdraw": False}).status_code == 200
    stored = SideOrders.objects.get(battle=round_one, round=1).orders
    assert stored == {"moves": {knights: ["C2"]}, "spells": {}, "withdraw": False}


def test_the_engines_keys_pass_the_orders_schema(battle, kingdom, rival_kingdom):
    wizard_battle = make_battle(kingdom, rival_kingdom, wizard=True)
    keys = [item["key"] for b in (battle, wizard_battle)
            for item in (*b.state["units"], *b.state["casters"])]
    assert keys and all(is_key(key) for key in [*keys, FORTIFICATION])


# --- a closed round --------------------------------------------------------------------------


def test_orders_for_a_closed_round_are_a_409(battle, player):
    knights = unit_id(battle, "Tatzlford Knights")
    battle.locked_at = timezone.now()
    battle.save()
    response = put_orders(client_for(player), battle, {"placements": {knights: "C1"}})
    assert response.status_code == 409
    body = response.json()
    assert body["battle"] == battle.pk and body["status"] == "open" and body["round"] == 0
    assert body["detail"]
    assert not SideOrders.objects.filter(battle=battle).exists()


def test_orders_for_a_finished_battle_are_a_409(battle, player):
    battle.status = BattleStatus.FINISHED
    battle.save()
    response = put_orders(client_for(player), battle, {})
    assert response.status_code == 409 and response.json()["status"] == "finished"


# --- hidden information ----------------------------------------------------------------------


def test_a_player_never_reads_the_other_sides_orders(round_one, player, rival, campaign_gm,
                                                     committed):
    battle = round_one
    knights, pikes = unit_id(battle, "Tatzlford Knights"), unit_id(battle, "Pitax Pikes")
    secret = {"moves": {pikes: ["C2"]}, "withdraw": False}
    assert put_orders(client_for(rival), battle, secret).status_code == 200
    attacker = client_for(player)
    documents = player_documents(attacker, battle)
    assert documents["orders"]["orders"] == {} and documents["orders"]["side"] == "attacker"
    assert_no_secrets(documents)
    assert attacker.get(url(battle, "orders/?side=defender")).status_code == 403
    # Once the round is resolved the record holds both sides' orders: the GM's alone.
    response = committed(put_orders, attacker, battle, {"moves": {knights: ["C2"]}})
    assert response.status_code == 200
    battle.refresh_from_db()
    assert_no_secrets(player_documents(attacker, battle))
    assert_no_secrets(player_documents(client_for(rival), battle))
    truth = client_for(campaign_gm).get(url(battle, "rounds/")).json()
    assert truth[1]["orders"]["defender"]["moves"] == {pikes: ["C2"]}


def test_seed_rolls_and_deck_order_are_the_gms_alone(round_one, player, rival, campaign_gm,
                                                    committed):
    battle = round_one
    knights = unit_id(battle, "Tatzlford Knights")
    play(committed, battle, player, rival, {"moves": {knights: ["C2", "C3"]}}, {})
    record = SectorRound.objects.get(battle=battle, number=1)
    assert record.rolls  # the melee drew cards and rolled dice
    for client in (client_for(player), client_for(rival)):
        documents = player_documents(client, battle)
        assert_no_secrets(documents)
        assert documents["detail"]["view"]["deck_left"] == len(battle.state["deck"])
        text = json.dumps(documents)
        assert str(record.seed) not in text and str(battle.seed) not in text
    gm = client_for(campaign_gm)
    assert gm.get(url(battle)).json()["view"]["deck"] == battle.state["deck"]
    assert gm.get(url(battle, "rounds/")).json()[1]["rolls"] == record.rolls
    as_player = gm.get(url(battle, "rounds/?side=attacker")).json()
    assert not {key for key, _value in walk(as_player)} & SECRET_KEYS


def test_a_unit_hidden_by_mass_invisibility_never_reaches_the_enemy(
        kingdom, rival_kingdom, player, rival, campaign_gm, committed):
    battle = make_battle(kingdom, rival_kingdom, defenders=("Pitax Pikes", "Shadow Company"),
                         wizard=True)
    deploy(committed, battle, player, rival,
           defenders={"Pitax Pikes": "C3", "Shadow Company": "D3"})
    shadow, wizard = unit_id(battle, "Shadow Company"), caster_id(battle)
    play(committed, battle, player, rival, {},
         {"spells": {wizard: {"spell": "mass_invisibility", "unit": shadow}}})
    assert state_from_data(battle.state).unit(shadow).hidden
    attacker = client_for(player)
    documents = player_documents(attacker, battle)
    # Before the spell (round 0) the attacker saw it; since, nothing names it.
    rounds, documents["rounds"] = documents["rounds"], documents["rounds"][1:]
    assert shadow in unit_keys(rounds[0]) and "Shadow Company" in json.dumps(rounds[0])
    assert shadow not in unit_keys(documents)
    assert "Shadow Company" not in json.dumps(documents)
    assert_no_secrets({**documents, "rounds": rounds})
    # Nor may the attacker aim at it.
    knights = unit_id(battle, "Tatzlford Knights")
    body = refused(put_orders(attacker, battle, {"targets": {knights: shadow}}))
    assert f"targets.{knights}" in body["orders"]
    # Its own side sees it, hidden; the GM the truth.
    own = client_for(rival).get(url(battle)).json()["view"]["units"]
    assert next(u for u in own if u["key"] == shadow)["hidden"] is True
    truth = client_for(campaign_gm).get(url(battle)).json()["view"]["units"]
    assert next(u for u in truth if u["key"] == shadow)["hidden"] is True


def test_the_truth_under_an_enemy_illusion_stays_hidden(kingdom, rival_kingdom, player, rival,
                                                        campaign_gm, committed):
    battle = make_battle(kingdom, rival_kingdom, wizard=True)
    deploy(committed, battle, player, rival)
    wizard = caster_id(battle)
    # Round 1: B2 looks like forest; round 2: a swamp appears under the illusion.
    play(committed, battle, player, rival, {},
         {"spells": {wizard: {"spell": "illusory_terrain", "sector": "B2",
                              "terrain": "forest"}}})
    play(committed, battle, player, rival, {},
         {"spells": {wizard: {"spell": "transmute_water_to_dust", "sector": "B2"}}})
    truth = state_from_data(battle.state)
    assert [t.kind.value for t in truth.terrain_in("B2")] == ["swamp"]
    documents = player_documents(client_for(player), battle)
    # Shaped exactly like a real forest card: nothing tells it is an illusion.
    real_forest = json.loads(json.dumps(to_data(Terrain(TerrainKind.FOREST, "B2"))))
    assert documents["detail"]["view"]["sectors"]["B2"]["terrain"] == [real_forest]
    for number in (1, 2):
        assert documents["rounds"][number]["sectors"]["B2"]["terrain"][0]["kind"] == "forest"
    assert "swamp" not in json.dumps(documents)
    assert_no_secrets(documents)
    # The caster's side knows its illusion, and what lies under it.
    own = client_for(rival).get(url(battle)).json()["view"]["sectors"]["B2"]["terrain"]
    assert {t["kind"] for t in own} == {"swamp", "forest"}
    assert any(t.get("illusory") for t in own)
    gm = client_for(campaign_gm).get(url(battle)).json()["view"]
    assert [i["sector"] for i in gm["illusions"]] == ["B2"]


def _seed_keeping_fog(battle, defender_orders: dict) -> int:
    """A battle seed whose round-1 dice keep the fog past the round (it lasts 1d3 rounds)."""
    state = state_from_data(battle.state)
    orders = {Side.ATTACKER: HOLD, Side.DEFENDER: round_orders_from_data(defender_orders)}
    for seed in range(1, 500):
        outcome = resolve_round(state, orders, resolution.round_seed(seed, 1))
        if any(e.kind is EffectKind.FOG for e in outcome.state.effects):
            return seed
    raise AssertionError("no seed keeps the fog")


def test_enemy_units_in_fog_stay_hidden(kingdom, rival_kingdom, player, rival, campaign_gm,
                                        committed):
    battle = make_battle(kingdom, rival_kingdom, wizard=True)
    deploy(committed, battle, player, rival)
    pikes, wizard = unit_id(battle, "Pitax Pikes"), caster_id(battle)
    fog = {"spells": {wizard: {"spell": "fog", "sector": "C3"}}}
    battle.seed = _seed_keeping_fog(battle, fog)
    battle.save(update_fields=["seed"])
    play(committed, battle, player, rival, {}, fog)
    assert any(e.kind is EffectKind.FOG for e in state_from_data(battle.state).effects)
    documents = player_documents(client_for(player), battle)
    documents["rounds"] = documents["rounds"][1:]   # round 0 saw it, before the fog
    assert pikes not in unit_keys(documents)
    assert "Pitax Pikes" not in json.dumps(documents)
    assert_no_secrets(documents)
    truth = client_for(campaign_gm).get(url(battle)).json()["view"]
    assert pikes in unit_keys(truth["units"])
    assert pikes in unit_keys(client_for(rival).get(url(battle)).json()["view"]["units"])


def test_enemy_units_hidden_by_night(kingdom, rival_kingdom, player, rival, campaign_gm,
                                     committed):
    battle = make_battle(kingdom, rival_kingdom, night=True)
    deploy(committed, battle, player, rival, knights="A1", defenders={"Pitax Pikes": "E3"})
    play(committed, battle, player, rival, {}, {})
    pikes, knights = unit_id(battle, "Pitax Pikes"), unit_id(battle, "Tatzlford Knights")
    attacker, defender = player_documents(client_for(player), battle), \
        player_documents(client_for(rival), battle)
    assert [r["number"] for r in attacker["rounds"]] == [0, 1]
    # Far apart at night, neither side sees the other, in any round.
    assert pikes not in unit_keys(attacker) and "Pitax Pikes" not in json.dumps(attacker)
    assert knights not in unit_keys(defender) and "Tatzlford Knights" not in json.dumps(defender)
    assert_no_secrets(attacker)
    assert_no_secrets(defender)
    truth = client_for(campaign_gm).get(url(battle)).json()["view"]
    assert {pikes, knights} <= unit_keys(truth["units"])


# --- random orders: refused by field or taken, never a server error ---------------------------

_SECTORS = st.sampled_from(["C1", "C2", "C3", "B2", "E4", "reserve", "c2", "", " C2 "])
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**20) | st.text(max_size=4)
                     | _SECTORS, lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=6)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_orders_never_fail_the_server(kingdom, rival_kingdom, rival, data):
    # A battle per example (the database rolls back only after the test); its state is phase
    # 0's, which the round-1 orders are checked against all the same.
    battle = make_battle(kingdom, rival_kingdom, wizard=True)
    ids = st.sampled_from([unit_id(battle, "Tatzlford Knights"), unit_id(battle, "Pitax Pikes"),
                           caster_id(battle), "0", "x"])
    spell = st.fixed_dictionaries({}, optional={
        "spell": st.sampled_from(["fog", "mass_invisibility", "bless", "wall_of_fire",
                                  "illusory_terrain", "fire_storm", "nope"]) | _JSON,
        "sector": _SECTORS | _JSON, "toward": _SECTORS | _JSON, "unit": ids | _JSON,
        "terrain": st.sampled_from(["forest", "cliffs", "fortification"]) | _JSON,
        "sign": st.sampled_from(["sun", "moon", "x"]) | _JSON})
    if data.draw(st.booleans(), label="deployment"):
        orders = data.draw(st.fixed_dictionaries({}, optional={
            "placements": st.dictionaries(ids, _SECTORS | _JSON, max_size=2) | _JSON,
            "fortification": _SECTORS | _JSON,
            "directions": st.dictionaries(_SECTORS, _SECTORS | _JSON, max_size=2) | _JSON}))
        response = put_orders(client_for(rival), battle, orders)
        assert response.status_code in (200, 400), response.content
        return
    battle.round = 1
    battle.save(update_fields=["round"])
    orders = data.draw(st.fixed_dictionaries({}, optional={
        "moves": st.dictionaries(ids, st.lists(_SECTORS, max_size=3) | _JSON, max_size=2)
        | _JSON,
        "targets": st.dictionaries(ids, ids | _JSON, max_size=2) | _JSON,
        "spells": st.dictionaries(ids, spell | _JSON, max_size=2) | _JSON,
        "withdraw": st.booleans() | _JSON}))
    response = put_orders(client_for(rival), battle, orders)
    assert response.status_code in (200, 400), response.content


def test_the_battle_list_reads_the_readers_sides_once(kingdom, rival_kingdom, player):
    client = client_for(player)
    make_battle(kingdom, rival_kingdom)
    with CaptureQueriesContext(connection) as one:
        assert len(client.get("/api/sector-battles/").json()["results"]) == 1
    for _ in range(4):
        make_battle(kingdom, rival_kingdom)
    with CaptureQueriesContext(connection) as five:
        assert len(client.get("/api/sector-battles/").json()["results"]) == 5
    assert len(five) == len(one)
