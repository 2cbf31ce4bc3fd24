"""Missile, charge and melee, and what their results do (mixed into engine.Round): attack
against defense with seed 000's terrain bonuses, a card from the battle deck per attack, hits,
routs, falling back and blocked retreats, and the empty fortification fighting on its own."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.cerilia import ranks
from rules.cerilia.cards import FORTIFICATION_DEFENDERS, Tag
from rules.cerilia.deck import Result, column, draw, result
from rules.cerilia.field import RESERVE, SECTORS, distance, edge, fall_back_step, straight_edges
from rules.cerilia.markers import Markers
from rules.cerilia.state import (
    FORTIFICATION,
    NO_CHARGE_TERRAIN,
    EffectKind,
    TerrainKind,
    Unit,
    UnitStatus,
)
from rules.cerilia.visibility import fogged
from rules.errors import _
from rules.sides import Side

MELEE, CHARGE, MISSILE = "melee", "charge", "missile"
ATTACK_LABELS = {MELEE: _("melee"), CHARGE: _("charge"), MISSILE: _("missile")}
# Seed 000 gives no size for "Ездовые Отряды получают штраф ... в секторе с Болотами": our -1.
SWAMP_PENALTY = 1


@dataclass
class _Attack:
    attacker: str
    target: str
    kind: str
    sector: str = ""   # where the fortification stands, when it fights (either way)


class Combat(Markers):
    # The kind of attack whose result is being applied (None: a spell, morale, a trap...):
    # module "magic dice" takes a standard whose bearer falls to an enemy melee attack.
    blow: str | None = None

    def attack_value(self, attacker: Unit, kind: str, target: Unit | None) -> int:
        value = {MELEE: attacker.card.melee, CHARGE: attacker.card.charge,
                 MISSILE: attacker.card.missile}[kind] or 0
        sector = attacker.position
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
        target_dwarven = target is not None and target.has(Tag.DWARVEN)
        if holds and self.has_terrain(sector, TerrainKind.HILLS) and not target_dwarven:
            value += 1   # Hills: "+1 к ... всех видов Боя"; "Отряды Дворфов игнорируют бонусы"
        if holds and self.has_terrain(sector, TerrainKind.CLIFFS) and kind == MELEE:
            value += 1   # Cliffs: "+1 к их Показателям Ближнего Боя и Защиты"
        if attacker.side is Side.DEFENDER and attacker.has(Tag.ELVEN) and kind in (MELEE, MISSILE) \
                and self.has_terrain(sector, TerrainKind.FOREST):
            value += 1   # "дружественные Эльфийские Отряды ... +1 к ... Ближнего Боя и Дистанционной"
        if kind == MELEE and attacker.has(Tag.MOUNTED) \
                and self.has_terrain(sector, TerrainKind.SWAMP):
            value -= SWAMP_PENALTY
        if kind == MISSILE and target is not None \
                and self.has_terrain(target.position, TerrainKind.FOREST) \
                and not self.has_terrain(sector, TerrainKind.FOREST):
            value -= 2   # "Все Дистанционные Атаки, которые направлены в данный сектор получают -2"
        return value

    def defense_value(self, target: Unit, attacker: Unit | None) -> int:
        value = target.card.defense
        sector = target.position
        holds = self.held.get(sector) is target.side
        if holds and self.has_terrain(sector, TerrainKind.HILLS) \
                and not (attacker is not None and attacker.has(Tag.DWARVEN)):
            value += 1
        if holds and self.has_terrain(sector, TerrainKind.CLIFFS):
            value += 1
        if target.has(Tag.MOUNTED) and self.has_terrain(sector, TerrainKind.SWAMP):
            value -= SWAMP_PENALTY
        fort = self.fortification(sector)
        if fort is not None and target.side is Side.DEFENDER \
                and not (attacker is not None and attacker.has(Tag.ARTILLERY)):
            # "заменяется на Уровень Укрепления, либо изменяется на +1 ... что будет выше.
            # Артиллерия Противника игнорирует данные бонусы к Защите."
            value = max(fort.level, value + fort.bonus)
        return value

    def fortification_unit(self, sector: str) -> Unit:
        """An empty fortification "считается за 1 Отряд Иррегулярных Войск"."""
        fort = self.fortification(sector)
        if fort is None:
            raise ValueError(f"no fortification in {sector}")
        return Unit(FORTIFICATION, Side.DEFENDER, FORTIFICATION_DEFENDERS,
                    str(_("the fortification")), fort.hits, sector, 0)

    def empty_fortifications(self) -> list[Unit]:
        """The fortifications with no defender in sight: "Укрепление получает Урон только в
        том случае, если в секторе с Укреплением нет дружественных Отрядов". An invisible
        defender counts as absent, as in melee (anything else would give it away)."""
        return [self.fortification_unit(t.sector) for t in self.terrain
                if t.kind is TerrainKind.FORTIFICATION and not self.at(t.sector, Side.DEFENDER)]

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
            card, self.deck = draw(self.dice, self.deck, purpose=_("Battle card: %(unit)s "
                                   "attacks %(target)s"), unit=attacker.name, target=target.name)
            outcome = result(card, difference)
            self.say("attack", _("%(unit)s attacks %(target)s (%(attack)s, column %(column)+d): "
                     "card %(card_no)s, %(result)s."), attacker, target, card=card,
                     outcome=outcome, attack=ATTACK_LABELS[attack.kind], column=column(difference),
                     card_no=card, result=outcome.value)
            outcome = self.second_card(attacker, target, difference, outcome)
            outcomes.append((attack, outcome))
        for attack, outcome in outcomes:
            if attack.target == FORTIFICATION:
                self.strike_fortification(attack.sector, outcome)
            else:
                self.blow = attack.kind
                self.apply(self.units[attack.target], outcome)
                self.blow = None

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
        return unit.alive and unit.on_field and (
            unit.status is not UnitStatus.ROUTED
            or (self.start.scenario.modules.magic_dice
                and ranks.musician_rallies(unit, self.number)))

    def missile_target_ok(self, shooter: Unit, target: Unit) -> bool:
        if target.side is shooter.side or not target.on_field or not self.sees(shooter.side,
                                                                                target):
            return False
        return self.clear_shot(shooter, target.position)

    def clear_shot(self, shooter: Unit, b: str) -> bool:
        """Whether the shooter's missiles reach sector `b`: range, cliffs, fog and walls."""
        a = shooter.position
        if distance(a, b) > shooter.card.missile_range:
            return False
        if self.has_terrain(b, TerrainKind.CLIFFS):
            return False   # Cliffs: "не могут быть ... обстреляны с помощью Дистанционной Атаки"
        if a != b and (fogged(self.state(), a) or fogged(self.state(), b)):
            return False   # Fog: "в него и из него нельзя направлять Дальнобойные Атаки"
        # Walls: "Перемещения, а также Дальнобойные Атаки запрещены между сектором ... и сектором"
        walls = {edge(e.sector, e.toward) for e in self.effects
                 if e.kind is EffectKind.WALL and e.sector and e.toward}
        return not any(crossing in walls for crossing in straight_edges(a, b))

    def shoot(self) -> None:
        self.phase = "missile"
        attacks = []
        for side in self.sides_in_order():
            attacks += self.concealed_attacks(side, MISSILE)
            for shooter in self.side_units(side):
                if shooter.card.missile is None or not self.can_attack(shooter) \
                        or shooter.key in self.scouted or self.acts_concealed(shooter):
                    # Reference, ruling: "a scouting unit makes no missile attack that round";
                    # a unit in ambush shoots through its ambush's one order.
                    continue
                target = self.chosen_target(shooter)
                # An empty fortification fights as a unit, so missiles may strike it too.
                forts = self.empty_fortifications() if side is Side.ATTACKER else []
                if self.orders[side].targets.get(shooter.key) == FORTIFICATION:
                    target = forts[0] if forts else None
                if shooter.hidden and target is None:
                    # Firing reveals it ("Атака со стороны Невидимого Отряда приведет к его
                    # раскрытию"): an invisible unit shoots only when its side orders it to.
                    continue
                if target is None or not self.missile_target_ok(shooter, target):
                    options = [u for u in [*self.side_units(side.other), *forts]
                               if self.missile_target_ok(shooter, u)]
                    target = min(options, key=lambda u: (distance(shooter.position, u.position),
                                                         SECTORS.index(u.position), u.cell),
                                 default=None)
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
        key = self.orders[unit.side].targets.get(unit.key)
        target = self.units.get(key) if key else None
        return target if target is not None and target.alive else None

    def unhide_to_attack(self, unit: Unit) -> Unit:
        if unit.hidden:
            # "Атака со стороны Невидимого Отряда приведет к его раскрытию."
            return self.reveal(unit, _("%(unit)s attacks and is seen."))
        return unit

    def side_units(self, side: Side) -> list[Unit]:
        return [u for u in self.units.values() if u.side is side and u.alive]

    def charge(self) -> None:
        self.phase = "charge"
        attacks = []
        for side in self.sides_in_order():
            for key, travelled in self.charging.items():
                unit = self.units[key]
                if unit.side is not side or not self.can_attack(unit):
                    continue
                sector = unit.position
                kinds = {t.kind for t in self.terrain if t.sector == sector}
                # Forest, swamp, hills, cliffs: "не могут быть атакованы Кавалерийской Атакой";
                # fog: "из сектора, в сектор, или через сектор, покрытый Туманом"; the attacker's
                # "не могут поражать Кавалерийской Атакой в данный сектор, пока Укрепление
                # действует и не разрушено".
                blocked = bool(kinds & NO_CHARGE_TERRAIN) \
                    or any(fogged(self.state(), s) for s in travelled if s != RESERVE) \
                    or (side is Side.ATTACKER and self.fortification(sector) is not None)
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
        for sector in SECTORS:
            sides = {side: [u for u in self.at(sector, side) if self.can_attack(u)]
                     for side in Side}
            targets = {side: self.at(sector, side) for side in Side}
            for side in Side:
                hidden_attackers = [u for u in self.at(sector, side, hidden=True) if u.hidden
                                    and self.can_attack(u)
                                    and self.orders[side].targets.get(u.key) in
                                    {t.key for t in targets[side.other]}]
                for unit in hidden_attackers:
                    sides[side].append(self.unhide_to_attack(unit))
            # An invisible defender counts as absent: the fortification fights on its own.
            fort_fights = self.fortification(sector) is not None and not self.at(
                sector, Side.DEFENDER) and targets[Side.ATTACKER]
            if fort_fights:
                targets[Side.DEFENDER] = [self.fortification_unit(sector)]
                sides[Side.DEFENDER] = []
                attacks.append(_Attack(FORTIFICATION, targets[Side.ATTACKER][0].key, MELEE,
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

    # -- results --------------------------------------------------------------------------

    def apply(self, unit: Unit, outcome: Result) -> None:
        unit = self.units[unit.key]
        if not unit.alive or outcome is Result.NONE:
            return
        if outcome is Result.DESTROYED:
            self.destroy(unit, _("%(unit)s is destroyed."))
            return
        if outcome is Result.HIT:
            self.lose_hit(unit)
            return
        in_fort = unit.side is Side.DEFENDER and self.fortification(unit.position) is not None
        if in_fort:
            # "Дружественные Отряды игнорируют результаты F и R и остаются в секторе с
            # Укреплением, но все равно получают 1 Повреждение при результате R."
            self.say("holds_fortification", _("%(unit)s holds the fortification."), unit)
            if outcome is Result.ROUT:
                self.lose_hit(unit, morale=False)
            return
        if outcome is Result.ROUT:
            unit = replace(unit, status=UnitStatus.ROUTED, routed_in=self.number)
            self.units[unit.key] = unit
        if unit.position == RESERVE:
            # An earlier blow of the same (simultaneous) exchange already drove it off the
            # field: there is nowhere further back; a rout still costs its hit.
            if outcome is Result.ROUT:
                self.lose_hit(unit, morale=False)
            return
        unit = self.fall_back(unit)
        if outcome is Result.ROUT and unit.alive:
            self.lose_hit(unit, morale=False)

    def lose_hit(self, unit: Unit, *, morale: bool = True) -> None:
        unit = self.units[unit.key]
        if self.start.scenario.modules.magic_dice:   # a wound off the next model (ranks.py)
            unit, lost = ranks.take_wound(unit, melee=self.blow in (MELEE, CHARGE))
            told = ranks.told_loss(unit, lost)
            if told is not None:
                self.say(told[0], told[1], unit, model=told[2])
        else:
            unit = replace(unit, hits=unit.hits - 1)
        self.units[unit.key] = unit
        if unit.hits <= 0:
            self.destroy(unit, _("%(unit)s loses its last hit and is destroyed."))
        else:
            self.say("hit", _("%(unit)s takes a hit (%(hits)s left)."), unit, hits=unit.hits)
            if morale:
                self.hit.add(unit.key)

    def destroy(self, unit: Unit, message: str, **params: Any) -> None:
        # Told to the sides that saw the unit before it fell: a unit lost in fog or night,
        # unseen by the enemy, must not show up in the enemy's events.
        to = frozenset(s for s in Side if self.sees(s, unit))
        self.units[unit.key] = replace(unit, status=UnitStatus.DESTROYED, hits=0)
        self.say("destroyed", message, unit, to=to, **params)
        self.characters_lose(unit)

    def fall_back(self, unit: Unit) -> Unit:
        """One sector toward its own side; blocked (destroyed) by an enemy-held sector, the edge
        of the field, cliffs, a river or a wall; a hidden enemy in the way strikes it down."""
        self.moved_back.add(unit.key)
        self.charging.pop(unit.key, None)
        here = unit.position
        while True:
            step = fall_back_step(here, unit.side)
            if step == RESERVE and not self.start.scenario.retreat_into_reserve:
                self.destroy(unit, _("%(unit)s is driven off the field and destroyed."))
                return self.units[unit.key]
            barrier = self.barrier(here, step, None)
            if barrier:
                # Cliffs, river: "путь для данного Отряда будет заблокирован, даже если сектор
                # свободен от Отрядов Противника, и отряд будет уничтожен".
                self.destroy(unit, _("%(unit)s cannot fall back across the %(reason)s and is "
                                     "destroyed."), reason=barrier)
                return self.units[unit.key]
            if step != RESERVE:
                if self.at(step, unit.side.other):
                    self.destroy(unit, _("%(unit)s finds its retreat cut off and is "
                                         "destroyed."))
                    return self.units[unit.key]
                lurking = [u for u in self.at(step, unit.side.other, hidden=True)
                           if u.hidden and u.key not in self.hidden_struck]
                if lurking:
                    # "невидимый Отряд обязан напасть на Отступающие Отряды ... после
                    # уничтожения Отступающей Боевой Единицы сокрытый Отряд должен быть раскрыт".
                    striker = self.revealed_first(lurking, unit.side)
                    self.hidden_struck.add(striker.key)
                    self.destroy(unit, _("%(unit)s runs into an unseen enemy and is "
                                         "destroyed."))
                    self.reveal(striker, _("%(unit)s strikes from hiding and is seen."))
                    return self.units[unit.key]
            if self.free_cell(step, unit.side) is not None:
                unit = self.put(unit, step)
                self.say("falls_back", _("%(unit)s falls back to %(sector)s."), unit,
                         sector=step)
                return unit
            here = step   # no cell free among its own: it falls back further

    def revealed_first(self, lurking: list[Unit], retreating: Side) -> Unit:
        """Seed 000: "Если сокрытых Отрядов больше, чем 1 и все они закрывают путь отступающим
        Отрядам, значит Противник ... выбирает, какой из сокрытых Отрядов будет раскрыт". The
        retreating side knows them only as "[]" marks by sector, so its orders rank sectors
        (RoundOrders.reveal_first); unnamed ones come after, and within a sector the first in
        cell order (the reference's default)."""
        ranked = self.orders[retreating].reveal_first

        def rank(unit: Unit) -> tuple[int, int, int]:
            named = ranked.index(unit.position) if unit.position in ranked else len(ranked)
            return named, SECTORS.index(unit.position), unit.cell

        return min(lurking, key=rank)

    def strike_fortification(self, sector: str, outcome: Result) -> None:
        fort = self.fortification(sector)
        if fort is None or outcome in (Result.NONE, Result.FALL_BACK):
            return
        hits = 0 if outcome is Result.DESTROYED else fort.hits - 1
        self.terrain.remove(fort)
        if hits > 0:
            self.terrain.append(replace(fort, hits=hits))
            self.say("fortification_hit", _("The fortification in %(sector)s takes a hit."),
                     sector=sector)
        else:
            # "В случае Уничтожения Укрепления, данная Карточка будет снята с Поля Боя."
            self.say("fortification_destroyed", _("The fortification in %(sector)s is "
                     "destroyed."), sector=sector)
