"""Battle magic: each caster's spell of the round, cast in initiative order (seed 000,
"Карточки ... Заклинаний"). A spell whose aim no longer holds when its turn comes fizzles."""
from __future__ import annotations

from dataclasses import replace

from rules.cerilia import summons, wounds
from rules.cerilia.artifact_orders import sign_to_add
from rules.cerilia.cards import LEGION_OF_THE_DEAD
from rules.cerilia.combat import Combat
from rules.cerilia.deck import Result
from rules.cerilia.orders import SpellOrder
from rules.cerilia.spells import (
    DURATION,
    PRIEST_RESULTS,
    ROUTING_WALLS,
    SPELL_LABELS,
    WALLS,
    WOUND_SPELLS,
    Spell,
    gives_away_ambush,
)
from rules.cerilia.state import (
    DIRECTED_TERRAIN,
    HELD_TERRAIN,
    TERRAIN_LABELS,
    Caster,
    Effect,
    EffectKind,
    Illusion,
    Terrain,
    TerrainKind,
    Unit,
)
from rules.cerilia.visibility import caster_position, in_reach
from rules.errors import _
from rules.sides import Side

# What each terrain spell removes (seed: "Убирает Карточку Местности Скалы / Река или Болото /
# Холмы с сектора").
REMOVES = {
    Spell.TRANSMUTE_ROCK_TO_MUD: frozenset({TerrainKind.CLIFFS}),
    Spell.TRANSMUTE_WATER_TO_DUST: frozenset({TerrainKind.RIVER, TerrainKind.SWAMP}),
    Spell.LEVEL_GROUND: frozenset({TerrainKind.HILLS}),
}


def cast(r: Combat, caster: Caster, order: SpellOrder) -> None:
    spell = order.spell
    label = SPELL_LABELS[spell]
    if gives_away_ambush(r.state(), caster, spell, order.unit):
        r.fizzle(caster, label, _("it would give the ambush away"))
    elif spell in REMOVES:
        _transmute(r, caster, order, label)
    elif spell is Spell.FOG:
        _lasting(r, caster, label, Effect(EffectKind.FOG, caster.side, 0, sector=order.sector))
        r.say("fog", _("%(caster)s covers %(sector)s in fog."), caster=caster.name,
              sector=order.sector)
    elif spell is Spell.MASS_INVISIBILITY:
        _invisibility(r, caster, order)
    elif spell in WALLS:
        _wall(r, caster, order, label)
    elif spell is Spell.ILLUSORY_TERRAIN:
        _illusion(r, caster, order)
    elif spell in (Spell.NIGHT, Spell.DAY):
        # "Окутывает Поле Битвы ночной тьмой"; "День ... может вернуть День обратно".
        r.night = spell is Spell.NIGHT
        r.say("night" if r.night else "day",
              _("%(caster)s calls down the night.") if r.night
              else _("%(caster)s brings back the day."), caster=caster.name)
    elif spell is Spell.SUMMON_LEGION:
        _summon(r, caster, order)
    elif spell is Spell.BLESS:
        _bless(r, caster, order, label)
    elif spell in PRIEST_RESULTS:
        _battle_prayer(r, caster, order, label)
    elif spell in WOUND_SPELLS:
        wounds.cast_wound_spell(r, caster, order)   # module "magic dice"


def _lasting(r: Combat, caster: Caster, label: str, effect: Effect) -> Effect:
    """"Длительность: 1d3 Раунда" (this one included)."""
    rounds = r.dice.roll(DURATION, purpose=_("Duration of %(spell)s (%(caster)s)"), spell=label,
                         caster=caster.name).total
    effect = replace(effect, rounds_left=rounds)
    r.effects.append(effect)
    return effect


def _aimed_at(order: SpellOrder) -> str:
    """The spell's sector, which orders.spell_violations requires of a spell aimed at one."""
    if order.sector is None:
        raise ValueError(f"{order.spell} needs a sector")
    return order.sector


