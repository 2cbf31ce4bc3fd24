"""Carry out an army's battle plan: on its turn, pick war actions the way its side ordered (advance
and strike, hold and shoot, guard), retreat below the threshold, and use the named tactical action
whenever it is able (`actions.WAR_ACTIONS` says when that is, and at whom)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from rules.errors import _
from rules.kingmaker.battle import actions as act
from rules.kingmaker.battle.aiming import can_shoot as can_shoot
from rules.kingmaker.battle.aiming import engaged_target, melee_allowed, pick_on_field
from rules.kingmaker.battle.aiming import pick as pick
from rules.kingmaker.battle.aiming import shooting_targets as shooting_targets
from rules.kingmaker.battle.members import (
    ADVANCE,
    DEFEATED,
    FLED,
    FORTIFIED,
    GUARD,
    MELEE,
    MIRED,
    PINNED,
    RANGED,
    ROUTED,
    SHAKEN,
)
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.units import ACTIONS_PER_TURN, Unit
from rules.kingmaker.gear import WeaponKind

# The war action an order calls for and its targets after the army: a pair, not a closure, as
# a battle chooses thousands of war actions and carries each out at once.
Step = tuple[act.WarAction, tuple[Any, ...]]
# One of the plan's standing orders: the war action it calls for now, if any (army, pinned).
Rule = Callable[[Scene, Unit, bool], Step | None]
# An army's standing orders (`_orders`): before a guarding army's own order, for a turn's first
# war action and for its others while not engaged, and while engaged; then after it.
Orders = tuple[tuple[Rule, ...], tuple[Rule, ...], tuple[Rule, ...], tuple[Rule, ...]]


def take_turn(b: Scene, unit: Unit) -> None:
    foes = b._foes[unit.side]  # (read, not changed: `side_units` would copy it)
    while unit.actions > 0:
        # The army's turn began with it fighting (`engine.Battle._turn`) and an enemy on the field
        # (the scene's end was looked for): asked again only once anyone may have left the field
        # or routed since (`Scene.may_end`). (`Unit.on_field` and `routed`, read inline.)
        if b.may_end:
            if unit._position is FLED or unit.hp == 0 or DEFEATED in unit._lasting or \
                    ROUTED in (unit._settled_now or unit._settled())[0]:
                return
            for foe in foes:  # any enemy left on the field
                if foe._position is not FLED and foe.hp != 0 and DEFEATED not in foe._lasting:
                    break
            else:
                return
        step = _next_step(b, unit)
        if step is None:
            return
        # `WarAction.__call__`, inline: its cost paid, then its effect, its targets passed one by
        # one (a call that unpacks its arguments takes Python 3.11's slower generic path).
        action, targets = step
        unit.actions -= action.cost
        if len(targets) == 1:
            action.effect(b, unit, targets[0])
        elif len(targets) == 2:
            action.effect(b, unit, targets[0], targets[1])
        else:
            action.effect(b, unit, *targets)


def routed_turn(b: Scene, unit: Unit) -> None:
    """Seed 003: "В свой ход войско должно совершить боевое действие Отступление"; an engaged army
    must first break away. Reactive Rally: "It may try to Rally instead of the forced Retreat"."""
    if unit.knows("reactive_rally"):
        unit.actions = ACTIONS_PER_TURN
        act.rally(b, unit)
        b.log("reactive_rally", _("%(army)s tries to rally instead of fleeing."), unit)
        return
    if unit._engaged:
        if unit.has(PINNED):
            return
        act.disengage(b, unit)
        return
    act.retreat(b, unit)


def _choose(b: Scene, unit: Unit) -> Callable[[], None] | None:
    """The war action the plan calls for now, ready to be carried out."""
    step = _next_step(b, unit)
    if step is None:
        return None
    action, targets = step
    return partial(action, b, unit, *targets)


def _next_step(b: Scene, unit: Unit) -> Step | None:
    pinned = PINNED in (unit._settled_now or unit._settled())[0]  # `Unit.has`, read inline
    plan = unit.plan
    if plan.retreat_below is not None and unit.hp <= plan.retreat_below:
        return _withdraw(unit, b, pinned)
    first, later, engaged, after = unit.orders or _orders(b, unit)
    for rule in engaged if unit._engaged else first if unit.actions == ACTIONS_PER_TURN \
            else later:
        step = rule(b, unit, pinned)
        if step is not None:
            return step
    if plan.stance is GUARD and not _guarding(unit) and _may_guard(unit, pinned):
        # A guarding army's order is to guard: having nobody to guard against, it stands.
        target = pick_on_field(b, unit, b.enemies(unit))
        return (act.guard, (target,)) if target else None
    for rule in after:
        step = rule(b, unit, pinned)
        if step is not None:
            return step
    return None


def _orders(b: Scene, unit: Unit) -> Orders:
    """The standing orders that can call for a war action from this army in this scene at all,
    in the order `_next_step` weighs them: what rules the others out (the plan, the army's weapons and
    tactics, whether anyone on the field throws nets) does not change while the scene is fought,
    and an order that can never apply need not be asked before every war action. Worked out
    once per army and setup (the runs of `battle_odds` fight one setup thousands of times).
    Those before a guarding army's own order come three times: for an army not engaged, for a
    turn's first war action (the order to rally, which only a turn's first can carry out, among
    them) and for the others; and for an engaged army (the order to strike in melee, which only
    an engaged army can carry out, among them, the order to rally, which it cannot, not)."""
    known = b.standing_orders.get(unit.key)
    if known is not None:
        unit.orders = known
        return known
    plan = unit.plan
    melee = melee_allowed(unit)
    action = act.WAR_ACTIONS.get(plan.tactical_action) if plan.tactical_action else None
    nets = any(other.knows("hurl_nets") for other in b.units.values())
    before = tuple(rule for rule in _BEFORE if
                   (rule is not _cut_nets or nets) and
                   (rule is not _tactical or (action is not None and action.aim is not None)) and
                   (rule is not _bombard or unit.siege) and
                   (rule is not _melee or melee))
    # After a guarding army's own order: an advancing army closes in before it shoots, a holding
    # one shoots before it closes in, a guarding one never closes in; then each guards. Neither
    # closes in when it may not fight in melee.
    ranged = RANGED in unit.strike_kinds
    if plan.stance is ADVANCE:
        after: tuple[Rule, ...] = ((_close_in,) if melee else ()) + \
            ((_shoot,) if ranged else ()) + (_guard,)
    else:
        after = ((_shoot,) if ranged else ()) + \
            ((_close_in,) if melee and plan.stance is not GUARD else ()) + (_guard,)
    first = tuple(rule for rule in before if rule is not _melee)
    later = tuple(rule for rule in first if rule is not _rally)
    engaged = tuple(rule for rule in before if rule is not _rally)
    unit.orders = b.standing_orders[unit.key] = (first, later, engaged, after)
    return unit.orders


def _may_guard(unit: Unit, pinned: bool) -> bool:
    # Guard is a maneuver: a fortified army would lose its fortification ("Защищённое войско,
    # которое использует боевое действие с дескриптором «манёвр», немедленно утратит это
    # состояние") for a +2 item bonus that does not stack with the fortification's +4 item bonus.
    return not pinned and not unit.has(FORTIFIED)


def _guarding(unit: Unit) -> bool:
    return bool(unit.guard_all or unit.guard_against)


def _withdraw(unit: Unit, b: Scene, pinned: bool) -> Step | None:
    if unit._engaged:
        if pinned or unit.cannot_disengage or unit.actions < 2:
            return None
        return _DISENGAGE
    if unit.actions == ACTIONS_PER_TURN:
        return _RETREAT
    return None


def _rally(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    # (`Unit.value` and `engaged`, read inline: asked before every war action. `_orders` asks it
    # only of an army not engaged, but what it asks holds of itself.)
    if not pinned and unit.actions == ACTIONS_PER_TURN and \
            (unit._settled_now or unit._settled())[0].get(SHAKEN, 0) >= 2 and not unit._engaged:
        return _RALLY
    return None


def _cut_nets(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    if not unit.netted_by:  # nobody's nets on it (most turns)
        return None
    netters = [b.units[k] for k in sorted(unit.netted_by) if b.units[k].on_field]
    if netters and unit.value(MIRED) and (unit.has_strike(MELEE)
                                                     or unit.has_strike(RANGED)):
        return act.cut_nets, (netters[0],)
    return None


def _tactical(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    """The plan's named tactical war action, when it can be used now and actions remain."""
    code = unit.plan.tactical_action
    action = act.WAR_ACTIONS.get(code) if code is not None else None
    if action is None or action.aim is None or action.cost > unit.actions:
        return None
    targets = action.aim(b, unit, pinned)
    return (action, targets) if targets is not None else None


