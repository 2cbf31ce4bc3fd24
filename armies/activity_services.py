"""Writes about army activities, the orders of a kingdom turn: submit (idempotent per user and
key), change and withdraw them while the turn takes orders. Each checks the order through the
rules and the acting user's permission (captured gear is the GM's), whichever interface sends it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from django.db import IntegrityError, transaction

from armies.acting import acts_for_user
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from armies.orders import queued_activities, rules_order, situation
from campaigns.models import KingdomTurn
from campaigns.permissions import check_plays_kingdom
from campaigns.selectors import KINGDOM_LISTS, is_campaign_gm, kingdom_lists
from campaigns.services import TurnLocked
from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker import activities as act


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
    """The turn under its row lock, with its kingdom, campaign and the kingdom's lists (one
    query); TurnLocked once it no longer takes orders."""
    turn = KingdomTurn.objects.select_for_update(of=("self",)).select_related(
        "kingdom__campaign").annotate(**kingdom_lists("kingdom_id")).get(pk=turn.pk)
    if not turn.accepts_orders:
        raise TurnLocked(turn)
    turn.kingdom.__dict__.update({name: turn.__dict__.pop(name) for name in KINGDOM_LISTS})
    return turn


# Why a player may not give a GM-only parameter (a definition's `gm_only`), by its name.
GM_ONLY_REFUSALS = {
    "captured": ("captured_gm_only", _("Only the game master hands out captured gear.")),
    "declared": ("declared_gm_only", _("Only the game master sets an order to go by its "
                                       "declarations instead of the campaign map.")),
}


def gm_only_params(kind: str) -> tuple[str, ...]:
    """The parameters of `kind` that only the GM gives (captured gear, the map's override)."""
    definition = cast(Mapping[str, act.ActivityDefinition], act.ACTIVITIES).get(kind)
    return tuple(f.name for f in definition.fields if f.gm_only) if definition else ()


def _permission_violations(turn, activity: ArmyActivity, user,
                           given: dict | None = None) -> list[Violation]:
    """What this user may not order, whichever interface the order came through. `given`: the
    parameters the order had before this change (None: a new order). Captured gear and the
    override of the map are the GM's to give: a player may move or keep the GM's order, never
    set them or change the order they are on."""
    granted = [name for name in gm_only_params(activity.kind)
               if activity.params.get(name) or (given or {}).get(name)]
    if not granted or activity.params == given or is_campaign_gm(user, turn.kingdom.campaign_id):
        return []
    refusals = []
    for name in granted:
        code, message = GM_ONLY_REFUSALS.get(
            name, ("gm_only", _("Only the game master gives this parameter.")))
        refusals.append(Violation(code, message, name))
    return refusals


def _check_gives_orders(user, turn) -> None:
    check_plays_kingdom(user, turn.kingdom, "orders_not_yours",
                        _("Only the kingdom's players and the game master give its orders."))


def _validate_order(turn, activity: ArmyActivity, user, given: dict | None = None,
                    queued: list[ArmyActivity] | None = None) -> None:
    """Check the order as the rules would now, and that `user` may give it; raises RuleViolation
    with every problem. `queued`: the turn's queued orders when the caller has read them."""
    raise_if_any(_permission_violations(turn, activity, user, given))
    kind = act.ActivityKind(activity.kind)
    if kind in act.LEADERSHIP and activity.army_id is not None:
        raise RuleViolation.single("leadership_no_army",
                                   _("A leadership activity is not taken by an army."), "army")
    if activity.army is not None and activity.army.kingdom_id != turn.kingdom_id:
        raise RuleViolation.single("army_required", _("Choose one of the kingdom's armies."),
                                   "army")
    order = rules_order(activity, campaign_id=turn.kingdom.campaign_id)
    current = situation(turn, with_foreign=kind is act.ActivityKind.OFFENSIVE_GAMBIT)
    # The slot rule needs only who acts and whether it is a second activity, so another order
    # whose parameters no longer convert (a template removed since) does not block this one.
    others = tuple(act.OrderSlot(a.pk, act.ActivityKind(a.kind), a.army_id, a.second)
                   for a in (queued_activities(turn) if queued is None else queued)
                   if a.pk != activity.pk)
    violations = act.order_slot_violations(order, others)
    violations += act.order_violations(current, order)
    if violations:
        raise RuleViolation(violations)


@acts_for_user
def activity_submit(*, turn, user, kind: str, army: Army | None = None, params: dict,
                    second: bool = False, idempotency_key: str = "",
                    idempotency_digest: str = "") -> tuple[ArmyActivity, bool]:
    """Queue an order for the turn. With an idempotency key already used by this user, return
    the first activity unchanged (and False: nothing new was created), unless it was first
    used for another request (`idempotency_digest`, a hash of the request): then
    IdempotencyKeyReused. Every interface gets the same replay, a parallel one included. Raises
    NotPermitted unless `user` plays the turn's kingdom or runs the campaign."""
    try:
        return _submit(turn=turn, user=user, kind=kind, army=army, params=params, second=second,
                       idempotency_key=idempotency_key, idempotency_digest=idempotency_digest)
    except IntegrityError:
        # The same key raced in on a parallel request: answer with the one that won.
        first = activity_replay(user=user, idempotency_key=idempotency_key,
                                digest=idempotency_digest) if idempotency_key else None
        if first is None:
            raise
        return first, False


@transaction.atomic
def _submit(*, turn, user, kind: str, army: Army | None, params: dict, second: bool,
            idempotency_key: str, idempotency_digest: str) -> tuple[ArmyActivity, bool]:
    # Inside the transaction: on SQLite it begins by taking the write lock, so a retry waiting
    # for the first request's commit reads it here.
    if idempotency_key:
        first = activity_replay(user=user, idempotency_key=idempotency_key,
                                digest=idempotency_digest)
        if first is not None:
            return first, False
    turn = _lock_open_turn(turn)
    _check_gives_orders(user, turn)
    # Every order of the turn in one read: the last position (withdrawn ones count) and the
    # queued ones, which the slot rule reads, as queued_activities orders them.
    orders = list(turn.activities.order_by("position", "id"))
    position = max((a.position for a in orders), default=0) + 1
    activity = ArmyActivity(turn=turn, army=army, kind=kind, params=params, second=second,
                            position=position, submitted_by=user,
                            idempotency_key=idempotency_key,
                            idempotency_digest=idempotency_digest if idempotency_key else "")
    _validate_order(turn, activity, user,
                    queued=[a for a in orders if a.status == ActivityStatus.QUEUED])
    activity.save()
    _unready(turn)
    return activity, True


def _lock_queued(activity: ArmyActivity, user, not_queued: str
                 ) -> tuple[KingdomTurn, ArmyActivity]:
    """The open turn and the order, locked, once `user` may give the kingdom's orders and the
    order is still queued (`not_queued`: the refusal otherwise)."""
    turn = _lock_open_turn(activity.turn)
    _check_gives_orders(user, turn)
    activity = ArmyActivity.objects.select_for_update().get(pk=activity.pk)
    if activity.status != ActivityStatus.QUEUED:
        raise RuleViolation.single("not_queued", not_queued)
    return turn, activity


@acts_for_user
@transaction.atomic
def activity_change(*, activity: ArmyActivity, user, params: dict | None = None,
                    second: bool | None = None, position: int | None = None) -> ArmyActivity:
    """Change a queued order for `user` (a player of its kingdom or the GM); raises
    NotPermitted, RuleViolation, or TurnLocked once the turn no longer takes orders."""
    turn, activity = _lock_queued(activity, user, _("Only a queued activity can change."))
    given = activity.params
    if params is not None:
        activity.params = params
    if second is not None:
        activity.second = second
    if position is not None:
        activity.position = position
    _validate_order(turn, activity, user, given)
    activity.save()
    _unready(turn)
    return activity


@acts_for_user
@transaction.atomic
def activity_withdraw(*, activity: ArmyActivity, user) -> ArmyActivity:
    """Withdraw a queued order for `user` (a player of its kingdom or the GM); raises
    NotPermitted, RuleViolation, or TurnLocked once the turn no longer takes orders."""
    turn, activity = _lock_queued(activity, user,
                                  _("Only a queued activity can be withdrawn."))
    activity.status = ActivityStatus.WITHDRAWN
    activity.save(update_fields=["status"])
    _unready(turn)
    return activity


def _unready(turn) -> None:
    """Changed orders are no longer the ones the players marked ready."""
    if turn.ready:
        turn.ready = False
        turn.save(update_fields=["ready"])
