"""Typed modifiers and the PF2e stacking rule.

Of each typed kind (status, circumstance, item) only the largest bonus and the worst penalty count;
untyped penalties all count.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum


class ModifierKind(StrEnum):
    STATUS = "status"
    CIRCUMSTANCE = "circumstance"
    ITEM = "item"
    UNTYPED = "untyped"


@dataclass(frozen=True)
class Modifier:
    kind: ModifierKind
    value: int
    source: str


def applied_modifiers(modifiers: Iterable[Modifier]) -> tuple[Modifier, ...]:
    """Return the modifiers that count after stacking, in their original order."""
    modifiers = tuple(m for m in modifiers if m.value)
    keep: set[int] = set()
    for kind in ModifierKind:
        of_kind = [(i, m) for i, m in enumerate(modifiers) if m.kind is kind]
        if kind is ModifierKind.UNTYPED:
            keep.update(i for i, _ in of_kind)
            continue
        bonuses = [(i, m) for i, m in of_kind if m.value > 0]
        penalties = [(i, m) for i, m in of_kind if m.value < 0]
        if bonuses:
            keep.add(max(bonuses, key=lambda pair: pair[1].value)[0])
        if penalties:
            keep.add(min(penalties, key=lambda pair: pair[1].value)[0])
    return tuple(m for i, m in enumerate(modifiers) if i in keep)


# Read once: reading a member through its enum class goes through the class's `__getattr__` hook.
_UNTYPED = ModifierKind.UNTYPED


def stacked_total(base: int, modifiers: Iterable[Modifier]) -> int:
    """`base` plus the modifiers that count after stacking: the same sum as `applied_modifiers`
    gives, in one pass (a battle checks thousands of statistics)."""
    if not modifiers:  # most of a stat block's statistics
        return base
    total = base
    bonuses: dict[ModifierKind, int] = {}
    penalties: dict[ModifierKind, int] = {}
    for modifier in modifiers:
        value = modifier.value
        if not value:
            continue
        kind = modifier.kind
        if kind is _UNTYPED:
            total += value
        elif value > 0:
            if value > bonuses.get(kind, 0):
                bonuses[kind] = value
        elif value < penalties.get(kind, 0):
            penalties[kind] = value
    return total + sum(bonuses.values()) + sum(penalties.values())


@dataclass(frozen=True)
class Statistic:
    """A base value and the modifiers on it; `total` applies the stacking rule, once, when the
    statistic is made (it is frozen, so the total cannot go stale)."""

    base: int
    modifiers: tuple[Modifier, ...] = ()
    total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", stacked_total(self.base, self.modifiers))

    @property
    def applied(self) -> tuple[Modifier, ...]:
        return applied_modifiers(self.modifiers)

    def with_modifiers(self, *extra: Modifier) -> Statistic:
        return Statistic(self.base, self.modifiers + extra) if extra else self
