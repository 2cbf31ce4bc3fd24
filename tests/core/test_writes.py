"""core.writes: queued rows are written in their order, with their history rows, in one statement
on PostgreSQL (the ORM's calls elsewhere), and read back as the ORM wrote them."""
from __future__ import annotations

import datetime
import json
import uuid
import zoneinfo
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from factories import ArmyActivityFactory, ArmyFactory, KingdomFactory
from psycopg.types.json import Jsonb

from armies.choices import ActivityStatus
from armies.history import snapshot
from armies.models import Army, ArmyActivity, ArmyCondition, ArmyGear, ArmyTactic
from campaigns.models import KingdomTurn
from core.writes import Writes, _dumps, _json, _recordset, history_model, reserve_ids

pytestmark = pytest.mark.django_db


def test_inserted_rows_get_their_ids_and_history_rows():
    army = ArmyFactory.create()
    writes = Writes()
    tactics = [ArmyTactic(army=army, tactic="keen_eyed", position=0),
               ArmyTactic(army=army, tactic="toughened_soldiers", position=1)]
    writes.insert(tactics, history=True, reason="a test")
    with transaction.atomic():
        writes.flush()
    assert all(t.pk is not None for t in tactics)
    stored = list(ArmyTactic.objects.filter(army=army).order_by("position"))
    assert [(t.pk, t.tactic) for t in stored] == [(t.pk, t.tactic) for t in tactics]
    history = ArmyTactic.history.filter(army_id=army.pk).order_by("id")
    assert [(h.id, h.tactic, h.history_type, h.history_change_reason) for h in history] == [
        (t.pk, t.tactic, "+", "a test") for t in tactics]


def test_updates_and_deletes_run_in_order_with_history():
    army = ArmyFactory.create(hp=4)
    old = ArmyCondition.objects.create(army=army, condition="weary", value=1)
    army.hp, army.hex = 2, "D7"
    writes = Writes()
    writes.update([army], ["hp", "hex"], history=True, reason="a test",
                  history_values={"children": [snapshot([], [], [])]})
    # The same army and condition again: the delete runs first, as separate statements would.
    writes.delete([old], history=True, reason="a test")
    writes.insert([ArmyCondition(army=army, condition="weary", value=2)], history=True,
                  reason="a test")
    with transaction.atomic(), CaptureQueriesContext(connection) as captured:
        writes.flush()
    if connection.vendor == "postgresql":
        assert len(captured) == 1
    army.refresh_from_db()
    assert (army.hp, army.hex) == (2, "D7")
    assert list(ArmyCondition.objects.filter(army=army).values_list("condition", "value")) == [
        ("weary", 2)]
    assert army.history.filter(history_change_reason="a test", hp=2, hex="D7").exists()
    assert ArmyCondition.history.filter(id=old.pk, history_type="-").exists()


def _tracked(row, model) -> dict:
    return {f.attname: getattr(row, f.attname) for f in model.history.model.tracked_fields}


def test_history_rows_of_updates_and_deletes_hold_the_rows_as_written():
    # On PostgreSQL they are made of the statement's RETURNING, elsewhere of the rows themselves:
    # the same rows either way.
    army = ArmyFactory.create(hp=4, hex="C4")
    kept = ArmyTactic.objects.create(army=army, tactic="keen_eyed", position=0)
    gone = ArmyCondition.objects.create(army=army, condition="weary", value=1)
    before = _tracked(gone, ArmyCondition)
    kept.position = 3
    writes = Writes()
    writes.update([kept], ["position"], history=True, reason="moved")
    writes.delete([gone], history=True, reason="lifted")
    with transaction.atomic():
        writes.flush()
    changed = ArmyTactic.history.get(id=kept.pk, history_type="~")
    assert (_tracked(changed, ArmyTactic), changed.history_change_reason) == (
        _tracked(ArmyTactic.objects.get(pk=kept.pk), ArmyTactic), "moved")
    deleted = ArmyCondition.history.get(id=before["id"], history_type="-")
    assert (_tracked(deleted, ArmyCondition), deleted.history_change_reason) == (before, "lifted")


def test_json_and_time_fields_read_back_as_the_orm_wrote_them():
    army = ArmyFactory.create()
    turn = KingdomTurn.objects.create(kingdom=army.kingdom, number=1,
                                      deadline="2030-01-01T12:00:00Z")
    result = {"status": "resolved", "check": {"roll": 12, "notes": ["ü", 'a "quote"']},
              "cost_rp": 0, "army": None}
    activity = ArmyActivity(turn=turn, army=army, kind="deploy_army", params={"hex": "D4"},
                            position=1)
    writes = Writes()
    writes.insert([activity], history=True)
    with transaction.atomic():
        writes.flush()
        activity.result = result
        activity.status = "resolved"
        writes.update([activity], ["status", "result"], history=True, reason="a test")
        writes.flush()
    stored = ArmyActivity.objects.get(pk=activity.pk)
    assert (stored.params, stored.result, stored.status) == ({"hex": "D4"}, result, "resolved")
    assert stored.submitted_at is not None  # auto_now_add
    assert activity.history.count() == 2


# 1900 in Amsterdam: UTC+00:19:32 (a zone's local mean time has seconds in its offset).
OLD_LOCAL = datetime.datetime(1900, 1, 1, 12, 0, tzinfo=zoneinfo.ZoneInfo("Europe/Amsterdam"))


