"""The GM's dry run: each turn's outcome from the current state, computed without writing any
game data, and committed later with exactly the previewed dice.

A preview is the turn's engine input (built exactly as `resolution._resolve_locked` builds it), a
fresh seed and the outcome; the GM's session keeps only the seed and a fingerprint of the input.
Committing checks the fingerprint again (orders or the kingdom changed: refused, dry run again),
sets the turn's seed and locks it; resolution keeps an existing seed, so it rolls the same dice."""
from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from django.db import transaction
from django.db.models import prefetch_related_objects

from armies.adapters import render_violation
from armies.choices import ACTIVITY_KIND_LABELS
from armies.orders import queued_activities, rules_order, turn_input
from armies.report_text import with_text
from battles.selectors import armies_in_battle_since_last_turn
from campaigns.models import KingdomTurn, TurnStatus
from campaigns.services import check_runs_turns
from rules.data import to_data
from rules.errors import RuleViolation
from rules.kingmaker.activities import ActivityKind
from rules.kingmaker.turn import resolve_turn
from turns import resolution
from turns.reports import report_data

PREVIEWABLE = (TurnStatus.OPEN, TurnStatus.LOCKED)


def session_key(campaign_id: int) -> str:
    return f"gm-dry-run-{campaign_id}"


def previewable_turns(campaign_id: int):
    return (KingdomTurn.objects.filter(kingdom__campaign_id=campaign_id, status__in=PREVIEWABLE)
            .select_related("kingdom__campaign").order_by("kingdom__name", "number"))


def engine_input(turn: KingdomTurn):
    """The engine input, the activities, and the activities that could not be read (skipped,
    as resolution skips them)."""
    activities = queued_activities(turn)
    orders, unreadable = [], []
    for activity in activities:
        try:
            orders.append(rules_order(activity, campaign_id=turn.kingdom.campaign_id))
        except RuleViolation as error:
            unreadable.append({"activity": activity,
                               "errors": [render_violation(v) for v in error.violations]})
    return (turn_input(turn, activities, orders, fought=armies_in_battle_since_last_turn(turn)),
            activities, unreadable)


def fingerprint(data) -> str:
    encoded = json.dumps(to_data(data), sort_keys=True, default=str).encode()
    return hashlib.sha256(encoded).hexdigest()


def _kind_label(kind: str) -> str:
    try:
        return str(ACTIVITY_KIND_LABELS[ActivityKind(kind)])
    except ValueError:
        return kind


def preview(turn: KingdomTurn, seed: int) -> dict[str, Any]:
    """What resolving `turn` with `seed` would do now. Nothing is written: the reads run in a
    transaction that is rolled back."""
    with transaction.atomic():
        data, activities, unreadable = engine_input(turn)
        outcome = resolve_turn(data, seed)
        report = with_text(report_data(data, outcome, {}))
        transaction.set_rollback(True)
    # The page names each order's army: read them in one query, not one an order.
    prefetch_related_objects(activities, "army")
    names = {activity.pk: activity for activity in activities}
    kingdom = report["kingdom"]
    return {
        "turn": turn,
        "seed": seed,
        "fingerprint": fingerprint(data),
        "kingdom": [{"field": field, "before": kingdom["before"][field],
                     "after": kingdom["after"][field], "delta": delta}
                    for field, delta in kingdom["delta"].items()],
        "armies": report["armies"],
        "recruited": report["recruited"],
        "activities": [{"activity": names.get(a["activity"]), "kind": _kind_label(a["kind"]),
                        "status": a["status"],
                        "degree": (a["check"] or {}).get("degree")}
                       for a in report["activities"]],
        "unreadable": unreadable,
        "report": report,
    }


def dry_run(turns) -> dict[str, dict[str, Any]]:
    """Fresh seeds for these turns and the fingerprints of their inputs (what the session keeps)."""
    stored = {}
    for turn in turns:
        seed = secrets.randbits(62)
        with transaction.atomic():
            data, _activities, _unreadable = engine_input(turn)
            transaction.set_rollback(True)
        stored[str(turn.pk)] = {"seed": seed, "fingerprint": fingerprint(data)}
    return stored


class StalePreview(Exception):
    """The orders or the state changed since the dry run (or the turn moved on)."""


def commit(campaign_id: int, stored: dict[str, dict[str, Any]], *, actor) -> list[int]:
    """Lock the previewed turns with their previewed seeds and enqueue their resolution; raises
    NotPermitted unless `actor` runs the campaign, StalePreview, changing nothing, if any turn's
    input differs from the preview's."""
    check_runs_turns(actor, campaign_id)
    with transaction.atomic():
        turns = list(KingdomTurn.objects.select_for_update()
                     .filter(pk__in=[int(pk) for pk in stored], kingdom__campaign_id=campaign_id)
                     .select_related("kingdom__campaign"))
        if len(turns) != len(stored):
            raise StalePreview
        for turn in turns:
            if turn.status not in PREVIEWABLE:
                raise StalePreview
            data, _activities, _unreadable = engine_input(turn)
            if fingerprint(data) != stored[str(turn.pk)]["fingerprint"]:
                raise StalePreview
        for turn in turns:
            turn.seed = stored[str(turn.pk)]["seed"]
            turn.save(update_fields=["seed"])
        return resolution.turns_lock_with_waiting(
            KingdomTurn.objects.filter(pk__in=[turn.pk for turn in turns]))
