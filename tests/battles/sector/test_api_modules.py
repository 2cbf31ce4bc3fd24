"""Seed 001's orders through the API (001_5d751c33a121b07e.txt; reference/sector-modules.md):
each malformed part of the orders a 400 naming its field under `orders`, never a 500; the
rules' refusals (standing orders, points short) at their fields; and, under module "command",
the bill of the side's orders (their price and the points left) in the orders' answer and in a
preview that stores nothing.

The player's kingdom attacks with knights and a guard under a general with 1 command point; the
rival's pikes defend."""
from __future__ import annotations

import json

import pytest
from api_support import client_for, put_orders, refused, sector_url
from factories import (
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    SectorBattleFactory,
    SectorCasterFactory,
    SectorTrapFactory,
    SectorUnitFactory,
    UserFactory,
    shipped_artifact,
    shipped_card,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battles.sector import services
from battles.sector.adapters import artifact_key, caster_key, trap_key, unit_key
from battles.sector.models import SideOrders, UnitCard
from campaigns.models import Role
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db

SEED = 86_753_091_234


def start(kingdom, rival_kingdom, *, modules=True, command=1, independent=False):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, max_rounds=6, seed=SEED,
                                 modules=modules)
    knights = SectorUnitFactory(battle=battle, name="Tatzlford Knights",
                                card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, name="Tatzlford Guard")
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    if independent:
        SectorUnitFactory(battle=battle, name="Free Rangers", card=UnitCard.objects.get_or_create(
            code="free_rangers", defaults={
                "name": "Free rangers", "melee": 2, "defense": 2, "morale": ["sun"],
                "movement": 2, "hits": 1, "tags": ["independent", "infantry"]})[0])
    SectorCasterFactory(battle=battle, name="Lord Tatzl", school="", roles=["general"],
                        command=command, unit=knights)
    SectorCasterFactory(battle=battle, side="defender", name="Castellan Drelev", school="",
                        roles=["hero"])
    return services.battle_start(battle=battle, actor=SYSTEM)


def key(battle, name: str) -> str:
    return unit_key(battle.units.get(name=name))


@pytest.fixture
def battle(kingdom, rival_kingdom):
    return start(kingdom, rival_kingdom)


@pytest.fixture
def round_one(battle, player, rival, committed):
    assert put_orders(client_for(player), battle, {"placements": {
        key(battle, "Tatzlford Knights"): "B1", key(battle, "Tatzlford Guard"): "C1"}}
    ).status_code == 200
    response = committed(put_orders, client_for(rival), battle,
                         {"placements": {key(battle, "Pitax Pikes"): "C3"}})
    assert response.status_code == 200, response.content
    battle.refresh_from_db()
    assert battle.round == 1
    return battle


# -- the shape: each malformed part is a 400 at its field ---------------------------------------


@pytest.mark.parametrize(("orders", "field"), [
    ({"standing": {"{guard}": "hold"}}, "standing.{guard}"),
    ({"standing": {"{guard}": [{"kind": "charge"}]}}, "standing.{guard}.0.kind"),
    ({"standing": {"{guard}": [{"kind": "hold", "why": 1}]}}, "standing.{guard}.0.why"),
    ({"standing": {"{guard}": [{"kind": "shoot", "target": "a b"}]}},
     "standing.{guard}.0.target"),
    ({"standing": {"a b": []}}, "standing"),
    ({"ambushes": {"{guard}": {"sector": "B2"}}}, "ambushes.{guard}.name"),
    ({"ambushes": {"{guard}": {"sector": "B2", "name": "x" * 61}}}, "ambushes.{guard}.name"),
    ({"ambushes": {"{guard}": {"sector": "B2\x00", "name": "Wolves"}}},
     "ambushes.{guard}.sector"),
    ({"ambushes": {"{guard}": "B2"}}, "ambushes.{guard}"),
    ({"traps": {"trap-1": {"name": "Pits", "sectors": ["A1", "B1", "C1", "D1"]}}},
     "traps.trap-1.sectors"),
    ({"traps": {"trap-1": {"name": "Pits", "sectors": ["A1"], "real": 3}}},
     "traps.trap-1.real"),
    ({"traps": {"trap-1": {"name": "Pits", "sectors": ["A1"], "real": "0"}}},
     "traps.trap-1.real"),
    ({"traps": {"trap-1": {"sectors": ["A1"]}}}, "traps.trap-1.name"),
    ({"markers": {}}, "markers"),          # a round's key, not phase 0's
])
def test_malformed_phase_0_parts_are_400s_at_their_fields(battle, player, orders, field):
    guard = key(battle, "Tatzlford Guard")
    orders = json.loads(json.dumps(orders).replace("{guard}", guard))
    body = refused(put_orders(client_for(player), battle, orders))
    assert field.replace("{guard}", guard) in body, body
    assert not SideOrders.objects.filter(battle=battle).exists()


