"""Writes about army activities, the orders of a kingdom turn: submit (idempotent per user and
key), change and withdraw them while the turn takes orders. Each checks the order through the
rules and the acting user's permission (captured gear is the GM's), whichever interface sends it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.db.models.functions import Coalesce

from armies.acting import acts_for_user
from armies.choices import ActivityStatus
from armies.models import Army, ArmyActivity
from armies.orders import TURN_ARMY_LISTS, rules_order, situation, turn_army_lists
from campaigns.adapters import MAP_LISTS, map_lists
from campaigns.models import KingdomTurn
from campaigns.permissions import check_plays_kingdom, require_actor
from campaigns.selectors import (
    KINGDOM_LISTS,
    access_shape,
    is_campaign_gm,
    kingdom_lists,
    runs_or_plays_condition,
    shaped_user,
)
from campaigns.services import TurnLocked
from core.compiled import CompiledRead
from core.permissions import NotPermitted
from core.related_rows import json_objects
from core.writes import Writes
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


# The open turn under its row lock, with its kingdom and campaign and whether the user gives its
# orders (runs_or_plays_condition); compiled once (core.compiled): it runs on every submission.
# One row, so not sorted (the turns' default order).
_LOCKED_TURN = CompiledRead(
    lambda turn_id, user_id, shape: KingdomTurn.objects.select_for_update(of=("self",))
    .select_related("kingdom__campaign")
    .annotate(gives_orders=runs_or_plays_condition(shaped_user(user_id, shape), "kingdom__"))
    .filter(pk=turn_id).order_by(),
    turn_id=int, user_id=int)

# The turn's queued orders, the last position any of its orders took (withdrawn ones count), the
# kingdom's lists and the campaign's map; for an order's check (`armies`), the kingdom's armies.
# One row, so not sorted (the turns' default order joined the campaign for its name).
def _turn_orders(armies: bool) -> CompiledRead:
    return CompiledRead(
        lambda turn_id: KingdomTurn.objects.filter(pk=turn_id).order_by().annotate(
            **kingdom_lists("kingdom_id"), **map_lists("kingdom__campaign_id"),
            **(turn_army_lists("kingdom_id") if armies else {}),
            queued=json_objects(ArmyActivity.objects.filter(
                turn_id=OuterRef("pk"), status=ActivityStatus.QUEUED).order_by("position", "id"),
                "id", "kind", "army_id", "second"),
            last_position=Coalesce(Subquery(ArmyActivity.objects.filter(turn_id=OuterRef("pk"))
                                            .order_by("-position").values("position")[:1]), 0),
        ).values("queued", "last_position", *KINGDOM_LISTS, *MAP_LISTS,
                 *(TURN_ARMY_LISTS if armies else ())),
        turn_id=int)


_TURN_ORDERS = {armies: _turn_orders(armies) for armies in (False, True)}

ORDERS_NOT_YOURS = ("orders_not_yours",
                    _("Only the kingdom's players and the game master give its orders."))


def _lock_open_turn(turn: KingdomTurn | int, user, *, armies: bool = True
                    ) -> tuple[KingdomTurn, tuple[act.OrderSlot, ...], int]:
    """The open turn (or the turn of this id) under its row lock with its kingdom and campaign,
    once `user` may give the kingdom's orders (NotPermitted, also when no such turn exists);
    TurnLocked once the turn no longer takes orders. With the turn's queued orders as the slot
    rule reads them and the last position taken (withdrawn orders count), and the kingdom's
    lists, and its armies unless an order's check will not read them (`armies`): two queries."""
    require_actor(user)
    try:
        # A user who sees everything (SYSTEM has no id) reads no id.
        locked: KingdomTurn = _LOCKED_TURN.get(turn_id=turn if isinstance(turn, int) else turn.pk,
                                               user_id=user.pk or 0, shape=access_shape(user))
    except KingdomTurn.DoesNotExist:
        raise NotPermitted.single(*ORDERS_NOT_YOURS) from None
    # Whose orders these are before whether the turn takes them: a locked turn tells nobody else.
    check_plays_kingdom(user, locked.kingdom, *ORDERS_NOT_YOURS,
                        plays=locked.__dict__.pop("gives_orders"))
    if not locked.accepts_orders:
        raise TurnLocked(locked)
    # Read after the lock, in a statement of its own: on PostgreSQL a statement sees the rows
    # committed when it began, so the lock's own statement would miss an order committed by the
    # submission it waited for.
    read = _TURN_ORDERS[armies].get(turn_id=locked.pk)
    queued = tuple(act.OrderSlot(o["id"], act.ActivityKind(o["kind"]), o["army_id"],
                                 bool(o["second"])) for o in read.pop("queued"))
    last_position = read.pop("last_position")
    locked.kingdom.__dict__.update(read)
    return locked, queued, last_position


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


