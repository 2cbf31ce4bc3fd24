"""Who fights in a battle scene an Offensive Gambit queues: the same rules as the GM's inline
(battles.services.participant_violations)."""
from __future__ import annotations

import pytest
from factories import ArmyActivityFactory, ArmyConditionFactory, ArmyFactory, BattleSceneFactory

from battles.models import BattleParticipant, BattleScene
from battles.services import participant_violations, scene_queue_from_gambit
from campaigns.models import Ruleset
from rules.kingmaker.turn import BattleRequest
from rules.sides import Side

pytestmark = pytest.mark.django_db


def fighting(battle) -> set[str]:
    """The armies in a battle scene, or the armies a sector battle's units come from."""
    rows = battle.participants if isinstance(battle, BattleScene) else battle.units
    return set(rows.values_list("army__name", flat=True))


@pytest.mark.parametrize("ruleset", [Ruleset.KINGMAKER, Ruleset.CERILIA])
@pytest.mark.parametrize("archers_now", [
    # seed 003_750bd81a16f66abf.txt: "Разгромленное войско не может совершать боевые действия."
    {"condition": "defeated"},
    {"hex": "F9"},
])
def test_a_gambit_battle_leaves_out_an_army_that_may_not_fight_there(
        campaign, sides, our_armies, their_armies, archers_now, ruleset):
    campaign.ruleset = ruleset
    campaign.save()
    foot, archers = their_armies
    if "condition" in archers_now:
        ArmyConditionFactory(army=archers, condition=archers_now["condition"], value=1)
    else:
        type(archers).objects.filter(pk=archers.pk).update(**archers_now)
    scene = scene_queue_from_gambit(campaign=campaign, request=BattleRequest(
        0, "C4", tuple(a.pk for a in our_armies), (foot.pk, archers.pk)))
    assert fighting(scene) == {"Tatzlford Guard", "Restov Lancers", "Pitax Foot"}


def test_only_the_gambits_target_may_fight_from_the_next_hex(campaign, sides, our_armies,
                                                             their_armies):
    # reference kingmaker-warfare-data.yaml, Offensive Gambit: "The war encounter happens right
    # after the Kingdom turn ends" (our ruling: its target may have stepped next door).
    foot, archers = their_armies
    type(foot).objects.filter(kingdom=foot.kingdom).update(hex="C5")
    gambit = ArmyActivityFactory(turn__kingdom=sides[0], army=our_armies[0],
                                 kind="offensive_gambit", params={"target": foot.pk})
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=sides[0],
                               defender_kingdom=sides[1], gambit=gambit)

    def problems(army):
        army.refresh_from_db()
        row = BattleParticipant(scene=scene, army=army, side=Side.DEFENDER)
        return [v.code for v in participant_violations(scene=scene, participant=row, army=army)]

    assert problems(foot) == []
    assert problems(archers) == ["participant_elsewhere"]
    assert problems(ArmyFactory(kingdom=sides[1], hex="C6")) == ["participant_elsewhere"]