@pytest.mark.parametrize(("orders", "field"), [
    ({"standing": {"{guard}": [{"kind": None}]}}, "standing.{guard}.0.kind"),
    ({"markers": {"ambush-1": {"paths": [["B2"]] * 4}}}, "markers.ambush-1.paths"),
    ({"markers": {"ambush-1": {"paths": [["B2"] * 16]}}}, "markers.ambush-1.paths.0"),
    ({"markers": {"ambush-1": {"paths": [["\ud800"]]}}}, "markers.ambush-1.paths.0.0"),
    ({"markers": {"ambush-1": {"paths": [], "true": True}}}, "markers.ambush-1.true"),
    ({"markers": {"ambush-1": "B2"}}, "markers.ambush-1"),
    ({"scouts": "{guard}"}, "scouts"),
    ({"scouts": ["a b"]}, "scouts.0"),
    ({"scouts": [None]}, "scouts.0"),
    ({"artifacts": {"{general}": {}}}, "artifacts.{general}.artifact"),
    ({"artifacts": {"{general}": {"artifact": "artifact-1", "target": "a b"}}},
     "artifacts.{general}.target"),
    ({"artifacts": {"{general}": "artifact-1"}}, "artifacts.{general}"),
    ({"reveal_first": ["C2\x00"]}, "reveal_first.0"),
    ({"reveal_first": "C2"}, "reveal_first"),
    ({"reveal_first": ["C2"] * 16}, "reveal_first"),
    ({"ambushes": {}}, "ambushes"),        # phase 0's key, not a round's
])
def test_malformed_round_parts_are_400s_at_their_fields(round_one, player, orders, field):
    names = {"{guard}": key(round_one, "Tatzlford Guard"),
             "{general}": caster_key(round_one.casters.get(name="Lord Tatzl"))}
    text = json.dumps(orders)
    for name, value in names.items():
        text, field = text.replace(name, value), field.replace(name, value)
    body = refused(put_orders(client_for(player), round_one, json.loads(text)))
    assert field in body, body
    assert not SideOrders.objects.filter(battle=round_one, round=1).exists()


# -- the rules' refusals ------------------------------------------------------------------------


def test_standing_orders_go_only_to_independent_units(battle, player):
    # Seed: "Перед игрой игрок определяет 2 приказа, которые воины с навыком Самостоятельный
    # будут выполнять" (001_5d751c33a121b07e.txt).
    guard = key(battle, "Tatzlford Guard")
    body = refused(put_orders(client_for(player), battle, {"standing": {guard: [
        {"kind": "hold"}, {"kind": "shoot_nearest"}]}}))
    assert body == {f"standing.{guard}": ["Only independent warriors take standing orders."]}


def test_an_independent_unit_gets_its_two_standing_orders_in_phase_0(kingdom, rival_kingdom,
                                                                     player):
    battle = start(kingdom, rival_kingdom, independent=True)
    rangers, client = key(battle, "Free Rangers"), client_for(player)
    body = refused(put_orders(client, battle, {"placements": {}}))
    assert set(body) == {f"standing.{rangers}"}
    orders = {"standing": {rangers: [{"kind": "advance_to", "target": "c2"},
                                     {"kind": "shoot_nearest"}]}}
    response = put_orders(client, battle, orders)
    assert response.status_code == 200, response.content
    assert response.json()["orders"]["standing"] == {rangers: [
        {"kind": "advance_to", "target": "c2"}, {"kind": "shoot_nearest"}]}
    assert response.json()["bill"] is None   # phase 0 costs nothing


def test_without_the_command_module_no_standing_orders(kingdom, rival_kingdom, player):
    battle = start(kingdom, rival_kingdom, modules=False)
    guard = key(battle, "Tatzlford Guard")
    body = refused(put_orders(client_for(player), battle, {"standing": {guard: [
        {"kind": "hold"}, {"kind": "hold"}]}}))
    assert body == {f"standing.{guard}": ["This battle has no standing orders."]}


# -- the bill -------------------------------------------------------------------------------------


