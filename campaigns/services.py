"""Writes about campaigns and kingdoms."""
from __future__ import annotations

import datetime
import zoneinfo

from django.db import transaction
from django.utils import timezone

from campaigns import signals
from campaigns.models import (
    Announcement,
    Campaign,
    Kingdom,
    KingdomTurn,
    PlayerPreferences,
    TurnStatus,
)
from campaigns.permissions import check_runs_campaign
from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker.battle.setup import Light


class TurnLocked(Exception):
    """The turn no longer takes orders (the API answers 409 with the deadline)."""

    def __init__(self, turn):
        self.turn = turn
        super().__init__(f"turn {turn.number} of {turn.kingdom} is {turn.status}")


def check_runs_turns(actor, campaign_id: int) -> None:
    """The calendar of a campaign's turns (opening, deadlines, resolving, reopening) is its GM's,
    or the project's own (the nightly resolution opening the next turn, the demo)."""
    check_runs_campaign(actor, campaign_id, "turn_gm_only",
                        _("Only the game master manages the kingdom turns."))


def next_deadline(campaign: Campaign, after: datetime.datetime | None = None) -> datetime.datetime:
    """The campaign's nightly resolution time, `turn_length_days` local days after `after`."""
    zone = zoneinfo.ZoneInfo(campaign.timezone)
    local = (after or timezone.now()).astimezone(zone)
    day = local.date() + datetime.timedelta(days=campaign.turn_length_days)
    return datetime.datetime.combine(day, campaign.nightly_resolution_time, tzinfo=zone)


@transaction.atomic
def turn_open(*, actor, kingdom: Kingdom,
              deadline: datetime.datetime | None = None) -> KingdomTurn:
    """Open the kingdom's next turn (the first one is turn 1), unless one is already open.
    Raises NotPermitted unless `actor` runs the campaign (check_runs_turns)."""
    kingdom = (Kingdom.objects.select_for_update(of=("self",)).select_related("campaign")
               .get(pk=kingdom.pk))
    check_runs_turns(actor, kingdom.campaign_id)
    return turn_open_held(kingdom, deadline=deadline)


def turn_open_held(kingdom: Kingdom, *, deadline: datetime.datetime | None = None
                   ) -> KingdomTurn:
    """turn_open for a kingdom the caller's transaction holds under its row lock (read with its
    campaign), on the system's behalf: a resolved turn opens the next one this way, in the
    turn's transaction, without locking the kingdom again."""
    # An open turn is always the kingdom's last (turns open only here, one after the other), so
    # its last turn says both whether one is open and what the next one's number is.
    last = kingdom.turns.order_by("-number").first()
    turn = next_turn(kingdom, last, deadline=deadline)
    if turn is None:
        assert last is not None
        return last
    turn.save()
    turn_opened(turn)
    return turn


def next_turn(kingdom: Kingdom, last: KingdomTurn | None, *,
              deadline: datetime.datetime | None = None) -> KingdomTurn | None:
    """The turn to open after the kingdom's last turn `last` (unsaved), or None while `last`
    is open. The caller saves it and tells of it (turn_opened)."""
    if last is not None and last.status == TurnStatus.OPEN:
        return None
    after = last.deadline if last is not None and last.deadline > timezone.now() else None
    return KingdomTurn(kingdom=kingdom, number=(last.number + 1) if last else 1,
                       deadline=deadline or next_deadline(kingdom.campaign, after))


def turn_opened(turn: KingdomTurn) -> None:
    signals.turn_opened.send(sender=KingdomTurn, turn=turn)


def deadline_violations(turn: KingdomTurn, deadline: datetime.datetime) -> list[Violation]:
    if turn.status != TurnStatus.OPEN:
        return [Violation("turn_not_open", _("Only an open turn's deadline can move."),
                          "deadline")]
    if deadline <= timezone.now():
        return [Violation("deadline_past", _("The new deadline must be in the future."),
                          "deadline")]
    return []


