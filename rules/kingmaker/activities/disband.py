"""Disband Army: the army leaves the kingdom's service, passing its gear to another army or
losing it (seed 003: "Если вы этого не сделаете, снаряжение будет потеряно")."""
from __future__ import annotations

from dataclasses import dataclass

from rules.errors import Violation, _
from rules.kingmaker.activities.base import ActivityDefinition, FieldType, ParamField, dedupe
from rules.kingmaker.activities.kinds import ActivityKind, ActivityParams, Order
from rules.kingmaker.activities.outcome import Resolution
from rules.kingmaker.activities.situation import Situation, TurnArmy
from rules.kingmaker.gear import transfer_violations


@dataclass(frozen=True)
class DisbandArmy(ActivityParams):
    gear_to: int | None = None


def _validate(situation: Situation, army: TurnArmy, params: DisbandArmy) -> list[Violation]:
    if params.gear_to is None:
        return []
    receiver = situation.armies.get(params.gear_to)
    if receiver is None or not receiver.active or receiver.key == army.key:
        return [Violation("gear_to_invalid",
                          _("Gear passes only to another active army of the kingdom."), "gear_to")]
    violations: list[Violation] = []
    for item in army.state.gear:
        violations += transfer_violations(
            item=item, giver_hex=army.state.hex, receiver_template=receiver.state.template,
            receiver_level=receiver.state.level, receiver_hex=receiver.state.hex,
            receiver_gear=receiver.state.gear)
    return [Violation(v.code, v.message, "gear_to", v.params) for v in dedupe(violations)]


def _resolve(turn: Resolution, order: Order) -> None:
    params = order.params_as(DisbandArmy)
    army = turn.army_of(order)
    if params.gear_to is not None and army.state.gear:
        receiver = turn.armies[params.gear_to]
        gear, paid = list(receiver.state.gear), list(receiver.gear_paid_rp)
        paid += [None] * (len(gear) - len(paid))
        for item, price in zip(army.state.gear, army.gear_paid_rp or
                               (None,) * len(army.state.gear), strict=False):
            keep = [i for i, g in enumerate(gear) if g.slot() != item.slot()]
            gear, paid = [gear[i] for i in keep] + [item], [paid[i] for i in keep] + [price]
        turn.set(receiver, gear=tuple(gear), gear_paid_rp=tuple(paid))
        turn.say("gear_passed", _("%(army)s passes its gear to %(receiver)s."), army,
                 receiver=receiver.state.name)
    elif army.state.gear:
        turn.say("gear_lost", _("%(army)s's gear is lost."), army)
    turn.set(army, status="disbanded", gear=(), gear_paid_rp=())
    turn.say("disbanded", _("%(army)s disbands."), army)


def _receivers(situation: Situation, army: TurnArmy) -> list[tuple[str, str]]:
    return [(str(a.key), a.state.name) for a in situation.armies.values()
            if a.key != army.key and a.active]


DEFINITION = ActivityDefinition(
    kind=ActivityKind.DISBAND_ARMY,
    label=_("Disband Army"),
    params=DisbandArmy,
    validate=_validate,
    resolve=_resolve,
    description="Disband Army, passing its gear on or losing it.",
    fields=(
        ParamField("gear_to", FieldType.ID, _("pass the gear to"), required=False, nullable=True,
                   options=_receivers,
                   help_text=_("The army of the kingdom that takes this army's gear.")),
    ),
)
