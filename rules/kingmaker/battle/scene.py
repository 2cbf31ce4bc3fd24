"""The battlefield of a battle scene while it is fought (seed 003, "ПОЛЕ БОЯ" and "СОСТОЯНИЯ
ВОЙСКА"): who is where, the checks and Strikes armies make there, and what happens to them. The war
actions (`actions`) and the rounds (`engine`) work on it.

Every die comes from `dice`, in the order the rules call for, so a scene replays from its seed."""
from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from mypy_extensions import mypyc_attr

from rules.degrees import degree_of_success, flat_check
from rules.dice import Dice, Roll, d20_roll
from rules.errors import _
from rules.kept import Kept
from rules.kingmaker.army import StatBlock
from rules.kingmaker.battle import strikes
from rules.kingmaker.battle.members import (
    AC,
    CRITICAL_FAILURE,
    DARK,
    DEFEATED,
    DESTROYED,
    DIM,
    DISTANT,
    FAILURE,
    FLED,
    FORTIFIED,
    MANEUVER,
    MANEUVER_ACTION,
    MIRED,
    MORALE,
    PINNED,
    RALLY,
    RANGED,
    ROUT_CHECK,
    ROUTED,
    SCOUTING,
    SHAKEN,
    WEARY,
)
from rules.kingmaker.battle.setup import (
    ArmyResult,
    ArmySnapshot,
    BattleEvent,
    BattleSetup,
    CheckRecord,
    SideResult,
    Terrain,
)
from rules.kingmaker.battle.strikes import circumstance as _circumstance
from rules.kingmaker.battle.strikes import status as _status
from rules.kingmaker.battle.units import MAX_ENGAGED, StandingOrders, Temporary, Unit
from rules.kingmaker.conditions import Condition, Conditions, Target
from rules.kingmaker.gear import WeaponKind
from rules.modifiers import Modifier, ModifierKind, Statistic, stacked_total
from rules.sides import ATTACKER, DEFENDER, Side

_FixedModifiers = dict[tuple[int, Target], tuple[Modifier, ...]]
_FixedTotals = Kept[tuple[int, Target, int], tuple[Statistic, int]]


class KeptForSetup:
    """What the scenes of one setup work out alike, kept across them (the runs of `battle_odds`
    fight one setup thousands of times): the setup itself, so that its id, the key it is kept
    by, is not reused while it is kept."""

    __slots__ = ("setup", "combatants", "outside", "fortification_hp", "starts",
                 "fixed_modifiers", "fixed_totals", "standing_orders",
                 "initiatives", "checks", "events", "snapshots", "settlements",
                 "initiative_modifiers", "initiative_ties", "strike_totals", "side_results",
                 "army_results")

    def __init__(self, setup: BattleSetup):
        self.setup = setup
        # The setup's armies in the order of their keys, the keys of those outside any
        # fortification, and the fortification's HP as the scene starts.
        self.combatants = sorted(setup.combatants, key=_KEY)
        self.outside = _outside(setup)
        fort = setup.fortification
        self.fortification_hp = None if fort is None else \
            fort.spec.hp if fort.hp is None else fort.hp
        # Each army's settled conditions and stat block as every scene starts it, by its key.
        self.starts: dict[int, tuple[tuple[Mapping[Condition, int], Conditions, int],
                                     StatBlock]] = {}
        # `Scene._field_modifiers` of each army, and the totals of checks with only those on them
        # (by the army, the check and the stat block's statistic, which the value keeps so that
        # its id is not reused while it is a key).
        self.fixed_modifiers: _FixedModifiers = {}
        self.fixed_totals: _FixedTotals = Kept(65536)
        # Each army's standing orders that can apply in this setup (`tactician._orders`).
        self.standing_orders: dict[int, StandingOrders] = {}
        # The initiative rolls and their events (`engine.Battle._roll_initiative`).
        self.initiatives: dict[tuple[int, int, int, int], tuple[Roll, BattleEvent]] = {}
        # The records of the checks the armies made, with their rolls, by all that they hold
        # (`Scene.roll_total`).
        self.checks: Kept[tuple[str, int, int, int, int], CheckRecord] = Kept(4096)  # (~1 kB each)
        # The events with the armies' names alone, by all they hold (`Scene.log`).
        self.events: Kept[tuple[Any, ...], BattleEvent] = Kept(4096)
        # The battlefield picture's armies, by what each shows (`engine.Battle._snapshot`).
        self.snapshots: Kept[tuple[Any, ...], ArmySnapshot] = Kept(4096)
        # The kingdoms' checks after the battle, by side, victory and face
        # (`aftermath._kingdom_check`).
        self.settlements: dict[tuple[Side, bool, int], CheckRecord] = {}
        # The sides' results, by all they hold (`aftermath._kept_result`).
        self.side_results: Kept[tuple[Any, ...], SideResult] = Kept(1024)
        # The armies' results, by all they hold (`aftermath.settle_battle`).
        self.army_results: Kept[tuple[Any, ...], ArmyResult] = Kept(4096)
        # Each army's initiative modifier with the stat block it follows from, and what breaks
        # its ties in the order (`engine.Battle._initiative`), by its key.
        self.initiative_modifiers: dict[int, tuple[StatBlock, int]] = {}
        self.initiative_ties: dict[int, tuple[bool, bool, int]] = {}
        # What stands between two armies on a Strike (`strikes.attack_total`).
        self.strike_totals: strikes.StandingTotals = Kept(4096)


