"""Fight a battle scene (seed 003, "СТРУКТУРА СЦЕНЫ БИТВЫ"): initiative, rounds of up to three war
actions per army, rout checks at the end of each round, and the end of the scene.

`fight` is pure: the same setup and seed give the same outcome, event log and rolls. Stopping after
a round gives exactly the first rounds of the full fight (the GM's step by step)."""
from __future__ import annotations

from typing import Any

from rules.degrees import Degree, degree_of_success, flat_check
from rules.dice import Dice
from rules.errors import _
from rules.kingmaker.battle import actions, aftermath, tactician
from rules.kingmaker.battle.setup import (
    ArmySnapshot,
    BattleEvent,
    BattleOutcome,
    BattleSetup,
    CheckRecord,
    Light,
    Position,
    RoundRecord,
    Side,
    Terrain,
    Wind,
)
from rules.kingmaker.battle.units import MAX_ENGAGED, Temporary, Unit
from rules.kingmaker.conditions import Condition, Target
from rules.kingmaker.gear import WeaponKind
from rules.kingmaker.templates import ArmyType
from rules.modifiers import Modifier, ModifierKind, Statistic

# Overrun: "+1 status to weapon attacks vs infantry and skirmishers".
OVERRUN_TARGETS = (ArmyType.INFANTRY, ArmyType.SKIRMISHER)
ACTIONS_PER_TURN = 3  # seed 003: "Каждое войско может предпринять в свой ход до трёх действий"


def fight(setup: BattleSetup, seed: int, *, stop_after_round: int | None = None) -> BattleOutcome:
    return Battle(setup, Dice(seed)).run(stop_after_round)


def _circumstance(value: int, source: str) -> Modifier:
    return Modifier(ModifierKind.CIRCUMSTANCE, value, source)


def _status(value: int, source: str) -> Modifier:
    return Modifier(ModifierKind.STATUS, value, source)


