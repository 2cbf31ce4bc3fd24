"""Writes about battle scenes: queue one for an Offensive Gambit, add an army to one (the GM),
change a participant's battle plan until the scene locks, hand a failed scene back, and resolve
one now (the GM). Each service checks the acting user's permission and the rules itself, so every
interface only translates its refusals."""
from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from armies.adapters import army_state
from armies.models import Army
from armies.selectors import armies_with_details
from battles import resolution
from battles.adapters import enemy_keys, plan_from, starting_state
from battles.enlistment import army_enlistment_violations, check_may_set_up, check_runs_battles
from battles.ground import ground_from_map
from battles.models import BattleParticipant, BattleReport, BattleScene, SceneStatus
from battles.sector import services as sector_services
from battles.sector.models import SectorBattle
from battles.selectors import planning_kingdoms
from campaigns.models import Ruleset
from campaigns.services import narrate
from core.permissions import SYSTEM, NotPermitted
from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker.battle.plans import plan_violations
from rules.kingmaker.conditions import Condition
from rules.kingmaker.turn import BattleRequest
from rules.sides import Side


class SceneLocked(Exception):
    """The scene no longer takes plans: it was sent for resolution, or fought."""

    def __init__(self, scene: BattleScene):
        super().__init__(f"battle scene {scene.pk} is {scene.status}")
        self.scene = scene


def scene_queue_from_gambit(*, campaign, request: BattleRequest, gambit=None,
                            army_ids: dict[int, int] | None = None):
    """Queue the battle an Offensive Gambit starts ("The war encounter happens right after the
    Kingdom turn ends"), with the attacking and defending armies in the hex. `army_ids` maps the
    engine's keys of armies recruited this turn to their database ids. A campaign fought under
    the Wars of Cerilia ruleset gets a sector battle for the GM to set up instead."""
    army_ids = army_ids or {}
    attackers = [army_ids.get(key, key) for key in request.attackers]
    defenders = list(request.defenders)
    armies = {a.pk: a for a in armies_with_details().filter(pk__in=attackers + defenders)}
    scene = BattleScene(
        campaign=campaign, hex=request.hex, gambit=gambit,
        attacker_kingdom_id=next((armies[a].kingdom_id for a in attackers if a in armies), None),
        defender_kingdom_id=next((armies[d].kingdom_id for d in defenders if d in armies), None),
        attacker_initiative=request.attacker_initiative,
        defender_initiative=request.defender_initiative)
    # The battle is fought where the armies stand, so a garrison there fights from its site (seed
    # 003: "Когда гарнизон создан, войско защищено, пока не использует боевое действие с
    # дескриптором «манёвр»").
    garrisons = {key for key, army in armies.items()
                 if any(c.condition == Condition.FORTIFIED for c in army.conditions.all())}
    ground_from_map(scene, armies, attackers, defenders, garrisons)
    # Nobody is at the table when a gambit's battle is fought: each army keeps its standing plan.
    candidates = (
        [BattleParticipant(scene=scene, army_id=key, side=Side.ATTACKER,
                           plan=armies[key].battle_plan or {}, garrisoned=key in garrisons)
         for key in attackers if key in armies]
        + [BattleParticipant(scene=scene, army_id=key, side=Side.DEFENDER,
                             plan=armies[key].battle_plan or {}, garrisoned=key in garrisons,
                             starts_shaken=1 if key == request.shaken_defender else 0)
           for key in defenders if key in armies])
    # An army that may not fight there (defeated, gone since the gambit) stays out of the battle.
    fighting = [p for p in candidates
                if _admitted(actor=SYSTEM, scene=scene, participant=p, army=armies[p.army_id])]
    if campaign.ruleset == Ruleset.CERILIA:
        cards = Army.objects.select_related("template__sector_card__card").in_bulk(
            [p.army_id for p in fighting])
        return sector_services.battle_from_armies(
            actor=SYSTEM, campaign=campaign, name=str(scene), hex=scene.hex, gambit=gambit,
            attackers=[cards[p.army_id] for p in fighting if p.side == Side.ATTACKER],
            defenders=[cards[p.army_id] for p in fighting if p.side == Side.DEFENDER],
            attacker_kingdom_id=scene.attacker_kingdom_id,
            defender_kingdom_id=scene.defender_kingdom_id)[0]
    scene.save()
    BattleParticipant.objects.bulk_create(fighting)
    return scene