def _transmute(r: Combat, caster: Caster, order: SpellOrder, label: str) -> None:
    sector = _aimed_at(order)
    real = [t for t in r.terrain if t.sector == sector]
    fort = r.fortification(sector)
    weakened = order.spell is Spell.TRANSMUTE_ROCK_TO_MUD and fort is not None
    if weakened and fort is not None:
        # "Уровень Крепости и ее бонус к Защите Отрядов понижаются на -1 за каждое новое
        # колдовство ... нельзя снизить уровень Крепости, ниже чем 1." Both fall: the level
        # (never below 1) and the "+1" (never below nothing). Cliffs there still turn to mud.
        r.terrain[r.terrain.index(fort)] = replace(fort, level=max(1, fort.level - 1),
                                                   bonus=max(0, fort.bonus - 1))
        r.say("fortification_weakened", _("%(caster)s softens the fortification in %(sector)s: "
              "level %(level)s."), caster=caster.name, sector=sector,
              level=max(1, fort.level - 1))
    removed = [t for t in real if t.kind in REMOVES[order.spell]]
    # Under an illusion only its side learns what really changed.
    hidden_by = next((i.side for i in r.illusions if i.sector == sector), None)
    audience = frozenset(Side) if hidden_by is None else frozenset({hidden_by})
    if removed:
        for terrain in removed:
            r.terrain.remove(terrain)
        if any(t.kind in HELD_TERRAIN for t in removed):
            r.held.pop(sector, None)
        r.say("terrain_removed", _("%(caster)s casts %(spell)s and clears the %(terrain)s from "
              "%(sector)s."), caster=caster.name, spell=label, sector=sector,
              terrain=TERRAIN_LABELS[removed[0].kind], to=audience)
        return
    if weakened:
        return
    if not real:
        # "**Если ... использовать на сектор, в котором нет Типа Местности, то в секторе
        # появится Болото." An illusion there stays ("*невозможно отменить ... Иллюзорная
        # Местность"): the swamp lies under it.
        r.terrain.append(Terrain(TerrainKind.SWAMP, sector, magical=True))
        r.say("swamp_appears", _("%(caster)s casts %(spell)s on %(sector)s: a swamp appears."),
              caster=caster.name, spell=label, sector=sector, to=audience)
        return
    r.fizzle(caster, label, _("nothing there it changes"))


def _invisibility(r: Combat, caster: Caster, order: SpellOrder) -> None:
    unit = r.units.get(order.unit or "")
    if unit is None or not unit.alive or unit.side is not caster.side:
        r.fizzle(caster, SPELL_LABELS[Spell.MASS_INVISIBILITY], _("no such unit"))
        return
    # "Игрок может выбрать один Отряд, который будет спрятан в секторе."
    r.units[unit.key] = replace(unit, hidden=True)
    r.say("invisible", _("%(caster)s hides %(unit)s from the enemy's eyes."), unit,
          caster=caster.name, to=frozenset({caster.side}))


def _wall(r: Combat, caster: Caster, order: SpellOrder, label: str) -> None:
    wall = WALLS[order.spell]
    _lasting(r, caster, label, Effect(EffectKind.WALL, caster.side, 0, sector=order.sector,
                                      toward=order.toward, wall=wall))
    r.say("wall", _("%(caster)s raises a %(spell)s in %(sector)s facing %(toward)s."),
          caster=caster.name, spell=label, sector=order.sector, toward=order.toward)
    if wall in ROUTING_WALLS:
        # "первый стоящий в порядке ячеек сектора Отряд Противника автоматически получает
        # результат R (Разгром)".
        enemies = r.at(_aimed_at(order), caster.side.other)
        if enemies:
            r.say("wall_routs", _("The %(spell)s routs %(unit)s."), enemies[0], spell=label)
            r.apply(enemies[0], Result.ROUT)


