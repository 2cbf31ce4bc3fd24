"""Writes about armies. Each service validates through `rules/` and applies in one transaction."""
from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Max

from armies.adapters import army_state, gear_item, template_fields, template_state
from armies.choices import ActivityStatus, ArmyStatus
from armies.models import Army, ArmyActivity, ArmyCondition, ArmyGear, ArmyTactic, ArmyTemplate
from armies.orders import kingdom_state, queued_activities, rules_order, situation
from rules.errors import RuleViolation, _
from rules.kingmaker import activities as act
from rules.kingmaker import conditions as rules_conditions
from rules.kingmaker.army import stat_block
from rules.kingmaker.gear import (
    GearItem,
    GearKind,
    OutfitQuote,
    quote_outfit,
    resolve_weapons,
    transfer_violations,
)
from rules.kingmaker.recruitment import RecruitmentOrder, recruit
from rules.kingmaker.tactics import validate_tactics
from rules.kingmaker.templates import ALL_TEMPLATES


def templates_install_catalog(template_model=ArmyTemplate) -> int:
    """Create or update the regular and special armies of the rules catalog; returns how many.
    Takes the model so a data migration can pass its historical one."""
    for template in ALL_TEMPLATES.values():
        template_model.objects.update_or_create(name=template.name,
                                                defaults=template_fields(template))
    return len(ALL_TEMPLATES)


def _lock_kingdom(kingdom):
    return type(kingdom).objects.select_for_update().get(pk=kingdom.pk)


def _lock_army(army: Army, *, active: bool = False) -> Army:
    """Lock the army's row; with `active`, refuse an army that was disbanded or destroyed."""
    army = Army.objects.select_for_update().select_related("kingdom", "template").get(pk=army.pk)
    if active and army.status != ArmyStatus.ACTIVE:
        raise RuleViolation.single("not_active", _("%(army)s is not an active army."),
                                   army=army.name)
    return army


def _store_gear(army: Army, items: Sequence[GearItem], prices: dict[tuple, int | None]) -> None:
    # One row at a time, not bulk: simple-history records only per-object saves and deletes.
    for gear in army.gear.all():
        gear.delete()
    for i in items:
        ArmyGear.objects.create(army=army, kind=i.kind.value, tier=i.tier.value if i.tier else "",
                                weapon=i.weapon.value if i.weapon else "", doses=i.doses,
                                price_paid_rp=prices.get(i.slot()))


def _store_conditions(army: Army, conditions: Sequence[rules_conditions.ConditionState]) -> None:
    stored = {c.condition: c for c in army.conditions.all()}
    wanted = {c.condition.value: c.value for c in conditions}
    for code, row in stored.items():
        if code not in wanted:
            row.delete()
        elif row.value != wanted[code]:
            row.value = wanted[code]
            row.save(update_fields=["value"])
    for code, value in wanted.items():
        if code not in stored:
            ArmyCondition.objects.create(army=army, condition=code, value=value)


@transaction.atomic
def army_recruit(*, kingdom, template: ArmyTemplate, name: str, hex: str,
                 tactics: Sequence[str] = (), faction=None, efficient: bool = False) -> Army:
    """Recruit an army into the kingdom (seed 003, the seven steps); raises RuleViolation."""
    kingdom = _lock_kingdom(kingdom)
    order = RecruitmentOrder(template=template_state(template), name=name, hex=hex,
                             tactics=tuple(tactics), faction=faction.name if faction else None,
                             efficient=efficient)
    if faction is not None and not faction.special_armies.filter(pk=template.pk).exists():
        raise RuleViolation.single("faction_does_not_offer",
                                   _("%(faction)s does not offer %(army)s."), "faction",
                                   faction=faction.name, army=template.name)
    recruitment = recruit(kingdom_state(kingdom), order)
    new = recruitment.army
    army = Army.objects.create(kingdom=kingdom, template=template, faction=faction, name=new.name,
                               hex=new.hex, hp=stat_block(new).max_hp)
    for position, code in enumerate(new.tactics):
        ArmyTactic.objects.create(army=army, tactic=code, position=position)
    _store_conditions(army, new.conditions)
    return army


