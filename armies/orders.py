"""Adapters between stored turns and orders and the rules engine's turn input.

An order's `params` are stored as JSON in the shape the API accepts (see param_defaults); here they
become the engine's frozen parameter objects, and a kingdom with its armies becomes a
`KingdomTurnInput`. Every read is a fixed number of queries, however many armies a kingdom has.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from enum import Enum
from typing import Any

from django.db.models import F, JSONField, OuterRef, QuerySet, Subquery

from armies.adapters import army_state, condition_state_from, gear_item_from, template_state
from armies.choices import ActivityStatus, ArmyStatus
from armies.models import MAX_ID, Army, ArmyActivity, ArmyTemplate
from armies.selectors import armies_with_details
from campaigns.adapters import campaign_map_or_none, map_of_lists
from campaigns.models import Faction, Kingdom
from core.compiled import CompiledRead
from core.related_rows import JSONValue, child_rows, json_objects, rows_of
from rules.data import record_data
from rules.errors import RuleViolation, _
from rules.kingmaker import activities as act
from rules.kingmaker.army import ArmyState
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.campaign_map import CampaignMap
from rules.kingmaker.fog import MapArmy, armies_seen_now, map_army
from rules.kingmaker.hexes import canonical_hex
from rules.kingmaker.recruitment import KingdomState
from rules.kingmaker.templates import ArmyTemplate as ArmyTemplateState
from rules.kingmaker.turn import KingdomTurnInput
from rules.kingmaker.upkeep import kingdom_army_consumption
from rules.modifiers import Modifier, ModifierKind, Statistic

log = logging.getLogger(__name__)


_LISTS = (act.FieldType.CHOICES, act.FieldType.HEX_PATH)


def param_defaults(kind: act.ActivityKind) -> dict[str, Any]:
    """A registered activity's parameters with their defaults (None: required), from its
    definition; a fresh dict on each call, so no caller shares a default list."""
    return {f.name: None if f.required else list(f.default) if f.type in _LISTS
            else f.default for f in act.ACTIVITIES[kind].fields}


def turn_army(army: Army, level: int) -> act.TurnArmy:
    return _turn_army(
        army.pk, replace(army_state(army, level=level), hex=canonical_hex(army.hex)),
        faction=army.faction.name if army.faction is not None else None, status=army.status,
        garrisoned=army.garrisoned, garrison_relief=army.garrison_relief,
        garrison_bans=army.garrison_bans, gear_paid_rp=[g.price_paid_rp for g in rows_of(army, "gear")])


def _turn_army(key: int, state: ArmyState, *, faction: str | None, status: str, garrisoned: str,
               garrison_relief: bool, garrison_bans: list | None,
               gear_paid_rp: list[int | None]) -> act.TurnArmy:
    return act.TurnArmy(
        key=key, state=state, faction=faction, status=status,
        garrisoned=act.Garrisoned(garrisoned or ""), garrison_relief=garrison_relief,
        garrison_bans=tuple((hex_, int(until)) for hex_, until in garrison_bans or ()),
        gear_paid_rp=tuple(gear_paid_rp))


def _listed(kingdom, name: str, read: Callable[[], Iterable[str]]) -> Iterable[str]:
    """One of the kingdom's KINGDOM_LISTS: as read with the kingdom (campaigns.selectors.
    kingdom_lists), else read now."""
    listed = kingdom.__dict__.get(name)
    return listed if listed is not None else read()


def painted_map(kingdom) -> CampaignMap | None:
    """The kingdom's campaign's map, if it has one: as read with the kingdom (campaigns.adapters.
    map_lists), else read now."""
    hex_rows = kingdom.__dict__.get("map_hex_rows")
    if hex_rows is None:
        return campaign_map_or_none(kingdom.campaign_id)
    return map_of_lists(hex_rows, kingdom.__dict__["map_settlement_rows"])


def kingdom_sheet(kingdom, *, warfare_exercises_unlocked: bool) -> act.KingdomSheet:
    return act.KingdomSheet(
        name=kingdom.name,
        level=kingdom.level,
        size=kingdom.size,
        skills={skill: getattr(kingdom, skill) for skill in kingdom.SKILLS},
        resource_points=kingdom.resource_points,
        food=kingdom.food,
        unrest=kingdom.unrest,
        ruin={kind: getattr(kingdom, kind) for kind in kingdom.RUIN},
        fame=kingdom.fame,
        infamy=kingdom.infamy,
        xp=kingdom.xp,
        settlement_hexes=frozenset(canonical_hex(h) for h in _listed(
            kingdom, "settlement_hexes", lambda: kingdom.settlements.values_list("hex", flat=True))),
        factions_with_relations=frozenset(_listed(
            kingdom, "relation_factions",
            lambda: kingdom.diplomatic_relations.values_list("faction__name", flat=True))),
        warfare_exercises_unlocked=warfare_exercises_unlocked,
    )


def _fieldable(army: Army, level: int) -> bool:
    return _fieldable_as(template_state(army.template), level, army.pk, army)


def _fieldable_as(template: ArmyTemplateState, level: int, army_id: int, army: object) -> bool:
    """Whether an army of `template` has a stat block at this level. One the GM left below its
    template's minimum level (a kingdom level lowered) sits the turn out until the GM mends it."""
    try:
        template.check_level(level)
    except RuleViolation:
        log.warning("army %s (%s) cannot be fielded at level %s", army_id, army, level)
        return False
    return True