def _outside(setup: BattleSetup) -> frozenset[int]:
    """The keys of the armies outside any fortification: only those a fortification holds are
    fortified (Garrison Army)."""
    garrisons = [c for c in setup.combatants if c.garrisoned]
    outside = {c.key for c in setup.combatants if not c.garrisoned}
    if setup.fortification is not None:
        fort = setup.fortification
        # Only the holding side's armies are inside, and only as many as it holds ("Там же
        # указано, сколько войск может содержать каждое сооружение").
        inside = sorted([c for c in garrisons if c.side is fort.side], key=_KEY)
        outside.update(c.key for c in garrisons if c.side is not fort.side)
        outside.update(c.key for c in inside[fort.spec.capacity:])
    # Without a fortification in the scene (an Offensive Gambit's battle, fought where the
    # garrison stands), each garrison still holds its site: "Когда гарнизон создан, войско
    # защищено, пока не использует боевое действие с дескриптором «манёвр»". With no AC or HP
    # described, no siege can bring those walls down.
    return frozenset(outside)


_KEY = attrgetter("key")
_KEPT: Kept[int, KeptForSetup] = Kept(256)
_MORALE_TARGETS = frozenset({MORALE, RALLY, ROUT_CHECK})
# Made once, not per check: a battle makes thousands of checks.
_CROAKS = _status(-2, "chorus_of_croaks")
_GUARD = Modifier(ModifierKind.ITEM, 2, "guard")
_RECKLESS = _circumstance(-2, "reckless_flankers")
_FEINT = _circumstance(-2, "feint")
_CHECK_PURPOSE = _("%(step)s (%(army)s)")


