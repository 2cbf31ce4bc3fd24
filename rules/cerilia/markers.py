"""What module "ambush" does to the working copy of a round, whichever rule calls for it: a
marker taken off the field, an ambush revealed in place of its markers (seed 001_5d751c33a121b07e
.txt: "маркеры засадного батальона убираются и он выставляется на поле вместо них"). The
movement and combat phases build on these; the rules that decide when are in ambush.py,
traps.py and scouting.py."""
from __future__ import annotations

from dataclasses import replace

from rules.cerilia.board import Board
from rules.cerilia.concealment import Ambush, Concealment
from rules.cerilia.field import RESERVE, fall_back_step, is_sector
from rules.cerilia.state import Unit


class Markers(Board):

    def ambush_of(self, unit: Unit) -> Ambush | None:
        return self.ambushes.get(unit.ambush) if unit.ambush else None

    def ambush_unit(self, ambush: Ambush) -> Unit | None:
        return self.units.get(ambush.unit) if ambush.unit else None

    def live_ambushes(self, kind: Concealment | None = None) -> list[Ambush]:
        return [a for a in self.ambushes.values() if not a.over
                and (kind is None or a.kind is kind)]

    def drop_marker(self, ambush: Ambush, marker_key: str) -> Ambush:
        """One marker off the field (a decoy found out); the rest stay."""
        ambush = replace(ambush, markers=tuple(m for m in ambush.markers if m.key != marker_key))
        self.ambushes[ambush.key] = ambush
        return ambush

    def close(self, ambush: Ambush) -> str:
        """An ambush revealed, a trap gone off or disarmed: all its markers off the field and
        it is over. Where its true marker lay, else where it was laid."""
        self.ambushes[ambush.key] = replace(ambush, markers=(), over=True)
        return ambush.true_marker.sector if ambush.true_marker else ambush.sector

    def reveal_ambush(self, ambush: Ambush, message: str, sector: str | None = None) -> Unit | None:
        """All its markers off the field and its battalion placed, seen by both sides: where
        `sector` says, else where its true marker lay, else where it hid. The ambush is over;
        nothing of it is secret any more."""
        marked = self.close(ambush)
        where = sector or marked
        unit = self.ambush_unit(ambush)
        if unit is None or not unit.alive:
            return None
        unit = self.put(replace(unit, ambush=None), self.open_cell_from(unit, where))
        self.say("ambush_revealed", message, unit, ambush=ambush.name, sector=unit.position)
        return unit

    def open_cell_from(self, unit: Unit, sector: str) -> str:
        """Ruling: a revealed battalion stands in `sector`; if its side has no free cell there,
        in the first sector toward its own line that has one, else in its reserve."""
        here = sector
        while is_sector(here):
            if self.free_cell(here, unit.side) is not None:
                return here
            here = fall_back_step(here, unit.side)
        return RESERVE