def kingdom_armies(kingdom, rows: list[Army] | None = None) -> dict[int, act.TurnArmy]:
    """The kingdom's active armies that can take the field; `rows` are those armies read with
    their details already (active_armies), when the caller has them (else made of
    TURN_ARMY_LISTS: _listed_turn_armies)."""
    if rows is None:
        return _turn_armies_of(kingdom, *_listed_turn_armies(kingdom))
    return {a.pk: turn_army(a, kingdom.level) for a in rows if _fieldable(a, kingdom.level)}


_TEMPLATE_FIELDS = ArmyTemplate._meta.concrete_fields
_ARMY_COLUMNS = ("id", "name", "hp", "hex", "status", "garrisoned", "garrison_relief",
                 "template_id", "faction__name")
_CHILDREN = ("tactics", "gear", "conditions")

# The kingdom's active armies as turn_army reads them, and their templates, as JSON in the
# statement of a hot read that reaches the kingdom's id (a submission reads them with the turn's
# orders): an order's check reads them every time, and model instances would cost more than the
# rest of the read. The armies come in their models' order (by name within a kingdom), their
# child rows too.
TURN_ARMY_LISTS = ("turn_army_rows", "turn_army_templates")


def _active_armies(kingdom_id) -> QuerySet[Army]:
    return Army.objects.filter(kingdom_id=kingdom_id, status=ArmyStatus.ACTIVE)


def turn_army_lists(kingdom: str) -> dict[str, Subquery]:
    """Annotations reading TURN_ARMY_LISTS in the query of a model that reaches the kingdom's id
    through `kingdom` ("pk" for kingdoms, "kingdom_id" for turns)."""
    return {
        "turn_army_rows": json_objects(
            _active_armies(OuterRef(kingdom)).order_by("name"), *_ARMY_COLUMNS,
            garrison_bans=JSONValue(F("garrison_bans")),
            **{f"{name}_rows": JSONValue(child_rows(Army, name)) for name in _CHILDREN}),
        "turn_army_templates": json_objects(
            ArmyTemplate.objects.filter(pk__in=_active_armies(OuterRef(OuterRef(kingdom)))
                                        .values("template_id")).order_by(),
            *(f.attname for f in _TEMPLATE_FIELDS if not isinstance(f, JSONField)),
            **{f.attname: JSONValue(F(f.attname)) for f in _TEMPLATE_FIELDS
               if isinstance(f, JSONField)}),
    }


_TURN_ARMY_LISTS = CompiledRead(
    lambda kingdom: Kingdom.objects.filter(pk=kingdom).annotate(**turn_army_lists("pk"))
    .values(*TURN_ARMY_LISTS),
    kingdom=int)


def _listed_turn_armies(kingdom) -> tuple[list[dict], list[dict]]:
    """TURN_ARMY_LISTS as read with the kingdom, taken once (a later check reads them anew),
    else read now."""
    if "turn_army_rows" in kingdom.__dict__:
        return kingdom.__dict__.pop("turn_army_rows"), kingdom.__dict__.pop("turn_army_templates")
    read = _TURN_ARMY_LISTS.get(kingdom=kingdom.pk)
    return read["turn_army_rows"], read["turn_army_templates"]


