"""Stored JSON carries a schema version (core.payloads): what is written is stamped with its
kind's version; payloads written by earlier code, kept in tests/fixtures/payloads/, load in
today's shape and replay exactly as they did when they were written; upgraders chain."""
from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest
from django.db import connection
from factories import (
    ArmyFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    SectorBattleFactory,
)
from payload_worlds import FIXTURES, fought_scene, resolved_turn, stored, write_payloads

from armies import history
from armies.models import Army, ArmyActivity
from battles.adapters import setup_from_inputs
from battles.data import from_data
from battles.models import BATTLE_REPORT, BattleParticipant, BattleReport
from battles.reports import first_difference, report_data
from battles.sector import adapters as sector_adapters
from battles.sector.models import SectorBattle, SectorRound, SideOrders
from battles.sector.replay import round_difference
from core.payloads import PAYLOADS, VERSION_KEY, Payload, register, upgrade
from rules.cerilia.state import state_data, state_from_data
from rules.kingmaker.activities import PARAMS_OF, ActivityKind, Order
from rules.kingmaker.battle.engine import fight
from rules.kingmaker.turn import KingdomTurnInput, resolve_turn
from turns.models import TurnReport
from turns.reports import report_data as turn_report_data

pytestmark = pytest.mark.django_db


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def as_json(value):
    return json.loads(json.dumps(value))


def put(row, **columns) -> None:
    """Store these JSON values in the row as they are, as older code left them."""
    meta = type(row)._meta
    assignments = ", ".join(f"{meta.get_field(c).column} = %s" for c in columns)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {meta.db_table} SET {assignments} WHERE {meta.pk.column} = %s",
                       [json.dumps(v) for v in columns.values()] + [row.pk])


def turn_input(inputs: dict) -> KingdomTurnInput:
    """The engine input a turn report was resolved from; each order's params by its kind."""
    orders = tuple(Order(key=o["key"], kind=ActivityKind(o["kind"]),
                         params=from_data(PARAMS_OF[ActivityKind(o["kind"])], o["params"]),
                         army=o["army"], second=o["second"]) for o in inputs["orders"])
    return replace(from_data(KingdomTurnInput, {**inputs, "orders": []}), orders=orders)


@pytest.mark.skipif(not os.environ.get("MUSTER_WRITE_PAYLOADS"),
                    reason="writes tests/fixtures/payloads/ (MUSTER_WRITE_PAYLOADS=1)")
def test_write_payloads(kingdom, rival_kingdom, player, rival, committed):
    written = write_payloads(kingdom, rival_kingdom, player, rival, committed)
    assert sorted(p.name for p in FIXTURES.glob("*.json")) == sorted(p.name for p in written)


def test_what_is_written_carries_its_version_and_reads_without_it(kingdom, player):
    turn = resolved_turn(kingdom, player)
    raw = stored(TurnReport, turn.report.pk, "inputs", "outcome")
    assert raw["inputs"][VERSION_KEY] == raw["outcome"][VERSION_KEY] == 1
    report = TurnReport.objects.get(pk=turn.report.pk)
    assert VERSION_KEY not in report.outcome and VERSION_KEY not in report.inputs
    assert report.outcome == {k: v for k, v in raw["outcome"].items() if k != VERSION_KEY}
    assert TurnReport.objects.values_list("outcome__seed", flat=True).get() == report.outcome["seed"]
    # rows written in bulk (bulk_update_with_history) are stamped too
    activity = turn.activities.get()
    assert stored(ArmyActivity, activity.pk, "result")["result"][VERSION_KEY] == 1
    assert VERSION_KEY not in ArmyActivity.objects.get(pk=activity.pk).result


def test_a_fought_scene_stamps_its_report_and_snapshots(kingdom, rival_kingdom):
    scene = fought_scene(kingdom, rival_kingdom)
    assert stored(BattleReport, scene.report.pk, "outcome")["outcome"][VERSION_KEY] == \
        BATTLE_REPORT.version
    for participant in scene.participants.all():
        assert stored(BattleParticipant, participant.pk, "snapshot")["snapshot"][VERSION_KEY] == 1
        assert VERSION_KEY not in participant.snapshot and participant.snapshot["name"]


def test_an_old_turn_report_loads_unchanged_and_replays_identically(kingdom, player):
    old = fixture("turn_report")
    report = resolved_turn(kingdom, player).report
    put(report, **old)
    report.refresh_from_db()
    assert (report.inputs, report.outcome) == (old["inputs"], old["outcome"])
    engine_input = turn_input(report.inputs)
    replayed = turn_report_data(engine_input, resolve_turn(engine_input, report.outcome["seed"]),
                                {})
    assert as_json(replayed) == report.outcome


def test_an_old_battle_report_replays_identically_from_its_seed(campaign, gm_client):
    old = fixture("battle_report")
    report = BattleReport.objects.create(scene=BattleSceneFactory(campaign=campaign))
    put(report, **old)
    report.refresh_from_db()
    # Written at version 1, with the Kingmaker engine's own "attackers" / "defenders": it loads
    # with the one Side's values and nothing else changed.
    assert (report.inputs, report.outcome) == (upgrade("battle_setup", old["inputs"]),
                                               upgrade("battle_report", old["outcome"]))
    # (Keys sorted: PostgreSQL's jsonb keeps no key order.)
    assert json.dumps(report.outcome, sort_keys=True).replace('"attacker"', '"attackers"').replace(
        '"defender"', '"defenders"') == json.dumps(old["outcome"], sort_keys=True)
    assert {a["side"] for a in report.outcome["armies"]} == {"attacker", "defender"}
    setup = setup_from_inputs(report.inputs)
    replayed = as_json(report_data(fight(setup, report.outcome["seed"]), setup))
    assert first_difference(report.outcome, replayed) is None
    # and the GM's replay page, which reads the row itself, says so
    response = gm_client.get(f"/admin/battles/battlescene/{report.scene_id}/replay/")
    assert response.context["difference"] is None


