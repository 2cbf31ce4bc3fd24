"""Module "ambush" in the round (seed 001_5d751c33a121b07e.txt, "Засада"; reference/sector-
modules.md, module "ambush"): an ambush's markers laid and moved, its attacks from hiding and the
attacked side's d6, the enemy turning its markers over. engine.Round mixes it in over the
movement and combat phases, whose hooks it fills; orders are checked in ambush_orders.py."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.cerilia.ambush_orders import half_speed, marker_keys
from rules.cerilia.board import EVERYONE
from rules.cerilia.combat import ATTACK_LABELS, MELEE, MISSILE, _Attack
from rules.cerilia.concealment import MARKERS, Ambush, Concealment, Marker, find_marker
from rules.cerilia.field import distance, is_sector
from rules.cerilia.orders import RoundOrders
from rules.cerilia.state import BattleState, Unit
from rules.cerilia.traps import TrapRules
from rules.errors import _
from rules.sides import Side


class AmbushRules(TrapRules):

    def __init__(self, state: BattleState, orders: Mapping[Side, RoundOrders], seed: int):
        super().__init__(state, orders, seed)
        self.struck: set[tuple[str, str]] = set()     # (phase, unit) that made its attack
        self.from_ambush: list[tuple[str, str]] = []  # (ambush, target) struck this phase

    # -- markers ----------------------------------------------------------------------------

    def move_markers(self, side: Side) -> None:
        """Seed: "Если это приказ «Движение», то в лес (овраг) выкладываются три маркера (два
        ложных и один истинный) засадного батальона ... Эти маркеры перемещаются с половинной
        СК." The true marker carries the battalion, still unseen."""
        if not self.start.scenario.modules.ambush:
            return
        for key, order in self.orders[side].markers.items():
            ambush = self.ambushes.get(key)
            unit = self.ambush_unit(ambush) if ambush is not None else None
            if ambush is None or unit is None or ambush.side is not side \
                    or not unit.hides_in(ambush):
                continue
            if not ambush.markers:
                true = order.true if 0 <= order.true < MARKERS else 0
                ambush = replace(ambush, markers=tuple(
                    Marker(k, ambush.sector, i == true) for i, k in enumerate(marker_keys(key))))
                self.say("markers_laid", _("Ambush %(ambush)s lays its markers in %(sector)s."),
                         to=EVERYONE, ambush=ambush.name, sector=ambush.sector)
            moved = {m.key: self.move_marker(unit, ambush, m, tuple(path)[:half_speed(unit)])
                     for m, path in zip(sorted(ambush.markers, key=lambda m: m.key),
                                        order.paths, strict=False)}
            ambush = replace(ambush, markers=tuple(moved.get(m.key, m) for m in ambush.markers))
            self.ambushes[key] = ambush
            if ambush.true_marker is not None:
                self.units[unit.key] = replace(unit, position=ambush.true_marker.sector, cell=-1)

    def move_marker(self, unit: Unit, ambush: Ambush, marker: Marker, path: tuple[str, ...]
                    ) -> Marker:
        """Ruling: each marker moves as its battalion would, all three alike (walls always,
        cliffs and rivers unless it moves freely, terrain that stops it), so how a marker moves
        never tells a decoy from the true one; markers take no cells and engage no one."""
        here = marker.sector
        for step in path:
            reason = self.barrier(here, step, unit) if is_sector(step) \
                and distance(here, step) == 1 else _("not next to it")
            if reason:
                self.say("marker_stopped", _("Marker %(marker)s of %(ambush)s cannot go on to "
                         "%(sector)s: %(reason)s."), to=EVERYONE, marker=marker.key,
                         ambush=ambush.name, sector=step, reason=reason)
                break
            here = step
            if self.stops_in(unit, step):
                break
        if here != marker.sector:
            self.say("marker_moves", _("Marker %(marker)s of %(ambush)s moves to %(sector)s."),
                     to=EVERYONE, marker=marker.key, ambush=ambush.name, sector=here)
        return replace(marker, sector=here)

    # -- attacks ----------------------------------------------------------------------------

    def acts_concealed(self, unit: Unit) -> bool:
        return unit.ambush is not None or (self.phase, unit.key) in self.struck

    def concealed_attacks(self, side: Side, kind: str) -> list[_Attack]:
        if not self.start.scenario.modules.ambush:
            return []
        attacks = []
        for key, aim in self.orders[side].targets.items():
            unit = self.units.get(key)
            if unit is None or unit.side is not side or not self.can_attack(unit) \
                    or any((phase, key) in self.struck for phase in (MISSILE, MELEE)):
                continue
            attack = self.from_hiding(unit, aim, kind) if unit.ambush is not None \
                else self.at_marker(unit, aim, kind)
            if attack is not None:
                attacks.append(attack)
            elif unit.ambush is not None and kind == MELEE \
                    and (MISSILE, key) not in self.struck \
                    and unit.ambush not in self.orders[side].markers:
                self.say("ambush_no_reach", _("%(unit)s finds no enemy to strike from its "
                         "hiding place."), unit, to=frozenset({side}))
        return attacks

    def from_hiding(self, unit: Unit, aim: str, kind: str) -> _Attack | None:
        """Reference: "resolved as a normal attack from the true marker's sector" (where the
        battalion is): melee on an enemy in that sector, else missiles within range. Ruling:
        the attacked side learns which ambush struck it and how, not from where."""
        ambush = self.ambush_of(unit)
        target = self.units.get(aim)
        if ambush is None or ambush.key in self.orders[unit.side].markers or target is None \
                or not target.on_field or target.side is unit.side \
                or not self.sees(unit.side, target):
            return None   # its one order is the markers' move (ambush_orders refuses both)
        same = target.position == unit.position
        if (kind == MELEE and not same) or (kind == MISSILE and (
                same or unit.card.missile is None or not self.missile_target_ok(unit, target))):
            return None
        self.struck.add((self.phase, unit.key))
        self.from_ambush.append((ambush.key, target.key))
        self.say("ambush_attacks", _("Ambush %(ambush)s attacks %(target)s (%(attack)s)."),
                 to=EVERYONE, ambush=ambush.name, target=target.name, attack=ATTACK_LABELS[kind])
        return _Attack(unit.key, target.key, kind, target.position)

    def after_concealed(self) -> None:
        """Seed: "Если это приказ «Стрелковая атака» или «Рукопашная атака» и в атакованном
        батальоне остались выжившие (кроме раненных), то атакованный игрок бросает К6: 1-2 —
        ничего не происходит, 3-4 — убирается один ложный маркер засады; 5-6 — маркеры
        засадного батальона убираются и он выставляется на поле вместо них." Reference: "a
        unit destroyed by the attack rolls nothing". Rulings: 3–4 with no decoy on the field
        (none laid yet, or all gone) does nothing; 5–6 with no markers laid reveals the
        battalion where it hides; an ambush already revealed this phase is not rolled for."""
        struck, self.from_ambush = self.from_ambush, []
        for ambush_key, target_key in struck:
            target, ambush = self.units[target_key], self.ambushes[ambush_key]
            if not target.alive or ambush.over:
                continue
            roll = self.dice.roll("1d6", purpose=_("%(side)s looks for ambush %(ambush)s"),
                                  side=target.side.value, ambush=ambush.name).total
            decoys = sorted((m for m in ambush.markers if not m.true), key=lambda m: m.key)
            if roll >= 5:
                self.say("ambush_found", _("%(side)s rolls %(roll)s and finds ambush "
                         "%(ambush)s."), to=EVERYONE, side=target.side.value, roll=roll,
                         ambush=ambush.name)
                self.reveal_ambush(ambush, _("%(unit)s of ambush %(ambush)s stands revealed "
                                             "in %(sector)s."))
            elif roll >= 3 and decoys:
                pick = self.dice.roll(f"1d{len(decoys)}", purpose=_("Which decoy of "
                                      "%(ambush)s is removed"), ambush=ambush.name).total
                marker = decoys[pick - 1]
                self.drop_marker(ambush, marker.key)
                self.say("decoy_removed", _("%(side)s rolls %(roll)s: marker %(marker)s of "
                         "ambush %(ambush)s is a decoy and leaves the field."), to=EVERYONE,
                         side=target.side.value, roll=roll, marker=marker.key,
                         ambush=ambush.name, sector=marker.sector)
            else:
                self.say("ambush_unfound", _("%(side)s rolls %(roll)s: ambush %(ambush)s "
                         "stays hidden."), to=EVERYONE, side=target.side.value, roll=roll,
                         ambush=ambush.name)

    def at_marker(self, unit: Unit, aim: str, kind: str) -> _Attack | None:
        """Seed: "Противник имеет право атаковать один из выставленных маркеров засадного
        батальона. При этом маркер вскрывается: если вскрыт ложный маркер, то он убирается с
        поля и атака считается неудачной (урон=0); если истинный, то с поля убираются все
        маркеры засадного батальона и он сам выставляется на поле." Missiles within range
        (in the missile phase), else melee in the marker's sector. Ruling: the revealed
        battalion takes the attack wherever it is placed."""
        found = find_marker(self.ambushes.values(), aim)
        if found is None or found[0].side is unit.side or unit.ambush is not None:
            return None
        ambush, marker = found
        if kind == MISSILE and (unit.card.missile is None
                                or not self.clear_shot(unit, marker.sector)):
            return None
        if kind == MELEE and marker.sector != unit.position:
            return None
        self.struck.add((self.phase, unit.key))
        unit = self.unhide_to_attack(unit)
        self.say("marker_attacked", _("%(unit)s attacks marker %(marker)s of %(ambush)s "
                 "(%(attack)s)."), unit, marker=marker.key, ambush=ambush.name,
                 attack=ATTACK_LABELS[kind])
        if ambush.kind is Concealment.TRAP:
            self.trap_marker_attacked(unit, ambush, marker)
            return None
        if not marker.true:
            self.drop_marker(ambush, marker.key)
            self.say("decoy_removed", _("Marker %(marker)s of ambush %(ambush)s is a decoy and "
                     "leaves the field; the attack does nothing."), to=EVERYONE,
                     marker=marker.key, ambush=ambush.name, sector=marker.sector)
            return None
        revealed = self.reveal_ambush(ambush, _("The true marker is found: %(unit)s of ambush "
                                                "%(ambush)s stands revealed in %(sector)s."))
        if revealed is None:
            return None
        return _Attack(unit.key, revealed.key, kind, revealed.position)