def _validate_order(turn, activity: ArmyActivity, user, queued: tuple[act.OrderSlot, ...],
                    given: dict | None = None) -> None:
    """Check the order as the rules would now, and that `user` may give it; raises RuleViolation
    with every problem. `queued`: the turn's queued orders (_lock_open_turn)."""
    raise_if_any(_permission_violations(turn, activity, user, given))
    kind = act.ActivityKind(activity.kind)
    if kind in act.LEADERSHIP and activity.army_id is not None:
        raise RuleViolation.single("leadership_no_army",
                                   _("A leadership activity is not taken by an army."), "army")
    order = rules_order(activity, campaign_id=turn.kingdom.campaign_id)
    current = situation(turn, with_foreign=kind is act.ActivityKind.OFFENSIVE_GAMBIT)
    # The slot rule needs only who acts and whether it is a second activity, so another order
    # whose parameters no longer convert (a template removed since) does not block this one.
    others = tuple(slot for slot in queued if slot.key != activity.pk)
    violations = act.order_slot_violations(order, others)
    violations += act.order_violations(current, order)
    if violations:
        raise RuleViolation(violations)


@acts_for_user
def activity_submit(*, turn: KingdomTurn | int, user, kind: str, army: Army | int | None = None,
                    params: dict,
                    second: bool = False, idempotency_key: str = "",
                    idempotency_digest: str = "") -> tuple[ArmyActivity, bool]:
    """Queue an order for the turn. With an idempotency key already used by this user, return
    the first activity unchanged (and False: nothing new was created), unless it was first
    used for another request (`idempotency_digest`, a hash of the request): then
    IdempotencyKeyReused. Every interface gets the same replay, a parallel one included. Raises
    NotPermitted unless `user` plays the turn's kingdom or runs the campaign. The turn and the
    army may be given by id (the API's): the rules refuse an army that is not the kingdom's."""
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
def _submit(*, turn: KingdomTurn | int, user, kind: str, army: Army | int | None, params: dict,
            second: bool, idempotency_key: str, idempotency_digest: str
            ) -> tuple[ArmyActivity, bool]:
    # Inside the transaction: on SQLite it begins by taking the write lock, so a retry waiting
    # for the first request's commit reads it here.
    if idempotency_key:
        first = activity_replay(user=user, idempotency_key=idempotency_key,
                                digest=idempotency_digest)
        if first is not None:
            return first, False
    turn, queued, last_position = _lock_open_turn(turn, user)
    activity = ArmyActivity(turn=turn, kind=kind, params=params, second=second,
                            position=last_position + 1, submitted_by=user,
                            idempotency_key=idempotency_key,
                            idempotency_digest=idempotency_digest if idempotency_key else "")
    if isinstance(army, int):
        activity.army_id = army
    else:
        activity.army = army
    _validate_order(turn, activity, user, queued)
    # The order and its history row in one statement on PostgreSQL (core.writes).
    writes = Writes()
    writes.insert([activity], history=True)
    writes.flush()
    _unready(turn)
    return activity, True


def _lock_queued(activity: ArmyActivity, user, not_queued: str, *, armies: bool = True
                 ) -> tuple[KingdomTurn, ArmyActivity, tuple[act.OrderSlot, ...]]:
    """The open turn and the order, locked, once `user` may give the kingdom's orders and the
    order is still queued (`not_queued`: the refusal otherwise); with the turn's queued orders."""
    turn, queued, _last = _lock_open_turn(activity.turn, user, armies=armies)
    activity = ArmyActivity.objects.select_for_update().get(pk=activity.pk)
    if activity.status != ActivityStatus.QUEUED:
        raise RuleViolation.single("not_queued", not_queued)
    return turn, activity, queued


@acts_for_user
@transaction.atomic
def activity_change(*, activity: ArmyActivity, user, params: dict | None = None,
                    second: bool | None = None, position: int | None = None) -> ArmyActivity:
    """Change a queued order for `user` (a player of its kingdom or the GM); raises
    NotPermitted, RuleViolation, or TurnLocked once the turn no longer takes orders."""
    turn, activity, queued = _lock_queued(activity, user,
                                          _("Only a queued activity can change."))
    given = activity.params
    if params is not None:
        activity.params = params
    if second is not None:
        activity.second = second
    if position is not None:
        activity.position = position
    _validate_order(turn, activity, user, queued, given)
    activity.save()
    _unready(turn)
    return activity


@acts_for_user
@transaction.atomic
def activity_withdraw(*, activity: ArmyActivity, user) -> ArmyActivity:
    """Withdraw a queued order for `user` (a player of its kingdom or the GM); raises
    NotPermitted, RuleViolation, or TurnLocked once the turn no longer takes orders."""
    turn, activity, _queued = _lock_queued(activity, user,
                                           _("Only a queued activity can be withdrawn."),
                                           armies=False)
    activity.status = ActivityStatus.WITHDRAWN
    activity.save(update_fields=["status"])
    _unready(turn)
    return activity


def _unready(turn) -> None:
    """Changed orders are no longer the ones the players marked ready."""
    if turn.ready:
        turn.ready = False
        turn.save(update_fields=["ready"])
