"""Every page a player, the GM or the admin shows runs as many queries for a kingdom of 50 armies as
for one of 5 (issue 16, point 5): a page that loads a row per army (an N+1) fails here by name.

Two worlds, alike but for the number of armies per kingdom, are built once for the module inside
a transaction rolled back at its end; each page is fetched in both, after a warm-up of each (so
process-wide caches, such as content types, are filled alike), and the counts compared."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from admin_objects import admin_url
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from factories import (
    ArmyConditionFactory,
    ArmyFactory,
    ArmyGearFactory,
    ArmyTacticFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    CampaignFactory,
    KingdomFactory,
    MembershipFactory,
    SectorBattleFactory,
    SectorUnitFactory,
    SettlementFactory,
    UserFactory,
    shipped_template,
)
from map_world import paint_map

from armies.activity_services import activity_submit
from armies.models import Army, ArmyActivity
from battles import resolution as battle_resolution
from battles.exploration import hex_explore
from battles.models import BattleReport, BattleScene, Exploration
from battles.sector import services as sector_services
from battles.sector.models import SectorBattle
from campaigns.models import Campaign, Kingdom, KingdomTurn, Role, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.sides import Side
from turns import resolution as turn_resolution
from turns.models import TurnReport

SIZES = (5, 50)


@dataclass
class World:
    """One campaign: the player's kingdom and the rival's, `size` armies each."""
    size: int
    campaign: Campaign
    kingdom: Kingdom
    rival_kingdom: Kingdom
    users: dict[str, Any]
    army: Army
    resolved: KingdomTurn
    report: TurnReport
    queued: ArmyActivity
    scene: BattleScene
    planned_scene: BattleScene
    battle_report: BattleReport
    sector: SectorBattle
    exploration: Exploration
    extra: dict[str, Any] = field(default_factory=dict)


def _armies(kingdom: Kingdom, size: int, prefix: str) -> list[Army]:
    armies = []
    for index in range(size):
        template = shipped_template("Skirmishers" if index % 3 == 1 else "Infantry")
        army = ArmyFactory.create(kingdom=kingdom, name=f"{prefix} {index}", hex="C4", template=template)
        ArmyTacticFactory.create(army=army, tactic="keen_eyed")
        ArmyGearFactory.create(army=army, kind="healing_potions", doses=2, price_paid_rp=30)
        ArmyConditionFactory.create(army=army, condition="weary", value=1)
        armies.append(army)
    return armies


def _build(size: int) -> World:
    campaign = CampaignFactory.create(name=f"Query budget {size}")
    kingdom = KingdomFactory.create(campaign=campaign, name=f"Brevoy {size}", level=5, food=10,
                             lumber=3, resource_points=400, warfare=12, defense=12)
    SettlementFactory.create(kingdom=kingdom, name=f"Tatzlford {size}", hex="C4")
    rival_kingdom = KingdomFactory.create(campaign=campaign, name=f"Pitax {size}", level=5,
                                   warfare=12, defense=12)
    SettlementFactory.create(kingdom=rival_kingdom, name=f"Pitax City {size}", hex="P9")
    paint_map(campaign, kingdom, rival_kingdom)
    # A GM by membership, not a superuser: the admin shows them their campaign only, so the
    # changelists of the two worlds differ.
    gm = UserFactory.create(username=f"budget-gm-{size}", is_staff=True)
    MembershipFactory.create(user=gm, campaign=campaign, role=Role.GM, kingdom=None)
    player = UserFactory.create(username=f"budget-player-{size}")
    MembershipFactory.create(user=player, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    rival = UserFactory.create(username=f"budget-rival-{size}")
    MembershipFactory.create(user=rival, campaign=campaign, role=Role.PLAYER, kingdom=rival_kingdom)

    ours = _armies(kingdom, size, "Guard")
    theirs = _armies(rival_kingdom, size, "Foot")

    # Turn 1: one order in five, resolved into a report; turn 2 opens with orders queued.
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    for army in ours[::5]:
        activity_submit(turn=turn, user=player, kind="deploy_army", army=army,
                        params={"destination": "D4"})
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert turn_resolution.turn_resolve(turn.pk) == "resolved"
    turn.refresh_from_db()
    current = KingdomTurn.objects.get(kingdom=kingdom, number=turn.number + 1)
    queued = None
    for army in ours[1::5]:
        queued, _created = activity_submit(turn=current, user=player, kind="deploy_army",
                                           army=army, params={"destination": "D4"})
    assert queued is not None

    # A battle fought and one still taking plans, with one army in five a side (at least two),
    # and a sector battle with a unit of each of those armies.
    fighting = max(2, size // 5)
    scene = BattleSceneFactory.create(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom, fortification="trench",
                               fortification_side=Side.DEFENDER, light="dim")
    for each in ours[:fighting]:
        BattleParticipantFactory.create(scene=scene, army=each, side=Side.ATTACKER)
    for each in theirs[:fighting]:
        BattleParticipantFactory.create(scene=scene, army=each, side=Side.DEFENDER)
    battle_resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    assert battle_resolution.scene_resolve(scene.pk) == "resolved"
    scene.refresh_from_db()
    planned_scene = BattleSceneFactory.create(campaign=campaign, attacker_kingdom=kingdom,
                                       defender_kingdom=rival_kingdom)
    planned = BattleParticipantFactory.create(scene=planned_scene, army=ours[-1], side=Side.ATTACKER)
    for each in ours[-fighting:-1]:
        BattleParticipantFactory.create(scene=planned_scene, army=each, side=Side.ATTACKER)
    for each in theirs[-fighting:]:
        BattleParticipantFactory.create(scene=planned_scene, army=each, side=Side.DEFENDER)

    sector = SectorBattleFactory.create(campaign=campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom)
    for index in range(fighting):
        SectorUnitFactory.create(battle=sector, side="attacker", army=ours[index],
                          name=f"Guard company {index}")
        SectorUnitFactory.create(battle=sector, side="defender", army=theirs[index],
                          name=f"Foot company {index}")
    sector = sector_services.battle_start(battle=sector, actor=SYSTEM)
    sector_setup = SectorBattleFactory.create(campaign=campaign, attacker_kingdom=kingdom,
                                       defender_kingdom=rival_kingdom)
    for index in range(fighting):
        SectorUnitFactory.create(battle=sector_setup, side="attacker", army=ours[index],
                          name=f"Guard company {index}")

    exploration = hex_explore(actor=SYSTEM, army=ours[-2], hex=ours[-2].hex)
    return World(size=size, campaign=campaign, kingdom=kingdom, rival_kingdom=rival_kingdom,
                 users={"gm": gm, "player": player, "rival": rival},
                 army=ours[0], resolved=turn, report=TurnReport.objects.get(turn=turn),
                 queued=queued, scene=scene, planned_scene=planned_scene,
                 battle_report=BattleReport.objects.get(scene=scene), sector=sector,
                 exploration=exploration, extra={"participant": planned, "sector_setup": sector_setup})


@pytest.fixture(scope="module")
def worlds(django_db_setup, django_db_blocker) -> Iterator[dict[int, World]]:
    """Both worlds, built once: the 50-army one takes seconds. Rolled back when the module ends."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield {size: _build(size) for size in SIZES}
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def _admin(model, view: str, of: Callable[[World], Any] | None = None):
    def url(world: World) -> str:
        return admin_url(model, view, *([of(world).pk] if of else []))
    return url


