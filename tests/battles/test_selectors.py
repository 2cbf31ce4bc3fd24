"""battles.selectors: the kingdom's armies that fought since its last turn, read on their own and
as an annotation of the turn's own read (turns.resolution), agree. Seed 003_750bd81a16f66abf.txt:
«Это состояние уменьшается на 1 в каждый ход королевства, в котором войско не совершает войсковые
занятия и не участвует в сценах битвы.»"""
from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from factories import (
    ArmyFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    KingdomTurnFactory,
    SectorRoundFactory,
    SectorUnitFactory,
)

from battles.models import BattleScene, SceneStatus
from battles.sector.models import SectorRound
from battles.selectors import (
    armies_in_battle_since_last_turn,
    fought_since_previous_turn,
    previous_turn_resolved_at,
)
from campaigns.models import KingdomTurn, TurnStatus

pytestmark = pytest.mark.django_db


def _annotated(turn) -> frozenset[int]:
    return frozenset(KingdomTurn.objects.filter(pk=turn.pk).annotate(
        previous_resolved_at=previous_turn_resolved_at()).annotate(
        fought=fought_since_previous_turn()).values_list("fought", flat=True).get())


def _fought_in_a_scene(army, resolved_at) -> None:
    scene = BattleSceneFactory.create(campaign=army.kingdom.campaign)
    BattleParticipantFactory(scene=scene, army=army)
    BattleScene.objects.filter(pk=scene.pk).update(status=SceneStatus.RESOLVED,
                                                   resolved_at=resolved_at)


def test_the_turns_annotation_names_the_armies_the_selector_names(kingdom):
    now = timezone.now()
    early, late, untimed, in_sector, deployed, idle = (
        ArmyFactory(kingdom=kingdom, name=name, hex="C4")
        for name in ("Early", "Late", "Untimed", "Sector", "Deployed", "Idle"))
    _fought_in_a_scene(early, now - datetime.timedelta(days=3))
    _fought_in_a_scene(late, now - datetime.timedelta(hours=1))
    _fought_in_a_scene(untimed, None)  # resolved without its time: counts before a first turn
    for army, number in ((in_sector, 1), (deployed, 0)):  # round 0 is the deployment
        battle = SectorUnitFactory(battle__campaign=kingdom.campaign, army=army).battle
        SectorRound.objects.filter(pk=SectorRoundFactory(battle=battle, number=number).pk).update(
            created_at=now - datetime.timedelta(hours=2))
    first = KingdomTurnFactory(kingdom=kingdom, number=1)
    assert _annotated(first) == armies_in_battle_since_last_turn(first) == {
        early.pk, late.pk, untimed.pk, in_sector.pk}
    KingdomTurn.objects.filter(pk=first.pk).update(status=TurnStatus.RESOLVED,
                                                   resolved_at=now - datetime.timedelta(days=1))
    second = KingdomTurnFactory(kingdom=kingdom, number=2)
    assert _annotated(second) == armies_in_battle_since_last_turn(second) == {
        late.pk, in_sector.pk}
    assert idle.pk not in _annotated(first)