def _turn_armies_of(kingdom, army_rows: list[dict], template_rows: list[dict]
                    ) -> dict[int, act.TurnArmy]:
    """kingdom_armies of TURN_ARMY_LISTS: what turn_army and _fieldable make of the models. A
    boolean is 0 or 1 in SQLite's JSON: the fields' to_python make it one."""
    templates = {row["id"]: template_state(ArmyTemplate(
        **{f.attname: f.to_python(row[f.attname]) for f in _TEMPLATE_FIELDS}))
        for row in template_rows}
    armies = {}
    for row in army_rows:
        template = templates[row["template_id"]]
        if not _fieldable_as(template, kingdom.level, row["id"], row["name"]):
            continue
        gear = row["gear_rows"]
        state = ArmyState(
            template=template, level=kingdom.level,
            tactics=tuple(t["tactic"] for t in row["tactics_rows"]),
            gear=tuple(gear_item_from(kind=g["kind"], tier=g["tier"], weapon=g["weapon"],
                                      doses=g["doses"]) for g in gear),
            conditions=tuple(condition_state_from(c["condition"], c["value"])
                             for c in row["conditions_rows"]),
            hp=row["hp"], name=row["name"], hex=canonical_hex(row["hex"]))
        armies[row["id"]] = _turn_army(
            row["id"], state, faction=row["faction__name"], status=row["status"],
            garrisoned=row["garrisoned"], garrison_relief=bool(row["garrison_relief"]),
            garrison_bans=row["garrison_bans"], gear_paid_rp=[g["price_paid_rp"] for g in gear])
    return armies


def campaign_armies(campaign_id: int) -> list[Army]:
    """The campaign's active armies that can take the field, with what their stat blocks read,
    by id; a fixed number of queries."""
    armies = armies_with_details().filter(kingdom__campaign_id=campaign_id,
                                          status=ArmyStatus.ACTIVE).order_by("pk")
    return [army for army in armies if _fieldable(army, army.kingdom.level)]


def map_army_of(army: Army) -> MapArmy:
    """The army as fog of war reads it: its hex, Scouting, tactics and garrison."""
    return map_army(army.pk, army.kingdom.name, army_state(army), garrisoned=bool(army.garrisoned))


def map_armies(campaign_id: int) -> tuple[MapArmy, ...]:
    """Every kingdom's active armies of the campaign as fog of war reads them, by key."""
    return tuple(map_army_of(army) for army in campaign_armies(campaign_id))


def kingdom_state(kingdom) -> KingdomState:
    """The kingdom as recruitment sees it; its armies' consumption is the Upkeep phase's."""
    armies = kingdom_armies(kingdom).values()
    sheet = kingdom_sheet(kingdom, warfare_exercises_unlocked=False)
    return replace(act.recruiting_kingdom(sheet, armies),
                   consumption=kingdom_army_consumption(armies, sheet.settlement_hexes))


# How to read the armies in ambush a kingdom's last turn report found (army id -> the hex it found
# them in): its turn report knows, which only turns reads (TurnsConfig.ready registers
# turns.map_views.found_in_last_report).
FoundArmies = Callable[[Any], Mapping[int, str]]
_FOUND_ARMIES: list[FoundArmies] = []


def register_found_armies(reader: FoundArmies) -> None:
    _FOUND_ARMIES[:] = [reader]


def found_armies(kingdom) -> Mapping[int, str]:
    return _FOUND_ARMIES[0](kingdom) if _FOUND_ARMIES else {}


def seen_armies(kingdom, painted: CampaignMap | None,
                armies: Sequence[MapArmy] | None = None) -> frozenset[int] | None:
    """The other kingdoms' armies the kingdom sees now on its campaign's map `painted`
    (fog.armies_seen_now, from `armies`: every kingdom's, where they stand now unless given),
    which its orders may name; None without a map: all of them."""
    if painted is None:
        return None
    if armies is None:
        armies = map_armies(kingdom.campaign_id)
    seen = armies_seen_now(kingdom.name, painted, armies, found_armies(kingdom))
    return frozenset(a.key for a in seen)


# The stored snapshot of a campaign's armies taken when its turns are locked (ArmySnapshot).
def map_army_data(army: MapArmy, kingdom_id: int) -> dict[str, Any]:
    return {"army": army.key, "kingdom_id": kingdom_id, "kingdom": army.kingdom,
            "name": army.name, "hex": army.hex, "scouting": record_data(army.scouting),
            "tactics": sorted(army.tactics), "garrisoned": army.garrisoned}


def _map_army_from(data: Mapping[str, Any]) -> MapArmy:
    scouting = data["scouting"]
    modifiers = tuple(Modifier(ModifierKind(m["kind"]), m["value"], m["source"])
                      for m in scouting.get("modifiers", ()))
    return MapArmy(data["army"], data["kingdom"], data["name"], data["hex"],
                   Statistic(scouting["base"], modifiers), frozenset(data["tactics"]),
                   data["garrisoned"])


