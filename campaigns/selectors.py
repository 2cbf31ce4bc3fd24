"""Reads about campaigns and kingdoms, limited to what a user may see.

A user sees a campaign they have a membership in. The campaign's game master (a membership with
the GM role) sees every kingdom of it and everything in them; a player sees only the kingdom of
their membership. Superusers see everything.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery, Value

from campaigns.models import (
    Announcement,
    Campaign,
    DiplomaticRelation,
    Kingdom,
    KingdomTurn,
    Membership,
    Role,
    Settlement,
    TurnStatus,
)
from core.related_rows import json_values

# What the rules read of a kingdom besides its own row (armies.orders.kingdom_sheet): its
# settlements' hexes and the factions it has diplomatic relations with.
KINGDOM_LISTS = ("settlement_hexes", "relation_factions")


def kingdom_lists(kingdom: str) -> dict[str, Subquery]:
    """Annotations reading KINGDOM_LISTS in the query of a model that reaches the kingdom's id
    through `kingdom` ("pk" for kingdoms, "kingdom_id" for turns)."""
    kingdom_id = OuterRef(kingdom)
    return {
        "settlement_hexes": json_values(
            Settlement.objects.filter(kingdom_id=kingdom_id).order_by(), "hex"),
        "relation_factions": json_values(
            DiplomaticRelation.objects.filter(kingdom_id=kingdom_id).order_by(), "faction__name"),
    }


def _sees_everything(user) -> bool:
    return bool(user.is_active and user.is_superuser)


def gm_campaign_ids(user) -> QuerySet:
    """The ids of the campaigns `user` is the game master of (a subquery)."""
    return Membership.objects.filter(user_id=user.pk, role=Role.GM).values("campaign_id")


def gm_campaigns(user) -> QuerySet[Campaign]:
    """The campaigns `user` runs in the back office: every one for the site operator (an active
    superuser), else those of their GM memberships; none for an inactive or anonymous user."""
    if _sees_everything(user):
        return Campaign.objects.all()
    if not user.is_authenticated or not user.is_active:
        return Campaign.objects.none()
    return Campaign.objects.filter(pk__in=gm_campaign_ids(user))


def gm_scope(user, queryset: QuerySet, campaign_path: str) -> QuerySet:
    """`queryset` restricted to the campaigns `user` runs; `campaign_path` leads from its model to
    the campaign's id ("pk" for campaigns, e.g. "kingdom__campaign" for armies)."""
    if _sees_everything(user):
        return queryset
    return queryset.filter(**{f"{campaign_path}__in": gm_campaigns(user).values("pk")})


def player_kingdom_ids(user) -> QuerySet:
    """The ids of the kingdoms `user` plays (a subquery)."""
    return Membership.objects.filter(user_id=user.pk, kingdom__isnull=False).values("kingdom_id")


def kingdom_visibility(user, prefix: str = "") -> Q | None:
    """A filter on a model that reaches a kingdom through `prefix` (e.g. "turn__kingdom__"),
    or None when the user sees every kingdom. An anonymous user sees none."""
    if _sees_everything(user):
        return None
    if not user.is_authenticated or not user.is_active:
        return Q(pk__in=[])
    return Q(**{f"{prefix}campaign_id__in": gm_campaign_ids(user)}) | \
        Q(**{f"{prefix}id__in": player_kingdom_ids(user)})


def visible_to(user, queryset: QuerySet, prefix: str) -> QuerySet:
    """`queryset` restricted to the objects of the kingdoms `user` may see."""
    condition = kingdom_visibility(user, prefix)
    return queryset if condition is None else queryset.filter(condition)


def is_campaign_gm(user, campaign_id: int) -> bool:
    """Whether `user` runs this campaign (a GM membership, or a superuser)."""
    if _sees_everything(user):
        return True
    if not user.is_authenticated:
        return False
    return Membership.objects.filter(user_id=user.pk, campaign_id=campaign_id, role=Role.GM).exists()


