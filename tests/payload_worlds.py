"""Small worlds whose resolution stores each kind of payload (a turn report, a battle report, a
sector battle and its rounds, an army's history snapshot), and the writer of
tests/fixtures/payloads/: the raw JSON as the database holds it, written once by the code of the
day and kept, so later code must still read it (tests/core/test_payloads.py).

Add the file of a new kind (files already there are left alone) with
`MUSTER_WRITE_PAYLOADS=1 pytest tests/core/test_payloads.py -k write`."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.db import connection
from django.db.models import JSONField
from factories import (
    ArmyConditionFactory,
    ArmyFactory,
    ArmyGearFactory,
    ArmyTacticFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    SectorBattleFactory,
    SectorUnitFactory,
    shipped_card,
    shipped_template,
)

from armies.activity_services import activity_submit
from armies.models import Army, ArmyActivity
from battles.models import BattleParticipant, BattleReport, BattleScene
from battles.sector import services as sector_services
from battles.sector.adapters import unit_key
from battles.sector.models import SectorBattle, SectorRound, SideOrders
from battles.services import scene_resolve_now
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.sides import Side
from turns import resolution
from turns.models import TurnReport

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "payloads"


def resolved_turn(kingdom: Kingdom, player) -> KingdomTurn:
    """A turn in which a shaken army deploys by forced march."""
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10, resource_points=40, warfare=6)
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard", hex="C4")
    ArmyTacticFactory(army=army, tactic="live_off_the_land")
    ArmyConditionFactory(army=army, condition="shaken", value=1)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                    params={"destination": "D5", "forced_march": True})
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert resolution.turn_resolve(turn.pk) == "resolved"
    return turn


def fought_scene(kingdom: Kingdom, rival_kingdom: Kingdom) -> BattleScene:
    """Two armies of the kingdom (one with potions) against the rival's infantry and archers."""
    Kingdom.objects.filter(pk__in=[kingdom.pk, rival_kingdom.pk]).update(
        level=5, warfare=12, defense=12, unrest=2, fame=1, xp=100)
    scene = BattleSceneFactory.create(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                      defender_kingdom=rival_kingdom)
    guard = ArmyFactory(kingdom=kingdom, name="Tatzlford Watch", hex="C4")
    ArmyTacticFactory(army=guard, tactic="keen_eyed")
    ArmyGearFactory(army=guard, kind="healing_potions", doses=2, price_paid_rp=30)
    lancers = ArmyFactory(kingdom=kingdom, name="Restov Lancers", hex="C4")
    foot = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="C4")
    archers = ArmyFactory(kingdom=rival_kingdom, name="Pitax Archers", hex="C4",
                          template=shipped_template("Skirmishers"))
    for army, side in ((guard, Side.ATTACKER), (lancers, Side.ATTACKER),
                       (foot, Side.DEFENDER), (archers, Side.DEFENDER)):
        BattleParticipantFactory(scene=scene, army=army, side=side)
    assert scene_resolve_now(scene=scene, actor=SYSTEM) == "resolved"
    return scene


def fought_sector_battle(kingdom: Kingdom, rival_kingdom: Kingdom, player, rival, committed
                         ) -> SectorBattle:
    """Deployment, then its one round, in which the knights charge the pikes."""
    battle = SectorBattleFactory.create(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                        defender_kingdom=rival_kingdom, max_rounds=1)
    SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Knights",
                      army=ArmyFactory(kingdom=kingdom, name="Tatzlford Knights"),
                      card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    battle = knights_charge_pikes(sector_services.battle_start(battle=battle, actor=SYSTEM), player, rival,
                                  committed)
    assert battle.rounds.count() == 2
    return battle


def knights_charge_pikes(battle: SectorBattle, player, rival, committed) -> SectorBattle:
    """The started `battle` deployed, then a round in which the attacker's one unit charges the
    defender's."""
    knights = unit_key(battle.units.get(side="attacker"))
    pikes = unit_key(battle.units.get(side="defender"))
    sector_services.orders_submit(battle=battle, side="attacker", user=player,
                                  data={"placements": {knights: "C1"}})
    committed(sector_services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {pikes: "C3"}})
    battle.refresh_from_db()
    sector_services.orders_submit(battle=battle, side="attacker", user=player,
                                  data={"moves": {knights: ["C2", "C3"]},
                                        "targets": {knights: pikes}})
    committed(sector_services.orders_submit, battle=battle, side="defender", user=rival,
              data={})
    battle.refresh_from_db()
    return battle


def stored(model, pk: int, *columns: str) -> dict[str, Any]:
    """The columns of one row as the database holds them (no field conversion)."""
    names = ", ".join(model._meta.get_field(c).column for c in columns)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {names} FROM {model._meta.db_table} "
                       f"WHERE {model._meta.pk.column} = %s", [pk])
        row = cursor.fetchone()
    return {c: json.loads(v) if isinstance(model._meta.get_field(c), JSONField) else v
            for c, v in zip(columns, row, strict=True)}


def write_payloads(kingdom, rival_kingdom, player, rival, committed) -> list[Path]:
    """Resolve each world and write what the database stored, one file per record; a file kept
    from earlier code stays as it is (it is what that code wrote)."""
    turn = resolved_turn(kingdom, player)
    scene = fought_scene(kingdom, rival_kingdom)
    battle = fought_sector_battle(kingdom, rival_kingdom, player, rival, committed)
    guard = Army.objects.get(kingdom=kingdom, name="Tatzlford Guard", hex="D5")
    files = {
        "turn_report": stored(TurnReport, turn.report.pk, "inputs", "outcome"),
        "activity_result": stored(ArmyActivity, turn.activities.get().pk, "result"),
        "battle_report": stored(BattleReport, scene.report.pk, "inputs", "outcome"),
        "participant_snapshot": stored(BattleParticipant, scene.participants.get(
            army__name="Tatzlford Watch").pk, "snapshot"),
        "sector_battle": stored(SectorBattle, battle.pk, "state", "result"),
        "sector_round": stored(SectorRound, battle.rounds.get(number=1).pk, "number", "seed",
                               "state_before", "orders", "state_after", "initiative",
                               "events", "rolls"),
        "side_orders": stored(SideOrders, battle.orders.get(round=1, side="attacker").pk,
                              "round", "orders"),
        "army_history": stored(Army.history.model, guard.history.latest().pk, "children"),
    }
    FIXTURES.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in files.items():
        path = FIXTURES / f"{name}.json"
        if not path.exists():
            path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        written.append(path)
    return written
