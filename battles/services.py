"""Writes about battle scenes."""
from __future__ import annotations

from battles.models import BattleParticipant, BattleScene, Side
from rules.kingmaker.turn import BattleRequest


def scene_queue_from_gambit(*, campaign, request: BattleRequest, gambit=None) -> BattleScene:
    """Queue the battle an Offensive Gambit starts ("The war encounter happens right after the
    Kingdom turn ends"), with the attacking and defending armies in the hex."""
    scene = BattleScene.objects.create(campaign=campaign, hex=request.hex, gambit=gambit,
                                       attacker_initiative=request.attacker_initiative,
                                       defender_initiative=request.defender_initiative)
    BattleParticipant.objects.bulk_create(
        [BattleParticipant(scene=scene, army_id=key, side=Side.ATTACKER)
         for key in request.attackers]
        + [BattleParticipant(scene=scene, army_id=key, side=Side.DEFENDER)
           for key in request.defenders])
    return scene
