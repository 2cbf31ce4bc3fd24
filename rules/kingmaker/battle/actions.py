"""The war actions (seed 003, "ОБЩИЕ БОЕВЫЕ ДЕЙСТВИЯ" and "ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ"; the texts
are in ../shared/reference, basic_war_actions and tactical_war_actions), each defined once: its cost
in actions, what it does (`basic_actions`, `tactical_actions`) and, for a tactical action a plan
names, when the army can use it and at whom. The tactician chooses among them; calling one pays its
cost and carries it out."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from rules.kingmaker.battle import aiming
from rules.kingmaker.battle import basic_actions as basic
from rules.kingmaker.battle import tactical_actions as tactical
from rules.kingmaker.battle.members import DISTANT, FORTIFIED, OUTFLANKED
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.units import Unit

# The army's targets for a tactical action it can use now (() for one without a target), or None
# when it cannot; `pinned`: a pinned army takes "no maneuver war actions", and the plan does not
# bombard the fortification while pinned either.
Aim = Callable[[Scene, Unit, bool], tuple[Unit, ...] | None]


@mypyc_attr(native_class=False)  # pickled (mypyc/mypyc#1213)
@dataclass(frozen=True)
class WarAction:
    code: str
    cost: int                     # actions out of the army's three a turn
    effect: Callable[..., None]   # (battle, army, *targets) once the cost is paid
    aim: Aim | None = None        # a tactical action the plan names: see `Aim`

    def __call__(self, b: Scene, unit: Unit, *targets: Any) -> None:
        spend(unit, self.code)
        self.effect(b, unit, *targets)


def spend(unit: Unit, action: str) -> None:
    unit.actions -= COSTS[action]


# -- when a tactical action can be used, and at whom --------------------------------------------

def _one(target: Unit | None) -> tuple[Unit, ...] | None:
    return (target,) if target is not None else None


def _engaged_melee(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    engaged = aiming.engaged_on_field(b, unit)
    if not engaged or not aiming.melee_allowed(unit):
        return None
    return _one(aiming.pick(b, unit, engaged))


def _feint(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    target = _engaged_melee(b, unit, pinned)
    # Once feinted, the target counts as outflanked until the feinting army's next melee Strike.
    if target is None or target[0].key in target[0].feinted_by or unit.key in target[0].feinted_by:
        return None
    return target


def _covering_fire(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    return _one(aiming.pick(b, unit, b.enemies(unit))) if aiming.can_shoot(unit) else None


def _taunt(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    return _one(aiming.pick(b, unit, b.enemies(unit)))


def _battlefield_medicine(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    hurt = [a for a in b.allies(unit) + [unit] if a.hp < a.max_hp and not a.treated]
    return (min(hurt, key=lambda a: (a.hp, a.key)),) if hurt else None


def _dirty_fighting(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    flanked = [e for e in b.enemies(unit) if e.has(OUTFLANKED)
               and e.position is not DISTANT
               and (e.key in unit._engaged or aiming.can_shoot(unit))]
    return _one(aiming.pick(b, unit, flanked))


def _outflank(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    if pinned or unit._engaged:
        return None
    return _one(aiming.pick(b, unit, [e for e in b.enemies(unit)
                                      if not e.has(FORTIFIED)]))


def _defensive_stance(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    flanked = [a for a in b.allies(unit) if a.has(OUTFLANKED)]
    enemies = b.enemies(unit)
    if pinned or not flanked or not enemies:
        return None
    ally = flanked[0]
    enemy = aiming.pick(b, unit, b.engaged_enemies(ally) or enemies)
    return (ally, enemy) if enemy is not None else None


def _overwhelming_bombardment(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    if pinned or b.enemy_fortification is not unit.side.other or unit.ammunition < 2:
        return None
    return ()


def _furious_charge(b: Scene, unit: Unit, pinned: bool) -> tuple[Unit, ...] | None:
    if pinned or unit.charged or not aiming.melee_allowed(unit):
        return None
    return _one(aiming.pick(b, unit, [e for e in b.enemies(unit) if b.can_engage(unit, e)]))


# -- the war actions -----------------------------------------------------------------------------

WAR_ACTIONS: Mapping[str, WarAction] = {a.code: a for a in (
    WarAction("advance", 1, basic.advance),
    WarAction("battle", 1, basic.battle),
    WarAction("disengage", 2, basic.disengage),
    WarAction("guard", 1, basic.guard),
    WarAction("rally", 2, basic.rally),
    WarAction("retreat", 3, basic.retreat),
    WarAction("all_out_assault", 2, tactical.all_out_assault, _engaged_melee),
    WarAction("battlefield_medicine", 3, tactical.battlefield_medicine, _battlefield_medicine),
    WarAction("covering_fire", 2, tactical.covering_fire, _covering_fire),
    WarAction("defensive_stance", 2, tactical.defensive_stance, _defensive_stance),
    WarAction("dirty_fighting", 1, tactical.dirty_fighting, _dirty_fighting),
    WarAction("feint", 1, tactical.feint, _feint),
    WarAction("outflank", 2, tactical.outflank, _outflank),
    WarAction("overwhelming_bombardment", 2, tactical.overwhelming_bombardment,
              _overwhelming_bombardment),
    WarAction("taunt", 1, tactical.taunt, _taunt),
    WarAction("trample", 3, tactical.trample, _engaged_melee),
    # Furious Charge is an Advance with a Strike after it: it costs what an Advance costs.
    WarAction("furious_charge", 1, tactical.furious_charge, _furious_charge),
)}
COSTS: Mapping[str, int] = {code: action.cost for code, action in WAR_ACTIONS.items()}

advance = WAR_ACTIONS["advance"]
battle = WAR_ACTIONS["battle"]
disengage = WAR_ACTIONS["disengage"]
guard = WAR_ACTIONS["guard"]
rally = WAR_ACTIONS["rally"]
retreat = WAR_ACTIONS["retreat"]
# The Battle war action against the nets that mire the army, or against the fortification.
cut_nets = WarAction("battle", battle.cost, basic.cut_nets)
bombard = WarAction("battle", battle.cost, basic.bombard)
