"""Rows to engine objects and back: cards, the scenario's starting state, and each side's orders
as the API takes them (JSON) to the engine's frozen orders, with errors by field."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TypedDict

from django.db.models import Prefetch
from django.utils.crypto import salted_hmac

from battles.sector import order_data
from battles.sector.models import BattleStatus, SectorBattle, SectorCaster, SectorUnit, UnitCard
from battles.sector.module_models import ArtifactCard, SectorTrap, SpellCard
from battles.sector.order_data import read_choice, read_mapping, read_names, read_text
from rules.cerilia import artifact_cards, cards, command, concealment, orders, state
from rules.cerilia.bound_spell_cards import DEFAULT_POWER, BoundSpell
from rules.cerilia.magic_dice import casting_value
from rules.cerilia.modules import (
    DEFAULT_COMMAND,
    DEFAULT_WILL,
    Modules,
    Role,
    modules_from_data,
)
from rules.cerilia.spells import Spell
from rules.errors import RuleViolation, Violation, _
from rules.sides import Side


def engine_bound(stored: object) -> tuple[BoundSpell, ...]:
    """A row's bound spells ([{"spell": …, "power": "x/y"}, …]) as the engine's; entries that do
    not read are left out (the model's validator refuses them on save)."""
    if not isinstance(stored, list):
        return ()
    return tuple(BoundSpell(str(b["spell"]), str(b.get("power") or DEFAULT_POWER))
                 for b in stored if isinstance(b, dict) and b.get("spell"))


def engine_card(card: UnitCard) -> cards.UnitCard:
    return cards.UnitCard(card.code, card.name, card.melee, card.defense,
                          frozenset(card.morale), card.movement, card.hits, card.charge,
                          card.missile, card.missile_range,
                          frozenset(cards.Tag(t) for t in card.tags), card.night_bonus,
                          wounds=card.wounds, champion=card.champion, standard=card.standard,
                          musician=card.musician, bound=engine_bound(card.bound))


def card_for_army(army) -> UnitCard | None:
    """The card the army's type or special army fights as (battles.TemplateCard)."""
    mapping = getattr(army.template, "sector_card", None)
    return mapping.card if mapping is not None else None


# The engine keys units and casters by one string each, which the players see. Each key names
# its table ("unit-…", "caster-…"; the engine's summoned units are "legion-…"), so a unit and a
# caster never share one, and the rest is a keyed hash of the battle and the row: unlike the row's
# id, it gives away neither how many rows there are nor which one is missing from a side's view
# (a hidden unit).
UNIT_KEY_PREFIX = "unit-"
CASTER_KEY_PREFIX = "caster-"
# An artifact is one card carried by one character: the pair is its row.
ARTIFACT_KEY_PREFIX = "artifact-"
TRAP_KEY_PREFIX = "trap-"


def _key(prefix: str, battle_id: int, row_id: int | str) -> str:
    digest = salted_hmac("muster.sector.key", f"{prefix}{battle_id}:{row_id}").hexdigest()
    return f"{prefix}{digest[:12]}"


def unit_key(unit: SectorUnit) -> str:
    return _key(UNIT_KEY_PREFIX, unit.battle_id, unit.pk)


def caster_key(caster: SectorCaster) -> str:
    return _key(CASTER_KEY_PREFIX, caster.battle_id, caster.pk)


def artifact_key(caster: SectorCaster, card: ArtifactCard) -> str:
    return _key(ARTIFACT_KEY_PREFIX, caster.battle_id, f"{caster.pk}.{card.pk}")


def trap_key(trap: SectorTrap) -> str:
    return _key(TRAP_KEY_PREFIX, trap.battle_id, trap.pk)


def units_by_key(battle: SectorBattle) -> dict[str, SectorUnit]:
    """The battle's units by their engine keys, and by the keys of older records: the bare id,
    then `unit-<id>`."""
    units = list(battle.units.all())
    return {key: u for u in units
            for key in (str(u.pk), f"{UNIT_KEY_PREFIX}{u.pk}", unit_key(u))}


def engine_artifact(key: str, card: ArtifactCard) -> artifact_cards.Artifact:
    return artifact_cards.Artifact(key, card.name, artifact_cards.ArtifactEffect(card.effect),
                                   card.uses, card.spell or None, card.power or None)


def _points(given: int | None, default: int, role: Role, roles: frozenset[Role]) -> int:
    """A general's КН or a hero's ЗС: as the GM set it, else the default; 0 without the role
    (the engine reads them only from a character with it)."""
    if role not in roles:
        return 0
    return default if given is None else given


def engine_characters(battle: SectorBattle
                      ) -> tuple[list[state.Caster], list[artifact_cards.Artifact]]:
    """The battle's characters, and one artifact per card each carries (keyed by the pair)."""
    characters, artifacts = [], []
    carries = Prefetch("carries", queryset=ArtifactCard.objects.order_by("pk"))
    for c in battle.casters.prefetch_related(carries).order_by("pk"):
        roles = frozenset(Role(r) for r in c.roles)
        carried = [(artifact_key(c, card), card) for card in c.carries.all()]
        artifacts += [engine_artifact(key, card) for key, card in carried]
        characters.append(state.Caster(
            caster_key(c), Side(c.side), c.name,
            state.School(c.school) if c.school else None,
            _key(UNIT_KEY_PREFIX, c.battle_id, c.unit_id) if c.unit_id else None,
            frozenset(c.spells), roles, c.wounds,
            _points(c.command, DEFAULT_COMMAND, Role.GENERAL, roles),
            _points(c.will, DEFAULT_WILL, Role.HERO, roles),
            tuple(key for key, _card in carried), bound=engine_bound(c.bound),
            start_wounds=c.full_wounds or c.wounds))
    return characters, artifacts


def engine_units(battle: SectorBattle) -> list[state.Unit]:
    """The battle's units in their reserves at full hits, as a battle begins."""
    return [state.Unit(unit_key(u), Side(u.side), engine_card(u.card), u.name, u.card.hits,
                       army=u.army_id)
            for u in battle.units.select_related("card").order_by("pk")]


def modules_of(battle: SectorBattle) -> Modules:
    """The modules the battle plays: while it is being set up, its row's switches (the GM's
    choice); once begun, its engine state's, which took them as it began and which the engine
    plays by (a battle stored before a module reads it as off)."""
    if battle.status != BattleStatus.SETUP and battle.state:
        return modules_from_data((battle.state.get("scenario") or {}).get("modules"))
    return Modules(command=battle.module_command, ambush=battle.module_ambush,
                   scouting=battle.module_scouting, artifacts=battle.module_artifacts,
                   magic_dice=battle.module_magic_dice)


def casting_values(battle: SectorBattle) -> dict[str, int]:
    """The casting values where they differ from the engine's defaults (the engine falls back
    to its own for the rest): the battle's own over the spell catalog's."""
    given = dict(SpellCard.objects.values_list("spell", "casting_value"))
    given.update(battle.casting_values or {})
    default = state.Scenario()
    return {spell: value for spell, value in sorted(given.items())
            if value != casting_value(default, spell)}


def initial_state(battle: SectorBattle) -> state.BattleState:
    modules = modules_of(battle)
    scenario = state.Scenario(
        cells_per_sector=battle.cells_per_sector,
        fortification_level=battle.fortification_level,
        terrain=tuple(state.Terrain(state.TerrainKind(t.kind), t.sector, t.toward or None)
                      for t in battle.terrain.order_by("sector")),
        max_rounds=battle.max_rounds,
        retreat_into_reserve=battle.retreat_into_reserve,
        night=battle.night,
        modules=modules,
        traps=tuple(concealment.TrapSupply(trap_key(t), Side(t.side), concealment.TrapCard(
            t.card.code, t.card.name, t.card.attack))
            for t in battle.traps.select_related("card").order_by("pk")),
    )
    if modules.magic_dice:
        # Fixed as the battle starts, so a later edit of the catalog (or of the battle's own
        # values, refused once it has begun) never changes a battle under way or its replay.
        scenario = replace(scenario, power_dice=battle.power_dice,
                           dispel_dice=battle.dispel_dice, casting_values=casting_values(battle))
    units = engine_units(battle)
    characters, artifacts = engine_characters(battle)
    begun = state.new_battle(scenario, units, characters)
    return replace(begun, artifacts=tuple(artifacts)) if artifacts else begun


def deployment_from_data(data: Mapping[str, Any]) -> orders.Deployment:
    problems: list[Violation] = []
    placements = read_names(data, "placements", problems)
    directions = read_names(data, "directions", problems)
    fortification = read_text(data.get("fortification"), "fortification", problems)
    standing = order_data.standing_from(data, problems)
    ambushes = order_data.ambushes_from(data, problems)
    traps = order_data.traps_from(data, problems)
    if problems:
        raise RuleViolation(problems)
    return orders.Deployment(placements, fortification, directions, standing, ambushes, traps)


def round_orders_from_data(data: Mapping[str, Any]) -> orders.RoundOrders:
    problems: list[Violation] = []
    moves = {}
    for key, given in read_mapping(data, "moves", problems).items():
        path = order_data.read_sectors(given, f"moves.{key}", problems)
        if path is not None:
            moves[str(key)] = path
    targets = read_names(data, "targets", problems)
    spells = {}
    for key, where, spell in order_data.read_objects(data, "spells", problems, skip_empty=True):
        kind = read_choice(Spell, spell.get("spell"), f"{where}.spell", problems)
        if kind is None:
            if not spell.get("spell"):
                problems.append(Violation("spell_required", _("Choose a spell."),
                                          f"{where}.spell"))
            continue
        aim = order_data.read_aim(spell, where, ("sector", "toward", "unit", "sign"), problems)
        # Module "magic dice": its power dice (1–5) and, for a magical move, where it goes.
        dice = order_data.read_number(spell.get("dice"), f"{where}.dice", problems)
        path, cell, joins = order_data.magical_move_from(spell, where, problems)
        spells[key] = orders.SpellOrder(kind, aim["sector"], aim["toward"], aim["unit"],
                                        aim["terrain"], aim["sign"], dice, path, cell, joins)
    withdraw = data.get("withdraw", False)
    if not isinstance(withdraw, bool):
        problems.append(Violation("not_a_boolean", _("true or false."), "withdraw"))
    standing = order_data.standing_from(data, problems)
    markers = order_data.markers_from(data, problems)
    scouts = order_data.scouts_from(data, problems)
    artifacts = order_data.artifacts_from(data, problems)
    strike_scouts = order_data.strike_scouts_from(data, problems)
    reveal_first = order_data.reveal_first_from(data, problems)
    bound = order_data.bound_from(data, problems)
    dispel = order_data.dispel_from(data, problems)
    if problems:
        raise RuleViolation(problems)
    return orders.RoundOrders(moves, targets, spells, bool(withdraw), standing=standing,
                              markers=markers, scouts=scouts, artifacts=artifacts,
                              strike_scouts=strike_scouts, reveal_first=reveal_first,
                              bound=bound, dispel=dispel)


class RoundOrdersData(TypedDict):
    """SectorRound.orders: each side's orders as the engine read them (rules.data.to_data of a
    Deployment or RoundOrders; a new shape is a new version of
    battles.sector.models.ROUND_ORDERS)."""

    attacker: dict[str, Any]
    defender: dict[str, Any]


def orders_from_data(number: int, data: Mapping[str, Any]
                     ) -> orders.Deployment | orders.RoundOrders:
    """A side's orders for round `number` (0: its deployment)."""
    return deployment_from_data(data) if number == 0 else round_orders_from_data(data)


def side_orders(current: state.BattleState, number: int, side: Side,
                data: Mapping[str, Any]) -> orders.Deployment | orders.RoundOrders:
    """A side's orders for round `number` as the rules take them, or RuleViolation by field."""
    parsed = orders_from_data(number, data)
    found = orders.side_orders_violations(current, side, parsed)
    if found:
        raise RuleViolation(found)
    return parsed


class BillData(TypedDict):
    """What a side's round orders cost under module "command" (rules.cerilia.command.bill)."""

    prices: dict[str, int]      # the field of each paid order → its price
    total: int
    command: int                # КН the general spends
    command_left: int           # КН left this round
    will: dict[str, int]        # hero → ЗС it spends
    will_left: dict[str, int]   # hero → ЗС it has left for the battle
    unpaid: list[str]           # the orders no one can pay for (the rules refuse them)


def orders_bill(current: state.BattleState, number: int, side: Side,
                data: Mapping[str, Any]) -> BillData | None:
    """The price of the side's round orders and the points left (seed 001: orders cost КН or
    ЗС; "затратить 2 КН (ЗС) за каждый заменяемый приказ"); None in phase 0, without module
    "command", or for orders that do not read."""
    if number == 0 or not current.scenario.modules.command:
        return None
    try:
        given = round_orders_from_data(data)
    except RuleViolation:
        return None
    # The bill the rules reckon when they check the orders (command_violations) and when the
    # engine spends the points: marker moves and scouts cost as moves do.
    paid = command.bill(current, side, given.moves, given.targets, given.standing,
                        given.scouts, markers=given.markers)
    return BillData(prices=dict(paid.owed.values()), total=paid.total, command=paid.command,
                    command_left=paid.left, will=dict(paid.will), will_left=dict(paid.will_left),
                    unpaid=list(paid.unpaid))


def side_supply(current: state.BattleState, side: Side) -> dict[str, list[dict[str, Any]]]:
    """The side's own trap supply, the artifacts its living characters carry and the bound
    spells its units and characters carry, by key (what its orders name); nothing of the other
    side's."""
    artifacts = {a.key: a for a in current.artifacts}
    carried = [(c.key, artifacts[k]) for c in current.casters
               if c.side is side and not c.killed for k in c.carries if k in artifacts]
    return {
        "traps": [{"key": t.key, "name": t.card.name, "attack": t.card.attack}
                  for t in current.scenario.traps if t.side is side],
        "artifacts": [{"key": a.key, "name": a.name, "effect": a.effect.value, "uses": a.uses,
                       "spell": a.spell, "power": a.power, "bearer": bearer}
                      for bearer, a in carried],
        # Module "magic dice": what `bound` orders name (holder, index).
        "bound": [{"holder": key, "index": i, "spell": b.spell, "power": b.power}
                  for key, spells in _bound_holders(current, side)
                  for i, b in enumerate(spells)] if current.scenario.modules.magic_dice else [],
    }


def _bound_holders(current: state.BattleState, side: Side
                   ) -> list[tuple[str, tuple[BoundSpell, ...]]]:
    """The side's living units and characters with the bound spells each carries."""
    return [*((u.key, u.card.bound) for u in current.units
              if u.side is side and u.alive and u.card.bound),
            *((c.key, c.bound) for c in current.casters
              if c.side is side and not c.killed and c.bound)]


def side_standing(current: state.BattleState, side: Side) -> dict[str, list[dict[str, Any]]]:
    """Module "command": the standing orders the side's own units follow now, by unit (what its
    orders may replace); nothing of the other side's."""
    own = {u.key for u in current.units if u.side is side}
    return {key: [{"kind": o.kind.value, "target": o.target} for o in given]
            for key, given in current.standing.items() if key in own}
