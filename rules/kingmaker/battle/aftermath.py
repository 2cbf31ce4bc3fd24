"""The end of a battle scene (seed 003, "ПОБЕДА ИЛИ ПОРАЖЕНИЕ"): the Warfare check after a victory,
the Defense check after a defeat, kingdom XP for the defeated enemy armies, and every army's state
as it leaves the field."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.degrees import degree_of_success
from rules.dice import d20_roll
from rules.errors import _
from rules.kingmaker.army import ArmyState
from rules.kingmaker.battle.members import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DEFEATED,
    DESTROYED,
    FAILURE,
    FLED,
    SUCCESS,
    WEARY,
)
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.setup import ArmyResult, BattleEvent, CheckRecord, PcFight, SideResult
from rules.kingmaker.battle.units import Unit
from rules.kingmaker.conditions import Condition, after_battle, from_mapping
from rules.kingmaker.gear import GearItem
from rules.sides import ATTACKER, DEFENDER, Side

# Seed 003: "каждое разгромленное вами войско приносит столько же опыта, сколько и победа над
# противником того же уровня"; the creature XP table by level against the party (the kingdom).
XP_BY_LEVEL_DIFFERENCE = {-4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120, 4: 160}


def xp_for(enemy_level: int, kingdom_level: int) -> int:
    difference = enemy_level - kingdom_level
    if difference < -4:
        return 0
    return XP_BY_LEVEL_DIFFERENCE[min(difference, 4)]


def settle_battle(b: Scene) -> tuple[tuple[ArmyResult, ...], tuple[SideResult, ...]]:
    # Who was defeated in the battle, before a Defense critical success ("Все разгромленные войска
    # восстанавливаются до 1 ПЗ") brings them back: the enemy's kingdom XP and the armies' results
    # count the defeat all the same.
    # (Loops rather than comprehensions, each a call of its own, and `Unit.defeated` read inline:
    # every run of the odds settles its battle.)
    units = b._by_key
    fallen = []
    for u in units:
        if u.hp == 0 or DEFEATED in u._lasting:
            fallen.append(u.key)
    defeated = frozenset(fallen)
    sides = (_side_result(b, ATTACKER, defeated), _side_result(b, DEFENDER, defeated))
    # The same army leaves the field with the same few results over the runs of a setup: each
    # result, with the army's state in it, is made once, found by all else it holds (its HP lost
    # and the army it started as are the setup's; its gear follows from the potions drunk,
    # `Unit.potions_drunk`, unless it was destroyed, which its conditions tell), here rather than
    # through a call per army. Its side too, although a setup's keys are its armies' own: a
    # setup made by hand may give one key to an army on each side.
    kept = b.kept.army_results
    armies = []
    for unit in units:
        fell = unit.key in defeated
        key = (unit.key, unit.side, unit.hp, unit.potions_drunk, fell, unit.routed_ever,
               unit._position is FLED, *unit._lasting.items())
        armies.append(kept.get(key) or kept.keep(key, _army_result(unit, fell)))
    return tuple(armies), sides


_PC_FIGHT_SHIFT = {PcFight.WON: 1, PcFight.LOST: -1}


def _damaged(unit: Unit) -> bool:
    return 0 < unit.hp < unit.max_hp


def _side_result(b: Scene, side: Side, defeated: frozenset[int]) -> SideResult:
    setup = b.setup.side(side)
    units = b._of_side[side]  # (read, not changed: `side_units` would copy it)
    won = b.winner is side
    # What its events after the kingdom's XP say, each as (code, msgid, parameters): the events
    # themselves, and the XP, are worked out once per setup (`_kept_result`).
    said: list[_Said] = []
    if b.winner is None or setup.kingdom is None or setup.control_dc is None:
        return _kept_result(b, side, won, None, 0, 0, defeated, said)
    record = _kingdom_check(b, side, won, setup.control_dc)
    degree = record.degree
    unrest = fame = 0
    if won:
        if degree >= SUCCESS:
            # "Восстановите 1 ПЗ каждому получившему урон войску."
            for unit in units:
                if _damaged(unit):
                    b.heal(unit, 1)
            said.append(_VICTORY_HEAL)
        if degree is CRITICAL_SUCCESS:
            # "получите 1 бонусную славу или бесславие и уменьшите беспорядки на 1".
            fame, unrest = 1, -1
            said.append(_VICTORY_FAME)
        if degree is CRITICAL_FAILURE:
            # "Каждое войско, которое получило урон в ходе битвы, повышает измотанность или
            # потрясение на 1 (по выбору игроков)."
            for unit in units:
                if unit.hp < unit.hp_at_start:
                    _tire(unit, 1)
            said.append(_VICTORY_COSTLY)
    else:
        if degree is CRITICAL_SUCCESS:
            # "Все разгромленные войска восстанавливаются до 1 ПЗ, одно получившее урон войско на
            # ваш выбор восстанавливает 1 ПЗ."
            for unit in units:
                if unit.defeated and not unit.destroyed:
                    b.heal(unit, 1)
            said.append(_DEFEAT_SURVIVORS)
        if degree >= SUCCESS:
            damaged = [u for u in units if _damaged(u)]
            if damaged:
                worst = min(damaged, key=lambda u: (u.hp, u.key))
                b.heal(worst, 1)
                said.append(("defeat_escape", _("%(army)s slips away: +1 HP."),
                             (("army", worst.name),)))
        if degree in (SUCCESS, FAILURE):
            unrest = 1
        if degree is CRITICAL_FAILURE:
            # "Каждое войско, участвовавшее в битве, повышает измотанность или потрясение на 2 (по
            # выбору игроков). Беспорядки повышаются на 1d4."
            for unit in units:
                _tire(unit, 2)
            unrest = b.dice.roll("1d4", purpose=_("Unrest after defeat (%(kingdom)s)"),
                                 kingdom=setup.kingdom).total
            said.append(_DEFEAT_ROUT)
        if unrest:
            said.append(("defeat_unrest", _("Unrest +%(unrest)s."), (("unrest", unrest),)))
    return _kept_result(b, side, won, record, unrest, fame, defeated, said)


_Said = tuple[str, str, tuple[tuple[str, Any], ...]]
_VICTORY_HEAL: _Said = ("victory_heal", _("Every damaged army regains 1 HP."), ())
_VICTORY_FAME: _Said = ("victory_fame", _("Fame +1 and unrest -1."), ())
_VICTORY_COSTLY: _Said = ("victory_costly", _("Every damaged army: weary +1."), ())
_DEFEAT_SURVIVORS: _Said = ("defeat_survivors",
                            _("Every defeated army is back on its feet with 1 HP."), ())
_DEFEAT_ROUT: _Said = ("defeat_rout", _("Every army: weary +2."), ())


def _kept_result(b: Scene, side: Side, won: bool, record: CheckRecord | None, unrest: int,
                 fame: int, defeated: frozenset[int], said: list[_Said]) -> SideResult:
    """The side's result (frozen): the same few close the runs of a setup, so each is made once
    per setup, found by all it follows from (its check by identity: a kept record,
    `_kingdom_check`, which its roll's parameters leave unhashable), the round its events are
    logged in and the armies defeated, which give the kingdom's XP."""
    key = (side, won, id(record), unrest, fame, b.round, defeated, tuple(said))
    kept = b.kept.side_results
    result = kept.get(key)
    if result is None:
        setup = b.setup.side(side)
        xp = 0
        if setup.kingdom_level is not None:
            # "Ваше королевство в любом случае получает опыт".
            for enemy in b._foes[side]:
                if enemy.key in defeated:
                    xp += xp_for(enemy.base.level, setup.kingdom_level)
        if xp:
            said.insert(0, ("kingdom_xp", _("The kingdom gains %(xp)s XP."), (("xp", xp),)))
        events = tuple([_event(b, code, message, dict(params)) for code, message, params in said])
        result = kept.keep(key, SideResult(side, won, record, unrest, fame, xp, events))
    return result


def _event(b: Scene, code: str, message: str, params: dict[str, Any]) -> BattleEvent:
    """The event the end of a battle logs: the same few close the runs of a setup (frozen; its
    parameters read, never changed), so each is made once per setup, found by all it holds, and
    logged again (beside the scene's own in `KeptForSetup.events`, marked apart from them)."""
    key = (_AFTERMATH, b.round, code, message, *params.items())
    kept = b.kept.events
    try:
        event = kept.get(key)
    except TypeError:  # a parameter not plain (unhashable): the event is made, not kept
        return BattleEvent(b.round, code, message, params)
    if event is None:
        event = kept.keep(key, BattleEvent(b.round, code, message, params))
    return event


# What marks the aftermath's events apart from the scene's among the events kept per setup.
_AFTERMATH = "aftermath"


def _kingdom_check(b: Scene, side: Side, won: bool, control_dc: int) -> CheckRecord:
    """The kingdom's Warfare check after a victory or Defense check after a defeat, as
    `rules.degrees.check` rolls and grades it, kept straight as the battle's record."""
    # All but the face follow from the setup: the same side winning or losing with the same face
    # comes out the same record (frozen, equal in every field) in every run of a setup, so it is
    # made once, kept by the side, the win and the face, and logged again; the face is still
    # drawn from the scene's dice.
    face = b.dice.d20_face()
    key = (side, won, face)
    settlements = b.kept.settlements
    record = settlements.get(key)
    if record is None:
        setup = b.setup.side(side)
        skill, purpose = (setup.warfare, _("Victory: Warfare (%(kingdom)s)")) if won \
            else (setup.defense, _("Defeat: Defense (%(kingdom)s)"))
        roll = d20_roll(purpose, skill, face, {"kingdom": setup.kingdom})
        degree = degree_of_success(roll.total, control_dc, face)
        # "Если персонажи игроков победили в бою, результат битвы улучшается на одну ступень, а
        # если проиграли или враг сумел сбежать — ухудшается на одну ступень."
        degree = degree.shifted(_PC_FIGHT_SHIFT.get(setup.pc_fight, 0))
        # (At most 2 sides × 2 outcomes × 20 faces a setup.)
        record = settlements[key] = CheckRecord(roll, skill, control_dc, degree)
    b.dice.log.append(record.roll)  # (what `Dice.d20_of` logs: the roll of the face drawn)
    return record


def _tire(unit: Unit, value: int) -> None:
    """Weary or shaken (the players' choice): our default is weary, which a kingdom turn of rest
    lowers the same way and which does not push the army towards routing."""
    if not unit.destroyed:
        unit.lasting[WEARY] = unit.lasting.get(WEARY, 0) + value


def _army_result(unit: Unit, defeated: bool) -> ArmyResult:
    lasting = unit._lasting  # (`Unit.lasting`, read inline)
    destroyed = DESTROYED in lasting
    gear = () if destroyed else tuple(unit.gear)  # "Всё снаряжение войска также уничтожено."
    army = _left_the_field(unit.base, unit.hp, dict(lasting), gear)
    return ArmyResult(unit.key, unit.side, army, max(unit.hp_at_start - unit.hp, 0), defeated,
                      unit.routed_ever, unit._position is FLED, destroyed)


def _left_the_field(base: ArmyState, hp: int, lasting: dict[Condition, int],
                    gear: tuple[GearItem, ...]) -> ArmyState:
    if hp == 0 and DESTROYED not in lasting:
        lasting[DEFEATED] = 0
    return replace(base, hp=hp, conditions=after_battle(from_mapping(lasting)), gear=gear)
