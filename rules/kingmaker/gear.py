"""Army gear (seed 003, "СНАРЯЖЕНИЕ ВОЙСКА"): catalog, prices, replacement credit and transfer."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker.templates import ArmyTemplate, ArmyType
from rules.modifiers import Modifier, ModifierKind


class GearKind(StrEnum):
    ADDITIONAL_WEAPON = "additional_weapon"
    HEALING_POTIONS = "healing_potions"
    MAGIC_ARMOR = "magic_armor"
    MAGIC_WEAPONS = "magic_weapons"


class Tier(StrEnum):
    """Magic gear tiers: "магическое", "улучшенное" (greater) and "высшее" (major)."""

    BASIC = "basic"
    GREATER = "greater"
    MAJOR = "major"


class WeaponKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"


@dataclass(frozen=True)
class TierSpec:
    level: int
    price_rp: int
    bonus: int


MAX_POTION_DOSES = 3
POTION_PRICE_RP = 15
ADDITIONAL_WEAPON_PRICE_RP = 10
ADDITIONAL_WEAPON_LEVEL = 1
POTION_LEVEL = 1

# Seed 003: "магическая броня. Уровень: 5. Цена: 25 ПР. КБ войска повышается на 1." and the rest.
MAGIC_ARMOR_TIERS = {
    Tier.BASIC: TierSpec(5, 25, 1),
    Tier.GREATER: TierSpec(11, 50, 2),
    Tier.MAJOR: TierSpec(18, 75, 3),
}
# Seed 003: "магическое оружие. Уровень: 2. Цена: 20 ПР. Удар войска этим оружием увеличивается на 1."
MAGIC_WEAPON_TIERS = {
    Tier.BASIC: TierSpec(2, 20, 1),
    Tier.GREATER: TierSpec(10, 40, 2),
    Tier.MAJOR: TierSpec(16, 60, 3),
}
_TIERS = {GearKind.MAGIC_ARMOR: MAGIC_ARMOR_TIERS, GearKind.MAGIC_WEAPONS: MAGIC_WEAPON_TIERS}


@dataclass(frozen=True)
class GearItem:
    """One piece of an army's gear. `weapon` says which Strike magic weapons enhance (or which
    Strike an additional weapon adds); `doses` counts healing potions."""

    kind: GearKind
    tier: Tier | None = None
    weapon: WeaponKind | None = None
    doses: int = 0

    @property
    def tiered(self) -> bool:
        return self.kind in _TIERS

    @property
    def spec(self) -> TierSpec | None:
        return _TIERS[self.kind][self.tier or Tier.BASIC] if self.tiered else None

    @property
    def tier_spec(self) -> TierSpec:
        """The tier's numbers, which only tiered gear has."""
        if self.spec is None:
            raise ValueError(f"{self.kind} has no tiers")
        return self.spec

    @property
    def item_level(self) -> int:
        if self.tiered:
            return self.tier_spec.level
        return ADDITIONAL_WEAPON_LEVEL if self.kind is GearKind.ADDITIONAL_WEAPON else POTION_LEVEL

    @property
    def price_rp(self) -> int:
        if self.tiered:
            return self.tier_spec.price_rp
        if self.kind is GearKind.HEALING_POTIONS:
            return POTION_PRICE_RP * self.doses
        return ADDITIONAL_WEAPON_PRICE_RP

    def slot(self) -> tuple[GearKind, WeaponKind | None]:
        """Gear of the same slot replaces each other: one magic weapon per weapon kind."""
        return (self.kind, self.weapon if self.kind is GearKind.MAGIC_WEAPONS else None)

    def label(self) -> str:
        parts = [self.kind.value]
        if self.tiered and self.tier and self.tier is not Tier.BASIC:
            parts.insert(0, self.tier.value)
        if self.weapon and self.kind is GearKind.MAGIC_WEAPONS:
            parts.append(f"({self.weapon.value})")
        if self.kind is GearKind.HEALING_POTIONS:
            parts.append(f"×{self.doses}")
        return " ".join(parts)


