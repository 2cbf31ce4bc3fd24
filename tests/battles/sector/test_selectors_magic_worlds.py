"""Hidden information of module "magic dice", the strong way (002_eb4cf75b750af884.txt;
reference/sector-modules.md, "What each side may see": "its own pool and the enemy's pool size
(dice pools are public on the table), the enemy's spells as cast, never the enemy's unplayed
orders, dispel plan"): battles played through the services that differ only in the defender's
dispel plan, or in the spells and dice it orders (the round still open), or in what it planned
and did not cast (the round resolved), read the same for the attacker — the API's detail,
rounds and orders, the page with its picture, the mail — and differently for the defender or
the GM, so the sameness is not for want of anything to see."""
from __future__ import annotations

from unittest import mock

import pytest
from django.utils import timezone
from factories import (
    SectorBattleFactory,
    SectorCasterFactory,
    SectorUnitFactory,
    shipped_artifact,
    shipped_card,
)
from rest_framework.test import APIClient
from sector_worlds_support import reads

from battles.sector import services
from battles.sector.adapters import artifact_key, caster_key, unit_key
from battles.sector.models import UnitCard
from battles.sector.selectors import access_sector_battle
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db

SEED = 20_021_777
# Reference: "The GM may set a fixed number instead per scenario": each world's pools are the
# same by construction, so only the orders differ.
POWER, DISPEL = 4, 3


def _keys(battle) -> dict[str, str]:
    magus = battle.casters.get(name="Magus")
    return {"staff": artifact_key(magus, magus.carries.get()),
            "knights": unit_key(battle.units.get(name="Tatzlford Knights")),
            "pikes": unit_key(battle.units.get(name="Pitax Pikes")),
            "ogres": unit_key(battle.units.get(name="Pitax Ogres")),
            "jhod": caster_key(battle.casters.get(name="Jhod")),
            "drelev": caster_key(battle.casters.get(name="Father Drelev")),
            "magus": caster_key(magus)}


def _world(kingdom, rival_kingdom, player, rival, committed):
    """Round 0: the knights (with the priest Jhod) deploy in E1; the Pitax pikes (with Father
    Drelev, a priest, and the Magus, who carries a bound Bless and the Staff of fog) in C3,
    the ogres (a bound Fog on their card) in B3. Round 1 takes orders."""
    battle = SectorBattleFactory.create(
        campaign=kingdom.campaign, name="Narlmarch", attacker_kingdom=kingdom,
        defender_kingdom=rival_kingdom, max_rounds=6, seed=SEED, module_magic_dice=True,
        module_artifacts=True, power_dice=POWER, dispel_dice=DISPEL)
    ogres, _ = UnitCard.objects.get_or_create(
        code="ogres", defaults={"name": "Ogres", "melee": 3, "defense": 2, "morale": ["sun"],
                                "movement": 1, "hits": 3, "wounds": 2,
                                "bound": [{"spell": "fog", "power": "5/9"}]})
    knights = SectorUnitFactory.create(battle=battle, name="Tatzlford Knights",
                                       card=shipped_card("knights"))
    pikes = SectorUnitFactory.create(battle=battle, side="defender", name="Pitax Pikes",
                                     card=shipped_card("pikes"))
    SectorUnitFactory.create(battle=battle, side="defender", name="Pitax Ogres", card=ogres)
    SectorCasterFactory.create(battle=battle, name="Jhod", school="priest", unit=knights)
    SectorCasterFactory.create(battle=battle, side="defender", name="Father Drelev",
                               school="priest", unit=pikes)
    magus = SectorCasterFactory.create(battle=battle, side="defender", name="Magus",
                                       unit=pikes, bound=[{"spell": "bless", "power": "4/7"}])
    magus.carries.set([shipped_artifact("staff_of_fog")])
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    keys = _keys(battle)
    services.orders_submit(battle=battle, side="attacker", user=player,
                           data={"placements": {keys["knights"]: "E1"}})
    committed(services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {keys["pikes"]: "C3", keys["ogres"]: "B3"}})
    battle.refresh_from_db()
    assert battle.round == 1, (battle.status, battle.error)
    return battle


def _worlds(kingdom, rival_kingdom, player, rival, committed, defender_orders,
            attacker_orders=None):
    """A world per entry of `defender_orders` (a function of the battle's keys): the defender's
    round 1 orders given; the attacker's too when `attacker_orders` names them (the round is
    then resolved)."""
    worlds = []
    for orders in defender_orders:
        battle = _world(kingdom, rival_kingdom, player, rival, committed)
        keys = _keys(battle)
        committed(services.orders_submit, battle=battle, side="defender", user=rival,
                  data=orders(keys))
        if attacker_orders is not None:
            committed(services.orders_submit, battle=battle, side="attacker", user=player,
                      data=attacker_orders(keys))
        battle.refresh_from_db()
        assert battle.round == (1 if attacker_orders is None else 2), (battle.status,
                                                                      battle.error)
        worlds.append(battle)
    return worlds


def _defender_orders_as_gm(battle, gm) -> dict:
    """The defender's stored orders, as the GM reads them by naming the side."""
    api = APIClient()
    api.force_authenticate(gm)
    response = api.get(f"/api/sector-battles/{battle.pk}/orders/?side=defender")
    assert response.status_code == 200, response.content
    return response.json()["orders"]


