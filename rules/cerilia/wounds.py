"""Module "magic dice": a priest's "Heal" (recover 2) and "Raise the fallen" (raise 2) as cast
in the magic phase (seed 002_eb4cf75b750af884.txt, «Восстановление Ран и поднятие ран»;
reference "Recover and raise wounds"). A unit's models heal and rise by ranks.py; a character
heals only as the spell's sole target («Персонаж восстанавливает раны, если он является
единственной целью заклинания»), never through its unit's healing («Персонаж в подразделении
никогда не восстанавливает раны благодаря способностям, которые позволяют восстанавливать раны
рядовым моделям подразделения»)."""
from __future__ import annotations

from dataclasses import replace

from rules.cerilia import ranks
from rules.cerilia.combat import Combat
from rules.cerilia.orders import SpellOrder
from rules.cerilia.spells import SPELL_LABELS, WOUND_SPELL_WOUNDS, Spell
from rules.cerilia.state import Caster, Unit
from rules.cerilia.visibility import in_reach
from rules.cerilia.wound_orders import target_position, wound_target
from rules.errors import _


def cast_wound_spell(r: Combat, caster: Caster, order: SpellOrder) -> None:
    label = SPELL_LABELS[order.spell]
    state = r.state()
    target = wound_target(state, caster.side, order.unit) \
        if state.scenario.modules.magic_dice else None
    if target is None or not in_reach(state, caster, target_position(state, target)):
        r.fizzle(caster, label, _("the target is out of reach"))
        return
    wounds = WOUND_SPELL_WOUNDS[order.spell]
    if isinstance(target, Unit):
        _heal_unit(r, caster, target, order.spell, wounds, label)
    else:
        _heal_character(r, caster, target, wounds, label)


def _heal_unit(r: Combat, caster: Caster, unit: Unit, spell: Spell, wounds: int,
               label: str) -> None:
    if spell is Spell.RAISE_THE_FALLEN:
        unit, healed, raised = ranks.raise_wounds(unit, wounds)
    else:
        (unit, healed), raised = ranks.recover(unit, wounds), []
    r.units[unit.key] = unit
    # Models are public on the table (ruling): whoever sees the unit reads what came back.
    r.say("wounds_healed", _("%(caster)s casts %(spell)s on %(unit)s: %(healed)s wounds "
          "recovered, %(raised)s models raised (%(hits)s models)."), unit, caster=caster.name,
          spell=label, healed=healed, raised=len(raised), hits=unit.hits)
    for model in raised:
        if model in ranks.COMMAND_GROUP:
            r.say("model_raised", _("%(unit)s has its %(model)s back."), unit,
                  model=ranks.MODEL_LABELS[model])


def _heal_character(r: Combat, caster: Caster, character: Caster, wounds: int,
                    label: str) -> None:
    """The character as the sole target: back toward its starting wounds, the rest lost;
    raising adds nothing more for one model."""
    healed = max(0, min(wounds, character.start_wounds - character.wounds))
    r.casters[character.key] = replace(character, wounds=character.wounds + healed)
    r.say("character_healed", _("%(caster)s casts %(spell)s on %(character)s: %(healed)s "
          "wounds recovered."), caster=caster.name, spell=label, character=character.name,
          healed=healed, to=frozenset({caster.side}))