class Battle:
    def __init__(self, setup: BattleSetup, dice: Dice):
        self.setup = setup
        self.dice = dice
        self.units: dict[int, Unit] = {c.key: Unit(c, setup.light) for c in setup.combatants}
        self.round = 0
        self.events: list[BattleEvent] = []
        self.records: list[RoundRecord] = []
        self.fortification_hp = None
        # Fortified comes from the garrison (Garrison Army), never from a stored condition: an
        # army fighting away from its walls is not covered by them.
        garrisons = {c.key for c in setup.combatants if c.garrisoned}
        outside = [u for u in self._sorted() if u.key not in garrisons]
        if setup.fortification is not None:
            fort = setup.fortification
            self.fortification_hp = fort.spec.hp if fort.hp is None else fort.hp
            # Only the holding side's armies are inside, and only as many as it holds ("Там же
            # указано, сколько войск может содержать каждое сооружение").
            inside = [u for u in self._sorted() if u.key in garrisons]
            outside += [u for u in inside if u.side is not fort.side]
            inside = [u for u in inside if u.side is fort.side]
            outside += inside[fort.spec.capacity:]
        # Without a fortification in the scene (an Offensive Gambit's battle, fought where the
        # garrison stands), each garrison still holds its site: "Когда гарнизон создан, войско
        # защищено, пока не использует боевое действие с дескриптором «манёвр»". With no AC or
        # HP described, no siege can bring those walls down.
        for unit in outside:
            unit.lasting.pop(Condition.FORTIFIED, None)
        self.winner: Side | None = None
        self.finished = False

    # -- who is where -----------------------------------------------------------------------

    def _sorted(self) -> list[Unit]:
        return [self.units[k] for k in sorted(self.units)]

    def side_units(self, side: Side) -> list[Unit]:
        return [u for u in self._sorted() if u.side is side]

    def enemies(self, unit: Unit) -> list[Unit]:
        return [u for u in self.side_units(unit.side.other) if u.on_field]

    def allies(self, unit: Unit) -> list[Unit]:
        return [u for u in self.side_units(unit.side) if u.on_field and u is not unit]

    def engaged_enemies(self, unit: Unit) -> list[Unit]:
        return [self.units[k] for k in sorted(unit.engaged)]

    def can_engage(self, unit: Unit, target: Unit, *, leaving_fortification: bool = False) -> bool:
        # "Защищённые войска не могут быть вовлечены в бой врагом и не могут вовлечь в бой
        # противника"; "Одно войско может быть вовлечено в бой с четырьмя или менее другими."
        # `leaving_fortification`: whether it could once a maneuver (Advance) has taken it out.
        own_fortified = unit.has(Condition.FORTIFIED) and not leaving_fortification
        return (target.on_field and target.key not in unit.engaged
                and not own_fortified and not target.has(Condition.FORTIFIED)
                and len(unit.engaged) < MAX_ENGAGED and len(target.engaged) < MAX_ENGAGED)

    def engage(self, unit: Unit, target: Unit) -> None:
        unit.engaged.add(target.key)
        target.engaged.add(unit.key)
        for u in (unit, target):
            u.position = Position.ENGAGED
            u.changed()

    def disengage(self, unit: Unit, target: Unit) -> None:
        unit.engaged.discard(target.key)
        target.engaged.discard(unit.key)
        for u in (unit, target):
            if not u.engaged and u.position is Position.ENGAGED:
                u.position = Position.NEARBY
            u.changed()
        if not unit.engaged:
            unit.reckless = False

    def sees(self, unit: Unit, target: Unit) -> bool:
        """Darkness or thick fog: distant armies are undetected ("необнаруженными") to armies
        without darkvision."""
        return not (self.setup.light is Light.DARK and target.position is Position.DISTANT
                    and not self._darkvision(unit))

    @staticmethod
    def _darkvision(unit: Unit) -> bool:
        return unit.knows("darkvision")

    def _low_light(self, unit: Unit) -> bool:
        return unit.knows("low_light_vision") or self._darkvision(unit)

    # -- logging ----------------------------------------------------------------------------

    def log(self, code: str, message: str, actor: Unit | None = None, target: Unit | None = None,
            check: CheckRecord | None = None, damage: int = 0, **params: Any) -> None:
        if actor is not None:
            params.setdefault("army", actor.name)
        if target is not None:
            params.setdefault("target", target.name)
        self.events.append(BattleEvent(self.round, code, message, params,
                                       actor.key if actor else None,
                                       target.key if target else None, check, damage))

    # -- checks -----------------------------------------------------------------------------

    def modifiers_for(self, unit: Unit, target: Target) -> list[Modifier]:
        """The battlefield's and the battle's own modifiers on a check of `unit`."""
        mods: list[Modifier] = []
        setup = self.setup
        if target in (Target.MANEUVER, Target.MANEUVER_ACTION):
            ignores_swamp = setup.water and (unit.knows("swamp_dwellers") or unit.knows("amphibious")
                                             or unit.knows("water_stride"))
            if setup.terrain is Terrain.DIFFICULT and not ignores_swamp:
                # "Все войска получают ситуативный штраф -2 к проверкам Манёвра на пересечённой
                # местности."
                mods.append(_circumstance(-2, "difficult terrain"))
            if setup.light is Light.DIM:
                # "все войска получают ситуативный бонус + 1 к проверкам Манёвра".
                mods.append(_circumstance(1, "dim light"))
            if setup.water and unit.knows("amphibious"):
                mods.append(_circumstance(2, "amphibious"))
        if target in (Target.MORALE, Target.RALLY, Target.ROUT_CHECK):
            if setup.side(unit.side).pcs_present:
                # "войско получает бонус состояния +1 ко всем проверкам Боевого духа".
                mods.append(_status(1, "player characters"))
            if any(e.knows("chorus_of_croaks") for e in self.engaged_enemies(unit)):
                mods.append(_status(-2, "chorus_of_croaks"))
        if target is Target.SCOUTING:
            if setup.light is Light.DARK and not self._darkvision(unit):
                # "все войска получают ситуативный штраф -4 к проверкам Разведки".
                mods.append(_circumstance(-4, "darkness"))
            elif setup.light is Light.DIM and not self._low_light(unit):
                mods.append(_circumstance(-2, "dim light"))
            if setup.water and unit.knows("swamp_dwellers"):
                mods.append(_circumstance(2, "swamp_dwellers"))
            if setup.water and unit.knows("water_stride"):
                mods.append(_circumstance(4, "water_stride"))
        return mods

    def statistic(self, unit: Unit, target: Target, *extra: Modifier) -> Statistic:
        base = unit.block.statistic(target)
        return base.with_modifiers(*self.modifiers_for(unit, target), *extra)

    def dc(self, unit: Unit, target: Target, *extra: Modifier) -> int:
        # The battlefield's situational modifiers (terrain, light, player characters) are given "к
        # проверкам" — to the checks an army attempts — so they are not added to the DCs those
        # checks are rolled against: on difficult terrain every army's Advance is 2 harder, which a
        # DC lowered by the same 2 would cancel.
        return unit.block.statistic(target).with_modifiers(*extra).total + 10

    def roll(self, unit: Unit, statistic: Statistic, dc: int, purpose: str) -> CheckRecord:
        # `purpose` is itself a msgid ("Counterattack"): the reader's side translates the step.
        roll = self.dice.d20(purpose=_("%(step)s (%(army)s)"), modifier=statistic.total,
                             step=purpose, army=unit.name)
        return CheckRecord(roll, statistic.total, dc, degree_of_success(roll.total, dc, roll.natural))

    def check(self, unit: Unit, target: Target, dc: int, purpose: str,
              *extra: Modifier) -> CheckRecord:
        return self.roll(unit, self.statistic(unit, target, *extra), dc, purpose)

    def armor_class(self, target: Unit, attacker: Unit | None) -> int:
        extra: list[Modifier] = []
        if target.guard_all or (attacker is not None and attacker.key in target.guard_against):
            extra.append(Modifier(ModifierKind.ITEM, 2, "guard"))
        if target.reckless:
            extra.append(_circumstance(-2, "reckless_flankers"))
        if attacker is not None and attacker.key in target.feinted_by:
            extra.append(_circumstance(-2, "feint"))
        return target.block.statistic(Target.AC).with_modifiers(*extra).total

    # -- what happens to units ---------------------------------------------------------------

    def gain(self, unit: Unit, condition: Condition, value: int = 1) -> None:
        if condition is Condition.SHAKEN and unit.knows("accustomed_to_panic") and not unit.routed:
            # Accustomed to Panic: "Trigger: its shaken value would rise while not routed. Instead
            # weary drops by 1".
            self.reduce(unit, Condition.WEARY)
            self.log("accustomed_to_panic", _("%(army)s is used to panic: weary -1 instead."),
                     unit)
            return
        unit.lasting[condition] = unit.lasting.get(condition, 0) + value
        self._settle(unit)

    def gain_until(self, unit: Unit, condition: Condition, value: int, owner: Unit,
                   at: str, skip: int = 0) -> None:
        unit.temporary.append(Temporary(condition, value, owner.key, at, skip))
        self._settle(unit)

    def reduce(self, unit: Unit, condition: Condition, by: int = 1) -> None:
        if condition not in unit.lasting:
            return
        remaining = unit.lasting[condition] - by
        if remaining > 0 and by:
            unit.lasting[condition] = remaining
        else:
            unit.lasting.pop(condition)
        unit.changed()

    def _settle(self, unit: Unit) -> None:
        unit.changed()
        effective = unit.conditions()
        if Condition.ROUTED in effective and Condition.ROUTED not in unit.lasting:
            # "Когда потрясение войска достигнет 4, оно обращено в бегство."
            unit.lasting[Condition.ROUTED] = 0
            unit.routed_ever = True
            self.log("routed", _("%(army)s is routed."), unit)
        if Condition.PINNED in effective and Condition.MIRED in unit.lasting and \
                unit.lasting.get(Condition.MIRED, 0) >= 4:
            unit.lasting.pop(Condition.MIRED)
            unit.lasting[Condition.PINNED] = 0
        unit.changed()

    def rout(self, unit: Unit) -> None:
        if not unit.routed:
            unit.lasting[Condition.ROUTED] = 0
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
            unit.lasting.pop(Condition.DEFEATED, None)
        unit.changed()

    def hurt(self, unit: Unit, amount: int, source: Unit | None = None) -> None:
        if amount <= 0 or unit.destroyed:
            return
        if unit.defeated:
            # Reference army_conditions Defeated: "if damaged while defeated, DC 16 flat check or
            # destroyed" (trolls' Regeneration: "cannot be destroyed normally").
            if not unit.knows("regeneration") and not flat_check(
                    self.dice, dc=16, purpose=_("Defeated army takes damage (%(army)s)"),
                    army=unit.name).success:
                unit.lasting = {Condition.DESTROYED: 0}
                unit.changed()
                self.log("destroyed", _("%(army)s is destroyed."), unit)
            return
        shaken = unit.value(Condition.SHAKEN)
        unit.hp = max(unit.hp - amount, 0)
        unit.changed()
        if shaken and not flat_check(self.dice, dc=11,
                                     purpose=_("Shaken army takes damage (%(army)s)"),
                                     army=unit.name).success:
            # Seed 003: "При получении урона потрясённое войско должно пройти чистую проверку со
            # СЛ 11. При провале потрясение увеличится на 1."
            self.gain(unit, Condition.SHAKEN)
        if unit.hp == 0:
            self._defeated(unit)

    def _defeated(self, unit: Unit) -> None:
        # "Когда ПЗ войска уменьшаются до 0, войско разгромлено"; "Разгромленное войско не может
        # совершать боевые действия."
        engaged = self.engaged_enemies(unit)
        unit.lasting[Condition.DEFEATED] = 0
        for enemy in engaged:
            self.disengage(unit, enemy)
        unit.changed()
        self.log("defeated", _("%(army)s is defeated."), unit)
        if unit.knows("explosive_defeat"):
            # Explosive Defeat: "each engaged army makes a Maneuver check vs its Maneuver DC or
            # takes 1 damage (2 on a critical failure)".
            dc = self.dc(unit, Target.MANEUVER)
            for enemy in engaged:
                record = self.check(enemy, Target.MANEUVER, dc, _("Explosive Defeat"))
                damage = {Degree.FAILURE: 1, Degree.CRITICAL_FAILURE: 2}.get(record.degree, 0)
                self.log("explosive_defeat", _("%(army)s's engine explodes beside %(target)s."),
                         unit, enemy, record, damage)
                self.hurt(enemy, damage, unit)

    def leave_fortification(self, unit: Unit) -> None:
        if Condition.FORTIFIED in unit.lasting:
            # "Защищённое войско, которое использует боевое действие с дескриптором «манёвр»,
            # немедленно утратит это состояние."
            unit.lasting.pop(Condition.FORTIFIED)
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
                if Condition.FORTIFIED in unit.lasting:
                    unit.lasting.pop(Condition.FORTIFIED)
                    self.gain(unit, Condition.SHAKEN)

    @property
    def enemy_fortification(self) -> Side | None:
        fort = self.setup.fortification
        if fort is None or not self.fortification_hp:
            return None
        return fort.side

    # -- strikes ----------------------------------------------------------------------------

    def strike_modifiers(self, attacker: Unit, target: Unit, kind: WeaponKind,
                         multiple_attack: bool = True) -> list[Modifier]:
        mods: list[Modifier] = []
        if multiple_attack and attacker.attack_targets:
            # Multiple attack penalty -5 / -10; Keep Up the Pressure: -4 / -8 against the same
            # target.
            count = min(len(attacker.attack_targets), 2)
            same = all(t == target.key for t in attacker.attack_targets)
            step = 4 if same and attacker.knows("keep_up_the_pressure") else 5
            mods.append(Modifier(ModifierKind.UNTYPED, -step * count, _("multiple attack penalty")))
        against = Target.RANGED_AGAINST if kind is WeaponKind.RANGED else Target.ATTACKS_AGAINST
        # The target's own: distant -5, concealed -2 ("все атаки против него — штраф -2"), which
        # an attacker that sees in this light ignores.
        mods += [m for m in target.block.statistic(against).modifiers
                 if not (m.source == Condition.CONCEALED.value and self._sees_clearly(attacker))]
        if kind is WeaponKind.RANGED:
            mods += self.wind(distant=target.position is Position.DISTANT)

        if target.army_type in OVERRUN_TARGETS and attacker.knows("overrun"):
            bonus = 2 if attacker.knows("cavalry_experts") else 1
            mods.append(_status(bonus, "overrun"))
        if attacker.ambush_target == target.key and self.round == 1 and not attacker.attack_targets:
            mods.append(_status(2, "ambush"))
        if attacker.first_turn_bonus_target == target.key and self.round == 1 and \
                kind is WeaponKind.MELEE:
            mods.append(_circumstance(1, "swamp_charge"))
        if attacker.reckless and attacker.engaged:
            mods.append(_circumstance(1, "reckless_flankers"))
        if multiple_attack and attacker.assault_bonus_except is not None and \
                attacker.assault_bonus_except != target.key:
            # All-Out Assault, critical success: "+1 circumstance to your next attack war action
            # this turn if it targets a different army".
            mods.append(_circumstance(1, "all_out_assault"))
        return mods

    def wind(self, *, distant: bool = False) -> list[Modifier]:
        """The wind on a ranged Strike, at an army or at a fortification: "Все дистанционные
        Удары получают ситуативный штраф -1 при сильном ветре и -2 при штормовом. Штраф ... по
        войскам на отдалении удваивается до -10"."""
        wind = {Wind.STRONG: -1, Wind.STORM: -2}.get(self.setup.wind, 0)
        if not wind:
            return []
        mods = [_circumstance(wind, "wind")]
        if distant:
            mods.append(Modifier(ModifierKind.UNTYPED, -5, _("wind at a distance")))
        return mods

    def _sees_clearly(self, attacker: Unit) -> bool:
        """Darkvision ignores darkness; low-light vision or darkvision ignores dim light."""
        light = self.setup.light
        return (light is Light.DARK and self._darkvision(attacker)) or \
            (light is Light.DIM and self._low_light(attacker))

    def strike(self, attacker: Unit, target: Unit, kind: WeaponKind, purpose: str,
               *extra: Modifier, multiple_attack: bool = True) -> CheckRecord:
        strike = attacker.block.strikes[kind]
        statistic = strike.attack.with_modifiers(
            *self.strike_modifiers(attacker, target, kind, multiple_attack), *extra)
        record = self.roll(attacker, statistic, self.armor_class(target, attacker), purpose)
        if multiple_attack:
            attacker.attack_targets.append(target.key)
            attacker.assault_bonus_except = None  # spent on (or lost to) this attack war action
        if kind is WeaponKind.RANGED:
            attacker.ammunition -= 1
        if attacker.key in target.feinted_by:
            target.feinted_by.discard(attacker.key)
            target.changed()
        return record

    # -- rounds -----------------------------------------------------------------------------

    def run(self, stop_after_round: int | None) -> BattleOutcome:
        self._initiative()
        while not self.finished:
            self.round += 1
            self._round()
            self._end_of_round()
            # The round limit first: stopping after the last round gives the whole fight.
            if not self.finished and self.round >= self.setup.max_rounds:
                self.finished = True
                self.log("round_limit", _("Night falls: both sides withdraw."))
            if stop_after_round is not None and self.round >= stop_after_round and \
                    not self.finished:
                return self._outcome(finished=False)
        return self._outcome(finished=True)

    def _initiative(self) -> None:
        # "Каждое войско, участвующее в битве, совершает проверку Разведки, и результат проверки
        # становится его значением инициативы."
        for unit in self._sorted():
            bonus = self.setup.side(unit.side).initiative_bonus
            extra = (_circumstance(bonus, "offensive gambit"),) if bonus else ()
            statistic = self.statistic(unit, Target.SCOUTING, *extra)
            roll = self.dice.d20(purpose=_("Initiative (%(army)s)"), modifier=statistic.total,
                                 army=unit.name)
            unit.initiative = roll.total
            self.log("initiative", _("%(army)s rolls %(total)s for initiative."), unit,
                     check=CheckRecord(roll, statistic.total, 0, Degree.SUCCESS),
                     total=roll.total)
        self.order = sorted(self.units.values(), key=self._initiative_key)
        self._starting_positions()

    def _initiative_key(self, unit: Unit) -> tuple[int, bool, bool, int]:
        # Ties go to the side a kingdom plays, then to the attackers (Foundry: "breaks ties in
        # favour of player armies").
        played = self.setup.side(unit.side).kingdom is not None
        return (-unit.initiative, not played, unit.side is not Side.ATTACKERS, unit.key)

    def _starting_positions(self) -> None:
        # "В первый раунд боя войска обычно поблизости друг от друга. Войска, обученные тактике
        # Засада, могут быть сразу вовлечены в бой. Войска, обученные тактике Приветственный залп,
        # могут быть на отдалении."
        for unit in self.order:
            enemies = self.enemies(unit)
            first = all(unit.initiative > e.initiative or
                        (unit.initiative == e.initiative and self.order.index(unit) <
                         self.order.index(e)) for e in enemies)
            if not first:
                continue
            wants_melee = tactician.wants_melee(self, unit)
            if unit.knows("ambush") and wants_melee:
                target = tactician.pick(self, unit, [e for e in enemies
                                                    if e.initiative < unit.initiative
                                                    and self.can_engage(unit, e)])
                if target is not None:
                    self.engage(unit, target)
                    unit.ambush_target = target.key
                    self.log("ambush", _("%(army)s springs an ambush on %(target)s."), unit,
                             target)
            elif unit.knows("opening_salvo") and not wants_melee:
                unit.position = Position.DISTANT
                unit.changed()
                self.log("opening_salvo", _("%(army)s opens the battle from a distance."), unit)
        if self.setup.water:
            for unit in self.order:
                if unit.knows("swamp_charge") and tactician.wants_melee(self, unit):
                    target = tactician.pick(self, unit, [e for e in self.enemies(unit)
                                                        if self.can_engage(unit, e)])
                    if target is not None:
                        self.engage(unit, target)
                        unit.first_turn_bonus_target = target.key
                        self.log("swamp_charge", _("%(army)s charges %(target)s out of the "
                                                   "swamp."), unit, target)

    def _round(self) -> None:
        for unit in self.order:
            if self.finished:
                return
            self._turn(unit)
            self._check_end()

    def _turn(self, unit: Unit) -> None:
        self._expire(unit, "start")
        unit.guard_all = False
        unit.guard_against.clear()
        unit.reaction_used = False
        unit.cannot_disengage = False
        unit.attack_targets = []
        unit.assault_bonus_except = None
        if unit.fled or unit.destroyed:
            return
        if unit.knows("regeneration"):
            # Regeneration: "Regains 1 HP at the start of its turn".
            if unit.hp < unit.max_hp:
                self.heal(unit, 1)
                self.log("regeneration", _("%(army)s regenerates 1 HP."), unit)
        if unit.defeated:
            return
        unit.actions = ACTIONS_PER_TURN
        if unit.routed:
            actions.routed_turn(self, unit)
        else:
            tactician.take_turn(self, unit)
        self._expire(unit, "end")

    def _expire(self, owner: Unit, at: str) -> None:
        for unit in self.units.values():
            kept = []
            for temp in unit.temporary:
                if temp.owner != owner.key or temp.at != at:
                    kept.append(temp)
                elif temp.skip:
                    temp.skip -= 1  # lasts until the end of a later turn ("your next turn")
                    kept.append(temp)
            if len(kept) != len(unit.temporary):
                unit.temporary = kept
                unit.changed()
            if at == "start" and unit.no_reactions_until == owner.key:
                unit.no_reactions_until = None

    def _end_of_round(self) -> None:
        if not self.finished:
            self._rout_checks()
            self._check_end()
        self.records.append(RoundRecord(
            self.round, tuple(u.key for u in self.order),
            tuple(self._snapshot(u) for u in self._sorted()), self.fortification_hp))

    def _rout_checks(self) -> None:
        # "Войско, чьи ПЗ равны или ниже ПБ, должно совершить проверку Боевого духа; СЛ равна
        # самой высокой СЛ Боевого духа среди остающихся вражеских войск."
        for unit in self.order:
            threshold = unit.routing_threshold
            if not unit.on_field or unit.routed or unit.rout_immune or threshold is None or \
                    unit.hp > threshold:
                continue
            enemies = self.enemies(unit)
            if not enemies:
                continue
            dc = max(self.dc(e, Target.MORALE) for e in enemies)
            record = self.check(unit, Target.ROUT_CHECK, dc, _("Rout check"))
            if record.degree is Degree.CRITICAL_SUCCESS:
                unit.rout_immune = True  # "больше не совершает проверки обращения в бегство"
                self.log("rout_check", _("%(army)s stands firm for the rest of the battle."), unit,
                         check=record)
            elif record.degree is Degree.SUCCESS:
                self.log("rout_check", _("%(army)s holds."), unit, check=record)
            elif record.degree is Degree.FAILURE:
                self.log("rout_check", _("%(army)s wavers: shaken +1."), unit, check=record)
                self.gain(unit, Condition.SHAKEN)
            else:
                self.log("rout_check", _("%(army)s breaks."), unit, check=record)
                self.rout(unit)
            if record.degree >= Degree.SUCCESS:
                actions.false_retreat(self, unit)

    def _check_end(self) -> None:
        # "Когда все войска с одной стороны конфликта разгромлены или обращены в бегство, сцена
        # битвы заканчивается."
        out = {side: all(u.out for u in self.side_units(side)) for side in Side}
        if not any(out.values()):
            return
        self.finished = True
        if out[Side.ATTACKERS] and out[Side.DEFENDERS]:
            self.winner = None
        else:
            self.winner = Side.DEFENDERS if out[Side.ATTACKERS] else Side.ATTACKERS

    def _snapshot(self, unit: Unit) -> ArmySnapshot:
        side_units = self.side_units(unit.side)
        row = side_units.index(unit)
        attackers = unit.side is Side.ATTACKERS
        column = {
            Position.DISTANT: 0, Position.NEARBY: 2, Position.ENGAGED: 4, Position.FLED: -1,
        }[unit.position]
        if not attackers and column >= 0:
            column = 9 - column
        return ArmySnapshot(unit.key, unit.side, unit.position, tuple(sorted(unit.engaged)),
                            unit.hp, tuple(unit.state().conditions), (column, row))

    def _outcome(self, *, finished: bool) -> BattleOutcome:
        armies, sides = aftermath.settle_battle(self) if finished else ((), ())
        return BattleOutcome(
            seed=self.dice.seed, finished=finished, winner=self.winner if finished else None,
            rounds=tuple(self.records), events=tuple(self.events), armies=armies, sides=sides,
            fortification_hp=self.fortification_hp, rolls=tuple(self.dice.log))