# (who, page) -> the page's address in a world.
PAGES: dict[tuple[str, str], Callable[[World], str]] = {
    ("player", "home"): lambda w: reverse("home"),
    ("player", "campaigns"): lambda w: reverse("campaigns"),
    ("player", "preferences"): lambda w: reverse("my-preferences"),
    ("player", "campaign"): lambda w: reverse("campaign", args=[w.campaign.pk]),
    ("player", "map"): lambda w: reverse("map", args=[w.campaign.pk]),
    ("player", "kingdom"): lambda w: reverse("kingdom", args=[w.kingdom.pk]),
    ("player", "turn-report"): lambda w: reverse("turn-report",
                                                 args=[w.kingdom.pk, w.resolved.number]),
    ("player", "orders"): lambda w: reverse("orders", args=[w.kingdom.pk]),
    ("player", "battle-plan"): lambda w: reverse("battle-plan",
                                                 args=[w.kingdom.pk, w.extra["participant"].pk]),
    ("player", "battle"): lambda w: reverse("battle", args=[w.scene.pk]),
    ("player", "sector-battle"): lambda w: reverse("sector-battle", args=[w.sector.pk]),
    ("rival", "kingdom"): lambda w: reverse("kingdom", args=[w.rival_kingdom.pk]),
    ("rival", "battle"): lambda w: reverse("battle", args=[w.scene.pk]),
    ("gm", "home"): lambda w: reverse("home"),
    ("gm", "campaign"): lambda w: reverse("campaign", args=[w.campaign.pk]),
    ("gm", "gm-turns"): lambda w: reverse("gm-turns", args=[w.campaign.pk]),
    ("gm", "map"): lambda w: reverse("map", args=[w.campaign.pk]),
    ("gm", "kingdom"): lambda w: reverse("kingdom", args=[w.kingdom.pk]),
    ("gm", "rival-kingdom"): lambda w: reverse("kingdom", args=[w.rival_kingdom.pk]),
    ("gm", "turn-report"): lambda w: reverse("turn-report",
                                                      args=[w.kingdom.pk, w.resolved.number]),
    ("gm", "orders"): lambda w: reverse("orders", args=[w.kingdom.pk]),
    ("gm", "battle"): lambda w: reverse("battle", args=[w.scene.pk]),
    ("gm", "sector-battle"): lambda w: reverse("sector-battle", args=[w.sector.pk]),
    ("gm", "admin-index"): lambda w: reverse("admin:index"),
    ("gm", "campaign-list"): _admin(Campaign, "changelist"),
    ("gm", "campaign-change"): _admin(Campaign, "change", lambda w: w.campaign),
    ("gm", "campaign-map"): _admin(Campaign, "map", lambda w: w.campaign),
    ("gm", "kingdom-list"): _admin(Kingdom, "changelist"),
    ("gm", "kingdom-change"): _admin(Kingdom, "change", lambda w: w.kingdom),
    ("gm", "kingdom-recruit"): _admin(Kingdom, "recruit", lambda w: w.kingdom),
    ("gm", "army-list"): _admin(Army, "changelist"),
    ("gm", "army-add"): _admin(Army, "add"),
    ("gm", "army-change"): _admin(Army, "change", lambda w: w.army),
    ("gm", "army-transfer-gear"): _admin(Army, "transfer_gear", lambda w: w.army),
    ("gm", "turn-list"): _admin(KingdomTurn, "changelist"),
    ("gm", "turn-add"): _admin(KingdomTurn, "add"),
    ("gm", "turn-change"): _admin(KingdomTurn, "change", lambda w: w.resolved),
    ("gm", "report-list"): _admin(TurnReport, "changelist"),
    ("gm", "report-change"): _admin(TurnReport, "change", lambda w: w.report),
    ("gm", "activity-list"): _admin(ArmyActivity, "changelist"),
    ("gm", "activity-add"): _admin(ArmyActivity, "add"),
    ("gm", "activity-change"): _admin(ArmyActivity, "change", lambda w: w.queued),
    ("gm", "scene-list"): _admin(BattleScene, "changelist"),
    ("gm", "scene-add"): _admin(BattleScene, "add"),
    ("gm", "scene-change"): _admin(BattleScene, "change", lambda w: w.scene),
    ("gm", "planned-scene-change"): _admin(BattleScene, "change", lambda w: w.planned_scene),
    ("gm", "scene-replay"): _admin(BattleScene, "replay", lambda w: w.scene),
    ("gm", "battle-report-list"): _admin(BattleReport, "changelist"),
    ("gm", "battle-report-change"): _admin(BattleReport, "change", lambda w: w.battle_report),
    ("gm", "sector-list"): _admin(SectorBattle, "changelist"),
    ("gm", "sector-add"): _admin(SectorBattle, "add"),
    ("gm", "sector-change"): _admin(SectorBattle, "change", lambda w: w.sector),
    ("gm", "sector-setup-change"): _admin(SectorBattle, "change",
                                          lambda w: w.extra["sector_setup"]),
    ("gm", "sector-rounds"): _admin(SectorBattle, "rounds", lambda w: w.sector),
    ("gm", "kingdom-history"): _admin(Kingdom, "history", lambda w: w.kingdom),
    ("gm", "army-history"): _admin(Army, "history", lambda w: w.army),
    ("gm", "turn-history"): _admin(KingdomTurn, "history", lambda w: w.resolved),
    ("gm", "exploration-list"): _admin(Exploration, "changelist"),
    ("gm", "exploration-add"): _admin(Exploration, "add"),
    ("gm", "exploration-change"): _admin(Exploration, "change", lambda w: w.exploration),
    ("gm", "exploration-battle"): _admin(Exploration, "battle", lambda w: w.exploration),
}