@transaction.atomic
def army_learn_tactic(*, army: Army, tactic: str) -> ArmyTactic:
    """Add a tactic the army may learn (the GM's edit; Train Army's effect)."""
    army = _lock_army(army, active=True)
    state = army_state(army)
    validate_tactics(state.template, state.level, (*state.tactics, tactic))
    return ArmyTactic.objects.create(army=army, tactic=tactic, position=len(state.tactics))


@transaction.atomic
def gear_fit(*, army: Army, item: GearItem, price_paid_rp: int | None = None) -> OutfitQuote:
    """Fit gear to the army, replacing gear of the same kind; returns the quote (price, credit
    for the replaced gear, RP due). `price_paid_rp` records what was spent (0 for captured gear);
    charging the kingdom belongs to the Outfit Army activity."""
    army = _lock_army(army, active=True)
    state = army_state(army)
    item = resolve_weapons(state.template, [*state.gear, item])[-1]
    stored = {gear_item(g).slot(): g for g in army.gear.all()}
    current = stored.get(item.slot())
    old_paid = current is None or current.price_paid_rp is None or current.price_paid_rp > 0
    quote = quote_outfit(state.template, state.level, state.gear, item, old_paid_with_rp=old_paid)
    prices = {slot: g.price_paid_rp for slot, g in stored.items()}
    spent = quote.cost_rp if price_paid_rp is None else price_paid_rp
    if current is not None and item.kind is GearKind.HEALING_POTIONS:
        spent += current.price_paid_rp or 0
    prices[quote.item.slot()] = spent
    _store_gear(army, quote.gear_after, prices)
    return quote


@transaction.atomic
def gear_transfer(*, gear: ArmyGear, target: Army) -> ArmyGear:
    """Seed 003, ПЕРЕДАЧА СНАРЯЖЕНИЯ: pass gear to an army of the same kingdom in the same hex
    whose level is high enough; no activity is spent."""
    gear = ArmyGear.objects.select_for_update().select_related("army__kingdom").get(pk=gear.pk)
    target = _lock_army(target)
    if target.pk == gear.army_id:
        raise RuleViolation.single("transfer_same_army", _("The gear is already this army's."),
                                   "target")
    if target.kingdom_id != gear.army.kingdom_id or target.status != ArmyStatus.ACTIVE:
        raise RuleViolation.single("transfer_other_kingdom",
                                   _("Gear passes only to an active army of the same kingdom."),
                                   "target")
    receiver = army_state(target)
    violations = transfer_violations(item=gear_item(gear), giver_hex=gear.army.hex,
                                     receiver_template=receiver.template,
                                     receiver_level=receiver.level, receiver_hex=target.hex,
                                     receiver_gear=receiver.gear)
    if violations:
        raise RuleViolation(violations)
    slot = gear_item(gear).slot()
    for replaced in [g for g in target.gear.all() if gear_item(g).slot() == slot]:
        replaced.delete()
    gear.army = target
    gear.save(update_fields=["army"])
    return gear


@transaction.atomic
def army_disband(*, army: Army, gear_to: Army | None = None) -> Army:
    """Disband the army; its gear passes to `gear_to` (same rules as a transfer) or is lost."""
    army = _lock_army(army, active=True)
    if gear_to is not None:
        for gear in army.gear.all():
            gear_transfer(gear=gear, target=gear_to)
    for gear in army.gear.all():
        gear.delete()
    army.status = ArmyStatus.DISBANDED
    army.save(update_fields=["status"])
    return army


@transaction.atomic
def army_gain_condition(*, army: Army, condition: str, value: int = 1) -> Army:
    """The army gains a condition (a valued one rises by `value`), with what it replaces."""
    army = _lock_army(army, active=True)
    state = army_state(army)
    _store_conditions(army, rules_conditions.gain(state.conditions,
                                                  rules_conditions.Condition(condition), value))
    return army


class TurnLocked(Exception):
    """The turn no longer takes orders (the API answers 409 with the deadline)."""

    def __init__(self, turn):
        self.turn = turn
        super().__init__(f"turn {turn.number} of {turn.kingdom} is {turn.status}")


class IdempotencyKeyReused(Exception):
    """The idempotency key was first used for another order (the API answers 422)."""

    def __init__(self, first: ArmyActivity):
        self.first = first
        super().__init__(f"idempotency key {first.idempotency_key!r} is taken by {first.pk}")