@transaction.atomic
def turn_extend(*, actor, turn: KingdomTurn, deadline: datetime.datetime) -> KingdomTurn:
    """Move the deadline of a turn that still takes orders (the GM's "extend"); raises
    NotPermitted unless `actor` runs the campaign, RuleViolation as deadline_violations."""
    turn = (KingdomTurn.objects.select_for_update(of=("self",)).select_related("kingdom")
            .get(pk=turn.pk))
    check_runs_turns(actor, turn.kingdom.campaign_id)
    raise_if_any(deadline_violations(turn, deadline))
    turn.deadline = deadline
    turn.save(update_fields=["deadline"])
    return turn


@transaction.atomic
def turn_choose_ruin(*, actor, turn: KingdomTurn, ruin_choice: str) -> KingdomTurn:
    """The GM's choice of the ruin that rises if an army disbands from hunger this turn (blank:
    the lowest); raises NotPermitted unless `actor` runs the campaign."""
    turn = (KingdomTurn.objects.select_for_update(of=("self",)).select_related("kingdom")
            .get(pk=turn.pk))
    check_runs_turns(actor, turn.kingdom.campaign_id)
    if ruin_choice and ruin_choice not in Kingdom.RUIN:
        raise RuleViolation.single("ruin_choice", _("Choose one of the kingdom's ruins."),
                                   "ruin_choice")
    turn.ruin_choice = ruin_choice
    turn.save(update_fields=["ruin_choice"])
    return turn


def turn_set_light(*, actor, turn: KingdomTurn, light: str) -> KingdomTurn:
    """The GM's light and weather for the turn's end (fog of war's Scouting checks); raises
    NotPermitted unless `actor` runs the campaign."""
    turn = (KingdomTurn.objects.select_for_update(of=("self",)).select_related("kingdom")
            .get(pk=turn.pk))
    check_runs_turns(actor, turn.kingdom.campaign_id)
    if light not in {member.value for member in Light}:
        raise RuleViolation.single("light", _("Choose bright light, dim light or darkness."),
                                   "light")
    turn.light = light
    turn.save(update_fields=["light"])
    return turn


def preferences_save(*, user, email_notifications: bool, language: str):
    """Store what the user wants from Muster (their mail, and its language)."""
    preferences, _created = PlayerPreferences.objects.update_or_create(
        user=user, defaults={"email_notifications": email_notifications, "language": language})
    return preferences


# --- the GM's words: announcements and reports' narration --------------------------------------


def check_speaks(actor, campaign_id: int) -> None:
    check_runs_campaign(actor, campaign_id, "words_gm_only",
                        _("Only the campaign's game master writes its announcements and "
                          "narration."))


def _announcement_violations(title: str, body: str) -> list[Violation]:
    required = _("This field is required.")
    return [Violation("required", required, name)
            for name, value in (("title", title), ("body", body)) if not value.strip()]


@transaction.atomic
def announcement_post(*, actor, campaign: Campaign, title: str, body: str) -> Announcement:
    """Post the GM's announcement to the campaign: its players' dashboards show it and, once
    this commits, their mail (and the campaign's chat) tell them."""
    check_speaks(actor, campaign.pk)
    raise_if_any(_announcement_violations(title, body))
    author = actor if getattr(actor, "pk", None) is not None else None
    announcement = Announcement.objects.create(campaign=campaign, title=title.strip(),
                                               body=body, author=author)
    signals.announcement_posted.send(sender=Announcement, announcement=announcement)
    return announcement


@transaction.atomic
def announcement_edit(*, actor, announcement: Announcement, title: str, body: str
                      ) -> Announcement:
    """Mend an announcement's words (nobody is told again)."""
    check_speaks(actor, announcement.campaign_id)
    raise_if_any(_announcement_violations(title, body))
    announcement.title, announcement.body = title.strip(), body
    announcement.save(update_fields=["title", "body"])
    return announcement


def narrate(*, actor, report, campaign_id: int, narration: str) -> None:
    """Set the GM's narration of a turn's or a battle's report, shown to whoever may read it.
    For the reports' own services (turns, battles), which pass the report's campaign."""
    check_speaks(actor, campaign_id)
    report.narration = narration
    report.save(update_fields=["narration"])
