"""Garrison Army: the army fortifies a refuge, a settlement or a work site where it stands."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.degrees import Degree
from rules.errors import Violation, _
from rules.kingmaker.activities.base import ActivityDefinition, CheckSpec, FieldType, ParamField, control
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Garrisoned, Situation, TurnArmy
from rules.kingmaker.conditions import Condition, gain
from rules.kingmaker.hexes import same_hex


class Territory(StrEnum):
    """Whose land a garrison's hex is: "+5 if the hex is outside your kingdom, +10 if it belongs to
    an enemy kingdom"."""

    OWN = "own"
    OUTSIDE = "outside"
    ENEMY = "enemy"


class Site(StrEnum):
    REFUGE = "refuge"
    SETTLEMENT = "settlement"
    WORK_SITE = "work_site"


GARRISON_SKILL = {Site.REFUGE: "defense", Site.SETTLEMENT: "politics",
                  Site.WORK_SITE: "engineering"}
TERRITORY_DC = {Territory.OWN: 0, Territory.OUTSIDE: 5, Territory.ENEMY: 10}
GARRISON_BAN_TURNS = 4
# What raises a DC, as msgids the reports and the orders page translate.
TERRITORY_DC_LABELS = {Territory.OUTSIDE: _("outside territory"),
                       Territory.ENEMY: _("enemy territory")}


@dataclass(frozen=True)
class GarrisonArmy(ActivityParams):
    site: Site
    territory: Territory = Territory.OWN


def _validate(situation: Situation, army: TurnArmy, params: GarrisonArmy) -> list[Violation]:
    hex_ = army.state.hex
    if params.site is Site.SETTLEMENT and params.territory is Territory.OWN and \
            hex_ not in situation.kingdom.settlement_hexes:
        return [Violation("no_settlement_here",
                          _("There is no settlement of the kingdom in %(hex)s."), "site",
                          {"hex": hex_})]
    for banned_hex, until in army.garrison_bans:
        if same_hex(banned_hex, hex_) and situation.turn <= until:
            return [Violation("garrison_banned",
                              _("%(army)s cannot garrison in %(hex)s before turn %(turn)s."),
                              "site", {"army": army.state.name, "hex": hex_, "turn": until + 1})]
    return []


def _check(situation: Situation, params: GarrisonArmy, army: TurnArmy | None) -> CheckSpec:
    dc = control(situation)
    if TERRITORY_DC[params.territory]:
        dc += ((TERRITORY_DC_LABELS[params.territory], TERRITORY_DC[params.territory]),)
    return CheckSpec(GARRISON_SKILL[params.site], dc, army)


def _resolve(turn: Resolution, order: Order) -> CheckDetail:
    army = turn.army_of(order)
    detail = turn.check(order)
    fortified = gain(army.state.conditions, Condition.FORTIFIED)
    if detail.degree >= Degree.SUCCESS:
        relief = detail.degree is Degree.CRITICAL_SUCCESS
        turn.set(army, conditions=fortified, garrisoned=Garrisoned.UNTIL_DEPLOYED,
                 garrison_relief=relief)
        turn.say("garrisoned", _("%(army)s is fortified until it deploys."), army)
        if relief:
            turn.say("garrison_relief", _("%(army)s eats 2 Food less while garrisoned."), army)
    elif detail.degree is Degree.FAILURE:
        turn.set(army, conditions=fortified, garrisoned=Garrisoned.UNTIL_NEXT_TURN)
        turn.say("garrisoned_briefly",
                 _("%(army)s is fortified only until the next kingdom turn."), army)
    else:
        ban = (army.state.hex, turn.turn_number + GARRISON_BAN_TURNS)
        turn.set(army, garrison_bans=(*army.garrison_bans, ban))
        turn.say("garrison_refused",
                 _("%(army)s cannot garrison in %(hex)s for %(turns)s kingdom turns."), army,
                 hex=army.state.hex, turns=GARRISON_BAN_TURNS)
        turn.unrest(1)
    return detail


DEFINITION = ActivityDefinition(
    kind=ActivityKind.GARRISON_ARMY,
    label=_("Garrison Army"),
    params=GarrisonArmy,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    description="Garrison Army at a refuge, settlement or work site.",
    fields=(
        ParamField("site", FieldType.CHOICE, _("site"), choices=tuple(Site)),
        ParamField("territory", FieldType.CHOICE, _("territory"), required=False, default="own",
                   choices=tuple(Territory)),
    ),
)
