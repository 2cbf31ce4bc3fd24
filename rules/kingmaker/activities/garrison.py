"""Garrison Army: the army fortifies a refuge, a settlement or a work site where it stands.

On a campaign with a map (our ruling, docs/rules-notes.md, "The campaign map") the site must be
in the army's hex — a settlement is a hex with a settlement's name or one of the kingdom's
settlement hexes — and the territory is read from who claims the hex: the kingdom (own), nobody
(outside) or another kingdom (enemy). An order the GM marks `declared` goes by its declared
territory instead."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rules.degrees import Degree
from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.activities.base import (
    ActivityDefinition,
    CheckSpec,
    FieldType,
    ParamField,
    control,
    declared_field,
)
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Garrisoned, Situation, TurnArmy
from rules.kingmaker.campaign_map import MapHex
from rules.kingmaker.conditions import Condition, gain
from rules.kingmaker.hexes import canonical_hex, same_hex


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
    declared: bool = False  # on a map, go by the declared territory (GM only)

    # Stored turn inputs from before the campaign map keep their shape (rules.data).
    data_omit_default: ClassVar[tuple[str, ...]] = ("declared",)


# Why the map refuses a garrison: one whole sentence per site, so that each translates whole.
NO_SITE_HERE = {Site.REFUGE: _("There is no refuge in %(hex)s."),
                Site.SETTLEMENT: _("There is no settlement in %(hex)s."),
                Site.WORK_SITE: _("There is no work site in %(hex)s.")}


def territory_of(map_hex: MapHex, kingdom: str) -> Territory:
    """Whose land the hex is for the kingdom named `kingdom`, from who claims it."""
    if map_hex.claimed_by == kingdom:
        return Territory.OWN
    return Territory.ENEMY if map_hex.claimed_by else Territory.OUTSIDE


def has_site(map_hex: MapHex, site: Site, settlement_hexes: frozenset[str] = frozenset()) -> bool:
    if site is Site.SETTLEMENT:
        return bool(map_hex.settlement) or any(same_hex(map_hex.coord, h) for h in settlement_hexes)
    return map_hex.work_site if site is Site.WORK_SITE else map_hex.refuge


def _map_hex(situation: Situation, army: TurnArmy, params: GarrisonArmy) -> MapHex | None:
    """The army's hex on the map, or None when the order goes by its declarations (no map, or the
    GM's override). Raises RuleViolation on "site" when the map does not hold the hex."""
    if situation.campaign_map is None or params.declared:
        return None
    return situation.campaign_map.at(canonical_hex(army.state.hex), "site")


def _territory(situation: Situation, army: TurnArmy | None, params: GarrisonArmy) -> Territory:
    if army is not None:
        try:
            found = _map_hex(situation, army, params)
        except RuleViolation:
            found = None  # an order the map refuses is rejected before it is resolved
        if found is not None:
            return territory_of(found, situation.kingdom.name)
    return params.territory


def _validate(situation: Situation, army: TurnArmy, params: GarrisonArmy) -> list[Violation]:
    hex_ = army.state.hex
    try:
        found = _map_hex(situation, army, params)
    except RuleViolation as error:
        return list(error.violations)
    if found is not None:
        if not has_site(found, params.site, situation.kingdom.settlement_hexes):
            return [Violation("no_site_here", NO_SITE_HERE[params.site], "site", {"hex": hex_})]
    elif params.site is Site.SETTLEMENT and params.territory is Territory.OWN and \
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
    territory = _territory(situation, army, params)
    if TERRITORY_DC[territory]:
        dc += ((TERRITORY_DC_LABELS[territory], TERRITORY_DC[territory]),)
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
        declared_field(),
    ),
)
