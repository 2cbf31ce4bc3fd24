"""Deploy Army: march (or sail, or be carried by magic) to another hex.

On a campaign with a map the route is read from it (rules.kingmaker.map_routes): its counted
distance, border and road replace the order's declared `border`, `road` and `difficult_hexes`,
unless the order is `declared` (the GM's override: the site lets only the GM set it). Without a
map the order's declarations are the facts, as they always were."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from rules.degrees import Degree
from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.activities.base import (
    MAX_COUNT,
    ActivityDefinition,
    CheckSpec,
    FieldType,
    ParamField,
    control,
    declared_field,
    skill_field,
    skill_violation,
)
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import CheckDetail, Resolution
from rules.kingmaker.activities.situation import Garrisoned, Situation, TurnArmy
from rules.kingmaker.conditions import Condition, Target, gain, reduce
from rules.kingmaker.hexes import hex_distance, normalize_hex, parse_hex
from rules.kingmaker.map_routes import Border, OutOfReach, Route, route
from rules.modifiers import Modifier, ModifierKind

DEPLOY_SKILLS = ("exploration", "boating", "magic")
DEPLOY_RANGE = {"exploration": 20, "boating": 20, "magic": 30}
BORDER_DC = {Border.NONE: 0, Border.OWN: 5, Border.ENEMY: 10}
FORCED_MARCH_BONUS = 4
# The longest path an order may name: Magic's reach, with room for detours the count refuses.
MAX_PATH_HEXES = 60
# What raises a DC, as msgids the reports and the orders page translate.
BORDER_DC_LABELS = {Border.OWN: _("crossing own border"), Border.ENEMY: _("crossing enemy border")}


@dataclass(frozen=True)
class DeployArmy(ActivityParams):
    destination: str
    skill: str = "exploration"
    border: Border = Border.NONE
    road: bool = False
    forced_march: bool = False
    difficult_hexes: int = 0  # roadless swamp or mountain hexes and unbridged crossings
    # On a map: the hexes stepped through, the army's own left out, the destination last (none:
    # the best way for the player, map_routes.route).
    path: tuple[str, ...] = ()
    declared: bool = False  # on a map, go by border, road and difficult_hexes as given (GM only)

    # Stored turn inputs from before the campaign map keep their shape (rules.data).
    data_omit_default: ClassVar[tuple[str, ...]] = ("path", "declared")


def deploy_distance(army: TurnArmy, params: DeployArmy) -> int:
    return hex_distance(army.state.hex, params.destination, "destination") + params.difficult_hexes


def deploy_reach(army: TurnArmy, skill: str) -> int | None:
    """The most hexes the army may count by `skill`: one when defeated, else the skill's range."""
    return 1 if army.has(Condition.DEFEATED) else DEPLOY_RANGE.get(skill)


def deploy_route(situation: Situation, army: TurnArmy, params: DeployArmy) -> Route | None:
    """The order's route on the campaign map, or None when it goes by its declarations (no map,
    or the GM's `declared` override). Raises RuleViolation on "destination" or "path", and
    OutOfReach (on "destination") when no way counts as few hexes as the army may go. The map
    keeps the answer: validation, preview, check and resolution of one order search once."""
    if situation.campaign_map is None or params.declared:
        return None
    return route(situation.campaign_map, situation.kingdom.name, army.state.hex,
                 params.destination, params.skill, params.path,
                 reach=deploy_reach(army, params.skill))


def _facts(situation: Situation, army: TurnArmy | None, params: DeployArmy) -> tuple[Border, bool]:
    """The border the march crosses and whether it keeps to a road: the map's, or as declared."""
    if army is not None and params.skill in DEPLOY_SKILLS:
        try:
            found = deploy_route(situation, army, params)
        except RuleViolation:
            found = None  # an order the map refuses is rejected before it is resolved
        else:
            if found is not None:
                return found.border, found.road
    return params.border, params.road


def _defeated_one_hex() -> Violation:
    return Violation("defeated_one_hex", _("A defeated army may only move one hex."),
                     "destination")


