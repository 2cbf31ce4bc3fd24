"""Writes about campaigns and kingdoms."""
from __future__ import annotations

import datetime
import zoneinfo

from django.db import transaction
from django.utils import timezone

from campaigns.models import Campaign, Kingdom, KingdomTurn, PlayerPreferences, TurnStatus
from rules.errors import Violation, _, raise_if_any


class TurnLocked(Exception):
    """The turn no longer takes orders (the API answers 409 with the deadline)."""

    def __init__(self, turn):
        self.turn = turn
        super().__init__(f"turn {turn.number} of {turn.kingdom} is {turn.status}")


def next_deadline(campaign: Campaign, after: datetime.datetime | None = None) -> datetime.datetime:
    """The campaign's nightly resolution time, `turn_length_days` local days after `after`."""
    zone = zoneinfo.ZoneInfo(campaign.timezone)
    local = (after or timezone.now()).astimezone(zone)
    day = local.date() + datetime.timedelta(days=campaign.turn_length_days)
    return datetime.datetime.combine(day, campaign.nightly_resolution_time, tzinfo=zone)


@transaction.atomic
def turn_open(*, kingdom: Kingdom, deadline: datetime.datetime | None = None) -> KingdomTurn:
    """Open the kingdom's next turn (the first one is turn 1), unless one is already open."""
    kingdom = (Kingdom.objects.select_for_update(of=("self",)).select_related("campaign")
               .get(pk=kingdom.pk))
    current = kingdom.turns.filter(status=TurnStatus.OPEN).first()
    if current is not None:
        return current
    last = kingdom.turns.order_by("-number").first()
    after = last.deadline if last is not None and last.deadline > timezone.now() else None
    return KingdomTurn.objects.create(
        kingdom=kingdom, number=(last.number + 1) if last else 1,
        deadline=deadline or next_deadline(kingdom.campaign, after))


def deadline_violations(turn: KingdomTurn, deadline: datetime.datetime) -> list[Violation]:
    if turn.status != TurnStatus.OPEN:
        return [Violation("turn_not_open", _("Only an open turn's deadline can move."),
                          "deadline")]
    if deadline <= timezone.now():
        return [Violation("deadline_past", _("The new deadline must be in the future."),
                          "deadline")]
    return []


@transaction.atomic
def turn_extend(*, turn: KingdomTurn, deadline: datetime.datetime) -> KingdomTurn:
    """Move the deadline of a turn that still takes orders (the GM's "extend")."""
    turn = KingdomTurn.objects.select_for_update().get(pk=turn.pk)
    raise_if_any(deadline_violations(turn, deadline))
    turn.deadline = deadline
    turn.save(update_fields=["deadline"])
    return turn


def preferences_save(*, user, email_notifications: bool, language: str):
    """Store what the user wants from Muster (their mail, and its language)."""
    preferences, _created = PlayerPreferences.objects.update_or_create(
        user=user, defaults={"email_notifications": email_notifications, "language": language})
    return preferences
