"""Reads about battle scenes, limited to what a user may see.

A scene is seen by the GM of its campaign and by the players of a kingdom that fights in it (an
army in the scene, or the side's kingdom). A player plans only their own kingdom's armies and,
until the scene is fought, sees only those plans; the GM sees and changes every plan."""
from __future__ import annotations

import datetime

from django.db.models import OuterRef, Prefetch, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from armies.models import Army
from battles.models import (
    BattleParticipant,
    BattleReport,
    BattleScene,
    SceneStatus,
    SectorUnit,
)
from campaigns.models import KingdomTurn
from campaigns.selectors import gm_campaign_ids, is_campaign_gm, kingdom_visibility, player_kingdom_ids
from core.related_rows import json_values


def _scene_visibility(user, prefix: str = "") -> Q | None:
    if kingdom_visibility(user) is None:
        return None  # a superuser
    if not user.is_authenticated or not user.is_active:
        return Q(pk__in=[])
    kingdoms = player_kingdom_ids(user)
    fighting = BattleParticipant.objects.filter(army__kingdom_id__in=kingdoms).values("scene_id")
    return (Q(**{f"{prefix}campaign_id__in": gm_campaign_ids(user)})
            | Q(**{f"{prefix}pk__in": fighting})
            | Q(**{f"{prefix}attacker_kingdom_id__in": kingdoms})
            | Q(**{f"{prefix}defender_kingdom_id__in": kingdoms}))


def _visible(user, queryset: QuerySet, prefix: str = "") -> QuerySet:
    condition = _scene_visibility(user, prefix)
    return queryset if condition is None else queryset.filter(condition)


def _participants() -> QuerySet[BattleParticipant]:
    """Participants with what their serializer reads (the army as the engine sees it)."""
    return BattleParticipant.objects.select_related(
        "scene", "army__kingdom", "army__template").prefetch_related(
        "army__tactics", "army__gear", "army__conditions").order_by("scene", "side", "id")


def visible_scenes(user) -> QuerySet[BattleScene]:
    return _visible(user, BattleScene.objects.select_related(
        "campaign", "attacker_kingdom", "defender_kingdom", "report").prefetch_related(
        Prefetch("participants", queryset=_participants())))


def visible_participants(user) -> QuerySet[BattleParticipant]:
    return _visible(user, _participants(), "scene__")


def visible_battle_reports(user) -> QuerySet[BattleReport]:
    return _visible(user, BattleReport.objects.select_related("scene"), "scene__")


def planning_kingdoms(user, campaign_id: int) -> frozenset[int] | None:
    """The kingdoms whose plans `user` reads and writes in this campaign's scenes; None: every
    one (the GM)."""
    if is_campaign_gm(user, campaign_id):
        return None
    if not user.is_authenticated:
        return frozenset()
    return frozenset(player_kingdom_ids(user).values_list("kingdom_id", flat=True))


def may_plan(participant: BattleParticipant, kingdoms: frozenset[int] | None) -> bool:
    return kingdoms is None or participant.army.kingdom_id in kingdoms


def plan_shown(participant: BattleParticipant, kingdoms: frozenset[int] | None) -> bool:
    """Plans are secret until the battle is fought, but for one's own."""
    return participant.scene.status == SceneStatus.RESOLVED or may_plan(participant, kingdoms)


def kingdom_scenes(user, kingdom) -> QuerySet[BattleScene]:
    """The scenes `user` sees that the kingdom fights in (a side's kingdom or an army in it)."""
    fighting = BattleParticipant.objects.filter(army__kingdom=kingdom).values("scene_id")
    return visible_scenes(user).filter(
        Q(attacker_kingdom=kingdom) | Q(defender_kingdom=kingdom) | Q(pk__in=fighting))


def campaign_scenes(user, campaign) -> QuerySet[BattleScene]:
    return visible_scenes(user).filter(campaign=campaign)


def armies_in_battle_since_last_turn(turn) -> frozenset[int]:
    """The kingdom's armies that fought a battle since its previous turn was resolved: they do
    not rest this turn (seed 003: "...и не участвует в сценах битвы"). A battle counts once it is
    fought (a scene resolved, a sector battle's round played), never for being queued. One
    query; a turn's resolution reads the same annotations with the rest of its turn."""
    return frozenset(KingdomTurn.objects.filter(pk=turn.pk).annotate(
        previous_resolved_at=previous_turn_resolved_at()).annotate(
        fought=fought_since_previous_turn()).values_list("fought", flat=True).get())


def previous_turn_resolved_at() -> Subquery:
    """An annotation of a kingdom turn's query: when its kingdom's turn before it was resolved
    (None before the first)."""
    return Subquery(KingdomTurn.objects.filter(
        kingdom_id=OuterRef("kingdom_id"), number__lt=OuterRef("number"),
        resolved_at__isnull=False).order_by("-number").values("resolved_at")[:1])


# Before a kingdom's first turn is resolved, every battle counts (a resolved scene without its
# time too).
_BEFORE_EVERY_BATTLE = datetime.datetime.min.replace(tzinfo=datetime.UTC)


def fought_since_previous_turn() -> Subquery:
    """An annotation of a kingdom turn's query that has `previous_resolved_at` (above): the ids of
    its kingdom's armies that fought since then, as a JSON list."""
    since = Coalesce(OuterRef(OuterRef("previous_resolved_at")), Value(_BEFORE_EVERY_BATTLE))
    participants = BattleParticipant.objects.filter(scene__status=SceneStatus.RESOLVED).annotate(
        fought_at=Coalesce("scene__resolved_at", Value(_BEFORE_EVERY_BATTLE))
    ).filter(fought_at__gte=since)
    # Round 0 is the deployment; a sector battle is fought from round 1.
    in_sectors = SectorUnit.objects.filter(battle__rounds__number__gte=1,
                                           battle__rounds__created_at__gte=since)
    fought = Army.objects.filter(kingdom_id=OuterRef("kingdom_id")).filter(
        Q(pk__in=participants.values("army_id")) | Q(pk__in=in_sectors.values("army_id")))
    return json_values(fought.order_by(), "pk")
