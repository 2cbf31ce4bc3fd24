"""Who may fight in a battle, for both battle engines: an army of the battle's campaign, then the
rules of rules.kingmaker.battle.enlistment (its kingdom's side, the battle's hex, able to fight,
a garrison's walls), and who may put it there (the campaign's GM, or the project resolving a turn).
The scenes' and the sector battles' services both ask here, whoever puts the army there (the GM's
admin, an Offensive Gambit, "add the sides' armies")."""
from __future__ import annotations

from typing import Protocol

from armies.adapters import condition_state
from armies.choices import ArmyStatus
from armies.models import Army, ArmyActivity
from campaigns.permissions import check_runs_campaign
from rules.errors import Violation, _, raise_if_any
from rules.kingmaker.battle.enlistment import Enlistment, enlistment_violations


class Battle(Protocol):
    """A battle scene or a sector battle: what enlistment reads of either."""

    campaign_id: int
    attacker_kingdom_id: int | None
    defender_kingdom_id: int | None
    hex: str
    gambit: ArmyActivity | None


def army_enlistment_violations(*, battle: Battle, army: Army, side: str,
                               garrisoned: bool = False,
                               holds_fortification: bool | None = None) -> list[Violation]:
    """Why `army` may not fight on `side` ("attacker" or "defender") of `battle`. `army` comes
    with its kingdom and conditions (armies.selectors.armies_with_details)."""
    if battle.campaign_id and army.kingdom.campaign_id != battle.campaign_id:
        return [Violation("participant_campaign", _("This army belongs to another campaign."),
                          "army")]
    kingdoms = (battle.attacker_kingdom_id, battle.defender_kingdom_id)
    side_kingdom, other_kingdom = kingdoms if side == "attacker" else kingdoms[::-1]
    target = battle.gambit.params.get("target") if battle.gambit is not None else None
    return enlistment_violations(Enlistment(
        army=army.name, kingdom=army.kingdom_id, hex=army.hex,
        active=army.status == ArmyStatus.ACTIVE,
        conditions=tuple(condition_state(c) for c in army.conditions.all()),
        side_kingdom=side_kingdom, other_kingdom=other_kingdom, scene_hex=battle.hex or None,
        gambit_target=target is not None and army.pk == target, garrisoned=garrisoned,
        holds_fortification=holds_fortification))


def check_may_set_up(actor, campaign_id: int) -> None:
    """`actor` puts armies into this campaign's battles: its GM, or the project itself (a turn's
    resolution queueing an Offensive Gambit's battle)."""
    check_runs_campaign(actor, campaign_id, "battle_gm_only",
                        _("Only the game master puts armies into a battle."))


def check_runs_battles(actor, campaign_id: int) -> None:
    """`actor` runs this campaign's battles (starts them, closes a round, reopens, seeds or
    resolves a scene): its GM, or the project itself (a worker, the demo)."""
    check_runs_campaign(actor, campaign_id, "battle_run_gm_only",
                        _("Only the game master runs the campaign's battles."))


def enlistment_check(*, actor, battle: Battle, army: Army, side: str, garrisoned: bool = False,
                     holds_fortification: bool | None = None) -> None:
    """Refuse `army` on `side` of `battle` for `actor`: NotPermitted when they do not set up the
    campaign's battles, else RuleViolation with every rule it breaks (army_enlistment_violations).
    Both battle kinds' services check here before an army joins, whoever asks."""
    check_may_set_up(actor, battle.campaign_id)
    raise_if_any(army_enlistment_violations(battle=battle, army=army, side=side,
                                            garrisoned=garrisoned,
                                            holds_fortification=holds_fortification))
