"""Reads about sector battles, limited to what a user may see: the GM of the campaign sees the
whole battle (both sides, the truth); a player of a side's kingdom sees that side's view only
(rules.cerilia.views.side_view) and orders for it; anyone else sees nothing (404)."""
from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from battles.sector.models import SectorBattle, SectorRound, SideOrders
from campaigns.selectors import gm_campaign_ids, is_campaign_gm, kingdom_visibility, player_kingdom_ids
from rules.cerilia.board import Event
from rules.cerilia.field import Side
from rules.cerilia.state import state_from_data
from rules.cerilia.views import full_view, side_view


def visible_sector_battles(user) -> QuerySet[SectorBattle]:
    battles = SectorBattle.objects.select_related("campaign", "attacker_kingdom",
                                                  "defender_kingdom")
    if kingdom_visibility(user) is None:
        return battles  # a superuser
    if not user.is_authenticated or not user.is_active:
        return battles.none()
    kingdoms = player_kingdom_ids(user)
    return battles.filter(Q(campaign_id__in=gm_campaign_ids(user))
                          | Q(attacker_kingdom_id__in=kingdoms)
                          | Q(defender_kingdom_id__in=kingdoms))


def sides_of(user, battle: SectorBattle) -> list[Side]:
    """The sides `user` gives orders for: both for the GM, else the sides of their kingdoms."""
    if is_campaign_gm(user, battle.campaign_id):
        return list(Side)
    kingdoms = set(player_kingdom_ids(user).values_list("kingdom_id", flat=True))
    return [side for side in Side if (battle.attacker_kingdom_id if side is Side.ATTACKER
                                      else battle.defender_kingdom_id) in kingdoms]


def _events(rows) -> list[Event]:
    return [Event(e["round"], e["phase"], e["code"], e["message"], e["params"],
                  frozenset(Side(s) for s in e["visible_to"]), e["card"], e["result"])
            for row in rows for e in row.events]


def battle_view(battle: SectorBattle, side: Side | None) -> dict[str, Any]:
    """What one side sees now (None: the GM's whole truth), with the events it witnessed."""
    if not battle.state:
        return {}
    rounds = battle.rounds.order_by("number")
    state = state_from_data(battle.state)
    events = _events(rounds)
    return full_view(state, events) if side is None else side_view(state, side, events)


def round_views(battle: SectorBattle, side: Side | None) -> list[dict[str, Any]]:
    """Each resolved round as `side` saw it once it was over (None: the truth): the picture of
    the battlefield after the round and the events of that round."""
    views = []
    for row in battle.rounds.order_by("number"):
        state = state_from_data(row.state_after)
        events = _events([row])
        view = full_view(state, events) if side is None else side_view(state, side, events)
        views.append({"number": row.number, "initiative": row.initiative, **view})
    return views


def side_orders(battle: SectorBattle, side: Side) -> SideOrders | None:
    """The side's own orders for the open round (never the other side's)."""
    return battle.orders.filter(round=battle.round, side=side.value).first()


def resolved_rounds(battle: SectorBattle) -> QuerySet[SectorRound]:
    return battle.rounds.order_by("number")
