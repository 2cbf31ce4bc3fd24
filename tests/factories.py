"""factory_boy factories for the Django models (the army templates come from the shipped catalog)."""
from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone
from factory.django import DjangoModelFactory
from knox.models import AuthToken

from armies.models import Army, ArmyActivity, ArmyCondition, ArmyGear, ArmyTactic, ArmyTemplate
from battles.models import BattleParticipant, BattleReport, BattleScene, SceneStatus
from battles.sector.models import (
    SectorBattle,
    SectorCaster,
    SectorRound,
    SectorUnit,
    TerrainCard,
    UnitCard,
)
from battles.sector.module_models import ArtifactCard, SectorTrap, TrapCard
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
    Role,
    Settlement,
    TurnStatus,
)
from notifications.models import ChatPost
from rules.sides import Side
from turns.models import TurnReport


def shipped_template(name: str = "Infantry") -> ArmyTemplate:
    """A template of the catalog shipped by armies/migrations/0003_ship_catalog_templates.py."""
    return ArmyTemplate.objects.get(name=name)


class UserFactory(DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password("muster-test-password")


def api_token(user) -> str:
    """A fresh API token of `user` (as /api/auth/token/ hands it out; only its digest is stored)."""
    return AuthToken.objects.create(user=user)[1]


class GroupFactory(DjangoModelFactory[Group]):
    class Meta:
        model = Group
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"group {n}")


class CampaignFactory(DjangoModelFactory[Campaign]):
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Campaign {n}")
    timezone = "UTC"


class KingdomFactory(DjangoModelFactory[Kingdom]):
    class Meta:
        model = Kingdom

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Kingdom {n}")
    level = 1
    size = 1


class SettlementFactory(DjangoModelFactory[Settlement]):
    class Meta:
        model = Settlement

    kingdom = factory.SubFactory(KingdomFactory)
    name = factory.Sequence(lambda n: f"Settlement {n}")
    hex = factory.Sequence(lambda n: f"S{n}")


class FactionFactory(DjangoModelFactory[Faction]):
    class Meta:
        model = Faction
        skip_postgeneration_save = True

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Faction {n}")

    @factory.post_generation
    def special_armies(self, create, extracted, **kwargs):
        if create and extracted:
            self.special_armies.add(*extracted)