@pytest.mark.parametrize("value", [
    datetime.datetime(2030, 1, 2, 3, 4, 5, 678901, tzinfo=datetime.UTC),
    datetime.datetime(2030, 1, 2, 3, 4, 5), OLD_LOCAL, datetime.date(2030, 1, 2),
    datetime.time(3, 4, 5, 6), datetime.time(12, 0, tzinfo=datetime.UTC), Decimal("1.50"),
    uuid.UUID(int=7), Jsonb({"1": ["ü", 'a "quote"', 2.5, None, 2**64]}), 2**64,
    {1: True, 2: False}, "Варнхолд", None])
def test_the_rows_json_is_what_json_dumps_wrote(value):
    # orjson writes the statement's parameter (core.writes._dumps): it must be what json.dumps
    # with the same conversions wrote, whatever a field's value holds (an offset with seconds
    # not rounded, an aware time, an integer past 64 bits).
    records = [{"value": value}]
    assert json.loads(_dumps(records)) == json.loads(json.dumps(records, default=_json))


def test_what_the_rows_json_cannot_hold_is_refused_as_before():
    with pytest.raises(ValueError, match="a JSON null is not written"):
        _dumps([{"doc": Jsonb(None)}])
    with pytest.raises(TypeError, match="object is not written"):
        _dumps([{"odd": object()}])


def test_a_time_with_an_offset_in_seconds_reads_back_as_written():
    kingdom = KingdomFactory.create()
    turn = KingdomTurn(kingdom=kingdom, number=1, deadline=OLD_LOCAL)
    with transaction.atomic():
        writes = Writes()
        writes.insert([turn])
        writes.flush()
    assert KingdomTurn.objects.get(pk=turn.pk).deadline == OLD_LOCAL


def test_reserved_ids_are_new_and_taken_by_the_rows():
    army = ArmyFactory.create()
    with transaction.atomic():
        ids = reserve_ids(Army, 2)
        assert len(set(ids)) == 2 and min(ids) > army.pk
        rows = [Army(pk=pk, kingdom=army.kingdom, template=army.template, name=f"Levy {pk}",
                     hp=4, hex="C4") for pk in ids]
        writes = Writes()
        writes.insert(rows, history=True, reason="a test", history_values={"children": [
            snapshot([], [], []), snapshot([], [ArmyGear(kind="healing_potions", doses=2)], [])]})
        writes.insert([ArmyTactic(army=rows[1], tactic="keen_eyed", position=0)])
        writes.flush()
    assert ArmyTactic.objects.get(army_id=ids[1]).tactic == "keen_eyed"
    history = Army.history.filter(id__in=ids, history_type="+").order_by("id")
    assert [h.children["gear"] for h in history] == [[], [
        {"kind": "healing_potions", "tier": "", "weapon": "", "doses": 2, "price_paid_rp": None}]]
    assert ArmyFactory.create().pk > max(ids)  # the sequence moved past them


def test_what_one_statement_cannot_write_is_refused_when_queued():
    army = ArmyFactory.create()
    writes = Writes()
    writes.update([army], ["hp"])
    with pytest.raises(ValueError, match="written twice"):  # it would see the row unchanged
        writes.update([army], ["hex"])
    with pytest.raises(ValueError, match="an id or none"):
        writes.insert([ArmyTactic(pk=10_000, army=army, tactic="keen_eyed"),
                       ArmyTactic(army=army, tactic="toughened_soldiers")])
    # An army's history carries a snapshot its signal takes: the caller gives it, for rows with
    # ids, one a row.
    with pytest.raises(ValueError, match="history_values"):
        writes.insert([Army(kingdom=army.kingdom, template=army.template, name="Levy")],
                      history=True)
    levy = Army(pk=10_000, kingdom=army.kingdom, template=army.template, name="Levy")
    with pytest.raises(ValueError, match="a value for each row"):
        writes.insert([levy], history=True, history_values={"children": []})
    with pytest.raises(ValueError, match="a value for each row"):
        writes.insert([Army(kingdom=army.kingdom, template=army.template, name="Levy")],
                      history=True, history_values={"children": [snapshot([], [], [])]})
    writes.flush()
    writes.update([army], ["hex"])  # a new flush, a new statement


def _converted(fields, rows, *, add: bool) -> list[dict]:
    """The rows' values as each field converts them for the database, as JSON gives them."""
    return json.loads(json.dumps(
        [{f.column: f.get_db_prep_save(f.pre_save(row, add), connection) for f in fields}
         for row in rows], default=_json))


def test_values_taken_as_they_are_equal_the_fields_conversions():
    army = ArmyFactory.create(hp=3, hex="C4", garrison_bans=[["D4", 2]])
    odd = ArmyFactory.create(kingdom=army.kingdom)
    # Values of another type than the column's own go through the field: a number as text, a
    # boolean in a number column, a choice's enum member.
    odd.hp, odd.garrison_relief = "5", 1
    activity = ArmyActivityFactory.create(army=army, status=ActivityStatus.QUEUED)
    kingdom = KingdomFactory.create()
    history = history_model(Army)(history_type="~", history_change_reason="a test",
                                  **{f.attname: getattr(army, f.attname)
                                     for f in history_model(Army).tracked_fields})
    for rows in ([army, odd], [activity], [kingdom], [history]):
        fields = [f for f in rows[0]._meta.concrete_fields if not (
            f.primary_key and rows[0].pk is None)]
        for add in (True, False):
            # A time set as the row is added (auto_now_add) is the clock's: not compared.
            compared = [f for f in fields if not (add and getattr(f, "auto_now_add", False))]
            _, param = _recordset(compared, rows, add=add)
            assert json.loads(param) == _converted(compared, rows, add=add)
    assert json.loads(_recordset([Army._meta.get_field("hp")], [odd], add=False)[1]) == [
        {"hp": 5}]