def _get(client: Client, url: str) -> tuple[int, list[str]]:
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return response.status_code, [query["sql"] for query in queries.captured_queries]


def _repeated(queries: list[str]) -> list[tuple[int, str]]:
    """The statements run more than once, numbers blanked out: where a failure's N+1 is."""
    shapes = Counter(re.sub(r"\b\d+\b", "#", sql) for sql in queries)
    return [(count, shape[:300]) for shape, count in shapes.most_common(5) if count > 1]


@pytest.mark.django_db
@pytest.mark.parametrize("who,page", list(PAGES), ids=[f"{w}:{p}" for w, p in PAGES])
def test_a_pages_queries_do_not_grow_with_the_armies(worlds, who, page):
    clients = {}
    for size, world in worlds.items():
        clients[size] = Client()
        clients[size].force_login(world.users[who])
        clients[size].get(PAGES[who, page](world))   # the warm-up
    (status, few), (status_many, many) = (_get(clients[size], PAGES[who, page](world))
                                          for size, world in worlds.items())
    assert status == status_many and status in (200, 302), (status, status_many)
    assert len(many) == len(few), (
        f"{len(few)} queries at {SIZES[0]} armies, {len(many)} at {SIZES[1]}; "
        f"repeated at {SIZES[1]}: {_repeated(many)}")


@pytest.mark.django_db
def test_the_gm_turns_page_with_a_dry_run_does_not_grow_with_the_armies(worlds):
    """The dry run's preview (kept in the session) is shown on the GM's turns page."""
    counts = {}
    for size, world in worlds.items():
        client = Client()
        client.force_login(world.users["gm"])
        url = reverse("gm-turns", args=[world.campaign.pk])
        response = client.post(reverse("gm-dry-run", args=[world.campaign.pk]))
        assert response.status_code == 302
        client.get(url)
        counts[size] = _get(client, url)
    (status, few), (status_many, many) = counts.values()
    assert status == status_many == 200
    assert len(many) == len(few), (
        f"{len(few)} queries at {SIZES[0]} armies, {len(many)} at {SIZES[1]}; "
        f"repeated at {SIZES[1]}: {_repeated(many)}")