def _same_for_the_attacker(worlds, player):
    seen = [reads(w, player) for w in worlds]
    assert seen[0] == seen[1]   # the API, the page with its picture, the mail
    return seen[0]


def _bless(keys):
    return {"spells": {keys["drelev"]: {"spell": "bless", "unit": keys["pikes"], "dice": 4}}}


def test_the_attacker_reads_the_same_whatever_the_defenders_dispel_plan(
        kingdom, rival_kingdom, player, rival, campaign_gm, committed):
    # Reference: "each side's orders carry a dispel plan"; the enemy never sees it.
    plans = [lambda keys: {"dispel": [{"spell": "bless", "dice": 3, "at_least": 6},
                                      {"spell": "any", "dice": 2}]},
             lambda keys: {"dispel": [{"spell": "fog", "dice": 1}]}]
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):
        worlds = _worlds(kingdom, rival_kingdom, player, rival, committed, plans)
        seen = _same_for_the_attacker(worlds, player)
        # The attacker's page has its picture and its own (empty) dispel plan to give.
        assert "<svg" in seen["page"] and 'name="dispel-0-spell"' in seen["page"]
        own = [reads(w, rival) for w in worlds]
        assert own[0]["api"] != own[1]["api"] and own[0]["page"] != own[1]["page"]
        assert [_defender_orders_as_gm(w, campaign_gm)["dispel"] for w in worlds] == [
            plan(_keys(w))["dispel"] for plan, w in zip(plans, worlds, strict=True)]


def test_the_attacker_reads_the_same_whatever_spells_and_dice_the_defender_orders(
        kingdom, rival_kingdom, player, rival, campaign_gm, committed):
    # Reference: "the order names the spell and 1–5 power dice"; seed: «на каком количестве
    # кубиков активируется заклинание - на 2 или на 3»: all of it the defender's unplayed
    # orders until the magic phase.
    spending = [
        lambda keys: {**_bless(keys),
                      "bound": [{"holder": keys["magus"], "dice": 3, "unit": keys["pikes"]},
                                {"holder": keys["ogres"], "dice": 2, "sector": "C2"}],
                      "artifacts": {keys["magus"]: {
                          "artifact": keys["staff"], "target": "C3", "dice": 3}}},
        lambda keys: {"spells": {keys["drelev"]: {"spell": "bless", "unit": keys["pikes"],
                                                  "dice": 1}}},
    ]
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):
        worlds = _worlds(kingdom, rival_kingdom, player, rival, committed, spending)
        _same_for_the_attacker(worlds, player)
        own = [reads(w, rival) for w in worlds]
        assert own[0]["api"] != own[1]["api"] and own[0]["page"] != own[1]["page"]
        orders = [_defender_orders_as_gm(w, campaign_gm) for w in worlds]
        assert [len(o.get("bound", [])) for o in orders] == [2, 0]


def _attacker_blesses(keys):
    return {"spells": {keys["jhod"]: {"spell": "bless", "unit": keys["knights"], "dice": 3}}}


def test_after_the_round_the_attacker_reads_the_same_whatever_was_planned_and_not_cast(
        kingdom, rival_kingdom, player, rival, campaign_gm, committed):
    # Reference ruling: an order asking for more dice than are left "is not attempted and
    # spends nothing; only its side hears"; a dispel rule whose spell is not cast, or whose
    # threshold the casting total does not reach, is never used. The blessing on all four
    # power dice leaves none for the bound spells that follow it.
    planned = [
        lambda keys: {**_bless(keys),
                      "bound": [{"holder": keys["magus"], "dice": 2, "unit": keys["pikes"]},
                                {"holder": keys["ogres"], "dice": 3, "sector": "C2"}],
                      "dispel": [{"spell": "bless", "dice": 3, "at_least": 30},
                                 {"spell": "fire_storm", "dice": 3}]},
        _bless,
    ]
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):
        worlds = _worlds(kingdom, rival_kingdom, player, rival, committed, planned,
                         _attacker_blesses)
        seen = _same_for_the_attacker(worlds, player)
        # What the attacker does read of the phase: both pools, both blessings' rolls ("the
        # enemy's spells as cast"), what each side left unspent.
        (round_1,) = [r for r in access_sector_battle(player, worlds[0].pk).rounds
                      if r["number"] == 1]
        read = {(e["code"], e["params"].get("side") or e["params"].get("caster"))
                for e in round_1["events"]}
        assert {("magic_pool", "attacker"), ("magic_pool", "defender"),
                ("pool_discarded", "attacker"), ("pool_discarded", "defender")} <= read
        assert {caster for code, caster in read
                if code in ("spell_cast", "spell_failed")} == {"Jhod", "Father Drelev"}
        assert '"code": "magic_pool"' in seen["api"]
        own = [reads(w, rival) for w in worlds]
        assert own[0]["api"] != own[1]["api"] and own[0]["page"] != own[1]["page"]
        shorts = [[e for e in w.rounds.get(number=1).events if e["code"] == "pool_short"]
                  for w in worlds]
        assert [len(s) for s in shorts] == [2, 0]
        assert all(e["visible_to"] == ["defender"] for e in shorts[0])
        truth = [reads(w, campaign_gm, orders=False) for w in worlds]
        assert truth[0]["api"] != truth[1]["api"]
