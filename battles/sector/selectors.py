"""Reads about sector battles, limited to what a user may see: the GM of the campaign sees the
whole battle (both sides, the truth); a player of a side's kingdom sees that side's view only
(rules.cerilia.side_views.side_view) and orders for it; anyone else sees nothing (404).

`access_sector_battle` is the one way to a battle's view: the API and the pages both read
through it, and it answers them with one error policy —
- a battle the user may not see is not found (Http404), whether it does not exist or belongs to
  another campaign;
- a side the user may not read as is not found either (`SideNotFound`, an Http404);
- a `side` that names no side is a 400 naming the field `side` (a ValidationError).
No view is computed without naming whose eyes it is seen with: the truth is the GM's alone, and
only when the GM names no side."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django.core.exceptions import ValidationError as ModelValidationError
from django.db.models import Q, QuerySet
from django.http import Http404
from rest_framework.exceptions import ValidationError
from rest_framework.fields import ChoiceField

from battles.sector.models import SectorBattle, SideOrders
from campaigns.selectors import (
    gm_campaign_ids,
    gm_campaigns,
    is_campaign_gm,
    kingdom_visibility,
    player_kingdom_ids,
)
from rules.cerilia.board import Event
from rules.cerilia.side_views import full_view, side_view
from rules.cerilia.state import state_from_data
from rules.sides import Side


class SideNotFound(Http404):
    """A side the user may not read as: not found, like a battle they may not see."""


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


def _sides(battle: SectorBattle, kingdoms: set[int], *, is_gm: bool) -> tuple[Side, ...]:
    """The sides a user gives orders for: both for the GM, else the sides of their kingdoms."""
    if is_gm:
        return tuple(Side)
    return tuple(side for side in Side if (battle.attacker_kingdom_id if side is Side.ATTACKER
                                           else battle.defender_kingdom_id) in kingdoms)


def _played_kingdoms(user) -> set[int]:
    return set(player_kingdom_ids(user).values_list("kingdom_id", flat=True))


def sides_commanded_in(user, battle: SectorBattle) -> tuple[Side, ...]:
    """The sides `user` gives orders for in this one battle."""
    return _sides(battle, _played_kingdoms(user),
                  is_gm=is_campaign_gm(user, battle.campaign_id))


def commanded_sides(user) -> Callable[[SectorBattle], tuple[Side, ...]]:
    """The sides `user` gives orders for, per battle, their memberships read once for a whole
    list of battles."""
    runs = set(gm_campaigns(user).values_list("pk", flat=True))
    kingdoms = _played_kingdoms(user)
    return lambda battle: _sides(battle, kingdoms, is_gm=battle.campaign_id in runs)


def _events(rows) -> list[Event]:
    return [Event(e["round"], e["phase"], e["code"], e["message"], e["params"],
                  frozenset(Side(s) for s in e["visible_to"]), e["card"], e["result"])
            for row in rows for e in row.events]


def _battle_view(battle: SectorBattle, *, side: Side | None) -> dict[str, Any]:
    """What `side` sees now, with the events it witnessed (None: the GM's whole truth)."""
    if not battle.state:
        return {}
    rounds = battle.rounds.order_by("number")
    state = state_from_data(battle.state)
    events = _events(rounds)
    return full_view(state, events) if side is None else side_view(state, side, events)


def _round_views(battle: SectorBattle, *, side: Side | None) -> list[dict[str, Any]]:
    """Each resolved round as `side` saw it once it was over: the picture of the battlefield
    after the round and the events of that round. The truth (None) adds how the round was
    resolved: its seed, both sides' orders and the rolls."""
    views = []
    for row in battle.rounds.order_by("number"):
        state = state_from_data(row.state_after)
        events = _events([row])
        if side is None:
            view = {"number": row.number, "initiative": row.initiative,
                    **full_view(state, events),
                    "seed": row.seed, "orders": row.orders, "rolls": row.rolls}
        else:
            view = {"number": row.number, "initiative": row.initiative,
                    **side_view(state, side, events)}
        views.append(view)
    return views


def _reader_side(asked: Side | str | None, *, sides: tuple[Side, ...], is_gm: bool
                 ) -> Side | None:
    if asked is None:
        # Naming no side is the GM's way to the truth; a player reads as their (first) side.
        return None if is_gm else sides[0]
    try:
        side = Side(asked)
    except (ValueError, TypeError):
        message = ChoiceField.default_error_messages["invalid_choice"].format(input=asked)
        raise ValidationError({"side": [message]}) from None
    if side not in sides:
        raise SideNotFound
    return side


@dataclass(frozen=True)
class SectorBattleAccess:
    """What one user may have of one sector battle: the battle, the side they read it as (None:
    the GM's truth), the sides they give orders for, and — computed when first asked — that
    side's view now and of each resolved round."""

    battle: SectorBattle
    side: Side | None
    sides: tuple[Side, ...]
    is_gm: bool

    @property
    def may_order(self) -> bool:
        """Whether the user gives the orders of the side they read as: any side they read as is
        one of theirs (_reader_side refuses the others); the truth orders none."""
        return self.side is not None

    @cached_property
    def view(self) -> dict[str, Any]:
        """The battlefield now with the events witnessed so far ({} before the battle begins)."""
        return _battle_view(self.battle, side=self.side)

    @cached_property
    def rounds(self) -> list[dict[str, Any]]:
        return _round_views(self.battle, side=self.side)

    def as_side(self, side: Side | str | None) -> SectorBattleAccess:
        """The same user's access read as `side`, with access_sector_battle's errors."""
        return replace(self, side=_reader_side(side, sides=self.sides, is_gm=self.is_gm))


def access_sector_battle(user, battle_id, *, side: Side | str | None = None
                         ) -> SectorBattleAccess:
    """The battle `battle_id` as `user` may have it, read as `side`: a side of theirs (a
    player's first side when they name none), or the truth when the GM names none. Raises
    Http404 for a battle they may not see, SideNotFound for a side they may not read as and a
    ValidationError on `side` for a value that names no side."""
    try:
        battle = visible_sector_battles(user).get(pk=battle_id)
    except (SectorBattle.DoesNotExist, ValueError, TypeError, ModelValidationError):
        raise Http404 from None
    is_gm = is_campaign_gm(user, battle.campaign_id)
    sides = _sides(battle, _played_kingdoms(user), is_gm=is_gm)
    if not sides:
        raise Http404
    return SectorBattleAccess(battle, _reader_side(side, sides=sides, is_gm=is_gm), sides, is_gm)


def side_orders(battle: SectorBattle, side: Side) -> SideOrders | None:
    """The side's own orders for the open round (never the other side's)."""
    return battle.orders.filter(round=battle.round, side=side.value).first()
