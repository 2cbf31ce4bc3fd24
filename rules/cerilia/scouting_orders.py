"""Module "scouting"'s orders (seed 001_5d751c33a121b07e.txt, "Батальон находящийся в лесу или в
овраге ... бросает К6"; reference/sector-modules.md, module "scouting"): who may scout, what a
side's scouting and strike-the-scouts orders may say, and which independent units scout by their
standing order. Pure functions on the state; the round itself is in scouting.py (apart, so
orders.py and command.py can read these without the round's machinery)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.cerilia.concealment import Concealment
from rules.cerilia.modules import StandingKind
from rules.cerilia.state import AMBUSH_TERRAIN, BattleState, Unit
from rules.errors import Violation, _
from rules.sides import Side


def shows_scouting_ground(state: BattleState, side: Side, sector: str) -> bool:
    """Whether `side` sees a forest or ravine in `sector`. Ruling: the order is judged on the
    terrain the side sees, as its view shows it: an enemy's illusory forest may be scouted
    (refusing would give the illusion away; the scouts find there only what truly hides there),
    and a real forest under an enemy's illusion of other ground may not (the side sees none)."""
    illusion = next((i for i in state.illusions if i.sector == sector), None)
    if illusion is not None and illusion.side is not side:
        return illusion.kind in AMBUSH_TERRAIN
    return any(t.sector == sector and t.kind in AMBUSH_TERRAIN for t in state.terrain)


def may_scout(state: BattleState, unit: Unit) -> bool:
    """"Батальон находящийся в лесу или в овраге": any unit of the side on the field there
    (reference, ruling: "any unit"), not one hiding in an ambush (its one order is its markers'
    move)."""
    return unit.alive and unit.on_field and unit.ambush is None \
        and shows_scouting_ground(state, unit.side, unit.position)


def _scout_violations(state: BattleState, side: Side, key: str, seen: set[str],
                      moves: Mapping[str, tuple[str, ...]], targets: Mapping[str, str]
                      ) -> list[Violation]:
    where = f"scouts.{key}"
    unit = state.own_unit(side, key)
    if unit is None:
        return [Violation("unit_unknown", _("Not one of your units."), where)]
    if key in seen:
        return [Violation("scout_twice", _("%(unit)s scouts once a round."), where,
                          {"unit": unit.name})]
    if not may_scout(state, unit):
        return [Violation("scout_terrain", _("%(unit)s must stand in a forest or a ravine to "
                          "scout it."), where, {"unit": unit.name})]
    if moves.get(key):
        # Ruling: the scouts search the forest they stand in; scouting is the unit's action for
        # the round in place of a move.
        return [Violation("scout_moves", _("%(unit)s scouts where it stands and does not move "
                          "this round."), where, {"unit": unit.name})]
    if key in targets and unit.card.missile is not None:
        # Reference, ruling: "a scouting unit makes no missile attack that round".
        return [Violation("scout_shoots", _("A scouting unit makes no missile attack this "
                          "round."), where, {"unit": unit.name})]
    return []


def scouting_violations(state: BattleState, side: Side, scouts: Iterable[str],
                        moves: Mapping[str, tuple[str, ...]], targets: Mapping[str, str],
                        strike_scouts: Iterable[str]) -> list[Violation]:
    """A round's scouting orders (field "scouts.<unit>") and the ambushes set to strike scouts
    that miss them (field "strike_scouts.<i>")."""
    scouts, strike_scouts = tuple(scouts), tuple(strike_scouts)
    if not state.scenario.modules.scouting:
        return [*(Violation("no_scouting_module", _("This battle has no scouting."),
                            f"scouts.{key}") for key in scouts),
                *(Violation("no_scouting_module", _("This battle has no scouting."),
                            f"strike_scouts.{i}") for i in range(len(strike_scouts)))]
    found: list[Violation] = []
    seen: set[str] = set()
    for key in scouts:
        found += _scout_violations(state, side, key, seen, moves, targets)
        seen.add(key)
    own = {a.key for a in state.ambushes
           if a.side is side and a.kind is Concealment.AMBUSH and not a.over}
    for i, key in enumerate(strike_scouts):
        if key not in own:
            found.append(Violation("ambush_unknown", _("Not one of your hidden ambushes."),
                                   f"strike_scouts.{i}"))
    return found


def standing_scouts(state: BattleState, side: Side) -> tuple[str, ...]:
    """The side's independent units whose standing order `scout` applies this round: each that
    stands in a forest or ravine (reference: "`scout`"; the command module's standing orders,
    no points spent). Ruling: scouting is such a unit's action for the round, so its
    `advance_to` waits and it shoots nothing (engine._pay drops them)."""
    if not state.scenario.modules.scouting:
        return ()
    return tuple(u.key for u in state.side_units(side)
                 if any(o.kind is StandingKind.SCOUT for o in state.standing.get(u.key, ()))
                 and may_scout(state, u))
