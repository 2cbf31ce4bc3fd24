"""Sector battles round by round: phase 0 deployment, orders checked by the rules, a round closed
when both sides are in or at its deadline, resolved exactly once, recorded for replay, and the
aftermath exported to the campaign."""
from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from factories import (
    ArmyFactory,
    SectorBattleFactory,
    SectorUnitFactory,
    shipped_card,
)

from armies.choices import ArmyStatus
from battles.sector import replay, resolution, services
from battles.sector.adapters import unit_key
from battles.sector.models import BattleStatus, SectorRound, SideOrders
from core.permissions import SYSTEM
from rules.cerilia.state import state_from_data
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(kingdom, rival_kingdom, gm):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, max_rounds=3)
    army = ArmyFactory(kingdom=kingdom, name="Tatzlford Guard")
    SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Guard", army=army,
                      card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    return services.battle_start(battle=battle, actor=SYSTEM)


def keys(battle, side):
    return [unit_key(u) for u in battle.units.filter(side=side).order_by("pk")]


def test_a_battle_starts_in_phase_0_with_both_sides_in_reserve(battle):
    assert battle.status == BattleStatus.OPEN and battle.round == 0 and battle.deadline
    state = state_from_data(battle.state)
    assert {u.position for u in state.units} == {"reserve"}


def test_a_battle_without_units_on_a_side_does_not_start(kingdom):
    lonely = SectorBattleFactory(campaign=kingdom.campaign)
    SectorUnitFactory(battle=lonely, side="attacker")
    with pytest.raises(RuleViolation) as error:
        services.battle_start(battle=lonely, actor=SYSTEM)
    assert [v.code for v in error.value.violations] == ["side_without_units"]


def test_deployment_then_a_round_each_resolved_once_and_recorded(battle, player, rival,
                                                                 committed):
    [knights], [pikes] = keys(battle, "attacker"), keys(battle, "defender")
    bad = {"placements": {knights: "C3"}}
    with pytest.raises(RuleViolation) as error:
        services.orders_submit(battle=battle, side="attacker", user=player, data=bad)
    assert error.value.violations[0].field == f"placements.{knights}"
    services.orders_submit(battle=battle, side="attacker", user=player,
                           data={"placements": {knights: "C1"}})
    battle.refresh_from_db()
    assert battle.round == 0 and battle.locked_at is None  # waits for the defender
    committed(services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {pikes: "C3"}})
    battle.refresh_from_db()  # both in: closed and resolved in-process (eager Celery)
    assert battle.round == 1 and battle.status == BattleStatus.OPEN
    positions = {u.key: u.position for u in state_from_data(battle.state).units}
    assert positions == {knights: "C1", pikes: "C3"}
    services.orders_submit(battle=battle, side="attacker", user=player,
                           data={"moves": {knights: ["C2", "C3"]}})
    committed(services.orders_submit, battle=battle, side="defender", user=rival, data={})
    battle.refresh_from_db()
    record = SectorRound.objects.get(battle=battle, number=1)
    assert record.seed == resolution.round_seed(battle.seed, 1)
    assert any(e["code"] == "engages" for e in record.events)
    # Replay: the stored inputs and seed give the stored result, card for card.
    assert replay.round_difference(record) is None
    assert resolution.round_resolve(battle.pk) == "skipped"  # a second message does nothing
    assert SectorRound.objects.filter(battle=battle).count() == 2


def test_the_deadline_closes_a_round_and_silent_units_hold(battle, player, committed):
    services.orders_submit(battle=battle, side="attacker", user=player, data={})
    later = timezone.now() + datetime.timedelta(hours=25)
    assert committed(services.rounds_close_due, now=later) == [battle.pk]
    battle.refresh_from_db()
    assert battle.round == 1 and {u.position for u in state_from_data(battle.state).units} \
        == {"reserve"}
    assert not SideOrders.objects.filter(battle=battle, round=0, side="defender").exists()


def test_orders_after_the_round_closed_are_refused(battle, player):
    battle.locked_at = timezone.now()
    battle.save()
    with pytest.raises(services.RoundClosed):
        services.orders_submit(battle=battle, side="attacker", user=player, data={})


def test_the_battle_ends_at_its_round_limit_and_exports_the_aftermath(battle, committed):
    later = timezone.now()
    for _round in range(4):
        later += datetime.timedelta(hours=25)
        committed(services.rounds_close_due, now=later)
    battle.refresh_from_db()
    assert battle.status == BattleStatus.FINISHED and battle.winner == "defender"
    assert {u["fate"] for u in battle.result["units"]} == {"intact"}
    army = battle.units.get(side="attacker").army
    army.refresh_from_db()
    assert army.status == ArmyStatus.ACTIVE



def test_a_passing_database_fault_is_retried_and_the_round_resolves_once(battle, player, rival,
                                                                        monkeypatch, fails_once,
                                                                        committed):
    flaky = fails_once(resolution.play)
    monkeypatch.setattr(resolution, "play", flaky)
    [knights], [pikes] = keys(battle, "attacker"), keys(battle, "defender")
    services.orders_submit(battle=battle, side="attacker", user=player,
                           data={"placements": {knights: "C1"}})
    # Both in: the round closes, and its task meets the fault, hands the round back and is
    # tried again (in-process Celery retries at once).
    committed(services.orders_submit, battle=battle, side="defender", user=rival,
              data={"placements": {pikes: "C3"}})
    assert len(flaky.calls) == 2
    battle.refresh_from_db()
    assert battle.round == 1 and battle.status == BattleStatus.OPEN
    assert SectorRound.objects.filter(battle=battle).count() == 1
    assert list(battle.history.order_by("history_id").values_list("status", flat=True))[-4:] == [
        BattleStatus.RESOLVING, BattleStatus.OPEN, BattleStatus.RESOLVING, BattleStatus.OPEN]
    assert not battle.history.filter(status=BattleStatus.FAILED).exists()