class MembershipFactory(DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    campaign = factory.SubFactory(CampaignFactory)
    role = Role.PLAYER
    kingdom = factory.Maybe(
        factory.LazyAttribute(lambda m: m.role == Role.PLAYER),
        yes_declaration=factory.SubFactory(KingdomFactory,
                                           campaign=factory.SelfAttribute("..campaign")),
        no_declaration=None,
    )


class AnnouncementFactory(DjangoModelFactory[Announcement]):
    class Meta:
        model = Announcement

    campaign = factory.SubFactory(CampaignFactory)
    title = "The Stag Lord rides"
    body = "Every kingdom: **muster** before the thaw."


class InvitationFactory(DjangoModelFactory[Invitation]):
    """A waiting invitation to play a kingdom (its link's secret is not kept: make one with
    campaigns.invitations.invitation_create to follow it)."""

    class Meta:
        model = Invitation

    kingdom = factory.SubFactory(KingdomFactory)
    campaign = factory.SelfAttribute("kingdom.campaign")
    email = "newcomer@example.org"
    token_digest = factory.Sequence(lambda n: f"{n:064x}")
    expires_at = factory.LazyFunction(lambda: timezone.now() + datetime.timedelta(days=7))


class ChatPostFactory(DjangoModelFactory[ChatPost]):
    """A post queued for the campaign's chat."""

    class Meta:
        model = ChatPost

    campaign = factory.SubFactory(CampaignFactory, chat_webhook_url="https://chat.example/hook")
    text = "Brevoy Marches: turn 2 takes orders until March 9, 2026, 3 a.m. (UTC)."


class PlayerPreferencesFactory(DjangoModelFactory[PlayerPreferences]):
    class Meta:
        model = PlayerPreferences

    user = factory.SubFactory(UserFactory)
    email_notifications = True
    language = "ru"


class DiplomaticRelationFactory(DjangoModelFactory[DiplomaticRelation]):
    class Meta:
        model = DiplomaticRelation

    kingdom = factory.SubFactory(KingdomFactory)
    faction = factory.SubFactory(FactionFactory,
                                 campaign=factory.SelfAttribute("..kingdom.campaign"))


class ArmyFactory(DjangoModelFactory[Army]):
    """An active army of the shipped Infantry template at full HP."""

    class Meta:
        model = Army

    kingdom = factory.SubFactory(KingdomFactory)
    template = factory.LazyFunction(shipped_template)
    name = factory.Sequence(lambda n: f"Army {n}")
    hp = factory.LazyAttribute(lambda a: a.template.hp)
    hex = "C4"


class ArmyTacticFactory(DjangoModelFactory[ArmyTactic]):
    class Meta:
        model = ArmyTactic

    army = factory.SubFactory(ArmyFactory)
    tactic = "keen_eyed"
    position = factory.LazyAttribute(lambda t: t.army.tactics.count())


class ArmyGearFactory(DjangoModelFactory[ArmyGear]):
    """Default: one dose of healing potions bought for 15 RP (an item of level 1)."""

    class Meta:
        model = ArmyGear

    army = factory.SubFactory(ArmyFactory)
    kind = "healing_potions"
    tier = ""
    weapon = ""
    doses = 1
    price_paid_rp = 15


class ArmyConditionFactory(DjangoModelFactory[ArmyCondition]):
    class Meta:
        model = ArmyCondition

    army = factory.SubFactory(ArmyFactory)
    condition = "weary"
    value = 1


def give_every_detail(army: Army) -> None:
    """Tactics learned out of order (their order is their position), gear of two kinds (one
    unpaid), a valued condition and one without a value."""
    ArmyTacticFactory(army=army, tactic="toughened_soldiers", position=2)
    ArmyTacticFactory(army=army, tactic="keen_eyed", position=1)
    ArmyGearFactory(army=army, kind="magic_weapons", tier="greater", weapon="melee",
                    price_paid_rp=None)
    ArmyGearFactory(army=army, kind="healing_potions", doses=2, price_paid_rp=15)
    ArmyConditionFactory(army=army, condition="weary", value=2)
    ArmyConditionFactory(army=army, condition="outflanked", value=0)


class KingdomTurnFactory(DjangoModelFactory[KingdomTurn]):
    """An open turn whose deadline is a week away."""

    class Meta:
        model = KingdomTurn

    kingdom = factory.SubFactory(KingdomFactory)
    number = factory.Sequence(lambda n: n + 1)
    deadline = factory.LazyFunction(lambda: timezone.now() + datetime.timedelta(days=7))
    status = TurnStatus.OPEN


class ArmyActivityFactory(DjangoModelFactory[ArmyActivity]):
    """A queued order, stored as is (armies.services.activity_submit is what checks orders).
    Default: Warfare Exercises, a leadership activity without parameters."""

    class Meta:
        model = ArmyActivity

    turn = factory.SubFactory(KingdomTurnFactory)
    army = None
    kind = "warfare_exercises"
    params = factory.LazyFunction(dict)
    position = factory.Sequence(lambda n: n + 1)


class TurnReportFactory(DjangoModelFactory[TurnReport]):
    class Meta:
        model = TurnReport

    turn = factory.SubFactory(KingdomTurnFactory, status=TurnStatus.RESOLVED)
    outcome = factory.LazyAttribute(lambda r: {"turn": r.turn.number, "events": []})


class BattleSceneFactory(DjangoModelFactory[BattleScene]):
    """A queued scene in hex C4 on open ground, taking plans; no kingdoms, no armies yet."""

    class Meta:
        model = BattleScene

    campaign = factory.SubFactory(CampaignFactory)
    hex = "C4"
    status = SceneStatus.QUEUED


class BattleParticipantFactory(DjangoModelFactory[BattleParticipant]):
    """An attacking army (of a new kingdom of the scene's campaign) with the default plan."""

    class Meta:
        model = BattleParticipant

    scene = factory.SubFactory(BattleSceneFactory)
    army = factory.SubFactory(ArmyFactory, kingdom=factory.SubFactory(
        KingdomFactory, campaign=factory.SelfAttribute("...scene.campaign")))
    side = Side.ATTACKER
    plan = factory.LazyFunction(dict)


class BattleReportFactory(DjangoModelFactory[BattleReport]):
    class Meta:
        model = BattleReport

    scene = factory.SubFactory(BattleSceneFactory, status=SceneStatus.RESOLVED)
    inputs = factory.LazyFunction(dict)
    outcome = factory.LazyAttribute(lambda r: {"seed": r.scene.seed, "rounds": [], "events": []})


def shipped_card(code: str = "infantry") -> UnitCard:
    """A card of the catalog shipped by battles/migrations/0004_ship_unit_cards.py."""
    return UnitCard.objects.get(code=code)


class SectorBattleFactory(DjangoModelFactory[SectorBattle]):
    """A sector battle being set up: one cell per sector, no fortification, no kingdoms, and
    seed 001's and 002's modules off (a seed 000 battle; the model's default turns them on, and
    `modules=True` here does too)."""

    class Meta:
        model = SectorBattle

    class Params:
        modules = False

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Battle of the Ford {n}")
    module_command = factory.SelfAttribute("modules")
    module_ambush = factory.SelfAttribute("modules")
    module_scouting = factory.SelfAttribute("modules")
    module_artifacts = factory.SelfAttribute("modules")
    module_magic_dice = factory.SelfAttribute("modules")


class SectorUnitFactory(DjangoModelFactory[SectorUnit]):
    """An attacking unit of shipped infantry."""

    class Meta:
        model = SectorUnit

    battle = factory.SubFactory(SectorBattleFactory)
    side = "attacker"
    card = factory.LazyFunction(shipped_card)
    name = factory.Sequence(lambda n: f"Company {n}")


class TerrainCardFactory(DjangoModelFactory[TerrainCard]):
    class Meta:
        model = TerrainCard

    battle = factory.SubFactory(SectorBattleFactory)
    kind = "forest"
    sector = "C2"


class SectorCasterFactory(DjangoModelFactory[SectorCaster]):
    """A wizard of the attacker, in its reserve."""

    class Meta:
        model = SectorCaster

    battle = factory.SubFactory(SectorBattleFactory)
    side = "attacker"
    name = factory.Sequence(lambda n: f"Magus {n}")
    school = "wizard"


def shipped_artifact(code: str = "war_horn") -> ArtifactCard:
    """An example of the army book shipped by battles/migrations/0009."""
    return ArtifactCard.objects.get(code=code)


def shipped_trap() -> TrapCard:
    """The trap card shipped by battles/migrations/0009 ("Trap", attack 3)."""
    return TrapCard.objects.get(code="trap")


class SectorTrapFactory(DjangoModelFactory[SectorTrap]):
    """A shipped trap the attacker may lay."""

    class Meta:
        model = SectorTrap

    battle = factory.SubFactory(SectorBattleFactory)
    side = "attacker"
    card = factory.LazyFunction(shipped_trap)


class SectorRoundFactory(DjangoModelFactory[SectorRound]):
    """Round 1 of a sector battle, played (its record holds no states: for when it was fought)."""

    class Meta:
        model = SectorRound

    battle = factory.SubFactory(SectorBattleFactory)
    number = 1
    seed = 0
    state_before = factory.LazyFunction(dict)
    orders = factory.LazyFunction(dict)
    state_after = factory.LazyFunction(dict)
