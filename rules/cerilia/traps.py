"""Module "ambush": traps going off (seed 001_5d751c33a121b07e.txt, "Ловушки": "Когда противник
атакует маркер, он вскрывается, и в случае, если маркер обозначает ловушку – она срабатывает.
Если же игрок попробует пройти между маркерами, то он бросает К6: 1-3 – ловушка срабатывает;
4-6 – ловушка не срабатывает."). Mixed into engine.Round through ambush.AmbushRules."""
from __future__ import annotations

from rules.cerilia.board import EVERYONE
from rules.cerilia.combat import Combat
from rules.cerilia.concealment import Ambush, Concealment, Marker
from rules.cerilia.deck import column
from rules.cerilia.movement import Movement
from rules.cerilia.state import Unit
from rules.errors import _

# Seed: "1-3 – ловушка срабатывает; 4-6 – ловушка не срабатывает".
SPRINGS_ON = 3


class TrapRules(Movement, Combat):

    def trapped(self, unit: Unit, sector: str) -> bool:
        """Reference: "A unit that enters or crosses a sector holding a trap's real marker rolls
        d6: 1–3 the trap goes off, 4–6 it does not; decoys do nothing". Ruling: only the
        enemy's traps, and only units moving by order (a unit falling back does not choose its
        way). Ruling: the die is rolled for every enemy trap with a marker in the sector, real
        or decoy, and only a trap going off is told to the mover: the dice and what the mover
        learns are the same whichever marker is real. Ruling: a unit a trap went off against
        moves no further this round."""
        if not self.start.scenario.modules.ambush:
            return False
        for trap in self.live_ambushes(Concealment.TRAP):
            here = [m for m in trap.markers if m.sector == sector]
            if trap.side is unit.side or not here:
                continue
            unit = self.units[unit.key]
            roll = self.dice.roll("1d6", purpose=_("Trap %(trap)s: %(unit)s enters %(sector)s"),
                                  trap=trap.name, unit=unit.name, sector=sector).total
            real = any(m.true for m in here)
            if real and roll <= SPRINGS_ON:
                self.spring(trap, unit)
                return True
            if real:
                self.say("trap_holds", _("%(unit)s passes your trap %(trap)s in %(sector)s "
                         "(%(roll)s): it does not go off."), unit, trap=trap.name,
                         sector=sector, roll=roll,
                         to=frozenset(s for s in {trap.side} if self.sees(s, unit)))
        return False

    def spring(self, trap: Ambush, unit: Unit) -> None:
        """The trap goes off against `unit` and is spent, its markers off the field. Reference,
        ruling: "a trap is a card with an attack value, drawn on the battle deck against the
        trapped unit's defense like any attack"."""
        where = self.close(trap)
        self.say("trap_springs", _("Trap %(trap)s goes off in %(sector)s."), to=EVERYONE,
                 trap=trap.name, sector=where)
        target = self.units[unit.key]
        difference = trap.attack - self.defense_value(target, None)
        card, outcome = self.battle_card(difference, _("Battle card: trap %(trap)s against "
                                         "%(unit)s"), trap=trap.name, unit=target.name)
        self.say("trap_strikes", _("Trap %(trap)s strikes %(unit)s (column %(column)+d): card "
                 "%(card_no)s, %(result)s."), target, card=card, outcome=outcome,
                 trap=trap.name, column=column(difference), card_no=card, result=outcome.value)
        # Reference: drawn "like any attack", so an artifact's redraw serves it too.
        self.apply(target, self.second_card(None, target, difference, outcome, trap.name))

    def trap_marker_attacked(self, unit: Unit, trap: Ambush, marker: Marker) -> None:
        """Seed: "Когда противник атакует маркер, он вскрывается, и в случае, если маркер
        обозначает ловушку – она срабатывает" (against the attacker); a decoy leaves the field."""
        if marker.true:
            self.spring(trap, unit)
            return
        self.drop_marker(trap, marker.key)
        self.say("decoy_removed", _("Marker %(marker)s of trap %(ambush)s is a decoy and "
                 "leaves the field."), to=EVERYONE, marker=marker.key, ambush=trap.name,
                 sector=marker.sector)
