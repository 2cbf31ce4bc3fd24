"""The GM's record of player characters exploring a hex with an army (seed 003, "Исследование
гексов": «Если во время исследования гексов персонажи игроков путешествуют вместе с войском, они
могут столкнуться с войском врага. Если персонажи игроков или их враги решают атаковать, то
немедленно начинается сцена битвы»). Our ruling (docs/rules-notes.md, "Fog of war"): they meet
every other kingdom's army in the hex, one in ambush only if their army's Scouting check finds it
(rules.kingmaker.fog.exploration_encounter). A battle scene with an army met is started from the
record, either side attacking, on the hex's ground from the campaign map."""
from __future__ import annotations

import secrets

from django.db import transaction

from armies.models import Army
from armies.orders import campaign_armies, map_army_of
from armies.selectors import armies_with_details
from battles.enlistment import check_may_set_up
from battles.ground import ground_from_map
from battles.models import BattleScene, Exploration
from battles.services import participant_add
from campaigns.adapters import campaign_map_or_none
from campaigns.permissions import check_runs_campaign
from rules.errors import RuleViolation, _
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.fog import MapArmy, ScoutingCheck, exploration_encounter
from rules.kingmaker.hexes import canonical_hex, normalize_hex
from rules.sides import Side

MAX_SEED = 2**62 - 1


def _map_armies(campaign_id: int) -> dict[int, tuple[Army, MapArmy]]:
    """Every active army of the campaign that can take the field, as fog of war sees it (one that
    cannot be fielded at its kingdom's level is nowhere to be met)."""
    return {army.pk: (army, map_army_of(army)) for army in campaign_armies(campaign_id)}


def _check_data(check: ScoutingCheck, names: dict[int, str]) -> dict:
    return {"scout": check.scout, "scout_name": names.get(check.scout, ""),
            "hidden": check.hidden, "hidden_name": names.get(check.hidden, ""),
            "face": check.roll.natural, "modifier": check.modifier, "total": check.roll.total,
            "dc": check.dc, "degree": check.degree.name.lower(), "found": check.found,
            "modifiers": [[str(m.source), m.value] for m in check.modifiers]}


@transaction.atomic
def hex_explore(*, actor, army: Army, hex: str, light: str = Light.BRIGHT.value,
                seed: int | None = None) -> Exploration:
    """Record the PCs exploring `hex` with `army` (it must stand there, as they travel with it):
    whom they meet, and every Scouting check rolled. NotPermitted unless `actor` runs the army's
    campaign; RuleViolation on "army", "hex" or "light"."""
    campaign_id = army.kingdom.campaign_id
    check_runs_campaign(actor, campaign_id, "exploration_gm_only",
                        _("Only the game master records an exploration."))
    coord = normalize_hex(hex, "hex")
    try:
        light_ = Light(light)
    except ValueError:
        raise RuleViolation.single("invalid_choice", _("%(value)s is not a valid choice."),
                                   "light", value=light) from None
    armies = _map_armies(campaign_id)
    if army.pk not in armies:
        raise RuleViolation.single("exploring_army_inactive",
                                   _("%(army)s is not an active army."), "army", army=army.name)
    escort = armies[army.pk][1]
    if canonical_hex(escort.hex) != coord:
        raise RuleViolation.single(
            "exploring_army_elsewhere",
            _("%(army)s is in %(where)s: the player characters explore the hex their army is "
              "in."), "hex", army=army.name, where=escort.hex or "—")
    seed = secrets.randbelow(MAX_SEED) if seed is None else seed
    encounter = exploration_encounter(escort, [seen for _army, seen in armies.values()],
                                      light=light_, seed=seed,
                                      campaign_map=campaign_map_or_none(campaign_id))
    names = {key: row.name for key, (row, _seen) in armies.items()}
    return Exploration.objects.create(
        campaign_id=campaign_id, army=army, hex=coord, light=light_.value, seed=seed,
        met=list(encounter.met), checks=[_check_data(c, names) for c in encounter.checks],
        explored_by=actor if getattr(actor, "pk", None) else None)


def has_stayed(army: Army, exploration: Exploration) -> bool:
    """Whether the army still stands in the explored hex: one met that has moved on since is met
    there no more, and no battle starts with it."""
    return canonical_hex(army.hex) == exploration.hex


@transaction.atomic
def scene_from_exploration(*, actor, exploration: Exploration, enemy: Army,
                           explorers_attack: bool) -> BattleScene:
    """Start the battle scene with `enemy`, an army the exploration met: the explorers' army and
    their player characters on the attacking side when they attack, else on the defending side;
    the ground from the hex on the campaign map. NotPermitted unless `actor` sets up the
    campaign's battles; RuleViolation on "enemy" for an army not met or gone from the hex since,
    or on the fields the battle's rules refuse."""
    check_may_set_up(actor, exploration.campaign_id)
    exploration = Exploration.objects.select_for_update().get(pk=exploration.pk)
    if enemy.pk not in exploration.met or exploration.army_id is None:
        raise RuleViolation.single("enemy_not_met",
                                   _("The exploration did not meet this army."), "enemy")
    if exploration.scene_id is not None:
        raise RuleViolation.single("exploration_has_scene",
                                   _("This exploration has started its battle scene already."),
                                   "enemy")
    rows = {a.pk: a for a in armies_with_details().filter(pk__in=[exploration.army_id, enemy.pk])}
    ours, theirs = rows[exploration.army_id], rows[enemy.pk]
    if not has_stayed(theirs, exploration):
        raise RuleViolation.single("enemy_moved_on",
                                   _("%(army)s has left %(hex)s since the exploration met it."),
                                   "enemy", army=theirs.name, hex=exploration.hex)
    attacker, defender = (ours, theirs) if explorers_attack else (theirs, ours)
    scene = BattleScene(campaign_id=exploration.campaign_id, hex=exploration.hex,
                        attacker_kingdom_id=attacker.kingdom_id,
                        defender_kingdom_id=defender.kingdom_id, light=exploration.light,
                        attacker_pcs_present=explorers_attack,
                        defender_pcs_present=not explorers_attack)
    # Garrisoned as fog of war reads it (the army's Garrison Army standing), so that the army met
    # in ambush for its garrison fights as one.
    garrisoned = {key for key, army in rows.items() if army.garrisoned}
    ground_from_map(scene, rows, [attacker.pk], [defender.pk], garrisoned)
    scene.save()
    for army, side in ((attacker, Side.ATTACKER), (defender, Side.DEFENDER)):
        participant_add(actor=actor, scene=scene, army=army, side=side.value,
                        garrisoned=army.pk in garrisoned, plan=army.battle_plan or {})
    exploration.scene = scene
    exploration.save(update_fields=["scene"])
    return scene
