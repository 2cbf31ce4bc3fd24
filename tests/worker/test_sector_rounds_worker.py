"""A sector battle played to its end through two real Celery workers on Redis and PostgreSQL:
every round's message is sent twice (as a redelivery or the sweep would), and each round is still
resolved exactly once. Run with `pytest -m worker` (see test_celery_worker.py)."""
from __future__ import annotations

from collections import Counter

import pytest
from celery_workers import wait_until
from django.db import transaction
from factories import MembershipFactory, SectorBattleFactory, SectorUnitFactory, shipped_card

from battles.sector import services
from battles.sector.adapters import unit_key
from battles.sector.models import BattleStatus, SectorBattle, SectorRound
from battles.sector.resolution import ROUNDS
from campaigns.models import Role
from core.permissions import SYSTEM

pytestmark = [pytest.mark.worker,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

TASK = "battles.tasks.resolve_sector_round"


def test_two_workers_resolve_each_round_of_a_sector_battle_once(workers, broker):
    one = workers.start("one", ready=False)
    two = workers.start("two", ready=False)
    one.wait_ready()
    two.wait_ready()
    battle = SectorBattleFactory(max_rounds=3)
    # Two lines that never meet: the battle lasts its three rounds.
    knights = SectorUnitFactory(battle=battle, side="attacker", card=shipped_card("knights"))
    pikes = SectorUnitFactory(battle=battle, side="defender", card=shipped_card("pikes"))
    services.battle_start(battle=battle, actor=SYSTEM)
    gm = MembershipFactory(campaign=battle.campaign, role=Role.GM).user
    orders = [({"placements": {unit_key(knights): "B1"}}, {"placements": {unit_key(pikes): "E3"}}),
              ({"moves": {unit_key(knights): ["A1"]}}, {}), ({}, {}), ({}, {})]
    for number, (attacker, defender) in enumerate(orders):
        with transaction.atomic():
            services.orders_submit(battle=battle, side="attacker", user=gm, data=attacker)
            services.orders_submit(battle=battle, side="defender", user=gm, data=defender)
            ROUNDS.enqueue([battle.pk])  # the same round sent a second time

        def moved_on(number=number):
            row = SectorBattle.objects.get(pk=battle.pk)
            return row.status == BattleStatus.FINISHED or (row.round > number
                                                           and row.status == BattleStatus.OPEN)

        wait_until(moved_on, timeout=30, message=f"round {number} to be resolved")
    battle.refresh_from_db()
    assert battle.status == BattleStatus.FINISHED
    assert list(SectorRound.objects.filter(battle=battle).values_list("number", flat=True)) \
        == [0, 1, 2, 3]
    wait_until(lambda: sum((one.results(TASK) + two.results(TASK)).values()) >= 8, timeout=20,
               message="every message to be handled")
    assert one.results(TASK) + two.results(TASK) == Counter(resolved=4, skipped=4)
