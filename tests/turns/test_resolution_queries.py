"""A kingdom turn's SQL statements, from its claim to its commit: a budget that does not grow with
its armies (the bench's kingdom: a Recruit Army order and one Deploy, Train or Outfit Army order
per army), and every row it writes still leaves its history. Counted on real transactions (so
BEGIN and COMMIT are the ones a worker sends), not timed."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from factories import ArmyFactory, KingdomFactory, SettlementFactory, UserFactory

from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity, ArmyGear, ArmyTactic
from campaigns.models import KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from turns import resolution

# Real transactions; the shipped templates (a data migration) are restored after each test.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

# From the claim to the commit, one transaction (docs/benchmarks.md's turns section says where the
# statements go; issue 16 asks for at most 12). On PostgreSQL every row the turn writes, with its
# history row, goes in one statement (core.writes); on SQLite each table is a statement of its own.
STATEMENTS_PER_TURN = {"postgresql": 9, "sqlite": 31}
TRANSACTIONS_PER_TURN = 1
# Each order changes the army row and some of its tactic or gear rows.
ORDERS = [
    ("deploy_army", {"destination": "D4"}),
    ("train_army", {"tactic": "toughened_soldiers", "replaces": "keen_eyed"}),
    ("outfit_army", {"gear": "magic_armor", "tier": "basic"}),
]


def locked_turn(campaign, armies: int) -> KingdomTurn:
    # Skills high enough that every check succeeds: the same code paths at any number of armies.
    kingdom = KingdomFactory.create(campaign=campaign, name=f"Kingdom of {armies}", level=5, food=10_000,
                             resource_points=10_000, exploration=40, trade=40, warfare=40)
    SettlementFactory.create(kingdom=kingdom, name=f"Town of {armies}", hex="C4")
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    player = UserFactory.create(username=f"player-of-{armies}")
    rows = [ArmyFactory.create(kingdom=kingdom, name=f"Army {a}") for a in range(armies)]
    ArmyTactic.objects.bulk_create([ArmyTactic(army=a, tactic="keen_eyed") for a in rows])
    ArmyGear.objects.bulk_create([ArmyGear(army=a, kind="healing_potions", doses=1,
                                           price_paid_rp=15) for a in rows])
    orders = [ArmyActivity(turn=turn, kind="recruit_army", position=1, submitted_by=player,
                           params={"template": rows[0].template_id, "name": "Levy", "hex": "C4",
                                   "tactics": ["live_off_the_land"]})]
    orders += [ArmyActivity(turn=turn, army=a, kind=ORDERS[i % 3][0], params=ORDERS[i % 3][1],
                            position=i + 2, submitted_by=player) for i, a in enumerate(rows)]
    ArmyActivity.objects.bulk_create(orders)
    # The same seed at every size: the recruitment, rolled first, ends the same way.
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED, seed=1)
    return turn


def resolved_counting(turn: KingdomTurn) -> tuple[int, int]:
    """The statements and transactions of the turn's resolution, up to its last commit (the
    report's mail, sent after it, is not the turn's)."""
    assert connection.features.supports_json_field  # SQLite probes it once per connection
    with CaptureQueriesContext(connection) as captured:
        assert resolution.turn_resolve(turn.pk) == "resolved"
    verbs = [query["sql"].split(None, 1)[0].upper() for query in captured.captured_queries]
    last_commit = len(verbs) - verbs[::-1].index("COMMIT")
    return last_commit, verbs.count("COMMIT")


def test_a_kingdom_turn_runs_the_same_few_statements_at_5_and_at_50_armies(campaign):
    small, large = locked_turn(campaign, 5), locked_turn(campaign, 50)
    assert resolved_counting(small) == resolved_counting(large) == (
        STATEMENTS_PER_TURN[connection.vendor], TRANSACTIONS_PER_TURN)


def test_a_kingdom_turn_still_writes_every_history_row(campaign):
    turn = locked_turn(campaign, 5)
    resolved_counting(turn)
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED
    assert turn.kingdom.history.filter(history_change_reason="kingdom turn").count() == 1
    activities = ArmyActivity.objects.filter(turn=turn)
    assert set(activities.values_list("status", flat=True)) == {ActivityStatus.RESOLVED}
    for activity in activities:
        assert activity.history.filter(history_change_reason="kingdom turn").count() == 1
    armies = Army.objects.filter(kingdom=turn.kingdom)
    assert armies.count() == 6  # five and the recruit
    for army in armies:
        assert army.history.filter(history_change_reason="kingdom turn").count() == 1
    trained = ArmyTactic.objects.filter(army__kingdom=turn.kingdom, tactic="toughened_soldiers")
    outfitted = ArmyGear.objects.filter(army__kingdom=turn.kingdom, kind="magic_armor")
    assert trained.count() == 2 and outfitted.count() == 1  # orders 2 and 5, and 3
    for row in [*trained, *outfitted]:
        assert row.history.filter(history_type="+", history_change_reason="kingdom turn").exists()
    replaced = ArmyTactic.history.filter(history_type="-", tactic="keen_eyed",
                                         army__kingdom=turn.kingdom)
    assert replaced.count() == 2
    assert KingdomTurn.objects.filter(kingdom=turn.kingdom, status=TurnStatus.OPEN).count() == 1
