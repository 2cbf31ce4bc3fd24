"""Module "magic dice": what the rules object to in a priest's "Heal" or "Raise the fallen"
(seed 002_eb4cf75b750af884.txt, «Восстановление Ран и поднятие ран»): its target is one of the
side's own units on the field, or one of its own characters as the spell's sole target, in the
caster's sector or next to it (ruling: as a blessing reaches, and a priest's battle spells)."""
from __future__ import annotations

from rules.cerilia.spells import WOUND_SPELLS, Spell
from rules.cerilia.state import BattleState, Caster, Unit
from rules.cerilia.visibility import caster_position, in_reach
from rules.errors import Violation, _
from rules.sides import Side


def wound_target(state: BattleState, side: Side, key: str | None) -> Unit | Caster | None:
    """The side's unit on the field, or its living character, that `key` names."""
    unit = next((u for u in state.units if u.key == key), None)
    if unit is not None:
        return unit if unit.side is side and unit.on_field else None
    character = next((c for c in state.casters if c.key == key), None)
    return character if character is not None and character.side is side \
        and not character.killed else None


def target_position(state: BattleState, target: Unit | Caster) -> str:
    return target.position if isinstance(target, Unit) else caster_position(state, target)


def target_violations(state: BattleState, side: Side, caster: Caster, spell: Spell,
                      key: str | None, where: str) -> list[Violation]:
    if spell not in WOUND_SPELLS:
        return []
    target = wound_target(state, side, key)
    if target is None:
        return [Violation("unit_unknown", _("Choose one of your units on the field or one of "
                          "your characters."), f"{where}.unit")]
    if not in_reach(state, caster, target_position(state, target)):
        return [Violation("spell_range", _("The target must stand in the caster's sector or "
                          "next to it."), f"{where}.unit")]
    return []