def participant_violations(*, scene: BattleScene, participant: BattleParticipant,
                           army: Army) -> list[Violation]:
    """Why `army` may not fight on the participant's side of the scene, whoever puts it there
    (the GM's inline, an Offensive Gambit): another campaign's army; the rules of
    rules.kingmaker.battle.enlistment; a garrison on the side that does not hold the scene's
    fortification. `army` comes with its kingdom and conditions (armies_with_details)."""
    return army_enlistment_violations(
        battle=scene, army=army, side=participant.side, garrisoned=participant.garrisoned,
        holds_fortification=(scene.fortification_side == participant.side
                             if scene.fortification else None))


def participant_check(*, actor, scene: BattleScene, participant: BattleParticipant,
                      army: Army) -> None:
    """Refuse the participant for `actor`: NotPermitted unless they set up the campaign's battles
    (its GM), else RuleViolation naming each field the rules refuse (participant_violations).
    participant_add checks here; the GM's inline shows its errors before saving."""
    check_may_set_up(actor, scene.campaign_id)
    raise_if_any(participant_violations(scene=scene, participant=participant, army=army))


def _admitted(**kwargs) -> bool:
    try:
        participant_check(**kwargs)
    except RuleViolation:
        return False
    return True


@transaction.atomic
def participant_add(*, actor, scene: BattleScene, army: Army, side: str,
                    garrisoned: bool = False, starts_shaken: int = 0,
                    plan: Mapping[str, Any] | None = None) -> BattleParticipant:
    """Put `army` into the scene on `side`, whoever asks (the GM's inline; an Offensive Gambit
    checks the same way): raises SceneLocked once the scene is sent for resolution, NotPermitted
    for an actor who is not the campaign's GM, RuleViolation naming the fields the rules
    refuse."""
    if not scene.takes_plans:
        raise SceneLocked(scene)
    participant = BattleParticipant(scene=scene, army=armies_with_details().get(pk=army.pk),
                                    side=side, garrisoned=garrisoned,
                                    starts_shaken=starts_shaken, plan=dict(plan or {}))
    participant_check(actor=actor, scene=scene, participant=participant, army=participant.army)
    participant.save()
    return participant


def plan_problems(participant: BattleParticipant, plan: Mapping[str, Any], army,
                  participants) -> list:
    """What is wrong with `plan` for this participant (the rules engine's violations)."""
    state = starting_state(participant, army)
    try:
        rules_plan = plan_from(plan, state)
    except RuleViolation as error:
        return list(error.violations)
    return plan_violations(state, rules_plan, enemy_keys(participant, participants))


def _check_may_plan(actor, army: Army, campaign_id: int) -> None:
    if actor is SYSTEM:
        return
    kingdoms = planning_kingdoms(actor, campaign_id)
    if kingdoms is not None and army.kingdom_id not in kingdoms:
        raise NotPermitted.single("plan_not_yours",
                                  _("Only this army's kingdom and the GM plan its battle."))


@transaction.atomic
def participant_set_plan(*, actor, participant: BattleParticipant, plan: Mapping[str, Any]
                         ) -> BattleParticipant:
    """Give a participant its battle plan: the keys given (the army's default plan fills the
    others when it fights; {} is the default plan). Raises NotPermitted unless `actor` plays the
    army's kingdom or runs the campaign, SceneLocked once the scene is sent for resolution,
    RuleViolation naming the plan's field when the rules refuse it."""
    scene = BattleScene.objects.select_for_update().get(pk=participant.scene_id)
    army = armies_with_details().get(pk=participant.army_id)
    _check_may_plan(actor, army, scene.campaign_id)
    if not scene.takes_plans:
        raise SceneLocked(scene)
    participant = BattleParticipant.objects.select_for_update().get(pk=participant.pk)
    participants = list(scene.participants.all())
    raise_if_any(plan_problems(participant, plan, army, participants))
    participant.plan = dict(plan)
    participant.save(update_fields=["plan"])
    return participant


@transaction.atomic
def scene_reopen(*, actor, scene: BattleScene) -> BattleScene:
    """The GM hands a failed scene back to the queue: it is locked again and resolves next (the
    seed is kept, so the dice fall the same way). Raises NotPermitted unless `actor` runs the
    campaign's battles."""
    check_runs_battles(actor, scene.campaign_id)
    if not resolution.SCENES.reopen(scene.pk):
        raise RuleViolation.single("scene_not_failed", _("Only a failed scene can be reopened."))
    scene.refresh_from_db()
    return scene


