"""Turn army models into the rules engine's frozen dataclasses, and its violations into Django
validation errors in the user's language."""
from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError

from armies import models
from armies.foundry import ACTOR_ROOTS
from armies.labels import render_message
from core.related_rows import rows_of
from rules.errors import RuleViolation, Violation
from rules.kingmaker import templates as rules_templates
from rules.kingmaker.army import ArmyState
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.gear import GearItem, GearKind, Tier, WeaponKind
from rules.kingmaker.templates import ArmyType, Save, Weapon


def template_state(template: models.ArmyTemplate) -> rules_templates.ArmyTemplate:
    return rules_templates.ArmyTemplate(
        name=template.name,
        army_type=ArmyType(template.army_type),
        level=template.level,
        scouting=template.scouting,
        recruitment_dc=template.recruitment_dc,
        consumption=template.consumption,
        ac=template.ac,
        maneuver=template.maneuver,
        morale=template.morale,
        hp=template.hp,
        routing_threshold=template.routing_threshold,
        melee=Weapon(template.melee_name, template.melee_attack)
        if template.melee_name and template.melee_attack is not None else None,
        ranged=Weapon(template.ranged_name, template.ranged_attack)
        if template.ranged_name and template.ranged_attack is not None else None,
        special=template.special,
        high_save=Save(template.high_save) if template.high_save else None,
        tactics=tuple(template.tactics or ()),
        free_tactics=frozenset(template.free_tactics or ()),
        rarity=template.rarity,
        alignment=template.alignment,
        description=template.description,
    )


def template_fields(template: rules_templates.ArmyTemplate) -> dict:
    """The model fields for a catalog template (used to ship the catalog into the database)."""
    return {
        "army_type": template.army_type.value,
        "level": template.level,
        "special": template.special,
        "high_save": template.high_save.value if template.high_save else "",
        "scouting": template.scouting,
        "recruitment_dc": template.recruitment_dc,
        "consumption": template.consumption,
        "ac": template.ac,
        "maneuver": template.maneuver,
        "morale": template.morale,
        "hp": template.hp,
        "routing_threshold": template.routing_threshold,
        "melee_name": template.melee.name if template.melee else "",
        "melee_attack": template.melee.attack if template.melee else None,
        "ranged_name": template.ranged.name if template.ranged else "",
        "ranged_attack": template.ranged.attack if template.ranged else None,
        "tactics": list(template.tactics),
        "free_tactics": sorted(template.free_tactics),
        "rarity": template.rarity,
        "alignment": template.alignment,
        "description": template.description,
    }


def gear_item_from(*, kind: str, tier: str | None, weapon: str | None, doses: int) -> GearItem:
    kind = GearKind(kind)
    tiered = kind in (GearKind.MAGIC_ARMOR, GearKind.MAGIC_WEAPONS)
    return GearItem(
        kind=kind,
        tier=(Tier(tier) if tier else Tier.BASIC) if tiered else None,
        weapon=WeaponKind(weapon) if weapon else None,
        doses=doses if kind is GearKind.HEALING_POTIONS else 0,
    )


def gear_item(gear: models.ArmyGear) -> GearItem:
    return gear_item_from(kind=gear.kind, tier=gear.tier, weapon=gear.weapon, doses=gear.doses)


def condition_state(condition: models.ArmyCondition) -> ConditionState:
    return condition_state_from(condition.condition, condition.value)


def condition_state_from(condition: str, value: int) -> ConditionState:
    return ConditionState(Condition(condition), value)


def army_state(army: models.Army, *, tactics: Iterable[str] | None = None,
               gear: Iterable[GearItem] | None = None,
               conditions: Iterable[ConditionState] | None = None,
               hp: int | None = None, level: int | None = None) -> ArmyState:
    """The army as the engine sees it; keyword arguments replace what is stored (for forms that
    validate changes before they are saved)."""
    return ArmyState(
        template=template_state(army.template),
        level=army.kingdom.level if level is None else level,
        tactics=tuple(t.tactic for t in rows_of(army, "tactics")) if tactics is None
        else tuple(tactics),
        gear=tuple(gear_item(g) for g in rows_of(army, "gear")) if gear is None else tuple(gear),
        conditions=tuple(condition_state(c) for c in rows_of(army, "conditions"))
        if conditions is None else tuple(conditions),
        hp=army.hp if hp is None else hp,
        name=army.name,
        hex=army.hex,
    )


def render_violation(violation: Violation) -> str:
    return render_message(violation.message, violation.params)


def render_located(violation: Violation) -> str:
    """The violation with where it is when that is a place in a Foundry actor's JSON
    ("system.ac.potency: ...")."""
    text = render_violation(violation)
    in_file = violation.field.split(".")[0] in ACTOR_ROOTS
    return f"{violation.field}: {text}" if in_file else text


def validation_error(error: RuleViolation | Iterable[Violation], *, by_field: bool = True
                     ) -> ValidationError:
    """A Django ValidationError with each violation's message translated, keyed by field."""
    violations = error.violations if isinstance(error, RuleViolation) else tuple(error)
    if not by_field:
        return ValidationError([render_violation(v) for v in violations])
    messages: dict[str, list[str]] = {}
    for violation in violations:
        messages.setdefault(violation.field, []).append(render_violation(violation))
    return ValidationError(messages)