def test_an_old_sector_round_replays_identically(kingdom):
    old = fixture("sector_round")
    battle = SectorBattleFactory(campaign=kingdom.campaign)
    row = SectorRound.objects.create(battle=battle, number=old["number"], seed=old["seed"],
                                     state_before={}, orders={}, state_after={},
                                     initiative=old["initiative"])
    put(row, **{c: old[c] for c in ("state_before", "orders", "state_after", "events", "rolls")})
    row = SectorRound.objects.get(pk=row.pk)
    assert (row.state_before, row.orders, row.state_after) == (
        old["state_before"], old["orders"], old["state_after"])
    assert round_difference(row) is None


def test_an_old_sector_battle_and_side_orders_read_as_they_were(kingdom):
    old, orders = fixture("sector_battle"), fixture("side_orders")
    battle = SectorBattleFactory(campaign=kingdom.campaign)
    side = SideOrders.objects.create(battle=battle, round=orders["round"], side="attacker")
    put(battle, **old)
    put(side, orders=orders["orders"])
    battle, side = SectorBattle.objects.get(pk=battle.pk), SideOrders.objects.get(pk=side.pk)
    assert (battle.state, battle.result, side.orders) == (old["state"], old["result"],
                                                          orders["orders"])
    assert as_json(state_data(state_from_data(battle.state))) == old["state"]
    assert sector_adapters.orders_from_data(side.round, side.orders)


def test_an_old_activity_result_and_participant_snapshot_read_as_they_were(kingdom, player,
                                                                            campaign):
    result, snapshot = fixture("activity_result")["result"], fixture("participant_snapshot")
    activity = resolved_turn(kingdom, player).activities.get()
    participant = BattleParticipantFactory(scene=BattleSceneFactory(campaign=campaign),
                                           army=activity.army)
    put(activity, result=result)
    put(participant, **snapshot)
    assert ArmyActivity.objects.get(pk=activity.pk).result == result
    assert BattleParticipant.objects.get(pk=participant.pk).snapshot == snapshot["snapshot"]


def test_an_old_history_snapshot_restores_the_same_children(kingdom):
    old = fixture("army_history")["children"]
    army = ArmyFactory(kingdom=kingdom)
    version = army.history.latest()
    put(version, children=old)
    version = Army.history.get(pk=version.pk)
    assert version.children == old
    assert history.state_children(version.children, army)["tactics"] == old["tactics"]


def test_upgraders_chain_from_the_stored_version_to_the_current_one():
    def add_unit(data):  # version 1 → 2: the seed gains a unit
        return {**data, "seed": {"value": data["seed"], "unit": "die"}}

    def rename(data):  # version 2 → 3
        return {"dice_seed": data["seed"], **{k: v for k, v in data.items() if k != "seed"}}

    kind = Payload("test_report", version=3, upgraders={1: add_unit, 2: rename})
    assert kind.upgrade({"seed": 7, "turn": 1}) == {"dice_seed": {"value": 7, "unit": "die"},
                                                    "turn": 1}
    assert kind.upgrade({"seed": {"value": 7, "unit": "die"}, VERSION_KEY: 2}) == {
        "dice_seed": {"value": 7, "unit": "die"}}
    assert kind.upgrade({"dice_seed": 1, VERSION_KEY: 3}) == {"dice_seed": 1}
    assert kind.stamp({"dice_seed": 1}) == {"dice_seed": 1, VERSION_KEY: 3}
    assert kind.stamp({}) == {}  # nothing stored yet stays nothing
    with pytest.raises(ValueError, match="version 4"):
        kind.upgrade({VERSION_KEY: 4})
    with pytest.raises(ValueError, match="no upgrader from version \\[2\\]"):
        Payload("test_report", version=3, upgraders={1: add_unit})


def test_a_new_version_upgrades_stored_rows_as_they_load(kingdom, player, monkeypatch):
    turn = resolved_turn(kingdom, player)
    field = TurnReport._meta.get_field("outcome")
    stored_seed = turn.report.outcome["seed"]
    monkeypatch.setattr(field, "payload", Payload("turn_report", version=2, upgraders={
        1: lambda data: {**data, "seed": {"value": data["seed"]}}}))
    report = TurnReport.objects.get(pk=turn.report.pk)
    assert report.outcome["seed"] == {"value": stored_seed}
    report.save()
    assert stored(TurnReport, report.pk, "outcome")["outcome"][VERSION_KEY] == 2


def test_every_kind_is_registered_once():
    assert {"turn_report", "turn_input", "activity_result", "battle_report", "battle_setup",
            "participant_snapshot", "sector_state", "sector_result", "sector_side_orders",
            "sector_round_orders", "army_children"} <= set(PAYLOADS)
    with pytest.raises(ValueError, match="registered already"):
        register(Payload("turn_report"))
    assert upgrade("turn_report", {"seed": 1, VERSION_KEY: 1}) == {"seed": 1}
