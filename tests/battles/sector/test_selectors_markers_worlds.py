"""Hidden information of module "ambush", the strong way (seed 001_5d751c33a121b07e.txt: "На
верхней стороне – пометка игрока, что это за батальон, а на нижней - истинный это маркер или
ложный"; "один из которых реальный, а остальные – ложны"): two battles played through the
services that differ only in which of the defender's ambush markers is true and which trap
marker is real read the same for the attacker — the API's detail, rounds and orders, the page
with its picture, the mail — and differently for the defender and the GM."""
from __future__ import annotations

from unittest import mock

import pytest
from django.utils import timezone
from factories import SectorBattleFactory, SectorUnitFactory, shipped_card
from sector_worlds_support import reads

from battles.sector import services
from battles.sector.adapters import trap_key, unit_key
from battles.sector.module_models import TrapCard
from battles.sector.selectors import access_sector_battle
from core.permissions import SYSTEM

pytestmark = pytest.mark.django_db

SEED = 4_410_771


def _ambush(user, battle, name: str) -> str:
    own = access_sector_battle(user, battle.pk).view
    return next(a["key"] for a in own["ambushes"] if a["name"] == name)


def _world(kingdom, rival_kingdom, player, rival, committed, *, true: int, real: int):
    """Round 0: the knights deploy in E1; the Shadow Company hides in the forest of D3 as
    "Wolves"; the trap "Pit" is laid in B3, C3 and E3. Round 1: the Wolves lay their markers,
    one staying in D3, one going to C3, one to E3 (`true` carries the company). Round 2 takes
    orders."""
    battle = SectorBattleFactory.create(campaign=kingdom.campaign, name="Narlmarch",
                                        attacker_kingdom=kingdom, defender_kingdom=rival_kingdom,
                                        max_rounds=6, seed=SEED, module_ambush=True)
    battle.terrain.create(kind="forest", sector="D3")
    knights = unit_key(SectorUnitFactory.create(battle=battle, side="attacker",
                                                name="Tatzlford Knights",
                                                card=shipped_card("knights")))
    company = unit_key(SectorUnitFactory.create(battle=battle, side="defender",
                                                name="Shadow Company",
                                                card=shipped_card("scouts")))
    trap = trap_key(services.trap_add(actor=SYSTEM, battle=battle, side="defender",
                                      card=TrapCard.objects.get(code="trap")))
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    rounds = [
        ({"placements": {knights: "E1"}},
         lambda: {"ambushes": {company: {"sector": "D3", "name": "Wolves"}},
                  "traps": {trap: {"name": "Pit", "sectors": ["B3", "C3", "E3"],
                                   "real": real}}}),
        # The ambush's key as the defender's own view names it.
        ({}, lambda: {"markers": {_ambush(rival, battle, "Wolves"): {
            "paths": [[], ["C3"], ["E3"]], "true": true}}}),
    ]
    for number, (attacker, defender) in enumerate(rounds):
        services.orders_submit(battle=battle, side="attacker", user=player, data=attacker)
        committed(services.orders_submit, battle=battle, side="defender", user=rival,
                  data=defender())
        battle.refresh_from_db()
        assert battle.round == number + 1, (battle.status, battle.error)
    return battle


def test_the_attacker_reads_the_same_whichever_marker_is_true(
        kingdom, rival_kingdom, player, rival, campaign_gm, committed):
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):
        worlds = [_world(kingdom, rival_kingdom, player, rival, committed, true=t, real=r)
                  for t, r in ((0, 0), (2, 1))]
        seen = [reads(w, player) for w in worlds]
        assert seen[0] == seen[1]   # the API, the page with its picture, the mail
        assert "Wolves" in seen[0]["api"] and "Pit" in seen[0]["api"]
        assert 'data-marker=' in seen[0]["page"]
        for user in (rival, campaign_gm):
            read = [reads(w, user, orders=user == rival) for w in worlds]
            assert read[0]["api"] != read[1]["api"] and read[0]["page"] != read[1]["page"]