def activity_replay(*, user, idempotency_key: str, digest: str = "") -> ArmyActivity | None:
    """The activity this user first submitted with the key (None if none), or
    IdempotencyKeyReused when that submission's digest differs from `digest` (orders stored
    before digests were kept replay whatever the body)."""
    first = ArmyActivity.objects.filter(submitted_by=user, idempotency_key=idempotency_key).first()
    if first is not None and digest and first.idempotency_digest not in ("", digest):
        raise IdempotencyKeyReused(first)
    return first


def _lock_open_turn(turn):
    from campaigns.models import KingdomTurn
    turn = KingdomTurn.objects.select_for_update().select_related("kingdom__campaign").get(
        pk=turn.pk)
    if not turn.accepts_orders:
        raise TurnLocked(turn)
    return turn


def _validate_order(turn, activity: ArmyActivity) -> None:
    """Check the order as the rules would now; raises RuleViolation with every problem."""
    kind = act.ActivityKind(activity.kind)
    if kind in act.LEADERSHIP and activity.army_id is not None:
        raise RuleViolation.single("leadership_no_army",
                                   _("A leadership activity is not taken by an army."), "army")
    if activity.army_id is not None and activity.army.kingdom_id != turn.kingdom_id:
        raise RuleViolation.single("army_required", _("Choose one of the kingdom's armies."),
                                   "army")
    order = rules_order(activity, campaign_id=turn.kingdom.campaign_id)
    current = situation(turn, with_foreign=kind is act.ActivityKind.OFFENSIVE_GAMBIT)
    # The slot rule needs only who acts and whether it is a second activity, so another order
    # whose parameters no longer convert (a template removed since) does not block this one.
    others = tuple(act.Order(a.pk, act.ActivityKind(a.kind), None, a.army_id, a.second)
                   for a in queued_activities(turn) if a.pk != activity.pk)
    violations = act.order_slot_violations(order, others)
    violations += act.order_violations(current, order)
    if violations:
        raise RuleViolation(violations)


@transaction.atomic
def activity_submit(*, turn, user, kind: str, army: Army | None = None, params: dict,
                    second: bool = False, idempotency_key: str = "",
                    idempotency_digest: str = "") -> tuple[ArmyActivity, bool]:
    """Queue an order for the turn. With an idempotency key already used by this user, return
    the first activity unchanged (and False: nothing new was created), unless it was first
    used for another request (`idempotency_digest`, a hash of the request): then
    IdempotencyKeyReused."""
    if idempotency_key:
        first = activity_replay(user=user, idempotency_key=idempotency_key,
                                digest=idempotency_digest)
        if first is not None:
            return first, False
    turn = _lock_open_turn(turn)
    position = (turn.activities.aggregate(last=Max("position"))["last"] or 0) + 1
    activity = ArmyActivity(turn=turn, army=army, kind=kind, params=params, second=second,
                            position=position, submitted_by=user,
                            idempotency_key=idempotency_key,
                            idempotency_digest=idempotency_digest if idempotency_key else "")
    _validate_order(turn, activity)
    activity.save()
    _unready(turn)
    return activity, True


@transaction.atomic
def activity_change(*, activity: ArmyActivity, params: dict | None = None,
                    second: bool | None = None, position: int | None = None) -> ArmyActivity:
    turn = _lock_open_turn(activity.turn)
    activity = ArmyActivity.objects.select_for_update().get(pk=activity.pk)
    if activity.status != ActivityStatus.QUEUED:
        raise RuleViolation.single("not_queued", _("Only a queued activity can change."))
    if params is not None:
        activity.params = params
    if second is not None:
        activity.second = second
    if position is not None:
        activity.position = position
    _validate_order(turn, activity)
    activity.save()
    _unready(turn)
    return activity


@transaction.atomic
def activity_withdraw(*, activity: ArmyActivity) -> ArmyActivity:
    turn = _lock_open_turn(activity.turn)
    activity = ArmyActivity.objects.select_for_update().get(pk=activity.pk)
    if activity.status != ActivityStatus.QUEUED:
        raise RuleViolation.single("not_queued", _("Only a queued activity can be withdrawn."))
    activity.status = ActivityStatus.WITHDRAWN
    activity.save(update_fields=["status"])
    _unready(turn)
    return activity


def _unready(turn) -> None:
    """Changed orders are no longer the ones the players marked ready."""
    if turn.ready:
        turn.ready = False
        turn.save(update_fields=["ready"])
