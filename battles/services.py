"""Writes about battle scenes."""
from __future__ import annotations

from battles.models import BattleParticipant, BattleScene, Side
from rules.kingmaker.turn import BattleRequest


def scene_queue_from_gambit(*, campaign, request: BattleRequest, gambit=None,
                            army_ids: dict[int, int] | None = None) -> BattleScene:
    """Queue the battle an Offensive Gambit starts ("The war encounter happens right after the
    Kingdom turn ends"), with the attacking and defending armies in the hex. `army_ids` maps the
    engine's keys of armies recruited this turn to their database ids."""
    army_ids = army_ids or {}
    scene = BattleScene.objects.create(campaign=campaign, hex=request.hex, gambit=gambit,
                                       attacker_initiative=request.attacker_initiative,
                                       defender_initiative=request.defender_initiative)
    BattleParticipant.objects.bulk_create(
        [BattleParticipant(scene=scene, army_id=army_ids.get(key, key), side=Side.ATTACKER)
         for key in request.attackers]
        + [BattleParticipant(scene=scene, army_id=key, side=Side.DEFENDER,
                             starts_shaken=1 if key == request.shaken_defender else 0)
           for key in request.defenders])
    return scene
