"""Missile, charge and melee (mixed into engine.Round): attack against defense with seed 000's
terrain bonuses, a card from the battle deck per attack, and the empty fortification fighting on
its own; what the results do is in results.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.cerilia import ranks
from rules.cerilia.attack_kinds import ATTACK_LABELS as ATTACK_LABELS
from rules.cerilia.attack_kinds import CHARGE as CHARGE
from rules.cerilia.attack_kinds import MELEE as MELEE
from rules.cerilia.attack_kinds import MISSILE as MISSILE
from rules.cerilia.cards import FORTIFICATION_DEFENDERS, Tag
from rules.cerilia.deck import Result, column, draw, result
from rules.cerilia.field import DISTANCES_FROM, RESERVE, SECTORS
from rules.cerilia.results import Results
from rules.cerilia.state import (
    FORTIFICATION,
    NO_CHARGE_TERRAIN,
    EffectKind,
    TerrainKind,
    Unit,
    UnitStatus,
)
from rules.cerilia.visibility import fogged_among, line_of_fire
from rules.errors import _
from rules.sides import ATTACKER, DEFENDER, SIDES, Side

# Seed 000 gives no size for "Ездовые Отряды получают штраф ... в секторе с Болотами": our -1.
SWAMP_PENALTY = 1


# The kinds of terrain and the tags the attack and defense values ask after at every attack, as
# globals: a member read off its class is slow on Python 3.11 (rules.sides).
HILLS, CLIFFS, FOREST, SWAMP = (TerrainKind.HILLS, TerrainKind.CLIFFS, TerrainKind.FOREST,
                                TerrainKind.SWAMP)
MOUNTED, ELVEN, DWARVEN, ARTILLERY = Tag.MOUNTED, Tag.ELVEN, Tag.DWARVEN, Tag.ARTILLERY
ROUTED, DESTROYED = UnitStatus.ROUTED, UnitStatus.DESTROYED

# The card's field for each kind of attack.
_ATTACK_VALUES = {MELEE: "melee", CHARGE: "charge", MISSILE: "missile"}


def off_the_table(unit: Unit) -> bool:
    """Ruling: an order naming a unit in ambush as its target names no unit. Seed 001
    (001_5d751c33a121b07e.txt, «Засада») keeps the battalion off the field until "он
    выставляется на поле", and its enemy attacks it only through a marker («Противник имеет
    право атаковать один из выставленных маркеров засадного батальона»). Were the order's aim
    kept, an invisible shooter (seed 000: "Атака со стороны Невидимого Отряда приведет к его
    раскрытию"; it shoots only when its target is given) would fire at the nearest mark and be
    seen where, with no such unit, it holds its fire: the table would tell the enemy that an
    unmarked ambush is there (reference: "The enemy sees nothing of an ambush that has not
    moved"). The orders refuse such a target already (target_unknown); this is the engine's
    own guard for orders it is given as they are."""
    return unit.ambush is not None


@dataclass
class _Attack:
    attacker: str
    target: str
    kind: str
    sector: str = ""   # where the fortification stands, when it fights (either way)


class Combat(Results):
    def attack_value(self, attacker: Unit, kind: str, target: Unit | None) -> int:
        value = getattr(attacker.card, _ATTACK_VALUES[kind]) or 0
        sector = attacker.position
        if self.effects:   # most rounds have no spell or artifact in force
            if any(e.kind is EffectKind.BLESS and e.unit == attacker.key for e in self.effects):
                value += 1   # "бонус +1 ко всем Параметрам Атаки"
            if any(e.kind is EffectKind.ARTIFACT_ATTACK and e.unit == attacker.key
                   for e in self.effects):
                value += 1   # module "artifacts": "+1 to the attacks of the bearer's unit"
        if kind == MELEE and self.start.scenario.modules.magic_dice:
            value += ranks.melee_bonus(attacker)   # "champion (+1 melee while alive)"
        if self.night:
            value += attacker.card.night_bonus
        holds = self.held.get(sector) is attacker.side
        target_dwarven = target is not None and target.has(DWARVEN)
        terrain = self.terrain.kinds(sector)
        if holds and HILLS in terrain and not target_dwarven:
            value += 1   # Hills: "+1 к ... всех видов Боя"; "Отряды Дворфов игнорируют бонусы"
        if holds and CLIFFS in terrain and kind == MELEE:
            value += 1   # Cliffs: "+1 к их Показателям Ближнего Боя и Защиты"
        if attacker.side is DEFENDER and attacker.has(ELVEN) and kind in (MELEE, MISSILE) \
                and FOREST in terrain:
            value += 1   # "дружественные Эльфийские Отряды ... +1 к ... Ближнего Боя и Дистанционной"
        if kind == MELEE and attacker.has(MOUNTED) and SWAMP in terrain:
            value -= SWAMP_PENALTY
        if kind == MISSILE and target is not None \
                and self.has_terrain(target.position, FOREST) \
                and FOREST not in terrain:
            value -= 2   # "Все Дистанционные Атаки, которые направлены в данный сектор получают -2"
        return value

    def defense_value(self, target: Unit, attacker: Unit | None) -> int:
        value = target.card.defense
        sector = target.position
        holds = self.held.get(sector) is target.side
        terrain = self.terrain.kinds(sector)
        if holds and HILLS in terrain \
                and not (attacker is not None and attacker.has(DWARVEN)):
            value += 1
        if holds and CLIFFS in terrain:
            value += 1
        if target.has(MOUNTED) and SWAMP in terrain:
            value -= SWAMP_PENALTY
        fort = self.terrain.fortification(sector)
        if fort is not None and target.side is DEFENDER \
                and not (attacker is not None and attacker.has(ARTILLERY)):
            # "заменяется на Уровень Укрепления, либо изменяется на +1 ... что будет выше.
            # Артиллерия Противника игнорирует данные бонусы к Защите."
            value = max(fort.level, value + fort.bonus)
        return value

    def fortification_unit(self, sector: str) -> Unit:
        """An empty fortification "считается за 1 Отряд Иррегулярных Войск"."""
        fort = self.terrain.fortification(sector)
        if fort is None:
            raise ValueError(f"no fortification in {sector}")
        return Unit(FORTIFICATION, DEFENDER, FORTIFICATION_DEFENDERS,
                    str(_("the fortification")), fort.hits, sector, 0)

    def empty_fortifications(self) -> list[Unit]:
        """The fortifications with no defender in sight: "Укрепление получает Урон только в
        том случае, если в секторе с Укреплением нет дружественных Отрядов". An invisible
        defender counts as absent, as in melee (anything else would give it away)."""
        fortification = TerrainKind.FORTIFICATION   # read once: slow off its class (rules.sides)
        return [self.fortification_unit(t.sector) for t in self.terrain
                if t.kind is fortification and not self.at(t.sector, DEFENDER)]

    def resolve(self, attacks: list[_Attack]) -> None:
        """Draw a card for each attack, then apply the results together (an exchange is
        simultaneous)."""
        outcomes = []
        for attack in attacks:
            attacker = self.combatant(attack.attacker, attack.sector)
            target = self.combatant(attack.target, attack.sector)
            difference = self.attack_value(attacker, attack.kind, target) \
                - (self.defense_value(target, attacker) if target.key != FORTIFICATION
                   else FORTIFICATION_DEFENDERS.defense)
            card, outcome = self.battle_card(difference, _("Battle card: %(unit)s attacks "
                                             "%(target)s"), unit=attacker.name,
                                             target=target.name)
            self.say("attack", _("%(unit)s attacks %(target)s (%(attack)s, column %(column)+d): "
                     "card %(card_no)s, %(result)s."), attacker, target, card=card,
                     outcome=outcome, attack=ATTACK_LABELS[attack.kind], column=column(difference),
                     card_no=card, result=outcome._value_)
            outcome = self.second_card(attacker, target, difference, outcome)
            outcomes.append((attack, outcome))
        for attack, outcome in outcomes:
            if attack.target == FORTIFICATION:
                self.strike_fortification(attack.sector, outcome)
            else:
                self.blow = attack.kind
                self.apply(self.units[attack.target], outcome)
                self.blow = None

    def battle_card(self, difference: int, purpose: str, **names: Any) -> tuple[int, Result]:
        """A card off the battle deck for an attack `difference` columns from even (an attack
        of a unit, of a trap, a redraw), and the result it reads there."""
        card, self.deck = draw(self.dice, self.deck, purpose=purpose, **names)
        return card, result(card, difference)

    def second_card(self, attacker: Unit | None, target: Unit, difference: int, outcome: Result,
                    source: str = "") -> Result:
        """The attack's result after its card is drawn: as drawn, unless a module redraws it
        (artifacts.Artifacts, module "artifacts"). No `attacker`: a trap's card, `source` its
        name."""
        return outcome

    def strike(self, attacker: Unit, target: Unit) -> None:
        """One melee attack at once, outside the melee phase (seed 001's scouting: "имеет право
        без приказа атаковать его")."""
        self.resolve([_Attack(attacker.key, target.key, MELEE, attacker.position)])

    def combatant(self, key: str, sector: str) -> Unit:
        if key == FORTIFICATION:
            return self.fortification_unit(sector)
        return self.units[key]

    def can_attack(self, unit: Unit) -> bool:
        # A routed unit "may not attack" the round it routs and the next (reference §1.7).
        # Module "magic dice": "musician (a routed unit may attack again the next round)".
        # On the field (alive, out of the reserve), read off the fields: asked of every unit
        # in every attack phase, and a property is a call.
        status = unit.status
        return status is not DESTROYED and unit.position != RESERVE and (
            status is not ROUTED
            or (self.start.scenario.modules.magic_dice
                and ranks.musician_rallies(unit, self.number)))

    def missile_target_ok(self, shooter: Unit, target: Unit) -> bool:
        if target.side is shooter.side or not target.on_field or not self.sees(shooter.side,
                                                                                target):
            return False
        return self.clear_shot(shooter, target.position)

    def clear_shot(self, shooter: Unit, b: str) -> bool:
        """Whether the shooter's missiles reach sector `b`: range, cliffs, fog and walls."""
        return line_of_fire(self.terrain, self.effects, shooter.position, b,
                            shooter.card.missile_range)

    def ranked_marks(self, side: Side) -> list[tuple[int, int, int, Unit]]:
        """What the side's shooters may shoot at when their own target will not do, as far as
        it depends on the side alone (missile_target_ok's test of the target), in the order a
        shooter prefers them at equal distance: by sector, then cell, then as listed. Made once
        a side, when a shooter first needs it (most of a side's units shoot nothing): the side's
        reveals as it shoots change only its own units, so neither the marks nor what its eyes
        see changes."""
        # An empty fortification fights as a unit, so missiles may strike it too. Only the
        # defender's units empty it, and the attacker's shots reveal none.
        forts = self.empty_fortifications() if side is ATTACKER else []
        # In plain sight (no fog or night in force) a unit on the field is seen unless it is
        # concealed, as sees answers it. All of them are alive: on the field is out of the
        # reserve.
        plain_sight = not self.night and not self.effects
        marks = [u for u in (*self.units.side_units(side.other), *forts) if u.position != RESERVE
                 and (not u.hidden and u.ambush is None if plain_sight   # not concealed
                      else self.sees(side, u))]
        return sorted([(SECTORS.index(u.position), u.cell, listed, u)
                       for listed, u in enumerate(marks)])

    def shoot(self) -> None:
        self.phase = "missile"
        attacks = []
        for side in self.sides_in_order():
            attacks += self.concealed_attacks(side, MISSILE)
            ranked: list[tuple[int, int, int, Unit]] | None = None   # when a shooter needs them
            for shooter in self.units.side_units(side):
                if shooter.card.missile is None or not self.can_attack(shooter) \
                        or shooter.key in self.scouted or self.acts_concealed(shooter):
                    # Reference, ruling: "a scouting unit makes no missile attack that round";
                    # a unit in ambush shoots through its ambush's one order.
                    continue
                target = self.chosen_target(shooter)
                if self.orders[side].targets.get(shooter.key) == FORTIFICATION:
                    # Only the defender's units empty it: the attacker's shots reveal none.
                    forts = self.empty_fortifications() if side is ATTACKER else []
                    target = forts[0] if forts else None
                if shooter.hidden and target is None:
                    # Firing reveals it ("Атака со стороны Невидимого Отряда приведет к его
                    # раскрытию"): an invisible unit shoots only when its side orders it to.
                    continue
                if target is None or not self.missile_target_ok(shooter, target):
                    # The nearest mark in clear shot, the first of the nearest in `ranked`; a
                    # mark out of range, or no nearer than one found, needs no look at the way.
                    if ranked is None:
                        ranked = self.ranked_marks(side)
                    target, nearest = None, shooter.card.missile_range + 1
                    distances = DISTANCES_FROM[shooter.position]
                    for *_rank, mark in ranked:
                        apart = distances[mark.position]
                        if apart < nearest and self.clear_shot(shooter, mark.position):
                            target, nearest = mark, apart
                if target is not None:
                    shooter = self.unhide_to_attack(shooter)
                    attacks.append(_Attack(shooter.key, target.key, MISSILE, target.position))
        self.resolve(attacks)
        self.after_concealed()

    # Hooks module "ambush" fills in (ambush.py, traps.py); without it they do nothing.

    def concealed_attacks(self, side: Side, kind: str) -> list[_Attack]:
        """The side's attacks from ambush and on enemy markers in this phase (`kind`)."""
        return []

    def acts_concealed(self, unit: Unit) -> bool:
        """Whether `unit` sits out this phase's ordinary attacks: in ambush, or it has already
        made its attack on a marker or from ambush."""
        return False

    def after_concealed(self) -> None:
        """What follows this phase's attacks from ambush (the attacked side's d6)."""

    def chosen_target(self, unit: Unit) -> Unit | None:
        """The unit its side's order names as its target: none if that unit is dead, or in
        ambush (off_the_table), as if the order named no unit at all."""
        key = self.orders[unit.side].targets.get(unit.key)
        target = self.units.get(key) if key else None
        return target if target is not None and target.alive and not off_the_table(target) \
            else None

    def unhide_to_attack(self, unit: Unit) -> Unit:
        if unit.hidden:
            # "Атака со стороны Невидимого Отряда приведет к его раскрытию."
            return self.reveal(unit, _("%(unit)s attacks and is seen."))
        return unit

    def charge(self) -> None:
        self.phase = "charge"
        attacks = []
        for side in self.sides_in_order():
            for key, travelled in self.charging.items():
                unit = self.units[key]
                if unit.side is not side or not self.can_attack(unit):
                    continue
                sector = unit.position
                kinds = self.terrain.kinds(sector)
                # Forest, swamp, hills, cliffs: "не могут быть атакованы Кавалерийской Атакой";
                # fog: "из сектора, в сектор, или через сектор, покрытый Туманом"; the attacker's
                # "не могут поражать Кавалерийской Атакой в данный сектор, пока Укрепление
                # действует и не разрушено".
                blocked = bool(kinds & NO_CHARGE_TERRAIN) \
                    or any(fogged_among(self.effects, s) for s in travelled if s != RESERVE) \
                    or (side is ATTACKER and self.terrain.fortification(sector) is not None)
                enemies = self.at(sector, side.other)
                if blocked or not enemies:
                    self.say("no_charge", _("%(unit)s cannot charge here and fights on foot."),
                             unit)
                    continue
                attacks.append(_Attack(key, enemies[0].key, CHARGE))
        self.charged = {a.attacker for a in attacks}
        self.resolve(attacks)

    def melee(self) -> None:
        self.phase = "melee"
        attacks = [a for side in self.sides_in_order()
                   for a in self.concealed_attacks(side, MELEE)]
        # Where both sides stand, hidden or not, or the attacker at a fortification (which may
        # fight on its own): elsewhere no side has an enemy to strike and nothing is revealed
        # (the reveals below move nobody).
        fronts = self.units.contested()
        fortified = self.terrain.fortified()
        if fortified:
            fronts |= fortified & self.units.occupied()
        fronts.discard(RESERVE)   # the reserves meet in no melee
        for sector in sorted(fronts, key=SECTORS.index):   # in the field's order
            present = {side: self.at(sector, side, hidden=True) for side in SIDES}
            targets = {side: self.at(sector, side) for side in SIDES}   # the ones in sight
            sides = {side: [u for u in targets[side] if self.can_attack(u)] for side in SIDES}
            for side in SIDES:
                # A side's reveals below change its own units only: `present` still holds.
                hidden_attackers = [u for u in present[side] if u.hidden
                                    and self.can_attack(u)
                                    and self.orders[side].targets.get(u.key) in
                                    {t.key for t in targets[side.other]}]
                for unit in hidden_attackers:
                    sides[side].append(self.unhide_to_attack(unit))
            # An invisible defender counts as absent: the fortification fights on its own.
            fort_fights = self.terrain.fortification(sector) is not None and not self.at(
                sector, DEFENDER) and targets[ATTACKER]
            if fort_fights:
                targets[DEFENDER] = [self.fortification_unit(sector)]
                sides[DEFENDER] = []
                attacks.append(_Attack(FORTIFICATION, targets[ATTACKER][0].key, MELEE,
                                       sector))
            for side in self.sides_in_order():
                enemies = targets[side.other]
                if not enemies:
                    continue
                for index, unit in enumerate(u for u in sides[side]
                                             if u.key not in self.charged
                                             and not self.acts_concealed(u)):
                    target = self.chosen_target(unit)
                    if target is None or target.key not in {e.key for e in enemies}:
                        target = enemies[min(index, len(enemies) - 1)]
                    attacks.append(_Attack(unit.key, target.key, MELEE, sector))
        self.resolve(attacks)
        self.after_concealed()
