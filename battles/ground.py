"""A battle scene's battlefield from its hex on the campaign map (rules.kingmaker.fog.battleground,
docs/rules-notes.md "Fog of war"): its terrain, water and a settlement's wall for the side whose
kingdom claims it. These are defaults: the GM changes any of them on the scene."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from campaigns.adapters import map_hex_at
from rules.kingmaker.fog import Battleground, battleground
from rules.sides import Side

if TYPE_CHECKING:
    from armies.models import Army


def hex_ground(campaign, coord: str, *, attacker: str | None = None, defender: str | None = None,
               garrisoned: Collection[Side] = ()) -> Battleground | None:
    """The battlefield the campaign map gives `coord` for the kingdoms named `attacker` and
    `defender`, the sides in `garrisoned` having a garrison there; None when the map does not
    hold the hex (or the campaign has no map)."""
    place = map_hex_at(campaign, coord)
    if place is None:
        return None
    return battleground(place, attacker=attacker, defender=defender, garrisoned=garrisoned)


def set_ground(scene, ground: Battleground) -> None:
    """Put the ground's terrain, water and fortification on the (unsaved or changing) scene."""
    scene.terrain = ground.terrain.value
    scene.water = ground.water
    if ground.fortification is not None:
        scene.fortification = ground.fortification.kind.value
        scene.fortification_side = ground.fortification.side.value
    else:
        scene.fortification = scene.fortification_side = ""
    scene.fortification_hp = None


def ground_from_map(scene, armies: Mapping[int, Army], attackers: Sequence[int],
                    defenders: Sequence[int], garrisons: Collection[int]) -> None:
    """Give the (unsaved) scene its hex's battlefield when the campaign map holds the hex; each
    side's kingdom is its first army's, and a side has a garrison there when one of its armies
    is in `garrisons` (rules.kingmaker.fog.battleground says whose the settlement's wall is)."""
    def kingdom(keys: Sequence[int]) -> str | None:
        return next((armies[k].kingdom.name for k in keys if k in armies), None)

    garrisoned = {side for side, keys in ((Side.ATTACKER, attackers), (Side.DEFENDER, defenders))
                  if any(key in garrisons for key in keys)}
    ground = hex_ground(scene.campaign_id, scene.hex, attacker=kingdom(attackers),
                        defender=kingdom(defenders), garrisoned=garrisoned)
    if ground is not None:
        set_ground(scene, ground)