def test_the_orders_answer_carries_the_bill(round_one, player):
    # Reference, ruling: "each unit that receives an order in a round ... costs 1 point: from
    # the side's general (КН: a pool per round, default 3)"; this general has 1.
    client = client_for(player)
    assert client.get(sector_url(round_one)).json()["bill"] == {
        "prices": {}, "total": 0, "command": 0, "command_left": 1, "will": {},
        "will_left": {}, "unpaid": []}
    guard = key(round_one, "Tatzlford Guard")
    response = put_orders(client, round_one, {"moves": {guard: ["C2"]}})
    assert response.status_code == 200, response.content
    assert response.json()["bill"] == {
        "prices": {f"moves.{guard}": 1}, "total": 1, "command": 1, "command_left": 0,
        "will": {}, "will_left": {}, "unpaid": []}
    assert client.get(sector_url(round_one)).json()["bill"]["command_left"] == 0


def test_orders_costing_more_than_the_side_has_are_refused_with_the_price(round_one, player):
    # Reference: "An order set that costs more than the side has is refused at submission
    # with the price and the points left."
    knights, guard = key(round_one, "Tatzlford Knights"), key(round_one, "Tatzlford Guard")
    body = refused(put_orders(client_for(player), round_one,
                       {"moves": {knights: ["B2"], guard: ["C2"]}}))
    (where, messages), = body.items()
    assert where in (f"moves.{knights}", f"moves.{guard}")
    assert "This order costs 1 points" in messages[0] and "has 0 command points" in messages[0]
    assert not SideOrders.objects.filter(battle=round_one, round=1).exists()


def test_the_preview_prices_orders_and_stores_nothing(round_one, player):
    guard, client = key(round_one, "Tatzlford Guard"), client_for(player)
    response = client.post(sector_url(round_one, "orders/preview/"),
                           {"orders": {"moves": {guard: ["C2"]}}}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["bill"]["prices"] == {f"moves.{guard}": 1}
    knights = key(round_one, "Tatzlford Knights")
    response = client.post(sector_url(round_one, "orders/preview/"),
                           {"orders": {"moves": {guard: ["C2"], knights: ["B2"]}}},
                           format="json")
    assert response.status_code == 400 and set(response.json()["orders"]) <= {
        f"moves.{guard}", f"moves.{knights}"}
    assert client.post(sector_url(round_one, "orders/preview/"), {"orders": {"moves": 5}},
                       format="json").status_code == 400
    assert not SideOrders.objects.filter(battle=round_one).exclude(round=0).exists()


def test_the_preview_is_for_the_sides_own_commanders(round_one, rival, outsider_client):
    response = client_for(rival).post(sector_url(round_one, "orders/preview/"),
                                      {"side": "attacker", "orders": {}}, format="json")
    assert response.status_code == 403
    assert outsider_client.post(sector_url(round_one, "orders/preview/"), {"orders": {}},
                                format="json").status_code == 404


def test_without_the_command_module_there_is_no_bill(kingdom, rival_kingdom, player, rival,
                                                    committed):
    battle = start(kingdom, rival_kingdom, modules=False)
    put_orders(client_for(player), battle, {"placements": {}})
    committed(put_orders, client_for(rival), battle, {"placements": {}})
    battle.refresh_from_db()
    assert battle.round == 1
    assert client_for(player).get(sector_url(battle)).json()["bill"] is None


@pytest.fixture
def outsider_client(db):
    user = UserFactory(username="outsider-of-modules")
    MembershipFactory(user=user, campaign=CampaignFactory(), role=Role.PLAYER,
                      kingdom=KingdomFactory())
    return client_for(user)


_SECTORS = st.sampled_from(["C1", "C2", "B2", "E4", "reserve", "c2", "", " C2 "])
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**20) | st.text(max_size=4)
                     | _SECTORS, lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=6)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_module_orders_never_fail_the_server(kingdom, rival_kingdom, player, data):
    # A battle per example (the database rolls back only after the test); its state is phase
    # 0's, which the round-1 orders are checked against all the same.
    battle = start(kingdom, rival_kingdom, independent=True)
    ids = st.sampled_from([key(battle, "Tatzlford Guard"), key(battle, "Free Rangers"),
                           key(battle, "Pitax Pikes"), "trap-1", "ambush-1", "0", "x"])
    standing = st.lists(st.fixed_dictionaries({}, optional={
        "kind": st.sampled_from(["advance_to", "hold", "shoot", "scout", "nope"]) | _JSON,
        "target": ids | _SECTORS | _JSON}) | _JSON, max_size=3)
    names = st.sampled_from(["Wolves", "", "x" * 70]) | _JSON
    if data.draw(st.booleans(), label="deployment"):
        orders = data.draw(st.fixed_dictionaries({}, optional={
            "standing": st.dictionaries(ids, standing | _JSON, max_size=2) | _JSON,
            "ambushes": st.dictionaries(ids, st.fixed_dictionaries({}, optional={
                "sector": _SECTORS | _JSON, "name": names}) | _JSON, max_size=2) | _JSON,
            "traps": st.dictionaries(ids, st.fixed_dictionaries({}, optional={
                "name": names, "sectors": st.lists(_SECTORS, max_size=4) | _JSON,
                "real": st.integers(-1, 3) | _JSON}) | _JSON, max_size=2) | _JSON}))
    else:
        battle.round = 1
        battle.save(update_fields=["round"])
        orders = data.draw(st.fixed_dictionaries({}, optional={
            "standing": st.dictionaries(ids, standing | _JSON, max_size=2) | _JSON,
            "markers": st.dictionaries(ids, st.fixed_dictionaries({}, optional={
                "paths": st.lists(st.lists(_SECTORS, max_size=2), max_size=4) | _JSON,
                "true": st.integers(-1, 3) | _JSON}) | _JSON, max_size=2) | _JSON,
            "scouts": st.lists(ids | _JSON, max_size=2) | _JSON,
            "artifacts": st.dictionaries(ids, st.fixed_dictionaries({}, optional={
                "artifact": ids | _JSON, "target": ids | _SECTORS | _JSON}) | _JSON,
                max_size=2) | _JSON,
            "reveal_first": st.lists(_SECTORS, max_size=2) | _JSON}))
    response = put_orders(client_for(player), battle, orders)
    assert response.status_code in (200, 400), response.content
    preview = client_for(player).post(sector_url(battle, "orders/preview/"), {"orders": orders},
                                      format="json")
    assert preview.status_code in (200, 400), preview.content


