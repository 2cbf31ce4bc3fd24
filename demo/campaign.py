"""The demo campaign a newcomer gets: a GM, two players, two kingdoms and their armies, and the
site operator's account."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse

from armies.acting import acting_as
from armies.activity_services import activity_submit
from armies.models import ArmyTemplate
from armies.services import (
    army_gain_condition,
    army_learn_tactic,
    army_recruit,
    gear_fit,
)
from battles.models import BattleScene
from battles.sector import adapters as sector_adapters
from battles.sector import services as sector_services
from battles.sector.models import SectorBattle, UnitCard
from battles.services import participant_add
from campaigns.models import Campaign, DiplomaticRelation, Faction, Kingdom, Membership, Role
from campaigns.services import announcement_post, turn_open
from core.permissions import SYSTEM
from demo.map import demo_map
from demo.narlmarch import ambush_at_the_narlmarch
from rules.kingmaker.battle.setup import Light, Terrain
from rules.kingmaker.gear import parse_gear
from rules.sides import Side

DEMO_CAMPAIGN = "The Stolen Lands"
DEMO_MAIL_DOMAIN = "example.org"  # reserved for examples (RFC 2606): no mail reaches anyone


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    role: str
    kingdom: str = ""


OPERATOR = "operator"

LOGINS = (
    DemoLogin("operator", "muster-operator", OPERATOR),
    DemoLogin("gm", "muster-gm", "GM"),
    DemoLogin("amiri", "muster-player", "player", "Restov March"),
    DemoLogin("valeros", "muster-player", "player", "Greenbelt Reach"),
)


def _skills(base: int, strong: tuple[str, ...]) -> dict[str, int]:
    return {skill: base + (3 if skill in strong else 0) for skill in Kingdom.SKILLS}


def _user(login: DemoLogin):
    user, _ = get_user_model().objects.get_or_create(username=login.username)
    user.set_password(login.password)
    # An address, so the demo's players get the notifications (printed on the console by default).
    user.email = f"{login.username}@{DEMO_MAIL_DOMAIN}"
    # The GM runs the campaign by their membership; only the operator is a superuser.
    user.is_staff = login.role in ("GM", OPERATOR)
    user.is_superuser = login.role == OPERATOR
    user.save()
    return user


# The GM's first word to the table, in Markdown (shown on every dashboard, and mailed).
DEMO_ANNOUNCEMENT = """Scouts from **Oleg's Post** saw riders under the Stag Lord's banner in the
Narlmarch. Until the thaw:

- keep a garrison in every settlement;
- send your orders before the deadline: turns resolve overnight.

