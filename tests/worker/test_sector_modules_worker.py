"""A sector battle with seed 001's ambush and scouting modules on (001_5d751c33a121b07e.txt),
played to its end through two real Celery workers on Redis and PostgreSQL: every round's message
is sent twice, each round is resolved exactly once, the stored rounds hold the ambush's markers
and the scouts' search, and the battle ends where the same orders and seeds played in-process
end it (battles.sector.replay). Run with `pytest -m worker` (see test_celery_worker.py)."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from celery_workers import wait_until
from django.db import transaction
from factories import MembershipFactory, SectorBattleFactory, SectorUnitFactory, shipped_card

from battles.sector import adapters, services
from battles.sector.adapters import unit_key
from battles.sector.models import BattleStatus, SectorBattle, SectorRound
from battles.sector.replay import round_difference
from battles.sector.resolution import ROUNDS, play
from campaigns.models import Role
from core.permissions import SYSTEM
from rules.cerilia.ambush_orders import concealment_key
from rules.cerilia.concealment import Concealment
from rules.cerilia.state import state_data, state_from_data
from rules.sides import Side

pytestmark = [pytest.mark.worker,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

TASK = "battles.tasks.resolve_sector_round"
SEED_FILE = "001_5d751c33a121b07e.txt"


def _orders(scout: str, hiding: str, pikes: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each round's (attacker, defender) orders. The defender's battalion hides in the ravine D2
    and its first Move lays three markers there, the one staying true; the attacker's scouts go
    into the forest B2 and search it while a decoy marker moves in (seed: "Батальон находящийся
    в лесу или в овраге ... бросает К6"; reference, ruling: "Decoy markers in a scouted sector are
    exposed and removed"). Nobody comes within reach of an enemy, so these events happen whatever
    the dice."""
    wolves = concealment_key(Side.DEFENDER, Concealment.AMBUSH, "Wolves")
    return [
        ({"placements": {scout: "B1"}},
         {"placements": {pikes: "E3"}, "ambushes": {hiding: {"sector": "D2", "name": "Wolves"}}}),
        ({"moves": {scout: ["B2"]}},
         {"markers": {wolves: {"paths": [["C2"], [], ["E2"]], "true": 1}}}),
        ({"scouts": [scout]}, {"markers": {wolves: {"paths": [["B2"]]}}}),
        ({"scouts": [scout]}, {}),
    ]


def _json(value):
    return json.loads(json.dumps(value))


def test_two_workers_resolve_ambush_and_scouting_rounds_once_as_in_process(workers, broker):
    one = workers.start("one", ready=False)
    two = workers.start("two", ready=False)
    one.wait_ready()
    two.wait_ready()
    battle = SectorBattleFactory(max_rounds=3, module_ambush=True, module_scouting=True)
    battle.terrain.create(kind="forest", sector="B2")
    battle.terrain.create(kind="ravine", sector="D2")
    scout = SectorUnitFactory(battle=battle, side="attacker", card=shipped_card("scouts"))
    hiding = SectorUnitFactory(battle=battle, side="defender", card=shipped_card("infantry"))
    pikes = SectorUnitFactory(battle=battle, side="defender", card=shipped_card("pikes"))
    services.battle_start(battle=battle, actor=SYSTEM)
    gm = MembershipFactory(campaign=battle.campaign, role=Role.GM).user
    orders = _orders(unit_key(scout), unit_key(hiding), unit_key(pikes))
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
    rounds = list(SectorRound.objects.filter(battle=battle).order_by("number"))
    assert [row.number for row in rounds] == [0, 1, 2, 3]
    wait_until(lambda: sum((one.results(TASK) + two.results(TASK)).values()) >= 8, timeout=20,
               message="every message to be handled")
    assert one.results(TASK) + two.results(TASK) == Counter(resolved=4, skipped=4)

    codes = {row.number: [event["code"] for event in row.events] for row in rounds}
    # Seed: "в лес (овраг) выкладываются три маркера (два ложных и один истинный)".
    assert "markers_laid" in codes[1] and "marker_moves" in codes[1]
    assert codes[2].count("scouting") == 1 and "decoy_exposed" in codes[2]
    assert "scouting" in codes[3]
    hidden = state_from_data(rounds[0].state_after)
    assert [a.name for a in hidden.ambushes] == ["Wolves"] and not hidden.ambushes[0].markers

    # Each stored round replays to itself, and the whole battle played in-process from its
    # first state with the same orders and the workers' seeds ends in the same state.
    assert [round_difference(row) for row in rounds] == [None] * 4
    state = state_from_data(rounds[0].state_before)
    for row, (attacker, defender) in zip(rounds, orders, strict=True):
        assert _json(state_data(state)) == row.state_before
        given = {Side.ATTACKER: adapters.side_orders(state, row.number, Side.ATTACKER, attacker),
                 Side.DEFENDER: adapters.side_orders(state, row.number, Side.DEFENDER, defender)}
        played = play(state, given, row.number, row.seed)
        assert _json(played.events) == row.events and _json(played.rolls) == row.rolls
        state = played.after
    assert _json(state_data(state)) == battle.state
