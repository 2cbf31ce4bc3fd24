"""One claim machinery for turns, scenes and sector rounds: their claim columns come from one
abstract model, and each kind's declaration moves a row that takes input to one a worker may
claim."""
from __future__ import annotations

import pytest
from django.utils import timezone
from factories import BattleSceneFactory, KingdomTurnFactory, SectorBattleFactory

from battles.models import BattleScene
from battles.resolution import SCENES
from battles.sector.models import BattleStatus, SectorBattle
from battles.sector.resolution import ROUNDS
from campaigns.models import KingdomTurn
from core.models import ClaimedModel
from turns.resolution import TURNS

pytestmark = pytest.mark.django_db

CLAIM_COLUMNS = ["seed", "locked_at", "resolving_since", "claim", "error"]


@pytest.mark.parametrize("model", [KingdomTurn, BattleScene, SectorBattle])
def test_the_claim_columns_are_the_abstract_models(model):
    assert issubclass(model, ClaimedModel)
    shared = {f.name: f for f in ClaimedModel._meta.get_fields()}
    assert sorted(shared) == sorted(CLAIM_COLUMNS)
    for name in CLAIM_COLUMNS:
        field = model._meta.get_field(name)
        assert (field.column, field.get_internal_type(), field.null) == (
            name, shared[name].get_internal_type(), shared[name].null)


def _turn():
    return KingdomTurnFactory()


def _scene():
    return BattleSceneFactory()


def _round():
    return SectorBattleFactory(status=BattleStatus.OPEN)


@pytest.mark.parametrize(("work", "make"), [(TURNS, _turn), (SCENES, _scene), (ROUNDS, _round)],
                         ids=["turns", "scenes", "sector rounds"])
def test_locking_sends_a_row_taking_input_to_the_workers(work, make):
    row = make()
    rows = work.model.objects.filter(pk=row.pk)
    assert rows.filter(work.taking_input).exists() and not rows.filter(work.waiting).exists()
    before = timezone.now()
    assert work.lock(rows, enqueue=False) == [row.pk]
    row.refresh_from_db()
    assert rows.filter(work.waiting).exists() and not rows.filter(work.taking_input).exists()
    assert row.status == work.waiting_status and row.locked_at >= before
    # Locked once: a second lock finds nothing taking input, and with_waiting finds it waiting.
    assert work.lock(rows, enqueue=False) == []
    assert work.lock(rows, enqueue=False, with_waiting=True) == [row.pk]


def test_a_round_locked_under_its_row_lock_is_enqueued_and_kept_in_its_history(
        django_capture_on_commit_callbacks):
    battle = _round()
    with django_capture_on_commit_callbacks() as sent:
        ROUNDS.lock_held(SectorBattle.objects.select_for_update().get(pk=battle.pk))
    assert len(sent) == 1
    battle.refresh_from_db()
    assert not battle.takes_orders and SectorBattle.objects.filter(ROUNDS.waiting).exists()
    assert battle.history.latest("history_id").locked_at == battle.locked_at


def test_many_rows_are_sent_in_batches_and_few_a_message_each():
    # Few turns: each worker starts on one at once.
    assert TURNS._batches(list(range(31))) == [[pk] for pk in range(31)]
    # Many: at most 8 a message, and at least 16 messages, so the workers finish together.
    assert [len(batch) for batch in TURNS._batches(list(range(100)))] == [6] * 16 + [4]
    assert {len(batch) for batch in TURNS._batches(list(range(1000)))} == {8}
    assert sum(TURNS._batches(list(range(1000))), []) == list(range(1000))
    # Work without a batch task: a message a row however many.
    assert SCENES._batches(list(range(100))) == [[pk] for pk in range(100)]
