"""Between stored battle scenes and the battle engine: a scene becomes a `BattleSetup` (armies as
they stand now, their plans, the battlefield, each side's kingdom), a stored plan a `BattlePlan`.
A fixed number of queries, however many armies fight."""
from __future__ import annotations

import functools
import typing
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from armies.adapters import army_state
from armies.choices import ArmyStatus
from armies.selectors import armies_with_details
from battles.data import from_data
from battles.models import BattleParticipant, BattleScene
from rules.data import to_data
from rules.errors import Violation, _, raise_if_any
from rules.kingmaker.army import ArmyState
from rules.kingmaker.battle import setup as engine
from rules.kingmaker.battle.plans import default_plan
from rules.kingmaker.conditions import Condition, gain
from rules.kingmaker.hexes import canonical_hex
from rules.sides import Side

PLAN_FIELDS = tuple(engine.BattlePlan.__dataclass_fields__)


@functools.cache
def _plan_hints() -> dict[str, Any]:
    return typing.get_type_hints(engine.BattlePlan)


def plan_from(stored: Mapping[str, Any] | None, army: ArmyState) -> engine.BattlePlan:
    """The plan a participant fights with: its stored keys over the army's default plan. Raises
    RuleViolation naming the field for a value the engine cannot read."""
    plan = default_plan(army)
    if not stored:
        return plan
    data = {**to_data(plan), **{k: v for k, v in stored.items() if k in PLAN_FIELDS}}
    values, violations = {}, []
    for name, kind in _plan_hints().items():
        try:
            values[name] = from_data(kind, data[name])
        except (TypeError, ValueError):
            violations.append(Violation("invalid", _("%(value)s is not a valid choice."), name,
                                        {"value": data[name]}))
    raise_if_any(violations)
    return engine.BattlePlan(**values)


def plan_data(plan: engine.BattlePlan) -> dict[str, Any]:
    """A plan as stored (every key, so the players see what their army will do)."""
    return to_data(plan)


def starting_state(participant: BattleParticipant, army) -> ArmyState:
    """The army as the battle begins: as stored, plus the gambit's shaken. (A garrison's cover is
    the engine's: `Combatant.garrisoned` makes it fortified while the fortification holds, and
    only for the battle.)"""
    state = army_state(army)
    state = replace(state, hex=canonical_hex(state.hex))
    if participant.starts_shaken:
        state = replace(state, conditions=gain(state.conditions, Condition.SHAKEN,
                                               participant.starts_shaken))
    return state


def _side_setup(scene: BattleScene, side: str) -> engine.SideSetup:
    kingdom = scene.kingdom_of(side)
    prefix = "attacker" if side == Side.ATTACKER else "defender"
    common = {
        "side": Side(side),
        "initiative_bonus": getattr(scene, f"{prefix}_initiative"),
        "pcs_present": getattr(scene, f"{prefix}_pcs_present"),
        "pc_fight": engine.PcFight(getattr(scene, f"{prefix}_pc_fight")),
    }
    if kingdom is None:
        return engine.SideSetup(**common)
    return engine.SideSetup(kingdom=kingdom.name, kingdom_level=kingdom.level,
                            warfare=kingdom.warfare, defense=kingdom.defense,
                            control_dc=kingdom.control_dc, **common)


def participants_of(scene: BattleScene) -> list[BattleParticipant]:
    return list(scene.participants.order_by("side", "id"))


def combatant(participant: BattleParticipant, army, *, plan: bool = True) -> engine.Combatant:
    state = starting_state(participant, army)
    return engine.Combatant(
        key=army.pk, side=Side(participant.side), army=state,
        plan=plan_from(participant.plan if plan else None, state),
        garrisoned=participant.garrisoned)


def scene_setup(scene: BattleScene, *, plans_of=None) -> engine.BattleSetup:
    """The engine's setup for `scene` as it stands now. `plans_of` (kingdom ids) keeps only those
    kingdoms' stored plans and gives the others their default plan (a player's odds must not
    read the enemy's orders); None keeps every plan."""
    participants = participants_of(scene)
    armies = {a.pk: a for a in armies_with_details().filter(
        pk__in=[p.army_id for p in participants])}
    # An army disbanded or destroyed since the scene was set up does not fight.
    participants = [p for p in participants if armies[p.army_id].status == ArmyStatus.ACTIVE]
    fortification = None
    if scene.fortification:
        fortification = engine.Fortification(
            kind=engine.FortificationKind(scene.fortification),
            side=Side(scene.fortification_side or Side.DEFENDER),
            hp=scene.fortification_hp)
    return engine.BattleSetup(
        combatants=tuple(
            combatant(p, armies[p.army_id],
                      plan=plans_of is None or armies[p.army_id].kingdom_id in plans_of)
            for p in participants),
        attackers=_side_setup(scene, Side.ATTACKER),
        defenders=_side_setup(scene, Side.DEFENDER),
        terrain=engine.Terrain(scene.terrain),
        water=scene.water,
        wind=engine.Wind(scene.wind),
        light=engine.Light(scene.light),
        fortification=fortification,
        max_rounds=scene.max_rounds,
    )


def setup_from_inputs(inputs: Mapping[str, Any]) -> engine.BattleSetup:
    """The setup a stored report was fought from (BattleReport.inputs)."""
    return from_data(engine.BattleSetup, inputs)


def enemy_keys(participant: BattleParticipant, participants) -> frozenset[int]:
    return frozenset(p.army_id for p in participants if p.side != participant.side)