def _runs_or_plays(user, campaign_id, kingdom_id) -> QuerySet[Membership] | bool:
    """The memberships by which `user` runs the campaign or plays the kingdom, or whether they
    do when no membership decides it."""
    if _sees_everything(user):
        return True
    if not user.is_authenticated:
        return False
    memberships = Q(campaign_id=campaign_id, role=Role.GM)
    if user.is_active:
        memberships |= Q(kingdom_id=kingdom_id)
    return Membership.objects.filter(memberships, user_id=user.pk)


def access_shape(user) -> tuple[bool, bool, bool]:
    """What of `user` besides its id decides the SQL of the access conditions here (whether
    they see everything, are authenticated, are active): a compiled read's shape
    (core.compiled)."""
    return _sees_everything(user), bool(user.is_authenticated), bool(user.is_active)


@dataclass(frozen=True)
class ShapedUser:
    """A user as the access conditions read one: its id and its access_shape."""

    pk: int
    is_superuser: bool
    is_authenticated: bool
    is_active: bool


def shaped_user(user_id: int, shape: tuple[bool, bool, bool]) -> ShapedUser:
    return ShapedUser(user_id, *shape)


def runs_or_plays(user, kingdom: Kingdom) -> bool:
    """Whether `user` runs the kingdom's campaign (is_campaign_gm) or, active, plays the kingdom;
    one query for both."""
    found = _runs_or_plays(user, kingdom.campaign_id, kingdom.pk)
    return found if isinstance(found, bool) else found.exists()


def runs_or_plays_condition(user, kingdom: str) -> Exists | Value:
    """runs_or_plays as an annotation of a model that reaches the kingdom through `kingdom`
    (e.g. "kingdom__"), read in that model's query."""
    found = _runs_or_plays(user, OuterRef(f"{kingdom}campaign_id"), OuterRef(f"{kingdom}id"))
    return Value(found) if isinstance(found, bool) else Exists(found)


def visible_campaigns(user) -> QuerySet[Campaign]:
    if _sees_everything(user):
        return Campaign.objects.all()
    if not user.is_authenticated:
        return Campaign.objects.none()
    return Campaign.objects.filter(pk__in=Membership.objects.filter(user_id=user.pk)
                                   .values("campaign_id"))


def visible_kingdoms(user) -> QuerySet[Kingdom]:
    return visible_to(user, Kingdom.objects.select_related("campaign"), "")


def visible_settlements(user) -> QuerySet[Settlement]:
    return visible_to(user, Settlement.objects.all(), "kingdom__")


def visible_turns(user) -> QuerySet[KingdomTurn]:
    return visible_to(user, KingdomTurn.objects.select_related("kingdom"), "kingdom__")


def current_turn(kingdom: Kingdom) -> KingdomTurn | None:
    """The kingdom's open turn, or else its latest one (None before the first turn)."""
    turns = KingdomTurn.objects.filter(kingdom=kingdom)
    return turns.filter(status=TurnStatus.OPEN).first() or turns.order_by("-number").first()


def user_memberships(user) -> QuerySet[Membership]:
    """The user's memberships, campaign by campaign (the campaign home)."""
    if not user.is_authenticated:
        return Membership.objects.none()
    return Membership.objects.filter(user_id=user.pk).select_related(
        "campaign", "kingdom").order_by("campaign__name", "pk")


def kingdom_players(kingdom: Kingdom) -> list:
    return [m.user for m in Membership.objects.filter(kingdom=kingdom, role=Role.PLAYER)
            .select_related("user").order_by("user__username")]


def campaign_announcements(campaign_id: int, *, latest: int = 5) -> list[Announcement]:
    """The campaign's latest announcements, newest first (every member of it may read them)."""
    return list(Announcement.objects.filter(campaign_id=campaign_id)[:latest])
