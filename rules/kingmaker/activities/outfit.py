"""Outfit Army: buy gear for the army (or hand out gear captured in battle, with Warfare)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules.degrees import Degree
from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.activities.base import (
    MAX_COUNT,
    ActivityDefinition,
    CheckSpec,
    FieldType,
    ParamField,
    control,
)
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy
from rules.kingmaker.gear import GearItem, GearKind, OutfitQuote, Tier, WeaponKind, quote_outfit


@dataclass(frozen=True)
class OutfitArmy(ActivityParams):
    item: GearItem
    captured: bool = False  # gear captured in battle, handed out for free with Warfare


def outfit_quote(army: TurnArmy, item: GearItem) -> OutfitQuote:
    """The price of fitting `item` to the army (raises RuleViolation when it cannot take it)."""
    state = army.state
    current = next((paid for g, paid in zip(state.gear, army.gear_paid_rp, strict=False)
                    if g.slot() == item.slot()), None)
    return quote_outfit(state.template, state.level, state.gear, item,
                        old_paid_with_rp=current is None or current > 0)


def _validate(situation: Situation, army: TurnArmy, params: OutfitArmy) -> list[Violation]:
    try:
        quote = outfit_quote(army, params.item)
    except RuleViolation as error:
        return [Violation(v.code, v.message, "gear", v.params) for v in error.violations]
    if params.item.kind is GearKind.HEALING_POTIONS and params.item.doses < 1:
        return [Violation("doses_required", _("Buy at least one dose."), "doses")]
    cost = 0 if params.captured else quote.cost_rp
    if cost > situation.kingdom.resource_points:
        # RP is charged at resolution and never goes below zero.
        return [Violation("not_enough_rp",
                          _("This costs %(cost)s RP; the kingdom has %(rp)s RP."), "gear",
                          {"cost": cost, "rp": situation.kingdom.resource_points})]
    return []


def _check(situation: Situation, params: OutfitArmy, army: TurnArmy | None) -> CheckSpec:
    return CheckSpec("warfare" if params.captured else "trade", control(situation), army)


def _resolve(turn: Resolution, order: Order) -> CheckDetail:
    params = order.params_as(OutfitArmy)
    army = turn.army_of(order)
    quote = outfit_quote(army, params.item)
    cost = 0 if params.captured else quote.cost_rp
    detail = turn.check(order)
    if detail.degree is Degree.FAILURE:
        turn.say("gear_unusable_refunded",
                 _("The gear is unusable; nothing is fitted and the RP is returned."), army)
        return detail
    turn.cost = cost
    turn.kingdom = replace(turn.kingdom, resource_points=turn.kingdom.resource_points - cost)
    if detail.degree is Degree.CRITICAL_FAILURE:
        turn.say("gear_unusable_lost",
                 _("The gear is unusable; nothing is fitted and %(cost)s RP is lost."), army,
                 cost=cost)
        return detail
    paid = {g.slot(): p for g, p in zip(army.state.gear, army.gear_paid_rp, strict=False)}
    slot = quote.item.slot()
    spent = cost + ((paid.get(slot) or 0) if quote.item.kind is GearKind.HEALING_POTIONS else 0)
    paid[slot] = spent
    army = turn.set(army, gear=quote.gear_after,
                    gear_paid_rp=tuple(paid.get(g.slot()) for g in quote.gear_after))
    turn.say("gear_fitted", _("%(army)s is fitted with %(gear)s for %(cost)s RP."), army,
             gear=quote.item.label(), cost=cost)
    if detail.degree is Degree.CRITICAL_SUCCESS:
        turn.efficient(order, army)
    return detail


DEFINITION = ActivityDefinition(
    kind=ActivityKind.OUTFIT_ARMY,
    label=_("Outfit Army"),
    params=OutfitArmy,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    description="Outfit Army: buy gear.",
    # The orders page offers the gear as one choice of the items the army may take, priced; the
    # tier, weapon and doses are parts of that choice.
    fields=(
        ParamField("gear", FieldType.CHOICE, _("gear"), choices=tuple(GearKind)),
        ParamField("tier", FieldType.CHOICE, _("tier"), required=False, nullable=True,
                   choices=tuple(Tier), on_form=False),
        ParamField("weapon", FieldType.CHOICE, _("weapon"), required=False, nullable=True,
                   choices=tuple(WeaponKind), on_form=False),
        ParamField("doses", FieldType.INTEGER, _("doses"), required=False, default=0,
                   min_value=0, max_value=MAX_COUNT, on_form=False),
        ParamField("captured", FieldType.BOOLEAN, _("captured gear"), required=False,
                   default=False, gm_only=True,
                   help_text=_("Gear captured in battle (the GM only).")),
    ),
)
