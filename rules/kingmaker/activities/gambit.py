"""Offensive Gambit: an army attacks an enemy army in its hex; the battle is fought right after
the kingdom turn, with the edge (or the exposure) the approach's check gave."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.degrees import Degree
from rules.errors import Violation, _
from rules.kingmaker.activities.base import ActivityDefinition, CheckSpec, FieldType, ParamField
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import BattleRequest, CheckDetail, Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy
from rules.kingmaker.conditions import Condition
from rules.kingmaker.hexes import same_hex


class Approach(StrEnum):
    """Offensive Gambit: just attack (no check), surprise (Intrigue) or intimidate (Warfare)."""

    ATTACK = "attack"
    INTRIGUE = "intrigue"
    WARFARE = "warfare"


@dataclass(frozen=True)
class OffensiveGambit(ActivityParams):
    target: int
    approach: Approach = Approach.ATTACK


def _validate(situation: Situation, army: TurnArmy, params: OffensiveGambit) -> list[Violation]:
    # "Requires at least one of your armies in the same hex as an enemy army". One message whether
    # the id is unknown, elsewhere or unseen (an ambush not found), so an order cannot probe where
    # other kingdoms' armies are.
    target = situation.foreign_armies.get(params.target)
    if target is None or not situation.sees(target) or not same_hex(target.hex, army.state.hex):
        return [Violation("target_not_here",
                          _("Choose an enemy army in %(hex)s, where %(army)s is."), "target",
                          {"hex": army.state.hex, "army": army.state.name})]
    return []


def _check(situation: Situation, params: OffensiveGambit, army: TurnArmy | None
           ) -> CheckSpec | None:
    if params.approach is Approach.ATTACK:
        return None
    target = situation.foreign_armies[params.target]
    return CheckSpec(params.approach.value,
                     ((_("the target's Scouting DC"), target.scouting_dc),), army)


def _resolve(turn: Resolution, order: Order) -> CheckDetail | None:
    params = order.params_as(OffensiveGambit)
    army = turn.army_of(order)
    target = turn.foreign_armies[params.target]
    hex_ = army.state.hex
    if any(same_hex(b.hex, hex_) for b in turn.battles):
        turn.say("battle_already_set", _("A battle in %(hex)s is already set."), army, hex=hex_)
        return None
    attackers = tuple(a.key for a in turn.armies.values()
                      if a.active and same_hex(a.state.hex, hex_)
                      and not a.has(Condition.DEFEATED))
    defenders = tuple(f.key for f in turn.foreign_armies.values()
                      if same_hex(f.hex, hex_) and f.kingdom == target.kingdom)
    detail, ours, theirs, shaken = None, 0, 0, None
    if params.approach is not Approach.ATTACK:
        detail = turn.check(order)
        if detail.degree >= Degree.SUCCESS:
            ours = 2
            turn.say("gambit_edge", _("Our armies in %(hex)s gain +2 to initiative."), army,
                     hex=hex_)
        if detail.degree is Degree.CRITICAL_SUCCESS:
            shaken = target.key
            turn.say("gambit_shakes", _("%(target)s becomes shaken 1."), army,
                     target=target.name)
        if detail.degree is Degree.CRITICAL_FAILURE:
            theirs = 4
            turn.say("gambit_exposed", _("The enemy in %(hex)s gains +4 to initiative."),
                     army, hex=hex_)
    turn.battles.append(BattleRequest(order.key, hex_, attackers, defenders, ours, theirs, shaken))
    turn.say("battle_queued", _("%(army)s attacks %(target)s in %(hex)s after this turn."),
             army, target=target.name, hex=hex_)
    return detail


def _enemies_here(situation: Situation, army: TurnArmy) -> list[tuple[str, str]]:
    return [(str(f.key), f"{f.name} ({f.kingdom})") for f in situation.foreign_armies.values()
            if same_hex(f.hex, army.state.hex) and situation.sees(f)]


DEFINITION = ActivityDefinition(
    kind=ActivityKind.OFFENSIVE_GAMBIT,
    label=_("Offensive Gambit"),
    params=OffensiveGambit,
    validate=_validate,
    check=_check,
    resolve=_resolve,
    description="Offensive Gambit against an enemy army in the same hex.",
    fields=(
        ParamField("target", FieldType.ID, _("enemy army"), options=_enemies_here,
                   help_text=_("The enemy army's id.")),
        ParamField("approach", FieldType.CHOICE, _("approach"), required=False, default="attack",
                   choices=tuple(Approach)),
    ),
)