def parse_gear(code: str) -> GearItem:
    """Parse a gear code such as "magic_armor:greater", "magic_weapons:major:ranged",
    "healing_potions:2" or "additional_weapon:ranged"."""
    kind_code, *options = [part.strip() for part in code.split(":")]
    try:
        kind = GearKind(kind_code)
    except ValueError:
        raise RuleViolation.single("unknown_gear", _("Unknown gear: %(gear)s."), "gear",
                                   gear=code) from None
    item = GearItem(kind, tier=Tier.BASIC if kind in _TIERS else None,
                    doses=1 if kind is GearKind.HEALING_POTIONS else 0)
    for option in options:
        if option in Tier.__members__.values() and kind in _TIERS:
            item = replace(item, tier=Tier(option))
        elif option in WeaponKind.__members__.values() and kind in (
                GearKind.MAGIC_WEAPONS, GearKind.ADDITIONAL_WEAPON):
            item = replace(item, weapon=WeaponKind(option))
        elif option.isdigit() and kind is GearKind.HEALING_POTIONS:
            item = replace(item, doses=int(option))
        else:
            raise RuleViolation.single("unknown_gear_option",
                                       _("Unknown option %(option)s for gear %(gear)s."), "gear",
                                       option=option, gear=kind_code)
    return item


def native_weapons(template: ArmyTemplate) -> set[WeaponKind]:
    kinds = set()
    if template.melee:
        kinds.add(WeaponKind.MELEE)
    if template.ranged:
        kinds.add(WeaponKind.RANGED)
    return kinds


def resolve_weapons(template: ArmyTemplate, gear: Sequence[GearItem]) -> tuple[GearItem, ...]:
    """Fill in the weapon an additional weapon adds (the one the army lacks) and the weapon
    magic weapons enhance when the army has only one."""
    native = native_weapons(template)
    resolved = []
    for item in gear:
        if item.kind is GearKind.ADDITIONAL_WEAPON and item.weapon is None and len(native) == 1:
            item = replace(item, weapon=next(iter(set(WeaponKind) - native)))
        resolved.append(item)
    weapons = native | {i.weapon for i in resolved if i.kind is GearKind.ADDITIONAL_WEAPON}
    return tuple(
        replace(item, weapon=next(iter(weapons)))
        if item.kind is GearKind.MAGIC_WEAPONS and item.weapon is None and len(weapons) == 1
        else item
        for item in resolved
    )


def gear_violations(template: ArmyTemplate, level: int, gear: Sequence[GearItem],
                    field: str = "gear") -> list[Violation]:
    """Everything that forbids an army of this template and level from carrying this gear."""
    violations: list[Violation] = []

    def add(code: str, message: str, **params: Any) -> None:
        violations.append(Violation(code, message, field, params))

    if gear and (template.army_type is ArmyType.SIEGE):
        # Engines of War: "Cannot take gear".
        add("siege_no_gear", _("Siege engines cannot take gear."))
        return violations
    gear = resolve_weapons(template, gear)
    native = native_weapons(template)
    weapons = set(native)
    seen: set[tuple[object, ...]] = set()
    for item in gear:
        if item.slot() in seen:
            add("duplicate_gear", _("The army already has %(gear)s: a new one replaces it."),
                gear=item.label())
        seen.add(item.slot())
        if item.item_level > level:
            add("gear_level_too_high",
                _("%(gear)s is a level %(needed)s item; this army is level %(level)s."),
                gear=item.label(), needed=item.item_level, level=level)
        if item.kind is GearKind.HEALING_POTIONS and not 1 <= item.doses <= MAX_POTION_DOSES:
            add("potion_doses", _("An army carries 1 to %(max)s doses of healing potions."),
                max=MAX_POTION_DOSES)
        if item.kind is GearKind.ADDITIONAL_WEAPON:
            if item.weapon is None or item.weapon in native:
                add("additional_weapon", _("An additional weapon must be of the kind (melee or "
                                           "ranged) the army lacks."))
            else:
                weapons.add(item.weapon)
    for item in gear:
        if item.kind is GearKind.MAGIC_WEAPONS and item.weapon is None and len(weapons) > 1:
            add("magic_weapon_which", _("Say which weapon the magic weapons enhance: melee or "
                                        "ranged (e.g. magic_weapons:basic:ranged)."))
        elif item.kind is GearKind.MAGIC_WEAPONS and item.weapon not in weapons:
            add("magic_weapon_kind", _("Magic weapons must name a weapon the army has "
                                       "(%(weapons)s)."),
                weapons=", ".join(sorted(w.value for w in weapons)) or "-")
    return violations