def campaign_snapshot(campaign_id: int) -> dict[str, Any]:
    """The campaign's armies as fog of war reads them, stored once for the turns locked for the
    night (ArmySnapshot; docs/rules-notes.md, "When a turn sees")."""
    return {"armies": [map_army_data(map_army_of(a), a.kingdom_id)
                       for a in campaign_armies(campaign_id)]}


def other_map_armies(turn) -> tuple[MapArmy, ...]:
    """The other kingdoms' armies as the turn's fog of war and gambit read them: where they stood
    when the night's turns were locked (the turn's snapshot); a turn still taking orders, locked
    before snapshots were kept, or locked without one (turns.resolution._snapshot_armies: no map
    and no gambit then) reads where they stand now."""
    snapshot = turn.armies_snapshot  # read only here: a turn on no map, with no gambit, needs none
    if snapshot is not None:
        return tuple(_map_army_from(a) for a in snapshot.armies["armies"]
                     if a["kingdom_id"] != turn.kingdom_id)
    return tuple(map_army_of(a) for a in campaign_armies(turn.kingdom.campaign_id)
                 if a.kingdom_id != turn.kingdom_id)


def situation(turn, *, with_foreign: bool = True) -> act.Situation:
    """What the turn's orders are checked against; the campaign's map when it has one (a fixed
    number of queries for the whole turn, however many armies); with the other kingdoms' armies,
    only those it sees now count as targets (an unseen one answers as an id that names
    nothing)."""
    painted = painted_map(turn.kingdom)
    return _situation(turn, painted, with_foreign,
                      other_map_armies(turn) if with_foreign else ())


def _situation(turn, painted: CampaignMap | None, with_foreign: bool,
               others: tuple[MapArmy, ...], army_rows: list[Army] | None = None
               ) -> act.Situation:
    kingdom = turn.kingdom
    sheet = kingdom_sheet(kingdom,
                          warfare_exercises_unlocked=kingdom.campaign.warfare_exercises_unlocked)
    armies = kingdom_armies(kingdom, army_rows)
    seen = None
    if with_foreign and painted is not None:
        seen = seen_armies(kingdom, painted, (*act.kingdom_map_armies(sheet.name, armies.values()), *others))
    return act.Situation(
        turn=turn.number,
        kingdom=sheet,
        armies=armies,
        foreign_armies={a.key: act.ForeignArmy(a.key, a.kingdom, a.name, a.hex, a.scouting_dc)
                        for a in others} if with_foreign else {},
        campaign_map=painted,
        seen_armies=seen,
    )


def _required(params: Mapping[str, Any], name: str) -> Any:
    value = params.get(name)
    if value in (None, ""):
        raise RuleViolation.single("required", _("This field is required."), name)
    return value


def _choice(enum, value, name: str):
    try:
        return enum(value)
    except ValueError:
        raise RuleViolation.single("invalid_choice", _("%(value)s is not a valid choice."), name,
                                   value=value) from None


# A recruitment's template: every check of one reads it (compiled once: core.compiled).
_TEMPLATE = CompiledRead(lambda template: ArmyTemplate.objects.filter(pk=template), template=int)


def _recruit_params(p: Mapping[str, Any], campaign_id: int) -> act.RecruitArmy:
    try:
        template_id = int(_required(p, "template"))
    except (TypeError, ValueError):
        template_id = 0
    template = None
    # A stored id out of an id's range names no template (the compiled read would not take it).
    if 0 < template_id <= MAX_ID:
        rows = _TEMPLATE.fetch(template=template_id)
        template = rows[0] if rows else None
    if template is None:
        raise RuleViolation.single("template_unknown", _("Choose an army type."), "template")
    faction = None
    if p["faction"] is not None:
        faction = Faction.objects.filter(pk=p["faction"], campaign_id=campaign_id).first()
        if faction is None:
            raise RuleViolation.single("faction_unknown", _("Choose a faction."), "faction")
        if not faction.special_armies.filter(pk=template.pk).exists():
            raise RuleViolation.single("faction_does_not_offer",
                                       _("%(faction)s does not offer %(army)s."), "faction",
                                       faction=faction.name, army=template.name)
    return act.RecruitArmy(template_state(template), str(_required(p, "name")),
                           canonical_hex(str(_required(p, "hex"))), tuple(p["tactics"] or ()),
                           faction.name if faction else None)