def _illusion(r: Combat, caster: Caster, order: SpellOrder) -> None:
    label = SPELL_LABELS[Spell.ILLUSORY_TERRAIN]
    sector, shown = _aimed_at(order), order.terrain
    if shown is None:  # orders.spell_violations requires the terrain the illusion shows
        raise ValueError("an illusion needs a terrain")
    # "Заклинание не подействует на Сектора, в которых уже имеется установленная не магическим
    # способом Карточка Местности ... повторное наложение Заклинания позволит Магу изменить".
    if any(t.sector == sector and not t.magical for t in r.terrain):
        r.fizzle(caster, label, _("real terrain lies there"))
        return
    r.illusions = [i for i in r.illusions if i.sector != sector]
    toward = order.toward if order.terrain in DIRECTED_TERRAIN else None
    r.illusions.append(Illusion(sector, shown, caster.side, toward))
    if shown in HELD_TERRAIN and sector not in r.held:
        # Illusory hills or cliffs look held by whoever alone stands there, like real ones.
        # A unit in ambush holds nothing (module "ambush": it would give itself away).
        present = {u.side for u in r.units.values() if u.alive and u.position == sector
                   and u.ambush is None}
        if len(present) == 1:
            r.held[sector] = present.pop()
    r.say("illusion", _("%(caster)s makes %(sector)s look like %(terrain)s."),
          caster=caster.name, sector=sector, terrain=TERRAIN_LABELS[shown],
          to=frozenset({caster.side}))


def _summon(r: Combat, caster: Caster, order: SpellOrder) -> None:
    label = SPELL_LABELS[Spell.SUMMON_LEGION]
    sector = _aimed_at(order)
    key = f"legion-{r.number}-{caster.key}"
    if r.start.scenario.modules.magic_dice:   # seed 002's general rules for summoned units
        summons.summon(r, caster, LEGION_OF_THE_DEAD, key, sector, label)
        return
    # "в сектор, в котором находится Заклинатель, или в соседний сектор. Для Призыва, в Секторе
    # должна быть 1 свободная ячейка в дружественной линии фронта."
    if not in_reach(r.state(), caster, sector):
        r.fizzle(caster, label, _("too far from the caster"))
        return
    if r.free_cell(sector, caster.side) is None:
        r.fizzle(caster, label, _("no free cell in the friendly front line"))
        return
    unit = Unit(key, caster.side, LEGION_OF_THE_DEAD, str(LEGION_OF_THE_DEAD.name),
                LEGION_OF_THE_DEAD.hits, summoned=True)
    r.units[key] = unit
    unit = r.put(unit, sector)
    r.say("summoned", _("%(caster)s summons %(unit)s into %(sector)s."), unit,
          caster=caster.name, sector=sector)


def _bless(r: Combat, caster: Caster, order: SpellOrder, label: str) -> None:
    unit = r.units.get(order.unit or "")
    here = caster_position(r.state(), caster)
    if unit is None or not unit.alive or unit.side is not caster.side or unit.position != here:
        r.fizzle(caster, label, _("the unit is not in the priest's sector"))
        return
    # "Мораль данного Отряда увеличивается на 1 Знак, если у Отряда меньше трех Знаков Морали.
    # Игрок может выбрать любой Знак Морали помимо тех ... которые уже присутствуют".
    sign = sign_to_add(set(unit.card.morale), order.sign)
    _lasting(r, caster, label, Effect(EffectKind.BLESS, caster.side, 0, unit=unit.key,
                                      sign=sign))
    r.say("blessed", _("%(caster)s blesses %(unit)s."), unit, caster=caster.name)


def _battle_prayer(r: Combat, caster: Caster, order: SpellOrder, label: str) -> None:
    target = r.units.get(order.unit or "")
    if target is None or not target.on_field or target.side is caster.side \
            or not r.sees(caster.side, target) or not in_reach(r.state(), caster,
                                                                 target.position):
        r.fizzle(caster, label, _("the target is out of reach"))
        return
    if order.spell is Spell.TURN_UNDEAD and target.card.code != LEGION_OF_THE_DEAD.code:
        # "Прогнать Нежить - действует только против Легиона Мертвых."
        r.fizzle(caster, label, _("it works only against the Legion of the Dead"))
        return
    outcome = PRIEST_RESULTS[order.spell]
    r.say("prayer", _("%(caster)s casts %(spell)s on %(unit)s: %(result)s."), target,
          caster=caster.name, spell=label, result=outcome.value, outcome=outcome)
    r.apply(target, outcome)