The [campaign map]({map}) shows what your kingdom sees."""


@transaction.atomic
def demo_load() -> tuple[Campaign, tuple[DemoLogin, ...]]:
    """Create the demo campaign from scratch (an existing one is replaced)."""
    Campaign.objects.filter(name=DEMO_CAMPAIGN).delete()
    campaign = Campaign.objects.create(name=DEMO_CAMPAIGN, timezone="Europe/Moscow")
    # Kingdom skill modifiers a kingdom of that level plausibly has (trained or better).
    restov = Kingdom.objects.create(campaign=campaign, name="Restov March", level=8, size=30,
                                    **_skills(15, strong=("warfare", "defense", "exploration")),
                                    resource_points=60, food=12, lumber=4, ore=3, stone=2)
    greenbelt = Kingdom.objects.create(campaign=campaign, name="Greenbelt Reach", level=5,
                                       size=14, **_skills(10, strong=("statecraft", "politics")),
                                       resource_points=35, food=8, unrest=1, crime=1)
    restov.settlements.create(name="Tatzlford", hex="C4")
    restov.settlements.create(name="Oleg's Post", hex="D6")
    greenbelt.settlements.create(name="Varnhold", hex="H7")
    demo_map(campaign, [restov, greenbelt])
    kobolds = Faction.objects.create(campaign=campaign, name="Sootscale kobolds")
    kobolds.special_armies.add(ArmyTemplate.objects.get(name="Sootscale Warriors"))
    DiplomaticRelation.objects.create(kingdom=greenbelt, faction=kobolds)

    users = {}
    for login in LOGINS:
        user = users[login.username] = _user(login)
        if login.role == OPERATOR:
            continue
        kingdom = {"Restov March": restov, "Greenbelt Reach": greenbelt}.get(login.kingdom)
        Membership.objects.create(user=user, campaign=campaign, kingdom=kingdom,
                                  role=Role.GM if login.role == "GM" else Role.PLAYER)

    def template(name: str) -> ArmyTemplate:
        return ArmyTemplate.objects.get(name=name)

    with acting_as(users["gm"]):  # the armies' history names who set them up
        guard = army_recruit(kingdom=restov, template=template("Infantry"), name="Restov Guard",
                             hex="C4", tactics=["toughened_soldiers"], user=SYSTEM)
        army_learn_tactic(army=guard, tactic="hold_the_line", user=SYSTEM)
        gear_fit(army=guard, item=parse_gear("magic_armor"), user=SYSTEM)
        gear_fit(army=guard, item=parse_gear("magic_weapons"), user=SYSTEM)
        riders = army_recruit(kingdom=restov, template=template("Cavalry"), name="Aldori Riders",
                              hex="C4", user=SYSTEM)
        army_learn_tactic(army=riders, tactic="keen_eyed", user=SYSTEM)
        gear_fit(army=riders, item=parse_gear("healing_potions:2"), user=SYSTEM)
        army_gain_condition(army=riders, condition="weary", value=1, user=SYSTEM)
        rangers = army_recruit(kingdom=restov, template=template("Skirmishers"),
                               name="Narlmarch Rangers", hex="D6", tactics=["keen_eyed"],
                               user=SYSTEM)
        gear_fit(army=rangers, item=parse_gear("additional_weapon"), user=SYSTEM)
        army_gain_condition(army=rangers, condition="shaken", value=2, user=SYSTEM)
        army_recruit(kingdom=restov, template=template("Siege Engines"), name="Tatzlford Battery",
                     hex="C4", tactics=["keen_eyed"], user=SYSTEM)
        militia = army_recruit(kingdom=greenbelt, template=template("Infantry"),
                               name="Varnhold Militia", hex="H7", tactics=["hold_the_line"],
                               user=SYSTEM)
        gear_fit(army=militia, item=parse_gear("healing_potions:1"), user=SYSTEM)
        army_recruit(kingdom=greenbelt, template=template("Sootscale Warriors"),
                     name="Sootscale Spears", hex="J9", faction=kobolds, user=SYSTEM)
    _first_turn(restov, users["amiri"], {
        "recruit_army": (None, {"template": template("Infantry").pk, "name": "Oleg's Watch",
                                "hex": "D6", "tactics": ["live_off_the_land"]}),
        "deploy_army": (riders, {"destination": "D6"}),
        "recover_army": (rangers, {"affliction": "shaken", "skill": "arts"}),
        "train_army": (guard, {"tactic": "keen_eyed", "skill": "warfare"}),
    })
    _first_turn(greenbelt, users["valeros"], {
        "garrison_army": (militia, {"site": "settlement"}),
    })
    _border_skirmish(campaign, restov, greenbelt)
    _siege_of_varnhold(campaign, restov, greenbelt, users)
    ambush_at_the_narlmarch(campaign, restov, greenbelt,
                            {"attacker": users["amiri"], "defender": users["valeros"]})
    announcement_post(actor=users["gm"], campaign=campaign, title="The Stag Lord stirs",
                      body=DEMO_ANNOUNCEMENT.format(map=reverse("map", args=[campaign.pk])))
    return campaign, LOGINS


def _border_skirmish(campaign: Campaign, attacker: Kingdom, defender: Kingdom) -> None:
    """A battle the GM set up and has not sent yet: plans can still change, and the admin can
    weigh its odds or fight it round by round. It gathers armies from several hexes, so the GM
    stages it off the map (no hex: the rules check no army's place)."""
    scene = BattleScene.objects.create(campaign=campaign, hex="", attacker_kingdom=attacker,
                                       defender_kingdom=defender, terrain=Terrain.DIFFICULT,
                                       light=Light.DIM, attacker_pcs_present=True)
    for kingdom, side in ((attacker, Side.ATTACKER), (defender, Side.DEFENDER)):
        for army in kingdom.armies.filter(template__army_type__in=["infantry", "cavalry"]):
            participant_add(actor=SYSTEM, scene=scene, army=army, side=side.value)


def _siege_of_varnhold(campaign: Campaign, attacker: Kingdom, defender: Kingdom, users) -> None:
    """A sector battle (Wars of Cerilia) under way: both sides have deployed, round 1 takes
    orders. Varnhold holds a level 3 fortification; hills, a forest and a river lie between."""
    battle = SectorBattle.objects.create(
        campaign=campaign, name="Siege of Varnhold", attacker_kingdom=attacker,
        defender_kingdom=defender, cells_per_sector=2, fortification_level=3)
    battle.terrain.create(kind="hills", sector="B2")
    battle.terrain.create(kind="forest", sector="D2")
    battle.terrain.create(kind="river", sector="E2", toward="E3")
    placements: dict[str, dict[str, str]] = {"attacker": {}, "defender": {}}
    lines = {"attacker": iter(["C1", "B1", "D1", "C1", "B1"]),
             "defender": iter(["C3", "D3", "B3", "C3"])}
    for kingdom, side in ((attacker, "attacker"), (defender, "defender")):
        for army in kingdom.armies.filter(status="active").select_related("template"):
            card = sector_adapters.card_for_army(army)
            if card is not None:
                unit = sector_services.unit_add(actor=SYSTEM, battle=battle, side=side, card=card,
                                                name=army.name, army=army)
                placements[side][sector_adapters.unit_key(unit)] = next(lines[side])
    archers = sector_services.unit_add(actor=SYSTEM, battle=battle, side="defender",
                                       card=UnitCard.objects.get(code="elven_archers"),
                                       name="Greenbelt Longbows")
    placements["defender"][sector_adapters.unit_key(archers)] = next(lines["defender"])
    guard = battle.units.get(name="Restov Guard")
    # A new battle plays seed 001's modules: orders cost the generals' command points (3 a
    # round), so each side's caster also leads it.
    sector_services.character_save(actor=SYSTEM, battle=battle, side="attacker",
                                   name="Jhod Kavken", school="priest", roles=["general"],
                                   unit=guard)
    sector_services.character_save(actor=SYSTEM, battle=battle, side="defender",
                                   name="Nyrissa's Envoy", school="wizard", roles=["general"],
                                   unit=battle.units.get(name="Varnhold Militia"))
    sector_services.battle_start(battle=battle, actor=SYSTEM)
    players = {"attacker": users["amiri"], "defender": users["valeros"]}
    for side in ("attacker", "defender"):
        data: dict[str, Any] = {"placements": placements[side]}
        if side == "defender":
            data["fortification"] = "C3"
        sector_services.orders_submit(battle=battle, side=side, user=players[side], data=data)


def _first_turn(kingdom: Kingdom, player, orders: dict) -> None:
    """Open the kingdom's first turn with the player's orders queued."""
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    for kind, (army, params) in orders.items():
        activity_submit(turn=turn, user=player, kind=kind, army=army, params=params)