def _outfit_params(p: Mapping[str, Any], campaign_id: int) -> act.OutfitArmy:
    item = gear_item_from(kind=_required(p, "gear"), tier=p["tier"], weapon=p["weapon"],
                          doses=int(p["doses"] or 0))
    return act.OutfitArmy(item, bool(p["captured"]))


# Activities whose stored parameters are not their params class's fields one for one: the
# template and faction are rows, the gear one item.
_CONVERTERS: Mapping[act.ActivityKind, Callable[[Mapping[str, Any], int], act.Params]] = {
    act.ActivityKind.RECRUIT_ARMY: _recruit_params,
    act.ActivityKind.OUTFIT_ARMY: _outfit_params,
}


def _value(field: act.ParamField, p: Mapping[str, Any]) -> Any:
    """One stored parameter as its params class takes it, by the definition's field type."""
    value = _required(p, field.name) if field.required else p[field.name]
    kind = field.type
    if kind is act.FieldType.HEX:
        return canonical_hex(str(value))
    if kind is act.FieldType.HEX_PATH:
        # Written as given: the route names a malformed hex on "path" (canonical_hex keeps it).
        return tuple(canonical_hex(str(h)) for h in value or ())
    if kind is act.FieldType.INTEGER:
        return int(value or 0)
    if kind is act.FieldType.BOOLEAN:
        return bool(value)
    if kind is act.FieldType.ID:
        return int(value) if field.required else value
    if kind is act.FieldType.CHOICE and field.choices and isinstance(field.choices[0], Enum):
        return _choice(type(field.choices[0]), value, field.name)
    return value or None if field.nullable else value


def rules_params(kind: act.ActivityKind, params: Mapping[str, Any], *, campaign_id: int
                 ) -> act.Params:
    """The engine's parameters for stored `params`; raises RuleViolation naming the field."""
    p = {**param_defaults(kind), **params}
    convert = _CONVERTERS.get(kind)
    if convert is not None:
        return convert(p, campaign_id)
    definition = act.ACTIVITIES[kind]
    params_class: Callable[..., act.Params] = definition.params
    return params_class(**{field.name: _value(field, p) for field in definition.fields})


def rules_order(activity: ArmyActivity, *, campaign_id: int) -> act.Order:
    kind = act.ActivityKind(activity.kind)
    return act.Order(key=activity.pk or 0, kind=kind,
                     params=rules_params(kind, activity.params, campaign_id=campaign_id),
                     army=activity.army_id, second=activity.second)


_QUEUED = CompiledRead(lambda turn: ArmyActivity.objects.filter(
    turn_id=turn, status=ActivityStatus.QUEUED).order_by("position", "id"), turn=int)


def queued_activities(turn) -> list[ArmyActivity]:
    """The turn's queued orders in their order, each knowing its turn; compiled once
    (core.compiled), as every turn resolved reads them."""
    activities = _QUEUED.fetch(turn=turn.pk)
    for activity in activities:
        ArmyActivity.turn.field.set_cached_value(activity, turn)
    return activities


def turn_input(turn, activities: list[ArmyActivity], orders: list[act.Order], *,
               fought: frozenset[int], army_rows: list[Army] | None = None) -> KingdomTurnInput:
    """The engine's input for resolving `turn` with these (already converted) orders; `fought`
    are the kingdom's armies that fought since its last turn (battles.selectors knows them).
    On a campaign map the input carries the other kingdoms' armies the kingdom sees as the turn
    starts (its Offensive Gambit's targets), the other kingdoms' armies where they stood when the
    turn was locked and the turn's light, for the kingdom's fog of war at the turn's end.
    `army_rows` are the kingdom's active armies (active_armies) if the caller has read them."""
    needs_foreign = any(o.kind is act.ActivityKind.OFFENSIVE_GAMBIT for o in orders)
    painted = painted_map(turn.kingdom)
    others = other_map_armies(turn) if needs_foreign or painted is not None else ()
    current = _situation(turn, painted, needs_foreign, others, army_rows)
    return KingdomTurnInput(
        number=turn.number,
        kingdom=current.kingdom,
        armies=tuple(current.armies.values()),
        orders=tuple(orders),
        foreign_armies=tuple(current.foreign_armies.values()),
        fought=fought,
        ruin_choice=turn.ruin_choice,
        campaign_map=painted,
        seen_armies=current.seen_armies,
        map_armies=others if painted is not None else (),
        light=Light(turn.light),
    )