def test_the_sides_view_carries_its_own_bill_and_the_truth_none(round_one, player, rival,
                                                               campaign_gm):
    guard = key(round_one, "Tatzlford Guard")
    assert put_orders(client_for(player), round_one, {"moves": {guard: ["C2"]}}).status_code == 200
    detail = client_for(player).get(sector_url(round_one, "")).json()
    assert detail["bill"]["prices"] == {f"moves.{guard}": 1}
    # The defender's view prices the defender's orders only (none given: all points left).
    assert client_for(rival).get(sector_url(round_one, "")).json()["bill"]["prices"] == {}
    assert client_for(campaign_gm).get(sector_url(round_one, "")).json()["bill"] is None
    assert client_for(campaign_gm).get(sector_url(round_one, "?side=attacker")).json()["bill"] == \
        detail["bill"]


def test_a_side_reads_its_own_traps_and_artifacts_only(kingdom, rival_kingdom, player, rival,
                                                       campaign_gm):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, modules=True)
    SectorUnitFactory(battle=battle, name="Tatzlford Guard")
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes")
    general = SectorCasterFactory(battle=battle, name="Lord Tatzl", school="",
                                  roles=["general"])
    general.carries.set([shipped_artifact("staff_of_fog")])
    hero = SectorCasterFactory(battle=battle, side="defender", name="Castellan", school="",
                               roles=["hero"])
    hero.carries.set([shipped_artifact("war_horn")])
    ours = SectorTrapFactory(battle=battle, side="attacker")
    SectorTrapFactory(battle=battle, side="defender")
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    supply = client_for(player).get(sector_url(battle, "")).json()["supply"]
    assert supply == {
        "traps": [{"key": trap_key(ours), "name": "Trap", "attack": 3}],
        "artifacts": [{"key": artifact_key(general, shipped_artifact("staff_of_fog")),
                       "name": "Staff of fog", "effect": "bound_spell", "uses": 1,
                       "spell": "fog", "power": "3/6", "bearer": caster_key(general)}],
        "bound": []}
    theirs = client_for(rival).get(sector_url(battle, "")).json()["supply"]
    assert [a["name"] for a in theirs["artifacts"]] == ["War horn"]
    assert "Staff of fog" not in json.dumps(client_for(rival).get(sector_url(battle, "")).json())
    assert client_for(campaign_gm).get(sector_url(battle, "")).json()["supply"] is None
