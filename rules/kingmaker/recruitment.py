"""Recruiting an army (seed 003, "ПРОЦЕСС РЕКРУТИРОВАНИЯ ВОЙСКА", the seven steps)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.errors import Violation, _, raise_if_any
from rules.kingmaker.army import ArmyState
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.hexes import hex_violations
from rules.kingmaker.levels import check_level
from rules.kingmaker.tactics import initial_tactics, tactic_violations
from rules.kingmaker.templates import ArmyTemplate


@dataclass(frozen=True)
class KingdomState:
    level: int
    consumption: int = 0
    settlement_hexes: frozenset[str] = frozenset()
    # Factions the kingdom has diplomatic relations with, and those it already recruited from.
    factions_with_relations: frozenset[str] = frozenset()
    factions_recruited: frozenset[str] = frozenset()
    army_names: frozenset[str] = frozenset()


@dataclass(frozen=True)
class RecruitmentOrder:
    template: ArmyTemplate
    name: str
    hex: str
    tactics: tuple[str, ...] = ()
    faction: str | None = None  # the faction a special army is recruited from
    efficient: bool = False  # a critical success on Recruit Army


@dataclass(frozen=True)
class Recruitment:
    army: ArmyState
    kingdom_consumption: int


def recruitment_violations(kingdom: KingdomState, order: RecruitmentOrder) -> list[Violation]:
    template = order.template
    violations: list[Violation] = []

    def add(code: str, message: str, field: str, **params: Any) -> None:
        violations.append(Violation(code, message, field, params))

    check_level(kingdom.level, "kingdom")
    # ЭТАП 1: "Вы не можете рекрутировать войско, чей минимальный уровень выше текущего уровня
    # вашего королевства."
    if template.level > kingdom.level:
        add("template_level_too_high",
            _("%(army)s needs kingdom level %(needed)s; the kingdom is level %(level)s."),
            "template", army=template.name, needed=template.level, level=kingdom.level)
    if not template.recruitable:
        add("not_recruitable", _("%(army)s cannot be recruited."), "template", army=template.name)
    if template.special:
        # "Чтобы нанять особое войско, вам нужно сначала установить дипломатические отношения с
        # соответствующей фракцией ... Из каждой фракции существ может быть рекрутировано только
        # одно войско."
        if not order.faction:
            add("faction_required", _("A special army is recruited from a faction."), "faction")
        elif order.faction not in kingdom.factions_with_relations:
            add("no_diplomatic_relations",
                _("The kingdom has no diplomatic relations with %(faction)s."), "faction",
                faction=order.faction)
        elif order.faction in kingdom.factions_recruited:
            add("faction_already_recruited",
                _("The kingdom already has an army from %(faction)s."), "faction",
                faction=order.faction)
    # ЭТАП 4: initial tactics ("Каждое войско обучено минимум одной тактике").
    tactics = initial_tactics(template, order.tactics)
    if not tactics:
        add("tactic_required", _("Choose the army's first tactic."), "tactics")
    if template.level <= kingdom.level:
        violations += tactic_violations(template, kingdom.level, tactics)
    # ЭТАП 5: "Обычное войско начинает игру в гексе с одним из поселений вашего королевства.
    # Особое войско начинает игру в том гексе, где вы впервые встретили его представителей".
    if not order.hex:
        add("hex_required", _("Say in which hex the army starts."), "hex")
    elif found := hex_violations(order.hex):
        violations += found
    elif not template.special and order.hex not in kingdom.settlement_hexes:
        add("not_a_settlement_hex",
            _("A regular army starts in a hex with one of the kingdom's settlements."), "hex")
    # ЭТАП 7: "Дайте своему войску уникальное название".
    name = order.name.strip()
    if not name:
        add("name_required", _("Give the army a name."), "name")
    elif name.casefold() in {n.casefold() for n in kingdom.army_names}:
        add("name_taken", _("The kingdom already has an army named %(name)s."), "name", name=name)
    return violations


def recruit(kingdom: KingdomState, order: RecruitmentOrder) -> Recruitment:
    """Validate the order and return the new army (ЭТАП 3: at the kingdom's level) and the
    kingdom's consumption with the army's added (ЭТАП 6)."""
    raise_if_any(recruitment_violations(kingdom, order))
    conditions: Sequence[ConditionState] = (
        (ConditionState(Condition.EFFICIENT),) if order.efficient else ())
    army = ArmyState(
        template=order.template,
        level=kingdom.level,
        tactics=initial_tactics(order.template, order.tactics),
        conditions=tuple(conditions),
        name=order.name.strip(),
        hex=order.hex,
    )
    return Recruitment(army, kingdom.consumption + (order.template.consumption or 0))