def _validate(situation: Situation, army: TurnArmy, params: DeployArmy) -> list[Violation]:
    violations = skill_violation(params.skill, DEPLOY_SKILLS)
    on_map = situation.campaign_map is not None and not params.declared
    try:
        parse_hex(params.destination, "destination")
        if on_map and violations:
            return violations  # the map's way depends on the skill
        found = deploy_route(situation, army, params)
        distance = found.distance if found is not None else deploy_distance(army, params)
    except OutOfReach as error:
        if army.has(Condition.DEFEATED):
            return violations + [_defeated_one_hex()]
        return violations + list(error.violations)
    except RuleViolation as error:
        return violations + list(error.violations)
    if params.difficult_hexes < 0:
        violations.append(Violation("difficult_hexes", _("Count zero or more hexes."),
                                    "difficult_hexes"))
    if distance == 0:
        violations.append(Violation("same_hex", _("The army is already in %(hex)s."),
                                    "destination", {"hex": params.destination}))
    elif army.has(Condition.DEFEATED) and distance > 1:
        violations.append(_defeated_one_hex())
    elif params.skill in DEPLOY_RANGE and distance > DEPLOY_RANGE[params.skill]:
        violations.append(Violation(
            "too_far", _("%(skill)s reaches %(range)s hexes; %(hex)s is %(distance)s away."),
            "destination", {"skill": params.skill, "range": DEPLOY_RANGE[params.skill],
                            "hex": params.destination, "distance": distance}))
    if params.road and params.skill != "exploration" and not on_map:
        violations.append(Violation("road_needs_exploration",
                                    _("Only an Exploration check gains from a road."), "road"))
    return violations


def _check(situation: Situation, params: DeployArmy, army: TurnArmy | None) -> CheckSpec:
    extra: tuple[Modifier, ...] = ()
    if params.forced_march:
        extra = (Modifier(ModifierKind.CIRCUMSTANCE, FORCED_MARCH_BONUS, _("forced march")),)
    dc = control(situation)
    border, _road = _facts(situation, army, params)
    if BORDER_DC[border]:
        dc += ((BORDER_DC_LABELS[border], BORDER_DC[border]),)
    return CheckSpec(params.skill, dc, army, Target.DEPLOY, extra)


def _resolve(turn: Resolution, order: Order) -> CheckDetail:
    params = order.params_as(DeployArmy)
    army = turn.army_of(order)
    _border, road = _facts(turn.situation(), army, params)
    detail = turn.check(order)
    degree = detail.degree
    if road:
        # "road between start and end improves the result one degree".
        degree = degree.shifted(+1)
        detail = replace(detail, degree=degree)
    # Deploying ends a garrison: "Fortified until next deployed".
    conditions = reduce(army.state.conditions, Condition.FORTIFIED)
    army = turn.set(army, conditions=conditions, garrisoned=Garrisoned.NO, garrison_relief=False)
    if params.forced_march:
        tired = 2 if degree <= Degree.FAILURE else 1
        army = turn.set(army, conditions=gain(army.state.conditions, Condition.WEARY, tired))
        turn.say("forced_march", _("%(army)s is worn by the forced march: weary +%(value)s."),
                 army, value=tired)
    if degree is Degree.CRITICAL_FAILURE:
        army = turn.set(army, conditions=gain(army.state.conditions, Condition.LOST))
        turn.say("army_lost", _("%(army)s gets lost on the way to %(hex)s."), army,
                 hex=params.destination)
        turn.unrest(turn.dice.roll("1d4", purpose=_("Unrest: %(army)s is lost"),
                                   army=army.state.name).total)
        turn.lose_hp(army, 11, _("Deploy Army critical failure: flat check (%(army)s)"))
        return detail
    army = turn.set(army, hex=normalize_hex(params.destination, "destination"))
    turn.say("arrived", _("%(army)s arrives in %(hex)s."), army, hex=army.state.hex)
    if degree is Degree.CRITICAL_SUCCESS:
        turn.efficient(order, army)
    elif degree is Degree.FAILURE:
        army = turn.set(army, conditions=gain(army.state.conditions, Condition.WEARY))
        turn.say("arrived_weary", _("%(army)s arrives weary: weary +1."), army)
        turn.lose_hp(army, 6, _("Deploy Army failure: flat check (%(army)s)"))
    return detail


DEFINITION = ActivityDefinition(
    kind=ActivityKind.DEPLOY_ARMY,
    label=_("Deploy Army"),
    params=DeployArmy,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    description="Deploy Army: move to a hex.",
    fields=(
        ParamField("destination", FieldType.HEX, _("destination hex"), max_length=20,
                   help_text=_("The hex to deploy to, e.g. D7.")),
        skill_field(DEPLOY_SKILLS, default="exploration"),
        ParamField("border", FieldType.CHOICE, _("border"), required=False, default="none",
                   choices=tuple(Border)),
        ParamField("road", FieldType.BOOLEAN, _("road"), required=False, default=False),
        ParamField("forced_march", FieldType.BOOLEAN, _("forced march"), required=False,
                   default=False),
        ParamField("difficult_hexes", FieldType.INTEGER, _("difficult hexes"), required=False,
                   default=0, min_value=0, max_value=MAX_COUNT),
        ParamField("path", FieldType.HEX_PATH, _("path"), required=False, default=(),
                   max_length=MAX_PATH_HEXES,
                   help_text=_("On a campaign map: the hexes to step through, the army's own "
                               "left out and the destination last, as a list (e.g. [\"D5\", "
                               "\"E5\"]; the orders page takes \"D5 E5\"). Empty: the cheapest "
                               "way.")),
        declared_field(),
    ),
)