@transaction.atomic
def scene_seed(*, actor, scene: BattleScene) -> int:
    """The scene's seed, drawn now if it has none (the GM's step by step shows the dice the
    resolution will roll). Raises NotPermitted unless `actor` runs the campaign's battles."""
    scene = BattleScene.objects.select_for_update().get(pk=scene.pk)
    check_runs_battles(actor, scene.campaign_id)
    if scene.seed is None:
        scene.seed = secrets.randbits(62)
        scene.save(update_fields=["seed"])
    return scene.seed


def scenes_send_to_workers(*, actor, scenes: QuerySet[BattleScene]) -> int:
    """The GM's "Resolve now" for queued scenes: lock them and hand them to the workers; answers
    how many went. Raises NotPermitted unless `actor` runs every scene's campaign."""
    for campaign_id in set(scenes.values_list("campaign_id", flat=True)):
        check_runs_battles(actor, campaign_id)
    return len(resolution.scenes_lock(scenes))


def scene_resolve_now(*, actor, scene: BattleScene) -> str:
    """Lock the scene and resolve it here, through the same claim as a worker (the GM's "Finish
    and apply"). Returns "resolved", "skipped" or "failed"; raises NotPermitted unless `actor`
    runs the campaign's battles."""
    check_runs_battles(actor, scene.campaign_id)
    resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    return resolution.scene_resolve(scene.pk)


@transaction.atomic
def army_set_battle_plan(*, actor, army: Army, plan: Mapping[str, Any]) -> Army:
    """Give an army its standing battle plan, for the battles its kingdom's Offensive Gambits (or
    an enemy's) start while nobody is at the table. Its target may be any army of another kingdom
    of the campaign. Raises NotPermitted unless `actor` plays the army's kingdom or runs the
    campaign, RuleViolation naming the plan's field."""
    army = armies_with_details().select_for_update(of=("self",)).get(pk=army.pk)
    _check_may_plan(actor, army, army.kingdom.campaign_id)
    state = army_state(army)
    rules_plan = plan_from(plan, state)
    enemies = frozenset(Army.objects.filter(kingdom__campaign_id=army.kingdom.campaign_id,
                                            status="active").exclude(kingdom_id=army.kingdom_id)
                        .values_list("pk", flat=True))
    raise_if_any(plan_violations(state, rules_plan, enemies))
    army.battle_plan = dict(plan)
    army.save(update_fields=["battle_plan"])
    return army


@transaction.atomic
def battle_from_scene(*, actor, scene) -> tuple[SectorBattle, list]:
    """Fight a queued Kingmaker battle scene as a sector battle instead: the same armies, sides,
    kingdoms and gambit; the scene itself is deleted (its history keeps it). Raises NotPermitted
    unless `actor` puts armies into the campaign's battles."""
    scene = BattleScene.objects.select_for_update().get(pk=scene.pk)
    check_may_set_up(actor, scene.campaign_id)
    if scene.status != SceneStatus.QUEUED or scene.locked_at is not None:
        raise RuleViolation.single("scene_not_queued", _("Only a queued scene not yet sent for "
                                   "resolution can become a sector battle."))
    participants = list(scene.participants.select_related("army__template__sector_card__card"))
    gambit = scene.gambit
    scene.gambit = None
    scene.save(update_fields=["gambit"])
    found = sector_services.battle_from_armies(
        actor=actor, campaign=scene.campaign, name=str(scene), hex=scene.hex,
        attackers=[p.army for p in participants if p.side == Side.ATTACKER.value],
        defenders=[p.army for p in participants if p.side == Side.DEFENDER.value],
        attacker_kingdom_id=scene.attacker_kingdom_id,
        defender_kingdom_id=scene.defender_kingdom_id, gambit=gambit)
    scene.delete()
    return found


@transaction.atomic
def battle_report_narrate(*, actor, report: BattleReport, narration: str) -> BattleReport:
    """The GM's narration of a battle's report (campaigns.services.narrate)."""
    report = BattleReport.objects.select_related("scene").get(pk=report.pk)
    narrate(actor=actor, report=report, campaign_id=report.scene.campaign_id,
            narration=narration)
    return report
