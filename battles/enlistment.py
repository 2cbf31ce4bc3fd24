"""Who may fight in a battle, for both battle engines: an army of the battle's campaign, then the
rules of rules.kingmaker.battle.enlistment (its kingdom's side, the battle's hex, able to fight,
a garrison's walls). The scenes' and the sector battles' services both ask here, whoever puts the
army there (the GM's admin, an Offensive Gambit, "add the sides' armies")."""
from __future__ import annotations

from armies.adapters import condition_state
from armies.choices import ArmyStatus
from armies.models import Army
from rules.errors import Violation, _
from rules.kingmaker.battle.enlistment import Enlistment, enlistment_violations


def army_enlistment_violations(*, campaign_id: int | None, army: Army,
                               side_kingdom: int | None, other_kingdom: int | None,
                               battle_hex: str, gambit_target: bool = False,
                               garrisoned: bool = False,
                               holds_fortification: bool | None = None) -> list[Violation]:
    """Why `army` may not fight on a side whose kingdom is `side_kingdom`. A battle without a hex
    (one the GM set up off the map) takes the army wherever it stands. `army` comes with its
    kingdom and conditions."""
    if campaign_id and army.kingdom.campaign_id != campaign_id:
        return [Violation("participant_campaign", _("This army belongs to another campaign."),
                          "army")]
    return enlistment_violations(Enlistment(
        army=army.name, kingdom=army.kingdom_id, hex=army.hex,
        active=army.status == ArmyStatus.ACTIVE,
        conditions=tuple(condition_state(c) for c in army.conditions.all()),
        side_kingdom=side_kingdom, other_kingdom=other_kingdom,
        scene_hex=battle_hex or army.hex, gambit_target=gambit_target, garrisoned=garrisoned,
        holds_fortification=holds_fortification))
