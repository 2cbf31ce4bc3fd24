"""Which check an army activity rolls, and its odds, without rolling (seed 003, "ВОЙСКОВЫЕ
ЗАНЯТИЯ"; reference army_activities). The turn resolver builds its checks with `check_spec` and
`check_statistic` too, so a preview shows the very modifier and DC the resolution rolls.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.degrees import Degree, degree_of_success
from rules.errors import RuleViolation, Violation
from rules.kingmaker import activities as act
from rules.kingmaker.activities import ACTIVITIES, CheckSpec, Order, Situation
from rules.kingmaker.army import statistic_modifiers
from rules.kingmaker.map_routes import EXTRA_LABELS, Route
from rules.modifiers import Modifier, ModifierKind, Statistic


@dataclass(frozen=True)
class Preview:
    skill: str
    modifier: int
    modifiers: tuple[Modifier, ...]
    dc: int
    dc_parts: tuple[tuple[str, int], ...]
    chances: Mapping[Degree, float]


def check_spec(situation: Situation, order: Order) -> CheckSpec | None:
    """The check `order` rolls, or None when it rolls none (Disband Army, an Offensive Gambit that
    simply attacks). The order is taken to be legal (see activities.order_violations)."""
    check = ACTIVITIES[order.kind].check
    if check is None:
        return None
    army = situation.armies.get(order.army) if order.army is not None else None
    return check(situation, order.params, army)


def check_statistic(situation: Situation, order: Order, spec: CheckSpec,
                    exercises_bonus: int = 0) -> Statistic:
    """The kingdom skill with the army's modifiers: its stat block's (conditions, gear), -5 for a
    second activity ("второе войсковое занятие ... со штрафом -5") and Warfare Exercises' bonus."""
    modifiers: list[Modifier] = list(spec.extra)
    if spec.army is not None:
        modifiers += statistic_modifiers(spec.army.state, spec.target)
        if order.second:
            modifiers.append(Modifier(ModifierKind.UNTYPED, act.SECOND_ACTIVITY_PENALTY,
                                      "second activity"))
        if exercises_bonus:
            modifiers.append(Modifier(ModifierKind.CIRCUMSTANCE, exercises_bonus,
                                      "warfare_exercises"))
    return Statistic(situation.kingdom.skill(spec.skill), tuple(modifiers))


def degree_chances(modifier: int, dc: int) -> dict[Degree, float]:
    """The chance of each degree of d20 + modifier against the DC, over the 20 faces, with a
    natural 20 one degree better and a natural 1 one degree worse."""
    counts = dict.fromkeys(Degree, 0)
    for face in range(1, 21):
        counts[degree_of_success(face + modifier, dc, face)] += 1
    return {degree: count / 20 for degree, count in counts.items()}


def check_preview(situation: Situation, order: Order) -> Preview | None:
    """The check `order` would roll now, without rolling; None when it rolls none."""
    spec = check_spec(situation, order)
    if spec is None:
        return None
    statistic = check_statistic(situation, order, spec)
    return Preview(spec.skill, statistic.total, statistic.applied, spec.dc, spec.dc_parts,
                   degree_chances(statistic.total, spec.dc))


@dataclass(frozen=True)
class CountedTwice:
    """A hex of the route that counts more than one: how many, and why (msgids)."""

    hex: str
    counts: int
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class DeployPreview:
    """What the orders page shows of a Deploy Army before it is sent: the route on the map (None
    without a map, or when the map refuses it), the hexes it counts twice and why, the distance
    as counted against the skill's reach, what is wrong with the order, and the check it would
    roll (None while the order is wrong)."""

    route: Route | None
    counted_twice: tuple[CountedTwice, ...]
    distance: int | None
    reach: int | None
    violations: tuple[Violation, ...]
    check: Preview | None


def deploy_preview(situation: Situation, army: int, destination: str, path: Sequence[str] = (),
                   skill: str = "exploration", forced_march: bool = False) -> DeployPreview:
    """Deploy Army from the army keyed `army` to `destination` along `path` (none: the best way),
    as the turn would take it now."""
    params = act.DeployArmy(destination, skill, path=tuple(path), forced_march=forced_march)
    order = Order(0, act.ActivityKind.DEPLOY_ARMY, params, army=army)
    violations = tuple(act.order_violations(situation, order))
    acting = situation.armies.get(army)
    found = None
    if acting is not None and skill in act.DEPLOY_SKILLS:
        try:
            found = act.deploy_route(situation, acting, params)
        except RuleViolation:
            found = None  # the violations say why
    twice = tuple(CountedTwice(step.coord, step.counts,
                               tuple(EXTRA_LABELS[extra] for extra in step.extras))
                  for step in (found.doubled if found is not None else ()))
    reach = act.deploy_reach(acting, skill) if acting is not None else act.DEPLOY_RANGE.get(skill)
    return DeployPreview(found, twice, found.distance if found is not None else None,
                         reach, violations,
                         None if violations else check_preview(situation, order))
