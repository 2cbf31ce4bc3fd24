"""Rows to engine objects and back: cards, the scenario's starting state, and each side's orders
as the API takes them (JSON) to the engine's frozen orders, with errors by field."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from django.utils.crypto import salted_hmac

from battles.sector.models import SectorBattle, SectorCaster, SectorUnit, UnitCard
from rules.cerilia import cards, orders, state
from rules.cerilia.spells import Spell
from rules.errors import RuleViolation, Violation, _
from rules.sides import Side


def engine_card(card: UnitCard) -> cards.UnitCard:
    return cards.UnitCard(card.code, card.name, card.melee, card.defense,
                          frozenset(card.morale), card.movement, card.hits, card.charge,
                          card.missile, card.missile_range,
                          frozenset(cards.Tag(t) for t in card.tags), card.night_bonus)


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


def _key(prefix: str, battle_id: int, row_id: int) -> str:
    digest = salted_hmac("muster.sector.key", f"{prefix}{battle_id}:{row_id}").hexdigest()
    return f"{prefix}{digest[:12]}"


def unit_key(unit: SectorUnit) -> str:
    return _key(UNIT_KEY_PREFIX, unit.battle_id, unit.pk)


def caster_key(caster: SectorCaster) -> str:
    return _key(CASTER_KEY_PREFIX, caster.battle_id, caster.pk)


def units_by_key(battle: SectorBattle) -> dict[str, SectorUnit]:
    """The battle's units by their engine keys, and by the keys of older records: the bare id,
    then `unit-<id>`."""
    units = list(battle.units.all())
    return {key: u for u in units
            for key in (str(u.pk), f"{UNIT_KEY_PREFIX}{u.pk}", unit_key(u))}


def initial_state(battle: SectorBattle) -> state.BattleState:
    scenario = state.Scenario(
        cells_per_sector=battle.cells_per_sector,
        fortification_level=battle.fortification_level,
        terrain=tuple(state.Terrain(state.TerrainKind(t.kind), t.sector, t.toward or None)
                      for t in battle.terrain.order_by("sector")),
        max_rounds=battle.max_rounds,
        retreat_into_reserve=battle.retreat_into_reserve,
        night=battle.night,
    )
    units = [state.Unit(unit_key(u), Side(u.side), engine_card(u.card), u.name, u.card.hits,
                        army=u.army_id)
             for u in battle.units.select_related("card").order_by("pk")]
    casters = [state.Caster(caster_key(c), Side(c.side), c.name, state.School(c.school),
                            _key(UNIT_KEY_PREFIX, c.battle_id, c.unit_id) if c.unit_id else None,
                            frozenset(c.spells))
               for c in battle.casters.order_by("pk")]
    return state.new_battle(scenario, units, casters)


def _mapping(data: Mapping, name: str, problems: list[Violation]) -> Mapping:
    value = data.get(name) or {}
    if not isinstance(value, Mapping):
        problems.append(Violation("not_a_mapping", _("Expected an object."), name))
        return {}
    return value


def _choice(enum, value, field: str, problems: list[Violation]):
    if value in (None, ""):
        return None
    try:
        return enum(value)
    except ValueError:
        problems.append(Violation("invalid_choice", _("Not a valid choice."), field))
        return None


def _text(value, field: str, problems: list[Violation]) -> str | None:
    """A name the orders hold (a sector, a unit's id, a sign): a string or a number, or none."""
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        problems.append(Violation("not_a_name", _("Expected a name or an id."), field))
        return None
    return str(value)


def _names(data: Mapping, name: str, problems: list[Violation]) -> dict[str, str]:
    found = {}
    for key, value in _mapping(data, name, problems).items():
        text = _text(value, f"{name}.{key}", problems)
        if text is not None:
            found[str(key)] = text
    return found


def deployment_from_data(data: Mapping[str, Any]) -> orders.Deployment:
    problems: list[Violation] = []
    placements = _names(data, "placements", problems)
    directions = _names(data, "directions", problems)
    fortification = _text(data.get("fortification"), "fortification", problems)
    if problems:
        raise RuleViolation(problems)
    return orders.Deployment(placements, fortification, directions)


def round_orders_from_data(data: Mapping[str, Any]) -> orders.RoundOrders:
    problems: list[Violation] = []
    moves = {}
    for key, path in _mapping(data, "moves", problems).items():
        if isinstance(path, str):
            path = path.split()
        if not isinstance(path, list | tuple) or not all(isinstance(p, str) for p in path):
            problems.append(Violation("not_a_path", _("A list of sectors, e.g. [\"C2\", "
                                      "\"C3\"]."), f"moves.{key}"))
            continue
        moves[str(key)] = tuple(p.strip().upper() if p.strip().lower() != "reserve"
                                else "reserve" for p in path)
    targets = _names(data, "targets", problems)
    spells = {}
    for key, spell in _mapping(data, "spells", problems).items():
        where = f"spells.{key}"
        if not spell:
            continue
        if not isinstance(spell, Mapping):
            problems.append(Violation("not_a_mapping", _("Expected an object."), where))
            continue
        kind = _choice(Spell, spell.get("spell"), f"{where}.spell", problems)
        if kind is None:
            if not spell.get("spell"):
                problems.append(Violation("spell_required", _("Choose a spell."),
                                          f"{where}.spell"))
            continue
        aim = {name: _text(spell.get(name), f"{where}.{name}", problems)
               for name in ("sector", "toward", "unit", "sign")}
        spells[str(key)] = orders.SpellOrder(
            kind, aim["sector"], aim["toward"], aim["unit"],
            _choice(state.TerrainKind, _text(spell.get("terrain"), f"{where}.terrain", problems),
                    f"{where}.terrain", problems), aim["sign"])
    withdraw = data.get("withdraw", False)
    if not isinstance(withdraw, bool):
        problems.append(Violation("not_a_boolean", _("true or false."), "withdraw"))
    if problems:
        raise RuleViolation(problems)
    return orders.RoundOrders(moves, targets, spells, bool(withdraw))


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