def validate_gear(template: ArmyTemplate, level: int, gear: Sequence[GearItem]) -> None:
    raise_if_any(gear_violations(template, level, gear))


@dataclass(frozen=True)
class OutfitQuote:
    """What fitting a new item costs: seed 003, "Если вы потратили ПР на старое снаряжение, то
    можете вычесть стоимость старого снаряжения из стоимости нового."""

    item: GearItem
    replaces: GearItem | None
    price_rp: int
    credit_rp: int
    gear_after: tuple[GearItem, ...]

    @property
    def cost_rp(self) -> int:
        return max(self.price_rp - self.credit_rp, 0)


def quote_outfit(template: ArmyTemplate, level: int, gear: Sequence[GearItem], item: GearItem,
                 *, old_paid_with_rp: bool = True) -> OutfitQuote:
    """Price fitting `item`, replacing gear of the same kind. Potions add doses (up to three).
    The replaced gear's price is credited only if RP was spent on it (captured gear is free)."""
    gear = resolve_weapons(template, gear)
    item = resolve_weapons(template, [*gear, item])[-1]
    current = next((g for g in gear if g.slot() == item.slot()), None)
    others = tuple(g for g in gear if g is not current)
    if item.kind is GearKind.HEALING_POTIONS:
        doses = (current.doses if current else 0) + item.doses
        new_item = replace(item, doses=doses)
        after = (*others, new_item)
        validate_gear(template, level, after)
        return OutfitQuote(item, current, item.price_rp, 0, after)
    after = (*others, item)
    validate_gear(template, level, after)
    if current is not None and current.tiered and current.tier_spec.bonus >= item.tier_spec.bonus:
        raise RuleViolation.single(
            "not_an_upgrade", _("%(new)s would not improve %(old)s."), "gear",
            new=item.label(), old=current.label())
    if current is not None and item.kind is GearKind.ADDITIONAL_WEAPON:
        raise RuleViolation.single("duplicate_gear",
                                   _("The army already has %(gear)s."), "gear", gear=item.label())
    credit = current.price_rp if current is not None and old_paid_with_rp else 0
    return OutfitQuote(item, current, item.price_rp, credit, after)


def transfer_violations(*, item: GearItem, giver_hex: str, receiver_template: ArmyTemplate,
                        receiver_level: int, receiver_hex: str,
                        receiver_gear: Sequence[GearItem]) -> list[Violation]:
    """Seed 003, "ПЕРЕДАЧА СНАРЯЖЕНИЯ": "если получатель достаточно высокого уровня и если оба
    войска в одном гексе"."""
    violations = []
    if giver_hex != receiver_hex:
        violations.append(Violation("transfer_other_hex",
                                    _("Gear can only pass between armies in the same hex."),
                                    "target"))
    violations += gear_violations(receiver_template, receiver_level,
                                  gear_after_receiving(receiver_gear, item), field="target")
    return violations


def gear_after_receiving(gear: Sequence[GearItem], item: GearItem) -> tuple[GearItem, ...]:
    """Seed 003: "Если вы выдадите войску снаряжение с типом, который у него уже есть, то новое
    заменит старое"."""
    return (*(g for g in gear if g.slot() != item.slot()), item)


def gear_modifiers(gear: Sequence[GearItem]) -> dict[str, list[Modifier]]:
    """Item bonuses by what they modify: "ac", "melee", "ranged"."""
    bonuses: dict[str, list[Modifier]] = {"ac": [], "melee": [], "ranged": []}
    for item in gear:
        if item.kind is GearKind.MAGIC_ARMOR:
            bonuses["ac"].append(Modifier(ModifierKind.ITEM, item.tier_spec.bonus, item.label()))
        elif item.kind is GearKind.MAGIC_WEAPONS and item.weapon:
            bonuses[item.weapon.value].append(
                Modifier(ModifierKind.ITEM, item.tier_spec.bonus, item.label()))
    return bonuses