@mypyc_attr(allow_interpreted_subclasses=True)  # the tests subclass it (compiled: rules.native)
class Scene:
    def __init__(self, setup: BattleSetup, dice: Dice):
        self.setup = setup
        self.dice = dice
        # Kept across the scenes of one setup (the runs of `battle_odds`), by its identity.
        kept = _KEPT.get(id(setup))
        if kept is None or kept.setup is not setup:
            kept = _KEPT.keep(id(setup), KeptForSetup(setup))
        self.kept = kept
        # No army joins or leaves the scene's lists while it is fought: in the order of their keys
        # (the setup's, sorted once per setup), all and by side. (Made in one loop: every run of
        # the odds makes them.)
        light = setup.light
        by_key: list[Unit] = []
        units: dict[int, Unit] = {}
        attackers: list[Unit] = []
        defenders: list[Unit] = []
        # Every scene of a setup starts each army in the same state: its conditions settled and
        # its stat block found once per setup, not again in every run.
        outside = kept.outside
        starts = kept.starts
        for combatant in kept.combatants:
            unit = Unit(combatant, light)
            by_key.append(unit)
            units[unit.key] = unit
            (attackers if unit.side is ATTACKER else defenders).append(unit)
            # Fortified comes from the garrison (Garrison Army), never from a stored condition:
            # an army fighting away from its walls is not covered by them.
            if unit.key in outside and FORTIFIED in unit._lasting:
                unit.lasting.pop(FORTIFIED)
            start = starts.get(unit.key)
            if start is None:
                start = starts[unit.key] = (unit._settled(), unit.block)
            unit._settled_now, unit._block = start
        self._by_key = by_key
        self.units = units
        self._of_side = {ATTACKER: attackers, DEFENDER: defenders}
        self._foes = {ATTACKER: defenders, DEFENDER: attackers}
        self._fixed_modifiers = kept.fixed_modifiers
        self._fixed_totals = kept.fixed_totals
        self.standing_orders = kept.standing_orders
        self.round = 0
        self.events: list[BattleEvent] = []
        self.fortification_hp = kept.fortification_hp
        self.winner: Side | None = None
        self.finished = False
        # The moments, as (an army's key, "start" or "end" of its turn), until which an army may
        # have a condition (`gain_until`) or be unable to react (`bar_reactions`): a turn's start
        # and end look for what expires (`engine.Battle._expire`) only at those, as most turns of
        # most fights have nothing to expire. Changes to them go through those two.
        self.timed: set[tuple[int, str]] = set()
        # Whether an army may have left the field (fled, defeated, destroyed) or been routed since
        # the scene's end was last looked for (`engine.Battle._check_end`, which clears it): only
        # then can a turn have ended the scene, or an army's turn have lost it or its last enemy
        # still fighting. Set wherever one does: `hurt`, `_defeated`, `_settle` and `rout`
        # (which Retreat's flight calls, routed or not); true at first, as a side may start out.
        self.may_end = True

    # -- who is where -----------------------------------------------------------------------

    def _sorted(self) -> list[Unit]:
        return list(self._by_key)

    def side_units(self, side: Side) -> list[Unit]:
        return list(self._of_side[side])

    def enemies(self, unit: Unit) -> list[Unit]:
        # `Unit.on_field`, read inline, and a loop rather than a list comprehension (a call of its
        # own): a turn asks for the enemies several times.
        found = []
        for u in self._foes[unit.side]:
            if u._position is not FLED and u.hp != 0 and DEFEATED not in u._lasting:
                found.append(u)
        return found

    def allies(self, unit: Unit) -> list[Unit]:
        return [u for u in self._of_side[unit.side] if u.on_field and u is not unit]

    def engaged_enemies(self, unit: Unit) -> list[Unit]:
        engaged = unit._engaged
        if not engaged:  # most of the times it is asked
            return []
        units = self.units
        if len(engaged) == 1:  # (most engaged armies: one enemy, no sorting)
            (key,) = engaged
            return [units[key]]
        return [units[k] for k in sorted(engaged)]

    def can_engage(self, unit: Unit, target: Unit, *, leaving_fortification: bool = False) -> bool:
        # "Защищённые войска не могут быть вовлечены в бой врагом и не могут вовлечь в бой
        # противника"; "Одно войско может быть вовлечено в бой с четырьмя или менее другими."
        # `leaving_fortification`: whether it could once a maneuver (Advance) has taken it out.
        # (`Unit.has` and `on_field` read inline: asked for every enemy before every advance.)
        own_fortified = not leaving_fortification and \
            FORTIFIED in (unit._settled_now or unit._settled())[0]
        engaged = unit._engaged
        return (target._position is not FLED and target.hp != 0
                and DEFEATED not in target._lasting and target.key not in engaged
                and not own_fortified
                and FORTIFIED not in (target._settled_now or target._settled())[0]
                and len(engaged) < MAX_ENGAGED and len(target._engaged) < MAX_ENGAGED)

    def engageable(self, unit: Unit) -> list[Unit]:
        """The `enemies` that `can_engage` says this army can engage once its Advance has taken it
        out of any fortification (`leaving_fortification`), asked in one call (before every
        advance)."""
        engaged = unit._engaged
        if len(engaged) >= MAX_ENGAGED:
            return []
        found = []  # (a loop rather than a list comprehension, which is a call of its own)
        for u in self._foes[unit.side]:
            if u._position is not FLED and u.hp != 0 and DEFEATED not in u._lasting and \
                    u.key not in engaged and FORTIFIED not in (u._settled_now or u._settled())[0] \
                    and len(u._engaged) < MAX_ENGAGED:
                found.append(u)
        return found

    def engage(self, unit: Unit, target: Unit) -> None:
        unit.engage_with(target.key)
        target.engage_with(unit.key)

    def disengage(self, unit: Unit, target: Unit) -> None:
        unit.disengage_from(target.key)
        target.disengage_from(unit.key)
        if not unit._engaged:
            unit.reckless = False

    def sees(self, unit: Unit, target: Unit) -> bool:
        """Darkness or thick fog: distant armies are undetected ("необнаруженными") to armies
        without darkvision."""
        return not (self.setup.light is DARK and target.position is DISTANT
                    and not strikes.darkvision(unit))

    # -- logging ----------------------------------------------------------------------------

    def log(self, code: str, message: str, actor: Unit | None = None, target: Unit | None = None,
            check: CheckRecord | None = None, damage: int = 0,
            params: dict[str, Any] | None = None) -> None:
        """Log an event; `params`: the message's parameters beyond the armies' names, a dict the
        event keeps a copy of (given as one, not as keywords: a battle logs dozens of events, most
        with the names alone; copied, so that a caller may hand the same one to every event);
        its values plain (a number, a string), as it is part of the event's key."""
        actor_key = actor.key if actor is not None else None
        target_key = target.key if target is not None else None
        # An event is the same in every run of a setup that logs it in the same round with the
        # same check (shared: `roll_total`), damage and parameters: it is made once, found by all
        # it holds (the check by its identity, which the event, holding it, keeps from being
        # reused), and logged again. A fight logs some thirty events, a third with parameters
        # (a Strike's weapon).
        key = (self.round, code, message, actor_key, target_key, id(check), damage,
               *params.items()) if params else \
            (self.round, code, message, actor_key, target_key, id(check), damage)
        events = self.kept.events
        try:
            event, kept = events.get(key), True
        except TypeError:  # a parameter not plain (unhashable): the event is made, not kept
            event, kept = None, False
        if event is None:
            if params is not None:
                names = dict(params)
                if actor is not None:
                    names.setdefault("army", actor.name)
                if target is not None:
                    names.setdefault("target", target.name)
            elif actor is not None:  # (the names alone, made as one dict)
                names = {"army": actor.name, "target": target.name} if target is not None \
                    else {"army": actor.name}
            else:
                names = {"target": target.name} if target is not None else {}
            event = BattleEvent(self.round, code, message, names, actor_key, target_key, check,
                                damage)
            if kept:
                events.keep(key, event)
        self.events.append(event)

    # -- checks -----------------------------------------------------------------------------

    def modifiers_for(self, unit: Unit, target: Target) -> list[Modifier]:
        """The battlefield's and the battle's own modifiers on a check of `unit`."""
        mods = list(self._fixed(unit, target))
        if self._croaked(unit, target):
            mods.append(_CROAKS)
        return mods

    def _fixed(self, unit: Unit, target: Target) -> tuple[Modifier, ...]:
        key = (unit.key, target)
        fixed = self._fixed_modifiers.get(key)
        if fixed is None:
            fixed = self._fixed_modifiers[key] = tuple(self._field_modifiers(unit, target))
        return fixed

    def _croaked(self, unit: Unit, target: Target) -> bool:
        if target not in _MORALE_TARGETS or not unit._engaged:
            return False
        for enemy in self.engaged_enemies(unit):  # (a loop: a generator is a call of its own)
            if "chorus_of_croaks" in enemy.tactics:
                return True
        return False

    def _field_modifiers(self, unit: Unit, target: Target) -> list[Modifier]:
        """What of `modifiers_for` follows from the battlefield and the army's own tactics alone,
        which do not change while the scene is fought: worked out once per army and check."""
        mods: list[Modifier] = []
        setup = self.setup
        if target in (MANEUVER, MANEUVER_ACTION):
            ignores_swamp = setup.water and (unit.knows("swamp_dwellers") or unit.knows("amphibious")
                                             or unit.knows("water_stride"))
            if setup.terrain is Terrain.DIFFICULT and not ignores_swamp:
                # "Все войска получают ситуативный штраф -2 к проверкам Манёвра на пересечённой
                # местности."
                mods.append(_circumstance(-2, "difficult terrain"))
            if setup.light is DIM:
                # "все войска получают ситуативный бонус + 1 к проверкам Манёвра".
                mods.append(_circumstance(1, "dim light"))
            if setup.water and unit.knows("amphibious"):
                mods.append(_circumstance(2, "amphibious"))
        if target in _MORALE_TARGETS:
            if setup.side(unit.side).pcs_present:
                # "войско получает бонус состояния +1 ко всем проверкам Боевого духа".
                mods.append(_status(1, "player characters"))
        if target is SCOUTING:
            if setup.light is DARK and not strikes.darkvision(unit):
                # "все войска получают ситуативный штраф -4 к проверкам Разведки".
                mods.append(_circumstance(-4, "darkness"))
            elif setup.light is DIM and not strikes.low_light(unit):
                mods.append(_circumstance(-2, "dim light"))
            if setup.water and unit.knows("swamp_dwellers"):
                mods.append(_circumstance(2, "swamp_dwellers"))
            if setup.water and unit.knows("water_stride"):
                mods.append(_circumstance(4, "water_stride"))
        return mods

    def statistic(self, unit: Unit, target: Target, *extra: Modifier) -> Statistic:
        base = unit.block.statistic(target)
        return base.with_modifiers(*self.modifiers_for(unit, target), *extra)

    def statistic_total(self, unit: Unit, target: Target, *extra: Modifier) -> int:
        """`statistic(...).total` without making the Statistic."""
        base = (unit._block or unit.find_block()).statistics[target]  # (`block`, read inline)
        # (Only a Morale check can be croaked at: the others do not ask.)
        if not extra and (target not in _MORALE_TARGETS or not self._croaked(unit, target)):
            key = (unit.key, target, id(base))
            known = self._fixed_totals.get(key)
            if known is None:  # (found, it holds this statistic: its id cannot have been reused)
                fixed = self._fixed(unit, target)
                total = stacked_total(base.base, (*base.modifiers, *fixed)) if fixed \
                    else base.total
                known = self._fixed_totals.keep(key, (base, total))
            return known[1]
        mods = self.modifiers_for(unit, target)
        if not mods and not extra:
            return base.total
        return stacked_total(base.base, (*base.modifiers, *mods, *extra))

    def dc(self, unit: Unit, target: Target, *extra: Modifier) -> int:
        # The battlefield's situational modifiers (terrain, light, player characters) are given "к
        # проверкам" — to the checks an army attempts — so they are not added to the DCs those
        # checks are rolled against: on difficult terrain every army's Advance is 2 harder, which a
        # DC lowered by the same 2 would cancel.
        if extra:
            return unit.block.statistics[target].with_modifiers(*extra).total + 10
        return (unit._block or unit.find_block()).statistics[target].total + 10

    def roll(self, unit: Unit, statistic: Statistic, dc: int, purpose: str) -> CheckRecord:
        return self.roll_total(unit, statistic.total, dc, purpose)

    def roll_total(self, unit: Unit, modifier: int, dc: int, purpose: str) -> CheckRecord:
        """A d20 check of `unit` with its statistic's total `modifier` against `dc`."""
        # The same check of the same army with the same face comes out the same in every run of
        # a setup, round after round: its record and roll (frozen, equal in every field) are made
        # once, found by all they hold (the army's key stands for its name), and logged again.
        # A fight makes some twenty checks; making their records and rolls was a tenth of it.
        dice = self.dice
        face = dice.d20_face()
        key = (purpose, unit.key, modifier, dc, face)
        checks = self.kept.checks
        record = checks.get(key)
        if record is None:
            # `purpose` is itself a msgid ("Counterattack"): the reader's side translates the step.
            roll = d20_roll(_CHECK_PURPOSE, modifier, face, {"step": purpose, "army": unit.name})
            record = checks.keep(key, CheckRecord(roll, modifier, dc,
                                                  degree_of_success(roll.total, dc, face)))
        dice.log.append(record.roll)  # (what `Dice.d20_of` logs: the roll of the face drawn)
        return record

    def check(self, unit: Unit, target: Target, dc: int, purpose: str,
              *extra: Modifier) -> CheckRecord:
        # (Called without unpacking when there is nothing to unpack, which Python 3.11 calls
        # through its slower generic path.)
        total = self.statistic_total(unit, target, *extra) if extra else \
            self.statistic_total(unit, target)
        return self.roll_total(unit, total, dc, purpose)

    def armor_class(self, target: Unit, attacker: Unit | None) -> int:
        ac = (target._block or target.find_block()).statistics[AC]
        if not (target.guard_all or target.guard_against or target.reckless or target.feinted_by):
            return ac.total  # (most Strikes: nothing on the target's AC beyond its stat block)
        extra: list[Modifier] = []
        if target.guard_all or (attacker is not None and attacker.key in target.guard_against):
            extra.append(_GUARD)
        if target.reckless:
            extra.append(_RECKLESS)
        if attacker is not None and attacker.key in target.feinted_by:
            extra.append(_FEINT)
        return stacked_total(ac.base, (*ac.modifiers, *extra)) if extra else ac.total

    # -- what happens to units ---------------------------------------------------------------

    def gain(self, unit: Unit, condition: Condition, value: int = 1) -> None:
        if condition is SHAKEN and unit.knows("accustomed_to_panic") and not unit.routed:
            # Accustomed to Panic: "Trigger: its shaken value would rise while not routed. Instead
            # weary drops by 1".
            self.reduce(unit, WEARY)
            self.log("accustomed_to_panic", _("%(army)s is used to panic: weary -1 instead."),
                     unit)
            return
        lasting = unit.lasting
        lasting[condition] = lasting.get(condition, 0) + value
        self._settle(unit)

    def gain_until(self, unit: Unit, condition: Condition, value: int, owner: Unit,
                   at: str, skip: int = 0) -> None:
        unit.temporary.append(Temporary(condition, value, owner.key, at, skip))
        self.timed.add((owner.key, at))
        self._settle(unit)

    def bar_reactions(self, unit: Unit, until: Unit) -> None:
        """`unit` cannot react until the start of `until`'s next turn."""
        unit.no_reactions_until = until.key
        self.timed.add((until.key, "start"))

    def reduce(self, unit: Unit, condition: Condition, by: int = 1) -> None:
        if condition not in unit._lasting:
            return
        remaining = unit._lasting[condition] - by
        if remaining > 0 and by:
            unit.lasting[condition] = remaining
        else:
            unit.lasting.pop(condition)
        unit.changed()

    def _settle(self, unit: Unit) -> None:
        unit.changed()
        effective = unit.conditions()
        if ROUTED in effective:
            self.may_end = True
            if ROUTED not in unit._lasting:
                # "Когда потрясение войска достигнет 4, оно обращено в бегство."
                unit.lasting[ROUTED] = 0
                unit.routed_ever = True
                self.log("routed", _("%(army)s is routed."), unit)
        if PINNED in effective and MIRED in unit._lasting and \
                unit._lasting.get(MIRED, 0) >= 4:
            unit.lasting.pop(MIRED)
            unit.lasting[PINNED] = 0
        unit.changed()

    def rout(self, unit: Unit) -> None:
        self.may_end = True  # (whether routed already or not: Retreat's flight comes here)
        if not unit.routed:
            unit.lasting[ROUTED] = 0
            unit.routed_ever = True
            unit.changed()
            self.log("routed", _("%(army)s is routed."), unit)

    def heal(self, unit: Unit, amount: int) -> None:
        if unit.destroyed:
            return
        unit.hp = min(unit.hp + amount, unit.max_hp)
        if unit.hp > 0:
            # "Любой эффект, который восстанавливает разгромленному войску хотя 1 ПЗ, снимает это
            # состояние."
            unit.lasting.pop(DEFEATED, None)
        unit.changed()

    def hurt(self, unit: Unit, amount: int, source: Unit | None = None) -> None:
        # (`Unit.destroyed`, `defeated` and `value` read inline: every hit asks.)
        lasting = unit._lasting
        if amount <= 0 or DESTROYED in lasting:
            return
        if unit.hp == 0 or DEFEATED in lasting:
            # Reference army_conditions Defeated: "if damaged while defeated, DC 16 flat check or
            # destroyed" (trolls' Regeneration: "cannot be destroyed normally").
            if not unit.knows("regeneration") and not flat_check(
                    self.dice, dc=16, purpose=_("Defeated army takes damage (%(army)s)"),
                    army=unit.name).success:
                unit.lasting = {DESTROYED: 0}
                unit.changed()
                self.may_end = True
                self.log("destroyed", _("%(army)s is destroyed."), unit)
            return
        shaken = (unit._settled_now or unit._settled())[0].get(SHAKEN, 0)
        unit.hp = max(unit.hp - amount, 0)
        unit._block = None  # (`Unit.changed`, inline: every hit)
        if shaken and not flat_check(self.dice, dc=11,
                                     purpose=_("Shaken army takes damage (%(army)s)"),
                                     army=unit.name).success:
            # Seed 003: "При получении урона потрясённое войско должно пройти чистую проверку со
            # СЛ 11. При провале потрясение увеличится на 1."
            self.gain(unit, SHAKEN)
        if unit.hp == 0:
            self._defeated(unit)

    def _defeated(self, unit: Unit) -> None:
        # "Когда ПЗ войска уменьшаются до 0, войско разгромлено"; "Разгромленное войско не может
        # совершать боевые действия."
        engaged = self.engaged_enemies(unit)
        unit.lasting[DEFEATED] = 0
        self.may_end = True
        for enemy in engaged:
            self.disengage(unit, enemy)
        unit.changed()
        self.log("defeated", _("%(army)s is defeated."), unit)
        if unit.knows("explosive_defeat"):
            # Explosive Defeat: "each engaged army makes a Maneuver check vs its Maneuver DC or
            # takes 1 damage (2 on a critical failure)".
            dc = self.dc(unit, MANEUVER)
            for enemy in engaged:
                record = self.check(enemy, MANEUVER, dc, _("Explosive Defeat"))
                damage = {FAILURE: 1, CRITICAL_FAILURE: 2}.get(record.degree, 0)
                self.log("explosive_defeat", _("%(army)s's engine explodes beside %(target)s."),
                         unit, enemy, record, damage)
                self.hurt(enemy, damage, unit)

    def leave_fortification(self, unit: Unit) -> None:
        if FORTIFIED in unit._lasting:
            # "Защищённое войско, которое использует боевое действие с дескриптором «манёвр»,
            # немедленно утратит это состояние."
            unit.lasting.pop(FORTIFIED)
            unit.changed()
            self.log("leaves_fortification", _("%(army)s leaves its fortification."), unit)

    def damage_fortification(self, amount: int, source: Unit) -> None:
        if self.fortification_hp is None or self.fortification_hp <= 0:
            return
        self.fortification_hp = max(self.fortification_hp - amount, 0)
        if self.fortification_hp == 0:
            # "Если оно уничтожено, все войска в нём больше не защищены, а их потрясение
            # увеличивается на 1."
            self.log("fortification_falls", _("The fortification falls."), source)
            for unit in self._sorted():
                if FORTIFIED in unit._lasting:
                    unit.lasting.pop(FORTIFIED)
                    self.gain(unit, SHAKEN)

    @property
    def enemy_fortification(self) -> Side | None:
        fort = self.setup.fortification
        if fort is None or not self.fortification_hp:
            return None
        return fort.side

    # -- strikes ----------------------------------------------------------------------------

    def strike_modifiers(self, attacker: Unit, target: Unit, kind: WeaponKind,
                         multiple_attack: bool = True) -> list[Modifier]:
        return strikes.strike_modifiers(self.setup, self.round, attacker, target, kind,
                                        multiple_attack)

    def wind(self, *, distant: bool = False) -> list[Modifier]:
        return strikes.wind(self.setup, distant=distant)

    def strike(self, attacker: Unit, target: Unit, kind: WeaponKind, purpose: str,
               *extra: Modifier, multiple_attack: bool = True) -> CheckRecord:
        if extra:
            attack = (attacker._block or attacker.find_block()).strikes[kind].attack
            mods = strikes.strike_modifiers(self.setup, self.round, attacker, target, kind,
                                            multiple_attack)
            total = stacked_total(attack.base, (*attack.modifiers, *mods, *extra))
        else:
            total = strikes.attack_total(self.setup, self.round, attacker, target, kind,
                                         multiple_attack, self.kept.strike_totals)
        record = self.roll_total(attacker, total, self.armor_class(target, attacker), purpose)
        if multiple_attack:
            attacker.attack_targets.append(target.key)
            attacker.assault_bonus_except = None  # spent on (or lost to) this attack war action
        if kind is RANGED:
            attacker.ammunition -= 1
        if attacker.key in target.feinted_by:
            target.feinted_by.discard(attacker.key)
            target.changed()
        return record