def _bombard(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    if unit.siege and b.enemy_fortification is unit.side.other and can_shoot(unit):
        return _BOMBARD
    return None


def _strike(b: Scene, unit: Unit, pinned: bool, target: Unit, kind: WeaponKind) -> Step:
    if len(unit.attack_targets) >= 2 and _may_guard(unit, pinned):
        return act.guard, (target,)
    return act.battle, (target, kind)


def _melee(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    # (`_orders` leaves this order out for an army that may not fight in melee, and asks it only
    # of an engaged army.)
    if not unit._engaged:  # (most of the times it is asked)
        return None
    target = engaged_target(b, unit)
    if target is None:
        return None
    return _strike(b, unit, pinned, target, MELEE)


def _shoot(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    if not can_shoot(unit):
        return None
    target = pick_on_field(b, unit, shooting_targets(b, unit))
    return _strike(b, unit, pinned, target, RANGED) if target is not None else None


def _close_in(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    # Advancing takes a fortified army out of its fortification first; a guarding army holds even
    # when it is out of shots. (`_orders` leaves this order out for a guarding army and for one
    # that may not fight in melee.)
    if pinned:
        return None
    target = pick_on_field(b, unit, b.engageable(unit))
    return (act.advance, (target,)) if target is not None else None


def _guard(b: Scene, unit: Unit, pinned: bool) -> Step | None:
    if _guarding(unit) or not _may_guard(unit, pinned):
        return None
    target = pick_on_field(b, unit, b.enemies(unit))
    return (act.guard, (target,)) if target is not None else None


# The steps without a target, made once.
_DISENGAGE: Step = (act.disengage, ())
_RETREAT: Step = (act.retreat, ())
_RALLY: Step = (act.rally, ())
_BOMBARD: Step = (act.bombard, ())

# The plan's standing orders before a guarding army's own order, in the order `_next_step` weighs
# them (`_orders` gives those after it).
_BEFORE: tuple[Rule, ...] = (_rally, _cut_nets, _tactical, _bombard, _melee)
