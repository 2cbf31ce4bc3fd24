"""One object of every model the admin shows, made the way its app makes it."""
from __future__ import annotations

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone
from django_celery_beat.models import (
    ClockedSchedule,
    CrontabSchedule,
    IntervalSchedule,
    PeriodicTask,
    SolarSchedule,
)
from factories import (
    AnnouncementFactory,
    ArmyConditionFactory,
    ArmyFactory,
    ArmyGearFactory,
    ArmyTacticFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    CampaignFactory,
    ChatPostFactory,
    DiplomaticRelationFactory,
    FactionFactory,
    GroupFactory,
    InvitationFactory,
    KingdomFactory,
    MembershipFactory,
    PlayerPreferencesFactory,
    SectorBattleFactory,
    SectorCasterFactory,
    SectorTrapFactory,
    SectorUnitFactory,
    SettlementFactory,
    TerrainCardFactory,
    UserFactory,
    shipped_artifact,
    shipped_card,
    shipped_template,
    shipped_trap,
)
from knox.models import AuthToken

from armies.activity_services import activity_submit
from armies.models import Army, ArmyActivity, ArmyTemplate
from battles.exploration import hex_explore
from battles.models import BattleReport, BattleScene, Exploration
from battles.sector import services as sector_services
from battles.sector.models import SectorBattle, TemplateCard, UnitCard
from battles.sector.module_models import ArtifactCard, SpellCard, TrapCard
from battles.services import scene_queue_from_gambit, scene_resolve_now
from campaigns.models import (
    Announcement,
    Campaign,
    DiplomaticRelation,
    Faction,
    Invitation,
    Kingdom,
    KingdomTurn,
    Membership,
    PlayerPreferences,
    Settlement,
    TurnStatus,
)
from campaigns.services import turn_open
from core.permissions import SYSTEM
from notifications.models import ChatPost
from rules.kingmaker.turn import BattleRequest
from turns.models import SupersededTurnReport, TurnReport
from turns.resolution import turn_resolve
from turns.undo import turn_undo

# One way to make an object of every model the admin shows. A model registered later without an
# entry here fails test_every_registered_model_has_a_factory.
MAKERS = {
    get_user_model(): lambda: UserFactory.create(),
    Group: lambda: GroupFactory.create(),
    Campaign: lambda: CampaignFactory.create(),
    Kingdom: lambda: KingdomFactory.create(),
    Membership: lambda: MembershipFactory.create(),
    PlayerPreferences: lambda: PlayerPreferencesFactory.create(),
    Settlement: lambda: SettlementFactory.create(),
    Faction: lambda: FactionFactory.create(special_armies=[shipped_template("Sootscale Warriors")]),
    DiplomaticRelation: lambda: DiplomaticRelationFactory.create(),
    Army: lambda: _army_with_everything(),
    ArmyTemplate: lambda: shipped_template("Sootscale Warriors"),
    KingdomTurn: lambda: turn_open(actor=SYSTEM, kingdom=KingdomFactory.create()),
    ArmyActivity: lambda: _activity(),
    TurnReport: lambda: _report(),
    SupersededTurnReport: lambda: _superseded(),
    PeriodicTask: lambda: PeriodicTask.objects.first(),
    CrontabSchedule: lambda: CrontabSchedule.objects.first(),
    IntervalSchedule: lambda: IntervalSchedule.objects.create(every=5, period="minutes"),
    SolarSchedule: lambda: SolarSchedule.objects.create(event="sunset", latitude=50,
                                                        longitude=30),
    ClockedSchedule: lambda: ClockedSchedule.objects.create(clocked_time=timezone.now()),
    AuthToken: lambda: AuthToken.objects.create(user=UserFactory.create())[0],
    AccessAttempt: lambda: AccessAttempt.objects.create(username="x", ip_address="127.0.0.1",
                                                        failures_since_start=1,
                                                        attempt_time=timezone.now()),
    AccessLog: lambda: AccessLog.objects.create(username="x", ip_address="127.0.0.1",
                                                attempt_time=timezone.now()),
    AccessFailureLog: lambda: AccessFailureLog.objects.create(username="x",
                                                              ip_address="127.0.0.1",
                                                              attempt_time=timezone.now()),
    BattleScene: lambda: _scene(),
    BattleReport: lambda: _battle_report(),
    Exploration: lambda: _exploration(),
    UnitCard: lambda: shipped_card("knights"),
    TemplateCard: lambda: TemplateCard.objects.first(),
    SectorBattle: lambda: _sector_battle(),
    ArtifactCard: lambda: shipped_artifact(),
    TrapCard: lambda: shipped_trap(),
    SpellCard: lambda: SpellCard.objects.get(spell="fog"),   # shipped by migration 0012
    ChatPost: lambda: ChatPostFactory.create(),
    Announcement: lambda: AnnouncementFactory.create(),
    Invitation: lambda: InvitationFactory.create(),
}


def _sector_battle() -> SectorBattle:
    battle = SectorBattleFactory.create()
    for side in ("attacker", "defender"):
        SectorUnitFactory.create(battle=battle, side=side)
    TerrainCardFactory.create(battle=battle, kind="river", sector="C2", toward="C3")
    SectorCasterFactory.create(battle=battle)
    SectorTrapFactory.create(battle=battle)
    return sector_services.battle_start(battle=battle, actor=SYSTEM)


def _scene() -> BattleScene:
    army = ArmyFactory.create()
    return scene_queue_from_gambit(campaign=army.kingdom.campaign,
                                   request=BattleRequest(0, "C4", (army.pk,), ()))


def _exploration() -> Exploration:
    army = ArmyFactory.create()
    return hex_explore(actor=SYSTEM, army=army, hex=army.hex)


def _battle_report() -> BattleReport:
    attacker, defender = ArmyFactory.create(), ArmyFactory.create(name="Defenders")
    scene = BattleSceneFactory.create(campaign=attacker.kingdom.campaign, hex="C4",
                               attacker_kingdom=attacker.kingdom)
    BattleParticipantFactory.create(scene=scene, army=attacker, side="attacker")
    BattleParticipantFactory.create(scene=scene, army=defender, side="defender")
    assert scene_resolve_now(scene=scene, actor=SYSTEM) == "resolved"
    return BattleReport.objects.get(scene=scene)


def _activity() -> ArmyActivity:
    army = ArmyFactory.create()
    turn = turn_open(actor=SYSTEM, kingdom=army.kingdom)
    # Orders are given by a player of the kingdom (activity_submit checks it).
    player = MembershipFactory.create(campaign=army.kingdom.campaign, kingdom=army.kingdom).user
    activity, _created = activity_submit(turn=turn, user=player, kind="deploy_army",
                                         army=army, params={"destination": "C5"})
    return activity


def _report() -> TurnReport:
    turn = turn_open(actor=SYSTEM, kingdom=ArmyFactory.create().kingdom)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    turn_resolve(turn.pk)
    return TurnReport.objects.get(turn=turn)


def _superseded() -> SupersededTurnReport:
    report = _report()
    turn_undo(actor=SYSTEM, turn=report.turn)
    return SupersededTurnReport.objects.get(turn=report.turn)


def _army_with_everything() -> Army:
    army = ArmyFactory.create(kingdom=KingdomFactory.create(level=5))
    ArmyTacticFactory.create(army=army, tactic="keen_eyed")
    ArmyGearFactory.create(army=army)
    ArmyConditionFactory.create(army=army)
    return army


def registered_models():
    return sorted(admin.site._registry, key=lambda model: model._meta.label)


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)

